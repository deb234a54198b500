"""Stawka większa niż życie as a `Title`: what the house asks of a title - its seats,
options, scenarios, set-up choices, views, bots, outcome and campaign - playing by Stawka's
rulebook and flow (`rules.stawka.rulebook.STAWKA`), which declares every decision and runs
what needs none.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import TypeAdapter

from rules.core import (
    AnyBot,
    Dice,
    Event,
    Outcome,
    Progress,
    Seat,
    SetupChoice,
    SetupOption,
    Title,
)
from rules.stawka import (
    campaign,
    free,
    stage,
    victory,
)
from rules.stawka.actions import (
    ACTION_ADAPTER,
    StawkaAction,
)
from rules.stawka.content import built_scenario, load_content
from rules.stawka.events import EVENT_SCHEMAS
from rules.stawka.invariants import invariants
from rules.stawka.options import StawkaOptions, kloss_documents
from rules.stawka.rulebook import STAWKA
from rules.stawka.secrets import scramble
from rules.stawka.setup import new_state
from rules.stawka.state import (
    SEATS,
    StawkaState,
    Turn,
    turn_of,
)
from rules.stawka.view import StawkaView, view


class StawkaTitle(Title[StawkaState, StawkaAction, StawkaOptions]):
    id = "stawka"
    state_model = StawkaState
    options_model = StawkaOptions
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    bot_ids = ("easy", "heuristic", "hard")
    """Easy, Normal, Hard (issue 17); "random" is still made, for simulations."""
    rulebook = STAWKA.rulebook
    event_schemas = EVENT_SCHEMAS

    @property
    def scenarios(self) -> tuple[str, ...]:
        """The scenarios the data marks as offered on their own (``offered``): the training
        campaign's three (training 3 is also reached by continuing it, `campaign_next`);
        then the free scenarios built this run (`rules.stawka.free`)."""
        return tuple(s.id for s in load_content().scenarios if s.offered) + free.built_ids()

    def default_options(self, scenario: str | None = None) -> StawkaOptions:
        """A built free scenario's options carry the players' choices, so a save reopens it."""
        options = super().default_options(scenario)
        choices = free.choices_of(options.scenario)
        if choices is None:
            return options
        return options.model_copy(update={"free": choices})

    def scenario_name(self, scenario: str, language: str) -> str | None:
        """A free scenario built this run is named as its players named it; when another
        built one has the same name (two left unnamed, say), with the end of its id, so
        that the new-game list tells them apart."""
        if not built_scenario(scenario):
            return None

        def named(built: str) -> str:
            name = load_content().scenario(built).name
            return name.pl if language == "pl" else name.en

        shown = named(scenario)
        if any(named(other) == shown for other in free.built_ids() if other != scenario):
            return f"{shown} · {scenario.rsplit('-', 1)[-1][:6]}"
        return shown

    def load_scenario(self, text: str | bytes) -> str:
        """A free scenario the builder saved ("Free Scenarios"), built and registered."""
        return free.build(free.read(text)).id

    def seats(self, options: StawkaOptions) -> tuple[Seat, ...]:
        return SEATS

    def new_game(self, options: StawkaOptions, seed: int) -> StawkaState:
        return new_state(options, seed)

    def setup_choices(self, scenario: str | None) -> tuple[SetupChoice, ...]:
        """Agent Document: "Before every game the Polish Player must choose which Hans Kloss
        document will be used" - except where the scenario sets it (training scenario 1).

        An open choice on the setup screen: the documents lie face up on the table (the
        German player reads Kloss's rank and thresholds from it and must see that an exposed
        Kloss changed it), so nothing has to be chosen behind the curtain.
        """
        content = load_content()
        documents = [content.document(d) for d in kloss_documents(scenario or self.scenarios[0], ())]
        if len(documents) < 2:
            return ()
        options = tuple(
            SetupOption(
                value=d.id,
                label_key="stawka.option.kloss_document.value",
                params={"rank": d.rank, "ap": d.ap_limit},
            )
            for d in documents
        )
        return (
            SetupChoice(
                field="kloss_document",
                label_key="stawka.option.kloss_document",
                values=options,
                default=documents[0].id,
            ),
        )

    def campaign_next(self, state: StawkaState) -> StawkaOptions | None:
        """Training Campaign: scenario 1 -> 2 with the carry-over, 2 -> 3 with the winner's bonus."""
        return campaign.next_game(state)

    def turn(self, state: StawkaState) -> Turn | None:
        """Stage, F: with nothing pending, the seat whose turn it is activates."""
        if state.phase == "over" or state.turn is None:
            return None
        return turn_of(state.turn)

    def settle(self, state: StawkaState, events: list[Event], dice: Dice) -> StawkaState:
        """Run the steps that need no decision (`rules.stawka.rulebook`), until someone must
        decide or the game ends."""
        return STAWKA.settle(state, events, dice, self)

    def view(self, state: StawkaState, seat: Seat | None) -> StawkaView:
        """What `seat` sees, with its legal actions priced when it is the seat to act."""
        acting = seat is not None and self.to_act(state) == seat
        return view(state, seat, self.legal_actions(state) if acting else ())

    def revealed(self, state: StawkaState) -> StawkaView:
        """Both sides' hands, items, missions and tokens (`view`'s `everything`)."""
        return view(state, None, everything=True)

    def bot_view(self, state: StawkaState, seat: Seat) -> StawkaView:
        """The view without the offers: a bot reads the legal actions, not their prices
        and paths, which only the table draws."""
        return view(state, seat)

    def progress(self, state: StawkaState) -> Progress | None:
        """The stage the game is in ("Planning Cards and Stages": the time marker)."""
        return stage.progress(state, self.id)

    def outcome(self, state: StawkaState) -> Outcome | None:
        return victory.outcome(state)

    def scramble(self, state: StawkaState, observer: Seat, dice: Dice) -> StawkaState:
        return scramble(state, observer, dice)

    def invariants(self, state: StawkaState) -> list[str]:
        return invariants(state)

    def content_summary(self) -> dict[str, int]:
        return load_content().summary()

    def make_bot(self, bot_id: str, seat: Seat) -> AnyBot:
        if bot_id in ("easy", "heuristic", "hard"):
            from rules.stawka.bots import levels

            return levels.make_bot(self, bot_id, seat)
        return super().make_bot(bot_id, seat)


TITLE = StawkaTitle()
