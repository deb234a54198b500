"""Drawing the pieces of Queen of Spies: tokens, skill slots, operative and location cards.

Pure drawing helpers: they take a surface, a rect and what to show, and change nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui.fit import clip_text, explain
from game.ui.theme import OLD_TABLE_TEXT, PALETTE, Colour, text, wrap
from rules.queen_of_spies.content import OperativeCard, Skill, Token

SKILL_COLOUR: dict[Skill, Colour] = {
    Skill.MANIPULATION: (92, 156, 104),
    Skill.INSIGHT: (84, 128, 190),
    Skill.TECH: (188, 78, 70),
}

CELL_COLOUR: dict[str, Colour] = {
    "alice": (212, 166, 86),
    "lily": (200, 200, 214),
    "rose": (200, 110, 128),
    "iris": (136, 112, 196),
    "thistle": (120, 160, 110),
}

TOKEN_FACE: dict[Token, tuple[Colour, str]] = {
    Token.PROGRESS: ((86, 150, 98), "✓"),
    Token.PROGRESS_ALERT: ((170, 140, 60), "✓!"),
    Token.PROGRESS_TIME: ((80, 130, 150), "✓◷"),
    Token.NO_EFFECT: ((90, 96, 110), "–"),
    Token.NO_PROGRESS_TIME: ((70, 100, 130), "◷"),
    Token.ALERT: ((206, 150, 50), "!"),
    Token.TROOP: ((170, 52, 48), "⚔"),
}

Font = Callable[[int, bool], pygame.font.Font]

CHIP_FONT = 14
"""The size of an operative's name on their tab: no smaller, so that it reads at a glance."""
CHIP_HEIGHT = 16
CHIP_SPARE = 6
"""A tab's width beyond its name: the cell's colour and the room at either end."""
CARD_MIN = 100
"""The narrowest card (the Jail's three): a tab across it holds the widest operative's name
at `CHIP_FONT`, and its title ("strażnikiem") fits across it at 14 px."""

ONE_LINE_SHRINK = 1
"""A title on one line shrinks by at most this many points; further, two larger lines read
better (and match the neighbouring cards' titles)."""


@dataclass(frozen=True)
class FittedTitle:
    """A card title made to fit its width: the face to draw it in and its lines."""

    size: int
    bold: bool
    lines: tuple[str, ...]


def _clip(face: pygame.font.Font, line: str, width: int) -> str:
    """`line` cut short with an ellipsis so that it is no wider than `width`."""
    while line and face.size(line + "…")[0] > width:
        line = line[:-1].rstrip()
    return line + "…"


@lru_cache(maxsize=1024)
def cut(face: pygame.font.Font, line: str, width: int) -> str:
    """`line` as it is if it fits `width`, else cut short with an ellipsis (cached: drawn every frame)."""
    return line if face.size(line)[0] <= width else _clip(face, line, width)


@lru_cache(maxsize=1024)
def fit_title(font: Font, title: str, width: int, largest: int, max_lines: int = 2) -> FittedTitle:
    """Fit `title` into `width`: shrink it on one line, then wrap it to `max_lines` lines
    (shrinking again, to the regular weight last), and only then cut it with an ellipsis.

    Cached: the same titles at the same widths are fitted on every layout.
    """
    faces = [(size, True) for size in range(largest, OLD_TABLE_TEXT - 1, -1)] + [(OLD_TABLE_TEXT, False)]
    for size, bold in faces:
        if size >= largest - ONE_LINE_SHRINK and bold and font(size, bold).size(title)[0] <= width:
            return FittedTitle(size, bold, (title,))
    for size, bold in faces:
        face = font(size, bold)
        lines = wrap(face, title, width)
        if len(lines) <= max_lines and all(face.size(line)[0] <= width for line in lines):
            return FittedTitle(size, bold, tuple(lines))
    size, bold = faces[-1]
    face = font(size, bold)
    lines = wrap(face, title, width)
    kept = lines[:max_lines]
    kept[-1] = " ".join(lines[max_lines - 1 :])
    return FittedTitle(size, bold, tuple(cut(face, line, width) for line in kept))


def token(surface: pygame.Surface, font: Font, kind: Token, centre: tuple[int, int], radius: int) -> None:
    """A round success-bag token with its icons."""
    colour, glyph = TOKEN_FACE[kind]
    pygame.draw.circle(surface, (20, 22, 28), (centre[0] + 2, centre[1] + 2), radius)
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, PALETTE["text"], centre, radius, width=2)
    size = max(OLD_TABLE_TEXT, int(radius * (0.9 if len(glyph) > 1 else 1.2)))
    text(surface, font(size, True), glyph, centre, "text", "center")


def marker(surface: pygame.Surface, colour: Colour, centre: tuple[int, int], radius: int = 5) -> None:
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, PALETTE["night"], centre, radius, width=1)


def card_frame(surface: pygame.Surface, rect: pygame.Rect, lit: bool = False, dim: bool = False) -> None:
    """A card on the table: paper-dark face, a brass edge when it can be chosen."""
    face = (34, 38, 48) if not dim else (26, 29, 36)
    pygame.draw.rect(surface, (12, 14, 18), rect.move(3, 3), border_radius=8)
    pygame.draw.rect(surface, face, rect, border_radius=8)
    pygame.draw.rect(
        surface, PALETTE["brass"] if lit else PALETTE["line"], rect, width=2 if lit else 1, border_radius=8
    )


def skill_slot(
    surface: pygame.Surface,
    font: Font,
    rect: pygame.Rect,
    skill: Skill | None,
    need: int,
    have: int,
    lit: bool,
    letter: str = "•",
) -> None:
    """A task: its skill colour and `letter` (the language's initial of the skill), the
    progress it needs, and the progress markers on it."""
    colour = SKILL_COLOUR[skill] if skill is not None else PALETTE["panel_hi"]
    pygame.draw.rect(surface, colour, rect, border_radius=5)
    if lit:
        pygame.draw.rect(surface, PALETTE["brass"], rect.inflate(4, 4), width=2, border_radius=6)
    text(surface, font(OLD_TABLE_TEXT, True), letter, (rect.x + 6, rect.centery), "text", "midleft")
    if skill is None:
        return
    for index in range(need):
        centre = (rect.right - 8 - index * 11, rect.centery)
        filled = index < have
        pygame.draw.circle(surface, PALETTE["text"] if filled else (20, 22, 28), centre, 4)
        pygame.draw.circle(surface, PALETTE["text"], centre, 4, width=1)


def chip_width(font: Font, name: str) -> int:
    """How wide an operative's tab is with their whole name on it."""
    return font(CHIP_FONT, False).size(name)[0] + CHIP_SPARE


def chip(surface: pygame.Surface, font: Font, rect: pygame.Rect, name: str, cell: str, lit: bool) -> None:
    """An operative's card tucked next to a task: a tab with their name, in the cell's colour
    at its edge (a name the tab cannot hold is cut, and shown whole under the pointer)."""
    pygame.draw.rect(surface, (24, 27, 35), rect, border_radius=4)
    pygame.draw.rect(
        surface, CELL_COLOUR.get(cell, PALETTE["line"]), (rect.x, rect.y, 3, rect.height), border_radius=2
    )
    if lit:
        pygame.draw.rect(surface, PALETTE["brass"], rect, width=2, border_radius=4)
    face = font(CHIP_FONT, False)
    clip_text(surface, face, name, (rect.x + 4, rect.centery), rect.width - CHIP_SPARE, "text", "midleft")


def operative_card(
    surface: pygame.Surface,
    font: Font,
    rect: pygame.Rect,
    card: OperativeCard,
    trained: bool,
    selected: bool,
    labels: dict[str, str],
) -> None:
    """An operative in the hand: name and cell band, skill icons (II when trained), Stealth."""
    card_frame(surface, rect, lit=selected)
    band = pygame.Rect(rect.x + 1, rect.y + 1, rect.width - 2, 24)
    pygame.draw.rect(
        surface,
        CELL_COLOUR.get(card.cell, PALETTE["line"]),
        band,
        border_top_left_radius=8,
        border_top_right_radius=8,
    )
    name = fit_title(font, labels["name"], band.width - 10, 14, 1)
    text(surface, font(name.size, name.bold), name.lines[0], (band.x + 6, band.centery), "night", "midleft")
    small = font(OLD_TABLE_TEXT, False)
    text(surface, small, labels["cell"], (rect.x + 6, rect.y + 29), "muted")
    if card.stealth:
        # Beside the cell's name: the word, else its mark; else the mark at the right end
        # of the first skill's row (a long cell name leaves no room for it).
        bold = font(OLD_TABLE_TEXT, True)
        room = rect.width - 18 - small.size(labels["cell"])[0]
        badge = labels["stealth"] if bold.size(labels["stealth"])[0] <= room else "◆"
        place = (
            (rect.right - 6, rect.y + 29) if bold.size(badge)[0] <= room else (rect.right - 6, rect.y + 51)
        )
        shown = text(surface, bold, badge, place, "brass", "topright")
        explain(shown, labels["stealth.tip"])
    y = rect.y + 60
    for skill in card.skills:
        perfected = trained or card.spymaster
        colour = SKILL_COLOUR[skill]
        for step in (1, 2):
            centre = (rect.x + 16 + (step - 1) * 26, y)
            light = step == 2 and not perfected
            if step == 2 and card.training != skill and not card.spymaster:
                continue
            skill_icon(surface, font, centre, colour, labels[f"{skill.value}.letter"], light)
            tip = labels[f"{skill.value}.{step}" + (".light" if light else "")]
            explain(pygame.Rect(centre[0] - 11, centre[1] - 11, 22, 22), tip)
        y += 26
    side = labels["trained"] if trained or card.spymaster else labels["untrained"]
    clip_text(
        surface,
        small,
        side,
        (rect.x + 6, rect.bottom - 8),
        rect.width - 10,
        "text" if trained else "muted",
        "bottomleft",
    )


def skill_icon(
    surface: pygame.Surface,
    font: Font,
    centre: tuple[int, int],
    colour: Colour,
    letter: str,
    light: bool,
) -> None:
    """A skill icon on an operative card: the skill's colour and letter.  The second icon
    of a skill is drawn light until training perfects it (the printed cards' I and II
    marks would read as the Insight letter, and a small "1"/"2" beside the letter did not
    read at all: the pointer over an icon says which it is)."""
    fill = tuple(int(c * 0.45 + 40) for c in colour) if light else colour
    pygame.draw.circle(surface, fill, centre, 12)
    text(surface, font(OLD_TABLE_TEXT, True), letter, centre, "muted" if light else "text", "center")


def paragraph(
    surface: pygame.Surface,
    font: pygame.font.Font,
    content: str,
    rect: pygame.Rect,
    colour: str = "text",
    line_height: int = 0,
) -> int:
    """Wrapped text inside `rect`; returns the y below the last line."""
    step = line_height or font.get_linesize()
    y = rect.y
    for line in wrap(font, content, rect.width):
        if y + step > rect.bottom:
            break
        text(surface, font, line, (rect.x, y), colour)
        y += step
    return y
