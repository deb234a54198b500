""" "Top Secret": attacking the Black Audi (rulebook, "Film Scenario: Top Secret", The Black
Audi; Basic and Special Missions; its NOTEs; Victory Conditions).

Once Dr Pulkowski is in it, the car is the target of assassinations by Polish agents
(not Kloss), without a mission.  The escort gives it defence 6, +1 per basic and +3 per
special mission the German player completes; German support tokens add to it.  The
attacker adds his weapon, his trait, +2 per basic and +4 per special mission he
completed, and +1 per piece of evidence his side gathered beyond the tenth.  Destroying
the car with Pulkowski inside wins for the Polish player.

Ours (README, "Top Secret"): the attack is an assassination (1 AP, his action; a weapon
that reaches the car, spent; a failed attempt on the car's space gives the German 3
evidence against him); the car does not fight back.  The German player's help is one
face-down support token of his, revealed (and used up) by the rules for +1 before the
roll, when he has one.
"""

from __future__ import annotations

from rules.core import Dice, Event, IllegalAction
from rules.stawka import activation, assassination, threats
from rules.stawka.actions import AttackAudi
from rules.stawka.board import board_of
from rules.stawka.costs import ap_cost
from rules.stawka.documents import ap_left, trait_modifiers
from rules.stawka.film.top_secret import AUDI, audi, figures, with_figures
from rules.stawka.investigation import add_evidence, evidence_event
from rules.stawka.items import held_of_kind, item
from rules.stawka.movement import shortest_paths
from rules.stawka.state import GERMAN, POLISH, AgentState, StawkaState, Turn

KLOSS = "kloss"
MISSION_BONUS = {"basic": 2, "special": 4}
"""Basic and Special Missions: a Polish agent's bonus against the car per mission completed."""
MISSION_DEFENCE = {"basic": 1, "special": 3}
"""Basic and Special Missions: the car's defence per German mission completed."""
SUPPORT = 1


def is_target(state: StawkaState) -> bool:
    held = figures(state)
    return held.pulkowski == "aboard" and not held.destroyed


def reaches(state: StawkaState, agent: AgentState, reach: int) -> bool:
    where = figures(state).audi
    if agent.space == where:
        return True
    return reach > 0 and where in shortest_paths(board_of(state.scenario), agent.space, agent.side, reach)


def legal_attacks(state: StawkaState, agent: AgentState) -> list[AttackAudi]:
    act = state.activation
    if (
        agent.side != POLISH
        or agent.id == KLOSS
        or agent.status != "free"
        or not is_target(state)
        or (act is not None and (act.acted or act.agent != agent.id))
        or ap_left(state, agent) < ap_cost("assassination")
    ):
        return []
    return [
        AttackAudi(agent=agent.id, weapon=weapon.id)
        for weapon in held_of_kind(agent, "weapon")
        if reaches(state, agent, weapon.effect.reach)
    ]


def attack_modifiers(state: StawkaState, agent: AgentState, weapon: str) -> list[list[str | int]]:
    """The attacker's modifiers, as (label, amount)."""
    modifiers: list[list[str | int]] = []
    if item(weapon).effect.amount:
        modifiers.append([weapon, item(weapon).effect.amount])
    trait = sum(m.amount for m in trait_modifiers(state, agent, "assassination_roll") if m.uses == "always")
    if trait:
        modifiers.append(["trait", trait])
    missions = figures(state).mission_bonus.get(agent.id, 0)
    if missions:
        modifiers.append(["missions", missions])
    beyond = sum(state.sides[POLISH].evidence_over.values())
    if beyond:
        modifiers.append(["evidence_over", beyond])
    return modifiers


def defence(state: StawkaState) -> int:
    """The car's defence before support: 6 and the German missions' bonus."""
    return audi().defence + figures(state).defence_bonus


def _support_token(state: StawkaState) -> str | None:
    return next(
        (
            t
            for t in state.threats.values()
            if threats.owner(t) == GERMAN
            and threats.token(t).kind == "support"
            and t not in state.threats_open
        ),
        None,
    )


def attack(state: StawkaState, turn: Turn, action: AttackAudi, dice: Dice) -> tuple[StawkaState, list[Event]]:
    agent = next((a for a in state.agents if a.id == action.agent), None)
    if agent is None or turn.seat != POLISH or action not in legal_attacks(state, agent):
        raise IllegalAction(
            "Only a Polish agent other than Kloss may attack the Black Audi, once Dr Pulkowski is in it, "
            "with a weapon that reaches it.",
            "stawka.refusal.audi_attack",
        )
    state, agent = activation.activated(state, turn.seat, action.agent)
    state, agent = activation.spend_ap(state, agent, ap_cost("assassination"))
    act = state.activation
    assert act is not None
    state = state.model_copy(
        update={"activation": act.model_copy(update={"acted": True, "moved_before_action": act.moved > 0})}
    )
    events: list[Event] = []
    guard = defence(state)
    support = _support_token(state)
    if support is not None:
        state = threats.remove_token(state, support)
        guard += SUPPORT
        events.append(
            Event(
                kind="threat",
                key="stawka.support_used",
                params={"seat": GERMAN, "amount": SUPPORT},
                reveals=True,
            )
        )
    modifiers = attack_modifiers(state, agent, action.weapon)
    rolled = dice.roll(2)
    total = sum(rolled) + sum(int(m[1]) for m in modifiers)
    destroyed = total > guard
    events.append(
        Event(
            kind="roll",
            key="stawka.assassination_hit" if destroyed else "stawka.assassination_missed",
            params={"agent": agent.id, "target": AUDI, "total": total, "defence": guard},
            data={
                "dice": list(rolled),
                "modifiers": modifiers,
                "total": total,
                "needed": guard + 1,
                "goal": "kill",
            },
            reveals=True,
        )
    )
    same_space = agent.space == figures(state).audi
    state, shown = assassination.spend_weapon(state, agent.id, action.weapon)
    events.append(shown)
    if destroyed:
        state = with_figures(state, figures(state).model_copy(update={"destroyed": True}))
    elif same_space:
        amount = assassination.FAILED_ATTEMPT_EVIDENCE
        side = add_evidence(state.sides[GERMAN], agent.colour, amount)
        state = state.with_side(GERMAN, side)
        events.append(evidence_event(GERMAN, agent.colour, amount, side.evidence[agent.colour], "attempt"))
    return activation.settle(state, events)


def mission_done(state: StawkaState, agent: AgentState, level: str) -> StawkaState:
    """Basic and Special Missions: the Polish agent's bonus, or the car's defence."""
    held = figures(state)
    if agent.side == POLISH:
        bonus = {**held.mission_bonus, agent.id: held.mission_bonus.get(agent.id, 0) + MISSION_BONUS[level]}
        return with_figures(state, held.model_copy(update={"mission_bonus": bonus}))
    return with_figures(
        state, held.model_copy(update={"defence_bonus": held.defence_bonus + MISSION_DEFENCE[level]})
    )
