"""Where the parts of a town card go: its title, its time, what it does, and the band its
tasks share (issue 11, point 7, and issue 29, point 5: every text at `MIN_TEXT`, 18 px on
the canvas, 14.4 px in a 1280x720 window; the card's effects on the card, not only under
the pointer).

A card's title takes the row beside its time (the time icon and the time markers) when it
fits there in bold on one line; else it wraps over the card's whole width (up to
`TITLE_LINES` lines: a story card in a row of seven is 117 px wide, and "Opuszczony
budynek (tresura gołębi)" needs four there) and the time moves to the card's foot.  A
short card (an item stacked with others, the Workshop) keeps its title beside the time,
in up to two lines, when it fits there whole.

What the card does (success, failure, an item's use) stands above the foot, in full when
it fits, else in its short form, never cut (issue 29, point 4): a card asks for the room
its effects take (`CardFace.need`), and one the table cannot give it keeps them for the
pointer (the card's tooltip).  The tasks share what is left between.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.queen_of_spies import pieces
from game.ui.fit import fit
from game.ui.theme import MIN_TEXT

LINE = 21
"""A line of text at `MIN_TEXT` (DejaVu Sans' line height at 18 px)."""
TITLE_LINES = 4
"""The most lines a card's title wraps to over the card's width before it is cut."""
MARKER = 9
"""The width of one time marker."""
SLOT = pieces.SLOT_HEIGHT
"""A task's slot on a card; on a short card, `SHORT_SLOT`."""
SHORT_SLOT = 21
TAB_GAP = 3
"""Between two operatives' tabs side by side."""
ROW_MOST = 40
"""The tallest a task's row grows to on a tall card."""


@dataclass(frozen=True)
class Effect:
    """What a card does, as it is drawn: a mark ("✓", "✗") in its colour, the whole text,
    a short form for narrow cards, and the sentence the pointer shows."""

    mark: str
    colour: str
    whole: str
    short: str
    tip: str


@dataclass(frozen=True)
class Line:
    """A line of a card's title or effects, where it is drawn."""

    text: str
    pos: tuple[int, int]
    """Top left."""
    colour: str
    mark: str = ""
    tip: str = ""
    """What the pointer over the line shows: a cut title whole; an effect's sentence."""


@dataclass(frozen=True)
class CardFace:
    """Where everything on one card goes."""

    title: tuple[Line, ...]
    title_size: int
    title_bold: bool
    clock: tuple[int, int]
    """The time icon's top right; the time markers run left of it."""
    effects: tuple[Line, ...]
    status: int
    """Where a line about who or what is on the card goes (pigeons, POWs, items used): its top."""
    tasks: pygame.Rect
    """The band the card's task rows share."""
    need: int
    """The lowest the card can be: its title, its tasks' rows, its status line, its
    effects (in the fewest lines they take) and its foot."""
    bare: int
    """The lowest it can be without its effects (then under the pointer only)."""


def card_face(
    font: pieces.Font,
    rect: pygame.Rect,
    title: str,
    clock_text: str,
    markers: int,
    effects: Sequence[Effect],
    rows: Sequence[int],
    status: bool,
    compact: bool,
) -> CardFace:
    """The face of a card of `rect` holding a row for each task (`rows`: the height each
    needs, `row_need`); `status` reserves a line for
    what is on it; `compact`: a short card (an item stacked with others), its title beside
    the time in one or two lines, its operatives' tabs beside their task."""
    pad = 5
    inner = rect.width - 2 * pad
    clock_width = clock_space(font, clock_text, markers)
    beside = pieces.fit_title(font, title, inner - clock_width - 4, MIN_TEXT, 2 if compact else 1)
    top = rect.y + 4
    bottom = rect.bottom - (1 if compact else 3)
    foot: int | None = None
    """The top of the foot row, when the time stands there."""
    if not _cut(beside, title) and (compact or beside.bold):
        fitted, clock = beside, (rect.right - pad, top)
    else:
        fitted = pieces.fit_title(font, title, inner, MIN_TEXT, TITLE_LINES)
        foot = bottom - LINE
        clock = (rect.right - pad, foot)
    face = font(fitted.size, fitted.bold)
    step = face.get_linesize() - 1
    tip = title if _cut(fitted, title) else ""
    title_lines = tuple(
        Line(line, (rect.x + pad, top + row * step), "brass", tip=tip)
        for row, line in enumerate(fitted.lines)
    )
    task_top = top + len(title_lines) * step + 3
    need = sum(rows) + (LINE if status else 0)
    floor = bottom if foot is None else foot
    shown: tuple[Line, ...] | None = None
    fewest: tuple[Line, ...] = ()
    for short, most in EFFECT_FORMS:
        lines = _effect_lines(font, effects, inner, short, most)
        if lines is None:
            continue
        placed = _place(font, lines, rect.x + pad, floor, foot, inner - clock_width - 8)
        if not fewest or len(placed) < len(fewest):
            fewest = placed
        if min((line.pos[1] for line in placed), default=floor) - task_top >= need:
            shown = placed
            break
    lowest = min((line.pos[1] for line in shown or ()), default=floor)
    status_top = lowest - LINE if status else lowest
    gap = 0 if compact else 2
    band = pygame.Rect(rect.x, task_top, rect.width, max(0, status_top - gap - task_top))
    bare = (task_top - rect.y) + sum(rows) + (LINE if status else 0) + gap + (rect.bottom - floor)
    fewest_top = min((line.pos[1] for line in fewest), default=floor)
    need = bare + (floor - fewest_top)
    return CardFace(title_lines, fitted.size, fitted.bold, clock, shown or (), status_top, band, need, bare)


def row_need(compact: bool, tabs: Sequence[int], width: int, slot: int = 0) -> int:
    """How tall a task's row is on a card `width` wide (`compact`: a short card) with the
    operatives' tabs `tabs` wide on it: its slot, and their tabs beside it (a short card's
    half-width slot leaves room for them), else side by side under it, else one under
    another (`slot`: a taller slot, one that says what the card does).  Nobody is cut
    short: a card gives each row what it needs when it can."""
    slot = max(slot, SHORT_SLOT if compact else SLOT)
    if not tabs:
        return slot + (2 if compact else 4)
    across = sum(tabs) + TAB_GAP * (len(tabs) - 1)
    if compact and across <= beside_width(width):
        return slot + 2
    # Under the slot: a pixel's gap, the tabs' rows a pixel apart, two pixels to the next slot.
    if across <= width - 4:
        return slot + 3 + pieces.CHIP_HEIGHT
    return slot + 2 + (pieces.CHIP_HEIGHT + 1) * len(tabs)


def beside_width(width: int) -> int:
    """The room a short card's half-width slot leaves beside it for tabs."""
    return width - (width // 2 - 6) - 5 - 3 - 2


def row_tops(band: pygame.Rect, rows: Sequence[int]) -> list[int]:
    """Where each task's row starts in `band`: each as tall as it needs, and the room left
    shared among them (up to `ROW_MOST` each)."""
    heights = list(rows)
    spare = max(0, band.height - sum(heights)) // max(1, len(heights))
    tops, y = [], band.y
    for height in heights:
        tops.append(y)
        y += max(height, min(ROW_MOST, height + spare))
    return tops


def clock_space(font: pieces.Font, clock_text: str, markers: int) -> int:
    """How wide the time icon and `markers` time markers left of it are."""
    if not clock_text:
        return 0
    return font(MIN_TEXT, True).size(clock_text)[0] + (MARKER * markers + 4 if markers else 0)


def _cut(fitted: pieces.FittedTitle, title: str) -> bool:
    return " ".join(fitted.lines) != title


EFFECT_FORMS = ((False, 2), (True, 2), (False, 3), (True, 3), (True, 4))
"""How a card's effects are tried, in turn: whole or short (True), in up to so many lines
each; the first that leaves the tasks their room is shown, never one cut short.  A card
with no room for any keeps them for the pointer; the town gives each card the room for
the fewest lines when the table has it (`CardFace.need`)."""


def _effect_lines(
    font: pieces.Font, effects: Sequence[Effect], width: int, short: bool, most: int
) -> list[tuple[Effect, str]] | None:
    """Each effect in full or in its short form, in up to `most` lines; None when one does
    not fit (never cut: a long word breaks at the soft hyphens its catalog gives it)."""
    lines: list[tuple[Effect, str]] = []
    for effect in effects:
        content = " ".join(part for part in (effect.mark, effect.short if short else effect.whole) if part)
        fitted = fit(font, content, width, MIN_TEXT, max_lines=most, shrink=0)
        if fitted.cut:
            return None
        lines += [(effect, line) for line in fitted.lines]
    return lines


def _place(
    font: pieces.Font,
    lines: list[tuple[Effect, str]],
    x: int,
    floor: int,
    foot: int | None,
    beside_clock: int,
) -> tuple[Line, ...]:
    """The lines stacked up to `floor`; the last one on the foot row beside the time when
    the time stands there and it is narrow enough."""
    if not lines:
        return ()
    end = floor
    if foot is not None and font(MIN_TEXT, False).size(lines[-1][1])[0] <= beside_clock:
        end = foot + LINE
    first = end - LINE * len(lines)
    return tuple(
        Line(line, (x, first + row * LINE), effect.colour, effect.mark, effect.tip)
        for row, (effect, line) in enumerate(lines)
    )
