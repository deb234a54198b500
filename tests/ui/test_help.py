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
from game.ui.fit import SHRINK, fit
from game.ui.theme import MIN_TEXT
from game.ui.title_screen import TitleScreen
from rules.core import Match
from rules.registry import TITLES
from tests.driver import Driver


@pytest.mark.parametrize("title_id", sorted(TITLES))
def test_every_offered_game_states_its_goal_in_both_languages(app: App, title_id: str) -> None:
    """The header and the help say the goal: a scenario's own, else the title's."""
    title = TITLES[title_id]
    screen = SCREENS.get(title_id, FallbackScreen)
    for scenario in title.scenarios or (None,):
        keys = screen.goal_keys(title_id, scenario)
        for language in LANGUAGES:
            goal = next((catalog(language)[key] for key in keys if key in catalog(language)), None)
            assert goal is not None, f"{title_id} {scenario} ({language})"
            # Two lines of the header's right half at 18 px or more (`PlayBar.draw_frame`), uncut.
            assert not fit(app.ctx.font, goal, 1600 // 2 - 48, MIN_TEXT + SHRINK, max_lines=2).cut, goal


def test_a_built_free_scenario_states_the_free_scenarios_goal(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.stawka.screen import StawkaScreen
    from rules.stawka import free

    monkeypatch.setattr(free, "choices_of", lambda scenario: object() if scenario == "ours-1a2b3c" else None)
    assert StawkaScreen.goal_keys("stawka", "ours-1a2b3c")[0] == "stawka.goal.free"
    assert StawkaScreen.goal_keys("stawka", "training-1")[0] == "stawka.goal.training-1"


def test_the_header_shows_the_goal_right_of_the_title_and_scenario(
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
        return app.canvas.subsurface((800, 0, 800, 60)).copy()

    with_goal, without = header(True), header(False)
    differing = sum(
        with_goal.get_at((x, y)) != without.get_at((x, y)) for x in range(0, 800, 2) for y in range(0, 60, 2)
    )
    assert differing > 200, "the goal is drawn in the header's right half"


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


STAWKA_BRIEFS = (
    "planning",
    "activation",
    "placement",
    "search",
    "reaction_window",
    "reaction_block",
    "threat_place",
    "threat_trigger",
    "support",
)
"""Stawka's steps whose F1 opens on three lines (issue 30, point 6)."""


def test_stawkas_main_steps_have_three_lines_in_both_languages() -> None:
    for kind in STAWKA_BRIEFS:
        for language in LANGUAGES:
            for part in ("do", "cost", "risk"):
                key = f"stawka.help.{kind}.{part}"
                assert key in catalog(language), f"{key} ({language})"


def test_f1_in_stawka_shows_the_steps_three_lines_first_then_more(app: App, driver: Driver) -> None:
    """What to do, what it costs, what can go wrong; "More" (or M) for the whole rule."""
    from rules.core import SeatConfig

    title = TITLES["stawka"]
    seats = {"polish": SeatConfig(name="Ola"), "german": SeatConfig(bot="easy")}
    scene = PlayScene(app, Match(title, title.make_options("training-1", seats, {}), 3), autosave=False)
    app.reset(scene)
    driver.frames(2)
    driver.key(pygame.K_F1)
    t = app.ctx.t
    assert scene.help_open and not scene.help_more
    brief = scene.screen.help_brief()
    assert brief == tuple(t(f"stawka.help.planning.{part}") for part in ("do", "cost", "risk"))
    more = scene.help_more_button()
    assert more is not None
    driver.click_at(more.center)
    assert scene.help_open and scene.help_more, "More shows the whole rule, the help stays open"
    driver.key(pygame.K_m)
    assert scene.help_open and not scene.help_more, "M goes back to the three lines"
    driver.key(pygame.K_F1)
    assert not scene.help_open


def test_a_step_without_three_lines_opens_on_the_whole_help(app: App, driver: Driver) -> None:
    from rules.core import SeatConfig

    title = TITLES["doppelnull"]
    seats = {"male": SeatConfig(name="Ola"), "female": SeatConfig(bot="random")}
    scene = PlayScene(app, Match(title, title.make_options(None, seats, {}), 3), autosave=False)
    app.reset(scene)
    driver.frames(2)
    driver.key(pygame.K_F1)
    assert scene.help_open and scene.screen.help_brief() is None and scene.help_more_button() is None
