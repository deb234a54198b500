"""Everything a player can do in the race, as a discriminated union of action models."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Frozen
from rules.island.content import Island

EncounterCard = Literal["friendship", "hostility"]


class RollOff(Frozen):
    """Everyone rolls the die; the highest starts (set-up, 6)."""

    type: Literal["roll_off"] = "roll_off"


class Place(Frozen):
    """Put one's agent on a free start space (set-up, 6)."""

    type: Literal["place"] = "place"
    field: int


class Roll(Frozen):
    """Roll the die and move (the turn, 1)."""

    type: Literal["roll"] = "roll"


class Ride(Frozen):
    """Play a transport card at this transport field and travel to `to`."""

    type: Literal["ride"] = "ride"
    card: str
    to: int | Island


class GoOn(Frozen):
    """Walk on over a transport field without playing a card."""

    type: Literal["go_on"] = "go_on"


class TakeTransport(Frozen):
    """Having landed on a transport field: take a transport card; movement ends."""

    type: Literal["take_transport"] = "take_transport"


class Jump(Frozen):
    """Having landed on a transport field: go on to the next one of its kind without a card."""

    type: Literal["jump"] = "jump"
    to: int


class Exchange(Frozen):
    """Having landed on a transport field: all one's transport cards to the bottom, as many drawn."""

    type: Literal["exchange"] = "exchange"


class Stay(Frozen):
    """Having landed on a transport field: use none of it."""

    type: Literal["stay"] = "stay"


class ChooseEncounter(Frozen):
    """Pick an encounter card in secret (Encounters)."""

    type: Literal["encounter"] = "encounter"
    card: EncounterCard


class Arm(Frozen):
    """Pick up to two equipment cards in secret for a fight (sorted names; empty: none)."""

    type: Literal["arm"] = "arm"
    cards: tuple[str, ...] = Field(default=(), max_length=2)


class TakeChip(Frozen):
    """Take one microfilm of this colour from the agent one robbed or beat."""

    type: Literal["take_chip"] = "take_chip"
    colour: str


Action = (
    RollOff
    | Place
    | Roll
    | Ride
    | GoOn
    | TakeTransport
    | Jump
    | Exchange
    | Stay
    | ChooseEncounter
    | Arm
    | TakeChip
)

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Annotated[Action, Field(discriminator="type")])
