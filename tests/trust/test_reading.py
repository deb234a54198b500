"""Issue 10, points 4-6: hostile save files, FIFOs and links to /dev/zero, and a Load list
that reads only what it shows."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.scenes import load as load_module
from game.scenes.curtain import CurtainScene
from game.scenes.menu import MenuScene
from game.settings import Settings, load_settings, settings_path
from game.storage import atomic_write_text, autosave_path, saves_dir
from game.ui.naming import local_time
from rules.core import Match, SaveError, SeatConfig
from rules.core.model import clean_name
from tests.driver import Driver
from tests.toy_title import TOY

pytestmark = pytest.mark.usefixtures("toy_registered")


@pytest.fixture(autouse=True)
def no_hang() -> Iterator[None]:
    """A test that would hang (a FIFO opened for reading) fails after 20 s instead."""

    def hung(*args: object) -> None:
        raise TimeoutError("hung")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def good_save(name: str = "good.json", who: str = "Ola") -> Path:
    seats = {"odd": SeatConfig(name=who), "even": SeatConfig(name="Ewa")}
    match = Match(TOY, TOY.options_model(seats=seats), seed=1)
    match.act({"type": "pick", "number": 2})
    path = saves_dir() / name
    atomic_write_text(path, match.to_json())
    return path


def record(**changes: Any) -> dict[str, Any]:
    """A good save's JSON with `changes` made to its options seats' first name or fields."""
    data = json.loads(good_save("template.json").read_text(encoding="utf-8"))
    (saves_dir() / "template.json").unlink()
    for key, value in changes.items():
        if key == "name":
            data["options"]["seats"]["odd"]["name"] = value
        elif key == "scenario":
            data["options"]["scenario"] = value
        else:
            data[key] = value
    return data


def hostile_saves() -> dict[str, str]:
    """File name -> text of every hostile save the issue names."""
    deep = record()
    deep["state"] = "@DEEP@"
    return {
        "deep.json": json.dumps(deep).replace('"@DEEP@"', "[" * 5000 + "]" * 5000),
        "scenario-5.json": json.dumps(record(scenario=5)),
        "nul-name.json": json.dumps(record(name="Ola\u0000")),
        "long-name.json": json.dumps(record(name="x" * 100_000)),
        "huge-name.json": json.dumps(record(name="x" * 12_000_000)),
        "list.json": "[1, 2, 3]",
        "not-json.json": "{not json",
    }


def test_hostile_previews_are_listed_as_damaged_and_can_be_deleted(app: App, driver: Driver) -> None:
    good = good_save()
    for name, text in hostile_saves().items():
        (saves_dir() / name).write_text(text, encoding="utf-8")
    listing = driver.load_list()
    assert list(listing.entries.values()) == [good], "only the good save opens"
    damaged = [
        below.text
        for (entry, _), (_, below) in zip(listing.rows, listing.lines, strict=True)
        if entry not in listing.entries
    ]
    assert len(damaged) == len(hostile_saves())
    assert all(line.startswith("Damaged, cannot be opened · ") for line in damaged)
    for _ in hostile_saves():
        doomed = next(button for button, path in listing.deletes.items() if path != good)
        driver.click(doomed)
        assert listing.confirm is not None
        driver.click(listing.confirm.confirm_button)
        driver.frames(2)
    assert [path.name for path in saves_dir().iterdir()] == [good.name]


def test_a_date_far_in_the_future_is_shown_as_stored() -> None:
    assert local_time("9999-12-31T23:59:59-12:00") == "9999-12-31 23:59"
    assert local_time("x" * 5000) == "x" * 16


def test_a_name_is_capped_and_printable_wherever_it_enters() -> None:
    with pytest.raises(ValueError):
        SeatConfig(name="x" * 41)
    with pytest.raises(ValueError):
        SeatConfig(name="Ola\u0000")
    with pytest.raises(ValueError):
        SeatConfig(name="a\nb")
    for name in ("x" * 100_000, "Ola\u0000"):
        with pytest.raises(SaveError) as caught:
            Match.from_json(json.dumps(record(name=name)), titles={TOY.id: TOY})
        assert caught.value.key == "app.save.options" and caught.value.params == {"field": "seats.odd.name"}


def test_the_setup_cleans_a_typed_name(app: App, driver: Driver) -> None:
    from game.scenes.setup import SetupScene

    setup = SetupScene(app, "toy")
    app.reset(setup)
    driver.frames()
    first = next(iter(setup.name_entries.values()))
    assert not first.validate_text_string("Ola\u0000"), "typing or pasting a NUL is refused"
    assert not first.validate_text_string("Ola\nEwa")
    first.set_text("  Ola  ")
    assert setup.options().seats["odd"].name == "Ola"
    assert clean_name("\u0000Ola\u0007 " + "x" * 100) == "Ola " + "x" * 36


def test_a_fifo_as_autosave_or_settings_does_not_hang(app: App, driver: Driver, siatka_home: Path) -> None:
    os.mkfifo(autosave_path())
    os.mkfifo(settings_path())
    settings, (notice,) = load_settings()
    assert settings == Settings()
    assert notice.text(app.ctx.t).startswith("The settings file cannot be read (it is not a regular file")
    menu = MenuScene(app)
    app.reset(menu)
    driver.frames()
    assert not menu.buttons["continue"].is_enabled, "a FIFO is no game to continue"
    menu.choose("continue")
    assert app.top is menu and menu.toasts.items == []
    from game.scenes.play_files import open_saved_game

    assert open_saved_game(app, autosave_path()) == (
        "The save file cannot be read: it is not a regular file (a pipe, a device or a folder)"
    )


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="a system without /dev/zero")
def test_a_link_to_dev_zero_is_refused_unread(app: App, driver: Driver) -> None:
    autosave_path().symlink_to("/dev/zero")
    settings_path().symlink_to("/dev/zero")
    (notice,) = load_settings()[1]
    assert notice.key == "app.settings.unreadable"
    from game.scenes.play_files import open_saved_game

    assert open_saved_game(app, autosave_path()) == (
        "The save file cannot be read: it is not a regular file (a pipe, a device or a folder)"
    )
    listing = driver.load_list()
    assert listing.entries == {} and list(listing.deletes.values()) == [autosave_path()]


def test_a_fifo_among_the_saves_is_listed_as_damaged(app: App, driver: Driver) -> None:
    os.mkfifo(saves_dir() / "pipe.json")
    listing = driver.load_list()
    (delete,) = listing.deletes
    driver.click(delete)
    assert listing.confirm is not None
    driver.click(listing.confirm.confirm_button)
    driver.frames(2)
    assert not (saves_dir() / "pipe.json").exists()


def test_a_thousand_saves_are_listed_but_only_the_shown_rows_are_read(
    app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    template = good_save()
    text = template.read_text(encoding="utf-8")
    template.unlink()
    for number in range(1000):
        path = saves_dir() / f"toy-{number:04d}.json"
        path.write_text(text, encoding="utf-8")
        os.utime(path, (1_700_000_000 + number,) * 2)
    reads: list[str] = []
    real_read = load_module.read_file

    def counted(path: Path, limit: int) -> bytes:
        reads.append(path.name)
        return real_read(path, limit)

    monkeypatch.setattr(load_module, "read_file", counted)
    listing = driver.load_list()
    assert len(listing.saves) == 1000
    assert reads == [f"toy-{n:04d}.json" for n in range(999, 989, -1)], "the ten rows shown, nothing else"
    assert len(listing.rows) == 10
    driver.key(pygame.K_PAGEDOWN)
    driver.key(pygame.K_PAGEUP)
    assert len(reads) == 20, "ten more came into view; the first ten were remembered"


def test_a_good_save_among_hostile_ones_still_opens(app: App, driver: Driver) -> None:
    good_save()
    (saves_dir() / "deep.json").write_text(hostile_saves()["deep.json"], encoding="utf-8")
    listing = driver.load_list()
    (entry,) = listing.entries
    driver.click(entry)
    assert isinstance(app.top, CurtainScene), "a hot-seat game opens behind the curtain"


BOM = b"\xef\xbb\xbf"


def test_a_save_starting_with_a_byte_order_mark_opens_and_is_listed(app: App, driver: Driver) -> None:
    """Issue 28, point 11: some editors write a UTF-8 byte-order mark before the JSON; the
    save is read, not called damaged."""
    path = good_save("bom.json")
    path.write_bytes(BOM + path.read_bytes())
    listing = driver.load_list()
    assert list(listing.entries.values()) == [path], "listed as a game, not as damaged"
    assert Match.peek(path.read_bytes()).players[0] == ("odd", "Ola")
    assert Match.from_json(path.read_bytes().decode("utf-8"), titles={TOY.id: TOY}).actions
    driver.click(next(iter(listing.entries)))
    assert type(app.top).__name__ in ("PlayScene", "CurtainScene"), "it opened"


def test_settings_starting_with_a_byte_order_mark_are_read(siatka_home: Path) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_bytes(BOM + json.dumps({"language": "pl", "sound": False}).encode("utf-8"))
    settings, notices = load_settings()
    assert (settings.language, settings.sound, notices) == ("pl", False, [])
