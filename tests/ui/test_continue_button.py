"""The menu's Continue button names the game it continues (issue 11, point 10): the game in
progress played last (issue 28, point 4)."""

from __future__ import annotations

from game.app import App
from game.scenes.menu import MenuScene
from game.storage import atomic_write_text, saves_dir
from rules.core import Match
from rules.registry import TITLES
from tests.driver import Driver


def _menu(app: App, driver: Driver) -> MenuScene:
    """The menu as the app shows it, its first frames drawn (Continue is named after the first)."""
    menu = MenuScene(app)
    app.reset(menu)
    driver.frames(2)
    return menu


def _in_progress(title_id: str) -> None:
    title = TITLES[title_id]
    scenario = title.scenarios[0] if title.scenarios else None
    match = Match(title, title.default_options(scenario), seed=1)
    match.act(title.legal_actions(match.state)[0])
    atomic_write_text(saves_dir() / f"{title_id}-20261205-120000.json", match.to_json())


def test_continue_names_the_title_and_the_scenario(app: App, driver: Driver) -> None:
    _in_progress("doppelnull")
    menu = _menu(app, driver)
    assert menu.buttons["continue"].text == "Continue: Agent Doppelnull"


def test_the_richest_label_that_fits_and_the_whole_in_the_tooltip(app: App, driver: Driver) -> None:
    _in_progress("stawka")
    menu = _menu(app, driver)
    # "Stawka — Training 1, stage 1" is too wide for the button: the stage is left for the tooltip.
    assert menu.buttons["continue"].text == "Continue: Stawka — Training 1"
    tip = menu.buttons["continue"].tool_tip_text or ""
    assert "Stawka większa niż życie — Training 1: Meeting, stage 1" in tip and "move 1" in tip


def test_the_stage_is_named_when_the_scenario_leaves_room(app: App, driver: Driver) -> None:
    _in_progress("curfew")
    menu = _menu(app, driver)
    assert menu.buttons["continue"].text == "Continue: Curfew, stage 1"


def test_without_a_game_in_progress_continue_stays_as_it_was(app: App, driver: Driver) -> None:
    menu = _menu(app, driver)
    assert menu.buttons["continue"].text == app.ctx.t("app.menu.continue")
