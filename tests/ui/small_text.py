"""Watching the size texts are rendered at (issue 11, point 7; issue 29, point 5): no text a
person sees below `MIN_REAL_TEXT` real pixels.

What is watched is what is rendered: every font the app opens while it is watched renders
through `Watched`, which notes its size and the text.  A text drawn on a surface that is
scaled afterwards (a zoomable board, a figure drawn large and scaled down) is noted at the
size it was rendered at.

The scenes draw on a 1600x900 canvas that is scaled to the window: in a 1280x720 window a
text rendered at 14 px shows at 11.2 px.  What counts is the size on the screen: the size a
text is rendered at times the window's scale (`SCALE`).

tests/ui/test_layout_fits.py draws every scene of every title once and checks there both
that its texts fit and that none is too small (tests/ui/test_text_sizes.py: the widgets'
fonts, and that the watch sees a small text).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest

from game.app import App
from game.scenes.play import PlayScene
from game.ui.context import LOGICAL_SIZE
from game.ui.scene import Scene
from game.ui.theme import MIN_REAL_TEXT
from game.ui.title_screen import TitleScreen

SCALE = [1.0]
"""The watched app's window scale: a canvas pixel is this many pixels on the screen."""
SMALL: list[tuple[int, str]] = []
"""Texts rendered smaller than `MIN_REAL_TEXT` on the screen since `SMALL` was cleared:
(size rendered at, text)."""
POINTER = [(x, y) for x in range(60, 1100, 130) for y in range(120, 860, 110)]
"""Where the pointer goes over a table: a grid over the table's part of the canvas."""


class Watched(pygame.font.Font):
    """A font that notes every text it renders smaller than `MIN_REAL_TEXT` on the screen."""

    def render(self, text: Any, antialias: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        if self.point_size * SCALE[0] < MIN_REAL_TEXT and str(text).strip():
            SMALL.append((self.point_size, str(text)))
        return super().render(text, antialias, *args, **kwargs)


def forget_cached_drawing() -> None:
    """Drop what the app's modules cached (rendered texts, fonts, pictures of cards), so that
    all of it is rendered again by watched fonts."""
    for name, module in list(sys.modules.items()):
        if name.startswith("game."):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", None) == name:
                    clear()


@contextmanager
def watching_fonts() -> Iterator[None]:
    """Every font opened in the block is `Watched`; what was cached before is drawn again."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(pygame.font, "Font", Watched)
        forget_cached_drawing()
        try:
            yield
        finally:
            SCALE[0] = 1.0
            forget_cached_drawing()


def watch_scale(app: App) -> None:
    """Small means small in `app`'s window from now on."""
    SCALE[0] = app.viewport.width / LOGICAL_SIZE[0]


def sweep_the_pointer(app: App, scene: Scene) -> None:
    """Over a table, the pointer goes over a few spots, so that what it shows there is drawn."""
    if isinstance(scene, PlayScene):
        for point in POINTER:
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
            )
            app.frame(1 / 60)


def too_small(scene: Scene) -> list[str]:
    """What `scene` rendered below the smallest size since `SMALL` was cleared; a title's table
    says it is laid out for `MIN_TEXT` (issue 29, point 5)."""
    found = [f"{size} px, {size * SCALE[0]:.1f} px on screen: {text!r}" for size, text in sorted({*SMALL})]
    screen = getattr(scene, "screen", None)
    if isinstance(screen, TitleScreen) and screen.smallest_text * SCALE[0] < MIN_REAL_TEXT:
        found.insert(0, f"{type(screen).__name__} is laid out for {screen.smallest_text} px")
    return found
