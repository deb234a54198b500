"""The reaction deck and hands (rulebook, "Reaction Cards", ADVANCED, points 1, 2, 5, 6;
"Stage", D; "Planning Card").

One deck for both players, each card in two halves: the Polish player reads the Polish
half, the German the German one.  At step D each player draws as many cards as his
planning card shows; a location card may give more.  A player holds at most 3, "at no
moment" more: the cards drawn beyond that are looked at apart (`SideState.reaction_drawn`)
until he has discarded (without effect) down to 3 of those and his hand, a decision of
his; the kept ones then join the hand.  Used and
discarded cards lie face up beside the deck; when the deck runs out they are shuffled
into a new one (point 6).
"""

from __future__ import annotations

from functools import cache

from rules.core import Dice, Event, IllegalAction, Seat
from rules.core.components import Deck
from rules.stawka.actions import DiscardReaction
from rules.stawka.content import ReactionCard, ReactionHalf, load_content
from rules.stawka.state import POLISH, ReactionDiscard, StawkaState

HAND_LIMIT = 3
"""Reaction Cards, 5: "The limit of cards that a Player may hold is 3"."""


@cache
def _cards() -> dict[str, ReactionCard]:
    return {card.id: card for card in load_content().reactions}


def reaction_card(card_id: str) -> ReactionCard:
    return _cards()[card_id]


def half(card_id: str, seat: Seat) -> ReactionHalf:
    """Reaction Cards, 2: the half the holder of `card_id` may use."""
    card = reaction_card(card_id)
    return card.polish if seat == POLISH else card.german


def new_deck(dice: Dice) -> Deck:
    """The whole shared deck, shuffled (set-up of an advanced game)."""
    return Deck.shuffled(sorted(_cards()), dice)


def draw(
    state: StawkaState, seat: Seat, count: int, dice: Dice, after: bool = False
) -> tuple[StawkaState, list[Event]]:
    """`seat` draws `count` cards (the used ones reshuffled when the deck runs out); over the
    limit, his discard decision comes next (`after`: once the decisions already pending
    are taken, as step D's comes after setting out step C's threat tokens)."""
    drawn, deck = state.reaction_deck.draw_many(count, dice)
    side = state.sides[seat]
    over = len(side.reaction_hand) + len(side.reaction_drawn) + len(drawn) > HAND_LIMIT
    if over:  # looked at, not held: the hand never holds more than 3 (point 5 NOTE)
        side = side.model_copy(update={"reaction_drawn": side.reaction_drawn + drawn})
    else:
        side = side.model_copy(update={"reaction_hand": side.reaction_hand.adding(*drawn)})
    state = state.with_side(seat, side).model_copy(update={"reaction_deck": deck})
    events = [
        Event(
            kind="cards_drawn",
            key="stawka.reactions_drawn",
            params={"seat": seat, "count": len(drawn)},
            reveals=bool(drawn),
        )
    ]
    if over and not any(isinstance(p, ReactionDiscard) and p.seat == seat for p in state.pending):
        decision = (ReactionDiscard(seat=seat),)
        pending = decision + state.pending if after else state.pending + decision
        state = state.model_copy(update={"pending": pending})
    return state, events


def legal_discards(state: StawkaState, decision: ReactionDiscard) -> list[DiscardReaction]:
    """Any card held or just drawn (the hand's first, in the order they came)."""
    side = state.sides[decision.seat]
    return [DiscardReaction(card=c) for c in dict.fromkeys(side.reaction_hand.cards + side.reaction_drawn)]


def discard(
    state: StawkaState, decision: ReactionDiscard, action: DiscardReaction, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """Reaction Cards, 5: one card face up beside the deck, without its effect; the decision
    stays until the hand is down to the limit."""
    seat = decision.seat
    side = state.sides[seat]
    if action.card in side.reaction_drawn:
        drawn = list(side.reaction_drawn)
        drawn.remove(action.card)
        side = side.model_copy(update={"reaction_drawn": tuple(drawn)})
    elif action.card in side.reaction_hand:
        side = side.model_copy(update={"reaction_hand": side.reaction_hand.removing(action.card)})
    else:
        raise IllegalAction("That reaction card is not in your hand.", "stawka.refusal.reaction_not_in_hand")
    if len(side.reaction_hand) + len(side.reaction_drawn) <= HAND_LIMIT:
        # Down to the limit: the cards drawn and kept join the hand.
        side = side.model_copy(
            update={"reaction_hand": side.reaction_hand.adding(*side.reaction_drawn), "reaction_drawn": ()}
        )
        state = state.model_copy(update={"pending": state.pending[:-1]})
    state = state.with_side(seat, side).model_copy(
        update={"reaction_deck": state.reaction_deck.discarding(action.card)}
    )
    event = Event(
        kind="reaction",
        key="stawka.reaction_discarded",
        params={"seat": seat, "card": action.card},
        reveals=True,
    )
    return state, [event]
