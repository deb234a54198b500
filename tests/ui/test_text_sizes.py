"""No text a person sees below 14 real pixels, in a 1600x900 window and in a 1280x720 one
(issue 11, point 7; issue 29, point 5), in every scene of every
title the app offers (tests/ui/gallery.py: menu, load, settings, rules, setup, the tables
at a few moments, game over, the curtain), in English and Polish, with the pointer over a
few spots of each table so that what it shows under the pointer is drawn too.

What is watched is what is rendered: every font the app opens while it is watched renders
through `Watched`, which notes its size and the text.  A text drawn on a surface that is
scaled afterwards (a zoomable board, a figure drawn large and scaled down) is noted at the
size it was rendered at.

The scenes draw on a 1600x900 canvas that is scaled to the window: in a 1280x720 window a
text rendered at 14 px shows at 11.2 px.  What counts is the size on the screen: the size a
text is rendered at times the window's scale.  The widgets' fonts (pygame_gui's own, not
watched) are checked in the theme they are made from.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.app import App
from game.scenes.play import PlayScene
from game.ui.context import LOGICAL_SIZE
from game.ui.theme import MIN_REAL_TEXT, gui_theme
from game.ui.title_screen import TitleScreen
from tests.ui import gallery
from tests.ui.party_scenes import party_app, show

WINDOWS = ((1600, 900), (1280, 720))
SCALE = [1.0]
"""The watched app's window scale: a canvas pixel is this many pixels on the screen."""
SMALL: list[tuple[int, str]] = []
"""Texts rendered smaller than `MIN_REAL_TEXT` on the screen since the scene was shown:
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


@pytest.fixture(
    scope="module",
    params=[(language, window) for language in ("en", "pl") for window in WINDOWS],
    ids=lambda param: f"{param[0]}-{param[1][0]}x{param[1][1]}",
)
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    """The app in a language and a window with every font it opens watched (one per
    language and window: making an app costs more than drawing a scene)."""
    language, window = request.param
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(pygame.font, "Font", Watched)
        forget_cached_drawing()
        with party_app(language, window) as shown:
            assert shown.window.get_size() == window
            SCALE[0] = shown.viewport.width / LOGICAL_SIZE[0]
            yield shown
    SCALE[0] = 1.0
    forget_cached_drawing()


@pytest.mark.parametrize("scene", list(gallery.SCENES))
def test_no_text_below_the_smallest_size(app: App, scene: str) -> None:
    SMALL.clear()
    shown = show(app, gallery.SCENES[scene])
    if isinstance(shown, PlayScene):
        for point in POINTER:
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
            )
            app.frame(1 / 60)
    assert app.top is shown, "the scene is on top, nothing moved on by itself"
    screen = getattr(shown, "screen", None)
    if isinstance(screen, TitleScreen):  # every table is laid out for MIN_TEXT (issue 29, point 5)
        assert screen.smallest_text * SCALE[0] >= MIN_REAL_TEXT, type(screen).__name__
    assert not SMALL, "\n".join(
        f"{size} px, {size * SCALE[0]:.1f} px on the screen: {content!r}"
        for size, content in sorted(set(SMALL))
    )


def fonts_of(theme: dict[str, Any]) -> dict[str, int]:
    """The size of every font the widgets' theme names, by element."""
    return {element: int(block["font"]["size"]) for element, block in theme.items() if "font" in block}


@pytest.mark.parametrize("window", WINDOWS)
def test_no_widget_text_below_the_smallest_size(window: tuple[int, int]) -> None:
    scale = min(window[0] / LOGICAL_SIZE[0], window[1] / LOGICAL_SIZE[1])
    sizes = fonts_of(gui_theme())
    assert "tool_tip" in sizes and "text_box" in sizes, "the theme names the widgets' fonts"
    small = {element: size for element, size in sizes.items() if size * scale < MIN_REAL_TEXT}
    assert not small, f"on the screen at {window}: {small}"
