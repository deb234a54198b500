"""Issue 10, points 1-3: no failed write stops the game, the last good autosave survives,
the folder is synced after the rename, stale temporary files go at start, and Ctrl+S
keeps one file per game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.scenes.play import PlayScene
from game.scenes.settings import SettingsScene
from game.settings import Settings, settings_path
from game.storage import atomic_write_text, saves_dir
from rules.core import Match, SeatConfig
from tests.driver import Driver
from tests.toy_title import TOY
from tests.trust.conftest import Disk

ROOT = Path(__file__).resolve().parents[2]


def toy_game(app: App, save_path: Path | None = None) -> PlayScene:
    """A toy game against the computer, the person ("odd") to pick."""
    seats = {"odd": SeatConfig(name="Ola"), "even": SeatConfig(name="Bot", bot="random")}
    scene = PlayScene(app, Match(TOY, TOY.options_model(seats=seats), seed=3), save_path=save_path)
    app.reset(scene)
    return scene


def move(scene: PlayScene, driver: Driver) -> None:
    """One action of the person's: pick (or change the pick to) a number."""
    picks = [a for a in TOY.legal_actions(scene.match.state) if a.type == "pick"]  # type: ignore[arg-type]
    scene.submit(picks[0])
    driver.frames(1)


def toasts(app: App) -> list[str]:
    return [toast.text for toast in app.top.toasts.items]


def saved_moves(scene: PlayScene) -> int:
    """The moves the game's own save file holds."""
    assert scene.save_path is not None
    return len(Match.from_json(scene.save_path.read_bytes(), titles={TOY.id: TOY}).actions)


def test_a_folder_in_place_of_the_games_file_does_not_stop_the_game(app: App, driver: Driver) -> None:
    own = saves_dir() / "toy-loaded.json"
    own.mkdir(parents=True)
    scene = toy_game(app, save_path=own)
    move(scene, driver)
    move(scene, driver)
    assert len(scene.match.actions) == 2, "the game went on"
    assert toasts(app) == [
        "Saving failed (a folder stands where the file should be); "
        "the game goes on and saving is retried after every move."
    ], "said once, not after every move"
    assert own.is_dir()


def test_a_full_disk_keeps_the_last_good_autosave_and_saving_resumes(
    app: App, driver: Driver, disk: Disk
) -> None:
    scene = toy_game(app)
    move(scene, driver)
    assert saved_moves(scene) == 1
    disk.fill()
    move(scene, driver)
    move(scene, driver)
    assert len(scene.match.actions) == 3
    assert toasts(app) == [
        "Saving failed (the disk is full); the game goes on and saving is retried after every move."
    ]
    assert saved_moves(scene) == 1, "the last good autosave is whole"
    assert not [p for p in saves_dir().iterdir() if p.name.endswith(".tmp")]
    disk.writable()
    move(scene, driver)
    assert saved_moves(scene) == 4
    assert toasts(app)[-1] == "Saving works again; the game is saved."


def test_a_read_only_disk_is_told_in_polish_too(app: App, driver: Driver, disk: Disk) -> None:
    app.apply_settings(Settings(language="pl"))
    scene = toy_game(app)
    move(scene, driver)
    disk.read_only()
    move(scene, driver)
    assert saved_moves(scene) == 1
    (told,) = toasts(app)
    assert told.startswith("Zapis nie powiódł się (")
    assert told.endswith("); gra toczy się dalej, a zapis jest ponawiany po każdym ruchu.")


def test_ctrl_s_on_a_read_only_disk_says_why(app: App, driver: Driver, disk: Disk) -> None:
    scene = toy_game(app)
    driver.frames()
    disk.read_only()
    driver.key(pygame.K_s, pygame.KMOD_LCTRL)
    assert app.top is scene
    assert toasts(app)[0].startswith("The game could not be saved (")
    assert scene.save_path is None


def test_settings_and_full_screen_apply_when_the_disk_refuses(app: App, driver: Driver, disk: Disk) -> None:
    settings = SettingsScene(app)
    app.reset(settings)
    driver.frames()
    disk.read_only()
    settings.change("sound", False)
    assert app.settings.sound is False, "the change applies"
    driver.key(pygame.K_F11)
    assert app.settings.fullscreen is True
    told = toasts(app)
    assert len(told) == 2 and all(text.startswith("The settings could not be saved (") for text in told)
    assert all(text.endswith("); they apply until Siatka closes.") for text in told)
    assert not settings_path().exists()


def test_the_folder_is_synced_after_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    steps: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        steps.append("sync folder" if os.path.isdir(f"/proc/self/fd/{fd}") else "sync file")
        real_fsync(fd)

    def replace(src: Any, dst: Any) -> None:
        steps.append("rename")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    atomic_write_text(tmp_path / "autosave.json", "{}")
    assert steps == ["sync file", "rename", "sync folder"]


def test_stale_temporary_files_are_cleaned_at_start(siatka_home: Path) -> None:
    saves = siatka_home / "saves"
    saves.mkdir(parents=True)
    stale = [saves / ".autosave.json.k2j4h1.tmp", siatka_home / ".settings.json.p0q9.tmp"]
    kept = [saves / "toy-1.json", saves / ".hidden-notes", siatka_home / "settings.tmp"]
    for path in stale + kept:
        path.write_text("x", encoding="utf-8")
    App(Settings(language="en"))
    assert [path for path in stale if path.exists()] == []
    assert all(path.exists() for path in kept)


WRITER = """
import sys
from pathlib import Path
from game.storage import atomic_write_text
target, n = Path(sys.argv[1]), 0
print("ready", flush=True)
while True:
    n += 1
    atomic_write_text(target, '{"n": %d, "pad": "%s"}' % (n, "x" * 200_000))
"""


def test_writes_killed_midway_leave_a_whole_file_and_no_litter_after_a_start(siatka_home: Path) -> None:
    """What 220 kills did to the old writer, a few real kills do here: then the app starts."""
    target = siatka_home / "saves" / "autosave.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for kill in range(8):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(target)], stdout=subprocess.PIPE, env=env, cwd=ROOT
        )
        assert writer.stdout is not None and writer.stdout.readline().strip() == b"ready"
        time.sleep(0.02 + 0.01 * kill)
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    App(Settings(language="en"))
    assert [p.name for p in target.parent.iterdir()] == ["autosave.json"]
    assert target.read_text(encoding="utf-8").startswith('{"n": ')


def test_ctrl_s_keeps_one_file_per_game(app: App, driver: Driver) -> None:
    scene = toy_game(app)
    driver.frames()
    driver.key(pygame.K_s, pygame.KMOD_LCTRL)
    move(scene, driver)
    driver.key(pygame.K_s, pygame.KMOD_LCTRL)
    driver.key(pygame.K_s, pygame.KMOD_LCTRL)
    (own,) = [p for p in saves_dir().glob("toy-*.json")]
    assert len(Match.from_json(own.read_bytes(), titles={TOY.id: TOY}).actions) == 1
    assert toasts(app)[-1] == "Game saved again."
    driver.key(pygame.K_s, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert len(list(saves_dir().glob("toy-*.json"))) == 2, "Ctrl+Shift+S: a new file"


@pytest.mark.usefixtures("toy_registered")
def test_a_game_opened_from_its_save_overwrites_that_save(app: App, driver: Driver) -> None:
    from game.scenes.play_files import open_saved_game

    scene = toy_game(app)
    driver.frames()
    saved = scene.save()
    assert saved is not None
    assert open_saved_game(app, saved) is None
    reopened = app.top
    assert isinstance(reopened, PlayScene) and reopened.save_path == saved
    move(reopened, driver)
    reopened.save()
    assert [p.name for p in saves_dir().glob("toy-*.json")] == [saved.name]
    assert len(Match.from_json(saved.read_bytes(), titles={TOY.id: TOY}).actions) == 1
