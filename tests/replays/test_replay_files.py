"""Replay files (issue 32, point 3): export leaves out the PINs; import refuses what loading
refuses, and changes nothing then."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.app import App
from game.replays import export_replay, import_replay, importable, read_game, shared
from game.scenes.replay_import import ImportScene
from game.storage import atomic_write_text, saves_dir
from rules.core import Match, SaveError, SeatConfig
from rules.core.model import hash_pin
from rules.core.replay import state_digest
from tests.driver import Driver
from tests.replays.test_replay_command import a_game, spoilt_versions


def with_pins(match: Match) -> Match:
    seats = {
        seat: SeatConfig(name=f"Person {index}", pin=hash_pin("1234"))
        for index, seat in enumerate(match.seats())
    }
    options = match.options.model_copy(update={"seats": seats})
    again = Match(match.title, options, match.seed, match.dice)
    for action in match.actions:
        again.act(action)
    again.pin_misses = {match.seats()[0]: 3}
    return again


def test_an_exported_replay_has_the_game_the_names_and_no_pins() -> None:
    match = with_pins(a_game())
    path = export_replay(match)
    assert path.parent.name == "replays" and path in importable()
    text = path.read_text(encoding="utf-8")
    assert "pbkdf2" not in text and '"pin_misses":{}' in text
    again = read_game(path)
    assert state_digest(again.title, again.state) == state_digest(match.title, match.state)
    assert [again.typed_name(seat) for seat in again.seats()] == ["Person 0", "Person 1"]
    assert match.options.seats[match.seats()[0]].pin is not None  # the game's own is untouched
    assert shared(match).options.seats[match.seats()[0]].pin is None


def test_an_unfinished_game_is_not_exported() -> None:
    with pytest.raises(SaveError) as refused:
        export_replay(a_game(limit=10))
    assert refused.value.key == "replay.unfinished"


def test_import_copies_a_finished_game_into_the_saves(tmp_path: Path) -> None:
    match = with_pins(a_game())
    received = tmp_path / "from-a-friend.json"
    received.write_text(shared(match).to_json(), encoding="utf-8")
    saved = import_replay(received)
    assert saved.parent == saves_dir() and saved.exists()
    assert state_digest(match.title, read_game(saved).state) == state_digest(match.title, match.state)


@pytest.mark.parametrize("spoilt", ["damaged", "an illegal move", "altered", "too deep", "not ours"])
def test_import_refuses_what_loading_refuses_and_writes_nothing(spoilt: str, tmp_path: Path) -> None:
    received = tmp_path / "hostile.json"
    received.write_text(spoilt_versions(a_game().to_json())[spoilt], encoding="utf-8")
    before = sorted(os.listdir(saves_dir()))
    with pytest.raises(SaveError):
        import_replay(received)
    assert sorted(os.listdir(saves_dir())) == before


def test_import_refuses_an_unfinished_game(tmp_path: Path) -> None:
    received = tmp_path / "going.json"
    received.write_text(a_game(limit=10).to_json(), encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        import_replay(received)
    assert refused.value.key == "replay.unfinished"
    assert os.listdir(saves_dir()) == []


def test_export_and_import_from_the_load_list(app: App, driver: Driver, tmp_path: Path) -> None:
    """Export writes the finished game's replay file (an unfinished game's Export is off);
    Import lists the replays folder, refuses a hostile file with its reason and changes
    nothing, and copies a good one into the saves, listed with the finished games."""
    finished = saves_dir() / "doppelnull-finished.json"
    atomic_write_text(finished, with_pins(a_game()).to_json())
    going = saves_dir() / "doppelnull-going.json"
    atomic_write_text(going, a_game(limit=10).to_json())
    listing = driver.load_list()
    exports = {path.name: button for button, path in listing.exports.items()}
    assert list(exports) == ["doppelnull-finished.json"]
    assert sum(not export.is_enabled for _, export in listing.replays) == 1, "the unfinished game's is off"
    driver.click(exports["doppelnull-finished.json"])
    written = importable()
    assert len(written) == 1 and "pbkdf2" not in written[0].read_text(encoding="utf-8")
    assert listing.toasts.items and str(written[0].name) in listing.toasts.items[-1].text
    # A hostile file among them: refused, nothing written.
    (written[0].parent / "zz-hostile.json").write_text(
        '{"schema_version": 1, "app": "siatka"', encoding="utf-8"
    )
    os.utime(written[0].parent / "zz-hostile.json", (2_000_000_000, 2_000_000_000))
    saves_before = sorted(os.listdir(saves_dir()))
    driver.click(listing.importing)
    scene = app.top
    assert isinstance(scene, ImportScene)
    names = {path.name: button for button, path in scene.files.items()}
    assert list(names) == ["zz-hostile.json", written[0].name], "newest first"
    driver.click(names["zz-hostile.json"])
    assert app.top is scene and scene.toasts.items[-1].kind == "error"
    assert sorted(os.listdir(saves_dir())) == saves_before
    driver.click(names[written[0].name])
    assert app.top is listing
    added = set(os.listdir(saves_dir())) - set(saves_before)
    assert len(added) == 1
    assert next(save.path.name for save in listing.saves) == "doppelnull-going.json", "in progress first"
    assert any(save.path.name in added for save in listing.saves)


def test_import_by_a_typed_path(app: App, driver: Driver, tmp_path: Path) -> None:
    received = tmp_path / "sent by a friend.json"
    received.write_text(shared(a_game(seed=4)).to_json(), encoding="utf-8")
    listing = driver.load_list()
    driver.click(listing.importing)
    scene = app.top
    assert isinstance(scene, ImportScene) and scene.path is not None and scene.take is not None
    driver.type_into(scene.path, str(tmp_path / "no such file.json"))
    driver.click(scene.take)
    assert app.top is scene and scene.toasts.items[-1].kind == "error"
    assert os.listdir(saves_dir()) == []
    driver.type_into(scene.path, str(received))
    driver.click(scene.take)
    assert app.top is listing and len(os.listdir(saves_dir())) == 1
