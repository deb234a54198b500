"""Nothing the shell draws leaves its panel or runs into another text, at six seats with long
names, in English and Polish, in a 1600x900 and a 1280x720 window.

What is checked is what the scenes draw: their texts are recorded as they are drawn
(tests/ui/geometry.py), their widgets read from pygame_gui.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.scenes import game_over, play, setup
from game.scenes.base import Scene
from game.scenes.curtain import CurtainScene
from game.scenes.game_over import GameOverScene
from game.scenes.play import PlayScene, bot_played_match
from game.scenes.setup import SetupScene
from game.ui.context import LOGICAL_SIZE
from rules.registry import TITLES
from tests.ui.geometry import Drawn, layout_problems, recording, widgets
from tests.ui.party_scenes import SCENES, party_app, show

LANGUAGES = ("en", "pl")
WINDOWS = ((1600, 900), (1280, 720))
REAL_TITLES = ("doppelnull", "queen-of-spies", "stawka")


def problems(scene: Scene, drawn: Drawn) -> list[str]:
    """What breaks the layout of `scene`, judged against the panels it draws in."""
    found = widgets(scene.container.elements)
    if isinstance(scene, SetupScene):
        return layout_problems(drawn, [setup.PANEL], found)
    if isinstance(scene, PlayScene):
        panels = [play.HEADER, play.SIDE, play.STATUS]
        return layout_problems(drawn, panels, found, [scene.screen.rect, scene.log_box.rect])
    if isinstance(scene, GameOverScene):
        return layout_problems(drawn, [game_over.HEADER, game_over.SIDE], found, [scene.screen.rect])
    assert isinstance(scene, CurtainScene)
    return layout_problems(drawn, [pygame.Rect((0, 0), LOGICAL_SIZE)], found)


def look(
    make: Callable[[App], Scene], language: str, window: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> list[str]:
    with party_app(language, window) as app, recording(monkeypatch) as drawn:
        scene = show(app, make)
        assert app.top is scene, "the scene is on top, nothing moved on by itself"
        assert drawn.texts, "the scene drew its texts"
        return problems(scene, drawn)


@pytest.mark.parametrize("window", WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("scene", SCENES)
def test_six_long_names_fit_every_scene(
    scene: str, language: str, window: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert look(SCENES[scene], language, window, monkeypatch) == []


def real_setup(title_id: str) -> Callable[[App], Scene]:
    return lambda app: SetupScene(app, title_id)


def real_play(title_id: str) -> Callable[[App], Scene]:
    def make(app: App) -> Scene:
        match = bot_played_match(title_id, None, seed=3, steps=12)
        viewer = match.to_act() or match.seats()[0]
        return PlayScene(app, match, viewer=viewer, autosave=False)

    return make


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("title_id", REAL_TITLES)
def test_the_titles_setup_and_play_scenes_fit(
    title_id: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert title_id in TITLES
    for make in (real_setup(title_id), real_play(title_id)):
        assert look(make, language, WINDOWS[0], monkeypatch) == []


def test_the_check_sees_a_text_leave_its_panel_and_overlap_another(monkeypatch: pytest.MonkeyPatch) -> None:
    with party_app("en") as app, recording(monkeypatch) as drawn:
        scene = show(app, SCENES["setup"])
        canvas = app.canvas
        setup.text(canvas, app.ctx.font(20, False), "Out of the panel", (setup.PANEL.right - 10, 300))
        setup.text(canvas, app.ctx.font(20, False), "Over the title", (setup.LEFT + 5, setup.PANEL.y + 115))
        found = problems(scene, drawn)
    assert any("'Out of the panel'" in problem and "leaves its panel" in problem for problem in found)
    assert any("'Over the title'" in problem and "overlaps" in problem for problem in found)
