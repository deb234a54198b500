"""`python -m game bench`: the figures issue 2 asks for, measured in one run.

* start-up to the first menu frame, in a fresh process, median of several runs, next to
  a bare pygame-ce + pydantic window measured the same way (`startup_ratio`);
* frame time (median, p99) of every scene, including each title's play scene, next to
  a bare frame that only blits a cached background;
* the log panel's update after each action of a game (new lines translated, wrapped
  and drawn), which used to dominate a game played by clicks;
* rules throughput: random-playout actions per second per title;
* save and load times per title;
* the Load list opened over 1,000 saves, in a fresh process: time to the first frame
  and the process's memory (issue 10 asks for under 0.5 s and 150 MB).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from game.scenes.play import PlayScene
    from rules.core import Match

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


def measure_startup(runs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="siatka-bench-") as home:
        return _measure_startup(runs, home)


def _child_env() -> dict[str, str]:
    """The environment of a measured child process: headless, importing this tree's code."""
    root = str(Path(__file__).resolve().parent.parent)
    return {
        **os.environ,
        "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
        "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy"),
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH", "")])),
    }


def _measure_startup(runs: int, home: str) -> dict[str, float]:
    env = {**_child_env(), "SIATKA_HOME": home}
    app_times, bare_times = [], []
    time_to_ready(APP_WINDOW, env)  # warm the file cache and bytecode for both
    time_to_ready(BARE_WINDOW, env)
    for _ in range(runs):  # interleaved, so machine load hits both alike
        bare_times.append(time_to_ready(BARE_WINDOW, env))
        app_times.append(time_to_ready(APP_WINDOW, env))
    app, bare = statistics.median(app_times), statistics.median(bare_times)
    return {"app_ms": app * 1000, "bare_window_ms": bare * 1000, "ratio": app / bare}


def frame_stats(run_frame: Callable[[], None], frames: int) -> dict[str, float]:
    """Median and p99 of wall time per frame, and the same of the process's own CPU time.

    On a shared machine other processes inflate the wall-clock p99; the CPU-time
    figures show what the frame itself costs.
    """
    for _ in range(30):  # the first frames build caches (text, backdrops); not steady state
        run_frame()
    wall, cpu = [], []
    for _ in range(frames):
        started, started_cpu = time.perf_counter(), time.thread_time()
        run_frame()
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.thread_time() - started_cpu) * 1000)
    return {
        "median": statistics.median(wall),
        "p99": _p99(wall),
        "cpu_median": statistics.median(cpu),
        "cpu_p99": _p99(cpu),
    }


def _p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def measure_frames(frames: int) -> tuple[dict[str, dict[str, float]], dict[str, float]]:
    """Frame times of every scene at 1600x900, and of a bare cached-background frame."""
    import pygame

    from game.app import App
    from game.scenes.curtain import CurtainScene
    from game.scenes.load import LoadScene
    from game.scenes.menu import MenuScene
    from game.scenes.play import PlayScene, bot_played_match
    from game.scenes.rules_reader import RulesScene
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import SetupScene
    from game.settings import Settings
    from game.ui.theme import night_background
    from rules.registry import TITLES

    app = App(Settings(window_size=(1600, 900)))
    app.bot_delay = 3600.0

    def run() -> None:
        app.frame(1 / 60, events=[])

    results: dict[str, dict[str, float]] = {}
    simple: dict[str, Callable[[], Any]] = {
        "menu": lambda: MenuScene(app),
        "settings": lambda: SettingsScene(app),
        "setup": lambda: SetupScene(app),
        "rules": lambda: RulesScene(app),
        "load": lambda: LoadScene(app),
        "curtain": lambda: CurtainScene(app, "Ola", lambda: None, lambda: None),
    }
    for name, make in simple.items():
        app.reset(make())
        results[name] = frame_stats(run, frames)
    for title_id in sorted(TITLES):
        match = bot_played_match(title_id, None, seed=7, steps=40)
        app.reset(PlayScene(app, match, viewer=match.to_act() or match.seats()[0], autosave=False))
        results[f"play:{title_id}"] = frame_stats(run, frames)

    window = pygame.display.get_surface()
    assert window is not None
    background = night_background(window.get_size()).convert()

    def bare() -> None:
        window.blit(background, (0, 0))
        pygame.display.flip()

    baseline = frame_stats(bare, frames)
    # pygame stays initialised: quitting it would void fonts other modules keep cached,
    # and bench runs inside the test session too (tests/test_cli.py).
    return results, baseline


def measure_log(actions: int) -> dict[str, dict[str, float]]:
    """Per title: ms from an action's end until the log panel shows it, over a bot game.

    Each step is what the play scene does after an action: `refresh_log` (translate
    the new events, re-stack the panel's rows) and, when the panel changed, drawing it.
    ``curtain_return_ms`` is the scene's part of a click on the curtain at the end of
    that game: another seat's log, and the widgets built again.
    """
    import pygame

    from game.app import App
    from game.scenes.play import PlayScene
    from game.settings import Settings
    from rules.core import Dice, Match, seed_state
    from rules.registry import TITLES

    app = App(Settings(window_size=(1600, 900)))
    target = pygame.Surface((1600, 900))
    figures: dict[str, dict[str, float]] = {}
    for title_id, title in sorted(TITLES.items()):
        match = Match(title, title.default_options(), seed=11)
        scene = PlayScene(app, match, viewer=match.seats()[0], autosave=False)
        dice = Dice(seed_state(11))
        bots = {seat: title.make_bot("random", seat) for seat in match.seats()}
        times: list[float] = []
        for _ in range(actions):
            seat = match.to_act()
            if seat is None:
                break
            match.act(title.bot_action(bots[seat], match.state, dice))
            started = time.perf_counter()
            scene.refresh_log()
            if scene.log_box.stale:
                scene.log_box.draw(target)
            times.append((time.perf_counter() - started) * 1000)
        figures[title_id] = {
            "actions": len(times),
            "lines": len(scene.log_box.lines),
            "median": statistics.median(times),
            "p99": _p99(times),
            "curtain_return_ms": _curtain_return(scene, target),
        }
    return figures


def _curtain_return(scene: PlayScene, target: pygame.Surface) -> float:
    """Median ms of the play scene coming back from the curtain for the next seat."""
    seats = scene.match.seats()
    times = []
    for turn in range(7):
        scene.viewer = None  # as `PlayScene.hand_over` leaves it
        scene.refresh_log()
        scene.pause()
        started = time.perf_counter()
        scene.viewer = seats[turn % len(seats)]
        scene.resume()
        if scene.log_box.stale:
            scene.log_box.draw(target)
        times.append((time.perf_counter() - started) * 1000)
    scene.exit()
    return statistics.median(times)


def measure_rules(seconds: float) -> dict[str, float]:
    """Random-playout actions per second per title (whole games until the time is up)."""
    from rules.core.simulate import play_one
    from rules.registry import TITLES

    speeds: dict[str, float] = {}
    for title_id, title in sorted(TITLES.items()):
        seats = title.seats(title.default_options())
        actions, seed, started = 0, 0, time.perf_counter()
        while time.perf_counter() - started < seconds or seed == 0:
            actions += play_one(title, None, seed, ["random"] * len(seats))[1]
            seed += 1
        speeds[title_id] = actions / (time.perf_counter() - started)
    return speeds


def measure_saves(repeats: int) -> dict[str, dict[str, float]]:
    """Save (JSON + atomic write) and load (parse + replay + check) of a game 60 actions in."""
    from game.scenes.play import bot_played_match
    from rules.registry import TITLES

    with tempfile.TemporaryDirectory(prefix="siatka-bench-saves-") as folder:
        return {
            title_id: _time_save_and_load(
                bot_played_match(title_id, None, seed=3, steps=60), Path(folder) / f"{title_id}.json", repeats
            )
            for title_id in sorted(TITLES)
        }


def _time_save_and_load(match: Match, path: Path, repeats: int) -> dict[str, float]:
    from game.storage import atomic_write_text
    from rules.core import Match
    from rules.registry import TITLES

    save_times, load_times = [], []
    for _ in range(repeats):
        started = time.perf_counter()
        atomic_write_text(path, match.to_json())
        save_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        Match.from_json(path.read_bytes(), TITLES)
        load_times.append(time.perf_counter() - started)
    return {
        "actions": len(match.actions),
        "save_ms": statistics.median(save_times) * 1000,
        "load_ms": statistics.median(load_times) * 1000,
    }


LOAD_LIST = """
import json, sys, time
def peak():
    # Linux: VmHWM, which starts afresh at exec (ru_maxrss would keep the forking parent's peak).
    try:
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmHWM:"))
    except OSError:
        pass
    try:
        import resource
    except ImportError:  # Windows has no getrusage: memory is not measured there
        return 0
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * (1 if sys.platform == "darwin" else 1024)

from game.app import App
from game.scenes.load import LoadScene
from game.scenes.menu import MenuScene
app = App()
app.reset(MenuScene(app))
app.frame(0.0, events=[])
before = peak()
started = time.perf_counter()
app.push(LoadScene(app))
app.frame(0.0, events=[])
elapsed = time.perf_counter() - started
print(json.dumps({"open_ms": elapsed * 1000, "peak_mb": peak() / 1e6, "added_mb": (peak() - before) / 1e6}))
"""


def measure_load_list(saves: int) -> dict[str, float]:
    """The Load list over `saves` copies of a real save, opened in a fresh process."""
    from game.scenes.play import bot_played_match

    text = bot_played_match("doppelnull", None, seed=5, steps=40).to_json()
    with tempfile.TemporaryDirectory(prefix="siatka-bench-load-") as home:
        folder = Path(home) / "saves"
        folder.mkdir()
        for number in range(saves):
            path = folder / f"doppelnull-{number:05d}.json"
            path.write_text(text, encoding="utf-8")
            os.utime(path, (1_700_000_000 + number,) * 2)
        env = {**_child_env(), "SIATKA_HOME": home}
        result = subprocess.run(
            [sys.executable, "-c", LOAD_LIST], env=env, capture_output=True, text=True, check=True
        )
    figures: dict[str, float] = json.loads(result.stdout.strip().splitlines()[-1])
    return {"saves": saves, "save_bytes": len(text), **figures}


def run_bench(as_json: bool = False, quick: bool = False) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    startup = measure_startup(runs=2 if quick else 7)
    frames, bare_frame = measure_frames(frames=30 if quick else 600)
    log = measure_log(actions=40 if quick else 200)
    rules = measure_rules(seconds=0.2 if quick else 2.0)
    saves = measure_saves(repeats=1 if quick else 5)
    load_list = measure_load_list(saves=100 if quick else 1000)
    report = {
        "startup_ms": {"app_first_menu_frame": startup["app_ms"], "bare_window": startup["bare_window_ms"]},
        "startup_ratio": startup["ratio"],
        "frame_ms": frames,
        "frame_p99_ms": {scene: stats["p99"] for scene, stats in frames.items()},
        "frame_cpu_p99_ms": {scene: stats["cpu_p99"] for scene, stats in frames.items()},
        "bare_frame_ms": bare_frame,
        "log_update_ms": log,
        "rules_actions_per_second": rules,
        "saves": saves,
        "load_list": load_list,
    }
    if as_json:
        print(json.dumps(report))
    else:
        print(_as_text(report))
    return 0


def _as_text(report: dict[str, Any]) -> str:
    lines = [
        "Start-up to the first menu frame (median, fresh process):",
        f"  app {report['startup_ms']['app_first_menu_frame']:.0f} ms, "
        f"bare pygame-ce + pydantic window {report['startup_ms']['bare_window']:.0f} ms, "
        f"ratio {report['startup_ratio']:.2f}",
        "Frame time at 1600x900 (median / p99 ms; CPU time median / p99 ms):",
    ]
    for scene, stats in report["frame_ms"].items():
        lines.append(f"  {scene:<24} {_pair(stats)}")
    lines.append(f"  {'bare cached background':<24} {_pair(report['bare_frame_ms'])}")
    lines.append("Log panel after an action (median / p99 ms, over a random-bot game):")
    for title_id, figures in report["log_update_ms"].items():
        lines.append(
            f"  {title_id:<24} {figures['median']:6.2f} / {figures['p99']:6.2f}"
            f"  ({figures['actions']:.0f} actions, {figures['lines']:.0f} lines shown at the end);"
            f" back from the curtain {figures['curtain_return_ms']:.2f}"
        )
    lines.append("Rules throughput (random playouts, actions/s):")
    for title_id, speed in report["rules_actions_per_second"].items():
        lines.append(f"  {title_id:<24} {speed:10.0f}")
    lines.append("Saves (game after up to 60 actions; median ms):")
    for title_id, figures in report["saves"].items():
        lines.append(
            f"  {title_id:<24} save {figures['save_ms']:.2f}, load {figures['load_ms']:.2f}"
            f" ({figures['actions']} actions)"
        )
    shown = report["load_list"]
    lines.append(
        f"Load list over {shown['saves']:.0f} saves ({shown['save_bytes']:.0f} bytes each), fresh process:"
    )
    lines.append(
        f"  open {shown['open_ms']:.0f} ms; memory peak {shown['peak_mb']:.0f} MB "
        f"(+{shown['added_mb']:.1f} MB for the list)"
    )
    return "\n".join(lines)


def _pair(stats: dict[str, float]) -> str:
    wall = f"{stats['median']:6.2f} / {stats['p99']:6.2f}"
    return f"{wall};  CPU {stats['cpu_median']:6.2f} / {stats['cpu_p99']:6.2f}"
