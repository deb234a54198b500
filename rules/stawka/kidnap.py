"""Kidnapping for exchange (rulebook, "Release of the Arrested", point 1, EXTENDED).

A Polish agent holding a weapon, on a space with a lone enemy agent who is not an SS
officer and has at least 6 evidence against him, while some Polish agent is in jail,
may kidnap him (2 AP, like an arrest, and like an arrest it is the pair's conversation
of the stage).  The German player rolls 2d6: at most the agent's alertness means
kidnapped; more, and he escapes and his side gains 3 evidence against the kidnapper.
Then the exchange: the Polish player puts the kidnapped agent on any street space; the
German player puts the jailed Polish agent (his choice, if several) in a location of a
sector where no SS officer is.  The weapon is only shown, not used up (ours).
"""

from __future__ import annotations

from rules.core import Dice, Event, IllegalAction, Seat
from rules.stawka.actions import ExchangePlace, Kidnap
from rules.stawka.activation import activated, settle, spend_ap
from rules.stawka.arrest import enemy_answer, escape_roll
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.costs import ap_cost
from rules.stawka.documents import ap_left, document
from rules.stawka.investigation import add_evidence, evidence_event, lower_evidence
from rules.stawka.items import held_of_kind
from rules.stawka.meetings import have_talked, pair
from rules.stawka.state import GERMAN, POLISH, AgentState, PlaceKidnapped, PlacePrisoner, StawkaState, Turn

FAILED_KIDNAP_EVIDENCE = 3


def kidnap_targets(state: StawkaState, agent: AgentState) -> list[AgentState]:
    if state.rule_level == "basic" or agent.side != POLISH or not held_of_kind(agent, "weapon"):
        return []
    if not any(a.status == "arrested" for a in state.agents_of(POLISH)):
        return []
    enemies = [a for a in state.agents_at(agent.space) if a.side != agent.side]
    if len(enemies) != 1:
        return []
    target = enemies[0]
    evidence = state.sides[POLISH].evidence.get(target.colour, 0)
    if (
        document(state, target.id).function == "ss_officer"
        or not load_content().range_for(evidence).arrest
        or have_talked(state, agent.id, target.id)
    ):
        return []
    return [target]


def legal_kidnaps(state: StawkaState, agent: AgentState) -> list[Kidnap]:
    act = state.activation
    if not agent.items:  # `kidnap_targets`: a kidnapping needs a weapon held
        return []
    if (act is not None and act.acted) or ap_left(state, agent) < ap_cost("kidnap"):
        return []
    return [Kidnap(agent=agent.id, target=t.id) for t in kidnap_targets(state, agent)]


def kidnap(state: StawkaState, turn: Turn, action: Kidnap, dice: Dice) -> tuple[StawkaState, list[Event]]:
    state, agent = activated(state, turn.seat, action.agent)
    act = state.activation
    assert act is not None
    if action not in legal_kidnaps(state, agent):
        raise IllegalAction(
            "A kidnapping needs a weapon, a lone enemy agent (not an SS officer) with at least 6 evidence, "
            "and a Polish agent in jail.",
            "stawka.refusal.kidnap",
        )
    target = state.agent(action.target)
    state, agent = spend_ap(state, agent, ap_cost("kidnap"))
    acted = act.model_copy(update={"acted": True, "moved_before_action": act.moved > 0})
    answer = enemy_answer(state, turn.seat)
    if answer is not None and answer.effect == "cancel_conversation":
        # The enemy's reaction card: the kidnapping does not take place (the pair has not talked).
        foiled = Event(kind="dropped", key="stawka.kidnap_foiled", params={"agent": agent.id})
        return settle(state.model_copy(update={"activation": acted}), [foiled])
    state = state.model_copy(
        update={"activation": acted, "talked": (*state.talked, pair(agent.id, target.id))}
    )
    caught, roll = escape_roll(state, agent, target, dice, "stawka.kidnap_roll")
    events = [roll]
    if answer is not None:
        state, relieved = lower_evidence(
            state, state.agent(target.id), answer.amount, "stawka.reaction_evidence_removed"
        )
        events.append(relieved)
    if not caught:
        side = add_evidence(state.sides[GERMAN], agent.colour, FAILED_KIDNAP_EVIDENCE)
        state = state.with_side(GERMAN, side)
        events.append(
            Event(kind="kidnap", key="stawka.kidnap_avoided", params={"agent": agent.id, "target": target.id})
        )
        events.append(
            evidence_event(
                GERMAN, agent.colour, FAILED_KIDNAP_EVIDENCE, side.evidence[agent.colour], "attempt"
            )
        )
        return settle(state, events)
    events.append(
        Event(
            kind="kidnap",
            key="stawka.kidnapped",
            params={"agent": agent.id, "target": target.id},
            reveals=True,
        )
    )
    pending = PlaceKidnapped(seat=POLISH, agent=target.id)
    return state.model_copy(update={"pending": (*state.pending, pending)}), events


def legal_kidnapped_places(state: StawkaState, decision: PlaceKidnapped) -> list[ExchangePlace]:
    """The kidnapped agent goes to any street space."""
    board = board_of(state.scenario)
    return [ExchangePlace(agent=decision.agent, space=s) for s in board.spaces if not board.is_location(s)]


def legal_prisoner_places(state: StawkaState, decision: PlacePrisoner) -> list[ExchangePlace]:
    """A jailed Polish agent (the German player's pick) goes to a location of a sector without
    an SS officer."""
    board = board_of(state.scenario)
    guarded = {
        board.sector_of[a.space]
        for a in state.agents_of(GERMAN)
        if a.status == "free" and document(state, a.id).function == "ss_officer"
    }
    prisoners = [a.id for a in state.agents_of(POLISH) if a.status == "arrested"]
    return [
        ExchangePlace(agent=p, space=loc)
        for p in prisoners
        for loc in board.locations
        if board.sector_of[loc] not in guarded
    ]


def place_kidnapped(
    state: StawkaState, decision: PlaceKidnapped, action: ExchangePlace, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """The Polish player's part of the exchange; then the German frees a prisoner, if one is left."""
    if action not in legal_kidnapped_places(state, decision):
        raise IllegalAction("The kidnapped agent goes to a street space.", "stawka.refusal.kidnapped_street")
    state, event = _exchanged(state, decision.seat, action)
    if any(a.status == "arrested" for a in state.agents_of(POLISH)):
        pending = PlacePrisoner(seat=GERMAN)
        return state.model_copy(update={"pending": (*state.pending, pending)}), [event]
    return settle(state, [event])


def place_prisoner(
    state: StawkaState, decision: PlacePrisoner, action: ExchangePlace, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    if action not in legal_prisoner_places(state, decision):
        raise IllegalAction(
            "The freed prisoner goes to a location of a sector without an SS officer.",
            "stawka.refusal.prisoner_location",
        )
    state, event = _exchanged(state, decision.seat, action)
    return settle(state, [event])


def _exchanged(state: StawkaState, seat: Seat, action: ExchangePlace) -> tuple[StawkaState, Event]:
    """One agent of the exchange set free on his space; the decision leaves the stack."""
    placed = state.agent(action.agent).model_copy(update={"space": action.space, "status": "free"})
    state = state.with_agent(placed).model_copy(update={"pending": state.pending[:-1]})
    event = Event(
        kind="exchange",
        key="stawka.exchanged",
        params={"seat": seat, "agent": action.agent, "to": board_of(state.scenario).where(action.space)},
        reveals=True,
    )
    return state, event
