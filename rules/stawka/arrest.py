"""Arrests, the jail and interrogation (rulebook, "Arrest Action", EXTENDED).

Only the German player arrests, and never Kloss: the SS officers always, Glaubel (and
others) with a mission card ordering an arrest; the target is a Polish agent on the same
space with at least 6 evidence.  The arrest counts as the pair's conversation of the
stage.  The Polish player rolls 2d6: at most the agent's alertness means arrested.  The
arrested figure goes to the jail lying down, loses all its items and cannot be activated.

The arrest's cost comes from the cost list in the content data: 2 AP, "arrest or
kidnapping (2 AP)", where the arrest text says 1 AP (the erratum the data resolves).

Interrogation ("rolls two dice, as for a conversation"): 2d6 plus the track bonus
against the prisoner's thresholds; a single or double gives evidence as a conversation
does, a secret is revealed.  Our reading of "will remain in jail until released or until
... he reveals a secret": after revealing it he is let go, standing in the jail.  The
arresting agent may interrogate at once; later an SS officer in the jail may interrogate
a prisoner for 1 AP, once per stage per pair.
"""

from __future__ import annotations

from rules.core import Dice, Event, IllegalAction, Seat
from rules.stawka import film_hooks
from rules.stawka.actions import Arrest, Interrogate
from rules.stawka.activation import activated, settle, spend_ap
from rules.stawka.content import load_content
from rules.stawka.conversation import judge, take_secret
from rules.stawka.costs import ap_cost, interrogation_cost
from rules.stawka.documents import ap_left, document, trait_modifiers
from rules.stawka.investigation import add_scoring_evidence, evidence_event, lower_evidence
from rules.stawka.items import gone_with
from rules.stawka.meetings import have_talked, pair
from rules.stawka.missions import card
from rules.stawka.state import AgentState, PlayedReaction, StawkaState, Turn

JAIL = "jail"
EVIDENCE_FOR = {"single": 1, "double": 2}


def can_arrest(state: StawkaState, agent: AgentState, target: AgentState) -> bool:
    """Arrest, 1-2: SS officers, or an agent whose mission orders an arrest (of that colour)."""
    if document(state, agent.id).can_arrest:
        return True
    if agent.mission is None:
        return False
    mission = card(agent.mission)
    return any(
        g.kind == "arrest" and g.colour in (None, target.colour) for g in (mission.basic, mission.special)
    )


def arrest_targets(
    state: StawkaState, agent: AgentState, evidence_needed: int | None = None
) -> list[AgentState]:
    """Polish agents on the agent's space he may arrest now: not Kloss, with at least 6
    evidence (Arrest Action, 1), or what a location card asks (`evidence_needed`) - or
    anyone a film scenario lets him arrest (`film_hooks.arrest_anyone`); not talked to this
    stage."""
    if state.rule_level == "basic" or JAIL not in state.stacks:
        return []
    evidence = state.sides[agent.side].evidence

    def enough(value: int) -> bool:
        return load_content().range_for(value).arrest if evidence_needed is None else value >= evidence_needed

    return [
        target
        for target in state.agents_at(agent.space)
        if target.side != agent.side
        and agent.side == "german"
        and (
            (target.id != "kloss" and enough(evidence.get(target.colour, 0)))
            or film_hooks.arrest_anyone(state, agent, target)
        )
        and not have_talked(state, agent.id, target.id)
        and can_arrest(state, agent, target)
    ]


def legal_arrests(state: StawkaState, agent: AgentState) -> list[Arrest]:
    act = state.activation
    if agent.side != "german":  # `arrest_targets`: only a German agent arrests (Arrest Action)
        return []
    if (act is not None and act.acted) or ap_left(state, agent) < ap_cost("arrest"):
        return []
    return [
        Arrest(agent=agent.id, target=target.id, interrogate=now)
        for target in arrest_targets(state, agent)
        for now in (False, True)
    ]


def escape_bonus(state: StawkaState, agent: AgentState) -> int:
    return sum(m.amount for m in trait_modifiers(state, agent, "arrest_roll") if m.uses == "always")


def escape_roll(
    state: StawkaState, agent: AgentState, target: AgentState, dice: Dice, key: str
) -> tuple[bool, Event]:
    """Arrest, 3 (and kidnapping, "analogous to an attempted arrest"): the target rolls 2d6
    (plus traits); a total at most his alertness catches him.  Returns (caught, the roll)."""
    rolled = dice.roll(2)
    bonus = escape_bonus(state, target)
    total = sum(rolled) + bonus
    alertness = document(state, target.id).alertness
    event = Event.made(
        kind="roll",
        key=key,
        params={"agent": agent.id, "target": target.id, "total": total, "alertness": alertness},
        data={
            "dice": list(rolled),
            "modifiers": [["trait", bonus]] if bonus else [],
            "total": total,
            "needed": alertness + 1,
            "goal": "escape",
        },
        reveals=True,
    )
    return total <= alertness, event


def arrest(state: StawkaState, turn: Turn, action: Arrest, dice: Dice) -> tuple[StawkaState, list[Event]]:
    seat = turn.seat
    state, agent = activated(state, seat, action.agent)
    act = state.activation
    assert act is not None
    if act.acted:
        raise IllegalAction("An agent performs one action per activation.", "stawka.refusal.one_action")
    targets = {t.id: t for t in arrest_targets(state, agent)}
    if action.target not in targets:
        raise IllegalAction(
            "An arrest needs an agent able to arrest, on a space with a Polish agent (not Kloss) with "
            "at least 6 evidence, whom he has not talked to this stage.",
            "stawka.refusal.arrest",
        )
    state, events = attempt_arrest(state, seat, agent, targets[action.target], action.interrogate, dice)
    return settle(state, events)


def attempt_arrest(
    state: StawkaState, seat: Seat, agent: AgentState, target: AgentState, interrogate_now: bool, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """Arrest, 3-4: the activated `agent` pays, the pair has its conversation of the stage, the
    target rolls to escape; caught, he goes to the jail without his items."""
    act = state.activation
    assert act is not None
    state, agent = spend_ap(state, agent, ap_cost("arrest"))
    acted = act.model_copy(update={"acted": True, "moved_before_action": act.moved > 0})
    answer = enemy_answer(state, seat)
    if answer is not None and answer.effect == "cancel_conversation":
        # The enemy's reaction card: the arrest does not take place (the pair has not talked).
        foiled = Event(kind="dropped", key="stawka.arrest_foiled", params={"agent": agent.id})
        return state.model_copy(update={"activation": acted}), [foiled]
    state = state.model_copy(
        update={"activation": acted, "talked": (*state.talked, pair(agent.id, target.id))}
    )
    caught, roll = escape_roll(state, agent, target, dice, "stawka.arrest_roll")
    events = [roll]
    if not caught:
        events.append(
            Event(kind="arrest", key="stawka.arrest_avoided", params={"agent": agent.id, "target": target.id})
        )
    else:
        state, jailing = jail(state, agent, target)
        events.extend(jailing)
        if interrogate_now:
            state, more = interrogation(state, seat, agent, state.agent(target.id), dice)
            events.extend(more)
    if answer is not None:
        state, relieved = lower_evidence(
            state, state.agent(target.id), answer.amount, "stawka.reaction_evidence_removed"
        )
        events.append(relieved)
    return state, events


def enemy_answer(state: StawkaState, seat: Seat) -> PlayedReaction | None:
    """The enemy's yellow reaction card waiting for `seat`'s arrest or kidnapping, which are
    "treated as a conversation" (`rules.stawka.reaction_windows`): Interrupted (it does not
    take place) or Cover story (after it, less evidence against his agent); a conversation's
    roll cards have nothing to act on in them (no effectiveness roll)."""
    answer = state.waiting("cancel_conversation", "remove_evidence")
    return answer if answer is not None and answer.seat != seat else None


def jail(state: StawkaState, agent: AgentState, target: AgentState) -> tuple[StawkaState, list[Event]]:
    """Arrest, 4: `agent` arrested `target`: to the jail, lying down, without his items."""
    jailed = target.model_copy(update={"status": "arrested", "space": JAIL, "items": ()})
    state = gone_with(state.with_agent(jailed), target)
    events = [
        Event(
            kind="arrest",
            key="stawka.arrested",
            params={"agent": agent.id, "target": target.id},
            reveals=True,
        )
    ]
    if target.items:
        events.append(
            Event(
                kind="items_lost",
                key="stawka.items_lost",
                params={"agent": target.id, "count": len(target.items)},
            )
        )
    return state, events


def legal_interrogations(state: StawkaState, agent: AgentState) -> list[Interrogate]:
    act = state.activation
    if (
        state.rule_level == "basic"
        or (act is not None and act.acted)
        or agent.space != JAIL
        or not document(state, agent.id).can_arrest
        or ap_left(state, agent) < interrogation_cost()
    ):
        return []
    return [
        Interrogate(agent=agent.id, prisoner=p.id)
        for p in state.agents
        if p.status == "arrested" and p.side != agent.side and not have_talked(state, agent.id, p.id)
    ]


def interrogate(
    state: StawkaState, turn: Turn, action: Interrogate, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    seat = turn.seat
    state, agent = activated(state, seat, action.agent)
    act = state.activation
    assert act is not None
    if action not in legal_interrogations(state, agent):
        raise IllegalAction(
            "An SS officer in the jail interrogates each prisoner once a stage.",
            "stawka.refusal.interrogated",
        )
    state, agent = spend_ap(state, agent, interrogation_cost())
    prisoner = state.agent(action.prisoner)
    state = state.model_copy(
        update={
            "activation": act.model_copy(update={"acted": True, "moved_before_action": act.moved > 0}),
            "talked": (*state.talked, pair(agent.id, prisoner.id)),
        }
    )
    state, events = interrogation(state, seat, agent, prisoner, dice)
    return settle(state, events)


def interrogation(
    state: StawkaState, seat: Seat, agent: AgentState, prisoner: AgentState, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """2d6 + the track bonus against the prisoner's thresholds (the arrest example: 6 + 2 < 9)."""
    side = state.sides[seat]
    evidence = side.evidence.get(prisoner.colour, 0)
    track = load_content().range_for(evidence).conversation_bonus
    resist = sum(
        m.amount for m in trait_modifiers(state, prisoner, "interrogation_resist") if m.uses == "always"
    )
    modifiers: list[list[str | int]] = [["track", track]] if track else []
    if resist:
        modifiers.append(["trait", -resist])
    rolled = dice.roll(2)
    total = sum(rolled) + track - resist
    result = judge(state, prisoner, total, evidence)
    events = [
        Event(
            kind="roll",
            key=f"stawka.interrogation_{result}",
            params={"agent": agent.id, "target": prisoner.id, "total": total},
            data={
                "dice": list(rolled),
                "modifiers": modifiers,
                "total": total,
                "result": result,
                "thresholds": document(state, prisoner.id).thresholds.model_dump(),
            },
            reveals=True,
        )
    ]
    if result == "secret":
        state, event = take_secret(state, seat, prisoner)
        state = state.with_agent(prisoner.model_copy(update={"status": "free"}))
        events.append(event)
        # Our reading (README, "A secret revealed in an interrogation"): the interrogation is
        # rolled "as for a conversation" and its secret is one from a conversation in every
        # scenario - its VP, and what a film scenario gives for it ("Top Secret", Basic and
        # Special Missions: "Each time a Polish or German agent obtains a secret from a
        # conversation ... he may change the position of two of his own chosen threat tokens").
        state = film_hooks.after_secret(state, seat, events, dice)
    elif result in EVIDENCE_FOR:
        # The same reading for its evidence: beyond the tenth piece it scores VP where the
        # scenario pays them ("I Know Who You Are", "Hotel Excelsior": "If as a result of a
        # CONVERSATION ... more than the tenth piece of EVIDENCE, he instead receives 1
        # Victory Point for each evidence above 10"; until the film audit it scored none).
        side = add_scoring_evidence(state, seat, prisoner.colour, EVIDENCE_FOR[result])
        state = state.with_side(seat, side)
        events.append(
            evidence_event(
                seat, prisoner.colour, EVIDENCE_FOR[result], side.evidence[prisoner.colour], "conversation"
            )
        )
    return state, events
