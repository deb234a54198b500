"""Stawka's computer levels (issue 17): Easy, Normal and Hard.

* Easy (``easy``): the heuristic, taking one decision in `EASY_BLUNDERS` at random.
* Normal (``heuristic``): the heuristic (`HeuristicBot`).
* Hard (``hard``): the heuristic weighted by Hard's policy (`policy.hard_policy`), and
  in a scenario's last stages (as German in training 2, throughout) the core's search
  (`hard.StawkaSearch`) with it inside (its prior and its play-outs, for both seats: the
  opponent at the table is unknown, so the search does not bank on Normal's
  weaknesses), thinking at most `HARD_BUDGET` a decision.
"""

from __future__ import annotations

from typing import Any

from rules.core import AnyBot, Blundering, Seat, Title
from rules.core.search import Budget
from rules.stawka.bots.hard import hard_bot
from rules.stawka.bots.heuristic import HeuristicBot
from rules.stawka.bots.policy import hard_policy

EASY_BLUNDERS = 0.3
"""The share of Easy's decisions (those with a choice) taken at random."""
HARD_BUDGET = Budget(iterations=10, seconds=1.5, settled_after=3)
"""Hard's thinking per decision: 10 worlds, cut at 1.5 s on a busy machine (the
issue's limit is 2 s at the 99th percentile), and stopped after 3 once no other move
leads the heuristic's (`Budget.settled_after`): at most decisions the candidates are
nearly equal (`hard`'s docstring), and the worlds left go unspent: searching at every
decision, a training-2 game (seed 1, Hard German) thought 17.0 CPU s on 10 worlds a
decision, 5.6 s so (3.8 worlds a decision on average)."""


def make_bot(title: Title[Any, Any, Any], bot_id: str, seat: Seat) -> AnyBot:
    if bot_id == "easy":
        return Blundering(HeuristicBot(seat), EASY_BLUNDERS)
    if bot_id == "hard":
        return hard_bot(title, seat, HARD_BUDGET, hard_policy(), hard_policy())
    return HeuristicBot(seat)
