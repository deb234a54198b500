"""Hand-laid tables for the Doppelnull tests: states in the play phase with chosen numbers."""

from __future__ import annotations

from rules.core import Seat
from rules.core.components import Hand
from rules.doppelnull import TITLE
from rules.doppelnull.options import SEATS, DoppelnullOptions, opponent
from rules.doppelnull.state import Clue, DoppelnullState, Line, sign_of

NUMBERS = tuple(range(1, 11))

# Male agents 1..7 on female cards 2,3,...,8 and 1 (agent 7 on card 1): signs - - - - - - +.
MALE_LINE = ((1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 1))
# Female agents 4..10 on male cards 1..7: all "+".
FEMALE_LINE = ((4, 1), (5, 2), (6, 3), (7, 4), (8, 5), (9, 6), (10, 7))


def laid_line(pairs: tuple[tuple[int, int], ...]) -> Line:
    """A line with the given (agent, card) pairs, just placed."""
    agents = tuple(agent for agent, _ in pairs)
    cards = tuple(card for _, card in pairs)
    return Line(
        dealt=cards,
        cards=cards,
        agents=agents,
        unmasked=(False,) * len(pairs),
        clues=tuple((Clue(card=card, sign=sign_of(agent, card)),) for agent, card in pairs),
    )


def playing_state(
    male: tuple[tuple[int, int], ...] = MALE_LINE,
    female: tuple[tuple[int, int], ...] = FEMALE_LINE,
    turn: Seat = "male",
    games: int = 1,
) -> DoppelnullState:
    """A state right after setup: the agents of each seat stand as given, `turn` to play.

    Each seat's three boxed agents are the numbers missing from its line, at row
    positions 7-9; each hand holds the three card numbers its owner did not lay.
    """
    base = TITLE.new_game(DoppelnullOptions(games=games), seed=0)
    lines = {"male": laid_line(male), "female": laid_line(female)}
    pawns = {}
    hands = {}
    for seat in SEATS:
        agents = [a for a in lines[seat].agents if a is not None]
        pawns[seat] = (*agents, *(n for n in NUMBERS if n not in agents))
        hands[opponent(seat)] = Hand[int](cards=tuple(n for n in NUMBERS if n not in lines[seat].cards))
    return base.model_copy(
        update={
            "pawns": pawns,
            "removed": {seat: (7, 8, 9) for seat in SEATS},
            "lines": lines,
            "hands": hands,
            "pending": (),
            "starter": turn,
            "turn": turn,
        }
    )
