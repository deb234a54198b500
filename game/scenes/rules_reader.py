"""The rules reader: each title's rules summary in sections, with a table of contents.

The summary lives in the title's catalog as numbered keys ``<id>.rules.1``,
``<id>.rules.2``... (one key per section, read until a number is missing).  Each key
holds a small markup, one element per line:

- ``# Heading``: the section's heading (its first line; the table of contents lists it);
- ``- text``: a bullet;
- any other line: a paragraph.

The text is wrapped and rendered once per title and language; a frame only blits the
rows that show through the reading panel.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Literal

import pygame
import pygame_gui

from game.ui.fit import clip
from game.ui.naming import known, short_title_name, title_name
from game.ui.scene import Host, Scene
from game.ui.theme import PALETTE, panel, rendered, text, wrap

BlockKind = Literal["heading", "paragraph", "bullet"]

PAGE = pygame.Rect(460, 200, 1060, 650)
"""The reading panel, in logical pixels."""
PADDING_X, PADDING_Y = 30, 22
SCROLLBAR_WIDTH = 8
BULLET_INDENT = 28
WHEEL_STEP = 72
LINE_STEP = 40
MAX_SECTIONS = 60
"""How far the numbered keys are looked up: far beyond any summary."""
CONTENTS_STEP = 34
"""A row of the table of contents, when they all fit above the Back button."""
CONTENTS_BOTTOM = 792
"""Where the table of contents must end: the Back button starts at 800."""
TABS_ROW = 1440
"""The width of the row of title tabs, from the page's left margin to its right one."""
TAB_WIDTH = 306
TAB_GAP = 12
TAB_FONT = 19
"""The tabs' label size (the theme's button font)."""
TAB_PADDING = 14


@dataclass(frozen=True)
class Block:
    kind: BlockKind
    text: str


@dataclass(frozen=True)
class Section:
    heading: str
    blocks: tuple[Block, ...]


def parse_section(source: str) -> Section:
    """One catalog key's markup: a ``# heading`` line, ``- `` bullets, other lines paragraphs."""
    heading = ""
    blocks: list[Block] = []
    for raw in source.split("\n"):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("# "):
            heading = line[2:].strip()
            blocks.append(Block("heading", heading))
        elif line.startswith("- "):
            blocks.append(Block("bullet", line[2:].strip()))
        else:
            blocks.append(Block("paragraph", line))
    return Section(heading, tuple(blocks))


@dataclass(frozen=True)
class Row:
    """One rendered line of the document, at `y` from the document's top."""

    x: int
    y: int
    image: pygame.Surface


Layout = tuple[tuple[Row, ...], tuple[int, ...], int]
"""A rendered document: its rows, the top of each section, and its height."""


class RulesScene(Scene):
    def __init__(self, app: Host, title_id: str | None = None) -> None:
        super().__init__(app)
        from rules.registry import TITLES

        self.title_ids = sorted(TITLES)
        self.title_id = title_id or (self.title_ids[0] if self.title_ids else None)
        self.tabs: dict[pygame_gui.elements.UIButton, str] = {}
        self.contents: dict[pygame_gui.elements.UIButton, int] = {}
        self.back: pygame_gui.elements.UIButton | None = None
        self.sections: tuple[Section, ...] = ()
        self.rows: tuple[Row, ...] = ()
        self.section_tops: tuple[int, ...] = ()
        self.height = 0
        self.scroll = 0
        self._asked: int | None = None
        """The section last chosen in the table of contents (until the reader scrolls)."""
        self._layouts: dict[tuple[str | None, tuple[Section, ...]], Layout] = {}

    # -- content ------------------------------------------------------------------------

    def read_sections(self) -> tuple[Section, ...]:
        """The current title's sections in the current language; () when it has none."""
        if self.title_id is None:
            return ()
        sections: list[Section] = []
        for number in range(1, MAX_SECTIONS + 1):
            source = known(self.ctx, f"{self.title_id}.rules.{number}")
            if source is None:
                break
            sections.append(parse_section(source))
        return tuple(sections)

    def document(self) -> tuple[Section, ...]:
        """What the panel shows: the sections, or one paragraph saying there are none."""
        if self.sections:
            return self.sections
        key = "app.rules.no_titles" if self.title_id is None else "app.rules.missing"
        return (Section("", (Block("paragraph", self.ctx.t(key)),)),)

    def document_text(self) -> str:
        """The panel's text, one block a line (what a reader sees, without the layout)."""
        return "\n".join(block.text for section in self.document() for block in section.blocks)

    def lay_out(self) -> None:
        """Wrap and render the document once per title and language (cached)."""
        document = self.document()
        cache_key = (self.title_id, document)
        if cache_key not in self._layouts:
            self._layouts[cache_key] = self._render(document)
        self.rows, self.section_tops, self.height = self._layouts[cache_key]

    def _render(self, document: tuple[Section, ...]) -> Layout:
        heading_font = self.ctx.font(25, True)
        body_font = self.ctx.font(19, False)
        width = PAGE.width - 2 * PADDING_X - SCROLLBAR_WIDTH
        body_step = round(body_font.get_linesize() * 1.18)
        rows: list[Row] = []
        tops: list[int] = []
        y = 0
        for index, section in enumerate(document):
            if index:
                y += 18
            tops.append(y)
            previous: BlockKind = "heading"
            for block in section.blocks:
                if block.kind == "paragraph" and previous == "bullet":
                    y += 6  # a paragraph after a list stands apart from it
                previous = block.kind
                if block.kind == "heading":
                    image = rendered(heading_font, block.text, PALETTE["brass"])
                    rows.append(Row(0, y, image))
                    y += heading_font.get_linesize() + 2
                    rows.append(Row(0, y, _rule(width)))
                    y += 12
                    continue
                indent = BULLET_INDENT if block.kind == "bullet" else 0
                if block.kind == "bullet":
                    rows.append(Row(8, y, rendered(body_font, "•", PALETTE["brass"])))
                for line in wrap(body_font, block.text, width - indent):
                    rows.append(Row(indent, y, rendered(body_font, line, PALETTE["text"])))
                    y += body_step
                y += 4 if block.kind == "bullet" else 9
        return tuple(rows), tuple(tops), y

    # -- scrolling ----------------------------------------------------------------------

    @property
    def view_height(self) -> int:
        return PAGE.height - 2 * PADDING_Y

    @property
    def max_scroll(self) -> int:
        return max(0, self.height - self.view_height)

    def scroll_to(self, offset: int) -> None:
        self.scroll = max(0, min(self.max_scroll, offset))

    def current_section(self) -> int:
        """The section whose heading is the last one at or above the panel's top."""
        current = 0
        for index, top in enumerate(self.section_tops):
            if top <= self.scroll + 4:
                current = index
        if self._asked is not None and self.scroll >= self.max_scroll:
            # At the bottom a short last section never reaches the top: show what was asked for.
            current = max(current, self._asked)
        return current

    # -- widgets ------------------------------------------------------------------------

    def build(self) -> None:
        t = self.ctx.t
        self.sections = self.read_sections()
        self.lay_out()
        self.scroll_to(self.scroll)
        self.tabs = {}
        names = [title_name(self.ctx, title_id) for title_id in self.title_ids]
        labels = (
            names
            if self._fit(names)
            else [short_title_name(self.ctx, title_id) for title_id in self.title_ids]
        )
        x = 80
        face = self.ctx.font(TAB_FONT, False)
        for title_id, name, label, width in zip(
            self.title_ids, names, labels, self._tab_widths(labels), strict=True
        ):
            shown = clip(face, label, width - 2 * TAB_PADDING)  # whole in the tooltip
            widget = self.button(pygame.Rect(x, 126, width, 50), shown, tooltip=name)
            x += width + TAB_GAP
            if title_id == self.title_id:
                widget.select()
            self.tabs[widget] = title_id
        self.contents = {}
        # The contents fill the column down to the Back button, rows closer when many.
        step = min(CONTENTS_STEP, (CONTENTS_BOTTOM - 200) // max(1, len(self.sections)))
        for index, section in enumerate(self.sections):
            widget = self.button(
                pygame.Rect(80, 200 + index * step, 356, step - 2), section.heading, "#list_entry"
            )
            self.contents[widget] = index
        self._mark_current()
        self.back = self.button(pygame.Rect(80, 800, 200, 50), t("app.back"))

    def _needed(self, names: list[str]) -> tuple[list[int], int]:
        """The widths the tabs' names need (with room around them), and the row's room."""
        face = self.ctx.font(TAB_FONT, False)
        return [face.size(name)[0] + 2 * TAB_PADDING for name in names], TABS_ROW - TAB_GAP * (len(names) - 1)

    def _fit(self, names: list[str]) -> bool:
        needed, room = self._needed(names)
        return sum(needed) <= room

    def _tab_widths(self, names: list[str]) -> list[int]:
        """The title tabs share the row: each as wide as its name needs (with room around
        it), the row's leftover shared out equally, no tab wider than `TAB_WIDTH`.  When the
        titles' names (their short names, `lay_out`) need more than the row, each tab gets
        an equal share of it: a name cut short shows whole in the tab's tooltip."""
        needed, room = self._needed(names)
        if sum(needed) > room:
            return [room // len(names)] * len(names)
        share = (room - sum(needed)) // max(1, len(names))
        return [min(TAB_WIDTH, width + share) for width in needed]

    def _mark_current(self) -> None:
        current = self.current_section()
        for widget, index in self.contents.items():
            if index == current and not widget.is_selected:
                widget.select()
            elif index != current and widget.is_selected:
                widget.unselect()

    def open_section(self, index: int) -> None:
        self.scroll_to(self.section_tops[index])
        self._asked = index
        self._mark_current()

    def scroll_by(self, amount: int) -> None:
        self.scroll_to(self.scroll + amount)
        self._asked = None
        self._mark_current()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element in self.tabs:
                self.title_id = self.tabs[event.ui_element]
                self.scroll = 0
                self._asked = None
                self.rebuild()
            elif event.ui_element in self.contents:
                self.open_section(self.contents[event.ui_element])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * WHEEL_STEP)
        elif event.type == pygame.KEYDOWN:
            page = self.view_height - LINE_STEP
            steps = {
                pygame.K_DOWN: LINE_STEP,
                pygame.K_UP: -LINE_STEP,
                pygame.K_PAGEDOWN: page,
                pygame.K_SPACE: page,
                pygame.K_PAGEUP: -page,
                pygame.K_HOME: -self.height,
                pygame.K_END: self.height,
            }
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in steps:
                self.scroll_by(steps[event.key])

    # -- drawing ------------------------------------------------------------------------

    def still(self) -> Hashable:
        """The page as laid out, where it is scrolled to, and the pointer's tip: reading
        costs no frame while the page stands still."""
        if self.toasts.items:
            return None
        return self.rows, self.scroll, self.app.backdrop, self.app.settings.language, self.tip_look()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.backdrop, (0, 0))
        text(surface, self.ctx.font(34, True), self.ctx.t("app.rules.title"), (80, 70), "brass")
        panel(surface, PAGE, "ink")
        view = pygame.Rect(
            PAGE.x + PADDING_X, PAGE.y + PADDING_Y, PAGE.width - 2 * PADDING_X, self.view_height
        )
        previous_clip = surface.get_clip()
        surface.set_clip(view)
        top, bottom = self.scroll - 40, self.scroll + view.height
        for row in self.rows:
            if top <= row.y <= bottom:
                surface.blit(row.image, (view.x + row.x, view.y + row.y - self.scroll))
        surface.set_clip(previous_clip)
        self._draw_scrollbar(surface)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if self.max_scroll == 0:
            return
        track = pygame.Rect(PAGE.right - 18, PAGE.y + 14, SCROLLBAR_WIDTH, PAGE.height - 28)
        pygame.draw.rect(surface, PALETTE["panel"], track, border_radius=4)
        thumb_height = max(36, track.height * self.view_height // self.height)
        thumb_y = track.y + (track.height - thumb_height) * self.scroll // self.max_scroll
        thumb = pygame.Rect(track.x, thumb_y, track.width, thumb_height)
        pygame.draw.rect(surface, PALETTE["brass_dim"], thumb, border_radius=4)


def _rule(width: int) -> pygame.Surface:
    """The hairline under a section heading."""
    line = pygame.Surface((width, 1))
    line.fill(PALETTE["line"])
    return line
