"""The log panel's update after each action of a game (new lines translated, wrapped and
drawn), and the play scene's part of a return from the curtain."""

from __future__ import annotations

import statistics
import time
from typing import TYPE_CHECKING

from game.bench.frames import p99

if TYPE_CHECKING:
    import pygame

    from game.scenes.play import PlayScene


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
            "p99": p99(times),
            "curtain_return_ms": _curtain_return(scene, target),
        }
    return figures


def _curtain_return(scene: PlayScene, target: pygame.Surface) -> float:
    """Median ms of the play scene coming back from the curtain for the next seat."""
    seats = scene.match.seats()
    times = []
    for turn in range(7):
        scene.viewer = None  # as the curtain leaves it (`HandOver.curtain`)
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
