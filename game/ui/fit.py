"""Making a text fit its box: wrap it, then shrink it a little, and only then cut it short.

Names are up to 40 characters (`SeatConfig`) in either language, and six of them may share
a panel; the shell's scenes draw every text that holds a name or a translated sentence
through `fit` so that it never leaves its panel or runs into its neighbour.  A text cut
short is noted in the scene's `HoverTexts`, which shows it whole under the pointer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui.theme import PALETTE, text, wrap

Font = Callable[[int, bool], pygame.font.Font]

ELLIPSIS = "…"
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


def clip(face: pygame.font.Font, line: str, width: int) -> str:
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
    it is tried again up to `shrink` points smaller; past that the smallest face keeps
    `max_lines` lines, the last one (and any word too wide) cut with an ellipsis.
    Cached: scenes fit the same names on every layout.
    """
    smallest = max(1, size - shrink)
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
) -> pygame.Rect:
    """Draw `content` on one line of at most `width` pixels (shrunk, then cut); its rect.

    Cut short, it is noted in `hover`, which shows it whole under the pointer.
    """
    fitted = fit(font, content, width, size, bold)
    rect = text(surface, fitted.face, fitted.lines[0], pos, colour, anchor)
    if fitted.cut and hover is not None:
        hover.note(rect, content)
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
