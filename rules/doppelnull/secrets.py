"""Secrets: re-dealing what one seat cannot see (`scramble`)."""

from __future__ import annotations

from rules.core import Dice, Seat
from rules.doppelnull.content import load_content
from rules.doppelnull.deduction import Posterior
from rules.doppelnull.options import opponent
from rules.doppelnull.play_rules import outcome
from rules.doppelnull.state import Clue, DoppelnullState, Line, placement_revealed, sign_of
from rules.doppelnull.view import make_view


def scramble(state: DoppelnullState, observer: Seat, dice: Dice) -> DoppelnullState:
    """Re-deal the numbers of the other seat's agents, consistently with all `observer` saw.

    Before the placements are revealed the observer knows nothing of those numbers: the
    row is re-shuffled and any placements made so far re-drawn.  Afterwards the hidden
    agents get an assignment drawn from the exact `Posterior` (every +/- clue holds,
    unmasked numbers stay), the three numbers left over go to the box, and the row
    order, which nobody sees any more, is re-shuffled.  Once the game is over nothing
    is hidden (`make_view` shows every number), so nothing is re-dealt.
    """
    if outcome(state) is not None:
        return state
    other = opponent(observer)
    numbers = list(range(1, load_content().pieces.numbers + 1))
    line = state.lines[other]
    removed = state.removed[other]
    if placement_revealed(state):
        side = make_view(state, observer).sides[other]
        drawn = Posterior.of(side).sample(dice)
        agents = tuple(drawn.get(slot, n) for slot, n in enumerate(line.agents))
        active = [n for n in agents if n is not None]
        boxed = dice.shuffled([n for n in numbers if n not in active])
        in_row = dice.shuffled(active)
        pawns = tuple(boxed.pop() if p in removed else in_row.pop() for p in range(len(state.pawns[other])))
        new_line = line.model_copy(update={"agents": agents})
    else:
        pawns = tuple(dice.shuffled(numbers))
        active = [n for p, n in enumerate(pawns) if p not in removed]
        new_line = _redraw_placement(line, active, dice)
    return state.model_copy(
        update={
            "pawns": {**state.pawns, other: pawns},
            "lines": {**state.lines, other: new_line},
        }
    )


def _redraw_placement(line: Line, active: list[int], dice: Dice) -> Line:
    """A random valid placement of `active`, kept only on the slots filled so far.

    Before the reveal the opponent sees neither which slots are filled nor the signs,
    so any placement will do; this one is completable because it is a full valid one.
    Clues of the filled slots are rewritten to match.
    """
    if not any(n is not None for n in line.agents):
        return line
    while True:
        order = dice.shuffled(active)
        if all(agent != card for agent, card in zip(order, line.cards, strict=True)):
            break
    filled = [n is not None for n in line.agents]
    return line.model_copy(
        update={
            "agents": tuple(n if f else None for n, f in zip(order, filled, strict=True)),
            "clues": tuple(
                (Clue(card=card, sign=sign_of(n, card)),) if f else ()
                for n, card, f in zip(order, line.cards, filled, strict=True)
            ),
        }
    )
