"""Seeded randomness whose whole state is one integer kept *in* the game state.

A saved game therefore continues with the same dice, and ``seed + actions`` replays a
game exactly.  The generator is SplitMix64: tiny, fast in pure Python, and good enough
for dice and shuffles.

A seed is mixed (SplitMix64's finaliser) before the first draw, so that nearby seeds give
unrelated games: `simulate` plays game i on seed + i, and its figures need independent
samples.  Version 1 of the generator did not mix, and seed s + 1 then replayed seed s's
dice one draw later; saves made before version 2 name no version and are replayed the old
way (`dice_version`).

    >>> dice = Dice(seed_state(7))
    >>> rolls = [dice.d6() for _ in range(3)]
    >>> Dice(seed_state(7)).d6() == rolls[0]
    True
    >>> Dice(dice.state).d6() == dice.d6()  # the stored state continues the same stream
    True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

DICE_VERSION = 2
"""The generator version new games use (a save names the one its game began with)."""

_version: ContextVar[int] = ContextVar("dice_version", default=DICE_VERSION)


def _mix(z: int) -> int:
    """SplitMix64's finaliser: every bit of the input moves about half of the output's."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """The generator state for a player-facing seed (any int).

    Mixed, so seeds s and s + 1 start unrelated streams; under ``dice_version(1)`` the
    unmixed state of version 1 (s + 1 was s advanced by one draw).
    """
    state = (seed * _GAMMA + 0x2545F4914F6CDD1D) & _MASK
    return state if _version.get() == 1 else _mix(state)


@contextmanager
def dice_version(version: int) -> Iterator[None]:
    """Seeds turn into generator states as `version` made them, inside the block (this
    thread only): a save made with an older generator replays its own dice."""
    if not 1 <= version <= DICE_VERSION:
        raise ValueError(f"unknown dice version {version}")
    token = _version.set(version)
    try:
        yield
    finally:
        _version.reset(token)


class Dice:
    """A mutable cursor over the generator; read `.state` back into the game state.

    Titles do ``dice = Dice(state.rng)``, roll, then
    ``state.model_copy(update={"rng": dice.state, ...})``.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        # `_mix` written out: a call costs more than the mixing on the rules' hot paths.
        self.state = z = (self.state + _GAMMA) & _MASK
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
