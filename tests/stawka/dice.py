"""Generator states that make the game's own dice come up with chosen numbers.

Tests never mock randomness out of the rules: they search for a seed whose `Dice`
really rolls the wanted sequence and put its state into the game state.
"""

from __future__ import annotations

from rules.core import Dice, seed_state


def rng_rolling(*rolls: int, search: int = 2_000_000) -> int:
    """A generator state whose next d6 rolls are exactly `rolls`."""
    for seed in range(search):
        state = seed_state(seed)
        dice = Dice(state)
        if all(dice.d6() == wanted for wanted in rolls):
            return state
    raise ValueError(f"no seed below {search} rolls {rolls}")
