"""The rules-core contract every title implements (ARCHITECTURE.md, "The rules-core contract").

A title is a stateless object; all that changes lives in its immutable state model.  A
title declares its decisions (`rules.core.decisions`): the `Rulebook` of every kind of
decision with its legal actions and handlers, and `turn`, the decision taken when no
out-of-turn decision is pending.  This base class does the rest the same way for every
title:

* `apply` parses the action, refuses it with `IllegalAction` unless it equals one of
  `legal_actions(state)` (cached per state, so the check costs nothing), dispatches it
  to its handler with one `Dice` over the state's generator, lets the rules take the
  decisions of automated seats, writes the generator back once, and keeps the undo
  window;
* `start` begins a game (and runs an automated seat that acts first);
* `dump`/`load`, undo and the random bot.

Titles write `seats`, `new_game`, `turn`, `view` and `outcome`, and declare `rulebook`.
`outcome` reports the result as soon as the game is decided; decisions that may follow
it (a campaign's carry-over) are an explicit phase: the game is over only when no
decision is left (`is_over`).
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, TypeAdapter, ValidationError

from rules.core.bots import AnyBot, Bot, InformationSet, LazyView, RandomBot
from rules.core.decisions import Decision, DecisionRule, Rulebook
from rules.core.errors import IllegalAction, SaveError
from rules.core.model import (
    Event,
    GameOptions,
    GameState,
    LevelRecord,
    Outcome,
    Progress,
    Seat,
    SeatConfig,
    SetupChoice,
    SetupValue,
)
from rules.core.rng import Dice

S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=BaseModel)
OptionsT = TypeVar("OptionsT", bound=GameOptions)

MAX_AUTOMATED_STEPS = 10_000
"""An automated seat that takes more decisions in a row than this is a bug, not a game."""


@dataclass(frozen=True)
class EventSchema:
    """The documented payload of one kind of event: models of its ``params`` and ``data``.

    A title lists one per event kind in `Title.event_schemas`; the conformance suite
    validates every event a game produces against it, so tests and the front end may
    rely on the fields it names.
    """

    params: type[BaseModel]
    data: type[BaseModel] | None = None


class _Listed:
    """The legal actions of one state of one title.

    Besides the list, a set of them built on the first action that is only equal to one
    (replayed from a save), so a long list costs a hash, not a comparison of models per
    action.  The very action a bot or the table picked from the list is found by identity
    (`is_legal`), without a set of ids made for every list (which cost four times the
    look for it).
    """

    __slots__ = ("hashed", "legal", "state", "title")

    def __init__(self, title: object, state: object, legal: tuple[Any, ...]) -> None:
        self.title, self.state, self.legal = title, state, legal
        self.hashed: frozenset[Any] | None = None


class _LegalMemo(threading.local):
    """The last state whose legal actions were listed, per thread (bots may think in one),
    as one attribute: a thread-local attribute costs a look-up in the thread's own dict."""

    listed: _Listed = _Listed(None, None, ())
    """Never matched (states are never None), so never changed."""


class _DecisionMemo(threading.local):
    """The last state whose decision was asked for, per thread: `apply` and the table ask
    the same state several times (to act, legal actions, automated seats, undo).  Title,
    state and decision, as one attribute (as `_LegalMemo`)."""

    last: tuple[object, object, Decision | None] = (None, None, None)


_AnyBot = Bot[Any]
"""`Bot[Any]` made once (`bot_action` casts to it at every action: a subscript makes a new alias)."""

_MEMO = _LegalMemo()
_DECISION = _DecisionMemo()
_AS_IS: dict[int, set[type]] = {}
"""Per action adapter (by id: adapters are made once, as class variables), the action
classes whose models it hands back unchanged (`Title.parse_action`)."""


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
    bot_ids: ClassVar[tuple[str, ...]] = ("random",)
    """The computer's levels, from the weakest: the app names them Easy, Normal, Hard by their
    place here (`game.title_needs`, which lists everything the app needs of a title)."""
    seat_range: ClassVar[tuple[int, int]] = (2, 2)
    """The fewest and most seats a game of this title has (1 to 6), automated seats included."""
    rulebook: ClassVar[Rulebook]
    """Every kind of decision with its legal actions and handlers (`rules.core.decisions`)."""
    event_schemas: ClassVar[Mapping[str, EventSchema]] = {}
    """Event kind -> the models of its payload (see `EventSchema`)."""
    catalog_parents: ClassVar[tuple[str, ...]] = ()
    """Titles whose message catalogs also name this title's content (``<parent>.value.<id>``):
    a title built on another's components (Godzina policyjna on Stawka's) names them there."""

    # -- what a title writes --------------------------------------------------------

    @property
    def scenarios(self) -> tuple[str, ...]:
        """Scenario ids offered, the first being the default; empty when the title has none.

        Titles read them from their content data (lazily: loading data at import would
        slow the start-up and stop the app when one title's data is broken).
        """
        return ()

    @abstractmethod
    def seats(self, options: OptionsT) -> tuple[Seat, ...]:
        """The seats of a game with these options, in table order (automated ones included)."""

    def automated_seats(self, options: OptionsT) -> tuple[Seat, ...]:
        """Seats the rules play themselves (a deck-driven opponent): no person, no bot.

        Their decisions have an ``auto`` rule; `to_act` never names them.
        """
        return ()

    @abstractmethod
    def new_game(self, options: OptionsT, seed: int) -> S:
        """The state before anyone acts (set-up that needs no decision already done).

        Play begins from `start`, which also lets an automated seat that acts first act.
        """

    def turn(self, state: S) -> Decision | None:
        """The decision to take when nothing is pending; None when the game is over."""
        return None

    def settle(self, state: S, events: list[Event], dice: Dice) -> S:
        """After every handled decision: run what needs no decision (a title's flow).

        Append what happens to `events`.  The default does nothing.
        """
        return state

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> BaseModel:
        """What `seat` may see (``None``: a spectator), the other seats' secrets removed."""

    def revealed(self, state: S) -> BaseModel:
        """The table with every seat's secrets in sight: a replay's "everything revealed",
        once the game is over (issue 32).  The view's own model, for no seat (``seat``
        None), holding all that each seat's view holds, so the same table draws it (and
        no legal actions: nobody acts in a replay).  The default, the spectator's view,
        is right for a title whose seats hide nothing; a title with secrets shows them."""
        return self.view(state, None)

    def bot_view(self, state: S, seat: Seat) -> BaseModel:
        """What a bot of `seat` is shown: its view, where a title may leave out what only
        the table draws (bots play thousands of actions in a search).  The default is the
        view."""
        return self.view(state, seat)

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is decided (even while post-game choices remain), else None."""

    # -- the decisions (the base dispatches) ----------------------------------------

    def decision(self, state: S) -> Decision | None:
        """What must be decided now: the top of the pending stack, else the turn."""
        if state.pending:
            top: Decision = state.pending[-1]
            return top
        title, known, decision = _DECISION.last
        if known is not state or title is not self:
            decision = self.turn(state)
            _DECISION.last = (self, state, decision)
        return decision

    def to_act(self, state: S) -> Seat | None:
        """The seat that must decide now; None when the game is over."""
        decision = self.decision(state)
        return None if decision is None else decision.seat

    def is_over(self, state: S) -> bool:
        """No decision is left: the game is over (its `outcome` is known)."""
        return self.to_act(state) is None

    def legal_actions(self, state: S) -> list[A]:
        """Every action the seat `to_act` may take now (empty when the game is over).

        Listed once per state (the last state is remembered per thread), so the check in
        `apply` after a bot or the table listed them costs a comparison.
        """
        return list(self._legal(state).legal)

    def _legal(self, state: S) -> _Listed:
        listed = _MEMO.listed
        if listed.state is not state or listed.title is not self:
            legal: tuple[Any, ...] = ()
            if (decision := self.decision(state)) is not None:
                legal = tuple(self._rule(decision).legal(state, decision))
            listed = _MEMO.listed = _Listed(self, state, legal)
        return listed

    def is_legal(self, state: S, action: A) -> bool:
        """Whether `action` equals one of `legal_actions(state)`.

        When they were not listed for this state yet, the decision's rule may say so
        without listing them (`DecisionRule.allows`); else they are listed once."""
        listed = _MEMO.listed
        if (listed.state is not state or listed.title is not self) and self.rulebook is not None:
            decision = self.decision(state)
            allows = None if decision is None else self._rule(decision).allows
            if allows is not None and allows(state, decision, action):
                return True
        listed = self._legal(state)
        if any(map(is_, listed.legal, repeat(action))):  # the very action picked from the list
            return True
        try:
            if listed.hashed is None:
                listed.hashed = frozenset(listed.legal)
            return action in listed.hashed
        except TypeError:  # actions that cannot be hashed are compared one by one
            return action in listed.legal

    def _rule(self, decision: Decision) -> DecisionRule:
        return self.rulebook.rule(decision)

    def resolve(self, state: S, action: A, dice: Dice) -> tuple[S, list[Event]]:
        """Answer the current decision with `action` (already known to be legal).

        The handler of the action's type for the decision's kind does it, then `settle`
        runs what follows by itself.  Rolls and draws use `dice`; `apply` writes its state
        back into the next state's ``rng``.
        """
        decision = self.decision(state)
        if decision is None:
            raise IllegalAction("The game is over.", "app.refusal.game_over")
        rule = self._rule(decision)
        handler = rule.handlers.get(type(action))
        if handler is None:
            raise IllegalAction(rule.prompt, f"{self.id}.prompt.{rule.kind}")
        new, events = handler(state, decision, action, dice)
        return self.settle(new, events, dice), events

    def refusal(self, state: S, action: A) -> IllegalAction:
        """Why `action`, not among the legal actions, is refused: the handler's own reason
        when it has one, else what the decision expects."""
        try:
            self.resolve(state, action, Dice(state.rng))
        except IllegalAction as err:
            return err
        return IllegalAction("That is not one of the moves open now.", "app.refusal.not_open")

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

    def scenario_name(self, scenario: str, language: str) -> str | None:
        """The name of a scenario the message catalogs cannot know (one players built and
        named), in `language`; ``None``: the catalog's ``<id>.scenario.<scenario>`` names it."""
        return None

    def load_scenario(self, text: str | bytes) -> str:
        """Register a scenario players built and saved (a builder's JSON file); its id.

        Validated as the title's builder validates a file it loads; raises ``ValueError``
        saying what is wrong.  ``python -m game simulate --scenario-file`` plays one.
        Titles without a builder keep this default, which refuses.
        """
        raise ValueError(f"{self.id} has no scenarios of the players' own making.")

    def campaign_next(self, state: S) -> OptionsT | None:
        """The options of the campaign's next game after the finished game `state`.

        ``None`` (the default): the game stands alone.  The game-over screen offers
        "Continue the campaign" when this gives options, and starts the next game with
        them and the same people in the same seats.
        """
        return None

    @property
    def default_bot(self) -> str:
        """The level a computer seat gets unless chosen: the second (Normal), not the weakest."""
        return self.bot_ids[min(1, len(self.bot_ids) - 1)]

    def make_bot(self, bot_id: str, seat: Seat) -> AnyBot:
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
        """An action model from a model or plain dict; IllegalAction if it is none of ours.

        A model of a class the adapter once handed back as it was given is one of ours as
        it is (frozen, validated when made): it is not validated again on every apply."""
        as_is = _AS_IS.get(id(self.action_adapter))
        if as_is is None:
            as_is = _AS_IS[id(self.action_adapter)] = set()
        elif type(action) in as_is:
            return cast(A, action)
        try:
            parsed: A = self.action_adapter.validate_python(action)
        except ValidationError as err:
            raise IllegalAction(
                f"That is not an action of this game ({err.error_count()} problems).",
                "app.refusal.not_an_action",
            ) from err
        if parsed is action:
            as_is.add(type(action))
        return parsed

    def start(self, options: OptionsT, seed: int) -> tuple[S, list[Event]]:
        """A new game ready for its first person or bot, and what happened on the way.

        `new_game`, then whatever automated seats decide before anyone else.
        """
        state = self.new_game(options, seed)
        dice = Dice(state.rng)
        events: list[Event] = []
        state = self._automate(state, events, dice)
        if dice.state != state.rng:
            state = state.model_copy(update={"rng": dice.state})
        return state, events

    def apply(self, state: S, action: A | dict[str, Any]) -> tuple[S, list[Event]]:
        """Validate and apply one action; `state` is left untouched.

        The action must equal one of `legal_actions(state)`; anything else raises
        `IllegalAction` with the reason (`refusal`).  Then its handler runs with one `Dice`
        over the state's generator, automated seats take their decisions, and the
        generator is written back once.

        Undo (ARCHITECTURE.md, "Undo"): the next state remembers this one as
        ``previous`` unless the action gave someone information: the generator moved (a
        die, a draw, a shuffle), an event says it `reveals` something, or the seat to act
        changed (a handover).
        """
        if self.to_act(state) is None:
            raise IllegalAction("The game is over.", "app.refusal.game_over")
        parsed = self.parse_action(action)
        if not self.is_legal(state, parsed):
            raise self.refusal(state, parsed)
        dice = Dice(state.rng)
        new, events = self.resolve(state, parsed, dice)
        new = self._automate(new, events, dice)
        rng = dice.state
        informative = (
            rng != state.rng
            or any(event.reveals for event in events)
            or self.to_act(new) != self.to_act(state)
        )
        return new.model_copy(update={"rng": rng, "previous": None if informative else state}), events

    def _automate(self, state: S, events: list[Event], dice: Dice) -> S:
        """Let the rules take every automated decision that comes on top (automated seats)."""
        for _ in range(MAX_AUTOMATED_STEPS):
            decision = self.decision(state)
            if decision is None:
                return state
            rule = self._rule(decision)
            if rule.auto is None:
                return state
            state, more = rule.auto(state, decision, dice)
            events.extend(more)
            state = self.settle(state, events, dice)
        raise RuntimeError(f"{self.id}: automated seats took {MAX_AUTOMATED_STEPS} decisions in a row")

    def can_undo(self, state: S) -> bool:
        """Whether the last action may be taken back (no information gained since)."""
        return state.previous is not None

    def undo(self, state: S) -> S:
        """The state before the last action; IllegalAction when undo is not allowed."""
        if state.previous is None:
            raise IllegalAction(
                "Nothing to undo: the last action revealed something or passed the turn.",
                "app.play.cannot_undo",
            )
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

    def bot_action(self, bot: AnyBot, state: S, dice: Dice) -> A:
        """Ask `bot` to act for the seat to act, showing it only that seat's view.

        The view is handed over lazily (`LazyView`): built only if the bot reads it.  A
        bot that searches (`WorldBot`) is handed the seat's `InformationSet` instead: the
        view and worlds sampled among those the seat cannot tell apart.
        """
        seat = self.to_act(state)
        if seat is None:
            raise IllegalAction("The game is over.", "app.refusal.game_over")
        legal: Sequence[A] = self.legal_actions(state)
        action: A
        choose_in = getattr(bot, "choose_in", None)  # a `WorldBot`, without the Protocol's
        if choose_in is not None:  # isinstance check, which costs more than a random move
            action = choose_in(InformationSet(self, state, seat), legal, dice)
            return action
        view = LazyView(lambda: self.bot_view(state, seat))
        action = cast(_AnyBot, bot).choose(cast(BaseModel, view), legal, dice)
        return action

    def progress(self, state: S) -> Progress | None:
        """How far the game has come, in public facts only (a stage, a round), for the
        Load list and the menu's Continue; None when the title has nothing to say."""
        return None

    def level_record(self, bot_id: str, scenario: str | None) -> LevelRecord | None:
        """What the computer at level `bot_id` was measured to score in `scenario` (a solo
        title's yardstick for the person who plays it, shown by the setup screen); None
        (the default) where the title keeps no such figure."""
        return None

    @property
    def hint_bot(self) -> str:
        """The level whose choice the table suggests to a person who asks for a hint: the
        strongest."""
        return self.bot_ids[-1]

    def hint(self, state: S, seat: Seat, dice: Dice) -> A:
        """What the strongest level would do for `seat`, the seat to act, from that seat's
        view only (`bot_action`): the table's hint.  It may take the bot's thinking time:
        the table asks for it off the frame loop."""
        if self.to_act(state) != seat:
            raise ValueError(f"a hint for {seat!r}, who is not to act")
        return self.bot_action(self.make_bot(self.hint_bot, seat), state, dice)


def _readable(err: ValidationError) -> str:
    """The first problem pydantic found, as a sentence (without its "Value error, " tag)."""
    message = str(err.errors()[0]["msg"]).removeprefix("Value error, ")
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")
