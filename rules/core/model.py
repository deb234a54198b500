"""The pydantic building blocks every title's state, options and events are made of.

States are immutable (`frozen`) and hold tuples, never lists, so that `apply` can build
the next state with ``model_copy(update=...)`` and share every unchanged branch with the
previous one (a deep copy of a Stawka-sized state costs ~1000x more).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import sys
import unicodedata
from collections.abc import Mapping
from typing import Annotated, Any, Literal, Self

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, model_validator


def _plain_field_reads() -> None:
    """Let CPython 3.11 read fields of our models at its plain attribute speed.

    3.11 specialises an attribute read (`state.agents`) only on classes that define no
    ``__getattr__`` anywhere in their MRO (3.12 lifted this, python/cpython#93988), and
    pydantic's `BaseModel` defines one, which it needs only for private attributes and
    ``extra="allow"`` fields: every field read of every model then takes the slow generic
    path, a fifth of what the rules cost (Stawka's random playouts: 794k -> 629k
    instructions an action).  No model of ours has either (a test checks), so on 3.11 the
    hook goes: a missing attribute still raises AttributeError.
    """
    if sys.version_info < (3, 12) and "__getattr__" in vars(BaseModel):
        delattr(BaseModel, "__getattr__")


_plain_field_reads()

Seat = str
"""A seat at the table, named by the title: ``"polish"``, ``"german"``, ``"player"``..."""


class Frozen(BaseModel):
    """Base of every state model: immutable, strict about unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def __eq__(self, other: object) -> bool:
        """As pydantic's, with its usual case first (two models of one class, equal or not,
        fields only): rules compare actions and views many times an action."""
        if (
            type(other) is type(self)
            and self.__pydantic_private__ is None
            and other.__pydantic_private__ is None
            and self.__pydantic_extra__ is None
            and other.__pydantic_extra__ is None
        ):
            mine, theirs = self.__dict__, other.__dict__
            if mine == theirs:
                return True
            fields = type(self).__pydantic_fields__.keys()
            if mine.keys() <= fields and theirs.keys() <= fields:
                return False
        return super().__eq__(other)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """As pydantic's (the fields given in `update` replaced, nothing validated), in a
        third of the time: a frozen model with no extra fields needs only its ``__dict__``
        copied, and states are copied several times in every action.  The instance is made
        and filled through `object` and the slots' own descriptors: looking them up on a
        pydantic class goes through its metaclass, which costs as much as the copy."""
        if deep or self.__pydantic_private__ is not None:
            return super().model_copy(update=update, deep=deep)
        copied = _new(type(self))
        fields_set = self.__pydantic_fields_set__
        if update:
            fields = {**self.__dict__, **update}
            if not fields_set.issuperset(update):  # frozen: a set no copy adds to is shared
                fields_set = fields_set.union(update)
        else:
            fields = self.__dict__.copy()
        _set_dict(copied, fields)
        _set_extra(copied, None)
        _set_fields_set(copied, fields_set)
        _set_private(copied, None)
        return copied


_new = object.__new__
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


MAX_NAME = 40
"""The longest player name, in characters: every name that enters a game is cut or refused here."""

_UNPRINTABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})
"""Unicode categories a name may not hold: controls (NUL among them), lone surrogates and
line breaks, which no font draws and some renderers refuse."""


def _printable(name: str) -> str:
    if any(unicodedata.category(char) in _UNPRINTABLE for char in name):
        raise ValueError("a name may not hold control characters or line breaks")
    if not name.strip():
        raise ValueError("a name may not be blank")
    return name


PlayerName = Annotated[str, StringConstraints(min_length=1, max_length=MAX_NAME), AfterValidator(_printable)]
"""A player's name as it may be shown: 1-40 printable characters, not all blank."""

ShownId = Annotated[str, StringConstraints(min_length=1, max_length=60), AfterValidator(_printable)]
"""An id from a file the screen may show when no catalog names it (a scenario id)."""


def printable(text: str, limit: int) -> str:
    """`text` without unprintable characters, trimmed and cut to `limit` characters.

    For text from outside (a file, a keyboard) shown on screen: the cut comes first,
    so a 12-million-character name costs no more than a short one.
    """
    kept = "".join(char for char in text[: limit * 4] if unicodedata.category(char) not in _UNPRINTABLE)
    return kept.strip()[:limit].strip()


def clean_name(typed: str) -> str:
    """`typed` made a `PlayerName`; empty when nothing printable is left (the caller picks a default)."""
    return printable(typed, MAX_NAME)


MIN_PIN, MAX_PIN = 4, 8
"""A PIN is 4 to 8 digits."""


def valid_pin(pin: str) -> bool:
    return MIN_PIN <= len(pin) <= MAX_PIN and pin.isascii() and pin.isdigit()


PIN_ITERATIONS = 200_000
"""PBKDF2 rounds: a wrong guess at the curtain costs a visible moment, a file leaks no PIN."""


def hash_pin(pin: str, salt: bytes | None = None, iterations: int = PIN_ITERATIONS) -> str:
    """``pbkdf2_sha256$<iterations>$<salt hex>$<hash hex>``: what a seat stores instead of its PIN."""
    salt = secrets.token_bytes(16) if salt is None else salt
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode("utf-8"), salt, iterations)
    return f"pbkdf2_sha256${iterations}${salt.hex()}${digest.hex()}"


_PIN_HASH = re.compile(rf"pbkdf2_sha256\${PIN_ITERATIONS}\$[0-9a-f]{{32}}\$[0-9a-f]{{64}}")
"""What `hash_pin` writes, and all a seat may hold: a save that asks for other rounds (ten
million would freeze the curtain for seconds a try) is refused (issue 28, point 3)."""


def _pin_hash_form(stored: str) -> str:
    if _PIN_HASH.fullmatch(stored) is None:
        raise ValueError("not a PIN hash this version writes")
    return stored


PinHash = Annotated[str, StringConstraints(max_length=200), AfterValidator(_pin_hash_form)]


class SeatConfig(Frozen):
    """Who sits in a seat: a person (by name) or a bot (by bot id)."""

    name: PlayerName | None = None
    """The name a person typed; None when nobody typed one (a bot's seat, a name left
    empty): the table then shows the seat's own name in the language of the moment."""
    bot: str | None = Field(default=None, max_length=40)
    """``None`` for a person; else a bot id the title offers (``"random"``, ``"expert"``)."""
    pin: PinHash | None = None
    """A salted hash of the PIN the curtain asks this person for (`hash_pin`); never the PIN."""

    def pin_matches(self, pin: str) -> bool:
        """Whether `pin` is this seat's PIN (always true when the seat has none)."""
        if self.pin is None:
            return True
        salt = self.pin.split("$")[2]  # the form `_pin_hash_form` checked
        return hmac.compare_digest(hash_pin(pin, bytes.fromhex(salt)), self.pin)


class GameOptions(Frozen):
    """Options common to every title; titles subclass this to add their own."""

    scenario: str | None = None
    seats: dict[Seat, SeatConfig] = Field(default_factory=dict)
    """Seat id -> who sits there. A missing seat is a person without a typed name."""

    def built_scenario_name(self) -> str | None:
        """The name the players gave the scenario these options play, when they built it
        with a title's builder (a save keeps it for the Load list); None: the title's
        catalog names the scenario."""
        return None


SetupValue = str | int | bool
"""A value a setup choice may give an options field."""


class SetupOption(Frozen):
    """One value offered by a `SetupChoice`, with the message key that names it."""

    value: SetupValue
    label_key: str
    params: dict[str, str | int] = Field(default_factory=dict)
    """Fills the label's placeholders (``{games}``), so one key can name many values."""


class SetupChoice(Frozen):
    """An options field a person may set before a game, and the values offered for it.

    A title lists these in `rules.core.title.Title.setup_choices`; the setup screen
    shows each as a drop-down labelled by ``label_key`` and puts the chosen value into
    the options model under ``field`` (the options model still validates the result).
    """

    field: str
    label_key: str
    values: tuple[SetupOption, ...] = Field(min_length=1)
    default: SetupValue

    @model_validator(mode="after")
    def _default_is_offered(self) -> SetupChoice:
        offered = [option.value for option in self.values]
        if len(set(map(repr, offered))) != len(offered):
            raise ValueError(f"setup choice {self.field!r} offers a value twice")
        if not any(_same(self.default, value) for value in offered):
            raise ValueError(f"setup choice {self.field!r}: default {self.default!r} is not offered")
        return self

    @classmethod
    def of_words(cls, title_id: str, field: str, values: tuple[str, ...], default: str) -> SetupChoice:
        """A choice among words, labelled by the keys ``<title_id>.option.<field>`` and, for
        each value, ``<title_id>.option.<field>.<value>``."""
        key = f"{title_id}.option.{field}"
        return cls(
            field=field,
            label_key=key,
            values=tuple(SetupOption(value=value, label_key=f"{key}.{value}") for value in values),
            default=default,
        )

    def option(self, value: SetupValue) -> SetupOption:
        """The offered option holding `value`; ValueError if it is not offered."""
        for option in self.values:
            if _same(option.value, value):
                return option
        raise ValueError(f"{value!r} is not a value of {self.field!r}")


def _same(a: SetupValue, b: SetupValue) -> bool:
    """Equal and of the same type (``True`` is not ``1`` here)."""
    return type(a) is type(b) and a == b


class Decision(Frozen):
    """One decision a seat must take before play goes on (see `rules.core.decisions`).

    Titles subclass it once per kind, with ``kind: Literal["..."] = "..."`` and the typed
    fields the decision needs (the agent concerned, the cards offered), and list the
    subclasses as the discriminated union their state's ``pending`` stack holds.
    """

    kind: str
    seat: Seat


class GameState(Frozen):
    """Fields every title's state carries. Titles subclass this.

    ``rng`` is the generator state (see `rules.core.rng`); ``pending`` the stack of
    decisions; ``previous`` the state an undo goes back to (not saved, see
    `rules.core.title.Title.apply`).
    """

    schema_version: int = 1
    seed: int
    rng: int
    pending: tuple[Decision, ...] = ()
    """Titles narrow it to the discriminated union of their decision models."""
    previous: GameState | None = Field(default=None, exclude=True, repr=False)


EventParam = str | int | float | list[int] | list[str]
"""What fills a message's placeholder."""


class Event(Frozen):
    """Something players should see happen: a die, a draw, a reveal, a move.

    ``key`` names a message in the UI catalogs (``"doppelnull.swap"``) and ``params`` fill
    it; ``visible_to`` lists the seats that may see the event (``None``: everyone).  The log
    is written in the third person from these, filtered per seat.  ``reveals`` marks an
    event that gives some seat new information, which closes the undo window.
    """

    kind: str
    key: str
    params: dict[str, EventParam] = Field(default_factory=dict)
    visible_to: tuple[Seat, ...] | None = None
    reveals: bool = False
    data: dict[str, Any] = Field(default_factory=dict)
    """Anything the front end needs to animate (ids, positions); filtered like params."""

    @classmethod
    def made(
        cls,
        kind: str,
        key: str,
        params: dict[str, EventParam] | None = None,
        *,
        visible_to: tuple[Seat, ...] | None = None,
        reveals: bool = False,
        data: dict[str, Any] | None = None,
    ) -> Self:
        """The event the constructor makes of these fields, without validating them: for
        the rules' own events of values of the right types (mypy checks them, and the
        conformance suite every event kind's fields), made in a third of the time where
        nearly every action makes one (a move, a token set out).  `params` and `data` are
        kept, not copied: they must be made for the event."""
        event = _new(cls)
        _set_dict(
            event,
            {
                "kind": kind,
                "key": key,
                "params": {} if params is None else params,
                "visible_to": visible_to,
                "reveals": reveals,
                "data": {} if data is None else data,
            },
        )
        _set_extra(event, None)
        _set_fields_set(event, _GIVEN[params is not None, visible_to is not None, reveals, data is not None])
        _set_private(event, None)
        return event

    def seen_by(self, seat: Seat | None) -> bool:
        """Whether `seat` may see this event (``None`` = a spectator: public events only)."""
        if self.visible_to is None:
            return True
        return seat is not None and seat in self.visible_to


ProgressKey = Annotated[str, StringConstraints(pattern=r"^[a-z0-9-]{1,40}\.progress(\.[a-z0-9_]{1,40})?$")]
"""A progress message key as a save may carry it: a title's ``<id>.progress[.<kind>]``."""
ProgressParam = Annotated[str, StringConstraints(pattern=r"^[a-z_]{1,20}$")]


class Progress(Frozen):
    """How far a game has come, in public facts only ("stage 2 of 8"): saved beside the
    moves so the Load list and the menu's Continue can say it without replaying them."""

    key: ProgressKey
    params: dict[
        Annotated[str, StringConstraints(pattern=r"^[a-z_]{1,20}$")], Annotated[int, Field(ge=0, le=9999)]
    ] = Field(default_factory=dict, max_length=4)


class Band(Frozen):
    """One band of a rating table (Godzina policyjna's "Ocena wyników"): its name's message
    key, the scores it spans (`low` to `high`, both counted; None: no bound), and whether
    the game's score falls in it."""

    key: str
    low: int | None = None
    high: int | None = None
    current: bool = False


class LevelRecord(Frozen):
    """What the computer at one level scored when measured on a title's solo scenario
    (`Title.level_record`): its mean score over `games` games on independent seeds, and
    the rating band that mean falls in (`band`, a message key), for the setup screen."""

    mean: float
    games: int = Field(ge=1)
    band: str


class Outcome(Frozen):
    """How a finished game ended."""

    winners: tuple[Seat, ...] = ()
    draw: bool = False
    scores: dict[Seat, float] = Field(default_factory=dict)
    scored: bool = True
    """Whether `scores` are points the game itself counts, for the game-over screen to show;
    False where the rulebook keeps no score (Queen of Spies' Introduction, a story lost
    before its scoring) and `scores` only feed the statistics of `simulate`."""
    key: str = "outcome.generic"
    """Message key of the reason (``"doppelnull.all_unmasked"``)."""
    params: dict[str, str | int | float] = Field(default_factory=dict)
    result: Literal["win", "draw", "loss", "score"] = "win"
    bands: tuple[Band, ...] = ()
    """The rating table the score is placed in, worst band first (none: the title rates no
    score); the game-over screen draws it."""


_GIVEN: dict[tuple[bool, bool, bool, bool], set[str]] = {
    (params, visible_to, reveals, data): {"kind", "key"}
    | {
        name
        for name, given in zip(
            ("params", "visible_to", "reveals", "data"), (params, visible_to, reveals, data), strict=True
        )
        if given
    }
    for params in (False, True)
    for visible_to in (False, True)
    for reveals in (False, True)
    for data in (False, True)
}
"""`Event.made`'s fields set, by which of the optional fields were given (the constructor
counts a field given with a value; `Event.made` one given with other than its default).
Shared: pydantic never changes a model's set, a copy makes a new one."""
