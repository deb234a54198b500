"""Frame times: every scene at 1600x900 standing still, the play scenes with the pointer
sweeping over the table, the frames while a bot thinks, and how busy an idle game keeps
the processor."""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any


def frame_stats(run_frame: Callable[[], None], frames: int, warm: int = 30) -> dict[str, float]:
    """Median and p99 of wall time per frame, and the same of the process's own CPU time.

    On a shared machine other processes inflate the wall-clock p99; the CPU-time
    figures show what the frame itself costs.
    """
    for _ in range(warm):  # the first frames build caches (text, backdrops); not steady state
        run_frame()
    wall, cpu = [], []
    for _ in range(frames):
        started, started_cpu = time.perf_counter(), time.thread_time()
        run_frame()
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.thread_time() - started_cpu) * 1000)
    return {
        "median": statistics.median(wall),
        "p99": p99(wall),
        "cpu_median": statistics.median(cpu),
        "cpu_p99": p99(cpu),
    }


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


PLAY_SCENES: tuple[tuple[str, str | None], ...] = (("stawka", "training-2"),)
"""Play scenes measured besides each title's default: the large Stawka board."""
BOT_TURNS: tuple[tuple[str, str | None, str, bool], ...] = (
    ("doppelnull", None, "expert", True),
    ("stawka", "training-2", "heuristic", True),
    ("stawka", "training-2", "hard", False),
    ("queen-of-spies", None, "hard", False),
)
"""The games whose bot turns are measured (title, scenario, the bot in every seat, and
whether a quick run measures it too): each title's slowest thinkers, Stawka's Normal too."""


def play_cases() -> list[tuple[str, str, str | None]]:
    """(scene name, title, scenario) of every play scene measured."""
    from rules.registry import TITLES

    cases: list[tuple[str, str, str | None]] = [
        (f"play:{title_id}", title_id, None) for title_id in sorted(TITLES)
    ]
    cases += [(f"play:{title_id}:{scenario}", title_id, scenario) for title_id, scenario in PLAY_SCENES]
    return cases


def _app() -> Any:
    from game.app import App
    from game.settings import Settings

    app = App(Settings(window_size=(1600, 900)))
    app.bot_delay = 3600.0
    return app


def _play(app: Any, title_id: str, scenario: str | None) -> Any:
    """The play scene of a game 40 random moves in (fewer if it would be over by then: the
    game-over scene is not the play scene), shown to the seat to act (all people)."""
    from game.scenes.play import PlayScene
    from game.scenes.play_files import bot_played_match

    steps = 40
    match = bot_played_match(title_id, scenario, seed=7, steps=steps)
    while match.to_act() is None and steps > 1:
        steps //= 2
        match = bot_played_match(title_id, scenario, seed=7, steps=steps)
    play = PlayScene(app, match, viewer=match.to_act() or match.seats()[0], autosave=False)
    app.reset(play)
    return play


def measure_frames(frames: int, warm: int = 30) -> tuple[dict[str, dict[str, float]], dict[str, float]]:
    """Frame times of every scene at 1600x900 with nothing happening (a still frame is not
    drawn again: this is what an idle scene costs), and of a bare cached-background frame."""
    import pygame

    from game.scenes.curtain import CurtainScene
    from game.scenes.load import LoadScene
    from game.scenes.menu import MenuScene
    from game.scenes.rules_reader import RulesScene
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import SetupScene
    from game.ui.theme import night_background

    app = _app()

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
        results[name] = frame_stats(run, frames, warm)
    for name, title_id, scenario in play_cases():
        _play(app, title_id, scenario)
        results[name] = frame_stats(run, frames, warm)

    window = pygame.display.get_surface()
    assert window is not None
    background = night_background(window.get_size()).convert()

    def bare() -> None:
        window.blit(background, (0, 0))
        pygame.display.flip()

    baseline = frame_stats(bare, frames, warm)
    # pygame stays initialised: quitting it would void fonts other modules keep cached,
    # and bench runs inside the test session too (tests/test_cli.py).
    return results, baseline


def measure_pointer(frames: int, runs: int = 5) -> dict[str, dict[str, Any]]:
    """Every play scene with the pointer sweeping over the table, a step a frame: what
    lights up under it is drawn again (the part of the table it is in), the rest not.

    One sweep warms what it draws (cards, glows, texts); then `runs` sweeps of `frames`
    frames each over the same path.  A sweep's p99 is its 1% slowest frames: on a shared
    machine one sweep's may be another process's doing, so the figures are the median of
    the runs' (``median``, ``p99``, ``cpu_median``, ``cpu_p99``) and the least of them
    (``p99_least``, ``cpu_p99_least``), each run's CPU p99 listed (``cpu_p99_runs``).
    """
    import pygame

    from game.scenes.play_bar import TABLE

    app = _app()
    results: dict[str, dict[str, Any]] = {}
    for name, title_id, scenario in play_cases():
        _play(app, title_id, scenario)
        step = 0

        def sweep() -> None:
            nonlocal step
            x = TABLE.x + (step * 37) % TABLE.width
            y = TABLE.y + ((step * 37) // TABLE.width * 53 + step) % TABLE.height
            step += 1
            motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0))
            app.frame(1 / 60, events=[motion])

        for _ in range(frames):
            sweep()
        drawn = 0

        def counted() -> None:
            nonlocal drawn
            sweep()
            drawn += app.drawn

        sweeps = []
        for _ in range(runs):
            step = 0
            sweeps.append(frame_stats(counted, frames, warm=0))
        figures: dict[str, Any] = {
            key: statistics.median(run[key] for run in sweeps)
            for key in ("median", "p99", "cpu_median", "cpu_p99")
        }
        figures["p99_least"] = min(run["p99"] for run in sweeps)
        figures["cpu_p99_least"] = min(run["cpu_p99"] for run in sweeps)
        figures["cpu_p99_runs"] = [run["cpu_p99"] for run in sweeps]
        figures["frames"], figures["runs"], figures["frames_drawn"] = frames, runs, drawn / runs
        results[name] = figures
    return results


def measure_bot_turns(moves: int, quick: bool = False) -> dict[str, dict[str, Any]]:
    """Bot turns (a bot in every seat, `BOT_TURNS`), paced at 60 fps as the app runs;
    a Hard bot (up to 1.5 s a decision) plays a quarter of `moves`.

    ``thinking``: the other frames of a bot's turn (a bot to act: waiting its pause,
    starting it, while it thinks and plays its move in the worker; the worst of them,
    wall and CPU); ``moving``: frames that took a bot's move (recording it, the view,
    the log, the table drawn anew); ``turn_worst``: the worst frame of either; the
    longest a bot thought.  The scene's first frame and the frame that ends the game (the
    game-over scene built) are left out.

    Where the worst frame's wall time went (``turn_worst_split``): the frame's own CPU,
    the other threads' CPU meanwhile (the bot thinking: the frame waited for the GIL while
    they ran) and the rest, when no thread of the process ran (the system ran others).
    ``period``: from one frame's start to the next's during bot turns (16.7 ms at 60 fps:
    longer when the loop waited to wake from its pause, for the GIL or the system).
    """
    import pygame

    from game.app import FPS
    from game.scenes.play import PlayScene
    from rules.core import Match, SeatConfig
    from rules.registry import TITLES

    app = _app()
    app.bot_delay = 0.05
    results: dict[str, dict[str, Any]] = {}
    for title_id, scenario, bot_id, in_quick in BOT_TURNS:
        if quick and not in_quick:
            continue
        title = TITLES[title_id]
        base = title.default_options(scenario)
        seats = {seat: SeatConfig(name=seat, bot=bot_id) for seat in title.seats(base)}
        play = PlayScene(app, Match(title, title.make_options(scenario, seats), seed=7), autosave=False)
        app.reset(play)
        app.frame(1 / FPS, events=[])  # the scene's entry (the whole table drawn): no bot's yet
        clock = pygame.time.Clock()
        thinking: list[tuple[float, float, float]] = []
        moving: list[tuple[float, float, float]] = []
        longest = 0.0
        periods: list[float] = []
        last_start: float | None = None
        wanted = moves if bot_id != "hard" else max(1, moves // 4)
        while len(play.match.actions) < wanted and (seat := play.match.to_act()) is not None:
            clock.tick(FPS)
            bots_turn, played = play.worker.thinking or play.match.is_bot(seat), len(play.match.actions)
            started, started_cpu, started_all = time.perf_counter(), time.thread_time(), time.process_time()
            if bots_turn and last_start is not None:
                periods.append((started - last_start) * 1000)
            last_start = started
            app.frame(1 / FPS, events=[])
            cpu = (time.thread_time() - started_cpu) * 1000
            others = (time.process_time() - started_all) * 1000 - cpu
            spent = ((time.perf_counter() - started) * 1000, cpu, others)
            if app.top is not play:
                break
            if len(play.match.actions) > played:
                moving.append(spent)
            elif bots_turn:
                thinking.append(spent)
            longest = max(longest, play.worker.last_seconds)
        play.worker.close()
        worst = max(thinking + moving, default=(0.0, 0.0, 0.0))
        results[f"{title_id}:{bot_id}"] = {
            "bot": bot_id,
            "scenario": scenario,
            "moves": len(play.match.actions),
            "thinking_frames": len(thinking),
            "thinking_worst_ms": max((wall for wall, _, _ in thinking), default=0.0),
            "thinking_cpu_worst_ms": max((cpu for _, cpu, _ in thinking), default=0.0),
            "moving_frames": len(moving),
            "moving_median_ms": statistics.median(wall for wall, _, _ in moving) if moving else 0.0,
            "moving_worst_ms": max((wall for wall, _, _ in moving), default=0.0),
            "moving_cpu_median_ms": statistics.median(cpu for _, cpu, _ in moving) if moving else 0.0,
            "moving_cpu_worst_ms": max((cpu for _, cpu, _ in moving), default=0.0),
            "turn_worst_ms": worst[0],
            "turn_cpu_worst_ms": max((cpu for _, cpu, _ in thinking + moving), default=0.0),
            "turn_worst_split": {
                "cpu_ms": worst[1],
                "other_threads_cpu_ms": worst[2],
                "not_running_ms": max(0.0, worst[0] - worst[1] - worst[2]),
            },
            "longest_think_ms": longest * 1000,
            "period_median_ms": statistics.median(periods) if periods else 0.0,
            "period_p99_ms": p99(periods) if periods else 0.0,
            "period_max_ms": max(periods, default=0.0),
        }
    return results


IDLE_GAME = """
import sys, time
import pygame
from game.app import App
from game.scenes.play import PlayScene
from game.scenes.play_files import bot_played_match
from game.settings import Settings
settle, seconds = float(sys.argv[2]), float(sys.argv[1])
app = App(Settings(window_size=(1600, 900)))
match = bot_played_match("stawka", "training-2", seed=7, steps=40)
app.reset(PlayScene(app, match, viewer=match.to_act(), autosave=False))
pygame.time.set_timer(pygame.QUIT, int((settle + seconds) * 1000), loops=1)
started, marks = time.perf_counter(), []
frame = app.frame

def marked(dt, events=None):
    frame(dt, events)
    if not marks and time.perf_counter() - started >= settle:
        marks.append((time.perf_counter(), time.process_time()))

app.frame = marked
app.run()
wall, cpu = marks[0]
print((time.process_time() - cpu) / (time.perf_counter() - wall))
"""


def measure_idle_cpu(seconds: float, settle: float = 1.0) -> float:
    """The share of one core an idle game keeps busy: the real loop (`App.run`) in a fresh
    process, a Stawka game on the large board waiting for its player, nobody touching it,
    measured over `seconds` after `settle` seconds."""
    import subprocess
    import sys

    from game.bench.startup import child_env

    result = subprocess.run(
        [sys.executable, "-c", IDLE_GAME, str(seconds), str(settle)],
        env={**child_env(), "SIATKA_HOME": tempfile.mkdtemp(prefix="siatka-bench-idle-")},
        capture_output=True,
        text=True,
        check=True,
    )
    return float(result.stdout.strip().splitlines()[-1])
