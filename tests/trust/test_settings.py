"""Issue 10, point 7: settings survive a folder in their place, a read-only disk, a data
folder that is a file, and damage to one field; a damaged file is written back repaired."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.app import App
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.settings import Notice, Settings, load_settings, settings_path
from rules.core import Match
from tests.driver import Driver
from tests.toy_title import TOY
from tests.trust.conftest import Disk


@pytest.fixture(autouse=True)
def english_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)


def started() -> App:
    """The app as a person starts it: settings from the disk, the main menu shown."""
    app = App()
    app.reset(MenuScene(app))
    Driver(app).frames()
    return app


def told(app: App) -> list[str]:
    return [toast.text for toast in app.top.toasts.items]


def test_a_folder_in_place_of_the_settings_file(siatka_home: Path) -> None:
    settings_path().mkdir(parents=True)
    app = started()
    assert app.settings == Settings()
    assert told(app) == [
        "The settings file cannot be read (a folder stands where the file should be); the defaults are used."
    ]
    app.top.choose("settings")  # type: ignore[attr-defined]
    app.top.change("sound", False)  # type: ignore[attr-defined]
    assert app.settings.sound is False
    assert told(app) == [
        "The settings could not be saved (a folder stands where the file should be); "
        "they apply until Siatka closes."
    ]


def test_a_data_folder_that_is_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home-is-a-file"
    home.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("SIATKA_HOME", str(home))
    app = started()
    assert told(app) == [
        "The settings file cannot be read (a file stands where a folder should be); the defaults are used."
    ]
    assert not app.top.buttons["continue"].is_enabled  # type: ignore[attr-defined]
    app.top.choose("load")  # type: ignore[attr-defined]
    assert app.top.saves == []  # type: ignore[attr-defined]
    game = PlayScene(app, Match(TOY, TOY.default_options(), seed=1), viewer="odd")
    app.reset(game)
    game.submit({"type": "pick", "number": 1})
    assert told(app)[0].startswith("Saving failed (a file stands where a folder should be)")
    assert home.read_text(encoding="utf-8") == "not a folder"


def test_a_read_only_disk_at_start(disk: Disk) -> None:
    settings_path().write_text('{"sound": "loud", "language": "pl"}', encoding="utf-8")
    disk.read_only()
    settings, notices = load_settings()
    assert settings == Settings(language="pl"), "the valid field is kept"
    assert [notice.key for notice in notices] == ["app.settings.repaired", "app.settings.not_kept"]


def test_one_bad_field_keeps_every_other_and_the_file_is_rewritten() -> None:
    stored = {"language": "pl", "sound": False, "animation_speed": 1000, "window_size": [1280, 720]}
    settings_path().write_text(json.dumps(stored), encoding="utf-8")
    settings, notices = load_settings()
    assert settings == Settings(language="pl", sound=False, window_size=(1280, 720))
    assert notices == [Notice("app.settings.repaired", fields=("animation_speed",))]
    assert json.loads(settings_path().read_text(encoding="utf-8")) == json.loads(settings.model_dump_json())
    assert load_settings() == (settings, []), "repaired once, quiet afterwards"


def test_a_damaged_file_is_replaced_by_the_defaults_as_the_readme_says() -> None:
    settings_path().write_text("{not json", encoding="utf-8")
    app = started()
    assert told(app) == ["The settings file was damaged; the defaults are used and written back."]
    assert Settings.model_validate_json(settings_path().read_bytes()) == Settings()


def test_the_repair_is_told_in_polish() -> None:
    settings_path().write_text('{"language": "pl", "sound": 7}', encoding="utf-8")
    app = started()
    assert told(app) == ["Część ustawień była uszkodzona i wróciła do domyślnych: Dźwięk."]


def test_deep_or_huge_settings_are_damage_not_a_crash() -> None:
    settings_path().write_text('{"language": ' + "[" * 5000 + "]" * 5000 + "}", encoding="utf-8")
    assert load_settings()[1] == [Notice("app.settings.damaged")]
    settings_path().write_text('{"language": "' + "x" * 200_000 + '"}', encoding="utf-8")
    settings, (notice,) = load_settings()
    assert settings == Settings() and notice.key == "app.settings.unreadable"
