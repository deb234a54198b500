"""Issue 28, point 4: nothing a person played is lost.  Every game has its own save file
from its first move; New game never removes another; the Load list shows the games in
progress first (marked, with whose turn); Continue resumes the one played last; a disk
that refuses never stops a game."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.app import App
from game.saves import latest_in_progress, listed_saves, new_save_path
from game.scenes.curtain import CurtainScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.storage import atomic_write_text, autosave_path, saves_dir
from rules.core import Match, SeatConfig
from rules.core.match import SAVE_HEAD_BYTES
from tests.driver import Driver
from tests.toy_title import TOY
from tests.trust.conftest import Disk
from tests.ui.test_load_list import shown_rows
from tests.ui.test_play import fallback_button

pytestmark = pytest.mark.usefixtures("toy_registered")


def toy_started_from_the_menu(driver: Driver) -> PlayScene:
    """Main menu -> New game -> the toy against the computer, and the person's first move."""
    setup = driver.new_game("toy")
    driver.click(setup.start)
    play = driver.app.top
    assert isinstance(play, PlayScene)
    driver.click_at(fallback_button(play, {"type": "pick", "number": 1}))
    return play


def test_a_new_game_never_removes_an_unfinished_one(app: App, driver: Driver) -> None:
    first = toy_started_from_the_menu(driver)
    first_file, first_moves = first.save_path, list(first.match.actions)
    assert first_file is not None and first_file.is_file(), "its own file from its first move"
    second = toy_started_from_the_menu(driver)  # the menu's New game, the first one unfinished
    assert second.save_path is not None and second.save_path != first_file
    assert {save.path for save in listed_saves()} == {first_file, second.save_path}
    again = Match.from_json(first_file.read_bytes(), titles={TOY.id: TOY})
    assert again.actions == first_moves and again.to_act() is not None, "the first game waits, unfinished"

    driver.click(second.controls["menu"])
    resumed = driver.from_menu("continue")
    assert isinstance(resumed, PlayScene) and resumed.save_path == second.save_path, "the one played last"
    assert resumed.match.state == second.match.state


def finished_toy_game() -> Match:
    match = Match(TOY, TOY.default_options(), seed=4)
    while match.to_act() is not None:
        match.act(TOY.legal_actions(match.state)[-1])  # a pick, then its confirmation
    return match


def toy_in_progress(name: str, moves: int = 1) -> Match:
    seats = {"odd": SeatConfig(name=name), "even": SeatConfig(name="Ewa")}
    match = Match(TOY, TOY.options_model(seats=seats), seed=5)
    for _ in range(moves):
        match.act(TOY.legal_actions(match.state)[0])
    return match


def written(name: str, match: Match | str, minute: int) -> Path:
    path = saves_dir() / name
    atomic_write_text(path, match if isinstance(match, str) else match.to_json())
    os.utime(path, (1_700_000_000 + 60 * minute,) * 2)
    return path


def test_the_load_list_shows_games_in_progress_first_and_continue_opens_the_latest(
    app: App, driver: Driver
) -> None:
    finished = finished_toy_game()
    older_save = json_without_status(toy_in_progress("Stary"))
    written("toy-old-version.json", older_save, minute=9)  # says nothing of being over
    written("toy-finished.json", finished, minute=8)  # the newest of the games: over
    written("toy-ola.json", toy_in_progress("Ola"), minute=5)
    written("toy-ania.json", toy_in_progress("Ania", moves=2), minute=7)
    assert [save.path.name for save in listed_saves()][:2] == ["toy-old-version.json", "toy-finished.json"]

    listing = driver.load_list()
    rows = shown_rows(listing)
    assert [name for name, _ in rows] == [
        "toy-ania.json",
        "toy-ola.json",
        "toy-old-version.json",
        "toy-finished.json",
    ], "the games in progress first, each part newest first"
    ania = toy_in_progress("Ania", moves=2)
    turn = "Ania" if ania.to_act() == "odd" else "Ewa"
    assert f"Ania, Ewa · {turn} to play · move 2 · " in rows[0][1]
    assert "Ola, Ewa · Ola to play · move 1 · " in rows[1][1]
    assert "in progress" not in rows[2][1] and "finished" not in rows[2][1], "an older save says nothing"
    assert " · finished · move " in rows[3][1]

    assert latest_in_progress() == saves_dir() / "toy-ania.json"
    resumed = driver.from_menu("continue")
    assert isinstance(resumed, (PlayScene, CurtainScene)), "a hot-seat game opens behind the curtain"
    play = next(scene for scene in app.scenes if isinstance(scene, PlayScene))
    assert play.save_path == saves_dir() / "toy-ania.json" and len(play.match.actions) == 2


def json_without_status(match: Match) -> str:
    """`match` saved as versions before issue 28 saved it: nothing says whether it is over."""
    import json

    record = json.loads(match.to_json())
    del record["over"], record["to_act"]
    return json.dumps(record)


def test_continue_is_off_when_every_game_is_finished(app: App, driver: Driver) -> None:
    written("toy-finished.json", finished_toy_game(), minute=1)
    menu = MenuScene(app)
    app.reset(menu)
    driver.frames(2)
    assert not menu.buttons["continue"].is_enabled
    assert latest_in_progress() is None


def test_whether_a_game_is_over_comes_within_the_first_bytes_of_its_save() -> None:
    """The Load list reads `SAVE_HEAD_BYTES` of each file to sort a thousand saves: the
    status must be there even with six long names and PINs in the options."""
    for match in (toy_in_progress("x" * 40), finished_toy_game()):
        head = match.to_json().encode("utf-8")[:SAVE_HEAD_BYTES]
        status = Match.status(head)
        assert status is not None and status.title == "toy"
        assert status.over is (match.to_act() is None)
        assert status.to_act == match.to_act()
    assert Match.status(b"[1, 2, 3]") is None and Match.status(b"{not json") is None
    assert Match.status(b'{"schema_version": 2, "title": "toy", "over": false}') is None


def test_a_new_game_on_a_read_only_disk_goes_on_and_says_so(app: App, driver: Driver, disk: Disk) -> None:
    disk.read_only()
    seats = {"odd": SeatConfig(name="Ola"), "even": SeatConfig(name="Bot", bot="random")}
    play = PlayScene(app, Match(TOY, TOY.options_model(seats=seats), seed=3))
    app.reset(play)
    driver.frames()
    play.submit(TOY.legal_actions(play.match.state)[0])
    play.submit(TOY.legal_actions(play.match.state)[0])
    assert len(play.match.actions) == 2, "the game went on"
    told = [toast.text for toast in app.top.toasts.items]
    assert len(told) == 1 and told[0].startswith("Saving failed (")
    disk.writable()
    play.submit(TOY.legal_actions(play.match.state)[0])
    assert play.save_path is not None and play.save_path.is_file()
    assert len(Match.from_json(play.save_path.read_bytes(), titles={TOY.id: TOY}).actions) == 3


def test_an_autosave_of_an_earlier_version_opens_and_goes_on_in_its_own_file(
    app: App, driver: Driver
) -> None:
    legacy = written(autosave_path().name, json_without_status(toy_in_progress("Ola")), minute=1)
    listing = driver.load_list()
    driver.click(next(iter(listing.entries)))
    play = next(scene for scene in app.scenes if isinstance(scene, PlayScene))
    assert play.save_path == legacy
    second = new_save_path("toy")
    assert second != legacy and second.parent == saves_dir()
