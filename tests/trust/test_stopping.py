"""Issue 34, point 4: the command-line tools stop on SIGTERM, their worker processes with
them, and the app's window takes SIGTERM as closing the window.

`python -m game bench` used to ignore SIGTERM: SDL's signal handler turned it into a quit
event that nobody read.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.test_cli import ROOT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM is a POSIX signal")


def start(*args: str, home: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "SIATKA_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for_line(process: subprocess.Popen[str], wanted: str, seconds: float = 300) -> list[str]:
    """The lines of stderr up to the first one containing `wanted`."""
    assert process.stderr is not None
    lines: list[str] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line:
            break
        lines.append(line)
        if wanted in line:
            return lines
    process.kill()
    raise AssertionError(f"{wanted!r} never came; stderr: {''.join(lines)}")


def children(pid: int) -> set[int]:
    found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True)
    return {int(word) for word in found.stdout.split()}


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    status = Path(f"/proc/{pid}/status")
    return status.exists() and "zombie" in status.read_text()


def test_simulate_stops_on_sigterm_with_its_workers(siatka_home: Path) -> None:
    bots = ["--bots", "heuristic,heuristic"]
    process = start(
        "simulate", "stawka", "--games", "100", "--seed", "1", "--jobs", "2", *bots, home=siatka_home
    )
    wait_for_line(process, "games")  # the first progress line: the workers are at work
    workers = children(process.pid)
    assert len(workers) == 2, workers
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) == 128 + signal.SIGTERM
    deadline = time.monotonic() + 30
    while not all(gone(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert all(gone(pid) for pid in workers), "the workers are ended with the command"
    assert process.stdout is not None and process.stdout.read() == "", "no result of half the games"


def test_bench_stops_on_sigterm_once_its_window_is_open(siatka_home: Path) -> None:
    process = start("bench", "--quick", home=siatka_home)
    wait_for_line(process, "bench: pointer")  # the frames were measured: SDL runs in the process
    process.send_signal(signal.SIGTERM)
    try:
        code = process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        code = None
    assert code == 128 + signal.SIGTERM, process.communicate()[1]


def _catches_sigterm(pid: int) -> bool:
    """Whether the process has a SIGTERM handler (SDL's, once its video is up): Linux's
    /proc says; elsewhere assume so after a while."""
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        return True
    caught = next(line for line in status.read_text().splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught.split()[1], 16) & (1 << (signal.SIGTERM - 1)))


def test_the_app_window_closes_on_sigterm(siatka_home: Path) -> None:
    process = start(home=siatka_home)
    deadline = time.monotonic() + 120
    while not _catches_sigterm(process.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(0.5)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) == 0, "closed as by its window's close button"
