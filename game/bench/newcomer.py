"""The first hour, scripted (issue 30, point 7): a newcomer who clicks only what the guide
rings, from the main menu to a first meaningful move of each title.

`walk` drives the real scenes headless, as a person would with the mouse: "New game",
the title, "Start" (or the menu's quick match), then in the game the first thing each
guide mark holds (`CoachMark.targets`), waiting meanwhile for the computer and the
table; it stops at the person's first move that counts (`MEANINGFUL`: a piece moved, a
card swapped, an operative assigned), or when the guide has nothing to ring while it is
the person's turn (the walk failed: `Walk.reached` is False and `Walk.why` says where).
`python -m game bench` reports the clicks it took (`measure_first_hour`); the tests
check them and, at each mark, what the bubble leaves in sight.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

MEANINGFUL: dict[str, frozenset[str]] = {
    "stawka": frozenset({"move"}),
    "curfew": frozenset({"move"}),
    "doppelnull": frozenset({"swap"}),
    "island": frozenset({"roll", "ride", "jump"}),
    "queen-of-spies": frozenset({"assign"}),
}
"""Per title, the action types that are a first meaningful move (issue 30: "a move of a
piece, a swap, a check"); a title not listed here (a new one) counts its first action."""
STARTS = ("new_game", "quick")
WAIT_FRAMES = 3000
"""How many frames the newcomer waits at most for the computer or the table (at the
instant animation speed a computer's turn takes a few)."""
MOST_CLICKS = 40
"""A walk that needs more has gone wrong: it stops."""


@dataclass
class Walk:
    """How a newcomer's walk went."""

    title: str
    start: str
    clicks: int = 0
    reached: bool = False
    why: str = ""
    marks: list[str] = field(default_factory=list)
    """The guide's sentences, in the order the newcomer followed them."""


Seen = Callable[[Any, Any], None]
"""Called with the play scene and the mark before each click on a mark (tests check the
bubble, the gallery takes a picture)."""


class Hand:
    """The newcomer's mouse: clicks at logical points of the app's window, then lets the
    frames run (pygame_gui answers a click with events of its own the next frame)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.clicks = 0

    def frames(self, count: int = 2) -> None:
        from game.scenes.play import PlayScene

        for _ in range(count):
            self.app.frame(1 / 60)
            top = self.app.top
            if isinstance(top, PlayScene) and top.worker.thinking:
                top.worker.wait(60.0)

    def click_at(self, logical: tuple[int, int]) -> None:
        import pygame

        pos = self.app.logical_to_window(logical)
        for kind, extra in (
            (pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
            (pygame.MOUSEBUTTONDOWN, {"button": 1}),
            (pygame.MOUSEBUTTONUP, {"button": 1}),
        ):
            pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
        self.clicks += 1
        self.frames(2)

    def click(self, widget: Any) -> None:
        self.click_at(widget.rect.center)


def walk(
    app: Any, title_id: str, start: str = "new_game", seed: int | None = None, seen: Seen | None = None
) -> Walk:
    """A newcomer's walk in `app` (the guide on, as at a first start) from the main menu to
    a first meaningful move of `title_id` (see the module); `seed` fixes the game's deal."""
    from game.scenes.menu import MenuScene
    from game.scenes.play import PlayScene
    from game.scenes.setup import SetupScene

    hand = Hand(app)
    result = Walk(title_id, start)
    menu = MenuScene(app)
    menu.seed = seed
    app.reset(menu)
    hand.frames(2)
    if start == "quick":
        hand.click(menu.buttons["quick"])
    else:
        hand.click(menu.buttons["new_game"])
        setup = app.top
        assert isinstance(setup, SetupScene)
        hand.click(next(widget for widget, shown in setup.title_buttons.items() if shown == title_id))
        setup.seed = seed
        assert setup.start is not None
        hand.click(setup.start)
    clicked_at: int | None = None
    """How many actions the game had when the person last clicked a mark."""
    while hand.clicks < MOST_CLICKS:
        scene = _wait_for_the_person(hand, clicked_at)
        result.clicks = hand.clicks
        if not isinstance(scene, PlayScene):
            result.why = f"no game to play: {type(scene).__name__}"
            return result
        if _meaningful(scene, clicked_at):
            result.reached = True
            return result
        mark = scene.coach_mark()
        if mark is None:
            result.why = f"nothing ringed at {type(scene.screen).__name__}: {scene.status()}"
            return result
        if seen is not None:
            seen(scene, mark)
        result.marks.append(mark.text)
        clicked_at = len(scene.match.actions)
        hand.click_at(mark.targets[0].center)
    result.clicks = hand.clicks
    result.why = f"more than {MOST_CLICKS} clicks"
    return result


def _wait_for_the_person(hand: Hand, clicked_at: int | None) -> Any:
    """The play scene once its person is to act and the table has shown what happened (the
    computer's moves, an animation), or whatever scene stands on top instead."""
    from game.scenes.play import PlayScene

    for _ in range(WAIT_FRAMES):
        scene = hand.app.top
        if not isinstance(scene, PlayScene):
            return scene
        ready = scene.my_turn() and not scene.screen.busy() and scene.seating.handing_to is None
        if ready and (scene.coach_mark() is not None or _meaningful(scene, clicked_at)):
            return scene
        hand.frames(1)
    return hand.app.top


def _meaningful(scene: Any, clicked_at: int | None) -> bool:
    """Whether the person's last click on a mark took a meaningful action (the first
    action after it is theirs: the computer moves only after)."""
    actions = scene.match.actions
    if clicked_at is None or len(actions) <= clicked_at:
        return False
    kinds = MEANINGFUL.get(scene.match.title.id)
    return kinds is None or getattr(actions[clicked_at], "type", None) in kinds


def measure_first_hour(
    titles: tuple[str, ...] | None = None, seeds: tuple[int, ...] = (1, 2, 3)
) -> dict[str, Any]:
    """Clicks from "New game" to the first meaningful move of each title (and Doppelnull's
    from the menu's quick match), per seed, in a fresh data folder each: the most of the
    seeds, and whether every walk got there."""
    from game.app import App
    from game.settings import Settings
    from rules.registry import TITLES

    results: dict[str, Any] = {}
    cases = [(title_id, "new_game") for title_id in (titles or tuple(sorted(TITLES)))]
    cases.append(("doppelnull", "quick"))
    home = os.environ.get("SIATKA_HOME")
    try:
        for title_id, start in cases:
            clicks, reached, why = [], True, ""
            for seed in seeds:
                with tempfile.TemporaryDirectory() as folder:
                    os.environ["SIATKA_HOME"] = folder
                    app = App(Settings(window_size=(1600, 900), animation_speed=0.0))
                    app.bot_delay = 0.0
                    done = walk(app, title_id, start, seed)
                    while app.scenes:
                        app.scenes.pop().exit()
                clicks.append(done.clicks)
                if not done.reached:
                    reached, why = False, done.why
            name = title_id if start == "new_game" else f"{title_id} (quick match)"
            results[name] = {"clicks": clicks, "most": max(clicks), "reached": reached, "why": why}
    finally:
        if home is None:
            os.environ.pop("SIATKA_HOME", None)
        else:
            os.environ["SIATKA_HOME"] = home
    return results


def first_hour_text(report: dict[str, Any]) -> list[str]:
    lines = [
        'First hour (issue 30): clicks from "New game" to a first meaningful move, clicking only what'
        " the guide rings (most; each seed):"
    ]
    for case, figures in report.items():
        got = "reached" if figures["reached"] else f"NOT reached ({figures['why']})"
        runs = ", ".join(str(n) for n in figures["clicks"])
        lines.append(f"  {case:<28} most {figures['most']:>2}  ({runs}); {got}")
    return lines
