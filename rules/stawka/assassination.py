"""The assassination action (rulebook, "Assassination Action", EXTENDED).

An agent with a mission card whose goal is an assassination (of the target's colour, if
it names one) and a weapon attacks an enemy agent on his space, or farther with a
grenade, dynamite or a rifle (the weapon's reach).  1 AP.  2d6 plus one weapon's bonus
(and traits) must exceed the target's defence (plus a first-aid kit, spent).  A target
holding a weapon that reaches the attacker (the same space, or a grenade's, dynamite's
or rifle's reach) fights back at the same time the same way, so both may die.  Weapons
are single-use.  A failed attempt on the same space gives the target's side 3 evidence
against the assassin.  A liquidated agent leaves the game with his items, his mission,
and the evidence against him.
"""

from __future__ import annotations

from rules.core import Dice, Event, IllegalAction
from rules.stawka import film_hooks
from rules.stawka.actions import Assassinate
from rules.stawka.activation import activated, settle, spend_ap
from rules.stawka.board import board_of
from rules.stawka.content import Item
from rules.stawka.costs import ap_cost
from rules.stawka.documents import ap_left, document, trait_modifiers
from rules.stawka.investigation import add_evidence, evidence_event
from rules.stawka.items import gone_with, held_of_kind, item, spend
from rules.stawka.missions import card
from rules.stawka.movement import shortest_paths
from rules.stawka.state import AgentState, StawkaState, Turn

FAILED_ATTEMPT_EVIDENCE = 3


def ordered_to_kill(agent: AgentState, target: AgentState) -> bool:
    if agent.mission is None:
        return False
    mission = card(agent.mission)
    return any(
        g.kind == "assassinate" and g.colour in (None, target.colour)
        for g in (mission.basic, mission.special)
    )


def in_reach(state: StawkaState, agent: AgentState, target: AgentState, weapon: Item) -> bool:
    if target.space == agent.space:
        return True
    if weapon.effect.reach == 0:
        return False
    paths = shortest_paths(board_of(state.scenario), agent.space, agent.side, weapon.effect.reach)
    return target.space in paths


def legal_assassinations(state: StawkaState, agent: AgentState) -> list[Assassinate]:
    act = state.activation
    if (
        state.rule_level == "basic"
        or (act is not None and act.acted)
        or ap_left(state, agent) < ap_cost("assassination")
    ):
        return []
    weapons = held_of_kind(agent, "weapon")
    if not weapons:  # most agents: the targets need not be looked at
        return []
    return [
        Assassinate(agent=agent.id, target=target.id, weapon=weapon.id)
        for target in state.agents
        if target.side != agent.side
        and target.status == "free"
        and (ordered_to_kill(agent, target) or film_hooks.assassin_without_mission(state, agent, target))
        for weapon in weapons
        if in_reach(state, agent, target, weapon)
    ]


def _strike(
    state: StawkaState, attacker: AgentState, weapon: Item, defender: AgentState, dice: Dice
) -> tuple[bool, Event]:
    """One side's attack (Assassination, 2-3): whether it kills, and the roll shown."""
    rolled = dice.roll(2)
    modifiers: list[list[str | int]] = []
    if weapon is not None and weapon.effect.amount:
        modifiers.append([weapon.id, weapon.effect.amount])
    trait = sum(
        m.amount for m in trait_modifiers(state, attacker, "assassination_roll") if m.uses == "always"
    )
    if trait:
        modifiers.append(["trait", trait])
    defence = document(state, defender.id).defence + sum(
        m.amount for m in trait_modifiers(state, defender, "defence") if m.uses == "always"
    )
    kits = held_of_kind(defender, "first_aid_kit")
    if kits:
        defence += kits[0].effect.amount
    total = sum(rolled) + sum(int(m[1]) for m in modifiers)
    killed = total > defence
    event = Event(
        kind="roll",
        key="stawka.assassination_hit" if killed else "stawka.assassination_missed",
        params={"agent": attacker.id, "target": defender.id, "total": total, "defence": defence},
        data={
            "dice": list(rolled),
            "modifiers": modifiers,
            "total": total,
            "needed": defence + 1,
            "goal": "kill",
        },
        reveals=True,
    )
    return killed, event


def assassinate(
    state: StawkaState, turn: Turn, action: Assassinate, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    state, agent = activated(state, turn.seat, action.agent)
    act = state.activation
    assert act is not None
    if action not in legal_assassinations(state, agent):
        raise IllegalAction(
            "An assassination needs a mission that orders it, a weapon, and the target on the same space "
            "(or within a grenade's, dynamite's or rifle's reach).",
            "stawka.refusal.assassination",
        )
    state, agent = spend_ap(state, agent, ap_cost("assassination"))
    state = state.model_copy(
        update={"activation": act.model_copy(update={"acted": True, "moved_before_action": act.moved > 0})}
    )
    target = state.agent(action.target)
    weapon = item(action.weapon)
    # Point 3: the target "performs the same actions as the opponent", so his weapon must
    # reach the attacker as point 1 requires (any weapon on the same space).
    back_weapons = sorted(
        (w for w in held_of_kind(target, "weapon") if in_reach(state, target, agent, w)),
        key=lambda w: -w.effect.amount,
    )
    back = back_weapons[0] if back_weapons else None
    killed, strike = _strike(state, agent, weapon, target, dice)
    events = [strike]
    killed_back = False
    if back is not None:
        killed_back, strike = _strike(state, target, back, agent, dice)
        events.append(strike)
    # Weapons are single-use; a first-aid kit is spent by the attack it answered.
    state, shown = _spend_after_fight(state, agent.id, weapon.id, target.id)
    events.extend(shown)
    if back is not None:
        state, shown = _spend_after_fight(state, target.id, back.id, agent.id)
        events.extend(shown)
    if killed:
        state, more = liquidate(state, target.id, agent.id)
        events.extend(more)
    if killed_back:
        state, more = liquidate(state, agent.id, target.id)
        events.extend(more)
    if not killed and not killed_back and target.space == agent.space:
        side = add_evidence(state.sides[target.side], agent.colour, FAILED_ATTEMPT_EVIDENCE)
        state = state.with_side(target.side, side)
        events.append(
            evidence_event(
                target.side, agent.colour, FAILED_ATTEMPT_EVIDENCE, side.evidence[agent.colour], "attempt"
            )
        )
    return settle(state, events)


def _spend_after_fight(
    state: StawkaState, attacker_id: str, weapon_id: str, defender_id: str
) -> tuple[StawkaState, list[Event]]:
    """The attacker's weapon and the defender's first-aid kit are used, so shown (Item Tiles,
    3): the events name them; the weapon and a kit without the * symbol leave the game."""
    state, weapon_shown = spend_weapon(state, attacker_id, weapon_id)
    kits = tuple(k.id for k in held_of_kind(state.agent(defender_id), "first_aid_kit"))[:1]
    defender, gone = spend(state.agent(defender_id), kits)
    shown = [
        Event(
            kind="item_used", key="stawka.item_used", params={"agent": defender_id, "item": k}, reveals=True
        )
        for k in kits
    ]
    state = state.with_agent(defender)
    return state.model_copy(update={"removed_items": state.removed_items + gone}), [weapon_shown, *shown]


def spend_weapon(state: StawkaState, attacker_id: str, weapon_id: str) -> tuple[StawkaState, Event]:
    """A weapon used in an attack is shown and leaves the game, durable or not (Item Tiles,
    3): the state without it, and the event naming it."""
    attacker = state.agent(attacker_id)
    state = state.with_agent(
        attacker.model_copy(update={"items": tuple(i for i in attacker.items if i != weapon_id)})
    )
    state = state.model_copy(update={"removed_items": (*state.removed_items, weapon_id)})
    params = {"agent": attacker_id, "item": weapon_id}
    return state, Event(kind="item_used", key="stawka.item_used", params=params, reveals=True)


def liquidate(state: StawkaState, victim_id: str, killer_id: str) -> tuple[StawkaState, list[Event]]:
    """The figure, items, mission and the evidence against him leave the game (example, F)."""
    victim = state.agent(victim_id)
    enemy = "german" if victim.side == "polish" else "polish"
    side = state.sides[enemy]
    state = state.with_side(enemy, side.model_copy(update={"evidence": {**side.evidence, victim.colour: 0}}))
    state = state.with_agent(victim.model_copy(update={"status": "liquidated", "items": (), "mission": None}))
    state = gone_with(state, victim)
    return state, [
        Event(
            kind="liquidated",
            key="stawka.liquidated_by",
            params={"agent": killer_id, "target": victim_id},
            reveals=True,
        )
    ]
