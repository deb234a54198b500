"""What the shell's scenes draw, as boxes: every text (recorded as it is drawn) and every widget.

`recording` catches the texts the setup, play, curtain and game-over scenes draw (through
`game.ui.theme.text`, directly or by way of `game.ui.fit`), placed on the logical canvas;
`layout_problems` then says which text leaves its panel, runs into another text or a
widget, and which widget's label does not fit inside it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest
from pygame_gui.core.interfaces import IUIElementInterface
from pygame_gui.elements import UIButton

from game.scenes import curtain, game_over, play, setup
from game.ui import fit
from game.ui.context import LOGICAL_SIZE

DRAWING_MODULES = (setup, play, curtain, game_over, fit)
"""The modules whose `text` draws the shell's texts."""
LABEL_PADDING = 8
"""Room a widget's label leaves at least between itself and the widget's edges."""


@dataclass
class Drawn:
    """The texts drawn so far: each once, with its box on the logical canvas."""

    texts: dict[tuple[str, tuple[int, int, int, int]], pygame.Rect] = field(default_factory=dict)

    def add(self, content: str, rect: pygame.Rect) -> None:
        if content.strip():
            self.texts[(content, (rect.x, rect.y, rect.w, rect.h))] = rect

    def clear(self) -> None:
        self.texts.clear()

    def boxes(self) -> list[tuple[str, pygame.Rect]]:
        return [(content, rect) for (content, _), rect in self.texts.items()]


def _offset(surface: pygame.Surface) -> tuple[int, int]:
    """Where `surface` lands on the canvas: the canvas and the scenes' backdrops at the
    origin, the play scene's status bar at its place."""
    size = surface.get_size()
    if size == LOGICAL_SIZE:
        return (0, 0)
    if size == play.STATUS.size:
        return play.STATUS.topleft
    raise AssertionError(f"a text was drawn on a {size} surface the check does not know")


@contextmanager
def recording(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """Record every text the shell's scenes draw while the block runs."""
    drawn = Drawn()
    for module in DRAWING_MODULES:
        real = module.text

        def text(
            surface: pygame.Surface, font: pygame.font.Font, content: str, *args: Any, _real: Any = real
        ) -> pygame.Rect:
            rect: pygame.Rect = _real(surface, font, content, *args)
            drawn.add(content, rect.move(_offset(surface)))
            return rect

        monkeypatch.setattr(module, "text", text)
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
        if isinstance(element, UIButton):
            width = element.font.size(element.text)[0] if element.text and element.font else 0
            found.append(Widget(element.rect.copy(), element.text, width))
        elif inner is None:
            found.append(Widget(element.rect.copy(), "", 0))
        if inner is not None:
            found.extend(widgets(inner))
    return found


def _outer(found: Sequence[Widget]) -> list[Widget]:
    """Widgets not lying inside another (a drop-down's own buttons lie inside it)."""
    return [
        w
        for w in found
        if not any(o is not w and o.rect.contains(w.rect) and o.rect != w.rect for o in found)
    ]


def layout_problems(
    drawn: Drawn, panels: Sequence[pygame.Rect], found: Sequence[Widget], boxes: Sequence[pygame.Rect] = ()
) -> list[str]:
    """Every way what is drawn breaks the layout; empty when it holds.

    A text lies wholly inside one of `panels`, overlaps no other text, no widget and
    none of `boxes` (areas drawn by others: a log, a title's table); a widget lies inside
    a panel, overlaps no other widget, and its label fits inside it.
    """
    problems = []
    texts = drawn.boxes()
    for index, (content, rect) in enumerate(texts):
        if not any(panel.contains(rect) for panel in panels):
            problems.append(f"{content!r} at {rect} leaves its panel")
        for other, other_rect in texts[index + 1 :]:
            if rect.colliderect(other_rect):
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
