"""A sensible player for Godzina policyjna's Polish network (`simulate`, the computer seat).

It plays the activations with Stawka's heuristic planner, weighed for this scenario:
a secret pays the VP of the German agent's colour, and where an agent stands is worth
less when a German agent may reach him there (on a street any German who reaches him
tries an arrest, curfew rule C; in a location one who has 6 evidence on him, rule D;
talking may give the Germans his secret, rule E), unless that German has talked with
him this stage (B: one conversation a pair), which talking to him first brings about.
Evidence is priced by what the scenario pays for it: the missions still to be passed
whose goal is that much evidence on a colour, and the secret of the German agent of
that colour (3 open it, by its VP); a card is passed when what it pays at once (a goal
already met) is worth it.  In the last stage what a space brings near counts for
`LAST_HOPE` of it: what is not reached before the game ends pays nothing.  Its set-up
choices: the colours paying most go to the German agents whose secrets come easiest; the
10 evidence as evenly as may be, Kloss last.  Where the rules leave a tie to the player,
a German agent is sent to the Polish agent he can do least harm to (`harm`: an arrest on
a street, C, or on 6 evidence, D; else a conversation, whose secret on 3 evidence is an
arrest, E, or Kloss exposed), and rule H's choice falls on the German agent who can do
least (`threat`).  Like every bot it sees only its seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from rules.core import Dice, Seat
from rules.curfew.actions import AssignColour, Choose, CurfewAction, SpreadEvidence
from rules.curfew.content import load_content
from rules.curfew.options import GERMAN, POLISH
from rules.curfew.view import CurfewView
from rules.stawka.board import FAR, board_of, step_counts
from rules.stawka.bots import worth
from rules.stawka.bots.heuristic import HeuristicBot
from rules.stawka.bots.odds import TalkOdds, at_most, conversation_odds, doc
from rules.stawka.bots.plans import EXPOSURE, Planner
from rules.stawka.bots.worth import TRACK_TOP, VP
from rules.stawka.content import Goal
from rules.stawka.investigation import ARREST_EVIDENCE, SECRET_EVIDENCE
from rules.stawka.missions import card
from rules.stawka.view import AgentView, StawkaView

ARREST_LOSS = 14.0
"""An arrest, in evidence: the agent is out, his evidence counts against the score, and
three arrests lose the game."""
MISSION_SHARE = 0.5
"""A piece of evidence toward a mission's "evidence" goal: this share of the mission's
worth, over the goal's count (as Stawka prices the searcher's own card)."""
SECRET_SHARE = 0.03
"""A piece of evidence against a German agent (up to 9, the last range's bonus): this
share of his secret's VP, the roll it adds to."""
TRACK_BONUS_TOP = 9
"""From 9 evidence on the track adds no more to the roll (Investigation Track, 4)."""
OPEN_SHARE = 0.1
"""Reaching 3 evidence against a German agent, from which his secret may be learnt: this
share of its VP more."""
LAST_HOPE = 0.3
"""In the last stage, the share of a position's targets counted (`_position_now`)."""
EXPOSED_LOSS = 60.0
"""Kloss exposed (a German learning his secret, E), in evidence: the game lost."""
GIVEN_UP = 0.7
"""A card whose basic goal is met at the pass (2 VP at once) ends there: this share of
what its special promised more is given up."""


class CurfewPlanner(Planner):
    """Stawka's planner with the scenario's secrets, missions and the German agents' threats."""

    def __init__(self, seat: Seat, view: StawkaView) -> None:
        super().__init__(seat, view)
        self._goals: dict[str, dict[str, list[tuple[int, float]]]] = {}

    def _secret_value(self, target: AgentView, odds: TalkOdds) -> float:
        return odds.talk * odds.secret * VP * load_content().secret_vp.get(target.colour, 0)

    def _position_now(self, agent: AgentView, space: str) -> float:
        """Stawka's worth of standing on `space`; in the last stage the targets count for
        `LAST_HOPE` of it (what is not reached this stage pays nothing), the threats in full."""
        value = super()._position_now(agent, space)
        view = self.view
        if LAST_HOPE >= 1.0 or view.stage < view.stage_count:
            return value
        exposure = self._exposure(agent, space)
        return (value + exposure) * LAST_HOPE - exposure

    def evidence_worth(self, colour: str, amount: int, agent: AgentView | None = None) -> float:
        """Stawka's worth, and what the scenario pays for evidence against `colour`: the
        missions still in the agents' decks (or held by another agent) that ask for that
        much of it ("evidence" goals pay on reaching their count, a share a piece), and
        the secret it brings nearer (3 open it; each range more adds to the roll), by the
        VP of the colour."""
        value = super().evidence_worth(colour, amount, agent)
        before = self.view.sides[self.seat].evidence.get(colour, 0)
        after = min(TRACK_TOP, before + amount)
        if after <= before:
            return value
        for count, pays in self._evidence_goals(agent).get(colour, ()):
            if before < count:
                value += MISSION_SHARE * pays * (min(after, count) - before) / count
        secret = VP * load_content().secret_vp.get(colour, 0)
        value += SECRET_SHARE * secret * (min(after, TRACK_BONUS_TOP) - min(before, TRACK_BONUS_TOP))
        if before < SECRET_EVIDENCE <= after:
            value += OPEN_SHARE * secret
        return value

    def _evidence_goals(self, searcher: AgentView | None) -> dict[str, list[tuple[int, float]]]:
        """Evidence goals of the missions the agents may still take or hold (the
        searcher's own held card is Stawka's already): colour -> (count, worth)."""
        key = searcher.id if searcher is not None else ""
        known = self._goals.get(key)
        if known is None:
            known = self._goals[key] = self._evidence_goals_now(searcher)
        return known

    def _evidence_goals_now(self, searcher: AgentView | None) -> dict[str, list[tuple[int, float]]]:
        goals: dict[str, list[tuple[int, float]]] = {}
        view = self.view
        for agent in view.agents:
            if agent.side != self.seat or agent.status != "free":
                continue
            left = view.missions_left.get(agent.id)
            cards = list(left) if isinstance(left, tuple) else []
            if agent.mission is not None and (searcher is None or agent.id != searcher.id):
                cards.append(agent.mission)
            for mission in cards:
                for level, goal in worth.levels(card(mission)):
                    if goal.kind == "evidence" and goal.colour is not None:
                        pays = worth.mission_worth(self.policy, view, self.seat, level)
                        goals.setdefault(goal.colour, []).append((goal.count, pays))
        return goals

    def _mission_value(self, receiver: AgentView, mission_id: str) -> float:
        """A card passed now: a goal already met pays at once (the special first, as the
        rules pay it), which ends the card; a basic met at once while the special is still
        to come gives up the special's promise.  Otherwise Stawka's promise."""
        mission = card(mission_id)
        now = {level: self._met_at_pass(receiver, goal) for level, goal in worth.levels(mission)}
        pays = {level: worth.mission_worth(self.policy, self.view, self.seat, level) for level in now}
        if now["special"]:
            return pays["special"]
        promise = super()._mission_value(receiver, mission_id)
        if now["basic"]:
            special = pays["special"] * self._goal_chance(receiver, mission.special)
            return pays["basic"] - GIVEN_UP * max(0.0, special - pays["basic"])
        return promise

    def _met_at_pass(self, receiver: AgentView, goal: Goal) -> bool:
        """Whether `goal` is met the moment the card is passed on the receiver's space."""
        view = self.view
        if goal.kind == "evidence":
            have = view.sides[self.seat].evidence.get(goal.colour or "", 0)
            return goal.colour is not None and have >= goal.count
        if goal.kind == "meet_own_agent":
            return any(
                a.side == self.seat
                and a.id != receiver.id
                and a.status == "free"
                and a.space == receiver.space
                and (goal.colour is None or a.colour == goal.colour)
                for a in view.agents
            )
        return False

    def _talk_estimate(self, agent: AgentView, foe: AgentView) -> float:
        odds = conversation_odds(self.view, self.seat, agent, foe, 0)
        return super()._talk_estimate(agent, foe) + self._secret_value(foe, odds)

    def _exposure(self, agent: AgentView, space: str) -> float:
        """What the German agents who may reach `space` next may cost: an arrest on a
        street (C), or in a location with 6 evidence (D); a secret in a conversation (E),
        from one who has not talked with him yet this stage (B: one conversation a pair)."""
        risk = 0.0
        for foe in self.view.agents:
            if foe.side != self.enemy or foe.status != "free" or foe.ap_left <= 0:
                continue
            danger = self._danger(foe, agent, space)
            risk = max(risk, danger if foe.colour == agent.colour else 0.5 * danger)
        return EXPOSURE * risk * 3

    def _danger(self, foe: AgentView, agent: AgentView, space: str) -> float:
        """What German `foe` may cost `agent` standing on `space` (`_exposure`)."""
        view = self.view
        assert isinstance(view, CurfewView)
        steps = self.enemy_table[foe.space].get(space, FAR)
        reach = foe.ap_left if view.activations.get(foe.id, 0) else foe.ap_limit // 2
        if steps > reach:
            return 0.0
        evidence = view.sides[self.enemy].evidence.get(agent.colour, 0)
        shielded = doc(view, agent.id).chief and not view.worked_out
        street = not self.board.is_location(space)
        burdened = steps + 1 <= reach and evidence >= ARREST_EVIDENCE
        if not shielded and (street or burdened):
            return at_most(doc(view, agent.id).alertness) * ARREST_LOSS
        if (foe.id, agent.id) in view.talked or (agent.id, foe.id) in view.talked:
            return 0.0
        if steps + 1 <= reach and evidence >= SECRET_EVIDENCE:
            odds = conversation_odds(view, self.enemy, foe, agent, 0)
            return odds.talk * odds.secret * (EXPOSED_LOSS if shielded else ARREST_LOSS)
        return 0.0

    def _converse_value(self, agent: AgentView, action: object) -> float:
        """Stawka's worth and the secret's VP, and the German's own conversation with him
        this stage forestalled (B: one conversation a pair a stage; E: his secret)."""
        value = super()._converse_value(agent, action)  # type: ignore[arg-type]
        target = self._agent(getattr(action, "target", ""))
        odds = conversation_odds(self.view, self.seat, agent, target, 0)
        spared = self._danger(target, agent, agent.space) if target.ap_left > 0 else 0.0
        return value + self._secret_value(target, odds) + EXPOSURE * 3 * odds.talk * spared


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
        """A German agent heads for the Polish agent he can do least harm to (`harm`); of
        the German agents rule H may call, the one who can do least; a card's target, the
        least burdened agent."""
        choices = [a for a in legal if isinstance(a, Choose)]
        tie = view.tie
        if tie is not None and tie.purpose == "target" and tie.german:
            german = _agent(view, tie.german)
            return min(choices, key=lambda a: harm(view, german, _agent(view, a.option)))
        if tie is not None and tie.purpose == "h":
            return min(choices, key=lambda a: threat(view, _agent(view, a.option)))
        evidence = view.sides[GERMAN].evidence
        colours = {a.id: a.colour for a in view.agents}
        return min(choices, key=lambda a: evidence.get(colours.get(a.option, ""), 0))


def _agent(view: CurfewView, agent_id: str) -> AgentView:
    return next(a for a in view.agents if a.id == agent_id)


def harm(view: CurfewView, german: AgentView, target: AgentView) -> float:
    """What German `german` reaching Polish `target` where he stands may cost, in
    evidence: an arrest attempt on a street (C: Kloss not worked out excepted), or in a
    location on 6 evidence (D); else a conversation (B), its evidence and, on 3 or more,
    its secret (E: an arrest; Kloss's secret exposes him)."""
    evidence = view.sides[GERMAN].evidence.get(target.colour, 0)
    shielded = doc(view, target.id).chief and not view.worked_out
    arrest = at_most(doc(view, target.id).alertness) * ARREST_LOSS
    street = not board_of(view.scenario).is_location(target.space)
    if not shielded and (street or evidence >= ARREST_EVIDENCE):
        return arrest + 0.01 * evidence
    odds = conversation_odds(view, GERMAN, german, target, 0)
    cost = odds.talk * (odds.single + 2 * odds.double)
    if evidence >= SECRET_EVIDENCE:
        cost += odds.talk * odds.secret * (EXPOSED_LOSS if shielded else ARREST_LOSS)
    return cost + 0.01 * evidence


def threat(view: CurfewView, german: AgentView) -> float:
    """What German `german` may do if activated now (rule H): the harm to the nearest
    Polish agent he has not met this stage, in full if his AP reach him (half his limit
    at his first activation of the stage, the rest at the second), a tenth of it if not."""
    table = step_counts(view.scenario, GERMAN)[german.space]
    open_to = [
        p
        for p in view.agents
        if p.side == POLISH
        and p.status == "free"
        and (german.id, p.id) not in view.talked
        and (p.id, german.id) not in view.talked
    ]
    if not open_to:
        return 0.0
    steps = min(table.get(p.space, FAR) for p in open_to)
    first = not view.activations.get(german.id, 0)
    reach = min(german.ap_left, german.ap_limit // 2) if first else german.ap_left
    worst = max(harm(view, german, p) for p in open_to if table.get(p.space, FAR) == steps)
    return worst if steps < reach else 0.1 * worst
