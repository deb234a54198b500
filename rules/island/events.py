"""The payload of every kind of event the race produces (`Title.event_schemas`).

The conformance suite checks each event against its schema; the table and the log rely
on these fields.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import EventSchema, Frozen


class NoParams(Frozen):
    pass


class SeatOnly(Frozen):
    seat: str


class Pair(Frozen):
    seat: str
    other: str


class StartRoll(Frozen):
    seats: list[str]
    rolls: list[int]


class Placed(Frozen):
    seat: str
    field: int


class CardParams(Frozen):
    seat: str
    card: str


class Rolled(Frozen):
    seat: str
    value: int


class Moved(Frozen):
    seat: str
    steps: int
    to: int


class Path(Frozen):
    path: list[int]


class Rode(Frozen):
    seat: str
    card: str
    to: int | str


class Jumped(Frozen):
    seat: str
    to: int


class Counted(Frozen):
    seat: str
    count: int


class Revealed(Frozen):
    seat: str
    other: str
    seat_card: str
    other_card: str


class Chip(Frozen):
    seat: str
    other: str
    colour: str


class Fought(Frozen):
    seat: str
    other: str
    seat_value: int
    other_value: int
    seat_cards: list[str]
    other_cards: list[str]
    winner: str
    chips: int


class Reached(Frozen):
    seat: str
    task: str
    needs: str
    """The task's pattern, e.g. ``"2-1-1"`` (a catalog value key names it)."""


EVENT_SCHEMAS: Mapping[str, EventSchema] = {
    "start_roll": EventSchema(StartRoll),
    "starter": EventSchema(SeatOnly),
    "place": EventSchema(Placed),
    "equipment": EventSchema(SeatOnly),
    "equipment_card": EventSchema(CardParams),
    "no_equipment": EventSchema(SeatOnly),
    "roll": EventSchema(Rolled),
    "move": EventSchema(Moved, Path),
    "ride": EventSchema(Rode),
    "take_transport": EventSchema(CardParams),
    "jump": EventSchema(Jumped),
    "exchange": EventSchema(Counted),
    "encounter": EventSchema(Pair),
    "chosen": EventSchema(SeatOnly),
    "chosen_own": EventSchema(SeatOnly),
    "reveal": EventSchema(Revealed),
    "gift": EventSchema(Chip),
    "armed": EventSchema(SeatOnly),
    "armed_own": EventSchema(Counted),
    "fight": EventSchema(Fought),
    "take_chip": EventSchema(Chip),
    "too_close": EventSchema(SeatOnly),
    "turn": EventSchema(SeatOnly),
    "island": EventSchema(Reached),
    "won": EventSchema(SeatOnly),
    "withdrawn": EventSchema(SeatOnly),
    "last_agent": EventSchema(SeatOnly),
    "hopeless": EventSchema(Reached),
    "nobody": EventSchema(NoParams),
}
