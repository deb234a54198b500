"""Queen of Spies state and actions: pydantic models, immutable, tuples and plain dicts.

The success bag is a count per token kind: draws are random at draw time (through
`rules.core.Dice`), so the bag has no hidden order and the game no secrets.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Frozen, GameOptions, GameState, Pending
from rules.queen_of_spies.content import Token

SEAT = "player"

Phase = Literal["assign", "resolve", "betrayal", "over"]
"""Assigning; resolving assignments; betrayals after the interrogation; the story is over."""
ItemPlace = Literal["learn", "workshop", "safe_house", "in_use", "discard"]
"""Where an item card lies: next to the location it is learned at, at the Workshop
(learned, to be built), at the Safe House (built, ready to use), used on an assignment
that has not resolved yet, or discarded."""


class QueenOptions(GameOptions):
    """Options of a story; the scenario is the story id."""


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


class QueenState(GameState):
    pending: tuple[Pending, ...] = ()
    story: str
    chapter: int = 1
    round: int = 1
    phase: Phase = "assign"
    time: int
    """Time markers left in the pool."""
    bag: dict[Token, int]
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
    lost: str | None = None
    """Why the game was lost at once (message key suffix), or None."""
    score: int | None = None


# -- actions ------------------------------------------------------------------------


class Assign(Frozen):
    """Send an operative from the hand to a task of an assignment ("1. Assign Operatives")."""

    type: Literal["assign"] = "assign"
    operative: str
    location: str
    item: str | None = None
    task: int = 0


class Unassign(Frozen):
    """Take back an operative assigned this round, before time markers are placed."""

    type: Literal["unassign"] = "unassign"
    operative: str


class UseItem(Frozen):
    """Use an item from the Safe House: release prisoners, or help an assignment of this round."""

    type: Literal["use_item"] = "use_item"
    item: str
    prisoner: str | None = None
    location: str | None = None
    site_item: str | None = None


class Done(Frozen):
    """Finish assigning: pay time, place time markers, remove time, resolve."""

    type: Literal["done"] = "done"


class EndChapter(Frozen):
    """End the chapter after an interrogation phase ("End of Chapter", second way)."""

    type: Literal["end_chapter"] = "end_chapter"


class Check(Frozen):
    """An operative's skill check: 2 tokens untrained, 0-3 (chosen now) trained."""

    type: Literal["check"] = "check"
    operative: str
    draws: int = Field(ge=0, le=3)


class SendPows(Frozen):
    """How many POWs from the Safe House try to escape through this card."""

    type: Literal["send_pows"] = "send_pows"
    location: str
    count: int = Field(ge=0, le=6)


class EscapePlan(Frozen):
    """After drawing a Troop: discard the Escape Plan instead of going to jail, or not."""

    type: Literal["escape_plan"] = "escape_plan"
    use: bool


class Betray(Frozen):
    """Whom the broken operative betrays: Alice or an operative of their cell."""

    type: Literal["betray"] = "betray"
    operative: str


class Release(Frozen):
    """Whom a Breakout frees."""

    type: Literal["release"] = "release"
    prisoner: str


class Recruit(Frozen):
    """From which cell's deck the new operative is drawn."""

    type: Literal["recruit"] = "recruit"
    cell: str


Action = (
    Assign
    | Unassign
    | UseItem
    | Done
    | EndChapter
    | Check
    | SendPows
    | EscapePlan
    | Betray
    | Release
    | Recruit
)
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Annotated[Action, Field(discriminator="type")])
