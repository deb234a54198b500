"""Issue 10, point 10: odd command-line arguments get one line on stderr and exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.__main__ import main
from rules.registry import TITLES
from tests.test_cli import run_cli


def refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one line `args` print, having checked the exit code and that nothing else came out."""
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, err
    return err.strip()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--title", "chess"], f"screenshot: unknown title 'chess'; known: {', '.join(sorted(TITLES))}"),
        (["--scene", "rules", "--title", "chess"], "screenshot: unknown title 'chess'"),
        (["--scene", "setup", "--title", "chess"], "screenshot: unknown title 'chess'"),
        (["--title", "stawka", "--scenario", "nope"], "screenshot: stawka has no scenario 'nope'"),
        (["--scenario", "training-1"], "screenshot: --scenario needs --title"),
        (["--title", "doppelnull", "--steps", "-1"], "screenshot: --steps must be 0 or more, not -1"),
        (["--title", "doppelnull", "--seat", "nobody"], "screenshot: doppelnull has no seat 'nobody'"),
    ],
)
def test_screenshot_refuses_what_names_nothing(
    args: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "shot.png"
    assert refused(["screenshot", str(out), *args], capsys).startswith(said)
    assert not out.exists()


def test_screenshot_into_a_folder_or_an_unwritable_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        refused(["screenshot", str(tmp_path)], capsys)
        == f"screenshot: cannot write {tmp_path}: it is a folder"
    )
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    said = refused(["screenshot", str(blocker / "shot.png")], capsys)
    assert said.startswith(f"screenshot: cannot write {blocker / 'shot.png'}: ")


@pytest.mark.parametrize("games", ["0", "-5"])
def test_simulate_needs_at_least_one_game(games: str, capsys: pytest.CaptureFixture[str]) -> None:
    said = refused(["simulate", "doppelnull", "--games", games, "--seed", "1"], capsys)
    assert said == f"simulate: --games must be at least 1, not {games}"


def test_simulate_with_an_unknown_bot_or_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    said = refused(["simulate", "doppelnull", "--games", "1", "--seed", "1", "--bots", "x,y"], capsys)
    assert said.startswith("simulate: ") and "Traceback" not in said
    said = refused(["simulate", "stawka", "--games", "1", "--seed", "1", "--scenario", "moon"], capsys)
    assert said.startswith("simulate: ") and "moon" in said


def test_the_installed_command_prints_no_traceback(tmp_path: Path, siatka_home: Path) -> None:
    result = run_cli(
        "screenshot", str(tmp_path / "x.png"), "--scene", "rules", "--title", "chess", home=siatka_home
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"screenshot: unknown title 'chess'; known: {', '.join(sorted(TITLES))}"
    ]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["curfew", "--bots", "random,random"], "simulate: curfew needs 1 bot (polish), got 2"),
        (
            ["queen-of-spies", "--bots", "random,random"],
            "simulate: queen-of-spies needs 1 bot (player), got 2",
        ),
        (["doppelnull", "--bots", "random"], "simulate: doppelnull needs 2 bots (male, female), got 1"),
    ],
)
def test_simulate_refuses_a_bot_count_that_is_not_one_per_player(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 28, point 9: Godzina policyjna's German seat is played by the rules: a second
    bot is refused as Queen of Spies refuses one, not silently given to that seat."""
    assert refused(["simulate", *args, "--games", "1", "--seed", "1"], capsys) == said
