"""The Hard island level: the core's search (`rules.core.search`) with the sensible agent inside.

At a decision with a choice the search samples worlds the seat cannot tell from the
table (`secrets.scramble`: the other agents' tasks and equipment, both stacks' order,
a hidden encounter card), and in each plays the sensible agent's choice and the next
few it ranks (`SensibleBot.ranked`) on the same die rolls, every seat then played by the
sensible agent to the end of the race (some 120 actions with four agents, cheap enough
that no evaluation has to guess the winner: 0.4 CPU s a decision on average).  It keeps
the sensible choice unless another wins clearly more races.  Measured in the README
("Computer players"): with four agents Hard wins 39% of races against three sensible
ones (a share is 25%).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from rules.core import Dice, Seat, Title
from rules.core.search import Budget, SearchBot, outcome_values
from rules.island.actions import Action
from rules.island.bots import SensibleBot
from rules.island.state import IslandState

HORIZON = 1000
"""Play-outs run to the end of the race."""
CANDIDATES = 3
"""The most choices compared at one decision (the sensible agent's first)."""
CONFIDENCE = 1.0
"""Standard errors of the paired difference by which another choice must beat the
sensible one: a race won or lost is a noisy value."""
BUDGET = Budget(iterations=10, seconds=1.5)
"""Thinking per decision: 10 worlds, cut at 1.5 s on a busy machine (the limit at the
table is 2 s at the 99th percentile)."""


class IslandSearch:
    """The `SearchPolicy` of the race."""

    candidates = CANDIDATES
    confidence = CONFIDENCE

    def __init__(self) -> None:
        self._bot = SensibleBot()

    def rollout_bot(self, seat: Seat) -> SensibleBot:
        return self._bot

    def horizon(self, view: BaseModel) -> int:
        return HORIZON

    def rank(self, view: BaseModel, legal: Sequence[Action], seat: Seat, dice: Dice) -> list[Action]:
        return self._bot.ranked(view, legal, dice)

    def evaluate(self, title: Title[IslandState, Any, Any], world: IslandState) -> Mapping[Seat, float]:
        """The race's winner; a race still running past the horizon (it never should) is
        an even chance for every agent still in it."""
        decided = outcome_values(title, world)
        if decided is not None:
            return decided
        left = world.in_race()
        return {seat: 1.0 / len(left) if seat in left else 0.0 for seat in world.players}


def hard_bot(
    title: Title[IslandState, Action, Any], seat: Seat, budget: Budget = BUDGET
) -> SearchBot[IslandState, Action]:
    return SearchBot(title, IslandSearch(), seat, budget)
