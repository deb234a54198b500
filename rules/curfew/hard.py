"""Godzina policyjna's Hard level (issue 31): the core's search (`rules.core.search`) over
worlds re-dealt by `scramble` (the German location deck, the Polish location deck, the
item stacks, which document check lies where), with the sensible player (`CurfewBot`)
inside it: its choice and the planner's next best are the candidates, and each is
played out by it in every sampled world, on the same dice, then valued.

Only the activation turn is searched (what an agent does, where he walks), never a choice
of when to act (ending an activation, ending the stage) against one of what to do: a
play-out is a number of actions, and after such a choice the Germans' answer comes
inside it, so the play-outs would stop at different points of the stage and the value,
which reads the table and not whose turn it is, would not compare like with like (as
Stawka's Hard found, `rules.stawka.bots.hard.TIMING`).

The value of a play-out's end is the score the scenario plays for ("Cel gry"): a game
over is its score, an immediate defeat nothing; a game still going is its score so far
less what its evidence threatens (the prisoners' evidence counts against the score, an
agent with 6 or more is arrested where a German meets him, D, and Kloss with 10 is
worked out), spread over the scores the rating table covers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from rules.core import Dice, Seat, Title
from rules.core.search import Budget, SearchBot, outcome_values
from rules.curfew.actions import CurfewAction
from rules.curfew.bots import CurfewBot
from rules.curfew.options import GERMAN, POLISH
from rules.curfew.scoring import score
from rules.curfew.state import CurfewState
from rules.curfew.view import CurfewView
from rules.stawka.actions import EndActivation, GiveUp
from rules.stawka.investigation import ARREST_EVIDENCE

TIMING = (EndActivation, GiveUp)
"""Choices of when to act, never compared with what to do (the docstring)."""
CANDIDATES = 4
"""The heuristic's choice and the planner's next three."""
CONFIDENCE = 1.0
"""Standard errors by which another move must beat the heuristic's on the same worlds."""
HORIZON = 14
"""Actions played out after a candidate: about the rest of a stage (the sensible player
takes some 75 actions in six stages)."""
LOWEST, HIGHEST = -10.0, 25.0
"""The scores a play-out's value spreads between (0 and 1): a severe defeat's depth to
past a masterly game's 18."""
EVIDENCE_RISK = 0.25
"""VP a piece of evidence on a free agent is feared to cost (his arrest, -1 a piece)."""
BURDENED_RISK = 1.5
"""VP more a free agent with 6 or more evidence is feared to cost (D: arrested where met)."""
WORKED_OUT_RISK = 4.0
"""VP that Kloss worked out is feared to cost (he may then be arrested: a defeat)."""
HARD_BUDGET = Budget(iterations=8, seconds=1.5, settled_after=3)
"""Hard's thinking per decision: 8 worlds, cut at 1.5 s on a busy machine (the issue's
limit is 2 s at the 99th percentile), stopped after 3 once no other move leads."""


def value(state: CurfewState) -> float:
    """The docstring's value of `state` for the player, between 0 and 1."""
    estimate = float(score(state))
    evidence = state.sides[GERMAN].evidence
    for agent in state.agents_of(POLISH):
        if agent.status != "free":
            continue
        held = evidence.get(agent.colour, 0)
        estimate -= EVIDENCE_RISK * held + (BURDENED_RISK if held >= ARREST_EVIDENCE else 0.0)
    if state.worked_out:
        estimate -= WORKED_OUT_RISK
    return min(1.0, max(0.0, (estimate - LOWEST) / (HIGHEST - LOWEST)))


def final_value(state: CurfewState) -> float:
    """A finished game's value: an immediate defeat nothing, else its score, spread."""
    if state.defeat is not None:
        return 0.0
    return min(1.0, max(0.0, (score(state) - LOWEST) / (HIGHEST - LOWEST)))


class CurfewSearch:
    """The `SearchPolicy` of Godzina policyjna's Polish side."""

    candidates = CANDIDATES
    confidence = CONFIDENCE

    def __init__(self) -> None:
        self._bot = CurfewBot(POLISH)

    def rollout_bot(self, seat: Seat) -> CurfewBot:
        return self._bot

    def horizon(self, view: BaseModel) -> int:
        return HORIZON

    def rank(
        self, view: BaseModel, legal: Sequence[CurfewAction], seat: Seat, dice: Dice
    ) -> list[CurfewAction]:
        """The sensible player's choice, then (at the activation turn) the planner's next
        best; never a choice of when to act against one of what to do."""
        assert isinstance(view, CurfewView)
        first = self._bot.choose(view, legal, dice)
        if isinstance(first, TIMING) or not activation_turn(view):
            return [first]
        planner = self._bot.planner(view)
        rest = [a for a in legal if a != first and not isinstance(a, TIMING)]
        values = {action: planner.value(action) for action in rest}  # type: ignore[arg-type]
        rest.sort(key=lambda a: -values[a])
        return [first, *rest]

    def evaluate(self, title: Title[CurfewState, Any, Any], world: CurfewState) -> Mapping[Seat, float]:
        if outcome_values(title, world) is not None:
            return {POLISH: final_value(world)}
        return {POLISH: value(world)}


def activation_turn(view: CurfewView) -> bool:
    """Whether the view shows the player's activation turn: nothing pending (no set-up
    step, tie, search or exchange) and the stage's activations his."""
    return not view.pending and view.turn == POLISH and view.phase == "activations"


def hard_bot(
    title: Title[CurfewState, CurfewAction, Any], seat: Seat
) -> SearchBot[CurfewState, CurfewAction]:
    return SearchBot(title, CurfewSearch(), seat, HARD_BUDGET)


__all__ = ["CurfewSearch", "hard_bot", "value"]
