"""The rules-core contract every title implements (ARCHITECTURE.md, "The rules-core contract").

A title is a stateless object; all that changes lives in its immutable state model.
Subclasses write `new_game`, `legal_actions`, `resolve`, `to_act`, `view` and `outcome`;
this base class wraps `resolve` into `apply` (parsing, the game-over check, the undo
window) and gives `dump`/`load`, undo and the random bot to every title.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from rules.core.bots import Bot, RandomBot
from rules.core.errors import IllegalAction, SaveError
from rules.core.model import Event, GameOptions, GameState, Outcome, Seat, SeatConfig, SetupChoice, SetupValue
from rules.core.rng import Dice

S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=BaseModel)
OptionsT = TypeVar("OptionsT", bound=GameOptions)


class Title(ABC, Generic[S, A, OptionsT]):
    """One game. Subclass it, fill the class variables, implement the abstract methods."""

    id: ClassVar[str]
    """Registry key and save-file tag, e.g. ``"doppelnull"``."""
    state_model: ClassVar[type[GameState]]
    options_model: ClassVar[type[GameOptions]] = GameOptions
    action_adapter: ClassVar[TypeAdapter[Any]]
    """A `TypeAdapter` over the title's discriminated union of actions, made once."""
    has_secrets: ClassVar[bool] = True
    """Whether seats hide things from each other (then the UI shows the curtain)."""
    scenarios: ClassVar[tuple[str, ...]] = ()
    """Scenario ids, the first being the default; empty when the title has none."""
    bot_ids: ClassVar[tuple[str, ...]] = ("random",)

    # -- what a title writes --------------------------------------------------------

    @abstractmethod
    def seats(self, options: OptionsT) -> tuple[Seat, ...]:
        """The seats of a game with these options, in table order."""

    @abstractmethod
    def new_game(self, options: OptionsT, seed: int) -> S:
        """The state before anyone acts (set-up that needs no decision already done)."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """Every action the seat `to_act` may take now (empty when the game is over)."""

    @abstractmethod
    def resolve(self, state: S, action: A) -> tuple[S, list[Event]]:
        """Validate `action` and return the next state and its events.

        Raise `IllegalAction` with a readable reason when the action is not allowed.
        Never mutate `state`: build the next one with ``model_copy(update=...)``.
        """

    @abstractmethod
    def to_act(self, state: S) -> Seat | None:
        """The seat that must decide now (top of the pending stack first); None when over."""

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> BaseModel:
        """What `seat` may see (``None``: a spectator), the other seats' secrets removed."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    def scramble(self, state: S, observer: Seat, dice: Dice) -> S:
        """A state that `observer` cannot tell apart from `state`.

        Re-deal everything hidden from `observer` (the opponent's hand, face-down tiles,
        the order of decks) in another way consistent with what `observer` has seen.  The
        conformance suite checks ``view(state, observer) == view(scramble(...), observer)``,
        which proves the view leaks none of it; bots may use it to sample worlds.
        Titles without secrets keep this default.
        """
        return state

    def invariants(self, state: S) -> list[str]:
        """Broken invariants of the title (a card lost or doubled, a track out of bounds)."""
        return []

    def content_summary(self) -> dict[str, int]:
        """Load and validate all of the title's content data; counts of what it holds.

        Raises ``ValueError`` (pydantic's ValidationError is one) naming what is wrong.
        ``python -m game content check`` prints this for every title.
        """
        return {}

    def setup_choices(self, scenario: str | None) -> tuple[SetupChoice, ...]:
        """The options fields a person may set before a game of `scenario` (besides seats).

        The setup screen shows one drop-down per choice and passes the values chosen to
        `make_options`.  Titles with nothing to choose keep this default.
        """
        return ()

    def campaign_next(self, state: S) -> OptionsT | None:
        """The options of the campaign's next game after the finished game `state`.

        ``None`` (the default): the game stands alone.  The game-over screen offers
        "Continue the campaign" when this gives options, and starts the next game with
        them and the same people in the same seats.
        """
        return None

    def make_bot(self, bot_id: str, seat: Seat) -> Bot[Any]:
        """A bot for `seat`; titles add their own ids to `bot_ids` and override this."""
        if bot_id == "random":
            return RandomBot()
        raise KeyError(f"{self.id} has no bot called {bot_id!r}")

    # -- what the base class gives ------------------------------------------------------

    def default_options(self, scenario: str | None = None) -> OptionsT:
        """Options with every field at its default, for the given scenario."""
        chosen = scenario if scenario is not None else (self.scenarios[0] if self.scenarios else None)
        if self.scenarios and chosen not in self.scenarios:
            raise ValueError(f"{self.id} has no scenario {chosen!r}; it has {list(self.scenarios)}")
        return self.options_model(scenario=chosen)  # type: ignore[return-value]

    def make_options(
        self,
        scenario: str | None,
        seats: dict[Seat, SeatConfig] | None = None,
        choices: dict[str, SetupValue] | None = None,
    ) -> OptionsT:
        """Options for `scenario` with these seats and setup-choice values, fully validated.

        Raises ``ValueError`` with a sentence a person can read when the options model
        refuses the combination (a value no choice offers is refused too).
        """
        offered = {choice.field: choice for choice in self.setup_choices(scenario)}
        for field, value in (choices or {}).items():
            if field not in offered:
                raise ValueError(f"{field!r} is not something to choose in this game.")
            offered[field].option(value)
        base = self.default_options(scenario)
        data = {**base.model_dump(), **(choices or {})}
        if seats is not None:
            data["seats"] = seats
        try:
            return self.options_model.model_validate(data)  # type: ignore[return-value]
        except ValidationError as err:
            raise ValueError(_readable(err)) from err

    def parse_action(self, action: A | dict[str, Any]) -> A:
        """An action model from a model or plain dict; IllegalAction if it is none of ours."""
        try:
            parsed: A = self.action_adapter.validate_python(action)
        except ValidationError as err:
            raise IllegalAction(
                f"That is not an action of this game ({err.error_count()} problems)."
            ) from err
        return parsed

    def apply(self, state: S, action: A | dict[str, Any]) -> tuple[S, list[Event]]:
        """Validate and apply one action; `state` is left untouched.

        Undo (ARCHITECTURE.md, "Undo"): the next state remembers this one as
        ``previous`` unless the action gave someone information: the generator moved (a
        die, a draw, a shuffle), an event says it `reveals` something, or the seat to act
        changed (a handover).
        """
        if self.to_act(state) is None:
            raise IllegalAction("The game is over.")
        parsed = self.parse_action(action)
        new, events = self.resolve(state, parsed)
        informative = (
            new.rng != state.rng
            or any(event.reveals for event in events)
            or self.to_act(new) != self.to_act(state)
        )
        return new.model_copy(update={"previous": None if informative else state}), events

    def can_undo(self, state: S) -> bool:
        """Whether the last action may be taken back (no information gained since)."""
        return state.previous is not None

    def undo(self, state: S) -> S:
        """The state before the last action; IllegalAction when undo is not allowed."""
        if state.previous is None:
            raise IllegalAction("Nothing to undo: the last action revealed something or passed the turn.")
        return state.previous  # type: ignore[return-value]

    def dump(self, state: S) -> str:
        """The state as JSON (without the undo chain)."""
        return state.model_dump_json()

    def load(self, text: str | bytes) -> S:
        """A state from `dump`'s JSON; SaveError with a readable reason if it is not one."""
        try:
            state = self.state_model.model_validate_json(text)
        except ValidationError as err:
            raise SaveError(f"Not a {self.id} game state: {err.errors()[0]['msg']}") from err
        if state.schema_version != self.state_model.model_fields["schema_version"].default:
            raise SaveError(f"This {self.id} state is from another version of Siatka.")
        return state  # type: ignore[return-value]

    def bot_action(self, bot: Bot[Any], state: S, dice: Dice) -> A:
        """Ask `bot` to act for the seat to act, showing it only that seat's view."""
        seat = self.to_act(state)
        legal: Sequence[A] = self.legal_actions(state)
        action: A = bot.choose(self.view(state, seat), legal, dice)
        return action


def _readable(err: ValidationError) -> str:
    """The first problem pydantic found, as a sentence (without its "Value error, " tag)."""
    message = str(err.errors()[0]["msg"]).removeprefix("Value error, ")
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")
