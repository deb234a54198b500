"""Godzina policyjna's Hard level (issue 31): the core's search (`rules.core.search`) over
worlds re-dealt by `scramble` (the German location deck, the Polish location deck, the
item stacks, which document check lies where), with the sensible player (`CurfewBot`)
inside it: its choice and a few others are the candidates, and each is played out by it
in every sampled world, on the same dice, then valued.

Every play-out goes on to the end of the stage (`StageSearchBot`): each Polish
activation calls the German agent of its colour (A), who walks to the nearest Polish
agent to talk or arrest (B-E), while a stage ended at once calls only one German (H).
So whether to go on at all is the stage's question, and the play-outs of every
candidate stop at the same point, the start of the next stage, where their values
compare like with like.  At the start of an activation the candidates are the sensible
player's choice, ending the stage (`GiveUp`: "when the rest would only feed the
Germans") and the planner's next best; within an activation, his choice and the
planner's next two, ending the activation among them.

The value of a play-out's end is the score the scenario plays for ("Cel gry"): a game
over is its score, an immediate defeat nothing; a game still going is its score so far
less what its evidence threatens (the prisoners' evidence counts against the score, an
agent with 6 or more is arrested where a German meets him, D, and Kloss with 10 is
worked out), spread over the scores the rating table covers.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from rules.core import Dice, Seat, Title
from rules.core.bots import InformationSet
from rules.core.search import Budget, SearchBot, outcome_values
from rules.curfew.actions import CurfewAction
from rules.curfew.bots import CurfewBot
from rules.curfew.options import GERMAN, POLISH
from rules.curfew.scoring import score
from rules.curfew.state import CurfewState
from rules.curfew.view import CurfewView
from rules.stawka.actions import GiveUp
from rules.stawka.investigation import ARREST_EVIDENCE

CANDIDATES = 3
"""The heuristic's choice and two others (the docstring)."""
CONFIDENCE = 1.0
"""Standard errors by which another move must beat the heuristic's on the same worlds."""
HORIZON = 150
"""The most actions a play-out takes before the stage's end stops it (a stage of the
sensible player takes some 15; ties and searches count too)."""
LOWEST, HIGHEST = -10.0, 25.0
"""The scores a play-out's value spreads between (0 and 1): a severe defeat's depth to
past a masterly game's 18."""
EVIDENCE_RISK = 0.25
"""VP a piece of evidence on a free agent is feared to cost (his arrest, -1 a piece)."""
BURDENED_RISK = 1.5
"""VP more a free agent with 6 or more evidence is feared to cost (D: arrested where met)."""
WORKED_OUT_RISK = 4.0
"""VP that Kloss worked out is feared to cost (he may then be arrested: a defeat)."""
HARD_BUDGET = Budget(iterations=6, seconds=1.5, settled_after=3)
"""Hard's thinking per decision: 6 worlds, cut at 1.5 s on a busy machine (the issue's
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
        """The sensible player's choice, then (at the activation turn) ending the stage
        when no agent is active, and the planner's next best (the docstring)."""
        assert isinstance(view, CurfewView)
        first = self._bot.choose(view, legal, dice)
        if not activation_turn(view):
            return [first]
        ranked = [first]
        if view.activation is None:
            ranked.extend(a for a in legal if isinstance(a, GiveUp) and a != first)
        planner = self._bot.planner(view)
        rest = [a for a in legal if a not in ranked and not isinstance(a, GiveUp)]
        values = {action: planner.value(action) for action in rest}  # type: ignore[arg-type]
        rest.sort(key=lambda a: -values[a])
        return [*ranked, *rest]

    def evaluate(self, title: Title[CurfewState, Any, Any], world: CurfewState) -> Mapping[Seat, float]:
        if outcome_values(title, world) is not None:
            return {POLISH: final_value(world)}
        return {POLISH: value(world)}


def activation_turn(view: CurfewView) -> bool:
    """Whether the view shows the player's activation turn: nothing pending (no set-up
    step, tie, search or exchange) and the stage's activations his."""
    return not view.pending and view.turn == POLISH and view.phase == "activations"


class StageSearchBot(SearchBot[CurfewState, CurfewAction]):
    """The core's search whose play-outs end with the stage the decision is taken in (or
    the game): the docstring's reason."""

    _stage = 0

    def choose_in(
        self, info: InformationSet[CurfewState], legal: Sequence[CurfewAction], dice: Dice
    ) -> CurfewAction:
        view = info.view
        assert isinstance(view, CurfewView)
        self._stage = view.stage
        return super().choose_in(info, legal, dice)

    def _play_out(
        self, state: CurfewState, dice: Dice, horizon: int, deadline: float | None
    ) -> Mapping[Seat, float] | None:
        """The play-out of `SearchBot`, stopped once the next stage has begun."""
        title = self.title
        for _ in range(horizon):
            seat = title.to_act(state)
            if seat is None or state.stage != self._stage:
                break
            if deadline is not None and time.perf_counter() > deadline:
                return None
            legal = title.legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                action = self.policy.rollout_bot(seat).choose(title.bot_view(state, seat), legal, dice)
            state, _ = title.apply(state, action)
        return self.policy.evaluate(title, state)


def hard_bot(title: Title[CurfewState, CurfewAction, Any], seat: Seat) -> StageSearchBot:
    return StageSearchBot(title, CurfewSearch(), seat, HARD_BUDGET)


__all__ = ["CurfewSearch", "StageSearchBot", "hard_bot", "value"]
