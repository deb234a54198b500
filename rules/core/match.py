"""A game in progress: its title, options, seed, the actions so far, the log and undo.

A `Match` is what the front end holds and what a save file stores.  A save records the
seed and the actions; loading replays them through `Title.apply`, so a damaged or
hand-edited file can never produce a state the rules would not reach, and the undo
window and the log come back exactly as they were.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from rules.core.errors import IllegalAction, SaveError
from rules.core.model import Event, GameOptions, GameState, Outcome, Seat
from rules.core.title import Title

SAVE_SCHEMA_VERSION = 1
MAX_SAVE_BYTES = 20_000_000


class SaveRecord(BaseModel):
    """The JSON of a save file."""

    schema_version: int
    app: str = "siatka"
    title: str
    options: dict[str, Any]
    seed: int
    actions: list[dict[str, Any]] = Field(max_length=200_000)
    state: dict[str, Any]
    saved_at: str = ""


class Match:
    """One game being played: apply actions, undo, keep the log, save and load."""

    def __init__(self, title: Title[Any, Any, Any], options: GameOptions, seed: int) -> None:
        self.title = title
        self.options = options
        self.seed = seed
        self.state: GameState
        self.state, opening = title.start(options, seed)
        self.actions: list[BaseModel] = []
        self.log: list[Event] = list(opening)
        """Every event so far, the opening's (what automated seats did first) included."""
        self._log_marks: list[int] = []

    # -- playing ------------------------------------------------------------------------

    def to_act(self) -> Seat | None:
        return self.title.to_act(self.state)

    def outcome(self) -> Outcome | None:
        return self.title.outcome(self.state)

    def seats(self) -> tuple[Seat, ...]:
        return self.title.seats(self.options)

    def seat_name(self, seat: Seat) -> str:
        config = self.options.seats.get(seat)
        return config.name if config else seat

    def is_bot(self, seat: Seat) -> bool:
        config = self.options.seats.get(seat)
        return config is not None and config.bot is not None

    def act(self, action: BaseModel | dict[str, Any]) -> list[Event]:
        """Apply one action (IllegalAction leaves the match as it was)."""
        parsed = self.title.parse_action(action)
        state, events = self.title.apply(self.state, parsed)
        self.state = state
        self.actions.append(parsed)
        self._log_marks.append(len(self.log))
        self.log.extend(events)
        return events

    def can_undo(self) -> bool:
        return bool(self.actions) and self.title.can_undo(self.state)

    def undo(self) -> None:
        if not self.can_undo():
            raise IllegalAction("Nothing to undo: the last action revealed something or passed the turn.")
        self.state = self.title.undo(self.state)
        self.actions.pop()
        del self.log[self._log_marks.pop() :]

    def log_for(self, seat: Seat | None) -> list[Event]:
        """The log as `seat` may read it."""
        return [event for event in self.log if event.seen_by(seat)]

    # -- saving -------------------------------------------------------------------------

    def to_json(self) -> str:
        record = SaveRecord(
            schema_version=SAVE_SCHEMA_VERSION,
            title=self.title.id,
            options=self.options.model_dump(mode="json"),
            seed=self.seed,
            actions=[a.model_dump(mode="json") for a in self.actions],
            state=self.state.model_dump(mode="json"),
            saved_at=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        return record.model_dump_json()

    @classmethod
    def from_json(cls, text: str | bytes, titles: Mapping[str, Title[Any, Any, Any]]) -> Match:
        """A match from `to_json`'s text, replayed and checked; SaveError if it is not one.

        `titles` are the titles this caller may load, by id (the app passes its registry;
        the core never imports it).
        """
        if len(text) > MAX_SAVE_BYTES:
            raise SaveError("The save file is too large to be a Siatka game.")
        try:
            record = SaveRecord.model_validate_json(text)
        except ValidationError as err:
            raise SaveError(f"The save file is damaged: {_first_problem(err)}") from err
        if record.app != "siatka":
            raise SaveError("This is not a Siatka save file.")
        if record.schema_version != SAVE_SCHEMA_VERSION:
            raise SaveError(
                f"This save file has format {record.schema_version}; "
                f"this version of Siatka reads format {SAVE_SCHEMA_VERSION}."
            )
        title = titles.get(record.title)
        if title is None:
            raise SaveError(f"The save file is for a game this version does not know: {record.title!r}.")
        try:
            options = title.options_model.model_validate(record.options)
            match = cls(title, options, record.seed)
        except (ValidationError, ValueError, KeyError) as err:
            raise SaveError(f"The save file's game options are invalid: {err}") from err
        for number, action in enumerate(record.actions, start=1):
            try:
                match.act(action)
            except IllegalAction as err:
                raise SaveError(
                    f"The save file does not replay: move {number} is not legal ({err})."
                ) from err
        if match.state.model_dump(mode="json") != record.state:
            raise SaveError("The save file's game state does not match its moves; it was altered.")
        return match

    @staticmethod
    def peek(text: str | bytes) -> dict[str, Any]:
        """Title, seats and date of a save without replaying it (for the Load list).

        Only public facts: a preview must not show any seat's secrets.
        """
        try:
            raw = json.loads(text)
            seats = raw["options"].get("seats", {})
            return {
                "title": str(raw["title"]),
                "scenario": raw["options"].get("scenario"),
                "names": [str(s.get("name", "")) for s in seats.values()],
                "saved_at": str(raw.get("saved_at", "")),
                "moves": len(raw["actions"]),
            }
        except (ValueError, KeyError, TypeError, AttributeError) as err:
            raise SaveError("The save file is damaged.") from err


def _first_problem(err: ValidationError) -> str:
    first = err.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return f"{where}: {first['msg']}" if where else str(first["msg"])
