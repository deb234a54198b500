"""Build Stawka states for the advanced rules' tests: a location card in hand, an agent in
its location, and whoever its effect may choose standing where the effect looks."""

from __future__ import annotations

from rules.core import Seat
from rules.core.components import Hand
from rules.stawka.board import board_of
from rules.stawka.content import LocationCard, load_content
from rules.stawka.location_cards import location_card
from rules.stawka.state import StawkaState, other
from tests.stawka.build import in_activations

USER: dict[Seat, str] = {"polish": "jacek", "german": "glaubel"}
"""Who plays a card (an agent with missions, so a hideout is open to him)."""
MATE: dict[Seat, str] = {"polish": "ingrid_heizer", "german": "bruno_dreher"}
FOE: dict[Seat, str] = {"polish": "johannes_lemner", "german": "georg"}
"""The enemy a card chooses: for a Polish card a German agent, for a German card a Pole."""


def scenario_with(location: str) -> str:
    """The first scenario whose board holds `location`."""
    for scenario in load_content().scenarios:
        if scenario.level == "advanced" and location in board_of(scenario.id).locations:
            return scenario.id
    raise LookupError(location)


def street_in(scenario: str, sector: str, seat: Seat, avoid: tuple[str, ...] = ()) -> str:
    board = board_of(scenario)
    return next(
        s
        for s in board.spaces
        if board.sector_of[s] == sector
        and not board.is_location(s)
        and board.exits(s, seat)
        and s not in avoid
    )


def other_location(scenario: str, avoid: str, telephone: bool = False) -> str:
    content = load_content()
    return next(
        loc
        for loc in board_of(scenario).locations
        if loc not in (avoid, "jail") and (not telephone or content.location(loc).telephone)
    )


def card_state(card_id: str, ap: int = 8) -> StawkaState:
    """A state in which `card_id`'s special action has something to do: its side's agent in
    its location with the card in hand, and an agent for its target where it looks."""
    card = location_card(card_id)
    seat = card.side
    enemy = other(seat)
    scenario = scenario_with(card.location)
    board = board_of(scenario)
    sector = board.sector_of[card.location]
    user = "hermann_brunner" if card.effect.kind == "arrest" else USER[seat]
    foe, mate = FOE[seat], MATE[seat]
    spaces = {user: card.location, mate: street_in(scenario, sector, seat)}
    foe_space = _foe_space(card, scenario, sector, enemy)
    spaces[foe] = foe_space
    evidence: dict[Seat, dict[str, int]] = {
        enemy: {_colour(mate): 3, _colour(user): 3},
        seat: {_colour(foe): 5},
    }
    items: dict[str, tuple[str, ...]] = (
        {foe: ("gestapo-2",)} if card.effect.target == "enemy_on_street" else {}
    )
    state = in_activations(spaces, turn=seat, ap=ap, evidence=evidence, items=items, scenario=scenario)
    if card.effect.target == "enemy_arrested":
        state = state.with_agent(state.agent(foe).model_copy(update={"status": "arrested", "space": "jail"}))
    if card.effect.target == "own_arrested":
        state = state.with_agent(state.agent(mate).model_copy(update={"status": "arrested", "space": "jail"}))
    return in_hand(state, seat, card_id).model_copy(update={"location_card_limit": 2})


def in_hand(state: StawkaState, seat: Seat, *cards: str) -> StawkaState:
    """`seat` holds `cards` (taken out of his deck), and no other location card."""
    side = state.sides[seat]
    held = side.location_hand.cards
    deck = side.location_deck.model_copy(
        update={
            "pile": tuple(c for c in side.location_deck.pile if c not in cards)
            + tuple(c for c in held if c not in cards)
        }
    )
    return state.with_side(
        seat, side.model_copy(update={"location_hand": Hand(cards=cards), "location_deck": deck})
    )


def _colour(agent_id: str) -> str:
    return load_content().documents_of(agent_id)[0].colour


def _foe_space(card: LocationCard, scenario: str, sector: str, enemy: Seat) -> str:
    target = card.effect.target
    if target == "enemy_here":
        return card.location
    if target == "enemy_in_location":
        return other_location(scenario, card.location)
    if target == "enemy_on_telephone":
        return other_location(scenario, card.location, telephone=True)
    board = board_of(scenario)
    if target in ("enemy_in_sector", "enemies_in_sector"):
        return street_in(scenario, sector, enemy)
    other_sector = next(s for s in dict.fromkeys(board.sector_of.values()) if s != sector)
    return street_in(scenario, other_sector, enemy)


def with_token(state: StawkaState, space: str, token: str) -> StawkaState:
    """`token` (out of its owner's pool) lying face down on `space`."""
    seat = "german" if token.startswith("german") else "polish"
    side = state.sides[seat]
    side = side.model_copy(update={"threat_pool": tuple(t for t in side.threat_pool if t != token)})
    return state.with_side(seat, side).model_copy(update={"threats": {**state.threats, space: token}})
