"""Making a text fit its box: wrap it, then shrink it a little, and only then cut it short.

Names are up to 40 characters (`SeatConfig`) in either language, and six of them may share
a panel; the shell's scenes draw every text that holds a name or a translated sentence
through `fit` so that it never leaves its panel or runs into its neighbour.  A text cut
short is noted in the scene's `HoverTexts`, which shows it whole under the pointer.

A title's table is drawn in parts by `TitleScreen.paint`, which opens `noting` its tips for
the time a part draws: there a text cut short (`clip_text`, `fit_text`, `fit_lines`) and
a symbol's meaning (`explain`) are noted without the drawing code holding the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

import pygame

from game.ui.theme import MIN_TEXT, PALETTE, text, wrap

Font = Callable[[int, bool], pygame.font.Font]

ELLIPSIS = "…"
MIDDLE = {"center": "midtop", "midleft": "topleft", "midright": "topright"}
"""An anchor at the middle of a text, and the one at the top of its first line."""
SHRINK = 3
"""The most points a text shrinks before it is cut: smaller would not read as the same text."""


@dataclass(frozen=True)
class Fitted:
    """A text made to fit: the face to draw it in, its lines, and whether it was cut short."""

    face: pygame.font.Font
    lines: tuple[str, ...]
    cut: bool

    @property
    def height(self) -> int:
        return len(self.lines) * self.face.get_linesize()


class Measure(Protocol):
    """A face that measures a line (a pygame font, or a pygame_gui widget's)."""

    def size(self, text: str, /) -> tuple[int, int]: ...


def clip(face: Measure, line: str, width: int) -> str:
    """`line` as it is if it fits `width`, else cut short with an ellipsis."""
    if face.size(line)[0] <= width:
        return line
    while line and face.size(line + ELLIPSIS)[0] > width:
        line = line[:-1]
    return line.rstrip() + ELLIPSIS


@lru_cache(maxsize=2048)
def fit(
    font: Font,
    content: str,
    width: int,
    size: int,
    bold: bool = False,
    max_lines: int = 1,
    shrink: int = SHRINK,
) -> Fitted:
    """`content` in at most `max_lines` lines no wider than `width`.

    It is wrapped at `size`; when it needs more lines (or a word is wider than `width`)
    it is tried again up to `shrink` points smaller, never below `MIN_TEXT` (issue 11,
    point 7: smaller does not read); past that the smallest face keeps
    `max_lines` lines, the last one (and any word too wide) cut with an ellipsis.
    Cached: scenes fit the same names on every layout.
    """
    floor = getattr(font, "floor", MIN_TEXT)  # a table not yet laid out for MIN_TEXT: its own
    smallest = max(min(size, floor), size - shrink)
    for points in range(size, smallest - 1, -1):
        face = font(points, bold)
        lines = wrap(face, content, width)
        if len(lines) <= max_lines and all(face.size(line)[0] <= width for line in lines):
            return Fitted(face, tuple(lines), cut=False)
    face = font(smallest, bold)
    lines = wrap(face, content, width)
    kept = lines[:max_lines]
    if len(lines) > max_lines:
        kept[-1] = " ".join(lines[max_lines - 1 :])
    return Fitted(face, tuple(clip(face, line, width) for line in kept), cut=True)


class HoverTexts:
    """Texts drawn cut short, by where they were drawn: the pointer over one shows it whole.

    Each scene keeps its own (a curtain must never show what the table below had cut), and
    a part drawn again forgets what it noted before (`forget`).
    """

    def __init__(self) -> None:
        self.cut: dict[tuple[int, int, int, int], str] = {}

    def note(self, rect: pygame.Rect, content: str) -> None:
        self.cut[(rect.x, rect.y, rect.w, rect.h)] = content

    def forget(self, area: pygame.Rect | None = None) -> None:
        """Forget the texts inside `area` (all of them when None)."""
        if area is None:
            self.cut.clear()
            return
        for key in [key for key in self.cut if area.contains(pygame.Rect(key))]:
            del self.cut[key]

    def under(self, point: tuple[int, int]) -> str | None:
        for key, content in self.cut.items():
            if pygame.Rect(key).collidepoint(point):
                return content
        return None

    def draw(self, surface: pygame.Surface, face: pygame.font.Font, point: tuple[int, int]) -> None:
        """The whole text under `point`, in a tooltip beside it (kept on the canvas)."""
        content = self.under(point)
        if content is None:
            return
        lines = wrap(face, content, 560)
        step = face.get_linesize()
        width = max(face.size(line)[0] for line in lines) + 20
        box = pygame.Rect(point[0] + 14, point[1] + 18, width, step * len(lines) + 12)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, PALETTE["panel_hi"], box)
        pygame.draw.rect(surface, PALETTE["line"], box, 1)
        for row, line in enumerate(lines):
            text(surface, face, line, (box.x + 10, box.y + 6 + row * step))


_NOTING: list[HoverTexts] = []
"""Where texts cut short and symbols' meanings go while a table's part draws (innermost last)."""


@contextmanager
def noting(hover: HoverTexts) -> Iterator[None]:
    """While the block runs, what is drawn cut short or `explain`ed is noted in `hover`."""
    _NOTING.append(hover)
    try:
        yield
    finally:
        _NOTING.pop()


def explain(rect: pygame.Rect, content: str) -> None:
    """The pointer over `rect` shows `content` (a symbol's meaning), where a table is drawn."""
    if _NOTING:
        _NOTING[-1].note(rect, content)


def clip_text(
    surface: pygame.Surface,
    face: pygame.font.Font,
    content: str,
    pos: tuple[int, int],
    width: int,
    colour: str = "text",
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw `content` in `face` cut short to `width` if it must be (whole under the pointer); its rect."""
    shown = clip(face, content, width)
    rect = text(surface, face, shown, pos, colour, anchor)
    if shown != content:
        explain(rect, content)
    return rect


def fit_text(
    surface: pygame.Surface,
    font: Font,
    content: str,
    pos: tuple[int, int],
    width: int,
    size: int,
    bold: bool = False,
    colour: str = "text",
    anchor: str = "topleft",
    hover: HoverTexts | None = None,
    max_lines: int = 1,
) -> pygame.Rect:
    """Draw `content` in at most `max_lines` lines of at most `width` pixels (wrapped,
    shrunk, then cut); the rect it covers.  An anchor at the middle ("center", "midleft",
    "midright") centres the lines on `pos`.

    Cut short, it is noted in `hover` (else where the table notes, `noting`), which shows
    it whole under the pointer.
    """
    fitted = fit(font, content, width, size, bold, max_lines)
    if anchor in MIDDLE and len(fitted.lines) > 1:
        pos, anchor = (pos[0], pos[1] - fitted.height // 2), MIDDLE[anchor]
    rect = fit_lines(surface, fitted, pos, colour, anchor)
    if fitted.cut:
        if hover is not None:
            hover.note(rect, content)
        else:
            explain(rect, content)
    return rect


def fit_lines(
    surface: pygame.Surface,
    fitted: Fitted,
    pos: tuple[int, int],
    colour: str = "text",
    anchor: str = "topleft",
    spacing: int = 0,
    hover: tuple[HoverTexts, str] | None = None,
) -> pygame.Rect:
    """Draw the lines of `fitted` one under another from `pos`; the rect they cover.

    `anchor` places each line horizontally ("topleft", "midtop", "topright").  When the
    text was cut short, `hover` (the registry and the whole text) notes it there.
    """
    x, y = pos
    covered = pygame.Rect(x, y, 0, 0)
    step = fitted.face.get_linesize() + spacing
    for row, line in enumerate(fitted.lines):
        rect = text(surface, fitted.face, line, (x, y + row * step), colour, anchor)
        covered = rect if row == 0 else covered.union(rect)
    if fitted.cut and hover is not None:
        hover[0].note(covered, hover[1])
    return covered
