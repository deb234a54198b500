"""The Load list and the rules reader, reached from the main menu with clicks."""

from __future__ import annotations

import pytest

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.load import LoadScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.rules_reader import RulesScene
from game.storage import atomic_write_text, saves_dir
from game.ui.naming import known
from rules.core import Match
from tests.driver import Driver
from tests.toy_title import TOY

pytestmark = pytest.mark.usefixtures("toy_registered")


def test_load_opens_a_saved_game_and_marks_a_damaged_one(app: App, driver: Driver) -> None:
    match = Match(TOY, TOY.default_options(), seed=8)
    match.act({"type": "pick", "number": 2})
    atomic_write_text(saves_dir() / "toy-1.json", match.to_json())
    (saves_dir() / "toy-2.json").write_text('{"app": "siatka", "title": "toy"', encoding="utf-8")
    app.reset(MenuScene(app))
    driver.frames()
    driver.click(app.top.buttons["load"])  # type: ignore[attr-defined]
    listing = app.top
    assert isinstance(listing, LoadScene)
    assert len(listing.entries) == 1, "the damaged file is listed but cannot be opened"
    (entry,) = listing.entries
    driver.click(entry)
    curtain = app.top
    assert isinstance(curtain, CurtainScene), "a loaded hot-seat game opens behind the curtain"
    driver.click(curtain.reveal)
    play = app.top
    assert isinstance(play, PlayScene)
    assert play.match.state == match.state and play.match.actions == match.actions


def test_the_rules_reader_shows_each_titles_summary(app: App, driver: Driver) -> None:
    app.reset(MenuScene(app))
    driver.frames()
    driver.click(app.top.buttons["rules"])  # type: ignore[attr-defined]
    reader = app.top
    assert isinstance(reader, RulesScene)
    toy_tab = next(tab for tab, title_id in reader.tabs.items() if title_id == "toy")
    driver.click(toy_tab)
    assert reader.title_id == "toy"
    assert known(app.ctx, "toy.rules.1") is None
    assert reader.document_text() == "This title has no rules summary yet."
    driver.click(reader.back)
    assert isinstance(app.top, MenuScene)
