"""A search bot for every title: determinised Monte-Carlo search over sampled worlds.

The bot sees only its seat's `InformationSet` (`rules.core.bots`): it never reads the
state, it samples worlds the seat cannot tell apart from it, re-dealt by the title's
`scramble` with the dice still to come drawn from the bot's own generator.  It improves
on the title's heuristic by trying it out (a rollout search, Tesauro and Galperin 1996,
over determinisations as in Cowling, Powley and Whitehouse 2012):

1. the title ranks the legal actions (its heuristic's choice first) and the search keeps
   the first `SearchPolicy.candidates`;
2. each iteration samples one world and, for every candidate, plays it there and then
   plays on with the heuristic for every seat, at most `SearchPolicy.horizon` actions
   (the title may play further at some decisions, e.g. to the end of the game),
   with the same dice after every candidate (common random numbers: the candidates are
   compared on the same luck, which a budget of a few dozen play-outs needs);
3. the end of a play-out is scored by the title's evaluation: each seat's chance to win,
   1 a win and 0 a loss (a finished game scores its outcome).

The choice is the candidate with the best mean, the heuristic's own by `TRUST` ahead and
by `SearchPolicy.confidence` standard errors of the paired differences (each world plays
every candidate): the search leaves the heuristic only when the play-outs say clearly
that another move is better, however noisy the title's outcomes.  A full tree (ISMCTS)
was tried first: with the play-outs Stawka's heuristic affords in 2 s (about 40) it
spread them over too many moves and lost to the heuristic (6 games of 20); comparing a
few candidates on common worlds does not.

A title provides the heuristic, the evaluation, the ranking and the horizon as a
`SearchPolicy` and makes its Hard level a `SearchBot`.  The search thinks until its
`Budget` runs out: a number of worlds, and a time limit (a world the clock overtakes is
dropped, and with none in time the heuristic's move is played), which games played for
figures (`simulate`, tests) switch off with `reproducible()` so that the same seeds give
the same games.  A search the clock cut short after fewer than `Budget.least_when_cut`
worlds plays the heuristic's move: on a slow machine Hard plays at least its heuristic.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from rules.core.bots import Bot, InformationSet
from rules.core.model import GameState, Seat
from rules.core.rng import Dice
from rules.core.title import Title

S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=BaseModel)

TRUST = 0.02
"""How much better in win chance another move must do than the heuristic's own."""
DRAW = 0.5
"""A drawn game's value for every seat, and a solo game's when no evaluation says more."""

clock = time.perf_counter
"""The clock a search's time limit reads (a test may replace it)."""

_CLOCK_FREE: ContextVar[bool] = ContextVar("search_clock_free", default=False)


@contextmanager
def reproducible() -> Iterator[None]:
    """Search by iterations only, ignoring the clock (simulations and tests): the same
    seeds then give the same games on any machine, however busy."""
    token = _CLOCK_FREE.set(True)
    try:
        yield
    finally:
        _CLOCK_FREE.reset(token)


@dataclass(frozen=True)
class Budget:
    """How long one decision may take: `iterations`, and at most `seconds` on the clock
    (``None``: no clock).  From `settled_after` worlds on (``None``: never) the search
    stops as soon as no other candidate's mean is ahead of the heuristic's by `TRUST`:
    the heuristic's move would be played then, and the worlds left seldom make another
    clearly better (the thinking goes to the decisions where one is ahead)."""

    iterations: int
    seconds: float | None = None
    settled_after: int | None = None
    least_when_cut: int = 3
    """Worlds a search the clock cut short must have compared to play another move than
    the heuristic's: on fewer the play-outs say too little, and Hard plays its heuristic's
    move, as with none (a slow or busy computer gets the heuristic at least)."""

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError("a search needs at least one iteration")


class SearchPolicy(Protocol[S, A]):
    """What a title gives its search: its heuristic, an evaluation, a ranking, a horizon."""

    def horizon(self, view: BaseModel) -> int:
        """Actions played out by the heuristic after a candidate, before the evaluation, at
        the decision `view` shows."""
        ...

    candidates: int
    """The most actions compared at one decision (the first of `rank`)."""
    confidence: float
    """Standard errors of its paired difference by which another action's mean must beat
    the heuristic's, on top of `TRUST` (0: the means alone decide)."""

    def rollout_bot(self, seat: Seat) -> Bot[A]:
        """The bot that plays `seat` in the play-outs (the title's heuristic)."""
        ...

    def evaluate(self, title: Title[S, Any, Any], world: S) -> Mapping[Seat, float]:
        """Each seat's chance to win from `world` (a sampled world, so it may read all of
        it), between 0 and 1; a finished game's outcome (`outcome_values`)."""
        ...

    def rank(self, view: BaseModel, legal: Sequence[A], seat: Seat, dice: Dice) -> list[A]:
        """The actions worth trying, best first (the heuristic's choice first); the search
        tries no other.  `view` is `seat`'s."""
        ...


def outcome_values(title: Title[Any, Any, Any], state: GameState) -> dict[Seat, float] | None:
    """A decided game's value per seat: 1 a winner, 0 a loser, `DRAW` in a draw; None
    while the game is undecided."""
    outcome = title.outcome(state)
    if outcome is None:
        return None
    seats = title.to_act(state), *outcome.scores, *outcome.winners
    if outcome.draw or not outcome.winners:
        return {seat: DRAW for seat in seats if seat is not None}
    return {seat: 1.0 if seat in outcome.winners else 0.0 for seat in seats if seat is not None}


class SearchBot(Generic[S, A]):
    """The Hard level of a title: the search of the module's docstring, for `seat`."""

    def __init__(
        self, title: Title[S, A, Any], policy: SearchPolicy[S, A], seat: Seat, budget: Budget
    ) -> None:
        self.title = title
        self.policy = policy
        self.seat = seat
        self.budget = budget
        self.last_iterations = 0
        """How many worlds the last decision looked at (the benchmark reports them)."""
        self.last_cut = False
        """Whether the clock stopped the last decision's search before its worlds were done."""

    def choose_in(self, info: InformationSet[S], legal: Sequence[A], dice: Dice) -> A:
        self.last_iterations = 0
        self.last_cut = False
        if len(legal) == 1:
            return legal[0]
        deadline = None
        if self.budget.seconds is not None and not _CLOCK_FREE.get():
            deadline = clock() + self.budget.seconds
        candidates = self.policy.rank(info.view, legal, info.seat, dice)[: self.policy.candidates]
        if len(candidates) < 2:
            return candidates[0] if candidates else legal[0]
        horizon = self.policy.horizon(info.view)
        values: list[list[float]] = [[] for _ in candidates]
        worlds = 0
        slowest = 0.0
        while worlds < self.budget.iterations:
            began = clock()
            world = info.sample(dice)
            stream = dice.next64()
            row: list[float] = []
            for action in candidates:
                # The same world and the same dice after every candidate: only the
                # candidate differs between them (common random numbers).
                state, _ = self.title.apply(world, action)
                reached = self._play_out(state, Dice(stream), horizon, deadline)
                if reached is None:
                    break
                row.append(reached.get(info.seat, DRAW))
            if len(row) < len(candidates):
                self.last_cut = True
                break  # Out of time: a world is compared whole or not at all.
            for column, value in zip(values, row, strict=True):
                column.append(value)
            worlds += 1
            if self._settled(values):
                break
            # None is begun that the slowest so far says would end too late.
            now = clock()
            slowest = max(slowest, now - began)
            if deadline is not None and now + slowest > deadline and worlds < self.budget.iterations:
                self.last_cut = True
                break
        self.last_iterations = worlds
        if worlds == 0 or (self.last_cut and worlds < self.budget.least_when_cut):
            return candidates[0]  # Too few worlds in time (a busy machine): the heuristic's.
        return candidates[self._pick(values)]

    def _settled(self, values: Sequence[Sequence[float]]) -> bool:
        """Whether the heuristic's move leads enough to stop early (`Budget.settled_after`)."""
        least = self.budget.settled_after
        worlds = len(values[0])
        if least is None or worlds < least:
            return False
        return max(sum(row) for row in values[1:]) <= sum(values[0]) + TRUST * worlds

    def _pick(self, values: Sequence[Sequence[float]]) -> int:
        """The candidate chosen from each one's values on the same worlds (the docstring's
        rule): the best mean among the heuristic's and those clearly ahead of it."""
        worlds = len(values[0])
        means = [sum(row) / worlds for row in values]
        adjusted = [means[0] + TRUST]
        for row, mean in zip(values[1:], means[1:], strict=True):
            margin = means[0] + TRUST + self.policy.confidence * _paired_error(row, values[0])
            adjusted.append(mean if mean > margin else -math.inf)
        return max(range(len(values)), key=adjusted.__getitem__)

    def _play_out(
        self, state: S, dice: Dice, horizon: int, deadline: float | None
    ) -> Mapping[Seat, float] | None:
        """The evaluation where the heuristic's play-out from `state` stops after `horizon`
        actions; None if the clock passes `deadline` first (the thinking time is a limit,
        not a wish)."""
        title = self.title
        for _ in range(horizon):
            seat = title.to_act(state)
            if seat is None:
                break
            if deadline is not None and clock() > deadline:
                return None
            legal = title.legal_actions(state)
            if len(legal) == 1:
                action = legal[0]  # Nothing to choose: no view to build (a third of a race's).
            else:
                # A sampled world may be read whole: the view is built outright, not lazily.
                action = self.policy.rollout_bot(seat).choose(title.bot_view(state, seat), legal, dice)
            state, _ = title.apply(state, action)
        return self.policy.evaluate(title, state)


def _paired_error(row: Sequence[float], base: Sequence[float]) -> float:
    """The standard error of the mean of ``row - base``, world by world (0 from one world)."""
    count = len(row)
    if count < 2:
        return 0.0
    differences = [a - b for a, b in zip(row, base, strict=True)]
    mean = sum(differences) / count
    variance = sum((d - mean) ** 2 for d in differences) / (count - 1)
    return math.sqrt(variance / count)
