"""Drawing the pieces of Queen of Spies: tokens, skill slots, operative and location cards.

Pure drawing helpers: they take a surface, a rect and what to show, and change nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui.fit import clip_text, explain, fit
from game.ui.theme import MIN_TEXT, PALETTE, Colour, text, wrap
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

CHIP_FONT = MIN_TEXT
"""The size of an operative's name on their tab: no smaller, so that it reads at a glance."""
CHIP_HEIGHT = 22
CHIP_SPARE = 6
"""A tab's width beyond its name: the cell's colour and the room at either end."""
CARD_MIN = 118
"""The narrowest card (the Jail's three): a tab across it holds the widest operative's name
at `CHIP_FONT`, and its title ("strażnikiem") fits across it at `MIN_TEXT`."""

SLOT_HEIGHT = 22
"""A task's slot on a card (`card_face.SLOT`)."""

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
    faces = [(size, True) for size in range(max(largest, MIN_TEXT), MIN_TEXT - 1, -1)] + [(MIN_TEXT, False)]
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
    size = max(MIN_TEXT, int(radius * (0.9 if len(glyph) > 1 else 1.2)))
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
    middle = rect.y + min(rect.height, SLOT_HEIGHT) // 2  # a tall slot's text starts at its top
    text(surface, font(MIN_TEXT, True), letter, (rect.x + 6, middle), "text", "midleft")
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


@dataclass(frozen=True)
class OperativeFace:
    """Where the parts of an operative's card in the hand go, from its top left: the name
    in the cell's band, the cell's name (a line or two), Stealth beside it or under it, the
    skill icons in rows as many as the card's width holds, and trained or not at its foot."""

    name: FittedTitle
    cell: tuple[str, ...]
    stealth: tuple[str, tuple[int, int], bool] | None
    """The word (or its mark), its top left, and whether it stands in the band."""
    icons: tuple[tuple[Skill, int, bool, tuple[int, int]], ...]
    """Each skill icon: its skill, its level (1, 2), whether drawn light (not yet
    perfected), its centre."""
    side: tuple[str, ...]
    side_top: int
    height: int
    """The lowest the card can be with all of it."""


BAND = 26
"""The height of an operative card's band, its name in it."""
ICON = 23
"""The step between two skill icons on an operative card (each `ICON_RADIUS`)."""
ICON_RADIUS = 11


@lru_cache(maxsize=256)
def operative_face(
    font: Font, card: OperativeCard, width: int, trained: bool, labels: tuple[str, ...]
) -> OperativeFace:
    """An operative's card `width` wide (`labels`: name, cell, Stealth, trained-or-not)."""
    name, cell, stealth, side = labels
    small, bold = font(MIN_TEXT, False), font(MIN_TEXT, True)
    step = small.get_linesize()
    inner = width - 12
    fitted = fit_title(font, name, width - 10, MIN_TEXT, 1)
    cell_lines = tuple(fit(font, cell, inner, MIN_TEXT, max_lines=2, shrink=0).lines)
    y = BAND + 3 + step * len(cell_lines)
    badge = None
    if card.stealth:
        # Beside the cell's name, else in the band beside the operative's name: the word,
        # else its mark (the pointer says what it is).
        word = stealth if bold.size(stealth)[0] <= inner else "◆"
        named = font(fitted.size, fitted.bold).size(fitted.lines[0])[0]
        if small.size(cell_lines[-1])[0] + 8 + bold.size(word)[0] <= inner:
            badge = (word, (width - 6 - bold.size(word)[0], y - step), False)
        else:
            if named + 8 + bold.size(word)[0] > width - 10:
                word = "◆"
            badge = (word, (width - 6 - bold.size(word)[0], (BAND - step) // 2 + 1), True)
    perfected = trained or card.spymaster
    icons = []
    y += 4 + ICON // 2
    x = row = 0
    for skill in card.skills:
        levels = [1, 2] if card.training == skill or card.spymaster else [1]
        if x and x + ICON * len(levels) - 1 > inner:  # a skill's icons stay together on a row
            x, row = 0, row + 1
        for level in levels:
            light = level == 2 and not perfected
            icons.append((skill, level, light, (6 + ICON // 2 + x, y + row * ICON)))
            x += ICON
        x += 4
    rows = row + 1 if icons else 0
    side_lines = tuple(fit(font, side, inner, MIN_TEXT, max_lines=2, shrink=0).lines)
    side_top = y - ICON // 2 + rows * ICON + 2
    height = side_top + step * len(side_lines) + 6
    return OperativeFace(fitted, cell_lines, badge, tuple(icons), side_lines, side_top, height)


def operative_card(
    surface: pygame.Surface,
    font: Font,
    rect: pygame.Rect,
    card: OperativeCard,
    trained: bool,
    selected: bool,
    labels: dict[str, str],
) -> None:
    """An operative in the hand: name and cell band, skill icons (the second light until
    training perfects it), Stealth, and whether trained; trained-or-not stands at the foot."""
    side = labels["trained"] if trained or card.spymaster else labels["untrained"]
    face = operative_face(
        font, card, rect.width, trained, (labels["name"], labels["cell"], labels["stealth"], side)
    )
    card_frame(surface, rect, lit=selected)
    band = pygame.Rect(rect.x + 1, rect.y + 1, rect.width - 2, BAND)
    pygame.draw.rect(
        surface,
        CELL_COLOUR.get(card.cell, PALETTE["line"]),
        band,
        border_top_left_radius=8,
        border_top_right_radius=8,
    )
    name = face.name
    text(surface, font(name.size, name.bold), name.lines[0], (band.x + 5, band.centery), "night", "midleft")
    small = font(MIN_TEXT, False)
    step = small.get_linesize()
    for row, line in enumerate(face.cell):
        text(surface, small, line, (rect.x + 6, rect.y + BAND + 3 + row * step), "muted")
    if face.stealth is not None:
        word, (x, y), in_band = face.stealth
        shown = text(
            surface, font(MIN_TEXT, True), word, (rect.x + x, rect.y + y), "night" if in_band else "brass"
        )
        explain(shown, labels["stealth.tip"])
    for skill, level, light, (x, y) in face.icons:
        centre = (rect.x + x, rect.y + y)
        skill_icon(surface, font, centre, SKILL_COLOUR[skill], labels[f"{skill.value}.letter"], light)
        tip = labels[f"{skill.value}.{level}" + (".light" if light else "")]
        explain(pygame.Rect(centre[0] - ICON_RADIUS, centre[1] - ICON_RADIUS, ICON - 1, ICON - 1), tip)
    top = rect.bottom - 6 - step * len(face.side)
    for row, line in enumerate(face.side):
        text(surface, small, line, (rect.x + 6, top + row * step), "text" if trained else "muted")


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
    pygame.draw.circle(surface, fill, centre, ICON_RADIUS)
    text(surface, font(MIN_TEXT, True), letter, centre, "muted" if light else "text", "center")


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
