"""Re-dealing what a seat cannot see (`Title.scramble`).

Stawka's re-deal (the item stacks, the opponent's face-down items and tokens, each side's
location deck: the Polish one is the Polish side's), and the scenario's own hidden order:
the German location deck.
The tiles rule F burnt are unseen too, but they are a location's whole stack: no tile
anyone cannot see shares their back, so there is nothing to deal them with (the view
shows only how many there were).
"""

from __future__ import annotations

from rules.core import Dice, Seat
from rules.curfew.state import CurfewState, curfew_state
from rules.stawka.secrets import scramble as stawka_scramble


def scramble(state: CurfewState, observer: Seat, dice: Dice) -> CurfewState:
    state = curfew_state(stawka_scramble(state, observer, dice))
    german_deck, _ = state.german_deck.redeal(observer, dice)
    return state.model_copy(update={"german_deck": german_deck})
