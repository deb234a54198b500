"""The search action (rulebook, "Search Action"; "Item Tiles").

2 AP, on a location with item tiles left and no "I was here" marker of the searching
agent's colour (a marker blocks that colour for both sides).  The agent leaves his own
marker: at most two colours lie on a location, and searching with a third colour clears
them and leaves only his.  The top tile is drawn and the player decides at once (a
pending decision): keep it, or discard it as evidence against the enemy agent of one
colour it shows.
"""

from __future__ import annotations

from rules.core import Dice, Event, IllegalAction, Seat
from rules.stawka import film_hooks, top_secret
from rules.stawka.actions import ItemAsEvidence, KeepItem, Search, search_of
from rules.stawka.activation import activated, settle, spend_ap
from rules.stawka.costs import ap_cost
from rules.stawka.documents import ap_left
from rules.stawka.investigation import add_scoring_evidence, evidence_event
from rules.stawka.items import face_up, item
from rules.stawka.state import Activation, AgentState, SearchDecision, StawkaState, Turn

MAX_MARKERS = 2


def blocked(state: StawkaState, location: str, colour: str) -> bool:
    """Search, 2 and 4: a marker of the agent's colour blocks searching, for both sides."""
    return colour in state.markers.get(location, ())


def markers_after(markers: tuple[str, ...], colour: str) -> tuple[str, ...]:
    """Search, 4: add the searcher's marker; a third colour clears the two and stays alone."""
    if len(markers) >= MAX_MARKERS:
        return (colour,)
    return (*markers, colour)


def may_search(state: StawkaState, agent: AgentState, cost: int | None = None) -> bool:
    """Search, 1-2: the agent's action still to take, items left here, his colour's marker
    absent, and the AP (the cost list's 2, or what a location card says); and nothing in
    the scenario against it (`film.search_refused`: the hotel of "Hotel Excelsior")."""
    act = state.activation
    return (
        (act is None or not act.acted)
        and bool(state.stacks.get(agent.space))
        and not blocked(state, agent.space, agent.colour)
        and ap_left(state, agent) >= (ap_cost("search") if cost is None else cost)
        and film_hooks.search_refused(state, agent) is None
    )


def legal_searches(state: StawkaState, agent: AgentState) -> list[Search]:
    return [search_of(agent.id)] if may_search(state, agent) else []


def search(state: StawkaState, turn: Turn, action: Search, dice: Dice) -> tuple[StawkaState, list[Event]]:
    seat = turn.seat
    state, agent = activated(state, seat, action.agent)
    act = state.activation
    assert act is not None
    if act.acted:
        raise IllegalAction("An agent performs one action per activation.", "stawka.refusal.one_action")
    location = agent.space
    if location not in state.stacks:
        raise IllegalAction("Only locations can be searched.", "stawka.refusal.search_location")
    if not state.stacks[location]:
        raise IllegalAction("No item tiles are left here.", "stawka.refusal.no_items")
    if blocked(state, location, agent.colour):
        raise IllegalAction(
            'An "I was here" marker of this agent\'s colour blocks the search.', "stawka.refusal.i_was_here"
        )
    refused = film_hooks.search_refused(state, agent)
    if refused is not None:
        raise refused
    return start_search(state, seat, agent, ap_cost("search"))


def start_search(
    state: StawkaState, seat: Seat, agent: AgentState, cost: int, marker: bool = True
) -> tuple[StawkaState, list[Event]]:
    """Search, 3-4: the activated agent pays `cost` AP, leaves his marker (unless a location
    card says otherwise) and draws the top tile; keeping it or not is his side's decision."""
    act = state.activation
    assert act is not None
    location = agent.space
    state, agent = spend_ap(state, agent, cost)
    acted = act.model_copy(update={"acted": True, "moved_before_action": act.moved > 0})
    foiled = _foiled(state, seat, agent, acted)
    if foiled is not None:
        return foiled
    drawn, *rest = state.stacks[location]
    markers = state.markers
    if marker:
        markers = {**markers, location: markers_after(markers.get(location, ()), agent.colour)}
    state = state.model_copy(
        update={
            "activation": acted,
            "stacks": {**state.stacks, location: tuple(rest)},
            "markers": markers,
            "drawn_item": drawn,
            "pending": (*state.pending, SearchDecision(seat=seat, agent=agent.id)),
        }
    )
    events = [
        Event(kind="search", key="stawka.searched", params={"agent": agent.id, "location": location}),
        Event(
            kind="drawn",
            key="stawka.drawn",
            params={"agent": agent.id, "item": drawn},
            visible_to=(seat,),
            reveals=True,
        ),
    ]
    return state, events


def _foiled(
    state: StawkaState, seat: Seat, agent: AgentState, acted: Activation
) -> tuple[StawkaState, list[Event]] | None:
    """Reaction Cards: an enemy's "empty drawer" (nothing found, no marker) or "sleight of
    hand" (the top tile goes under its stack, the marker stays); AP and action spent."""
    played = state.waiting("cancel_search", "take_item")
    if played is None or played.seat == seat:
        return None
    location = agent.space
    update: dict[str, object] = {"activation": acted}
    if played.effect == "take_item":
        top, *rest = state.stacks[location]
        update["stacks"] = {**state.stacks, location: (*rest, top)}
        update["markers"] = {
            **state.markers,
            location: markers_after(state.markers.get(location, ()), agent.colour),
        }
    state = state.model_copy(update=update)
    key = "stawka.search_foiled" if played.effect == "cancel_search" else "stawka.item_slipped"
    return settle(state, [Event(kind="dropped", key=key, params={"agent": agent.id})])


def legal_decisions(state: StawkaState, decision: SearchDecision) -> list[KeepItem | ItemAsEvidence]:
    if state.drawn_item is None:
        return []
    colours = [e.colour for e in item(state.drawn_item).evidence]
    return [KeepItem(), *(ItemAsEvidence(colour=c) for c in dict.fromkeys(colours))]


def _decided(state: StawkaState) -> tuple[StawkaState, str]:
    """The decision leaves the stack with the drawn tile (Search, 3: decided at once)."""
    drawn = state.drawn_item
    assert drawn is not None
    return state.model_copy(update={"pending": state.pending[:-1], "drawn_item": None}), drawn


def keep(
    state: StawkaState, decision: SearchDecision, action: KeepItem, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """Search, 3: the agent keeps the drawn item (face down unless durable); a casket, where
    Top Secret cards are in play, gives him one instead ("Special Items")."""
    agent = state.agent(decision.agent)
    state, drawn = _decided(state)
    if top_secret.is_casket(state, drawn):
        state, events = top_secret.open_casket(state, agent, drawn)
        return settle(state, events)
    state = state.with_agent(agent.model_copy(update={"items": (*agent.items, drawn)}))
    public = {"agent": agent.id, "item": drawn} if face_up(drawn) else {"agent": agent.id}
    events = [
        Event(
            kind="kept",
            key="stawka.kept_open" if face_up(drawn) else "stawka.kept_hidden",
            params=public,
            reveals=face_up(drawn),
        )
    ]
    return settle(state, events)


def as_evidence(
    state: StawkaState, decision: SearchDecision, action: ItemAsEvidence, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """Search, 3: discard the drawn item as evidence against the colour chosen among its own."""
    seat = decision.seat
    assert state.drawn_item is not None
    values = {e.colour: e.value for e in item(state.drawn_item).evidence}
    if action.colour not in values:
        raise IllegalAction("The item shows no evidence of that colour.", "stawka.refusal.evidence_colour")
    state, drawn = _decided(state)
    side = add_scoring_evidence(state, seat, action.colour, values[action.colour])
    side = side.model_copy(update={"evidence_items": (*side.evidence_items, drawn)})
    state = state.with_side(seat, side)
    events = [
        Event(
            kind="evidence_reason",
            key="stawka.evidence_item",
            params={"item": drawn},
            visible_to=(seat,),
        ),
        evidence_event(seat, action.colour, values[action.colour], side.evidence[action.colour], "item"),
    ]
    return settle(state, events)
