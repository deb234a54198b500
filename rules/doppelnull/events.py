"""What each kind of event carries (`DoppelnullTitle.event_schemas`).

``params`` fill the event's message (players are seat ids, which the table names in the
language shown; positions counted from 1 for people); ``data`` is what the table
animates (seats by id, slots and row positions counted from 0).  The conformance suite
validates every event against these, so the table and the tests may rely on every
field named here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import Field

from rules.core import EventSchema, Frozen
from rules.doppelnull.state import Sign

SeatId = Literal["male", "female"]
Number = Annotated[int, Field(ge=1)]
"""A pawn's or a card's number (1 to the data's ``pieces.numbers``)."""


class PlayerParams(Frozen):
    player: SeatId


class SeatData(Frozen):
    seat: SeatId


class RemoveParams(Frozen):
    player: SeatId
    owner: SeatId
    """The name of the player whose agent goes to the box."""


class RemoveOwnParams(Frozen):
    agent: Number
    owner: SeatId


class RowData(Frozen):
    seat: SeatId
    """The owner of the agent sent to the box."""
    position: int = Field(ge=0)


class PlaceParams(Frozen):
    player: SeatId
    agent: Number
    card: Number
    sign: Sign


class SlotData(Frozen):
    seat: SeatId
    slot: int = Field(ge=0)


class SwapParams(Frozen):
    player: SeatId
    owner: SeatId
    card: Number
    """The card put under the agent."""
    old: Number
    """The card taken back to the hand."""
    sign: Sign
    slot: int = Field(ge=1)
    """The agent's position in the line, from 1."""


class SwapData(Frozen):
    seat: SeatId
    """Who swapped."""
    owner: SeatId
    slot: int = Field(ge=0)
    card: Number
    old: Number


class UnmaskParams(Frozen):
    player: SeatId
    owner: SeatId
    agent: Number


class UnmaskData(Frozen):
    seat: SeatId
    owner: SeatId
    slot: int = Field(ge=0)
    agent: Number


class GameWonParams(Frozen):
    player: SeatId
    game: int = Field(ge=1)
    other: SeatId
    loser_unmasked: int = Field(ge=0)


class GameWonData(Frozen):
    seat: SeatId
    unmasked: dict[SeatId, int]
    """Agents each seat unmasked in the game."""


class DealParams(Frozen):
    game: int = Field(ge=1)
    games: int = Field(ge=1)


EVENT_SCHEMAS: Mapping[str, EventSchema] = {
    "starter": EventSchema(PlayerParams, SeatData),
    "remove": EventSchema(RemoveParams, RowData),
    "remove_own": EventSchema(RemoveOwnParams, RowData),
    "place": EventSchema(PlaceParams, SlotData),
    "placed": EventSchema(PlayerParams, SeatData),
    "play": EventSchema(PlayerParams, SeatData),
    "swap": EventSchema(SwapParams, SwapData),
    "unmask": EventSchema(UnmaskParams, UnmaskData),
    "extra_turn": EventSchema(PlayerParams),
    "end_turn": EventSchema(PlayerParams),
    "game_won": EventSchema(GameWonParams, GameWonData),
    "deal": EventSchema(DealParams),
}
