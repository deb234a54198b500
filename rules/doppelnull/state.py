"""The state of a game (or series) of Agent Doppelnull, the decisions it waits for, and
the invariants every state keeps.

Vocabulary: a seat's *agents* are its pawns; its *line* is the row of 7 cards, laid by
the opponent ("Setup" 3), on which its agents stand; a *clue* is one card an agent
stood on and the sign ("+", "-") it stood on, which both players see.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import Field

from rules.core import Decision, Frozen, GameState, Seat
from rules.core.components import Hand
from rules.doppelnull.content import load_content
from rules.doppelnull.options import SEATS, opponent

Sign = Literal["+", "-", "="]
Phase = Literal["starter", "blind_pick", "placement", "play", "over"]
"""The kind of the decision the game waits for (`phase_of`), or "over"."""


def sign_of(agent: int, card: int) -> Sign:
    """Where an agent stands on a card ("Setup" 4, "Playing the Game" 2):
    "+" when the agent's number is higher, "-" when lower, "=" when equal (unmasked)."""
    if agent > card:
        return "+"
    if agent < card:
        return "-"
    return "="


# -- the decisions ---------------------------------------------------------------------


class ChoosingStarter(Decision):
    """A person at the table says who starts, or lets the game draw lots ("Playing the
    Game": the higher identity-card number starts)."""

    kind: Literal["starter"] = "starter"


class BlindPick(Decision):
    """`seat` sends the opponent's agents to the box, unseen, one at a time ("Setup" 2)."""

    kind: Literal["blind_pick"] = "blind_pick"


class Placing(Decision):
    """`seat` stands its agents on the opponent's cards, one at a time ("Setup" 4)."""

    kind: Literal["placement"] = "placement"


class PlayTurn(Decision):
    """`seat` swaps a hand card under an opponent's agent ("Playing the Game" 1)."""

    kind: Literal["play"] = "play"
    again: bool = False
    """A turn earned by an unmasking: the player "may play their turn again", so may also
    end it without a swap."""


SetupDecision = Annotated[ChoosingStarter | BlindPick | Placing, Field(discriminator="kind")]
"""What the pending stack holds: the setup decisions.  Play is `PlayTurn`, the title's turn."""


# -- the table -------------------------------------------------------------------------


class Clue(Frozen):
    """One card an agent stood on and the sign it stood on (public)."""

    card: int
    sign: Sign


@cache
def clue_of(card: int, sign: Sign) -> Clue:
    """The `Clue` of a card and sign, made once: it is frozen, and every swap makes one."""
    return Clue(card=card, sign=sign)


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
    schema_version: int = 2
    """2: decisions as typed models, hands as `Hand`, the turn's ``again``."""
    pending: tuple[SetupDecision, ...] = ()
    games: int = Field(ge=1)
    game_number: int = Field(ge=1)
    results: tuple[GameResult, ...] = ()
    starter: Seat | None = None
    turn: Seat | None = None
    """Whose turn it is in the play phase."""
    again: bool = False
    """The player to play has just unmasked an agent: this turn is the reward (`PlayTurn.again`)."""
    pawns: dict[Seat, tuple[int, ...]]
    """Each seat's 10 agents in the row they stand in before placement (owner's secret)."""
    removed: dict[Seat, tuple[int, ...]]
    """Row positions of each seat's agents the opponent sent to the box (public)."""
    lines: dict[Seat, Line]
    hands: dict[Seat, Hand[int]]
    """Each seat's 3 cards in hand (public: they are the 3 of 1-10 not on the table)."""
    blind_pick: Literal["pick", "lots"] = "pick"
    """How each game's blind pick is made ("Setup" 2, `DoppelnullOptions.blind_pick`)."""


def play_turn(state: DoppelnullState) -> PlayTurn | None:
    """The turn of the play phase (`DoppelnullTitle.turn`); None before play and at the end."""
    if state.turn is None:
        return None
    return PlayTurn(seat=state.turn, again=state.again)


def waiting_for(state: DoppelnullState) -> ChoosingStarter | BlindPick | Placing | PlayTurn | None:
    """The decision the game waits for (what `Title.decision` gives): the top of the
    pending stack, else the play turn; None at the end."""
    return state.pending[-1] if state.pending else play_turn(state)


def phase_of(state: DoppelnullState) -> Phase:
    """The kind of decision the game waits for, or "over"."""
    decision = waiting_for(state)
    return "over" if decision is None else decision.kind


def placement_revealed(state: DoppelnullState) -> bool:
    """Both seats have placed their agents: the signs are on the table for both to see.

    Setup placement is a simultaneous secret choice (ARCHITECTURE.md): each seat places
    behind the curtain and neither sees the other's agents until both have placed.  The
    pending stack holds only setup decisions, so it is empty from then on.
    """
    return not state.pending


def active_agents(state: DoppelnullState, seat: Seat) -> tuple[int, ...]:
    """The seat's agents still in the game after the blind pick, in row order."""
    removed = set(state.removed[seat])
    return tuple(n for position, n in enumerate(state.pawns[seat]) if position not in removed)


def invariants(state: DoppelnullState) -> list[str]:
    """Broken rules of the box: a pawn or card lost or doubled, an agent on its own number,
    a clue that lies, a play turn during setup or an earned turn outside play."""
    problems: list[str] = []
    pieces = load_content().pieces
    numbers = set(range(1, pieces.numbers + 1))
    for seat in SEATS:
        if sorted(state.pawns[seat]) != sorted(numbers):
            problems.append(f"{seat}'s pawns are not 1-{pieces.numbers}")
        if (
            len(set(state.removed[seat])) != len(state.removed[seat])
            or len(state.removed[seat]) > pieces.removed
        ):
            problems.append(f"{seat}'s blind pick is wrong: {state.removed[seat]}")
        hand = state.hands[seat].cards
        cards = [*hand, *state.lines[opponent(seat)].cards]
        if sorted(cards) != sorted(numbers) or len(hand) != pieces.hand:
            problems.append(f"{seat}'s cards are not 1-{pieces.numbers} with {pieces.hand} in hand")
        line = state.lines[seat]
        in_row = {n for p, n in enumerate(state.pawns[seat]) if p not in state.removed[seat]}
        for slot, agent in enumerate(line.agents):
            if agent is None:
                continue
            if agent not in in_row:
                problems.append(f"{seat}'s agent {agent} is on the line but in the box")
            if line.unmasked[slot] != (agent == line.cards[slot]):
                problems.append(f"{seat}'s agent {agent} on card {line.cards[slot]}: unmasked flag is wrong")
            for clue in line.clues[slot]:
                if clue.sign != sign_of(agent, clue.card):
                    problems.append(f"{seat}'s agent {agent} has a false clue {clue}")
        placed = [n for n in line.agents if n is not None]
        if len(placed) != len(set(placed)):
            problems.append(f"{seat} has an agent on two cards")
    if state.turn is not None and state.pending:
        problems.append("a play turn while setup decisions are pending")
    if state.again and state.turn is None:
        problems.append("a turn earned by an unmasking, but nobody's turn")
    return problems
