"""A search bot for every title: information-set Monte-Carlo tree search over sampled worlds.

The bot sees only its seat's `InformationSet` (`rules.core.bots`): it never reads the
state, it samples worlds the seat cannot tell apart from it, re-dealt by the title's
`scramble` with the dice still to come drawn from the bot's own generator.  Each
iteration of the search (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012,
open loop):

1. samples one world;
2. walks down the tree of action sequences from the decision at hand, taking in each
   node only the children whose action is legal in this world (the others were not
   available: a child's exploration counts the times it was), by UCB1 on the value of
   the seat that moves there;
3. adds one child: the next action of the node's order (the title's ranking, its
   heuristic's choice first), as many children as the node's visits allow (progressive
   widening: a node visited n times opens about ``WIDENING * sqrt(n)`` of them);
4. plays on from there with the title's heuristic bots for every seat, at most
   `SearchPolicy.horizon` actions, and scores the end with the title's evaluation: one
   value per seat, 1 a win and 0 a loss (a finished game scores its outcome);
5. backs the values up the path.

The choice is the root child visited most.  A title provides the heuristic, the
evaluation, the ranking and the horizon as a `SearchPolicy` and makes its Hard level a
`SearchBot`.  The search thinks until its `Budget` runs out: a number of iterations, and
a time limit, which games played for figures (`simulate`, tests) switch off with
`reproducible()` so that the same seeds give the same games.
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

EXPLORATION = 0.7
"""UCB1's exploration constant, for values between 0 and 1."""
WIDENING = 1.0
"""A node visited n times opens about this times sqrt(n) children (at least one)."""
DRAW = 0.5
"""A drawn game's value for every seat, and a solo game's when no evaluation says more."""

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
    (``None``: no clock)."""

    iterations: int
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError("a search needs at least one iteration")


class SearchPolicy(Protocol[S, A]):
    """What a title gives its search: its heuristic, an evaluation, a ranking, a horizon."""

    horizon: int
    """Actions played out by the heuristic after the tree before the evaluation."""

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


class _Node(Generic[A]):
    """One action sequence from the decision at hand (open loop: no state kept)."""

    __slots__ = ("available", "children", "order", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[A, _Node[A]] = {}
        self.order: list[A] | None = None
        """The actions this node opens, in the order it opens them (ranked on first visit)."""
        self.visits = 0
        self.available = 0
        """Iterations in which this node's action was legal where its parent was reached."""
        self.total = 0.0
        """Sum of the values backed up, for the seat that chose this node's action."""

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class SearchBot(Generic[S, A]):
    """The Hard level of a title: ISMCTS (see the module's docstring) for `seat`."""

    def __init__(
        self, title: Title[S, A, Any], policy: SearchPolicy[S, A], seat: Seat, budget: Budget
    ) -> None:
        self.title = title
        self.policy = policy
        self.seat = seat
        self.budget = budget
        self.last_iterations = 0
        """How many iterations the last decision took (the benchmark reports them)."""

    def choose_in(self, info: InformationSet[S], legal: Sequence[A], dice: Dice) -> A:
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root: _Node[A] = _Node()
        root.order = self.policy.rank(info.view, legal, info.seat, dice) or list(legal[:1])
        deadline = None
        if self.budget.seconds is not None and not _CLOCK_FREE.get():
            deadline = time.perf_counter() + self.budget.seconds
        iterations = 0
        while iterations < self.budget.iterations:
            self._iterate(root, info.sample(dice), dice)
            iterations += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = iterations
        return max(root.order, key=lambda a: _visits(root, a))

    # -- one iteration ------------------------------------------------------------------

    def _iterate(self, root: _Node[A], world: S, dice: Dice) -> None:
        title = self.title
        path: list[tuple[_Node[A], Seat]] = []
        node, state = root, world
        while (seat := title.to_act(state)) is not None:
            legal = title.legal_actions(state)
            if node.order is None:
                node.order = self.policy.rank(title.view(state, seat), legal, seat, dice) or legal[:1]
            action, expanded = self._select(node, legal)
            if action is None:
                break
            node = node.children[action]
            path.append((node, seat))
            state, _ = title.apply(state, action)
            if expanded:
                break
        values = self._play_out(state, dice)
        root.visits += 1
        for visited, mover in path:
            visited.visits += 1
            visited.total += values.get(mover, DRAW)

    def _select(self, node: _Node[A], legal: Sequence[A]) -> tuple[A | None, bool]:
        """The child to go down to and whether it is new (opened now); (None, False) when
        no action of the node's order is legal in this world."""
        assert node.order is not None
        legal_now = set(legal)
        present = [(action, child) for action, child in node.children.items() if action in legal_now]
        allowed = max(1, math.ceil(WIDENING * math.sqrt(node.visits)))
        if len(node.children) < allowed or not present:
            for action in node.order:
                if action in legal_now and action not in node.children:
                    node.children[action] = _Node()
                    node.children[action].available = 1
                    return action, True
        if not present:
            return None, False
        for _, child in present:
            child.available += 1
        return max(present, key=lambda item: _ucb(item[1]))[0], False

    def _play_out(self, state: S, dice: Dice) -> Mapping[Seat, float]:
        title = self.title
        for _ in range(self.policy.horizon):
            seat = title.to_act(state)
            if seat is None:
                break
            # A sampled world may be read whole: the view is built outright, not lazily.
            action = self.policy.rollout_bot(seat).choose(
                title.view(state, seat), title.legal_actions(state), dice
            )
            state, _ = title.apply(state, action)
        return self.policy.evaluate(title, state)


def _ucb(node: _Node[Any]) -> float:
    if node.visits == 0:
        return math.inf
    return node.mean() + EXPLORATION * math.sqrt(math.log(max(node.available, 1)) / node.visits)


def _visits(root: _Node[Any], action: Any) -> tuple[int, float]:
    child = root.children.get(action)
    return (child.visits, child.mean()) if child is not None else (0, 0.0)
