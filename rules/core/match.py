"""A game in progress: its title, options, seed, the actions so far, the log and undo.

A `Match` is what the front end holds and what a save file stores.  A save records the
seed and the actions; loading replays them through `Title.apply`, so a damaged or
hand-edited file can never produce a state the rules would not reach, and the undo
window and the log come back exactly as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from pydantic_core import from_json

from rules.core.errors import IllegalAction, SaveError
from rules.core.model import (
    MAX_NAME,
    Event,
    GameOptions,
    GameState,
    Outcome,
    PlayerName,
    Progress,
    Seat,
    ShownId,
    printable,
)
from rules.core.rng import DICE_VERSION, dice_version
from rules.core.title import Title

SAVE_SCHEMA_VERSION = 1
MAX_SAVE_BYTES = 20_000_000
"""No game Siatka writes comes near this; anything larger is refused unread."""
MAX_SAVE_ACTIONS = 200_000
MAX_SEATS = 6
MAX_PIN_MISSES = 1000
"""Wrong PINs a save may count for a seat: each costs a second's wait more than the last."""


TitleId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]{0,39}$")]
"""A title id as a save may name it: short, lower-case, nothing to render badly."""


SeatKey = Annotated[str, StringConstraints(max_length=40)]
PinMisses = Annotated[int, Field(ge=0, le=MAX_PIN_MISSES)]


class SaveRecord(BaseModel):
    """The JSON of a save file.

    The fields are written in this order: what the Load list sorts by (whether the game
    is over, whose turn it is) comes within the file's first bytes (`SAVE_HEAD_BYTES`),
    so a list of a thousand saves reads a few hundred bytes of each (`Match.status`)."""

    schema_version: int
    app: str = Field(default="siatka", max_length=40)
    title: TitleId
    over: bool | None = None
    """Whether no decision was left (`Title.is_over`) when it was saved; older saves have none."""
    to_act: SeatKey | None = None
    """The seat to act when it was saved (public: the table shows it); None when over."""
    saved_at: str = Field(default="", max_length=40)
    progress: Progress | None = None
    """How far the game had come (`Title.progress`); older saves have none."""
    pin_misses: dict[SeatKey, PinMisses] = Field(default_factory=dict, max_length=MAX_SEATS)
    """Wrong PINs typed at the curtain per seat since its last right one (`Match.pin_misses`)."""
    scenario_name: str | None = Field(default=None, max_length=MAX_NAME)
    """The name the players gave a scenario they built (`GameOptions.built_scenario_name`),
    for the Load list; None: the title's catalog names it (and older saves have none)."""
    options: dict[str, Any]
    seed: int = Field(ge=-(2**63), lt=2**63)
    dice: int = Field(default=1, ge=1, le=DICE_VERSION)
    """The generator version the game's seed was turned into dice with (`rules.core.rng`);
    saves from before version 2 name none and replay version 1's dice."""
    actions: list[dict[str, Any]] = Field(max_length=MAX_SAVE_ACTIONS)
    state: dict[str, Any]


SAVE_HEAD_BYTES = 256
"""A save's first bytes that hold what `Match.status` reads (the fields before ``options``)."""


class SaveStatus(BaseModel):
    """Whether a saved game is over and whose turn it is, from its first bytes alone."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    schema_version: Literal[1]
    app: Literal["siatka"] = "siatka"
    title: TitleId
    over: bool | None = None
    """None: a save of a version that did not say (listed with the finished ones)."""
    to_act: SeatKey | None = None

    @property
    def in_progress(self) -> bool:
        return self.over is False


class _PreviewSeat(BaseModel):
    model_config = ConfigDict(extra="ignore")

    name: PlayerName | None = None


class _PreviewOptions(BaseModel):
    model_config = ConfigDict(extra="ignore")

    scenario: ShownId | None = None
    seats: dict[SeatKey, _PreviewSeat] = Field(default_factory=dict, max_length=MAX_SEATS)


class _PreviewRecord(BaseModel):
    """The part of a save file its preview reads, each field checked as `SaveRecord` would."""

    model_config = ConfigDict(extra="ignore")

    schema_version: int
    app: str = Field(default="siatka", max_length=40)
    title: TitleId
    options: _PreviewOptions
    actions: list[Any] = Field(max_length=MAX_SAVE_ACTIONS)
    saved_at: str = Field(default="", max_length=40)
    progress: Progress | None = None
    over: bool | None = None
    to_act: SeatKey | None = None
    scenario_name: str | None = Field(default=None, max_length=MAX_NAME)


class SavePreview(BaseModel):
    """What the Load list shows of a save: public facts only, never a seat's secrets."""

    model_config = ConfigDict(frozen=True)

    title: str
    scenario: str | None
    scenario_name: str | None = None
    """The name players gave a scenario they built (None: the title's catalog names it)."""
    players: tuple[tuple[Seat, str | None], ...]
    """Each seat with the name typed for it (None: the seat's own name is shown)."""
    moves: int
    saved_at: str
    """As stored: an ISO time stamp in UTC when Siatka wrote it."""
    progress: Progress | None = None
    """How far the game had come, when the save says it."""
    over: bool | None = None
    """Whether the game was over (None: an older save that does not say)."""
    to_act: Seat | None = None
    """Whose turn it was (public: the table shows it)."""


class Match:
    """One game being played: apply actions, undo, keep the log, save and load."""

    def __init__(
        self, title: Title[Any, Any, Any], options: GameOptions, seed: int, dice: int = DICE_VERSION
    ) -> None:
        self.title = title
        self.options = options
        self.seed = seed
        self.dice = dice
        """The generator version the seed makes dice with (a save keeps its own)."""
        self.state: GameState
        with dice_version(dice):
            self.state, opening = title.start(options, seed)
        self.actions: list[BaseModel] = []
        self.log: list[Event] = list(opening)
        """Every event so far, the opening's (what automated seats did first) included."""
        self._log_marks: list[int] = []
        self.pin_misses: dict[Seat, int] = {}
        """Wrong PINs typed at the curtain per seat since its last right one: kept for the
        whole game and in its save, so the growing wait cannot be started afresh by
        leaving and loading the game again (issue 28, point 3)."""

    # -- playing ------------------------------------------------------------------------

    def to_act(self) -> Seat | None:
        return self.title.to_act(self.state)

    def outcome(self) -> Outcome | None:
        return self.title.outcome(self.state)

    def seats(self) -> tuple[Seat, ...]:
        return self.title.seats(self.options)

    def typed_name(self, seat: Seat) -> str | None:
        """The name a person typed for `seat`, or None (the table names the seat then)."""
        config = self.options.seats.get(seat)
        return config.name if config else None

    def is_bot(self, seat: Seat) -> bool:
        config = self.options.seats.get(seat)
        return config is not None and config.bot is not None

    def view_for(self, seat: Seat | None) -> BaseModel:
        """What the table shows `seat` now (``None``: a spectator): the seat's view."""
        return self.title.view(self.state, seat)

    def legal_for(self, seat: Seat | None) -> list[Any]:
        """The actions the table offers `seat` now: the legal ones, when it is to act."""
        if seat is None or self.to_act() != seat:
            return []
        return self.title.legal_actions(self.state)

    def act(self, action: BaseModel | dict[str, Any]) -> list[Event]:
        """Apply one action (IllegalAction leaves the match as it was)."""
        parsed = self.title.parse_action(action)
        state, events = self.title.apply(self.state, parsed)
        self.record(self.state, parsed, state, events)
        return events

    def record(self, before: GameState, action: BaseModel, state: GameState, events: list[Event]) -> None:
        """Record `action` as played: `title.apply(before, action)` gave `state` and
        `events` (worked out elsewhere, e.g. in a bot's worker thread, while the match
        stayed at `before`).  ValueError if the match is no longer at `before`."""
        if before is not self.state:
            raise ValueError("The action was applied to a state the match has left.")
        self.state = state
        self.actions.append(action)
        self._log_marks.append(len(self.log))
        self.log.extend(events)

    def can_undo(self) -> bool:
        return bool(self.actions) and self.title.can_undo(self.state)

    def undo(self) -> None:
        if not self.can_undo():
            raise IllegalAction(
                "Nothing to undo: the last action revealed something or passed the turn.",
                "app.play.cannot_undo",
            )
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
            over=self.title.is_over(self.state),
            to_act=self.to_act(),
            options=self.options.model_dump(mode="json"),
            seed=self.seed,
            actions=[a.model_dump(mode="json") for a in self.actions],
            state=self.state.model_dump(mode="json"),
            saved_at=datetime.now(UTC).isoformat(timespec="seconds"),
            progress=self.title.progress(self.state),
            pin_misses={seat: count for seat, count in self.pin_misses.items() if count},
            scenario_name=self.options.built_scenario_name(),
            dice=self.dice,
        )
        return record.model_dump_json()

    @classmethod
    def from_json(cls, text: str | bytes, titles: Mapping[str, Title[Any, Any, Any]]) -> Match:
        """A match from `to_json`'s text, replayed and checked; SaveError if it is not one.

        The moves are replayed through the rules, so the game is exactly what they make;
        the stored state must equal the replayed one, unless it was written by a version
        whose state had another shape (another ``schema_version``), when the replay alone
        stands.

        `titles` are the titles this caller may load, by id (the app passes its registry;
        the core never imports it).
        """
        text = _checked_text(text)
        try:
            record = SaveRecord.model_validate_json(text)
        except ValidationError as err:
            raise SaveError(f"The save file is damaged: {_first_problem(err)}", "app.save.damaged") from err
        _check_version(record.app, record.schema_version)
        title = titles.get(record.title)
        if title is None:
            raise SaveError(
                f"The save file is for a game this version does not know: {record.title!r}.",
                "app.save.unknown_title",
                title=record.title,
            )
        try:
            options = title.options_model.model_validate(record.options)
            match = cls(title, options, record.seed, record.dice)
        except ValidationError as err:
            raise SaveError(
                f"The save file's game options are invalid: {_first_problem(err)}",
                "app.save.options",
                field=_where(err),
            ) from err
        except (ValueError, KeyError, TypeError) as err:
            # A title's own check may trip over a value of the wrong kind (a dict for a
            # scenario's id: TypeError) before pydantic names it.
            raise SaveError(
                f"The save file's game options are invalid: {err}", "app.save.options", field="options"
            ) from err
        for number, action in enumerate(record.actions, start=1):
            try:
                match.act(action)
            except IllegalAction as err:
                raise SaveError(
                    f"The save file does not replay: move {number} is not legal ({err}).",
                    "app.save.illegal_move",
                    number=number,
                ) from err
        seats = set(match.seats())
        match.pin_misses = {seat: count for seat, count in record.pin_misses.items() if seat in seats}
        replayed = match.state.model_dump(mode="json")
        if record.state.get("schema_version") != replayed.get("schema_version"):
            # Saved by a version whose state had another shape: the moves, replayed through
            # today's rules, are the game; the stored state cannot be compared.
            return match
        if replayed != record.state:
            raise SaveError(
                "The save file's game state does not match its moves; it was altered.", "app.save.altered"
            )
        return match

    @staticmethod
    def peek(text: str | bytes) -> SavePreview:
        """Title, scenario, names, moves and date of a save without replaying it (for the Load list).

        Only public facts: a preview must not show any seat's secrets.  Every field is
        checked as loading would check it (a name is a `PlayerName`, the nesting depth
        is bounded by the JSON parser), so what a preview shows can be drawn safely.
        """
        text = _checked_text(text)
        try:
            record = _PreviewRecord.model_validate_json(text)
        except ValidationError as err:
            raise SaveError(f"The save file is damaged: {_first_problem(err)}", "app.save.damaged") from err
        _check_version(record.app, record.schema_version)
        return SavePreview(
            title=record.title,
            scenario=record.options.scenario,
            scenario_name=printable(record.scenario_name or "", MAX_NAME) or None,
            players=tuple((seat, config.name) for seat, config in record.options.seats.items()),
            moves=len(record.actions),
            saved_at=record.saved_at,
            progress=record.progress,
            over=record.over,
            to_act=record.to_act,
        )

    @staticmethod
    def status(head: bytes) -> SaveStatus | None:
        """Whether the game a save's first bytes (`SAVE_HEAD_BYTES` of them) begin is over,
        and whose turn it is; None when they do not begin a save of this version.

        The bytes are parsed as the beginning of a JSON object (what is cut off is left
        out) and checked as loading would check them; nothing else of the file is read."""
        try:
            found = from_json(head.removeprefix(b"\xef\xbb\xbf"), allow_partial=True)
            return SaveStatus.model_validate(found)
        except ValueError:  # not JSON, or not a save's beginning (ValidationError)
            return None


def _checked_text(text: str | bytes) -> str | bytes:
    """`text` without the byte-order mark some editors write first (issue 28, point 11),
    once it is known not too large to be a save."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError("The save file is too large to be a Siatka game.", "app.save.too_large")
    if isinstance(text, bytes):
        return text.removeprefix(b"\xef\xbb\xbf")
    return text.removeprefix("\ufeff")


def _check_version(app: str, schema_version: int) -> None:
    if app != "siatka":
        raise SaveError("This is not a Siatka save file.", "app.save.foreign")
    if schema_version != SAVE_SCHEMA_VERSION:
        raise SaveError(
            f"This save file has format {schema_version}; "
            f"this version of Siatka reads format {SAVE_SCHEMA_VERSION}.",
            "app.save.format",
            found=schema_version,
            expected=SAVE_SCHEMA_VERSION,
        )


def _where(err: ValidationError) -> str:
    """Where the first problem is (``seats.male.name``), or ``options`` for the whole.

    Only the fields and keys are named: pydantic adds the member of a union it tried
    (``function-after[_printable(), constrained-str]``, ``literal['']``), which is no
    place a person can find (issue 28, point 10)."""
    parts = [str(part) for part in err.errors()[0]["loc"] if not _union_member(part)]
    return printable(".".join(parts), 80) or "options"


def _union_member(part: str | int) -> bool:
    """Whether a part of an error's place is pydantic's name for a member of a union."""
    return isinstance(part, str) and (
        "[" in part or part in {"str", "int", "float", "bool", "none", "constrained-str", "constrained-int"}
    )


def _first_problem(err: ValidationError) -> str:
    first = err.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return f"{where}: {first['msg']}" if where else str(first["msg"])
