"""Rules throughput for `python -m game bench`, beside OpenSpiel's `python_block_dominoes`.

Random playouts (whole games, a random bot in every seat) of every title and scenario,
in actions per CPU second of this thread, so other processes on a shared machine do not
count.  When OpenSpiel is at hand, its pure-Python block dominoes (a hidden-information
game) is measured in the same run, in rounds interleaved with ours, and each figure is
also given as a ratio to it (issue 16 asks for Doppelnull >= 1.0, Queen of Spies >= 0.5,
Stawka >= 0.35).  Both sides count the actions players take: our dice and deals happen
inside `apply` and `start`, so OpenSpiel's chance nodes are played but not counted.

OpenSpiel is not a dependency of the app.  It is used when `pyspiel` imports here, or
else from another interpreter that has it (``bench --openspiel /path/to/python`` or the
``SIATKA_OPENSPIEL_PYTHON`` variable), run as a child that measures on request.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

OPENSPIEL_ENV = "SIATKA_OPENSPIEL_PYTHON"
OPENSPIEL_GAME = "python_block_dominoes"
DOMINOES = Path(__file__).with_name("dominoes.py")

Playouts = Callable[[float], tuple[int, float]]
"""``seconds -> (actions, CPU seconds spent)``: whole games until the time is used."""


def title_playouts(title_id: str, scenario: str | None) -> Playouts:
    """Our side: random playouts of one title and scenario, seeds counting on across calls."""
    from rules.core.simulate import play_one
    from rules.registry import TITLES

    title = TITLES[title_id]
    bots = ["random"] * len(title.seats(title.default_options(scenario)))
    seed = 0

    def run(seconds: float) -> tuple[int, float]:
        nonlocal seed
        actions, started = 0, time.thread_time()
        while True:
            actions += play_one(title, scenario, seed, bots)[1]
            seed += 1
            spent = time.thread_time() - started
            if spent >= seconds:
                return actions, spent

    return run


class OpenSpielChild:
    """Block dominoes measured in another interpreter, on request (`game.bench.dominoes`)."""

    def __init__(self, python: str) -> None:
        self.process = subprocess.Popen(
            [python, str(DOMINOES)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None
        if self.process.stdout.readline().strip() != "ready":
            self.close()
            raise RuntimeError(f"{python} cannot run OpenSpiel's {OPENSPIEL_GAME}")

    def __call__(self, seconds: float) -> tuple[int, float]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{seconds}\n")
        self.process.stdin.flush()
        actions, spent = json.loads(self.process.stdout.readline())
        return int(actions), float(spent)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def openspiel_playouts(python: str | None) -> tuple[Playouts | None, Callable[[], None], str]:
    """OpenSpiel's playouts, how to stop them, and where they run ("" when not at hand)."""
    try:
        from game.bench.dominoes import playouts

        return playouts, lambda: None, sys.executable
    except ImportError:
        pass
    python = python or os.environ.get(OPENSPIEL_ENV)
    if not python:
        return None, lambda: None, ""
    try:
        child = OpenSpielChild(python)
    except (OSError, RuntimeError):
        return None, lambda: None, ""
    return child, child.close, python


def rules_cases() -> list[tuple[str, str | None]]:
    """Every title and scenario, in a stable order."""
    from rules.registry import TITLES

    return [
        (title_id, scenario)
        for title_id, title in sorted(TITLES.items())
        for scenario in title.scenarios or (None,)
    ]


def case_name(title_id: str, scenario: str | None) -> str:
    return title_id if scenario is None else f"{title_id}:{scenario}"


def measure_rules(seconds: float, rounds: int, openspiel_python: str | None = None) -> dict[str, Any]:
    """Actions per CPU second of every title and scenario (median of `rounds` interleaved runs
    of `seconds` each) and, when OpenSpiel is at hand, of block dominoes measured between
    them, with each title's ratio to it."""
    dominoes, stop, where = openspiel_playouts(openspiel_python)
    cases = {case_name(*case): title_playouts(*case) for case in rules_cases()}
    rates: dict[str, list[float]] = {name: [] for name in cases}
    reference: list[float] = []
    failed: dict[str, str] = {}
    """Cases whose playouts raised (a rules bug): reported, not measured further."""
    try:
        for name, run in cases.items():
            try:
                run(min(seconds, 0.2))  # content loaded and caches warm before anything counts
            except Exception as err:  # as below
                failed[name] = repr(err)
        for _ in range(rounds):
            for name, run in cases.items():
                if name in failed:
                    continue
                try:
                    actions, spent = run(seconds)
                except Exception as err:  # one title's bug must not void every figure
                    failed[name] = repr(err)
                    continue
                rates[name].append(actions / spent)
                if dominoes is not None:
                    actions, spent = dominoes(seconds)
                    reference.append(actions / spent)
    finally:
        stop()
    speeds = {name: statistics.median(values) for name, values in rates.items() if values}
    report: dict[str, Any] = {"actions_per_cpu_second": speeds, "seconds_per_run": seconds, "rounds": rounds}
    if failed:
        report["failed"] = failed
    if reference:
        base = statistics.median(reference)
        report[OPENSPIEL_GAME] = {"actions_per_cpu_second": base, "python": where}
        report["ratio_to_block_dominoes"] = {name: speed / base for name, speed in speeds.items()}
    return report
