"""`python -m game bench`: the figures issues 2, 10 and 16 ask for, measured in one run.

* start-up to the first menu frame, in a fresh process, median of several runs, next to
  a bare pygame-ce + pydantic window measured the same way (`startup_ratio`);
* frame time (median, p99; wall and CPU) of every scene standing still, each title's
  play scene and the large Stawka board among them, next to a bare frame that only
  blits a cached background; the play scenes again with the pointer sweeping over the
  table; the frames in bot turns (the worst one: a bot thinks in a worker thread); and
  the share of a core an idle game keeps busy, in the real loop;
* the log panel's update after each action of a game (new lines translated, wrapped
  and drawn), which used to dominate a game played by clicks;
* rules throughput: random-playout actions per CPU second of every title and scenario,
  beside OpenSpiel's `python_block_dominoes` in the same run when OpenSpiel is at hand
  (`--openspiel PYTHON`), with the ratios issue 16 sets targets for;
* save and load times per title, and the load of a 500-action Stawka game;
* the Load list opened over 1,000 saves, in a fresh process: time to the first frame
  and the process's memory (issue 10 asks for under 0.5 s and 150 MB);
* the Statistics screen opened over 10,000 recorded games, in a fresh process: the file
  read and checked, the figures counted and the first frame drawn (issue 32 asks for
  under 0.3 s);
* how long the computer's strongest level thinks per decision, p50 / p99 / max, in every
  scenario and seat, sampling the decisions where it searches (issues 17, 34.3);
* the first hour (issue 30): clicks from "New game" to a first meaningful move of each
  title for a newcomer who clicks only what the guide rings, and from the main menu to
  the first swap of a quick Doppelnull match (`game.bench.newcomer`).
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from typing import Any

from game.bench.frames import measure_bot_turns, measure_frames, measure_idle_cpu, measure_pointer
from game.bench.log import measure_log
from game.bench.newcomer import first_hour_text, measure_first_hour
from game.bench.rules import measure_rules
from game.bench.saves import measure_load_list, measure_long_load, measure_saves
from game.bench.startup import measure_startup
from game.bench.stats_screen import measure_statistics
from game.bench.think import measure_think, think_text

__all__ = [
    "measure_first_hour",
    "measure_frames",
    "measure_load_list",
    "measure_log",
    "measure_rules",
    "measure_saves",
    "run_bench",
]


@dataclass(frozen=True)
class Sizes:
    """How much each figure measures: the full run's, or the smoke test's (`QUICK`)."""

    startup_runs: int = 7
    frames: int = 600
    warm_frames: int = 30
    """Frames drawn before a scene's figures count (the first ones build caches)."""
    pointer_runs: int = 5
    bot_moves: int = 60
    idle_settle: float = 1.0
    idle_seconds: float = 5.0
    log_actions: int = 200
    rules_seconds: float = 1.0
    rules_rounds: int = 5
    save_repeats: int = 5
    long_actions: int = 500
    long_repeats: int = 15
    load_list_saves: int = 1000
    statistics_games: int = 10_000
    statistics_runs: int = 5
    think_per_kind: int = 12
    think_worlds: int | None = None
    """The worlds a search compares, off the clock (None: as the level does at the table)."""
    first_hour_seeds: tuple[int, ...] = (1, 2, 3, 4, 5)


QUICK = Sizes(
    startup_runs=1,
    frames=4,
    warm_frames=1,
    pointer_runs=2,
    bot_moves=4,
    idle_settle=0.2,
    idle_seconds=0.2,
    log_actions=10,
    rules_seconds=0.01,
    rules_rounds=1,
    save_repeats=1,
    long_actions=20,
    long_repeats=1,
    load_list_saves=100,
    statistics_games=1000,
    statistics_runs=1,
    think_per_kind=1,
    think_worlds=2,
    first_hour_seeds=(1,),
)
"""``--quick``: a smoke test of every measurement (each figure there, of every scene,
title and scenario the full run covers in the same shape), in seconds; its figures are
too few to read (tests/test_cli.py runs it)."""


def run_bench(as_json: bool = False, quick: bool = False, openspiel: str | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    size = QUICK if quick else Sizes()
    step = _Steps()
    step("start-up")
    startup = measure_startup(runs=size.startup_runs, warm=not quick)
    step("frames")
    frames, bare_frame = measure_frames(frames=size.frames, warm=size.warm_frames)
    step("pointer")
    pointer = measure_pointer(frames=size.frames, runs=size.pointer_runs)
    step("bot turns")
    bot_turns = measure_bot_turns(moves=size.bot_moves, quick=quick)
    step("idle game")
    idle_cpu = measure_idle_cpu(seconds=size.idle_seconds, settle=size.idle_settle)
    step("log panel")
    log = measure_log(actions=size.log_actions)
    step("rules")
    rules = measure_rules(seconds=size.rules_seconds, rounds=size.rules_rounds, openspiel_python=openspiel)
    step("saves")
    saves = measure_saves(repeats=size.save_repeats)
    long_load = measure_long_load(actions=size.long_actions, repeats=size.long_repeats)
    step("load list")
    load_list = measure_load_list(saves=size.load_list_saves)
    step("statistics screen")
    statistics_screen = measure_statistics(games=size.statistics_games, runs=size.statistics_runs)
    step("think time")
    think = measure_think(per_kind=size.think_per_kind, quick=quick, search_worlds=size.think_worlds)
    step("first hour")
    first_hour = measure_first_hour(seeds=size.first_hour_seeds)
    step("done")
    report = {
        "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
        "startup_ms": {"app_first_menu_frame": startup["app_ms"], "bare_window": startup["bare_window_ms"]},
        "startup_ratio": startup["ratio"],
        "frame_ms": frames,
        "frame_p99_ms": {scene: stats["p99"] for scene, stats in frames.items()},
        "frame_cpu_p99_ms": {scene: stats["cpu_p99"] for scene, stats in frames.items()},
        "bare_frame_ms": bare_frame,
        "pointer_frame_ms": pointer,
        "bot_turn_frames": bot_turns,
        "bot_thinking_worst_frame_ms": max(figures["thinking_worst_ms"] for figures in bot_turns.values()),
        "bot_turn_worst_frame_ms": max(figures["turn_worst_ms"] for figures in bot_turns.values()),
        "bot_turn_worst_frame_cpu_ms": max(figures["turn_cpu_worst_ms"] for figures in bot_turns.values()),
        "idle_game_cpu_share": idle_cpu,
        "log_update_ms": log,
        "rules": rules,
        "rules_actions_per_second": rules["actions_per_cpu_second"],
        "saves": saves,
        "long_save": long_load,
        "load_list": load_list,
        "statistics_screen": statistics_screen,
        "hard_think_ms": think,
        "first_hour_clicks": first_hour,
    }
    if as_json:
        print(json.dumps(report))
    else:
        print(_as_text(report))
    return 0


class _Steps:
    """What the bench measures now, on stderr (a full run takes minutes)."""

    def __init__(self) -> None:
        self.started = time.perf_counter()

    def __call__(self, name: str) -> None:
        print(f"bench: {name} ({time.perf_counter() - self.started:.0f} s)", file=sys.stderr, flush=True)


def _as_text(report: dict[str, Any]) -> str:
    lines = [
        f"Machine load average at the end (1, 5, 15 min): {report['load_average']}",
        "Start-up to the first menu frame (median, fresh process):",
        f"  app {report['startup_ms']['app_first_menu_frame']:.0f} ms, "
        f"bare pygame-ce + pydantic window {report['startup_ms']['bare_window']:.0f} ms, "
        f"ratio {report['startup_ratio']:.2f}",
        "Frame time at 1600x900 (median / p99 ms; CPU time median / p99 ms):",
    ]
    for scene, stats in report["frame_ms"].items():
        lines.append(f"  {scene:<24} {_pair(stats)}")
    lines.append(f"  {'bare cached background':<24} {_pair(report['bare_frame_ms'])}")
    lines.append(
        "Play scenes, the pointer sweeping over the table (median / p99 ms; CPU; median of the"
        " sweeps, least CPU p99; frames drawn a sweep):"
    )
    for scene, stats in report["pointer_frame_ms"].items():
        lines.append(
            f"  {scene:<24} {_pair(stats)}  least {stats['cpu_p99_least']:5.2f}"
            f"  ({stats['runs']} x {stats['frames']}, {stats['frames_drawn']:.0f} drawn)"
        )
    lines.append(
        "Bot turns at 60 fps, the bots thinking and moving in the worker (ms of the frame loop; wall, CPU):"
    )
    for case, figures in report["bot_turn_frames"].items():
        lines.append(
            f"  {case:<26} while thinking: worst"
            f" {figures['thinking_worst_ms']:6.2f}, CPU {figures['thinking_cpu_worst_ms']:5.2f}"
            f" ({figures['thinking_frames']} frames);"
            f" longest think {figures['longest_think_ms']:.1f}"
        )
        lines.append(
            f"  {'':<26} a move played: median {figures['moving_median_ms']:5.2f},"
            f" worst {figures['moving_worst_ms']:6.2f}; CPU {figures['moving_cpu_median_ms']:5.2f}"
            f" / {figures['moving_cpu_worst_ms']:5.2f} ({figures['moves']} moves)"
        )
        split = figures["turn_worst_split"]
        lines.append(
            f"  {'':<26} worst frame of a bot's turn {figures['turn_worst_ms']:6.2f}"
            f" (its CPU {split['cpu_ms']:.2f}, other threads {split['other_threads_cpu_ms']:.2f},"
            f" not running {split['not_running_ms']:.2f}); worst CPU {figures['turn_cpu_worst_ms']:5.2f}"
        )
        lines.append(
            f"  {'':<26} start to start: median {figures['period_median_ms']:.1f},"
            f" p99 {figures['period_p99_ms']:.1f}, max {figures['period_max_ms']:.1f}"
        )
    share = 100 * report["idle_game_cpu_share"]
    lines.append(f"An idle game in the real loop keeps {share:.1f}% of a core busy")
    lines.append("Log panel after an action (median / p99 ms, over a random-bot game):")
    for title_id, figures in report["log_update_ms"].items():
        lines.append(
            f"  {title_id:<24} {figures['median']:6.2f} / {figures['p99']:6.2f}"
            f"  ({figures['actions']:.0f} actions, {figures['lines']:.0f} lines shown at the end);"
            f" back from the curtain {figures['curtain_return_ms']:.2f}"
        )
    rules = report["rules"]
    ratios = rules.get("ratio_to_block_dominoes", {})
    lines.append("Rules throughput (random playouts, actions per CPU second; ratio to block dominoes):")
    for case, speed in rules["actions_per_cpu_second"].items():
        ratio = f"  {ratios[case]:5.2f}x" if case in ratios else ""
        lines.append(f"  {case:<40} {speed:10.0f}{ratio}")
    if "python_block_dominoes" in rules:
        dominoes = rules["python_block_dominoes"]["actions_per_cpu_second"]
        lines.append(f"  {'OpenSpiel python_block_dominoes':<40} {dominoes:10.0f}")
    else:
        lines.append("  (OpenSpiel not at hand: give --openspiel PYTHON for the comparison)")
    lines.append("Saves (game after up to 60 actions; median ms):")
    for title_id, figures in report["saves"].items():
        lines.append(
            f"  {title_id:<24} save {figures['save_ms']:.2f}, load {figures['load_ms']:.2f}"
            f" ({figures['actions']} actions)"
        )
    long = report["long_save"]
    game = f"{long['title']} {long['scenario']}"
    lines.append(
        f"  {game:<24} load {long['load_ms']:.1f} (CPU {long['load_cpu_ms']:.1f},"
        f" least {long['load_cpu_min_ms']:.1f}) ({long['actions']} actions, {long['save_bytes']} bytes,"
        f" {long['collections_a_load']:.0f} collections a load)"
    )
    runs = ", ".join(f"{ms:.1f}" for ms in long["load_cpu_runs_ms"])
    lines.append(f"  {'':<24} CPU of each run: {runs}")
    shown = report["load_list"]
    lines.append(
        f"Load list over {shown['saves']:.0f} saves ({shown['save_bytes']:.0f} bytes each, a third of them"
        " finished games), fresh process:"
    )
    lines.append(
        f"  open {shown['open_ms']:.0f} ms (CPU {shown['open_cpu_ms']:.0f});"
        f" memory peak {shown['peak_mb']:.0f} MB "
        f"(+{shown['added_mb']:.1f} MB for the list)"
    )
    shown = report["statistics_screen"]
    lines.append(
        f"Statistics screen over {shown['games']:.0f} games ({shown['file_bytes'] / 1e6:.1f} MB),"
        f" fresh process, {shown['runs']} runs:"
    )
    lines.append(
        f"  open {shown['open_ms']:.0f} ms median, worst {shown['open_worst_ms']:.0f} ms"
        f" (CPU {shown['open_cpu_ms']:.0f} ms median)"
    )
    lines += think_text(report["hard_think_ms"])
    lines += first_hour_text(report["first_hour_clicks"])
    return "\n".join(lines)


def _pair(stats: dict[str, float]) -> str:
    wall = f"{stats['median']:6.2f} / {stats['p99']:6.2f}"
    return f"{wall};  CPU {stats['cpu_median']:6.2f} / {stats['cpu_p99']:6.2f}"
