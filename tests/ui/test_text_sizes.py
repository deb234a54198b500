"""No text below 14 px on the 1600x900 canvas (issue 11, point 7), in every scene of every
title the app offers (tests/ui/gallery.py: menu, load, settings, rules, setup, the tables
at a few moments, game over, the curtain), in English and Polish, with the pointer over a
few spots of each table so that what it shows under the pointer is drawn too.

What is watched is what is rendered: every font the app opens while it is watched renders
through `Watched`, which notes its size and the text.  A text drawn on a surface that is
scaled afterwards (a zoomable board, a figure drawn large and scaled down) is noted at the
size it was rendered at.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.app import App
from game.scenes.play import PlayScene
from game.ui.theme import MIN_TEXT
from tests.ui import gallery
from tests.ui.party_scenes import party_app, show

SMALL: list[tuple[int, str]] = []
"""Texts rendered below `MIN_TEXT` since the scene was shown: (size, text)."""
POINTER = [(x, y) for x in range(60, 1100, 130) for y in range(120, 860, 110)]
"""Where the pointer goes over a table: a grid over the table's part of the canvas."""


class Watched(pygame.font.Font):
    """A font that notes every text it renders below `MIN_TEXT`."""

    def render(self, text: Any, antialias: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        if self.point_size < MIN_TEXT and str(text).strip():
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


@pytest.fixture(scope="module", params=["en", "pl"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    """The app in a language with every font it opens watched (one per language: making an
    app costs more than drawing a scene)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(pygame.font, "Font", Watched)
        forget_cached_drawing()
        with party_app(request.param) as shown:
            yield shown
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
    assert not SMALL, "\n".join(f"{size} px: {content!r}" for size, content in sorted(set(SMALL)))
