"""Location cards (rulebook, "Location Cards", ADVANCED; "Stage", E).

Each player has his own deck of 26 cards, one per location; before the game the cards
whose location is not on the board are set aside and the rest shuffled face down.  At
step E of every stage each player tops his hand up to the scenario's limit from the top
of his deck (neither may look into it or change its order; a deck once used up is not
renewed: "Hotel Excelsior" puts the hotel card at the bottom so it comes only after all
the others).  During an activation of his own agent a player may use a card:

* for its special action (point 3), when the activated agent stands in its location;
  using it is not an action - what the effect does is `rules.stawka.card_effects`;
* as 2 AP for the network's pool (point 4), at most one card a stage;
* as a hideout (point 5): the agent in its location takes a random mission card of his
  instead of the special action.

Used cards lie face up on the deck's discard pile.  Readings (ours): a card may be used
at any moment of the seat's turn to activate, also as the first thing an agent does
(his activation then begins, and may end after the card); a hideout costs no AP.

For a deck the rules turn over by themselves ("Godzina policyjna" reveals the German
location cards), `reveal_top` turns the top card over and `card_effects` does it.
"""

from __future__ import annotations

from functools import cache, lru_cache

from rules.core import Dice, Event, IllegalAction, Seat
from rules.core.components import Deck
from rules.stawka import card_effects, film_hooks
from rules.stawka.actions import CardForAP, PlayLocationCard, UseHideout, card_use_of
from rules.stawka.activation import activated, settle
from rules.stawka.content import LocationCard, load_content
from rules.stawka.documents import document
from rules.stawka.missions import draw_mission
from rules.stawka.state import SEATS, AgentState, StawkaState, Turn

ROOM_217 = "room_217"
HOTEL = "hotel"


@cache
def _cards() -> dict[str, LocationCard]:
    return {card.id: card for card in load_content().location_cards}


def location_card(card_id: str) -> LocationCard:
    return _cards()[card_id]


def deck_cards(seat: Seat, locations: tuple[str, ...]) -> tuple[str, ...]:
    """Location Cards, 1: `seat`'s cards whose location is among `locations` (the board's)."""
    return tuple(c.id for c in load_content().location_cards if c.side == seat and c.location in locations)


def new_deck(seat: Seat, locations: tuple[str, ...], special_rules: tuple[str, ...], dice: Dice) -> Deck:
    """`seat`'s deck for a board with `locations`, shuffled; "Hotel Excelsior" (room 217)
    puts the hotel card at the bottom."""
    deck = Deck.shuffled(deck_cards(seat, locations), dice)
    hotel = f"{seat}-{HOTEL}"
    if ROOM_217 in special_rules and hotel in deck.pile:
        deck = deck.model_copy(update={"pile": (*(c for c in deck.pile if c != hotel), hotel)})
    return deck


def top_up(state: StawkaState) -> tuple[StawkaState, list[Event]]:
    """Stage, E: each player draws from his deck up to the scenario's limit."""
    events: list[Event] = []
    for seat in SEATS:
        side = state.sides[seat]
        wanted = state.location_card_limit - len(side.location_hand)
        if wanted <= 0:
            continue
        drawn, deck = side.location_deck.draw_many(wanted)
        if not drawn:
            continue
        side = side.model_copy(
            update={"location_deck": deck, "location_hand": side.location_hand.adding(*drawn)}
        )
        state = state.with_side(seat, side)
        events.append(
            Event(
                kind="cards_drawn",
                key="stawka.location_cards_drawn",
                params={"seat": seat, "count": len(drawn)},
                reveals=True,
            )
        )
    return state, events


# -- using a card during an activation --------------------------------------------------------


def _played(state: StawkaState, seat: Seat, card_id: str) -> StawkaState:
    """The card leaves the hand for the face-up discard pile."""
    side = state.sides[seat]
    side = side.model_copy(
        update={
            "location_hand": side.location_hand.removing(card_id),
            "location_deck": side.location_deck.discarding(card_id),
        }
    )
    return state.with_side(seat, side)


def _used(key: str, seat: Seat, agent: AgentState, card: LocationCard) -> Event:
    """The public record of a card used by `agent`: its face is shown."""
    return Event(
        kind="card_played", key=key, params={"seat": seat, "agent": agent.id, "card": card.id}, reveals=True
    )


def may_hide(state: StawkaState, agent: AgentState) -> bool:
    """Location Cards, 5 and Mission Cards, 5: an agent who takes missions (Fritz Kopf too,
    from a hideout) and holds none, with cards of his left."""
    return (
        agent.mission is None
        and document(state, agent.id).missions
        and bool(state.missions_left.get(agent.id))
    )


def legal_card_uses(state: StawkaState, agent: AgentState) -> list[PlayLocationCard | UseHideout]:
    """The special actions and hideouts of the cards whose location the agent stands in."""
    hand = state.sides[agent.side].location_hand.cards
    if state.rule_level != "advanced" or not hand:
        return []  # no card in hand (`usable`): most of a game in "Godzina policyjna"
    if agent.space not in _locations(hand):
        return []  # no card of where he stands: most of the rest (every activation lists)
    uses: list[PlayLocationCard | UseHideout] = []
    for card_id in usable(state, agent.side):
        card = location_card(card_id)
        if card.location != agent.space:
            continue
        uses.extend(
            card_use_of(agent.id, card_id, target, space)
            for target, space in card_effects.choices(state, agent.side, card, agent)
        )
        if card.hideout and may_hide(state, agent):
            uses.append(UseHideout(agent=agent.id, card=card_id))
    return uses


@lru_cache(maxsize=1024)
def _locations(hand: tuple[str, ...]) -> frozenset[str]:
    """The locations of the cards in `hand`."""
    return frozenset(location_card(card).location for card in hand)


def legal_conversions(state: StawkaState, seat: Seat) -> list[CardForAP]:
    """Location Cards, 4: any card in hand, for 2 AP, once a stage."""
    side = state.sides[seat]
    if state.rule_level != "advanced" or side.converted or not side.location_hand.cards:
        return []
    if not state.cards_for_ap(seat):  # a scenario with no pool to add them to
        return []
    return [CardForAP(card=c) for c in usable(state, seat)]


def usable(state: StawkaState, seat: Seat) -> tuple[str, ...]:
    """The cards in `seat`'s hand, each once, that the scenario lets it use now (the hotel
    card of "Hotel Excelsior" waits for 15 VP: `film.card_refused`)."""
    hand = dict.fromkeys(state.sides[seat].location_hand.cards)
    return tuple(c for c in hand if film_hooks.card_refused(state, seat, c) is None)


def _card_in_hand(state: StawkaState, seat: Seat, card_id: str) -> LocationCard:
    if card_id not in state.sides[seat].location_hand:
        raise IllegalAction("That location card is not in your hand.", "stawka.refusal.card_not_in_hand")
    refused = film_hooks.card_refused(state, seat, card_id)
    if refused is not None:
        raise refused
    return location_card(card_id)


def _using(
    state: StawkaState, seat: Seat, agent_id: str, card: LocationCard
) -> tuple[StawkaState, AgentState]:
    """The agent activated (if he was not) and standing in the card's location."""
    state, agent = activated(state, seat, agent_id)
    if agent.space != card.location:
        raise IllegalAction(
            "A location card is used by an activated agent standing in its location.",
            "stawka.refusal.card_location",
        )
    act = state.activation
    assert act is not None
    return state.model_copy(update={"activation": act.model_copy(update={"card_played": True})}), agent


def play(
    state: StawkaState, turn: Turn, action: PlayLocationCard, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """Location Cards, 3: the card's special action, carried out by `card_effects`."""
    seat = turn.seat
    card = _card_in_hand(state, seat, action.card)
    state, agent = _using(state, seat, action.agent, card)
    choice = (action.target, action.space)
    if choice not in card_effects.choices(state, seat, card, agent):
        raise IllegalAction("The card cannot do that now.", "stawka.refusal.card_now")
    state = _played(state, seat, card.id)
    events = [_used("stawka.location_card_played", seat, agent, card)]
    state, more = card_effects.carry_out(state, seat, card, state.agent(agent.id), choice, dice)
    events.extend(more)
    if card_effects.settled(card):
        return state, events
    return settle(state, events)


def convert(state: StawkaState, turn: Turn, action: CardForAP, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """Location Cards, 4: +2 AP to the pool for this stage; one card a stage."""
    seat = turn.seat
    card = _card_in_hand(state, seat, action.card)
    if state.sides[seat].converted:
        raise IllegalAction("Only one location card a stage may be turned into AP.", "stawka.refusal.card_ap")
    state = _played(state, seat, card.id)
    side = state.sides[seat]
    state = state.with_side(
        seat, side.model_copy(update={"ap": side.ap + card.converts_to_ap, "converted": True})
    )
    event = Event(
        kind="card_played",
        key="stawka.location_card_ap",
        params={"seat": seat, "card": card.id, "amount": card.converts_to_ap},
        reveals=True,
    )
    return state, [event]


def hide(state: StawkaState, turn: Turn, action: UseHideout, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """Location Cards, 5: a random mission card of the agent's, instead of the special action."""
    seat = turn.seat
    card = _card_in_hand(state, seat, action.card)
    state, agent = _using(state, seat, action.agent, card)
    if not may_hide(state, agent):
        raise IllegalAction(
            "Only an agent without a mission, with mission cards left, takes one from a hideout.",
            "stawka.refusal.hideout",
        )
    state = _played(state, seat, card.id)
    state, mission = draw_mission(state, agent, dice)
    events = [
        _used("stawka.hideout", seat, agent, card),
        Event(
            kind="mission_card",
            key="stawka.mission_card",
            params={"agent": agent.id, "mission": mission or ""},
            visible_to=(seat,),
        ),
    ]
    return settle(state, events)


# -- a deck the rules turn over ----------------------------------------------------------------


def reveal_top(state: StawkaState, seat: Seat) -> tuple[StawkaState, str | None]:
    """The top card of `seat`'s deck turned over onto its discard pile (None: the deck is
    used up); what it does is then `card_effects.choices` and `card_effects.carry_out`
    with no agent."""
    side = state.sides[seat]
    if not side.location_deck.pile:
        return state, None
    card, deck = side.location_deck.draw()
    side = side.model_copy(update={"location_deck": deck.discarding(card)})
    return state.with_side(seat, side), card
