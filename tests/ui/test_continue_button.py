"""The menu's Continue button names the game it continues (issue 11, point 10)."""

from __future__ import annotations

from game.app import App
from game.scenes.menu import MenuScene
from game.storage import atomic_write_text, autosave_path
from rules.core import Match
from rules.registry import TITLES
from tests.driver import Driver


def _autosave(title_id: str) -> None:
    title = TITLES[title_id]
    scenario = title.scenarios[0] if title.scenarios else None
    match = Match(title, title.default_options(scenario), seed=1)
    match.act(title.legal_actions(match.state)[0])
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(autosave_path(), match.to_json())


def test_continue_names_the_title_and_the_scenario(app: App, driver: Driver) -> None:
    _autosave("doppelnull")
    menu = MenuScene(app)
    app.reset(menu)
    driver.frames(2)
    assert menu.buttons["continue"].text == "Continue: Agent Doppelnull"


def test_a_long_name_is_cut_and_whole_in_the_tooltip(app: App, driver: Driver) -> None:
    _autosave("stawka")
    menu = MenuScene(app)
    app.reset(menu)
    driver.frames(2)
    shown = menu.buttons["continue"].text
    assert shown.startswith("Continue: Stawka") and shown.endswith("…")
    tip = menu.buttons["continue"].tool_tip_text or ""
    assert "Training 1" in tip and "move 1" in tip


def test_without_an_autosave_continue_stays_as_it_was(app: App, driver: Driver) -> None:
    menu = MenuScene(app)
    app.reset(menu)
    driver.frames(2)
    assert menu.buttons["continue"].text == app.ctx.t("app.menu.continue")
