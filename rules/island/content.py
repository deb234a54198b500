"""The race's content: `data/*.toml` read with the shared loader and validated here.

Each file's header says what is the rulebook's and what is ours.  The checks pin the
rulebook's numbers (21 task cards in codes 9/6/3/3, 12 encounter, 55 transport and 55
equipment cards, nine task cards in every set-up) and the board's own consistency
(harbours at the ends of boat lines, the island reachable), so an edit of the data
cannot drift from the rulebook unnoticed.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from rules.core import Frozen
from rules.core.content import data_dir, load_data

FieldKind = Literal["start", "plain", "water", "station", "airport", "harbour"]
TransportCard = Literal["car", "car+1", "car+2", "helicopter", "boat"]
Family = Literal["car", "helicopter", "boat"]
Island = Literal["island"]
ISLAND: Island = "island"

FAMILY_OF_FIELD: dict[str, Family] = {"station": "car", "airport": "helicopter", "harbour": "boat"}
"""Which transport cards a transport field answers to ("Transport Cards")."""

STACK = 55
"""Transport cards, and equipment cards."""
TASK_CARDS = 21
TASKS_IN_PLAY = 9
CODES = {3: 9, 4: 6, 5: 3, 6: 3}
"""Task cards per code: exactly what the set-up table uses (CONTENT.md)."""


def family(card: str) -> Family:
    """The kind of transport field a card is played at: ``"car+2"`` -> ``"car"``."""
    name = card.split("+")[0]
    if name not in ("car", "helicopter", "boat"):
        raise ValueError(f"{card!r} is no transport card")
    return name  # type: ignore[return-value]


def car_extra(card: str) -> int:
    """Fields a car card drives on past the next station ("car +1, +2")."""
    return int(card.split("+")[1]) if "+" in card else 0


class BoatLine(Frozen):
    ends: tuple[int | Island, int | Island]
    length: int = Field(ge=1)


class Board(Frozen):
    fields: tuple[FieldKind, ...] = Field(min_length=12)
    lines: tuple[BoatLine, ...]

    @model_validator(mode="after")
    def _consistent(self) -> Board:
        counts = Counter(self.fields)
        if counts["start"] < 6:
            raise ValueError("the board needs a start space for each of six agents")
        for kind in ("station", "airport", "harbour"):
            if counts[kind] < 2:
                raise ValueError(f"the board needs at least two fields of kind {kind!r}")
        for line in self.lines:
            a, b = line.ends
            if a == b:
                raise ValueError(f"a boat line joins {a!r} to itself")
            for end in line.ends:
                if end == ISLAND:
                    continue
                if not 0 <= end < len(self.fields) or self.fields[end] != "harbour":
                    raise ValueError(f"boat line end {end!r} is not a harbour")
        if not any(ISLAND in line.ends for line in self.lines):
            raise ValueError("no boat line reaches the island")
        return self


class TransportKind(Frozen):
    card: TransportCard
    count: int = Field(ge=1)


class EquipmentKind(Frozen):
    card: str = Field(pattern=r"^[a-z][a-z-]*$")
    value: int = Field(ge=0, le=20)
    count: int = Field(ge=1)


class TaskCard(Frozen):
    id: str
    code: int = Field(ge=3, le=6)
    needs: tuple[int, ...] = Field(min_length=1)
    """Microfilms needed of different other colours, most first: ``(2, 1, 1)``."""

    @model_validator(mode="after")
    def _fits_its_code(self) -> TaskCard:
        if list(self.needs) != sorted(self.needs, reverse=True) or min(self.needs) < 1:
            raise ValueError(f"task {self.id}: needs must be positive, most first")
        if len(self.needs) > self.code - 1:
            raise ValueError(f"task {self.id}: a code-{self.code} card names at most {self.code - 1} colours")
        return self


class EncounterCards(Frozen):
    friendship: int = Field(ge=1)
    hostility: int = Field(ge=1)


class FightRow(Frozen):
    difference: int = Field(ge=0)
    chips: int = Field(ge=0)


class Setup(Frozen):
    chips_per_agent: int = Field(ge=1)
    reserve_per_colour: int = Field(ge=0)
    equipment_at_start: int = Field(ge=0)
    colours: tuple[str, ...] = Field(min_length=6, max_length=6)
    tasks: dict[int, dict[int, int]]
    """Players -> (code -> task cards of that code in play)."""

    @model_validator(mode="after")
    def _nine_tasks(self) -> Setup:
        if len(set(self.colours)) != len(self.colours):
            raise ValueError("two seats share a colour")
        if sorted(self.tasks) != [3, 4, 5, 6]:
            raise ValueError("the set-up table covers 3 to 6 players")
        for players, codes in self.tasks.items():
            if sum(codes.values()) != TASKS_IN_PLAY:
                raise ValueError(
                    f"{players} players: the rulebook always puts {TASKS_IN_PLAY} task cards in play"
                )
            if any(code > players for code in codes):
                raise ValueError(f"{players} players: a task of a higher code names colours not in play")
        return self


class Movement(Frozen):
    die: int = Field(ge=2)
    transport_cards_per_turn: int = Field(ge=0)
    helicopter_choices: int = Field(ge=1)


class Encounters(Frozen):
    friendship_chips: int = Field(ge=0)
    ambush_chips: int = Field(ge=0)
    fight: tuple[FightRow, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _fight_table(self) -> Encounters:
        differences = [row.difference for row in self.fight]
        if differences != sorted(set(differences)) or differences[0] != 0:
            raise ValueError("fight rows start at difference 0 and grow")
        if self.fight[0].chips != 0:
            raise ValueError("equal combat values take nothing")
        return self

    def chips_for(self, difference: int) -> int:
        """Microfilms the fight's winner takes for this difference of combat values."""
        return max(
            (row for row in self.fight if row.difference <= difference), key=lambda r: r.difference
        ).chips


class EquipmentTaking(Frozen):
    distance: int = Field(ge=0)
    hand_limit: int = Field(ge=2)


class IslandData(Frozen):
    """Everything in ``data/``: the board, the cards and the numbers of the rules."""

    board: Board
    encounter: EncounterCards
    transport: tuple[TransportKind, ...]
    equipment: tuple[EquipmentKind, ...]
    tasks: tuple[TaskCard, ...]
    setup: Setup
    movement: Movement
    encounters: Encounters
    equipment_taking: EquipmentTaking

    @field_validator("encounter")
    @classmethod
    def _twelve_encounter_cards(cls, cards: EncounterCards) -> EncounterCards:
        if cards.friendship + cards.hostility != 12 or cards.friendship != cards.hostility:
            raise ValueError("the rulebook has 12 encounter cards: a Friendship and a Hostility per player")
        return cards

    @field_validator("transport", "equipment")
    @classmethod
    def _fifty_five_cards(
        cls, kinds: tuple[TransportKind | EquipmentKind, ...], info: ValidationInfo
    ) -> tuple:
        if sum(kind.count for kind in kinds) != STACK:
            raise ValueError(f"the rulebook has {STACK} {info.field_name} cards")
        if len({kind.card for kind in kinds}) != len(kinds):
            raise ValueError(f"a {info.field_name} card is listed twice")
        return kinds

    @field_validator("tasks")
    @classmethod
    def _twenty_one_tasks(cls, tasks: tuple[TaskCard, ...]) -> tuple[TaskCard, ...]:
        if len({task.id for task in tasks}) != len(tasks):
            raise ValueError("two task cards share an id")
        if len(tasks) != TASK_CARDS or dict(sorted(Counter(task.code for task in tasks).items())) != CODES:
            raise ValueError(f"the rulebook has {TASK_CARDS} task cards: codes 3/4/5/6 x 9/6/3/3")
        return tasks

    @model_validator(mode="after")
    def _a_start_space_per_seat(self) -> IslandData:
        if self.board.fields.count("start") < len(self.setup.colours):
            raise ValueError("fewer start spaces than seats")
        return self

    def task(self, task_id: str) -> TaskCard:
        return next(task for task in self.tasks if task.id == task_id)

    def value(self, card: str) -> int:
        """An equipment card's combat value."""
        return next(kind.value for kind in self.equipment if kind.card == card)

    def transport_deck(self) -> tuple[str, ...]:
        return tuple(kind.card for kind in self.transport for _ in range(kind.count))

    def equipment_deck(self) -> tuple[str, ...]:
        return tuple(kind.card for kind in self.equipment for _ in range(kind.count))


FILES = {
    "board.toml": ("board",),
    "cards.toml": ("encounter", "transport", "equipment", "tasks"),
    "rules.toml": ("setup", "movement", "encounters", "equipment_taking"),
}


@cache
def load_content() -> IslandData:
    """The validated data, read once; `ContentError` naming the file and field if it is wrong."""
    return load_data(IslandData, data_dir(__file__), FILES)
