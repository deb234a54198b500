"""A computer player thinks, and its move is played, in a worker thread, so the frame
loop goes on meanwhile.

The play scene hands the worker the bot, the state (immutable) and the bot's own dice,
and asks each frame whether the move is ready; the table keeps animating and Esc, F1
and the buttons keep answering while a slow bot (Doppelnull's expert, a search) thinks.
The worker applies the chosen action too (`Title.apply`), so the frame that takes the
move only records it (`Match.record`) and draws.  A move made for a state that is no longer the game's
(the scene was left) is dropped; each game has a worker thread of its own, started at its
bot's first move and ended when the game is left (`close`), so a bot of a game that was
left, still thinking, keeps no other game's bot waiting.  The thread waits for the next
move between moves: starting a thread makes the starting frame wait until the system
runs it (tens of ms on a busy machine), handing it a move does not.

While a bot thinks the interpreter switches threads every `SWITCH_SECONDS` instead of
every 5 ms, so the frame loop never waits long for its turn to run Python.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from concurrent.futures import Future
from concurrent.futures import wait as wait_for
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from rules.core import AnyBot, Dice, Event, GameState, IllegalAction, Match, Seat, Title, seed_state

SWITCH_SECONDS = 0.0005
"""The interpreter's thread switch interval while a bot thinks (a frame takes the GIL
back within this)."""


@dataclass(frozen=True)
class BotMove:
    """A bot's choice and, when the rules took it, the state and events it led to."""

    action: BaseModel | dict[str, Any]
    """As the bot gave it."""
    played: tuple[BaseModel, GameState, list[Event]] | None
    """The action as the rules read it (`Title.parse_action`), the state and the events
    it led to; None when the rules refused it (the frame submits it to say why)."""


class BotWorker:
    """One bot's move at a time, chosen and applied in the worker thread."""

    def __init__(self) -> None:
        self._future: Future[Any] | None = None
        self._state: GameState | None = None
        self._moves: queue.SimpleQueue[_Move | None] | None = None
        """What the thread is handed: a move to make, or None to end."""
        self._switch = sys.getswitchinterval()
        self.last_seconds = 0.0
        """How long the last choice taken took to think (the benchmark reports the longest)."""

    @property
    def thinking(self) -> bool:
        """Whether a choice was asked for and not yet taken."""
        return self._future is not None

    def start(self, title: Title[Any, Any, Any], bot: AnyBot, state: GameState, dice: Dice) -> None:
        """Let `bot` choose for the seat to act in `state` (`Title.bot_action`), in the worker.

        `dice` is the bot's own: the worker alone uses it until the choice is taken."""
        if self._future is not None:
            raise RuntimeError("a bot is already thinking")
        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_SECONDS)
        self._state = state
        future: Future[Any] = Future()
        self._future = future
        if self._moves is None:
            self._moves = queue.SimpleQueue()
            threading.Thread(target=_serve, args=(self._moves,), name="siatka-bot", daemon=True).start()
        self._moves.put((future, title, bot, state, dice))

    def take(self, state: GameState) -> BotMove | None:
        """The move once made, if the game is still at `state`; None while the bot thinks
        (the frame never waits for it).

        A move for another state is dropped.  An error the bot raised is raised here."""
        future = self._future
        if future is None or not future.done():
            return None
        thought_of = self._state
        self.cancel()
        move, self.last_seconds = future.result()
        return move if thought_of is state else None

    def wait(self, timeout: float) -> None:
        """Wait until the choice is made (`timeout` seconds at most): what a test does, a
        person at the screen plays frames meanwhile."""
        if self._future is not None:
            wait_for([self._future], timeout=timeout)

    def cancel(self) -> None:
        """Forget the choice being made (the thread finishes it; nobody takes it)."""
        if self._future is not None:
            sys.setswitchinterval(self._switch)
        self._future, self._state = None, None

    def close(self) -> None:
        """The game is left: forget the choice being made; the thread ends once it is made."""
        self.cancel()
        if self._moves is not None:
            self._moves.put(None)
            self._moves = None


_Move = tuple[Future[Any], Title[Any, Any, Any], AnyBot, GameState, Dice]


def _serve(moves: queue.SimpleQueue[_Move | None]) -> None:
    """The worker thread: the moves it is handed, one after the other, until told to end."""
    while (move := moves.get()) is not None:
        _think(*move)


def _think(
    future: Future[Any], title: Title[Any, Any, Any], bot: AnyBot, state: GameState, dice: Dice
) -> None:
    """In the worker: the bot's move and the seconds it took to choose, or the error it
    raised."""
    future.set_running_or_notify_cancel()
    started = time.perf_counter()
    try:
        action: BaseModel | dict[str, Any] = title.bot_action(bot, state, dice)
        thought = time.perf_counter() - started
        try:
            parsed = title.parse_action(action)
            after, events = title.apply(state, parsed)
        except IllegalAction:
            future.set_result((BotMove(action, None), thought))
            return
    except BaseException as err:  # handed to the frame that takes the move
        future.set_exception(err)
    else:
        future.set_result((BotMove(action, (parsed, after, events)), thought))


class HintWorker:
    """Works out a hint (`Title.hint`: what the strongest computer level would do, from
    the person's view only) in a thread of its own, so the frames go on meanwhile."""

    def __init__(self) -> None:
        self.job: tuple[object, threading.Thread, list[BaseModel]] | None = None
        """The hint being worked out: for which state, its thread, where it puts the action."""

    def start(self, match: Match) -> bool:
        """Start working out a hint for the seat to act in `match`; False when one for
        this state is already being worked out."""
        state = match.state
        if self.job is not None and self.job[0] is state:
            return False
        seat, title = match.to_act(), match.title
        assert seat is not None
        dice = Dice(seed_state(match.seed ^ 0x417 ^ len(match.actions)))
        found: list[BaseModel] = []
        worker = threading.Thread(target=lambda: found.append(title.hint(state, seat, dice)), daemon=True)
        self.job = (state, worker, found)
        worker.start()
        return True

    def take(self, state: object) -> BaseModel | None:
        """The hint once it is worked out, if it was for `state` (one that came late is
        dropped); None meanwhile."""
        if self.job is None or self.job[1].is_alive():
            return None
        asked, _, found = self.job
        self.job = None
        return found[0] if asked is state and found else None

    def drop(self) -> None:
        """Nobody waits for the hint being worked out any more."""
        self.job = None

    def wait(self, seconds: float) -> None:
        """Wait at most `seconds` for the hint being worked out (tests)."""
        if self.job is not None:
            self.job[1].join(seconds)


class BotSeats:
    """The computer players of one game: each seat's bot, their own dice, the short delay
    before a move, and the worker they think in (`BotWorker`)."""

    def __init__(self, match: Match, automated: frozenset[Seat]) -> None:
        self.bots: dict[Seat, AnyBot] = {
            seat: match.title.make_bot(config.bot, seat)
            for seat, config in match.options.seats.items()
            if config.bot is not None and seat not in automated
        }
        self.dice = Dice(seed_state(match.seed ^ 0xB07))
        self.wait = 0.0
        """Seconds the bot to act has waited before it starts to think."""
        self.worker = BotWorker()

    def to_act(self, match: Match) -> Seat | None:
        """The seat to act in `match` when a bot plays it."""
        seat = match.to_act()
        return seat if seat is not None and seat in self.bots else None

    def tick(self, match: Match, dt: float, delay: float) -> None:
        """Time passes while a bot is to act: after `delay` seconds it starts to think."""
        seat = self.to_act(match)
        if seat is None:
            return
        self.wait += dt
        if self.wait >= delay:
            self.wait = 0.0
            self.worker.start(match.title, self.bots[seat], match.state, self.dice)


def left_to_computer(match: Match, seat: Seat, kinds: frozenset[str]) -> tuple[BaseModel, ...]:
    """The decisions of `kinds` `seat` leaves to the computer (`LeaveToComputer`), as the
    title's default level takes them one after the other from the seat's view, each applied
    by the rules to the state the last one left (the game itself is untouched until the
    play scene submits them).  The bot's dice are the game's seed and the move's number."""
    title = match.title
    bot = title.make_bot(title.default_bot, seat)
    dice = Dice(seed_state(match.seed ^ len(match.actions)))
    state, actions = match.state, []
    while title.to_act(state) == seat:
        decision = title.decision(state)
        if decision is None or decision.kind not in kinds:
            break
        action = title.bot_action(bot, state, dice)
        state, _ = title.apply(state, action)
        actions.append(action)
    return tuple(actions)
