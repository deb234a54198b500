"""Issue 10, point 8: content data and message catalogs as owners may break them, in
temporary copies: a broken title is listed as unavailable with its file and line, the
others stay playable; a broken catalog never stops the app; `content check` names the
file of every problem."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import game.i18n as i18n
import rules.doppelnull.content as doppelnull_content
from game.__main__ import main
from game.app import App
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.play_files import open_saved_game
from game.scenes.setup import SetupScene
from game.settings import Settings
from game.storage import atomic_write_text, saves_dir
from rules.core import Match
from rules.registry import TITLES
from tests.driver import Driver

TYPO = "numbers == 10"
"""A one-character typo in `rules/doppelnull/data/rules.toml` (line 19)."""


def break_doppelnull(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """From now on Doppelnull reads a copy of its data with a typo on line 19."""
    copy = tmp_path / "doppelnull-data" / "rules.toml"
    copy.parent.mkdir()
    original = doppelnull_content.DATA_FILE.read_text(encoding="utf-8")
    assert original.splitlines()[18].startswith("numbers = 10")
    copy.write_text(original.replace("numbers = 10", TYPO, 1), encoding="utf-8")
    monkeypatch.setattr(doppelnull_content, "DATA_FILE", copy)
    doppelnull_content.load_content.cache_clear()
    return copy


@pytest.fixture
def broken_doppelnull(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    yield break_doppelnull(tmp_path, monkeypatch)
    doppelnull_content.load_content.cache_clear()


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The message catalogs read from a copy the test may break."""
    copy = tmp_path / "i18n"
    for language in i18n.LANGUAGES:
        shutil.copytree(i18n.CATALOG_DIR / language, copy / language)
    monkeypatch.setattr(i18n, "CATALOG_DIR", copy)
    i18n._loaded.cache_clear()
    yield copy
    i18n._loaded.cache_clear()


def test_a_typo_in_one_title_leaves_the_others_playable(
    app: App, driver: Driver, broken_doppelnull: Path
) -> None:
    app.reset(MenuScene(app))
    driver.frames()
    app.top.choose("new_game")  # type: ignore[attr-defined]
    setup = app.top
    assert isinstance(setup, SetupScene), "New game opens"
    playable = sorted(title_id for title_id in TITLES if title_id != "doppelnull")
    assert setup.title_id == playable[0], "on the first title that can be played"
    problem = setup.unavailable["doppelnull"]
    assert problem.startswith("rules.toml: not valid TOML: ") and "line 19" in problem
    button = next(b for b, title_id in setup.title_buttons.items() if title_id == "doppelnull")
    assert not button.is_enabled and button.text == "Agent Doppelnull (unavailable)"
    driver.frames()
    assert setup.start is not None
    driver.click(setup.start)
    assert isinstance(app.top, PlayScene) and app.top.match.title.id == playable[0]


def test_a_save_of_a_broken_title_says_why_it_cannot_open(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doppelnull = TITLES["doppelnull"]
    text = Match(doppelnull, doppelnull.default_options(), seed=1).to_json()
    atomic_write_text(saves_dir() / "doppelnull.json", text)
    break_doppelnull(tmp_path, monkeypatch)
    reason = open_saved_game(app, saves_dir() / "doppelnull.json")
    assert reason is not None
    assert reason.startswith("Agent Doppelnull is unavailable: its content data is broken (rules.toml: ")
    doppelnull_content.load_content.cache_clear()


def test_content_check_names_the_broken_file_and_line(
    broken_doppelnull: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["content", "check"]) == 1
    out, err = capsys.readouterr()
    assert "doppelnull: INVALID CONTENT\n  rules.toml: not valid TOML: " in err and "(at line 19" in err
    assert "stawka: ok" in out and "queen-of-spies: ok" in out


def test_a_deeply_nested_data_file_is_a_message(
    broken_doppelnull: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken_doppelnull.write_text("[pieces]\nnumbers = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    assert main(["content", "check"]) == 1
    assert "doppelnull: INVALID CONTENT\n  rules.toml: nested too deeply" in capsys.readouterr().err


def test_a_wrong_value_names_its_file_and_field(
    broken_doppelnull: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    original = broken_doppelnull.read_text(encoding="utf-8").replace(TYPO, "numbers = 10")
    broken_doppelnull.write_text(original.replace('next_starter = "loser"', 'next_starter = "nobody"'))
    assert main(["content", "check"]) == 1
    assert "rules.toml: series.next_starter: Input should be " in capsys.readouterr().err


def test_a_broken_catalog_does_not_stop_the_app(catalogs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    polish = catalogs / "pl" / "app.json"
    polish.write_text(polish.read_text(encoding="utf-8").replace('",\n', '"\n', 1), encoding="utf-8")
    app = App(Settings(language="pl"))
    app.reset(MenuScene(app))
    Driver(app).frames()
    assert app.top.buttons["new_game"].text == "New game", "its keys fall back to English"  # type: ignore[attr-defined]
    (told,) = [toast.text for toast in app.top.toasts.items]
    assert told.startswith("A message file is broken and was left out: game/i18n/pl/app.json: line 3, column")


def test_content_check_names_every_catalog_problem(
    catalogs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    polish = catalogs / "pl" / "app.json"
    text = polish.read_text(encoding="utf-8")
    polish.write_text(text.replace('"Wstecz"', '"{Wstecz"'), encoding="utf-8")
    (catalogs / "pl" / "doppelnull.json").write_text('{"doppelnull.name": ["a list"]}', encoding="utf-8")
    (catalogs / "en" / "stawka.json").write_text("[" * 5000, encoding="utf-8")
    assert main(["content", "check"]) == 1
    err = capsys.readouterr().err
    assert "catalog: game/i18n/pl/app.json: app.back: expected '}' before end of string" in err
    assert (
        "catalog: game/i18n/pl/doppelnull.json: doppelnull.name: the text must be a string, not list" in err
    )
    assert "catalog: game/i18n/en/stawka.json: nested too deeply" in err


def test_content_check_finds_a_key_missing_in_one_language(
    catalogs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    polish = catalogs / "pl" / "app.json"
    text = polish.read_text(encoding="utf-8")
    polish.write_text(text.replace('  "app.back": "Wstecz",\n', "").replace("{name}", "{imie}", 1))
    assert main(["content", "check"]) == 1
    err = capsys.readouterr().err
    assert "catalog: game/i18n/pl/app.json: missing keys ['app.back']" in err
    assert "differ from English" in err


def test_content_check_passes_on_the_shipped_catalogs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "check"]) == 0
    assert "message catalogs: ok" in capsys.readouterr().out


def test_a_screenshot_of_a_broken_title_says_why(
    broken_doppelnull: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["screenshot", str(tmp_path / "x.png"), "--title", "doppelnull"]) == 2
    said = capsys.readouterr().err.strip()
    assert said.startswith("screenshot: doppelnull is unavailable: rules.toml: not valid TOML: ")
