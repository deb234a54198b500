"""What one seat may see (ARCHITECTURE.md, "Hidden information at one screen").

A seat sees its own agents' numbers; of the opponent's it sees only the unmasked ones
("Playing the Game" 2: the pawn leaves number facing up).  The blind pick shows the
opponent's row by position only ("Setup" 2).  Placement is a simultaneous secret
choice: the opponent's agents, signs and clues appear once both seats have placed.
Cards are public (CONTENT.md: "card numbers are seen by both players"), and so are the
hands, which are the three numbers of 1-10 not lying on the table.  Once the game (the
last of a series) is over every seat, and the spectator, sees every number.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.core import Seat
from rules.doppelnull.content import load_content
from rules.doppelnull.deduction import possible_numbers
from rules.doppelnull.options import SEATS, opponent
from rules.doppelnull.play_rules import outcome, series_points
from rules.doppelnull.state import (
    Clue,
    DoppelnullState,
    GameResult,
    Phase,
    Sign,
    active_agents,
    phase_of,
    placement_revealed,
    waiting_for,
)


class ViewModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SlotView(ViewModel):
    """One card of a line and the agent on it, as the viewer sees them."""

    card: int
    placed: bool
    """An agent stands (or stood, if unmasked) here, as far as the viewer knows."""
    agent: int | None
    """The agent's number: the owner's own agents, or an unmasked one; else None."""
    sign: Sign | None
    unmasked: bool
    clues: tuple[Clue, ...]
    possible: tuple[int, ...] = ()
    """The numbers the agent here may have, as far as the viewer knows: its clues, less
    the numbers accounted for (`deduction.possible_numbers`; the table's notebook shows
    them).  Empty where no agent stands, as far as the viewer knows."""


class SideView(ViewModel):
    """One seat's side of the table: its row of agents, its line, its hand."""

    seat: Seat
    row: tuple[int | None, ...]
    """The agents in the row before placement, by position; numbers for the owner only."""
    removed: tuple[int, ...]
    """Row positions the opponent sent to the box (public)."""
    to_box: int
    """How many more of this row the opponent sends to the box ("Setup" 2)."""
    boxed: tuple[int, ...]
    """Numbers of the agents in the box (the owner only)."""
    waiting: tuple[int, ...]
    """The owner's agents not placed yet (the owner only)."""
    dealt: tuple[int, ...]
    """The cards of this seat's line as laid at setup."""
    line: tuple[SlotView, ...]
    hand: tuple[int, ...]
    placed_all: bool
    """This seat has finished placing its agents (public: "chosen ✓")."""


class DoppelnullView(ViewModel):
    seat: Seat | None
    phase: Phase
    """The kind of decision the game waits for ("over" at the end)."""
    to_act: Seat | None
    game_number: int
    games: int
    starter: Seat | None
    turn: Seat | None
    again: bool
    """The player to play has just unmasked an agent and may play again or end the turn."""
    results: tuple[GameResult, ...]
    totals: dict[Seat, int]
    sides: dict[Seat, SideView]

    def opponent_of(self, seat: Seat) -> Seat:
        return opponent(seat)


def make_view(state: DoppelnullState, seat: Seat | None, everything: bool = False) -> DoppelnullView:
    """What `seat` sees; `everything`: both sides' rows and lines, for no seat (a replay's
    "everything revealed", `Title.revealed`)."""
    # Once the game is over nothing is secret any more: nobody can act on a number.  The
    # rulebook ("End of the Game") is silent on the pawns afterwards; our choice is that
    # the players turn them all face up to see whom they never unmasked.  The game-over
    # screen draws the spectator's view, so otherwise the loser's hidden agents would
    # stay hidden for good.  `scramble` re-deals nothing then, to match.
    over = outcome(state) is not None
    decision = waiting_for(state)
    return DoppelnullView(
        seat=seat,
        phase=phase_of(state),
        to_act=None if decision is None else decision.seat,
        game_number=state.game_number,
        games=state.games,
        starter=state.starter,
        turn=state.turn,
        again=state.again,
        results=state.results,
        totals=series_points(state),
        sides={side: _side_view(state, side, over or everything or seat == side) for side in SEATS},
    )


def _side_view(state: DoppelnullState, side: Seat, own: bool) -> SideView:
    """`side` as a viewer sees it who knows its numbers (`own`: its owner, or anyone at game over)."""
    line = state.lines[side]
    revealed = own or placement_revealed(state)
    placed = {n for n in line.agents if n is not None}
    slots = []
    for index, card in enumerate(line.cards):
        agent = line.agents[index]
        shown = revealed and agent is not None
        slots.append(
            SlotView(
                card=card,
                placed=shown,
                agent=agent if shown and (own or line.unmasked[index]) else None,
                sign=_current_sign(line.clues[index]) if shown else None,
                unmasked=line.unmasked[index],
                clues=line.clues[index] if shown else (),
            )
        )
    removed = state.removed[side]
    seen = SideView(
        seat=side,
        row=tuple(n if own else None for n in state.pawns[side]),
        removed=removed,
        to_box=load_content().pieces.removed - len(removed),
        boxed=tuple(state.pawns[side][p] for p in removed) if own else (),
        waiting=tuple(n for n in active_agents(state, side) if n not in placed) if own else (),
        dealt=line.dealt,
        line=tuple(slots),
        hand=state.hands[side].cards,
        placed_all=all(n is not None for n in line.agents),
    )
    possible = possible_numbers(seen)
    line_seen = tuple(
        slot.model_copy(update={"possible": tuple(sorted(numbers))})
        for slot, numbers in zip(seen.line, possible, strict=True)
    )
    return seen.model_copy(update={"line": line_seen})


def _current_sign(clues: tuple[Clue, ...]) -> Sign | None:
    return clues[-1].sign if clues else None
