"""Seeded randomness whose whole state is one integer kept *in* the game state.

A saved game therefore continues with the same dice, and ``seed + actions`` replays a
game exactly.  The generator is SplitMix64: tiny, fast in pure Python, and good enough
for dice and shuffles.

    >>> dice = Dice(seed_state(7))
    >>> rolls = [dice.d6() for _ in range(3)]
    >>> Dice(seed_state(7)).d6() == rolls[0]
    True
    >>> Dice(dice.state).d6() == dice.d6()  # the stored state continues the same stream
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The generator state for a player-facing seed (any int)."""
    return (seed * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) & _MASK


class Dice:
    """A mutable cursor over the generator; read `.state` back into the game state.

    Titles do ``dice = Dice(state.rng)``, roll, then
    ``state.model_copy(update={"rng": dice.state, ...})``.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``."""
        return low + self.below(high - low + 1)

    def d6(self) -> int:
        return self.randint(1, 6)

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        return tuple(self.randint(1, sides) for _ in range(count))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in random order (Fisher-Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self.shuffled(items)[:k]
