"""Godzina policyjna as a `Title`: one person's Polish network against German agents the
rules play (an automated seat), on Stawka's rules wherever the scenario does not override them.

The `RULEBOOK` takes Stawka's decisions where they stay as they are (a search's
keep-or-evidence, the prisoner exchange), puts the activation turn behind the curfew,
lets the rules answer the German seat's Stawka decisions (its document-check tokens are
always brought into play; it has no support tokens), and adds the scenario's own: the
player's set-up choices and ties, the German activations and the steps of a stage.
After every handled decision `settle` runs Stawka's leftovers (an action declared on a
token, the rest of a walk past one, with the curfew's tests), missions completed, and
the scenario's flow (`rules.curfew.flow`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import TypeAdapter

from rules.core import (
    AnyBot,
    DecisionRule,
    Dice,
    Event,
    LevelRecord,
    Outcome,
    Progress,
    Rulebook,
    Seat,
    SetupChoice,
    SetupOption,
    Title,
)
from rules.core.title import EventSchema
from rules.curfew import curfew, flow, germans, setup, ties
from rules.curfew.actions import ACTION_ADAPTER, AssignColour, Choose, CurfewAction, SpreadEvidence
from rules.curfew.content import load_content, polish_choices
from rules.curfew.events import EVENT_SCHEMAS
from rules.curfew.invariants import invariants
from rules.curfew.options import GERMAN, PICKED_COLOURS, POLISH, SEATS, CurfewOptions
from rules.curfew.scoring import outcome
from rules.curfew.secrets import scramble
from rules.curfew.state import (
    ColourChoice,
    CurfewState,
    EvidenceSpread,
    GermanTurn,
    StageStep,
    TieBreak,
    curfew_state,
)
from rules.curfew.view import CurfewView, view
from rules.stawka import content as stawka_content
from rules.stawka import missions, stage
from rules.stawka.actions import NO_TRIGGER, TRIGGER, support_of
from rules.stawka.alertness import support
from rules.stawka.rulebook import STAWKA
from rules.stawka.state import (
    PlaceKidnapped,
    PlacePrisoner,
    SearchDecision,
    StawkaState,
    SupportWindow,
    ThreatWindow,
    Turn,
    turn_of,
)
from rules.stawka.threat_effects import legal_triggers, trigger

STAWKA_RULES = {rule.kind: rule for rule in STAWKA.rulebook.rules()}


def german_token(state: StawkaState, window: ThreatWindow, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """The German seat's window on its document-check token: with no German player to
    weigh it, a check is always brought into play (Threat Tokens, 5)."""
    answer = TRIGGER if TRIGGER in legal_triggers(state, window) else NO_TRIGGER
    return trigger(state, window, answer, dice)


def no_support(state: StawkaState, window: SupportWindow, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """The German seat's support window: it holds only document checks, no support token."""
    return support(state, window, support_of(None), dice)


RULEBOOK = Rulebook(
    DecisionRule(
        Turn,
        legal=curfew.legal_turn,
        handlers=curfew.turn_handlers(STAWKA_RULES[Turn.model_fields["kind"].default].handlers),
        prompt="Activate one of your agents, or end the stage.",
    ),
    STAWKA_RULES[SearchDecision.model_fields["kind"].default],
    STAWKA_RULES[PlaceKidnapped.model_fields["kind"].default],
    STAWKA_RULES[PlacePrisoner.model_fields["kind"].default],
    DecisionRule(ThreatWindow, auto=german_token),
    DecisionRule(SupportWindow, auto=no_support),
    DecisionRule(
        ColourChoice,
        legal=setup.legal_colours,
        handlers={AssignColour: setup.assign_colour},
        prompt="Assign each German agent his colour first.",
    ),
    DecisionRule(
        EvidenceSpread,
        legal=setup.legal_spreads,
        handlers={SpreadEvidence: setup.spread},
        prompt="Spread the 10 German evidence over your agents first.",
    ),
    DecisionRule(
        TieBreak, legal=ties.legal_choices, handlers={Choose: ties.choose}, prompt="Break the tie first."
    ),
    DecisionRule(GermanTurn, auto=germans.step),
    DecisionRule(StageStep, auto=flow.take_step),
)


class CurfewTitle(Title[CurfewState, CurfewAction, CurfewOptions]):
    id = "curfew"
    state_model = CurfewState
    options_model = CurfewOptions
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    bot_ids = ("random", "heuristic", "hard")
    """Easy, Normal, Hard (issue 31): the last is the hint's (`Title.hint_bot`)."""
    seat_range = (1, 1)
    rulebook = RULEBOOK
    event_schemas: ClassVar[Mapping[str, EventSchema]] = EVENT_SCHEMAS
    catalog_parents = ("stawka",)

    def seats(self, options: CurfewOptions) -> tuple[Seat, ...]:
        return SEATS

    def automated_seats(self, options: CurfewOptions) -> tuple[Seat, ...]:
        return (GERMAN,)

    def level_record(self, bot_id: str, scenario: str | None) -> LevelRecord | None:
        """The level's mean score as measured (the data's `measured`) and the band of the
        rating table ("Ocena wyników") that mean falls in."""
        content = load_content()
        measured = content.measured.get(bot_id)
        if measured is None:
            return None
        band = f"curfew.value.{content.rating(measured.mean).id}"
        return LevelRecord(mean=measured.mean, games=measured.games, band=band)

    def new_game(self, options: CurfewOptions, seed: int) -> CurfewState:
        return setup.new_game(options, seed)

    def setup_choices(self, scenario: str | None) -> tuple[SetupChoice, ...]:
        """Kloss's document (Agent Document, as in Stawka), and for advanced players the
        Polish agent of each colour besides Kloss ("Przygotowanie polskich agentów")."""
        content = stawka_content.load_content()
        kloss = content.documents_of("kloss")
        choices = [
            SetupChoice(
                field="kloss_document",
                label_key="stawka.option.kloss_document",
                values=tuple(
                    SetupOption(
                        value=d.id,
                        label_key="stawka.option.kloss_document.value",
                        params={"rank": d.rank, "ap": d.ap_limit},
                    )
                    for d in kloss
                ),
                default=kloss[0].id,
            )
        ]
        scenario_agents = load_content().polish_agents
        for colour in PICKED_COLOURS:
            agents = polish_choices(colour)
            default = next(a for a in agents if a in scenario_agents)
            choices.append(
                SetupChoice(
                    field=colour,
                    label_key=f"curfew.option.{colour}",
                    values=tuple(SetupOption(value=a, label_key=f"stawka.value.{a}") for a in agents),
                    default=default,
                )
            )
        return tuple(choices)

    def turn(self, state: CurfewState) -> Turn | None:
        """The player's activation turn, while the stage is his."""
        if state.phase != "activations" or state.turn != POLISH or state.closing:
            return None
        return turn_of(POLISH)

    def settle(self, state: CurfewState, events: list[Event], dice: Dice) -> CurfewState:
        if state.declared is not None and not state.pending:
            state = curfew_state(STAWKA.carry_out_declared(state, events, dice, self))
        if state.activation is not None and state.activation.onward and not state.pending:
            state, more = curfew.go_on(state, dice)
            events.extend(more)
        state = curfew.sent_back(state, events)
        done_state, done = missions.check_missions(state, events)
        events.extend(done)
        return flow.follow(curfew_state(done_state), events)

    def view(self, state: CurfewState, seat: Seat | None) -> CurfewView:
        acting = seat is not None and self.to_act(state) == seat
        return view(state, seat, self.legal_actions(state) if acting else ())

    def revealed(self, state: CurfewState) -> CurfewView:
        """The player's view with the German agents' face-down items shown."""
        return view(state, None, (), everything=True)

    def progress(self, state: CurfewState) -> Progress | None:
        """The stage the night is in."""
        return stage.progress(state, self.id)

    def outcome(self, state: CurfewState) -> Outcome | None:
        return outcome(state)

    def scramble(self, state: CurfewState, observer: Seat, dice: Dice) -> CurfewState:
        return scramble(state, observer, dice)

    def invariants(self, state: CurfewState) -> list[str]:
        return invariants(state)

    def content_summary(self) -> dict[str, int]:
        curfew_content = load_content()
        return {
            "german_cards": len(curfew_content.german_deck),
            "threat_tokens": len(curfew_content.threat_tokens),
            "ratings": len(curfew_content.ratings),
        }

    def make_bot(self, bot_id: str, seat: Seat) -> AnyBot:
        if bot_id == "heuristic":
            from rules.curfew.bots import CurfewBot

            return CurfewBot(seat)
        if bot_id == "hard":
            from rules.curfew.hard import hard_bot

            return hard_bot(self, seat)
        return super().make_bot(bot_id, seat)


TITLE = CurfewTitle()
