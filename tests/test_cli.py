"""The command line (issue 2): screenshot, simulate and content check, run as a user would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.__main__ import main
from rules.registry import TITLES

ROOT = Path(__file__).resolve().parent.parent
SIMULATE_KEYS = {
    "title",
    "scenario",
    "games",
    "bots",
    "wins",
    "draws",
    "scores",
    "mean_actions",
    "actions_per_second",
}


def run_cli(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SIATKA_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def png_size(path: Path) -> tuple[int, int]:
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return pygame.image.load(str(path)).get_size()


def test_screenshot_of_the_main_menu(tmp_path: Path, siatka_home: Path) -> None:
    out = tmp_path / "shots" / "menu.png"
    result = run_cli("screenshot", str(out), home=siatka_home)
    assert result.returncode == 0, result.stderr
    assert png_size(out) == (1600, 900)


@pytest.mark.parametrize("title_id", sorted(TITLES))
def test_screenshot_of_a_game_seen_by_one_seat(title_id: str, tmp_path: Path, siatka_home: Path) -> None:
    title = TITLES[title_id]
    seat = title.seats(title.default_options())[0]
    out = tmp_path / f"{title_id}.png"
    result = run_cli(
        "screenshot",
        str(out),
        "--title",
        title_id,
        "--seed",
        "3",
        "--steps",
        "12",
        "--seat",
        seat,
        home=siatka_home,
    )
    assert result.returncode == 0, result.stderr
    assert png_size(out) == (1600, 900)


@pytest.mark.parametrize("title_id", sorted(TITLES))
def test_simulate_prints_one_json_line_with_the_required_keys(title_id: str, siatka_home: Path) -> None:
    result = run_cli("simulate", title_id, "--games", "2", "--seed", "5", home=siatka_home)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1
    summary = json.loads(lines[0])
    assert summary.keys() >= SIMULATE_KEYS
    assert summary["title"] == title_id and summary["games"] == 2
    seats = TITLES[title_id].seats(TITLES[title_id].default_options())
    assert set(summary["wins"]) == set(seats)
    assert "2/2 games" in result.stderr, "progress goes to stderr"


def test_simulate_refuses_an_unknown_title(siatka_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "no-such-title", "--games", "1", "--seed", "1"]) == 2
    assert "Unknown title" in capsys.readouterr().err


def test_content_check_passes_for_every_registered_title(siatka_home: Path) -> None:
    result = run_cli("content", "check", home=siatka_home)
    assert result.returncode == 0, result.stderr
    for title_id in TITLES:
        assert f"{title_id}: ok" in result.stdout


def test_content_check_fails_readably_on_invalid_data(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.toy_title import TOY

    def broken() -> dict[str, int]:
        raise ValueError("agents.toml: agent 'Jacek' names an unknown sector 'moon'")

    monkeypatch.setitem(TITLES, TOY.id, TOY)
    monkeypatch.setattr(TOY, "content_summary", broken)
    assert main(["content", "check"]) == 1
    err = capsys.readouterr().err
    assert "toy: INVALID CONTENT" in err and "unknown sector 'moon'" in err


def test_bench_json_has_the_figures_issues_2_10_and_16_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--json", "--quick"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["startup_ratio"] > 0
    plays = {*(f"play:{t}" for t in TITLES), "play:stawka:training-2"}  # issue 16: a large board too
    assert set(report["frame_p99_ms"]) == {"menu", "settings", "setup", "rules", "load", "curtain", *plays}
    assert set(report["pointer_frame_ms"]) == plays
    sweeps = report["pointer_frame_ms"]["play:doppelnull"]  # repeated sweeps: their median and least
    assert len(sweeps["cpu_p99_runs"]) == sweeps["runs"] == 2
    assert sweeps["cpu_p99_least"] == min(sweeps["cpu_p99_runs"]) <= sweeps["cpu_p99"]
    assert {title.split(":")[0] for title in report["rules_actions_per_second"]} == set(TITLES)
    assert {"stawka:training-1", "stawka:training-2"} <= set(report["rules_actions_per_second"])
    assert set(report["saves"]) == set(TITLES)
    assert {"median", "p99"} <= set(report["bare_frame_ms"])
    assert report["load_list"]["saves"] == 100 and report["load_list"]["open_ms"] > 0  # issue 10
    assert report["statistics_screen"]["games"] == 1000 and report["statistics_screen"]["open_ms"] > 0  # 32
    assert report["long_save"]["title"] == "stawka" and report["long_save"]["load_ms"] > 0
    assert len(report["long_save"]["load_cpu_runs_ms"]) == 1
    assert set(report["bot_turn_frames"]) == {"doppelnull:expert", "stawka:heuristic"}  # quick: no Hard
    assert (
        report["bot_turn_frames"]["doppelnull:expert"]["moves"] > 0
        and report["bot_thinking_worst_frame_ms"] >= 0
    )
    split = report["bot_turn_frames"]["stawka:heuristic"][
        "turn_worst_split"
    ]  # where the worst frame's time went
    assert split["cpu_ms"] > 0 and split["other_threads_cpu_ms"] >= 0 and split["not_running_ms"] >= 0
    # The worst frame of a bot's whole turn: thinking or taking its move.
    turn = max(f["moving_worst_ms"] for f in report["bot_turn_frames"].values())
    assert report["bot_turn_worst_frame_ms"] >= max(turn, report["bot_thinking_worst_frame_ms"]) > 0
    assert 0 <= report["idle_game_cpu_share"] < 1
    think = report["hard_think_ms"]["stawka:training-1"]  # issues 17 and 34.3: both seats, searching too
    assert think["level"] == "hard" and set(think["seats"]) == {"polish", "german"}
    assert think["decisions"] == 4 and think["searched"] == 2 and think["worlds"] > 0
    assert think["max"] >= think["p99"] >= think["p50"] > 0
    assert {key.split(":")[0] for key in report["hard_think_ms"]} == set(TITLES)
    first_hour = report["first_hour_clicks"]  # issue 30
    assert set(first_hour) == {*TITLES, "doppelnull (quick match)"}
    assert all(
        figures["reached"] and 0 < figures["most"] == max(figures["clicks"])
        for figures in first_hour.values()
    )


def test_bench_rules_report_a_title_whose_playouts_raise_and_measure_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.bench import rules

    measured = rules.title_playouts

    def playouts(title_id: str, scenario: str | None) -> rules.Playouts:
        if title_id != "island":
            return measured(title_id, scenario)

        def broken(seconds: float) -> tuple[int, float]:
            raise ValueError("no legal action")

        return broken

    monkeypatch.setattr(rules, "title_playouts", playouts)
    report = rules.measure_rules(seconds=0.01, rounds=1)
    assert report["failed"] == {"island": "ValueError('no legal action')"}
    assert (
        "island" not in report["actions_per_cpu_second"]
        and report["actions_per_cpu_second"]["doppelnull"] > 0
    )
