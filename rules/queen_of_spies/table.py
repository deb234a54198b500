"""The table while one decision is carried out: a mutable working copy of `QueenState`.

A handler (`rules.queen_of_spies.flow.on_table`) turns the frozen state into a `Table`,
lets the round's rules move pieces on it with the dice the title gives, and freezes the
result into the next state (the title writes the generator back).  The primitive moves
live here: the success bag and its supplies, the time pool, jail and release, despair,
the log.  Running out of time or losing the game stops whatever is going on at once:
they are raised as `OutOfTime` and `GameLost` and caught where the decision is handled.
"""

from __future__ import annotations

from typing import Any

from rules.core import Dice, Event
from rules.core.components import Bag
from rules.queen_of_spies.content import TOKEN_ORDER, Token, load_content
from rules.queen_of_spies.state import (
    Assignment,
    LossReason,
    PendingDecision,
    QueenState,
    despair_left,
    tokens_in_play,
)

ALICE = "alice"


class OutOfTime(Exception):
    """A time marker had to be spent and the pool was empty ("End of Chapter")."""


class GameLost(Exception):
    """One of the rulebook's "How to Lose" conditions happened."""

    def __init__(self, reason: LossReason) -> None:
        super().__init__(reason)
        self.reason = reason


class Table:
    """Mutable copy of the state's fields that change, with the dice and the events."""

    def __init__(self, state: QueenState, dice: Dice) -> None:
        self.state = state
        """The state before the decision (what the rules checked it against)."""
        self.dice = dice
        self.events: list[Event] = []
        self.chapter = state.chapter
        self.round = state.round
        self.phase = state.phase
        self.time = state.time
        self.bag: Bag[Token] = state.bag
        self.hand: list[str] = list(state.hand)
        self.decks: dict[str, tuple[str, ...]] = dict(state.decks)
        self.trained: list[str] = list(state.trained)
        self.jail: list[str] = list(state.jail)
        self.despair: dict[str, int] = dict(state.despair)
        self.despair_lost = state.despair_lost
        self.interrogation = state.interrogation
        self.removed: list[str] = list(state.removed)
        self.assignments: list[Assignment] = list(state.assignments)
        self.progress: dict[str, tuple[int, ...]] = dict(state.progress)
        self.town: list[str] = list(state.town)
        self.items = dict(state.items)
        self.escape_plan = state.escape_plan
        self.pigeons = state.pigeons
        self.trained_pigeons = state.trained_pigeons
        self.pigeons_sent: dict[str, int] = dict(state.pigeons_sent)
        self.pows_waiting: list[str] = list(state.pows_waiting)
        self.pows_safe: list[str] = list(state.pows_safe)
        self.pows_escaped: dict[str, tuple[str, ...]] = dict(state.pows_escaped)
        self.eavesdrop_rest: list[str] = list(state.eavesdrop_rest)
        self.set_aside: list[str] = list(state.set_aside)
        self.victory = state.victory
        self.lost = state.lost
        self.score = state.score
        self.pending: list[PendingDecision] = list(state.pending)

    def freeze(self) -> QueenState:
        """The next state (its ``rng`` is the title's to write back, once per action)."""
        counts = self.bag.counts
        bag = self.bag if all(counts.values()) else Bag[Token](counts={k: n for k, n in counts.items() if n})
        return self.state.model_copy(
            update={
                "chapter": self.chapter,
                "round": self.round,
                "phase": self.phase,
                "time": self.time,
                "bag": bag,
                "hand": tuple(self.hand),
                "decks": self.decks,
                "trained": tuple(self.trained),
                "jail": tuple(self.jail),
                "despair": {who: n for who, n in self.despair.items() if n},
                "despair_lost": self.despair_lost,
                "interrogation": self.interrogation,
                "removed": tuple(self.removed),
                "assignments": tuple(self.assignments),
                "progress": {site: p for site, p in self.progress.items() if any(p)},
                "town": tuple(self.town),
                "items": self.items,
                "escape_plan": self.escape_plan,
                "pigeons": self.pigeons,
                "trained_pigeons": self.trained_pigeons,
                "pigeons_sent": self.pigeons_sent,
                "pows_waiting": tuple(self.pows_waiting),
                "pows_safe": tuple(self.pows_safe),
                "pows_escaped": self.pows_escaped,
                "eavesdrop_rest": tuple(self.eavesdrop_rest),
                "set_aside": tuple(self.set_aside),
                "victory": self.victory,
                "lost": self.lost,
                "score": self.score,
                "pending": tuple(self.pending),
            }
        )

    # -- the log ------------------------------------------------------------------------

    def log(self, kind: str, reveals: bool = False, tokens: list[Token] | None = None, **params: Any) -> None:
        """An event: ids in `data` for the table to animate and in `params` for the log.

        The log names an operative, POW, cell, location or item through the catalog entry
        ``queen-of-spies.value.<id>``, in the player's language (`game.ui.naming`). A
        drawn or added token names its kind in the key (``queen-of-spies.draw.troop``) so
        that each language words it; a list of tokens is in `data` and counted in
        `params` (``hits`` with a Progress icon, ``misses`` without).
        """
        data: dict[str, Any] = {k: v for k, v in params.items() if v is not None}
        shown = dict(data)
        key = f"queen-of-spies.{kind}"
        for suffix in ("token", "reason"):
            if suffix in data:
                key += f".{data[suffix]}"
        if tokens is not None:
            data["tokens"] = [t.value for t in tokens]
            hits = sum(1 for t in tokens if t.progress)
            shown["hits"], shown["misses"] = hits, len(tokens) - hits
        self.events.append(Event(kind=kind, key=key, params=shown, reveals=reveals, data=data))

    # -- the success bag ("Success Bag and Other Pieces", "Tokens") ------------------------

    def draw(self) -> Token | None:
        """One token at random from the bag (None if the bag is empty)."""
        token, self.bag = self.bag.draw(self.dice, TOKEN_ORDER)
        return token

    def return_tokens(self, tokens: tuple[Token, ...] | list[Token]) -> None:
        for token in tokens:
            self.bag = self.bag.adding(token)

    def in_play(self, kind: Token) -> int:
        """Tokens of a kind in the bag or drawn and lying at a location."""
        return tokens_in_play(self.bag, self.assignments, kind)

    def add_to_bag(self, kind: Token, amount: int) -> None:
        """Add Alert or Troop tokens from the supply; none left loses ("How to Lose")."""
        limit = load_content().supply.alert if kind == Token.ALERT else load_content().supply.troop
        for _ in range(amount):
            if self.in_play(kind) >= limit:
                raise GameLost("no_alert" if kind == Token.ALERT else "no_troop")
            self.bag = self.bag.adding(kind)
        self.log("add_token", token=kind.value, amount=amount)

    def remove_from_bag(self, kind: Token, amount: int) -> None:
        removed = min(amount, self.bag.counts.get(kind, 0))
        self.bag = self.bag.adding(kind, -removed)
        if removed:
            self.log("remove_token", token=kind.value, amount=removed)

    def remove_all_troops(self) -> None:
        """Every Troop in the bag and at locations goes back to the supply ("Going to Jail")."""
        self.bag = self.bag.adding(Token.TROOP, -self.bag.counts.get(Token.TROOP, 0))
        self.assignments = [
            a.model_copy(update={"drawn": tuple(t for t in a.drawn if t != Token.TROOP)})
            for a in self.assignments
        ]

    # -- time ("Flow of Play", "End of Chapter") -------------------------------------------

    def spend_time(self, amount: int = 1) -> None:
        """Discard time markers from the pool; an empty pool ends the chapter at once."""
        for _ in range(amount):
            if self.time == 0:
                raise OutOfTime
            self.time -= 1

    # -- despair and the jail ("Resolve Interrogation", "Going to Jail") ------------------

    @property
    def despair_supply(self) -> int:
        return despair_left(self.despair, self.despair_lost)

    def is_pow(self, who: str) -> bool:
        return not load_content().is_operative(who)

    def to_jail(self, who: str, mark: bool = True) -> None:
        """Put someone in jail; the first prisoner brings an interrogation marker."""
        self.jail.append(who)
        if mark and self.interrogation == 0:
            self.interrogation = 1

    def release(self, who: str) -> None:
        """Free a prisoner ("Breaking Out of Jail"): despair back to the supply; a freed POW
        goes to the Safe House; an empty jail gives back its interrogation markers."""
        self.jail.remove(who)
        self.despair.pop(who, None)
        if self.is_pow(who):
            self.pows_safe.append(who)
        else:
            self.hand.append(who)
        if not self.jail:
            self.interrogation = 0
        self.log("release", who=who)

    def lose_prisoner(self, who: str) -> None:
        """Remove a prisoner from the game with their despair markers (an empty jail
        gives back its interrogation markers)."""
        self.jail.remove(who)
        self.despair_lost += self.despair.pop(who, 0)
        self.removed.append(who)
        if not self.jail:
            self.interrogation = 0

    # -- operatives --------------------------------------------------------------------

    def assignment_of(self, operative: str) -> Assignment | None:
        return next((a for a in self.assignments if operative in a.operatives), None)

    def replace(self, old: Assignment, new: Assignment | None) -> None:
        index = self.assignments.index(old)
        if new is None:
            del self.assignments[index]
        else:
            self.assignments[index] = new

    def stealth(self, operative: str) -> bool:
        return load_content().operative(operative).stealth
