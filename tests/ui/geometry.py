"""What the shell's scenes draw, as boxes: every text (recorded as it is drawn) and every widget.

`recording` catches every text the app draws through `game.ui.theme.text` (the scenes',
`game.ui.fit`'s and the titles' tables'), placed on the logical canvas, and says for each
whether a title's table drew it; `layout_problems` then says which text leaves its panel,
runs into another text or a widget, and which widget's label does not fit inside it.
Texts drawn on a surface of their own (a board's cached layer, a panel's image) are
recorded where that surface lands on the canvas when their drawing says so
(`game.ui.theme.text_at`), as far as it is seen.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any

import pygame
import pytest
from pygame_gui.core.interfaces import IUIElementInterface
from pygame_gui.elements import UIButton, UILabel

import game.titles  # noqa: F401 - every title's table modules, whose texts are recorded too
from game.scenes import curtain, game_over, load, menu, play_bar, rules_reader, settings, setup
from game.ui import fit, theme
from game.ui.context import LOGICAL_SIZE
from game.ui.title_screen import TitleScreen

DRAWING_MODULES: tuple[ModuleType, ...] = (
    setup,
    play_bar,
    curtain,
    game_over,
    fit,
    menu,
    load,
    settings,
    rules_reader,
)
"""The shell's modules whose `text` draws its texts."""
LABEL_PADDING = 8
"""Room a widget's label leaves at least between itself and the widget's edges."""
LEADING = 2
"""How far two lines' boxes may overlap (their blank space) without their letters touching."""


@dataclass
class Drawn:
    """The texts drawn so far: each once, with its box on the logical canvas."""

    texts: dict[tuple[str, tuple[int, int, int, int]], pygame.Rect] = field(default_factory=dict)
    tables: set[tuple[str, tuple[int, int, int, int]]] = field(default_factory=set)
    """The texts a title's table drew."""
    in_table: int = 0
    """Whether a title's screen is drawing now (how deep)."""

    def add(self, content: str, rect: pygame.Rect, table: bool = False) -> None:
        if content.strip():
            key = (content, (rect.x, rect.y, rect.w, rect.h))
            self.texts[key] = rect
            if table:
                self.tables.add(key)

    def clear(self) -> None:
        self.texts.clear()
        self.tables.clear()

    def boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The shell's texts."""
        return [
            (content, rect) for (content, _), rect in self.texts.items() if (content, _) not in self.tables
        ]

    def table_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The texts a title's table drew."""
        return [(content, rect) for (content, _), rect in self.texts.items() if (content, _) in self.tables]


def _offset(surface: pygame.Surface) -> tuple[int, int] | None:
    """Where `surface` lands on the canvas: the canvas, the scenes' backdrops and the
    tables' layers at the origin, the play scene's status bar at its place; None for a
    surface of its own (a board, a page), which is clipped to its view."""
    size = surface.get_size()
    if size == LOGICAL_SIZE:
        return (0, 0)
    if size == play_bar.STATUS.size:
        return play_bar.STATUS.topleft
    return None


def drawing_modules() -> list[ModuleType]:
    """Every module of the app that draws texts with `game.ui.theme.text` (looked for once:
    every title's table is imported with `game.titles`)."""
    return list({id(module): module for module in (*DRAWING_MODULES, *_table_modules())}.values())


@cache
def _table_modules() -> tuple[ModuleType, ...]:
    return tuple(
        module
        for name, module in list(sys.modules.items())
        if name.startswith("game.") and getattr(module, "text", None) is theme.text
    )


@contextmanager
def recording(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """Record every text the app draws while the block runs; those drawn while a title's
    screen paints its table or what moves on it are the table's."""
    drawn = Drawn()
    for module in drawing_modules():
        real = module.text

        def text(
            surface: pygame.Surface, font: pygame.font.Font, content: str, *args: Any, _real: Any = real
        ) -> pygame.Rect:
            rect: pygame.Rect = _real(surface, font, content, *args)
            offset = _offset(surface)
            if offset is not None:
                drawn.add(content, rect.move(offset), drawn.in_table > 0)
            return rect

        monkeypatch.setattr(module, "text", text)
    monkeypatch.setattr(
        theme, "WATCHERS", [lambda content, rect: drawn.add(content, rect, drawn.in_table > 0)]
    )
    for method in ("paint", "draw_live"):
        real_method = getattr(TitleScreen, method)

        def in_table(screen: TitleScreen, *args: Any, _real: Any = real_method) -> Any:
            drawn.in_table += 1
            try:
                return _real(screen, *args)
            finally:
                drawn.in_table -= 1

        monkeypatch.setattr(TitleScreen, method, in_table)
    yield drawn


@dataclass(frozen=True)
class Widget:
    rect: pygame.Rect
    label: str
    label_width: int
    """The label's width in the widget's own font (0: a widget without one, or a field)."""


def widgets(elements: Iterable[IUIElementInterface]) -> list[Widget]:
    """The scene's widgets (a drop-down's buttons inside it included), visible ones only."""
    found = []
    for element in elements:
        if not element.visible:
            continue
        inner = getattr(element, "elements", None)
        if isinstance(element, UIButton | UILabel):
            width = element.font.size(element.text)[0] if element.text and element.font else 0
            found.append(Widget(element.rect.copy(), element.text, width))
        elif inner is None:
            found.append(Widget(element.rect.copy(), "", 0))
        if inner is not None:
            found.extend(widgets(inner))
    return found


def _overlap(one: pygame.Rect, other: pygame.Rect) -> bool:
    """Whether two texts run into each other: a line's box holds some blank space above and
    below its letters, so lines set closely (overlapping by a pixel or two) do not."""
    common = one.clip(other)
    return common.width > LEADING and common.height > LEADING


def _outer(found: Sequence[Widget]) -> list[Widget]:
    """Widgets not lying inside another (a drop-down's own buttons lie inside it)."""
    return [
        w
        for w in found
        if not any(o is not w and o.rect.contains(w.rect) and o.rect != w.rect for o in found)
    ]


def layout_problems(
    texts: Sequence[tuple[str, pygame.Rect]],
    panels: Sequence[pygame.Rect],
    found: Sequence[Widget],
    boxes: Sequence[pygame.Rect] = (),
) -> list[str]:
    """Every way what is drawn breaks the layout; empty when it holds.

    A text lies wholly inside one of `panels`, overlaps no other text, no widget and
    none of `boxes` (areas drawn by others: a log, a title's table); a widget lies inside
    a panel, overlaps no other widget, and its label fits inside it.
    """
    problems = []
    for index, (content, rect) in enumerate(texts):
        if not any(panel.contains(rect) for panel in panels):
            problems.append(f"{content!r} at {rect} leaves its panel")
        for other, other_rect in texts[index + 1 :]:
            if _overlap(rect, other_rect):
                problems.append(f"{content!r} at {rect} overlaps {other!r} at {other_rect}")
        for widget in found:
            if rect.colliderect(widget.rect):
                problems.append(
                    f"{content!r} at {rect} overlaps the widget {widget.label!r} at {widget.rect}"
                )
        for box in boxes:
            if rect.colliderect(box):
                problems.append(f"{content!r} at {rect} overlaps the area {box}")
    outer = _outer(found)
    for index, widget in enumerate(outer):
        if not any(panel.contains(widget.rect) for panel in panels):
            problems.append(f"the widget {widget.label!r} at {widget.rect} leaves its panel")
        for neighbour in outer[index + 1 :]:
            if widget.rect.colliderect(neighbour.rect):
                overlap = f"{neighbour.label!r} at {neighbour.rect}"
                problems.append(f"the widget {widget.label!r} at {widget.rect} overlaps {overlap}")
    for widget in found:
        padding = LABEL_PADDING if widget.rect.width >= 6 * LABEL_PADDING else 0  # not an arrow button
        if widget.label_width > widget.rect.width - 2 * padding:
            problems.append(f"the label {widget.label!r} does not fit its widget ({widget.rect.width} px)")
    return problems
