"""Start-up to the first menu frame, in a fresh process, beside a bare pygame-ce + pydantic
window started the same way (issue 2 asks for at most twice as long)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

READY = "ready"

BARE_WINDOW = f"""
import pygame
from pydantic import BaseModel
class Settings(BaseModel):
    size: tuple[int, int] = (1600, 900)
settings = Settings.model_validate({{}})
pygame.init()
window = pygame.display.set_mode(settings.size, pygame.RESIZABLE)
window.fill((13, 16, 22))
pygame.display.flip()
print({READY!r}, flush=True)
"""

APP_WINDOW = f"""
from game.app import App
from game.scenes.menu import MenuScene
app = App()
app.reset(MenuScene(app))
app.frame(0.0, events=[])
print({READY!r}, flush=True)
"""


def time_to_ready(code: str, env: dict[str, str]) -> float:
    """Seconds from starting a Python process running `code` until it prints READY."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    elapsed = time.perf_counter() - started
    process.wait()
    if line.strip() != READY:
        raise RuntimeError(f"start-up probe failed (exit {process.returncode})")
    return elapsed


def measure_startup(runs: int, warm: bool = True) -> dict[str, float]:
    """Start-up of the app and of a bare window, `runs` of each, after one of each that
    warms the file cache and bytecode (none when not `warm`: a smoke test)."""
    with tempfile.TemporaryDirectory(prefix="siatka-bench-") as home:
        return _measure_startup(runs, home, warm)


def child_env() -> dict[str, str]:
    """The environment of a measured child process: headless, importing this tree's code."""
    root = str(Path(__file__).resolve().parents[2])
    # A player's Python keeps the compiled modules (pip compiles them at install, a first
    # start writes the rest); where PYTHONDONTWRITEBYTECODE is set (CI, these shells) the
    # warm-up would write none, and every measured start would compile the sixty-odd
    # modules of ours that the bare window does not import.
    environ = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    return {
        **environ,
        "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
        "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy"),
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH", "")])),
    }


def _measure_startup(runs: int, home: str, warm: bool) -> dict[str, float]:
    env = {**child_env(), "SIATKA_HOME": home}
    app_times, bare_times = [], []
    if warm:  # the file cache and bytecode warm for both
        time_to_ready(APP_WINDOW, env)
        time_to_ready(BARE_WINDOW, env)
    for _ in range(runs):  # interleaved, so machine load hits both alike
        bare_times.append(time_to_ready(BARE_WINDOW, env))
        app_times.append(time_to_ready(APP_WINDOW, env))
    app, bare = statistics.median(app_times), statistics.median(bare_times)
    return {"app_ms": app * 1000, "bare_window_ms": bare * 1000, "ratio": app / bare}
