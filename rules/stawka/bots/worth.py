"""What things are worth to a Stawka bot, in one unit: a piece of evidence on a track
that matters (against an enemy agent on the board).

The scenario's victory conditions set the rest: a secret toward training scenario 1's
two, VP toward scenario 2's eleven (a VP is worth two pieces of evidence), a win outright
(the second secret, the eleventh VP, the enemy chief's track at 10) more than anything.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from rules.core import Seat
from rules.stawka.bots import hotel, radio
from rules.stawka.bots.odds import TalkOdds, at_least, at_most, doc
from rules.stawka.bots.policy import NORMAL, Policy
from rules.stawka.content import Goal, MissionCard, Victory, load_content
from rules.stawka.items import item
from rules.stawka.missions import card
from rules.stawka.state import other
from rules.stawka.view import AgentView, StawkaView

WIN = 60.0
"""Winning now: worth more than any other gain."""
VP = NORMAL.vp
"""One victory point, in evidence, as Normal weighs it (`Policy.vp`)."""
SECRET_FIRST = NORMAL.secret_first
"""A secret that does not yet win a secrets scenario, as Normal weighs it."""
TRACK_TOP = 10


def victory(view: StawkaView) -> Victory:
    return load_content().scenario(view.scenario).victory


def extended(view: StawkaView) -> bool:
    return load_content().scenario(view.scenario).level != "basic"


def vp_worth(policy: Policy, view: StawkaView, seat: Seat, vp: int, secrets: int = 0) -> float:
    """Gaining `vp` VP and `secrets` secrets: a win if it reaches the goal."""
    rules = victory(view)
    side = view.sides[seat]
    if rules.vp_to_win is not None and side.vp + vp >= rules.vp_to_win:
        return WIN
    if view.radio is not None and secrets:
        # "I Know Who You Are": secrets lead to the radio station (`bots.radio`).
        return radio.secret_worth(view, seat, secrets, WIN) + policy.vp * vp
    if rules.secrets_to_win is not None and secrets:
        if side.secrets + secrets >= rules.secrets_to_win:
            return WIN
        return policy.secret_first * secrets
    return policy.vp * vp


def enemies(view: StawkaView, seat: Seat) -> list[AgentView]:
    return [a for a in view.agents if a.side != seat and a.status == "free"]


def evidence_worth(
    policy: Policy, view: StawkaView, seat: Seat, colour: str, amount: int, agent: AgentView | None = None
) -> float:
    """Adding `amount` evidence against `colour` (Investigation Track): more for a live
    target, a bonus on reaching 3 (secrets open), the win when the enemy chief's track is
    full (training 2's alternative ending), and the missions it completes."""
    before = view.sides[seat].evidence.get(colour, 0)
    after = min(TRACK_TOP, before + amount)
    if after <= before:
        return 0.0
    targets = [e for e in view.agents if e.side != seat and e.colour == colour and e.status != "liquidated"]
    if not targets:
        return policy.off_board * (after - before)
    value = float(after - before)
    if before < 3 <= after:
        value += policy.open_bonus
    rules = victory(view)
    if rules.chief_lost_loses and after >= TRACK_TOP and any(doc(view, t.id).chief for t in targets):
        return WIN
    if rules.chief_lost_loses and any(doc(view, t.id).chief for t in targets):
        value += policy.chief_pressure * (after - before) * after / TRACK_TOP
    for mine in own_missions(view, seat, agent):
        for level, goal in levels(mine):
            if goal.kind == "evidence" and goal.colour == colour and before < goal.count:
                pays = mission_worth(policy, view, seat, level)
                # The mission pays on reaching the count; each step toward it is worth a share.
                value += pays if after >= goal.count else 0.5 * pays * (after - before) / goal.count
    return value


def own_missions(view: StawkaView, seat: Seat, agent: AgentView | None = None) -> list[MissionCard]:
    """Mission cards held by `seat`'s agents (all of them, or `agent`'s)."""
    return [
        card(a.mission)
        for a in view.agents
        if a.side == seat
        and a.mission is not None
        and a.status == "free"
        and (agent is None or a.id == agent.id)
    ]


def levels(mission: MissionCard) -> tuple[tuple[str, Goal], ...]:
    return (("special", mission.special), ("basic", mission.basic))


def mission_worth(policy: Policy, view: StawkaView, seat: Seat, level: str) -> float:
    rules = victory(view)
    vp = rules.vp_special_mission if level == "special" else rules.vp_basic_mission
    return vp_worth(policy, view, seat, vp)


def goal_worth(
    policy: Policy, view: StawkaView, seat: Seat, agent: AgentView, kind: str, colour: str | None = None
) -> float:
    """What completing the agent's mission goals of `kind` (against `colour`) would pay."""
    if agent.mission is None:
        return 0.0
    best = 0.0
    for level, goal in levels(card(agent.mission)):
        if goal.kind == kind and (goal.colour is None or colour is None or goal.colour == colour):
            best = max(best, mission_worth(policy, view, seat, level))
    return best


def talk_worth(
    policy: Policy, view: StawkaView, seat: Seat, speaker: AgentView, target: AgentView, odds: TalkOdds
) -> float:
    """Expected worth of a conversation: evidence for a single or double, a secret (which
    clears the target's track), and the speaker's conversation and secret missions."""
    extra = always_evidence(view, speaker)
    single = evidence_worth(policy, view, seat, target.colour, 1 + extra, speaker)
    double = evidence_worth(policy, view, seat, target.colour, 2 + extra, speaker)
    held = view.sides[seat].evidence.get(target.colour, 0)
    secret = vp_worth(policy, view, seat, victory(view).vp_per_secret, 1) - policy.cleared * held
    secret += goal_worth(policy, view, seat, speaker, "secret", target.colour)
    talked = goal_worth(policy, view, seat, speaker, "converse", target.colour)
    value = (
        odds.single * (single + talked) + odds.double * (double + talked) + odds.secret * (secret + talked)
    )
    return odds.talk * value


def always_evidence(view: StawkaView, speaker: AgentView) -> int:
    return sum(
        m.amount
        for m in doc(view, speaker.id).trait.modifiers
        if m.kind == "evidence_on_conversation" and m.uses == "always"
    )


def item_worth(policy: Policy, view: StawkaView, seat: Seat, agent: AgentView, item_id: str) -> float:
    """Keeping an item: what its effect is worth to this agent."""
    effect = item(item_id).effect
    kind = effect.kind
    value = 0.0
    if kind == "conversation":
        value = 1.5 * effect.amount if item(item_id).durable else 0.8 * effect.amount
    elif kind == "boots":
        value = 2.0
    elif kind == "camera":
        value = 1.0
    elif kind == "city_map":
        value = 0.8
    elif kind == "weapon":
        value = 0.6 + goal_worth(policy, view, seat, agent, "assassinate") * 0.4
    elif kind == "first_aid_kit":
        value = 0.4
    elif kind == "mission" and agent.mission is None and extended(view):
        value = 3.0
    if agent.mission is not None and extended(view):
        for level, goal in levels(card(agent.mission)):
            if goal.kind == "hold_item" and len(agent.items) + 1 >= goal.count:
                value = max(value, mission_worth(policy, view, seat, level))
    return max(value, hotel.item_worth(view, seat, agent, item_id))


EvidencePrice = Callable[[str, int, AgentView | None], float]
"""What `amount` evidence against `colour` is worth to a bot (a scenario's planner may
price it its way, `Planner.evidence_worth`); `evidence_worth` by default."""


def best_evidence(
    policy: Policy,
    view: StawkaView,
    seat: Seat,
    item_id: str,
    agent: AgentView | None = None,
    price: EvidencePrice | None = None,
) -> tuple[float, str]:
    """The best colour to discard an item as evidence against, and its worth."""
    best = (0.0, "")
    for ev in item(item_id).evidence:
        worth = (
            price(ev.colour, ev.value, agent)
            if price is not None
            else evidence_worth(policy, view, seat, ev.colour, ev.value, agent)
        )
        best = max(best, (worth, ev.colour))
    return best


def search_worth(
    policy: Policy,
    view: StawkaView,
    seat: Seat,
    agent: AgentView,
    location: str,
    price: EvidencePrice | None = None,
) -> float:
    """Expected worth of drawing a tile here: the better of keeping it and discarding it
    as evidence (priced by `price`, if given), averaged over the location's tiles not
    known to be gone."""
    gone = set(view.removed_items)
    for a in view.agents:
        gone.update(a.items)
    tiles = [t for t in tiles_at(location) if t not in gone]
    if not tiles or not view.stacks.get(location):
        return 0.0
    total = sum(
        max(item_worth(policy, view, seat, agent, t), best_evidence(policy, view, seat, t, agent, price)[0])
        for t in tiles
    )
    value = total / len(tiles)
    if extended(view):
        value += (
            goal_worth(policy, view, seat, agent, "search_location") if _goal_at(agent, location) else 0.0
        )
    return value


@cache
def tiles_at(location: str) -> tuple[str, ...]:
    """The item tiles of a location (the box's, fixed: a search prices them every move)."""
    return tuple(t.id for t in load_content().items_at(location))


def _goal_at(agent: AgentView, location: str) -> bool:
    if agent.mission is None:
        return False
    return any(g.location == location for _, g in levels(card(agent.mission)))


def arrest_worth(policy: Policy, view: StawkaView, seat: Seat, agent: AgentView, target: AgentView) -> float:
    """Arrest: 2d6 at most the target's alertness takes him out of play (and opens
    interrogation); the pair's conversation for the stage is spent either way."""
    chance = at_most(doc(view, target.id).alertness)
    return chance * (policy.arrest_gain + goal_worth(policy, view, seat, agent, "arrest", target.colour))


def assassination_worth(
    policy: Policy, view: StawkaView, seat: Seat, agent: AgentView, target: AgentView, bonus: int
) -> float:
    """2d6 plus the weapon above the target's defence liquidates him; a failure on the same
    space gives the enemy 3 evidence against the assassin."""
    chance = at_least(doc(view, target.id).defence + 1 - bonus)
    gain = policy.arrest_gain + goal_worth(policy, view, seat, agent, "assassinate", target.colour)
    loss = evidence_worth(policy, view, other(seat), agent.colour, 3)
    return chance * gain - (1 - chance) * loss
