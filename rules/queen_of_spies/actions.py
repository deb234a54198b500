"""What the player may do in Queen of Spies: one pydantic model per kind of action.

The actions answer the decisions of `rules.queen_of_spies.state`: `Assign`,
`Unassign`, `UseItem`, `Done` and `EndChapter` while assigning ("1. Assign Operatives");
`Check` and `SendPows` while resolving ("3. Resolve Assignments"); `EscapePlan`,
`Release`, `Recruit` and `Betray` answer the decision a draw or an effect opens.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Frozen


class Assign(Frozen):
    """Send an operative from the hand to a task of an assignment ("1. Assign Operatives")."""

    type: Literal["assign"] = "assign"
    operative: str
    location: str
    item: str | None = None
    task: int = 0


@cache
def assign_of(operative: str, location: str, item: str | None, task: int) -> Assign:
    """The `Assign` of these fields, made once: it is frozen, so every list of legal actions
    shares it (listing them is most of what a random playout does)."""
    return Assign(operative=operative, location=location, item=item, task=task)


class Unassign(Frozen):
    """Take back an operative assigned this round, before time markers are placed."""

    type: Literal["unassign"] = "unassign"
    operative: str


class UseItem(Frozen):
    """Use an item from the Safe House: release prisoners, or help an assignment of this round.

    Each item takes only its own fields: the Bomb (frees everyone) none, the Jail Key the
    `prisoner`, the others the assignment (`location`, and `site_item` for an item card
    being learned or built); the legal actions list exactly these, and an action with a
    field its item ignores is refused.
    """

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
