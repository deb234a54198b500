"""The play scene's log panel: newest line first in bold, older lines muted, scrollable.

It replaces a pygame_gui `UITextBox`, which re-parsed the whole log as HTML after every
action and again after every curtain (about 40 ms for 80 lines, twice when the scroll
bar appeared): most of the time a whole game took.  Here each line is wrapped and
rendered once and kept while it stays in the log, a change of content only re-stacks
cached rows, and the panel is drawn only when it changed: the play scene keeps it in
its backdrop.

Scrolling works as in the text box it replaces: the mouse wheel over the panel, the
arrow buttons at both ends of the bar, a click on the bar's track (a page), and
dragging the thumb.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import pygame

from game.ui.theme import PALETTE, hex_colour, wrap
from rules.core import Event

PADDING = (10, 8)
"""Inside the border: left/right, top/bottom (the text box theme's padding)."""
BAR_WIDTH = 20
LINE_SPACING = 1.3
WHEEL_ROWS = 2
"""Rows one notch of the mouse wheel scrolls."""
RenderedLines = dict[tuple[str, bool, int], list[pygame.Surface]]
"""A log line's rows, rendered, by (text, is the newest, width)."""


class LogPanel:
    """Shows lines (newest first) in `rect` of the logical canvas; the first one stands out."""

    def __init__(self, rect: pygame.Rect, font: pygame.font.Font, bold: pygame.font.Font) -> None:
        self.rect = rect.copy()
        self.font = font
        self.bold = bold
        self.row_height = round(font.get_linesize() * LINE_SPACING)
        self.lines: tuple[str, ...] = ()
        """What the panel shows, newest first."""
        self.empty_text = ""
        self.scroll = 0
        """Pixels of content above the top of the view."""
        self._rows: list[pygame.Surface] = []
        self._row_lines: list[int] = []
        """The line (index in `lines`) each row belongs to."""
        self._wrapped: RenderedLines = {}
        self._texts: dict[int, tuple[Event, str]] = {}
        """Each shown event's line, by the event's id (the event is kept to check it)."""
        self.stale = True
        """Whether the panel changed since it was last drawn (it is drawn onto a cache)."""
        self._mouse = (-1, -1)
        self._grab: int | None = None
        """While the thumb is dragged: the mouse's distance below the thumb's top."""

    # -- content ----------------------------------------------------------------------------

    def show(self, lines: Sequence[str], empty_text: str) -> None:
        """Show `lines` (newest first), or `empty_text` when there are none.

        Unchanged content costs nothing; new content goes back to the top, where the
        newest line is.
        """
        shown = tuple(lines)
        if shown == self.lines and empty_text == self.empty_text:
            return
        self.lines, self.empty_text = shown, empty_text
        self.scroll = 0
        self._layout()

    def show_events(self, events: Sequence[Event], text_of: Callable[[Event], str], empty_text: str) -> None:
        """Show `events` (oldest first) as log lines, newest first, the latest standing out.

        Lines already shown are not translated again (`text_of`): after an action only the
        new events are, and the panel re-stacks rows it has already rendered."""
        texts: dict[int, tuple[Event, str]] = {}
        for event in events:
            shown = self._texts.get(id(event))
            if shown is None or shown[0] is not event:
                shown = (event, text_of(event))
            texts[id(event)] = shown
        self._texts = texts
        self.show([texts[id(event)][1] for event in reversed(events)], empty_text)

    def forget_texts(self) -> None:
        """Translate every line again (the language changed)."""
        self._texts = {}
        self.stale = True

    def reset(self) -> None:
        """Back to the top, nothing held or pointed at: as a new panel would be (after the
        curtain, nothing of the last person's scrolling stays)."""
        self.scroll = 0
        self._grab = None
        self._mouse = (-1, -1)
        self.stale = True

    @property
    def html_text(self) -> str:
        """The content in the markup the former pygame_gui text box was given."""
        if not self.lines:
            return escape(self.empty_text)
        muted = hex_colour(PALETTE["muted"])
        older = "".join(f"<br><font color={muted}>{escape(line)}</font>" for line in self.lines[1:])
        return f"<b>{escape(self.lines[0])}</b>{older}"

    def _layout(self) -> None:
        """Wrap (from the cache) the lines into rows; add the scroll bar when they overflow.

        The width the last layout used is tried first: once the log overflows it keeps
        overflowing, so a new line costs one pass over cached rows.
        """
        full = self._text_width()
        had_bar = self.bar_rect() is not None
        used: RenderedLines = {}
        rows, lines = self._wrap_all(full - BAR_WIDTH if had_bar else full, used)
        if (len(rows) * self.row_height > self._view_height()) != had_bar:
            rows, lines = self._wrap_all(full if had_bar else full - BAR_WIDTH, used)
        # Only what this layout used stays cached: a long game never grows the cache.
        self._wrapped = used
        self._rows, self._row_lines = rows, lines
        self._clamp()
        self.stale = True

    def newest(self) -> pygame.Rect:
        """Where the newest line stands (the latest result: what an overlay leaves in sight)."""
        view = self.rect.inflate(-2 - 2 * PADDING[0], -2 - 2 * PADDING[1])
        rows = len(self._wrapped.get((self.lines[0], True, self._row_width()), ())) if self.lines else 1
        rect = pygame.Rect(view.x, view.y - self.scroll, view.width, max(1, rows) * self.row_height)
        return rect.clip(view)

    def _row_width(self) -> int:
        return self._text_width() - (BAR_WIDTH if self.bar_rect() is not None else 0)

    def _wrap_all(self, width: int, used: RenderedLines) -> tuple[list[pygame.Surface], list[int]]:
        """The rows of every line at `width`, and the line each row belongs to."""
        styled = [(line, index == 0) for index, line in enumerate(self.lines)] or [(self.empty_text, False)]
        rows: list[pygame.Surface] = []
        lines: list[int] = []
        for index, (line, newest) in enumerate(styled):
            key = (line, newest, width)
            wrapped = used.get(key) or self._wrapped.get(key) or self._render(*key)
            used[key] = wrapped
            rows.extend(wrapped)
            lines.extend([index] * len(wrapped))
        return rows, lines

    def line_at(self, pos: tuple[int, int]) -> int | None:
        """The line (index in `lines`) drawn at `pos`, or None (no line there, the scroll bar)."""
        view = self.rect.inflate(-2 - 2 * PADDING[0], -2 - 2 * PADDING[1])
        bar = self.bar_rect()
        if not self.lines or not view.collidepoint(pos) or (bar is not None and bar.collidepoint(pos)):
            return None
        row = (pos[1] - view.top + self.scroll) // self.row_height
        return self._row_lines[row] if 0 <= row < len(self._row_lines) else None

    def _render(self, line: str, newest: bool, width: int) -> list[pygame.Surface]:
        font = self.bold if newest else self.font
        colour = PALETTE["text"] if newest or not self.lines else PALETTE["muted"]
        return [font.render(row, True, colour) for row in wrap(font, line, width)]

    # -- scrolling --------------------------------------------------------------------------

    def _text_width(self) -> int:
        """Inside border and padding; the scroll bar, when there is one, takes its share."""
        return self.rect.width - 2 - 2 * PADDING[0]

    def _view_height(self) -> int:
        return self.rect.height - 2 - 2 * PADDING[1]

    def _content_height(self) -> int:
        return len(self._rows) * self.row_height

    def max_scroll(self) -> int:
        return max(0, self._content_height() - self._view_height())

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def scroll_by(self, pixels: int) -> None:
        before = self.scroll
        self.scroll += pixels
        self._clamp()
        if self.scroll != before:
            self.stale = True

    def bar_rect(self) -> pygame.Rect | None:
        """The scroll bar's whole rectangle (canvas coordinates), when the content overflows."""
        if not self.max_scroll():
            return None
        inner = self.rect.inflate(-2, -2)
        return pygame.Rect(inner.right - BAR_WIDTH, inner.top, BAR_WIDTH, inner.height)

    def _track(self, bar: pygame.Rect) -> pygame.Rect:
        return bar.inflate(0, -2 * BAR_WIDTH)

    def thumb_rect(self, bar: pygame.Rect) -> pygame.Rect:
        track = self._track(bar)
        share = self._view_height() / self._content_height()
        height = max(BAR_WIDTH, round(track.height * share))
        top = track.top + round((track.height - height) * self.scroll / self.max_scroll())
        return pygame.Rect(track.left, top, track.width, height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Wheel, arrows, track and thumb; True when the event was the panel's."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._mouse = event.pos
        if event.type == pygame.MOUSEWHEEL:
            if not self.rect.collidepoint(self._mouse):
                return False
            self.scroll_by(-event.y * WHEEL_ROWS * self.row_height)
            return True
        if event.type == pygame.MOUSEMOTION and self._grab is not None:
            self._drag_to(event.pos[1])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._grab is not None:
            self._grab = None
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._press(event.pos)
            return True
        return False

    def _press(self, pos: tuple[int, int]) -> None:
        bar = self.bar_rect()
        if bar is None or not bar.collidepoint(pos):
            return
        track, thumb = self._track(bar), self.thumb_rect(bar)
        if pos[1] < track.top:
            self.scroll_by(-self.row_height)
        elif pos[1] >= track.bottom:
            self.scroll_by(self.row_height)
        elif thumb.collidepoint(pos):
            self._grab = pos[1] - thumb.top
        else:
            page = self._view_height() - self.row_height
            self.scroll_by(-page if pos[1] < thumb.top else page)

    def _drag_to(self, y: int) -> None:
        bar = self.bar_rect()
        if bar is None or self._grab is None:
            return
        track, thumb = self._track(bar), self.thumb_rect(bar)
        room = track.height - thumb.height
        if room > 0:
            share = (y - self._grab - track.top) / room
            self.scroll_by(round(share * self.max_scroll()) - self.scroll)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Frame, the rows in view and the scroll bar, into `self.rect` of `surface`."""
        self.stale = False
        surface.fill(PALETTE["ink"], self.rect)
        pygame.draw.rect(surface, PALETTE["line"], self.rect, width=1)
        view = self.rect.inflate(-2 - 2 * PADDING[0], -2 - 2 * PADDING[1])
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip))
        for index in range(self.scroll // self.row_height, len(self._rows)):
            y = view.top + index * self.row_height - self.scroll
            if y >= view.bottom:
                break
            surface.blit(self._rows[index], (view.left, y))
        surface.set_clip(clip)
        bar = self.bar_rect()
        if bar is not None:
            self._draw_bar(surface, bar)

    def _draw_bar(self, surface: pygame.Surface, bar: pygame.Rect) -> None:
        pygame.draw.rect(surface, PALETTE["line"], bar, width=1)
        for button, tip, base in (
            (pygame.Rect(bar.topleft, (BAR_WIDTH, BAR_WIDTH)), -4, 3),
            (pygame.Rect((bar.left, bar.bottom - BAR_WIDTH), (BAR_WIDTH, BAR_WIDTH)), 4, -3),
        ):
            pygame.draw.rect(surface, PALETTE["panel"], button)
            pygame.draw.rect(surface, PALETTE["line"], button, width=1)
            x, y = button.center
            arrow = [(x, y + tip), (x - 5, y + base), (x + 5, y + base)]
            pygame.draw.polygon(surface, PALETTE["text"], arrow)
        thumb = self.thumb_rect(bar).inflate(-4, -4)
        pygame.draw.rect(surface, PALETTE["panel"], thumb)
        pygame.draw.rect(surface, PALETTE["line"], thumb, width=1)
