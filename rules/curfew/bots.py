"""A sensible player for Godzina policyjna's Polish network (`simulate`, the computer seat).

It plays the activations with Stawka's heuristic planner, weighed for this scenario:
a secret pays the VP of the German agent's colour, and where an agent stands is worth
less when a German agent may reach him there (on a street any German who reaches him
tries an arrest, curfew rule C; in a location one who has 6 evidence on him, rule D;
talking may give the Germans his secret, rule E).  Its set-up choices: the colours paying
most go to the German agents whose secrets come easiest; the 10 evidence as evenly as
may be, Kloss last.  Like every bot it sees only its seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from rules.core import Dice
from rules.curfew.actions import AssignColour, Choose, CurfewAction, SpreadEvidence
from rules.curfew.content import load_content
from rules.curfew.options import GERMAN
from rules.curfew.view import CurfewView
from rules.stawka.board import FAR
from rules.stawka.bots.heuristic import HeuristicBot
from rules.stawka.bots.odds import TalkOdds, at_most, conversation_odds, doc
from rules.stawka.bots.plans import EXPOSURE, Planner
from rules.stawka.bots.worth import VP
from rules.stawka.investigation import ARREST_EVIDENCE, SECRET_EVIDENCE
from rules.stawka.view import AgentView, StawkaView

ARREST_LOSS = 14.0
"""An arrest, in evidence: the agent is out, his evidence counts against the score, and
three arrests lose the game."""


class CurfewPlanner(Planner):
    """Stawka's planner with the scenario's secrets and the German agents' threats."""

    def _secret_value(self, target: AgentView, odds: TalkOdds) -> float:
        return odds.talk * odds.secret * VP * load_content().secret_vp.get(target.colour, 0)

    def _converse_value(self, agent: AgentView, action: object) -> float:
        value = super()._converse_value(agent, action)  # type: ignore[arg-type]
        target = self._agent(getattr(action, "target", ""))
        return value + self._secret_value(target, conversation_odds(self.view, self.seat, agent, target, 0))

    def _talk_estimate(self, agent: AgentView, foe: AgentView) -> float:
        odds = conversation_odds(self.view, self.seat, agent, foe, 0)
        return super()._talk_estimate(agent, foe) + self._secret_value(foe, odds)

    def _exposure(self, agent: AgentView, space: str) -> float:
        """What the German agents who may reach `space` next may cost: an arrest on a
        street (C), or in a location with 6 evidence (D); a secret in a conversation (E)."""
        view = self.view
        assert isinstance(view, CurfewView)
        evidence = view.sides[self.enemy].evidence.get(agent.colour, 0)
        shielded = doc(view, agent.id).chief and not view.worked_out
        street = not self.board.is_location(space)
        arrest = at_most(doc(view, agent.id).alertness) * ARREST_LOSS
        risk = 0.0
        for foe in view.agents:
            if foe.side != self.enemy or foe.status != "free" or foe.ap_left <= 0:
                continue
            steps = self.enemy_table[foe.space].get(space, FAR)
            reach = foe.ap_left if view.activations.get(foe.id, 0) else foe.ap_limit // 2
            if steps > reach:
                continue
            burdened = steps + 1 <= reach and evidence >= ARREST_EVIDENCE
            if not shielded and (street or burdened):
                danger = arrest
            elif steps + 1 <= reach and evidence >= SECRET_EVIDENCE:
                odds = conversation_odds(view, self.enemy, foe, agent, 0)
                danger = odds.talk * odds.secret * (60.0 if shielded else ARREST_LOSS)
            else:
                danger = 0.0
            risk = max(risk, danger if foe.colour == agent.colour else 0.5 * danger)
        return EXPOSURE * risk * 3


class CurfewBot(HeuristicBot):
    """The Polish network's sensible player."""

    def choose(self, view: BaseModel, legal: Sequence[CurfewAction], dice: Dice) -> CurfewAction:  # type: ignore[override]
        assert isinstance(view, CurfewView)
        first = legal[0]
        if isinstance(first, AssignColour):
            return self._colour(view, legal)
        if isinstance(first, SpreadEvidence):
            return self._spread(view, legal)
        if isinstance(first, Choose):
            return self._choose(view, legal)
        return super().choose(view, legal, dice)  # type: ignore[arg-type]

    def planner(self, view: StawkaView) -> Planner:
        return CurfewPlanner(self.seat, view)

    def _colour(self, view: CurfewView, legal: Sequence[CurfewAction]) -> CurfewAction:
        """The richest colour left to the German whose secret comes easiest of those waiting."""
        vp = load_content().secret_vp
        easiest = min(view.unassigned, key=lambda g: (doc(view, g).thresholds.secret, doc(view, g).rank))
        agent = getattr(legal[0], "agent", "")
        colours = [a for a in legal if isinstance(a, AssignColour)]
        if agent == easiest:
            return max(colours, key=lambda a: vp[a.colour])
        return min(colours, key=lambda a: vp[a.colour])

    def _spread(self, view: CurfewView, legal: Sequence[CurfewAction]) -> CurfewAction:
        """One piece at a time on the least burdened agent, Kloss last (his secret exposes him)."""
        evidence = view.sides[GERMAN].evidence
        ones = [a for a in legal if isinstance(a, SpreadEvidence) and a.amount == 1]

        def burden(action: SpreadEvidence) -> tuple[int, bool]:
            agent = next(a for a in view.agents if a.id == action.agent)
            return (evidence.get(agent.colour, 0), doc(view, agent.id).chief)

        return min(ones, key=burden)

    def _choose(self, view: CurfewView, legal: Sequence[CurfewAction]) -> CurfewAction:
        """A German agent heads for the agent he can do least to (the least evidence)."""
        evidence = view.sides[GERMAN].evidence
        colours = {a.id: a.colour for a in view.agents}
        return min(
            (a for a in legal if isinstance(a, Choose)),
            key=lambda a: evidence.get(colours.get(a.option, ""), 0),
        )
