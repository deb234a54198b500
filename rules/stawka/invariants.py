"""Invariants of a Stawka state, checked after every action by the conformance suite."""

from __future__ import annotations

from collections import Counter

from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.documents import ap_limit
from rules.stawka.investigation import TRACK_MAX
from rules.stawka.location_cards import deck_cards
from rules.stawka.reactions import HAND_LIMIT
from rules.stawka.search import MAX_MARKERS
from rules.stawka.state import ReactionDiscard, StawkaState


def invariants(state: StawkaState) -> list[str]:
    problems: list[str] = []
    board = board_of(state.scenario)
    for seat, side in state.sides.items():
        if side.ap < 0:
            problems.append(f"{seat} has negative AP")
        for colour, value in side.evidence.items():
            if not 0 <= value <= TRACK_MAX:
                problems.append(f"{seat}'s {colour} track at {value}")
        if set(side.hand) & set(side.used):
            problems.append(f"{seat} holds a used planning card")
    for agent in state.agents:
        if agent.status != "unplaced" and agent.space not in board.spaces:
            problems.append(f"{agent.id} stands off the board")
        if agent.ap_used > ap_limit(state, agent):
            problems.append(f"{agent.id} used more AP than his limit")
    for location, colours in state.markers.items():
        if len(colours) > MAX_MARKERS or len(set(colours)) != len(colours):
            problems.append(f"markers at {location}: {colours}")
    # Every item tile of the board's locations is in exactly one place.
    places: Counter[str] = Counter()
    for stack in state.stacks.values():
        places.update(stack)
    for agent in state.agents:
        places.update(agent.items)
    for side in state.sides.values():
        places.update(side.evidence_items)
    places.update(state.removed_items)
    if state.drawn_item is not None:
        places[state.drawn_item] += 1
    expected = Counter(i.id for loc in board.locations for i in load_content().items_at(loc))
    if places != expected:
        problems.append("item tiles lost or doubled")
    if state.rule_level != "basic":
        tokens = Counter(state.threats.values())
        tokens.update(state.threats_out)
        for side in state.sides.values():
            tokens.update(side.threat_pool)
            tokens.update(side.threat_hand.cards)
        if tokens != Counter(t.id for t in load_content().threats):
            problems.append("threat tokens lost or doubled")
        if any(t not in state.threats.values() for t in state.threats_open):
            problems.append("a face-up threat token is not on the board")
    if state.rule_level == "advanced":
        problems.extend(_cards_kept(state))
    return problems


def _cards_kept(state: StawkaState) -> list[str]:
    """No location or reaction card lost or doubled; hands within their limits."""
    problems = []
    locations = board_of(state.scenario).locations
    for seat, side in state.sides.items():
        deck = side.location_deck
        held = Counter(deck.pile + deck.discard + side.location_hand.cards)
        if held != Counter(deck_cards(seat, locations)):
            problems.append(f"{seat}'s location cards lost or doubled")
        if len(side.location_hand) > state.location_card_limit:
            problems.append(f"{seat} holds more location cards than the limit")
        if len(side.reaction_hand) > HAND_LIMIT:
            problems.append(f"{seat} holds more than {HAND_LIMIT} reaction cards")
        if side.reaction_drawn and not any(
            isinstance(p, ReactionDiscard) and p.seat == seat for p in state.pending
        ):
            problems.append(f"{seat} has drawn reaction cards waiting without a discard to make")
    reactions = Counter(state.reaction_deck.pile + state.reaction_deck.discard + state.reactions_out)
    for side in state.sides.values():
        reactions.update(side.reaction_hand.cards + side.reaction_drawn)
    if reactions != Counter(r.id for r in load_content().reactions):
        problems.append("reaction cards lost or doubled")
    return problems
