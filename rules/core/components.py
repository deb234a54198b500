"""Table components several titles share: a deck, a hand, a bag of tokens and a bounded track.

Each is a frozen model held in a title's state; every change returns a new one.  Each
knows what a seat may see of it and how to be re-dealt for `Title.scramble` (everything
a seat has not seen put in another order consistent with what it has seen).

    >>> from rules.core.rng import Dice, seed_state
    >>> dice = Dice(seed_state(1))
    >>> deck = Deck.shuffled(["a", "b", "c"], dice)
    >>> card, deck = deck.draw(dice)
    >>> len(deck), deck.discarding(card).discard == (card,)
    (2, True)
    >>> Hand[int](cards=(8, 9, 10)).exchanging(9, 1).cards
    (8, 1, 10)
    >>> Track(value=9, high=10).moved(3)
    (Track(value=10, low=0, high=10), 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Generic

from pydantic import Field, model_validator
from typing_extensions import TypeVar

from rules.core.model import Frozen, Seat
from rules.core.rng import Dice

K = TypeVar("K", bound=str)
C = TypeVar("C", default=str)
"""A card's name: a string, or a number where a title numbers its cards."""


class EmptyDeck(ValueError):
    """A draw from a deck whose draw pile and discard pile are both empty."""


class Deck(Frozen):
    """Cards face down in a draw pile (top first) and a face-up discard pile.

    ``known`` names, for cards in the draw pile, the seats that know them (a card looked
    at and put back, a card placed face up on the pile); the rest of the pile is hidden
    from everyone, its order included.  When the pile runs out, the discard pile is
    shuffled into a new one (the rule of most card games; a title that ends instead
    checks `len` before drawing).
    """

    pile: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    known: dict[str, tuple[Seat, ...]] = Field(default_factory=dict)

    @classmethod
    def shuffled(cls, cards: Iterable[str], dice: Dice) -> Deck:
        return cls(pile=tuple(dice.shuffled(list(cards))))

    def __len__(self) -> int:
        return len(self.pile)

    def draw(self, dice: Dice | None = None) -> tuple[str, Deck]:
        """The top card and the deck without it (reshuffling the discard pile if needed).

        Raises `EmptyDeck` when no card is left anywhere, or when the pile must be
        reshuffled and no `dice` were given.
        """
        deck = self
        if not deck.pile:
            if not deck.discard or dice is None:
                raise EmptyDeck("The deck is empty.")
            deck = deck.reshuffled(dice)
        card = deck.pile[0]
        known = {c: seats for c, seats in deck.known.items() if c != card}
        return card, deck.model_copy(update={"pile": deck.pile[1:], "known": known})

    def draw_many(self, count: int, dice: Dice | None = None) -> tuple[tuple[str, ...], Deck]:
        """`count` cards from the top, one by one (as many as there are, at most)."""
        drawn: list[str] = []
        deck = self
        for _ in range(count):
            if not deck.pile and (not deck.discard or dice is None):
                break
            card, deck = deck.draw(dice)
            drawn.append(card)
        return tuple(drawn), deck

    def reshuffled(self, dice: Dice) -> Deck:
        """The discard pile shuffled under what is left of the draw pile."""
        return self.model_copy(update={"pile": self.pile + tuple(dice.shuffled(self.discard)), "discard": ()})

    def discarding(self, *cards: str) -> Deck:
        return self.model_copy(update={"discard": self.discard + cards})

    def to_bottom(self, *cards: str) -> Deck:
        return self.model_copy(update={"pile": self.pile + cards})

    def to_top(self, *cards: str, known_to: Sequence[Seat] = ()) -> Deck:
        """Cards put on top in the given order (the first ends on top), known to `known_to`."""
        known = dict(self.known)
        if known_to:
            known.update({card: tuple(known_to) for card in cards})
        return self.model_copy(update={"pile": cards + self.pile, "known": known})

    def known_to(self, seat: Seat) -> tuple[tuple[int, str], ...]:
        """(position from the top, card) for every card of the pile `seat` knows."""
        return tuple((i, card) for i, card in enumerate(self.pile) if seat in self.known.get(card, ()))

    def redeal(self, observer: Seat, dice: Dice, hidden_extra: Sequence[str] = ()) -> tuple[Deck, list[str]]:
        """The deck as `observer` cannot tell it from this one, for `Title.scramble`.

        The cards of the pile that `observer` does not know change places among
        themselves; `hidden_extra` (cards `observer` cannot see elsewhere, such as the
        other seats' hands) join that pool, and the cards taken from the pool to refill
        those places are returned, in order, for the caller to deal back.  The pool is
        dealt from its sorted order, not from where its cards lie now, so the re-deal
        depends only on what `observer` can tell (a search samples worlds with it).
        """
        pool = [card for card in self.pile if observer not in self.known.get(card, ())]
        pool += list(hidden_extra)
        pool = dice.shuffled(sorted(pool))
        pile = tuple(card if observer in self.known.get(card, ()) else pool.pop() for card in self.pile)
        return self.model_copy(update={"pile": pile}), pool


class Hand(Frozen, Generic[C]):
    """Cards one seat holds: seen by that seat, counted by the others.

    Cards are named by strings unless the title numbers them (``Hand[int]``).
    """

    cards: tuple[C, ...] = ()
    limit: int | None = Field(default=None, ge=0)
    """How many cards the seat may keep at the end of a draw (None: no limit)."""

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def adding(self, *cards: C) -> Hand[C]:
        return self.model_copy(update={"cards": self.cards + cards})

    def removing(self, card: C) -> Hand[C]:
        """The hand without one copy of `card`; ValueError if it is not held."""
        index = self._index(card)
        return self.model_copy(update={"cards": self.cards[:index] + self.cards[index + 1 :]})

    def exchanging(self, given: C, taken: C) -> Hand[C]:
        """`given` played to the table and `taken` picked up in its place (the hand's order
        kept, as where a swap puts the card back matters to a title listing its moves)."""
        index = self._index(given)
        return self.model_copy(update={"cards": (*self.cards[:index], taken, *self.cards[index + 1 :])})

    def _index(self, card: C) -> int:
        if card not in self.cards:
            raise ValueError(f"{card!r} is not in the hand")
        return self.cards.index(card)

    @property
    def over_limit(self) -> int:
        """How many cards must be discarded to respect the limit."""
        return 0 if self.limit is None else max(0, len(self.cards) - self.limit)


class Bag(Frozen, Generic[K]):
    """Tokens drawn blindly from a bag: only the count of each kind matters."""

    counts: dict[K, int] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _no_negative_counts(self) -> Bag[K]:
        if any(n < 0 for n in self.counts.values()):
            raise ValueError("a bag cannot hold a negative number of tokens")
        return self

    def __len__(self) -> int:
        return sum(self.counts.values())

    def draw(self, dice: Dice, order: Sequence[K]) -> tuple[K | None, Bag[K]]:
        """One token at random (None from an empty bag).

        `order` lists the kinds in a fixed order, so that the same die gives the same
        token whatever order the counts were written in.
        """
        total = len(self)
        if total == 0:
            return None, self
        index = dice.below(total)
        for kind in order:
            index -= self.counts.get(kind, 0)
            if index < 0:
                return kind, self.adding(kind, -1)
        raise ValueError("the bag holds kinds its order does not list")

    def adding(self, kind: K, count: int = 1) -> Bag[K]:
        return self.model_copy(update={"counts": {**self.counts, kind: self.counts.get(kind, 0) + count}})


class Track(Frozen):
    """A marker on a numbered track from ``low`` to ``high`` (evidence, victory points)."""

    value: int = 0
    low: int = 0
    high: int

    @model_validator(mode="after")
    def _within_bounds(self) -> Track:
        if not self.low <= self.value <= self.high:
            raise ValueError(f"track value {self.value} outside {self.low}-{self.high}")
        return self

    def moved(self, by: int) -> tuple[Track, int]:
        """The track moved `by` steps, stopped at its ends, and the steps that did not fit
        (positive beyond ``high``, negative below ``low``)."""
        target = self.value + by
        clamped = min(self.high, max(self.low, target))
        return self.model_copy(update={"value": clamped}), target - clamped
