"""A bot thinks in a worker thread: the frames go on, Esc and F1 answer, a ring turns."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Sequence
from typing import Any

import pygame
import pytest

from game.app import App
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.play_bar import MARKER_X
from game.ui.theme import PALETTE
from rules.core import Dice, Match, SeatConfig
from tests.driver import Driver
from tests.toy_title import TOY, ToyState

pytestmark = pytest.mark.usefixtures("toy_registered")


@pytest.fixture
def driver(app: App) -> Driver:
    """Frames that go on while the bot thinks: what these tests look at."""
    driver = Driver(app)
    driver.wait_for_bots = False
    return driver


class SlowBot:
    """Picks 1, but only once the test lets it: it thinks for as long as the test needs."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.answer = threading.Event()
        self.threads: list[threading.Thread] = []
        """The thread of each choice."""

    def choose(self, view: Any, legal: Sequence[Any], dice: Dice) -> Any:
        self.threads.append(threading.current_thread())
        self.asked.set()
        assert self.answer.wait(timeout=10), "the test never let the bot answer"
        return next(a for a in legal if a.type == "pick")


def bot_game(app: App) -> tuple[PlayScene, SlowBot]:
    """Ola (even) against a slow bot (odd), the bot to move first."""
    seats = {"odd": SeatConfig(name="Bot", bot="random"), "even": SeatConfig(name="Ola")}
    play = PlayScene(app, Match(TOY, TOY.options_model(seats=seats), seed=5))
    bot = SlowBot()
    play.bots["odd"] = bot
    app.reset(MenuScene(app))
    app.push(play)
    return play, bot


def test_the_frames_go_on_and_answer_while_a_bot_thinks(app: App, driver: Driver) -> None:
    play, bot = bot_game(app)
    started = time.perf_counter()
    driver.frames(1)
    assert bot.asked.wait(timeout=5) and play.worker.thinking
    assert time.perf_counter() - started < 5, "the frame did not wait for the bot"
    driver.key(pygame.K_F1)
    assert play.help_open, "F1 opens help while the bot thinks"
    driver.key(pygame.K_ESCAPE)
    assert not play.help_open, "Esc closes it"
    slot = play.player_slots()[0]  # the bot's place on the players' line: it sits first
    dots = [(round(7 * math.cos(math.pi * k / 4)), round(7 * math.sin(math.pi * k / 4))) for k in range(8)]
    ring = [app.canvas.get_at((slot.x + MARKER_X + dx, slot.centery + dy))[:3] for dx, dy in dots]
    assert PALETTE["brass"] in ring, "a ring of dots turns where the ▶ was"
    assert play.match.actions == []
    bot.answer.set()
    play.worker.wait(5)
    driver.frames(1)
    assert [a.model_dump() for a in play.match.actions] == [{"type": "pick", "number": 1}]


def test_a_choice_for_a_game_left_behind_is_dropped(app: App, driver: Driver) -> None:
    play, bot = bot_game(app)
    driver.frames(1)
    assert bot.asked.wait(timeout=5)
    driver.click(play.controls["menu"])
    assert isinstance(app.top, MenuScene) and not play.worker.thinking
    bot.answer.set()
    driver.frames(3)
    assert play.match.actions == [], "nobody plays the move of a game that was left"


def test_a_bot_still_thinking_in_a_game_left_keeps_no_other_bot_waiting(app: App, driver: Driver) -> None:
    left, first = bot_game(app)
    driver.frames(1)
    assert first.asked.wait(timeout=5)
    driver.click(left.controls["menu"])
    play, second = bot_game(app)
    driver.frames(1)
    try:
        assert second.asked.wait(timeout=5), "the new game's bot thinks at once"
    finally:
        first.answer.set()
    second.answer.set()
    play.worker.wait(5)
    driver.frames(1)
    assert [a.model_dump() for a in play.match.actions] == [{"type": "pick", "number": 1}]
    assert left.match.actions == []


def test_the_worker_plays_the_move_and_the_frame_only_records_it(
    app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    play, bot = bot_game(app)
    start = play.match.state
    assert isinstance(start, ToyState)
    driver.frames(1)
    assert bot.asked.wait(timeout=5)
    bot.answer.set()
    play.worker.wait(5)

    def not_here(*args: object) -> None:
        raise AssertionError("the frame applied the bot's move itself")

    monkeypatch.setattr(TOY, "apply", not_here)
    driver.frames(1)
    monkeypatch.undo()
    expected, events = TOY.apply(start, {"type": "pick", "number": 1})
    assert [a.model_dump() for a in play.match.actions] == [{"type": "pick", "number": 1}]
    assert play.match.state == expected and play.match.log[-len(events) :] == events


def test_a_move_the_rules_refuse_is_told_and_changes_nothing(app: App, driver: Driver) -> None:
    play, bot = bot_game(app)
    bot.answer.set()
    play.bots["odd"] = type(
        "Wrong", (), {"choose": lambda self, view, legal, dice: {"type": "pick", "number": 9}}
    )()
    driver.frames(1)
    play.worker.wait(5)
    driver.frames(1)
    assert play.match.actions == [] and not play.worker.thinking
    assert [toast.kind for toast in play.toasts.items] == ["error"]


def test_a_game_s_bots_think_in_one_thread_that_ends_when_the_game_is_left(app: App, driver: Driver) -> None:
    play, bot = bot_game(app)
    play.bots["even"] = bot  # both seats the computer's
    bot.answer.set()
    for _ in range(2):
        driver.frames(1)
        play.worker.wait(5)
        driver.frames(1)
    assert len(play.match.actions) == 2 and len(bot.threads) == 2
    thread = bot.threads[0]
    assert bot.threads[1] is thread is not threading.current_thread(), "one worker thread, handed each move"
    assert thread.is_alive(), "it waits for the next move"
    driver.click(play.controls["menu"])
    thread.join(timeout=5)
    assert not thread.is_alive(), "the game left, its thread ends"
