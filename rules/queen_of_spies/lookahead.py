"""The Hard Queen of Spies level: the heuristic, looking ahead with the bag's odds.

The core's search (`rules.core.search`) plays the story on from each decision that
matters, many times, with the heuristic (`bots.HeuristicBot`) for every later decision
and the bag's draws dealt anew each time (a sampled world keeps the whole open table and
draws a new generator: the draws to come are all the player cannot see).  It compares
the heuristic's own choice with a few others (`LookAhead.rank`), each played on the same
draws, and keeps the heuristic's unless the play-outs say clearly that another ends the
story better (`evaluate`: the result table's band, then the score).

Only the decisions where a plan is chosen are searched; the others are the heuristic's,
at no cost:

* the first assignment of a round: the heuristic's plan, the plan begun at another site
  (the heuristic then staffing the rest), and ending the chapter or not (with little
  time left);
* the Escape Plan, whom a Breakout frees, the Pub's cell, whom a broken operative betrays.

A trained operative's draws (one more or fewer than the heuristic's) are not searched:
measured on 30 such choices where the search left the heuristic (Rescuing the Prisoners
seeds 1-8, each weighed again on 48 worlds), they gained nothing on average (+0.007,
spread both ways as by chance) where the plans it chose instead gained +0.12, and they
took half of a game's play-outs.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from rules.core import Dice, Seat, Title
from rules.core.search import DRAW, Budget, SearchBot
from rules.queen_of_spies.actions import Action, Assign, EndChapter
from rules.queen_of_spies.bots import HeuristicBot
from rules.queen_of_spies.content import content
from rules.queen_of_spies.state import SEAT, QueenState
from rules.queen_of_spies.view import QueenView

HORIZON = 1000
"""Play-outs run to the story's end (a whole story is about 150 actions)."""
CANDIDATES = 3
"""The most choices compared at one decision (the heuristic's first)."""
ENDING_TIME = 10
"""Time left in the pool from which ending the chapter early is weighed (with more, the
rounds left are worth more than any danger the heuristic ends a chapter for)."""
CONFIDENCE = 1.0
"""Standard errors by which another choice must beat the heuristic's: a story's result
swings with every draw, and a few dozen play-outs leave much to luck."""
BAND_VALUE = {"loss": 0.0, "draw": 0.5}
"""A finished story's value by the result table's band; every victory band is worth 1."""
SCORE_WEIGHT = 0.2
"""What the score adds to a finished story's value, per the story's lowest winning score:
a better result within a band counts, less than moving up a band."""
BUDGET = Budget(iterations=8, seconds=1.5, settled_after=3)
"""The thinking per decision: up to 8 draws of the bag for each choice, fewer where after
3 the heuristic's choice still leads (measured on News on the Wing seed 1: 60% of the
play-outs, the same 45 choices), cut at 1.5 s on a busy machine (the issue's limit is
2 s at the 99th percentile)."""


class LookAhead:
    """The `SearchPolicy` of Queen of Spies."""

    candidates = CANDIDATES
    confidence = CONFIDENCE

    def __init__(self) -> None:
        self._bot = HeuristicBot()

    def rollout_bot(self, seat: Seat) -> HeuristicBot:
        return self._bot

    def horizon(self, view: BaseModel) -> int:
        return HORIZON

    def rank(self, view: BaseModel, legal: Sequence[Action], seat: Seat, dice: Dice) -> list[Action]:
        """The heuristic's choice, then the alternatives worth a look (the module's list);
        only the heuristic's where there is nothing to weigh."""
        assert isinstance(view, QueenView) and view.decision is not None
        first = self._bot.choose(view, legal, dice)
        kind = view.decision.kind
        if kind == "resolve":
            others = []  # The heuristic's draws (the module's docstring says why).
        elif kind == "assign":
            others = self._other_plans(view, legal, first, dice)
        else:
            others = list(legal)
        return [first, *(a for a in dict.fromkeys(others) if a != first)]

    def _other_plans(
        self, view: QueenView, legal: Sequence[Action], first: Action, dice: Dice
    ) -> list[Action]:
        if any(a.fresh for a in view.assignments):
            return []  # The plan is chosen: the heuristic staffs it.
        others: list[Action] = []
        if isinstance(first, EndChapter):
            others.append(self._bot.choose(view, [a for a in legal if not isinstance(a, EndChapter)], dice))
        elif EndChapter() in legal and view.time <= ENDING_TIME:
            others.append(EndChapter())
        if isinstance(first, Assign):
            elsewhere = [a for a in legal if not (isinstance(a, Assign) and a.location == first.location)]
            others.append(self._bot.choose(view, elsewhere, dice))
        return others

    def evaluate(self, title: Title[QueenState, Any, Any], world: QueenState) -> Mapping[Seat, float]:
        """A finished story's band and score (`BAND_VALUE`, `SCORE_WEIGHT`); an unfinished
        one (past the horizon) is a draw."""
        if world.lost is not None:
            return {SEAT: 0.0}
        if world.score is None:
            return {SEAT: DRAW}
        story = content().story(world.story)
        band = story.result_for(world.score).band
        winning = min((row.min for row in story.results if row.band not in BAND_VALUE), default=1)
        return {SEAT: BAND_VALUE.get(band, 1.0) + SCORE_WEIGHT * world.score / max(winning, 1)}


class QueenSearch(SearchBot[QueenState, Action]):
    """The core's search with Queen of Spies' own play-out: the heuristic reads the sampled
    world as the open table (`HeuristicBot.decide`) instead of a view built at every
    action, a lone legal action is played without asking it, and each action is resolved
    without `Title.apply`'s bookkeeping (the same choices and draws as the core's
    play-out, in less than half the time):

    * the action is one of the legal actions just listed, so it is not checked again;
    * one `Dice` runs over the whole play-out: `apply` would write its state back into
      each next state only to read it again (the same draws, in the same order);
    * no undo chain is kept, and there is no automated seat to let decide (the
      rulebook has none: `tests/bots/test_queen_lookahead.py` checks).
    """

    def __init__(self, title: Title[QueenState, Action, Any], budget: Budget) -> None:
        super().__init__(title, LookAhead(), SEAT, budget)
        self._bot = HeuristicBot()

    def _play_out(
        self, state: QueenState, dice: Dice, horizon: int, deadline: float | None
    ) -> Mapping[Seat, float] | None:
        title = self.title
        draws = Dice(state.rng)
        for _ in range(horizon):
            decision = title.decision(state)
            if decision is None:
                break
            if deadline is not None and time.perf_counter() > deadline:
                return None
            legal = title.legal_actions(state)
            action = legal[0] if len(legal) == 1 else self._bot.decide(state, decision.kind, legal)
            state, _ = title.resolve(state, action, draws)
        return self.policy.evaluate(title, state)


def lookahead_bot(title: Title[QueenState, Action, Any], budget: Budget = BUDGET) -> QueenSearch:
    return QueenSearch(title, budget)


__all__ = ["BUDGET", "LookAhead", "QueenSearch", "lookahead_bot"]
