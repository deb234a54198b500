"""Conversation (rulebook, "Conversation"; "Investigation Track", 4).

The activated agent meets an enemy agent on one space and initiates (1 AP).  If his rank
is lower he rolls a die that must exceed the difference, or no conversation happens.
Then 2d6 plus his trait, the items he reveals and the track bonus against the target,
compared with the target's thresholds: a single, a double, or - only against an agent
with at least 3 evidence - a secret.

What each success gives is not printed; ours: a single 1 evidence, a double 2 evidence
against the target's colour; a secret counts toward victory and, as the "Top Secret"
scenario's NOTE implies by exempting itself ("obtaining a secret ... does not reset the
evidence level"), resets that colour's track to 0.
"""

from __future__ import annotations

from typing import Literal

from rules.core import Dice, Event, IllegalAction, Seat
from rules.stawka import film_hooks, missions, victory
from rules.stawka.actions import Converse, converse_of
from rules.stawka.activation import activated, settle, spend_ap
from rules.stawka.content import load_content
from rules.stawka.costs import ap_cost
from rules.stawka.documents import ap_left, document, trait_modifiers
from rules.stawka.investigation import add_scoring_evidence, evidence_event, lower_evidence
from rules.stawka.items import held_of_kind, item, spend
from rules.stawka.meetings import conversation_targets, have_talked, pair
from rules.stawka.state import AgentState, StawkaState, Turn

EVIDENCE_FOR: dict[str, int] = {"single": 1, "double": 2}

Result = Literal["none", "single", "double", "secret"]


def optional_trait_bonus(state: StawkaState, agent: AgentState) -> int:
    """The conversation bonus of a limited-use trait the agent may choose to use now."""
    return sum(m.amount for m in trait_modifiers(state, agent, "conversation_roll") if m.uses != "always")


def always_trait_bonus(
    state: StawkaState,
    agent: AgentState,
    kind: Literal["conversation_roll", "rank_roll", "rank", "secret_threshold", "evidence_on_conversation"],
    initiating: bool = True,
) -> int:
    """Always-on trait modifiers of `kind`; initiator-only ones count only for the initiator."""
    return sum(
        m.amount
        for m in trait_modifiers(state, agent, kind)
        if m.uses == "always" and (initiating or not m.initiator_only)
    )


def effectiveness_modifiers(
    state: StawkaState,
    seat: Seat,
    speaker: AgentState,
    target: AgentState,
    items: tuple[str, ...],
    trait_bonus: int,
    initiating: bool = True,
) -> list[list[str | int]]:
    """Conversation, 3: what is added to the 2d6, as (label, amount) pairs.

    The speaker's trait (always-on ones, plus a limited one he chose to use), the items he
    reveals, and the investigation track's bonus against the target.  `initiating` is
    False when the speaker answers a conversation (the reciprocity reaction card).
    """
    modifiers: list[list[str | int]] = []
    trait = always_trait_bonus(state, speaker, "conversation_roll", initiating) + trait_bonus
    if trait:
        modifiers.append(["trait", trait])
    for used in items:
        modifiers.append([used, item(used).effect.amount])
    evidence = state.sides[seat].evidence.get(target.colour, 0)
    track = load_content().range_for(evidence).conversation_bonus
    if track:
        modifiers.append(["track", track])
    if state.sides[seat].talk_bonus:
        modifiers.append(["card", state.sides[seat].talk_bonus])
    return modifiers


def legal_conversations(state: StawkaState, agent: AgentState) -> list[Converse]:
    """Each target, bare or with all conversation items, with and without a limited trait."""
    act = state.activation
    if (act is not None and act.acted) or ap_left(state, agent) < ap_cost("conversation"):
        return []
    targets = conversation_targets(state, agent)
    if not targets:  # most of the time: the choices below need not be worked out
        return []
    helpers = tuple(i.id for i in held_of_kind(agent, "conversation"))
    item_choices: list[tuple[str, ...]] = [()] + ([helpers] if helpers else [])
    trait_choices = [False, True] if optional_trait_bonus(state, agent) else [False]
    return [
        converse_of(agent.id, target.id, items, trait)
        for target in targets
        for items in item_choices
        for trait in trait_choices
    ]


def rank_test_needed(state: StawkaState, agent: AgentState, target: AgentState) -> int:
    """Conversation, 2: the rank difference the initiator's die must exceed (0: none needed)."""
    mine = document(state, agent.id).rank + always_trait_bonus(state, agent, "rank")
    theirs = document(state, target.id).rank + always_trait_bonus(state, target, "rank")
    return max(0, theirs - mine)


def judge(state: StawkaState, target: AgentState, total: int, evidence: int) -> Result:
    """Compare an effectiveness total with the target's thresholds (Conversation, 3)."""
    thresholds = document(state, target.id).thresholds
    harder = always_trait_bonus(state, target, "secret_threshold")
    secrets_possible = load_content().range_for(evidence).secrets
    if secrets_possible and total >= thresholds.secret + harder:
        return "secret"
    if total >= thresholds.double + harder:
        return "double"
    if total >= thresholds.single + harder:
        return "single"
    return "none"


def converse(state: StawkaState, turn: Turn, action: Converse, dice: Dice) -> tuple[StawkaState, list[Event]]:
    seat = turn.seat
    state, agent = activated(state, seat, action.agent)
    act = state.activation
    assert act is not None
    if act.acted:
        raise IllegalAction("An agent performs one action per activation.", "stawka.refusal.one_action")
    try:
        target = state.agent(action.target)
    except KeyError as err:
        raise IllegalAction("There is no such agent.", "stawka.refusal.no_such_agent") from err
    if target.side == agent.side or target.space != agent.space or target.status != "free":
        raise IllegalAction(
            "A conversation needs an enemy agent on the same space.", "stawka.refusal.conversation"
        )
    if have_talked(state, agent.id, target.id):
        raise IllegalAction("These two agents have already talked this stage.", "stawka.refusal.talked")
    if len(set(action.items)) != len(action.items) or any(
        i not in agent.items or item(i).effect.kind != "conversation" for i in action.items
    ):
        raise IllegalAction(
            "Only conversation items the agent holds can help a conversation.",
            "stawka.refusal.conversation_items",
        )
    trait_bonus = optional_trait_bonus(state, agent) if action.trait else 0
    if action.trait and not trait_bonus:
        raise IllegalAction(
            "The agent's special trait cannot help this conversation now.", "stawka.refusal.trait"
        )
    state, events = talk(state, seat, agent, target, action, trait_bonus, dice)
    return settle(state, events)


def talk(
    state: StawkaState,
    seat: Seat,
    agent: AgentState,
    target: AgentState,
    action: Converse,
    trait_bonus: int,
    dice: Dice,
    rank_die: bool = True,
) -> tuple[StawkaState, list[Event]]:
    """Conversation, 2-3: the activated `agent` initiates with `target` (1 AP, his action):
    the rank die if his rank is lower (not when a location card summons the target),
    then the effectiveness roll.  Also the conversations of location cards (a telephone
    call, a summons), whose target need not share his space."""
    act = state.activation
    assert act is not None
    state, agent = spend_ap(state, agent, ap_cost("conversation"))
    state = state.model_copy(
        update={"activation": act.model_copy(update={"acted": True, "moved_before_action": act.moved > 0})}
    )
    events = [
        Event(kind="conversation", key="stawka.conversation", params={"agent": agent.id, "target": target.id})
    ]
    state, events, _ = conversation_rolls(
        state, seat, agent, target, action, trait_bonus, dice, events, rank_die
    )
    return state, events


def conversation_rolls(
    state: StawkaState,
    seat: Seat,
    agent: AgentState,
    target: AgentState,
    action: Converse,
    trait_bonus: int,
    dice: Dice,
    events: list[Event],
    rank_die: bool = True,
) -> tuple[StawkaState, list[Event], bool]:
    """Conversation, 2-3, once `agent` has initiated it (by whatever means he paid for it):
    the rank die if his rank is lower, then the effectiveness roll.  Returns the state, the
    events and whether the conversation took place (a failed rank die is none: the pair
    may still talk).  Godzina policyjna's German agents talk through it too.

    An enemy reaction card waiting for it (`rules.stawka.reaction_windows`) interrupts it,
    lowers the roll, answers it with the reciprocity roll or clears evidence after it."""
    answer = state.waiting("cancel_conversation", "roll_modifier", "reciprocity", "remove_evidence")
    if answer is not None and answer.seat == seat:
        answer = None
    if answer is not None and answer.effect == "cancel_conversation":
        # Reaction Cards: "the conversation does not take place": the pair has not talked.
        events.append(Event(kind="dropped", key="stawka.conversation_foiled", params={"agent": agent.id}))
        return state, events, False
    difference = rank_test_needed(state, agent, target) if rank_die else 0
    if difference:
        die = dice.d6()
        bonus = always_trait_bonus(state, agent, "rank_roll")
        passed = die + bonus > difference
        events.append(
            Event(
                kind="roll",
                key="stawka.rank_roll" if passed else "stawka.rank_roll_failed",
                params={"agent": agent.id, "die": die, "bonus": bonus, "difference": difference},
                data={
                    "dice": [die],
                    "modifiers": [["trait", bonus]] if bonus else [],
                    "total": die + bonus,
                    "needed": difference + 1,
                    "goal": "talk",
                },
                reveals=True,
            )
        )
        if not passed:
            # Conversation, 2: "In every other case no conversation takes place": the pair
            # has not talked this stage (an arrest stays possible, the arrest NOTE).
            return state, events, False

    state = state.model_copy(update={"talked": (*state.talked, pair(agent.id, target.id))})
    penalty = answer.amount if answer is not None and answer.effect == "roll_modifier" else 0
    state, agent, events = _effectiveness(
        state, seat, agent, target, action, trait_bonus, dice, events, penalty
    )
    if answer is not None and answer.effect == "reciprocity":
        state = _missions_so_far(state, events)
        if not victory.at_line(state):
            state, events = _reciprocity(
                state, answer.seat, state.agent(target.id), agent, answer.items, dice, events
            )
    if answer is not None and answer.effect == "remove_evidence":
        state, event = lower_evidence(state, target, answer.amount, "stawka.reaction_evidence_removed")
        events.append(event)
    return state, events, True


def _missions_so_far(state: StawkaState, events: list[Event]) -> StawkaState:
    """The missions the initiator's roll completed, paid before the reciprocity roll that
    answers it, so that the game is decided if his side is now at the line: "the first
    Player to reach" it wins (Training Campaign, scenario 3; Free Scenarios, L), and the
    reciprocity roll comes after the initiator's ("Conversation", example 3 continued).
    The caller then rolls it only if nobody has won; `missions.check_missions` pays each
    mission once, so the step's own check after it pays only what the answer completed."""
    state, done = missions.check_missions(state, events)
    events.extend(done)
    return state


def _reciprocity(
    state: StawkaState,
    seat: Seat,
    speaker: AgentState,
    initiator: AgentState,
    items: tuple[str, ...],
    dice: Dice,
    events: list[Event],
) -> tuple[StawkaState, list[Event]]:
    """The reciprocity rule ("Conversation", example 3 continued): after the initiator's
    roll, `seat`'s agent talked to rolls his own against him, with the items he reveals
    and his side's track bonus (not the initiator's traits)."""
    events.append(
        Event(
            kind="conversation",
            key="stawka.reciprocity",
            params={"agent": speaker.id, "target": initiator.id},
        )
    )
    answer = Converse(agent=speaker.id, target=initiator.id, items=items)
    state, _, events = _effectiveness(
        state, seat, speaker, initiator, answer, 0, dice, events, initiating=False
    )
    return state, events


def _effectiveness(
    state: StawkaState,
    seat: Seat,
    agent: AgentState,
    target: AgentState,
    action: Converse,
    trait_bonus: int,
    dice: Dice,
    events: list[Event],
    penalty: int = 0,
    initiating: bool = True,
) -> tuple[StawkaState, AgentState, list[Event]]:
    """Conversation, 3: 2d6 + trait + items + track bonus against the thresholds; less an
    enemy reaction card's `penalty`."""
    evidence = state.sides[seat].evidence.get(target.colour, 0)
    modifiers = effectiveness_modifiers(state, seat, agent, target, action.items, trait_bonus, initiating)
    if penalty:
        modifiers.append(["reaction", -penalty])
    # A location card's bonus is for the side's next roll (`card_effects.talk_bonus`).
    side = state.sides[seat].model_copy(update={"talk_bonus": 0})
    state = state.with_side(seat, side)
    rolled = dice.roll(2)
    total = sum(rolled) + sum(int(m[1]) for m in modifiers)
    result = judge(state, target, total, evidence)

    if action.trait:
        agent = _trait_spent(state, agent)
    for used in action.items:
        events.append(
            Event(
                kind="item_used",
                key="stawka.item_used",
                params={"agent": agent.id, "item": used},
                reveals=True,
            )
        )
    agent, gone = spend(agent, action.items)
    state = state.with_agent(agent).model_copy(update={"removed_items": state.removed_items + gone})
    events.append(
        Event.made(
            kind="roll",
            key=f"stawka.conversation_{result}",
            params={"agent": agent.id, "target": target.id, "total": total, "dice": list(rolled)},
            data={
                "dice": list(rolled),
                "modifiers": modifiers,
                "total": total,
                "result": result,
                "thresholds": document(state, target.id).thresholds.model_dump(),
            },
            reveals=True,
        )
    )
    if result == "secret":
        state, event = take_secret(state, seat, target)
        events.append(event)
        state = film_hooks.after_secret(state, seat, events, dice)
    elif result in EVIDENCE_FOR:
        gained = EVIDENCE_FOR[result] + always_trait_bonus(state, agent, "evidence_on_conversation")
        cameras = held_of_kind(agent, "camera")[:1]
        if cameras:
            gained += cameras[0].effect.amount
            agent, gone = spend(agent, (cameras[0].id,))
            state = state.with_agent(agent).model_copy(update={"removed_items": state.removed_items + gone})
            events.append(
                Event(
                    kind="item_used",
                    key="stawka.item_used",
                    params={"agent": agent.id, "item": cameras[0].id},
                    reveals=True,
                )
            )
        side = add_scoring_evidence(state, seat, target.colour, gained)
        state = state.with_side(seat, side)
        events.append(
            evidence_event(seat, target.colour, gained, side.evidence[target.colour], "conversation")
        )
    return state, agent, events


def take_secret(state: StawkaState, seat: Seat, target: AgentState) -> tuple[StawkaState, Event]:
    """`seat` learns `target`'s secret, in a conversation or an interrogation.

    One more secret and the VP it pays; the evidence against the target's colour is spent on
    it (the track goes back to 0, our reading: see the module docstring).  Both as the
    state's hooks say (`StawkaState.secret_vp`, `StawkaState.secret_spends_evidence`).
    """
    side = state.sides[seat]
    spends = state.secret_spends_evidence(seat) and film_hooks.secret_spends_evidence(state, seat)
    evidence = {**side.evidence, target.colour: 0} if spends else side.evidence
    side = side.model_copy(
        update={
            "secrets": side.secrets + 1,
            "vp": side.vp + state.secret_vp(seat, target),
            "evidence": evidence,
        }
    )
    event = Event(
        kind="secret",
        key="stawka.secret",
        params={"target": target.id, "seat": seat, "secrets": side.secrets},
        reveals=True,
    )
    return state.with_side(seat, side), event


def _trait_spent(state: StawkaState, agent: AgentState) -> AgentState:
    uses = {m.uses for m in trait_modifiers(state, agent, "conversation_roll") if m.uses != "always"}
    if uses & {"once_per_game", "single_use"}:
        return agent.model_copy(update={"trait_used_game": True})
    return agent.model_copy(update={"trait_used_stage": True})
