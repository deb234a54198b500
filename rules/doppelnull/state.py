"""The state of a game (or series) of Agent Doppelnull.

Vocabulary: a seat's *agents* are its pawns; its *line* is the row of 7 cards, laid by
the opponent ("Setup" 3), on which its agents stand; a *clue* is one card an agent
stood on and the sign ("+", "-") it stood on, which both players see.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.core import Frozen, GameState, Pending, Seat

Sign = Literal["+", "-", "="]
Phase = Literal["starter", "blind_pick", "placement", "play", "over"]
"""Derived from the pending stack and the turn, see `phase_of`."""


def sign_of(agent: int, card: int) -> Sign:
    """Where an agent stands on a card ("Setup" 4, "Playing the Game" 2):
    "+" when the agent's number is higher, "-" when lower, "=" when equal (unmasked)."""
    if agent > card:
        return "+"
    if agent < card:
        return "-"
    return "="


class Clue(Frozen):
    """One card an agent stood on and the sign it stood on (public)."""

    card: int
    sign: Sign


class Line(Frozen):
    """The row in front of one seat: the opponent's cards, this seat's agents on them."""

    dealt: tuple[int, ...]
    """The cards as laid at setup (public; the expert's prior needs them)."""
    cards: tuple[int, ...]
    """The card in each slot now."""
    agents: tuple[int | None, ...]
    """The agent's number on each slot (None until placed); kept after it is unmasked."""
    unmasked: tuple[bool, ...]
    clues: tuple[tuple[Clue, ...], ...]
    """Per slot, every card its agent stood on, oldest first (public once placed)."""


class GameResult(Frozen):
    """One finished game of a series."""

    winner: Seat
    unmasked: dict[Seat, int]
    """Agents each seat unmasked (its points for the game, before any win bonus)."""


class DoppelnullState(GameState):
    pending: tuple[Pending, ...] = ()
    names: dict[Seat, str]
    games: int = Field(ge=1)
    game_number: int = Field(ge=1)
    results: tuple[GameResult, ...] = ()
    starter: Seat | None = None
    turn: Seat | None = None
    """Whose turn it is in the play phase."""
    pawns: dict[Seat, tuple[int, ...]]
    """Each seat's 10 agents in the row they stand in before placement (owner's secret)."""
    removed: dict[Seat, tuple[int, ...]]
    """Row positions of each seat's agents the opponent sent to the box (public)."""
    lines: dict[Seat, Line]
    hands: dict[Seat, tuple[int, ...]]
    """Each seat's 3 cards in hand (public: they are the 3 of 1-10 not on the table)."""


def phase_of(state: DoppelnullState) -> Phase:
    """Where the game is: a setup decision on the pending stack, play, or over."""
    if state.pending:
        kind = state.pending[-1].kind
        if kind == "choose_starter":
            return "starter"
        if kind == "blind_pick":
            return "blind_pick"
        return "placement"
    return "play" if state.turn is not None else "over"


def placement_revealed(state: DoppelnullState) -> bool:
    """Both seats have placed their agents: the signs are on the table for both to see.

    Setup placement is a simultaneous secret choice (ARCHITECTURE.md): each seat places
    behind the curtain and neither sees the other's agents until both have placed.
    """
    return not any(p.kind in ("placement", "blind_pick", "choose_starter") for p in state.pending)


def active_agents(state: DoppelnullState, seat: Seat) -> tuple[int, ...]:
    """The seat's agents still in the game after the blind pick, in row order."""
    removed = set(state.removed[seat])
    return tuple(n for position, n in enumerate(state.pawns[seat]) if position not in removed)
