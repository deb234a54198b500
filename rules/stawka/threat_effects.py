"""Bringing a threat token into play (rulebook, "Threat Tokens", 5, and the cheat sheet).

The owner answers a window: when an enemy agent enters the token's space, fails to
discard it, or declares an action there.  Each kind does what the cheat sheet says (the
texts are content data): an alarm ends the activation, a document check is a test, a
cauldron holds the agent for the stage, confusion takes 2 AP from his network's pool,
dangerous terrain costs AP and stays face up, a suspect gives the owner evidence, a thief
takes an item.  Support tokens only help tests: they cannot be set off.
"""

from __future__ import annotations

from rules.core import Dice, Event, IllegalAction, Seat
from rules.stawka import card_effects
from rules.stawka.actions import (
    NO_TRIGGER,
    TRIGGER,
    Arrest,
    Assassinate,
    Converse,
    Interrogate,
    Kidnap,
    PassMission,
    PlayLocationCard,
    Search,
    TriggerThreat,
)
from rules.stawka.activation import activated, settle, spend_ap
from rules.stawka.alertness import start_test
from rules.stawka.documents import ap_left
from rules.stawka.investigation import add_evidence, evidence_event
from rules.stawka.location_cards import location_card
from rules.stawka.state import AgentState, StawkaState, ThreatWindow
from rules.stawka.threats import enemy_token_at, owner, remove_token, token

CONFUSION_AP = 2

DeclaredAction = (
    Converse | Search | Arrest | Kidnap | Assassinate | PassMission | Interrogate | PlayLocationCard
)
DECLARED_ACTIONS = (Converse, Search, Arrest, Kidnap, Assassinate, PassMission, Interrogate, PlayLocationCard)
"""The actions of the AP cost list (discarding a threat token excepted, Threat Tokens, 5), and
a location card whose effect is one of them (a search, a conversation, an arrest)."""


def declared_window(
    state: StawkaState, seat: Seat, action: DeclaredAction
) -> tuple[StawkaState, list[Event]] | None:
    """Threat Tokens, 5: an agent declaring an action on an enemy face-down token's space
    gives its owner the chance to bring it into play first; the action waits in the state
    (None: no such token, the action happens at once)."""
    if isinstance(action, PlayLocationCard) and card_effects.cost(location_card(action.card)) is None:
        return None  # "Using a card as a special action is not an action" (Location Cards, 3)
    state, agent = activated(state, seat, action.agent)
    on = enemy_token_at(state, agent.space, agent.side)
    if on is None or on in state.threats_open:
        return None
    window = ThreatWindow(seat=owner(on), agent=agent.id)
    state = state.model_copy(update={"pending": (*state.pending, window), "declared": action})
    return state, [Event.made(kind="declared", key="stawka.declared", params={"agent": agent.id})]


def legal_triggers(state: StawkaState, decision: ThreatWindow) -> list[TriggerThreat]:
    agent = state.agent(decision.agent)
    on = enemy_token_at(state, agent.space, agent.side)
    if on is None or token(on).kind == "support":
        return [NO_TRIGGER]
    return [TRIGGER, NO_TRIGGER]


def trigger(
    state: StawkaState, window: ThreatWindow, action: TriggerThreat, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    seat = window.seat
    if action not in legal_triggers(state, window):
        raise IllegalAction(
            "A support token cannot be brought into play against an agent.", "stawka.refusal.support_trigger"
        )
    state = state.model_copy(update={"pending": state.pending[:-1]})
    if not action.trigger:
        return settle(state, [Event.made(kind="threat", key="stawka.threat_quiet", params={"seat": seat})])
    agent = state.agent(window.agent)
    on = enemy_token_at(state, agent.space, agent.side)
    assert on is not None
    threat = token(on)
    events = [
        Event.made(
            kind="threat",
            key=f"stawka.threat.{threat.kind}",
            params={"seat": seat, "agent": agent.id, "token": on, "amount": threat.amount},
            reveals=True,
        )
    ]
    if threat.kind == "document_check":
        return start_test(
            state,
            "document_check",
            agent,
            on,
            window.previous,
            threat.amount,
            events,
            dice,
        )
    state, more = _effect(state, agent, on, dice)
    events.extend(more)
    return settle(state, events)


def _effect(state: StawkaState, agent: AgentState, on: str, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """The cheat sheet: what each token does to the agent who set it off."""
    threat = token(on)
    events: list[Event] = []
    kind = threat.kind
    if kind == "alarm":
        state = state.model_copy(update={"activation": None})
        events.append(
            Event.made(kind="activation_end", key="stawka.activation_end", params={"agent": agent.id})
        )
    elif kind == "cauldron":
        state = state.with_agent(agent.model_copy(update={"held": True}))
    elif kind == "confusion":
        side = state.sides[agent.side]
        state = state.with_side(agent.side, side.model_copy(update={"ap": max(0, side.ap - CONFUSION_AP)}))
    elif kind == "dangerous_terrain":
        if ap_left(state, agent) >= 1:
            state, agent = spend_ap(state, agent, 1)
        return state.model_copy(update={"threats_open": (*state.threats_open, on)}), events
    elif kind == "suspect":
        seat = owner(on)
        side = add_evidence(state.sides[seat], agent.colour, 1)
        state = state.with_side(seat, side)
        events.append(evidence_event(seat, agent.colour, 1, side.evidence[agent.colour], "threat"))
    elif kind == "thief" and agent.items:
        stolen = dice.choice(agent.items)
        state = state.with_agent(
            agent.model_copy(update={"items": tuple(i for i in agent.items if i != stolen)})
        )
        state = state.model_copy(update={"removed_items": (*state.removed_items, stolen)})
        events.append(
            Event(
                kind="item_lost",
                key="stawka.stolen",
                params={"agent": agent.id, "item": stolen},
                reveals=True,
            )
        )
    return remove_token(state, on), events
