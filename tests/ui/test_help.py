"""F1 explains the decision at hand in every title (issue 11, point 5).

That every decision has its prompt and help in both catalogs is checked with everything
else a title needs (`game.title_needs`, tests/test_title_needs.py)."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.i18n import LANGUAGES, catalog
from game.scenes.play import PlayScene
from game.titles import SCREENS
from game.ui.fallback_screen import FallbackScreen
from game.ui.fit import fit
from game.ui.title_screen import TitleScreen
from rules.core import Match
from rules.registry import TITLES
from tests.driver import Driver


@pytest.mark.parametrize("title_id", sorted(TITLES))
def test_every_offered_game_states_its_goal_in_both_languages(app: App, title_id: str) -> None:
    """The header and the help say the goal in one line: a scenario's own, else the title's."""
    title = TITLES[title_id]
    screen = SCREENS.get(title_id, FallbackScreen)
    for scenario in title.scenarios or (None,):
        keys = screen.goal_keys(title_id, scenario)
        for language in LANGUAGES:
            goal = next((catalog(language)[key] for key in keys if key in catalog(language)), None)
            assert goal is not None, f"{title_id} {scenario} ({language})"
            # One line in the header's right half (`PlayScene._render_frame`), uncut.
            assert not fit(app.ctx.font, goal, 1600 // 2 - 48, 15).cut, goal


def test_a_built_free_scenario_states_the_free_scenarios_goal(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.stawka.screen import StawkaScreen
    from rules.stawka import free

    monkeypatch.setattr(free, "choices_of", lambda scenario: object() if scenario == "ours-1a2b3c" else None)
    assert StawkaScreen.goal_keys("stawka", "ours-1a2b3c")[0] == "stawka.goal.free"
    assert StawkaScreen.goal_keys("stawka", "training-1")[0] == "stawka.goal.training-1"


def test_the_header_shows_the_goal_under_the_scenario(
    app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    def header(goal: bool) -> pygame.Surface:
        title = TITLES["stawka"]
        match = Match(title, title.default_options("training-2"), seed=3)
        if not goal:  # the header is drawn once, as the scene opens
            monkeypatch.setattr(TitleScreen, "goal_key", lambda screen: None)
        play = PlayScene(app, match, viewer=match.to_act(), autosave=False)
        app.reset(play)
        driver.frames()
        assert play.screen.goal_key() == ("stawka.goal.training-2" if goal else None)
        return app.canvas.subsurface((800, 32, 800, 26)).copy()

    with_goal, without = header(True), header(False)
    differing = sum(
        with_goal.get_at((x, y)) != without.get_at((x, y)) for x in range(0, 800, 2) for y in range(0, 26, 2)
    )
    assert differing > 200, "the goal line is drawn under the scenario's name"


@pytest.mark.parametrize(
    ("title_id", "kind"), [("stawka", "planning"), ("queen-of-spies", "assign"), ("doppelnull", "starter")]
)
def test_f1_shows_the_help_of_the_decision_at_hand_then_the_tables(
    app: App, driver: Driver, title_id: str, kind: str
) -> None:
    title = TITLES[title_id]
    match = Match(title, title.default_options(title.scenarios[0] if title.scenarios else None), seed=3)
    seat = match.to_act()
    assert seat is not None
    play = PlayScene(app, match, viewer=seat, autosave=False)
    app.reset(play)
    driver.frames()
    keys = play.screen.help_keys()
    goal = play.screen.goal_key()
    assert goal is not None and keys[:2] == (goal, f"{title_id}.help.{kind}")
    before = app.canvas.copy()
    driver.key(pygame.K_F1)
    assert play.help_open
    driver.frames(2)
    assert app.canvas.get_at((800, 300)) != before.get_at((800, 300)), "the help is drawn over the table"
    driver.key(pygame.K_ESCAPE)
    assert not play.help_open
