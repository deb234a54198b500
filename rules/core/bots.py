"""Bots: players that see only `view(state, seat)` and the legal actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from pydantic import BaseModel

from rules.core.rng import Dice

A = TypeVar("A")


class Bot(Protocol, Generic[A]):
    """A computer player. It is given the view of its own seat, never the full state."""

    def choose(self, view: BaseModel, legal: Sequence[A], dice: Dice) -> A:
        """Pick one of `legal`; `dice` is the bot's own randomness, not the game's."""
        ...


class RandomBot(Generic[A]):
    """Picks uniformly among the legal actions: every title's baseline."""

    def choose(self, view: BaseModel, legal: Sequence[A], dice: Dice) -> A:
        if not legal:
            raise ValueError("RandomBot was asked to act with no legal action")
        return dice.choice(legal)
