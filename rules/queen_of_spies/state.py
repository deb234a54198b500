"""Queen of Spies state: pydantic models, immutable, tuples and plain dicts.

Everything on the table is open to the player (`Board`); the state adds the generator
and the stack of decisions, one typed model per kind (`PendingDecision`).  The success
bag is a count per token kind (`rules.core.components.Bag`): draws are random at draw
time, so the bag has no hidden order and the game no secrets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Annotated, Literal

from pydantic import Field

from rules.core import Decision, Frozen, GameState
from rules.core.components import Bag
from rules.queen_of_spies.content import Token, load_content

Phase = Literal["assign", "resolve", "betrayal", "over"]
"""Assigning; resolving assignments; betrayals after the interrogation; the story is over."""
LossReason = Literal["alice_broken", "alice_died", "alice_jailed", "no_despair", "no_alert", "no_troop"]
"""The rulebook's "How to Lose" conditions (``queen-of-spies.lost.<reason>``)."""
ItemPlace = Literal["learn", "workshop", "safe_house", "in_use", "discard"]
"""Where an item card lies: next to the location it is learned at, at the Workshop
(learned, to be built), at the Safe House (built, ready to use), used on an assignment
that has not resolved yet, or discarded."""


class Placement(Frozen):
    """One operative's card next to a location, on the side of one task."""

    operative: str
    task: int = 0
    checked: bool = False


class Assignment(Frozen):
    """Operatives at one location (or one item card at the Country House or Workshop)."""

    location: str
    item: str | None = None
    placements: tuple[Placement, ...]
    time: int = 0
    """Time markers still on the card."""
    fresh: bool = True
    """Assigned this round: time markers not yet placed, operatives may still be taken back."""
    items: tuple[str, ...] = ()
    """Items from the Safe House used on this assignment."""
    troop_cancelled: bool = False
    """False Papers already cancelled a Troop here."""
    pows: tuple[str, ...] = ()
    """POWs trying to escape through this card (Rescuing the Prisoners, chapter 3)."""
    pows_decided: bool = False
    drawn: tuple[Token, ...] = ()
    """Tokens drawn here; they stay out of the bag until the Alert Check."""

    @property
    def site(self) -> str:
        return site_key(self.location, self.item)

    @property
    def operatives(self) -> tuple[str, ...]:
        return tuple(p.operative for p in self.placements)


def site_key(location: str, item: str | None) -> str:
    """Where progress markers lie: a location card, or an item card at a location."""
    return location if item is None else f"{location}/{item}"


def tokens_in_play(bag: Bag[Token], assignments: Iterable[Assignment], kind: Token) -> int:
    """Tokens of a kind in the bag or drawn and lying at a location (the rest is in the supply)."""
    return bag.counts.get(kind, 0) + sum(a.drawn.count(kind) for a in assignments)


def despair_left(despair: Mapping[str, int], despair_lost: int) -> int:
    """Despair markers still in the supply: neither on a prisoner nor out of the game."""
    return load_content().supply.despair - despair_lost - sum(despair.values())


class Board(Frozen):
    """Everything on the table, all of it open to the player."""

    story: str
    chapter: int = 1
    round: int = 1
    phase: Phase = "assign"
    time: int
    """Time markers left in the pool."""
    bag: Bag[Token]
    hand: tuple[str, ...]
    decks: dict[str, tuple[str, ...]]
    """Cell -> operatives not yet recruited (drawn at random when recruiting)."""
    trained: tuple[str, ...] = ()
    jail: tuple[str, ...] = ()
    """Operatives and POWs in jail, in the order they arrived."""
    despair: dict[str, int] = Field(default_factory=dict)
    despair_lost: int = 0
    """Despair markers removed from the game (with broken or dead prisoners, at chapter end)."""
    interrogation: int = 0
    removed: tuple[str, ...] = ()
    """Operatives and POWs permanently gone: broken, killed, or left in jail (POWs)."""
    assignments: tuple[Assignment, ...] = ()
    progress: dict[str, tuple[int, ...]] = Field(default_factory=dict)
    town: tuple[str, ...]
    items: dict[str, ItemPlace]
    escape_plan: bool = False
    """The Escape Plan card lies at the Safe House."""
    pigeons: int = 0
    """Untrained pigeons in the Pigeon Coop."""
    trained_pigeons: int = 0
    pigeons_sent: dict[str, int] = Field(default_factory=dict)
    pows_waiting: tuple[str, ...] = ()
    pows_safe: tuple[str, ...] = ()
    pows_escaped: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    eavesdrop_rest: tuple[str, ...] = ()
    """Bar (Eavesdrop) cards under the top one (the top one is in `town`)."""
    set_aside: tuple[str, ...] = ()
    victory: bool = False
    lost: LossReason | None = None
    """Why the game was lost at once (message key suffix), or None."""
    score: int | None = None

    def assignment_at(self, location: str, item: str | None) -> Assignment | None:
        return next((a for a in self.assignments if a.location == location and a.item == item), None)

    def in_play(self, kind: Token) -> int:
        return tokens_in_play(self.bag, self.assignments, kind)

    @property
    def despair_supply(self) -> int:
        return despair_left(self.despair, self.despair_lost)


# -- decisions (`rules.core.decisions`) ------------------------------------------------
#
# When nothing is pending, the decision is the round's phase (`Title.turn`): `Assigning`
# ("1. Assign Operatives") or `Resolving` ("3. Resolve Assignments", one check at a time).
# A draw or an effect may open a decision on top of it (the state's ``pending`` stack, top
# last): the Escape Plan after a Troop, whom a Breakout frees, which cell the Pub recruits
# from, whom a broken operative betrays.  What each kind offers and how each answer is
# handled is declared once, in the title's `RULEBOOK`.  A kind's string is also the name of
# its status message (``queen-of-spies.status.<kind>``), so it never changes.

SEAT = "player"
"""The only seat: Queen of Spies is a solo game."""


class PlayerDecision(Decision):
    """A decision of the one player."""

    seat: str = SEAT


class Assigning(PlayerDecision):
    """Phase 1, Assign Operatives: assign, take back, use items, then say done."""

    kind: Literal["assign"] = "assign"


class Resolving(PlayerDecision):
    """Phase 3, Resolve Assignments: the next check, or the POWs sent before an escape."""

    kind: Literal["resolve"] = "resolve"


class EscapeChoice(PlayerDecision):
    """A Troop was drawn and the Escape Plan lies at the Safe House ("Tokens": Troop):
    discard it and go on with the check, or go to jail."""

    kind: Literal["escape_plan"] = "escape_plan"
    operative: str
    location: str
    item: str | None = None
    left: int = Field(ge=0, le=3)
    """Tokens still to draw for the check if the plan is used."""


class BreakoutChoice(PlayerDecision):
    """A Breakout frees one prisoner: whom ("Breaking Out of Jail"; one decision each)."""

    kind: Literal["release"] = "release"


class RecruitChoice(PlayerDecision):
    """The Pub recruits: from which cell's deck the new operative is drawn."""

    kind: Literal["recruit"] = "recruit"


class Betrayal(PlayerDecision):
    """Whom the `broken` operative gives up ("Breaking During Interrogation")."""

    kind: Literal["betray"] = "betray"
    broken: str


PendingDecision = Annotated[
    EscapeChoice | BreakoutChoice | RecruitChoice | Betrayal, Field(discriminator="kind")
]
"""What the state's pending stack holds."""

QueenDecision = Annotated[
    Assigning | Resolving | EscapeChoice | BreakoutChoice | RecruitChoice | Betrayal,
    Field(discriminator="kind"),
]
"""Any decision: the round's phase or one on the stack (what the view shows)."""


class QueenState(Board, GameState):
    schema_version: int = 2
    """2: the success bag a `Bag`, the pending decisions typed models (saves of 1 are replayed)."""
    pending: tuple[PendingDecision, ...] = ()
