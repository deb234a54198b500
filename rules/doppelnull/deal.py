"""Dealing one game of a series ("Setup" 1-3) and the setup decisions it opens."""

from __future__ import annotations

from rules.core import Dice, Event, Seat
from rules.core.components import Hand
from rules.doppelnull.content import load_content
from rules.doppelnull.options import SEATS, opponent
from rules.doppelnull.state import BlindPick, ChoosingStarter, Line, Placing, SetupDecision


def setup_pending(choose_starter_by: Seat | None, lots: bool = False) -> tuple[SetupDecision, ...]:
    """The setup decisions, top (acting first) last.

    "Setup" 2 and 4, in an order that needs only three handovers at one screen: the
    first seat picks blind, the second picks blind and places, the first places (no
    blind pick to make when the game drew it by lots, `deal`).  When the players choose
    the starter, that is asked first (it is public).
    """
    first, second = SEATS
    stack: tuple[SetupDecision, ...] = (Placing(seat=first), Placing(seat=second))
    if not lots:
        stack += (BlindPick(seat=second), BlindPick(seat=first))
    if choose_starter_by is not None:
        stack += (ChoosingStarter(seat=choose_starter_by),)
    return stack


def deal(dice: Dice, lots: bool = False) -> dict[str, object]:
    """Shuffle both sides' pawns and cards: the state fields of a fresh deal.

    "Setup" 1: each player arranges his pawns in a row (in an order the opponent does
    not know, so the blind pick of "Setup" 2 is random); "Setup" 3: each shuffles his
    cards, lays 7 face-up in front of the opponent's pawns and keeps 3 in hand.  With
    `lots`, "Setup" 2 is drawn here: three positions of each row go to the box.

    The cards are laid before the blind pick (the rulebook's 3 after its 2): the picker
    sees no pawn number of the row he picks from, so the laid cards tell him nothing.
    """
    pieces = load_content().pieces
    numbers = list(range(1, pieces.numbers + 1))
    pawns: dict[Seat, tuple[int, ...]] = {}
    lines: dict[Seat, Line] = {}
    hands: dict[Seat, Hand[int]] = {}
    for seat in SEATS:
        pawns[seat] = tuple(dice.shuffled(numbers))
    for owner in SEATS:
        cards = dice.shuffled(numbers)
        laid, hand = tuple(cards[: pieces.line]), tuple(cards[pieces.line :])
        # The owner's cards are laid in front of the other seat's agents.
        lines[opponent(owner)] = Line(
            dealt=laid,
            cards=laid,
            agents=(None,) * pieces.line,
            unmasked=(False,) * pieces.line,
            clues=((),) * pieces.line,
        )
        hands[owner] = Hand[int](cards=hand)
    removed: dict[Seat, tuple[int, ...]] = {seat: () for seat in SEATS}
    if lots:
        for seat in SEATS:
            removed[seat] = tuple(sorted(dice.sample(range(pieces.numbers), pieces.removed)))
    return {"pawns": pawns, "removed": removed, "lines": lines, "hands": hands}


def deal_event(game_number: int, games: int) -> Event:
    """Public: a new game of the series is dealt."""
    return Event(kind="deal", key="doppelnull.deal", params={"game": game_number, "games": games})
