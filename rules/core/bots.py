"""Bots: players that see only `view(state, seat)` and the legal actions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from rules.core.rng import Dice

A = TypeVar("A")


class Bot(Protocol, Generic[A]):
    """A computer player. It is given the view of its own seat, never the full state."""

    def choose(self, view: BaseModel, legal: Sequence[A], dice: Dice) -> A:
        """Pick one of `legal`; `dice` is the bot's own randomness, not the game's.

        `view` may be a `LazyView`: it stands for the view and builds it when the bot
        first reads it, so a bot that never looks costs nothing to show it.
        """
        ...


class LazyView:
    """A seat's view, built on first use (`Title.bot_action` hands bots one).

    Building a view costs more than a random bot's whole choice.  This stands in for it:
    reading an attribute builds the view once and reads it there, and ``isinstance``
    answers for the view's class (so ``assert isinstance(view, MyView)`` in a bot works
    and builds it, as reading it would).
    """

    __slots__ = ("_build", "_view")

    def __init__(self, build: Callable[[], BaseModel]) -> None:
        self._build: Callable[[], BaseModel] | None = build
        self._view: BaseModel | None = None

    def unwrap(self) -> BaseModel:
        """The view itself, built now if nobody has read it yet."""
        if self._view is None:
            assert self._build is not None
            self._view, self._build = self._build(), None
        return self._view

    @property  # type: ignore[misc]  # isinstance() reads __class__: answer for the view's class
    def __class__(self) -> type:
        return type(self.unwrap())

    def __getattr__(self, name: str) -> Any:
        return getattr(self.unwrap(), name)

    def __eq__(self, other: object) -> bool:
        return self.unwrap() == (other.unwrap() if isinstance(other, LazyView) else other)

    def __hash__(self) -> int:
        return hash(self.unwrap())

    def __repr__(self) -> str:
        return f"LazyView({self.unwrap()!r})" if self._view is not None else "LazyView(not built)"


class RandomBot(Generic[A]):
    """Picks uniformly among the legal actions: every title's baseline."""

    def choose(self, view: BaseModel, legal: Sequence[A], dice: Dice) -> A:
        if not legal:
            raise ValueError("RandomBot was asked to act with no legal action")
        return dice.choice(legal)
