"""The Hard Queen of Spies level: the heuristic, looking ahead with the bag's odds.

The core's search (`rules.core.search`) plays the story on from each decision that
matters, many times, with the heuristic (`bots.HeuristicBot`) for every later decision
and the bag's draws dealt anew each time (a sampled world keeps the whole open table and
draws a new generator: the draws to come are all the player cannot see).  It compares
the heuristic's own choice with a few others (`LookAhead.rank`), each played on the same
draws, and keeps the heuristic's unless the play-outs say clearly that another ends the
story better (`story_value`: the result table's band, then the score; in the last
chapter the chance to win; either over every way the scoring draws could fall).

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

import math
import time
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from rules.core import Dice, Seat, Title
from rules.core.components import Bag
from rules.core.search import DRAW, Budget, SearchBot
from rules.queen_of_spies.actions import Action, Assign, EndChapter
from rules.queen_of_spies.bots import HeuristicBot
from rules.queen_of_spies.content import Token, load_content
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
LAST_SCORE_WEIGHT = 0.05
"""The same in the last chapter, where a finished story is valued by its chance to win
and the score only breaks ties: a point more is worth a point of that chance."""
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
        self._for_the_win = False
        """Whether the decision being searched is in the story's last chapter (`evaluate`)."""

    def rollout_bot(self, seat: Seat) -> HeuristicBot:
        return self._bot

    def horizon(self, view: BaseModel) -> int:
        return HORIZON

    def rank(self, view: BaseModel, legal: Sequence[Action], seat: Seat, dice: Dice) -> list[Action]:
        """The heuristic's choice, then the alternatives worth a look (the module's list);
        only the heuristic's where there is nothing to weigh."""
        assert isinstance(view, QueenView) and view.decision is not None
        self._for_the_win = view.chapter == view.chapters
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
        """`story_value`, for the last chapter's decisions or an earlier one's."""
        return {SEAT: story_value(world, to_win=self._for_the_win)}


def story_value(world: QueenState, to_win: bool) -> float:
    """What a play-out's end is worth: a story lost at once 0, an unfinished one (past the
    horizon) a draw; a finished one its band and score (`BAND_VALUE`, `SCORE_WEIGHT`), or
    with `to_win` (a decision in the last chapter) its chance to win and the score as a
    tie-break (`LAST_SCORE_WEIGHT`): what is left to play for there is the result, and a
    draw is no better than a loss; earlier the bands and the score say more about how
    well a story is going.  Either is averaged over every way the scoring draws could fall
    (`final_scores`)."""
    if world.lost is not None:
        return 0.0
    if world.score is None:
        return DRAW
    story = load_content().story(world.story)
    winning = max(1, min((row.min for row in story.results if row.band not in BAND_VALUE), default=1))
    value = 0.0
    for score, chance in final_scores(world).items():
        band = story.result_for(score).band
        if to_win:
            value += chance * (float(band not in BAND_VALUE) + LAST_SCORE_WEIGHT * score / winning)
        else:
            value += chance * (BAND_VALUE.get(band, 1.0) + SCORE_WEIGHT * score / winning)
    return value


def final_scores(world: QueenState) -> dict[int, float]:
    """The chance of each final score of a story just scored, over its scoring draws.

    The rulebook returns every scoring token to the bag ("End of Story": the bag is not
    reset; News on the Wing's "Scoring": "Return the tokens to the Success Bag before
    drawing for another pigeon"; Office Infiltration's: "Draw tokens one at a time and
    return them to the bag after each draw"), so the finished world's bag is the one they
    were drawn from and the score's odds follow from it exactly
    (`rules.queen_of_spies.chapters._score`).  A play-out's own draws are one sample of
    them: a News on the Wing story scored 4 or 5 on the same pigeons by the luck of its
    last draws, as much luck as the rest of the story's, and the comparisons of plans
    drowned in it.  Stories scored without draws have their score for certain."""
    story = load_content().story(world.story)
    if story.scoring == "pigeons":
        odds = {0: 1.0}
        for location, draws in story.pigeon_draws.items():
            for _ in range(world.pigeons_sent.get(location, 0)):
                odds = _add(odds, _progress_drawn(world.bag, draws, together=True), points=1)
        return odds
    if story.scoring == "office":
        odds = {0: 1.0}
        for location in world.set_aside:
            points = story.set_aside_points.get(location, 0)
            draws = story.set_aside_draws.get(location, 0)
            odds = _add(odds, _progress_drawn(world.bag, draws, together=False), points=points)
        return odds
    assert world.score is not None
    return {world.score: 1.0}


def _progress_drawn(bag: Bag[Token], draws: int, together: bool) -> dict[int, float]:
    """The chance of each number of Progress icons among `draws` tokens from `bag`: drawn
    together (without replacement) or one at a time, each returned."""
    total = len(bag)
    hits = sum(n for kind, n in bag.counts.items() if kind.progress)
    if total == 0 or draws == 0:
        return {0: 1.0}
    if together:
        draws = min(draws, total)
        ways = math.comb(total, draws)
        return {k: math.comb(hits, k) * math.comb(total - hits, draws - k) / ways for k in range(draws + 1)}
    p = hits / total
    return {k: math.comb(draws, k) * p**k * (1 - p) ** (draws - k) for k in range(draws + 1)}


def _add(odds: Mapping[int, float], drawn: Mapping[int, float], points: int) -> dict[int, float]:
    """The odds of a sum: `points` for certain plus the `drawn` icons, to `odds`."""
    total: dict[int, float] = {}
    for score, chance in odds.items():
        for icons, more in drawn.items():
            if more:
                total[score + points + icons] = total.get(score + points + icons, 0.0) + chance * more
    return total


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


__all__ = ["BUDGET", "LookAhead", "QueenSearch", "final_scores", "lookahead_bot", "story_value"]
