"""Bots: players that see only `view(state, seat)` and the legal actions.

A bot is handed its seat's view (`Bot`).  A bot that searches is handed its seat's
`InformationSet` instead (`WorldBot`): the view, and worlds sampled among those the
seat cannot tell apart, never the state itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel

from rules.core.model import GameState, Seat
from rules.core.rng import Dice

A = TypeVar("A")
S = TypeVar("S", bound=GameState)


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


class Dealer(Protocol[S]):
    """What an `InformationSet` asks of a title (`rules.core.title.Title` is one): the
    seat's view, and worlds re-dealt from what the seat has seen.  The title hands bots
    their information sets, so this module names only these two, never the title."""

    def view(self, state: S, seat: Seat) -> BaseModel: ...

    def scramble(self, state: S, observer: Seat, dice: Dice) -> S: ...


class InformationSet(Generic[S]):
    """What one seat knows when it must decide: its view, and worlds it cannot tell apart.

    `Title.bot_action` hands a `WorldBot` this in place of the view.  It keeps the state
    it was made from to itself: `sample` returns a world re-dealt by the title's
    `scramble` (everything hidden from the seat dealt anew, consistently with what it has
    seen), with what nobody sees replaced from the bot's own dice: the generator of the
    dice still to come, the seed, the undo chain.  A sampled world therefore depends on
    the seat's knowledge and the bot's dice only, as long as the title's `scramble` is a
    function of what the seat can see (it deals the hidden things from a canonical order,
    never from where they lie now; ``tests/bots`` checks this for every title), and a
    search over sampled worlds reads no secret.
    """

    __slots__ = ("_state", "_title", "_view", "seat")

    def __init__(self, title: Dealer[S], state: S, seat: Seat) -> None:
        self._title = title
        self._state = state
        self._view: BaseModel | None = None
        self.seat = seat

    @property
    def view(self) -> BaseModel:
        """The seat's view (built on first use)."""
        if self._view is None:
            self._view = self._title.view(self._state, self.seat)
        return self._view

    def sample(self, dice: Dice) -> S:
        """One world the seat cannot tell from the real one, drawn with `dice`."""
        world = self._title.scramble(self._state, self.seat, dice)
        return world.model_copy(update={"rng": dice.next64(), "seed": 0, "previous": None})


@runtime_checkable
class WorldBot(Protocol, Generic[A]):
    """A computer player that thinks over sampled worlds (a search): it is handed its
    seat's `InformationSet` rather than only the view."""

    def choose_in(self, info: InformationSet[Any], legal: Sequence[A], dice: Dice) -> A:
        """Pick one of `legal`; `dice` is the bot's own randomness, not the game's."""
        ...


AnyBot = Bot[Any] | WorldBot[Any]
"""A computer player of either kind, as `Title.make_bot` makes them."""


class Blundering(Generic[A]):
    """A bot that now and then plays a move at random: the Easy level of a title whose
    heuristic is its Normal one.

    With probability `chance` a decision with more than one choice is taken at random,
    else `bot` takes it.
    """

    def __init__(self, bot: Bot[A], chance: float) -> None:
        if not 0.0 <= chance <= 1.0:
            raise ValueError("chance must lie between 0 and 1")
        self.bot = bot
        self.chance = chance

    def choose(self, view: BaseModel, legal: Sequence[A], dice: Dice) -> A:
        if len(legal) > 1 and dice.below(1_000_000) < self.chance * 1_000_000:
            return dice.choice(legal)
        return self.bot.choose(view, legal, dice)
