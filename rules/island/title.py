"""The race to the island as a `Title`: the decisions it declares and the contract the app uses."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rules.core import (
    AnyBot,
    DecisionRule,
    Dice,
    Event,
    EventSchema,
    Outcome,
    Progress,
    Rulebook,
    Seat,
    SetupChoice,
    SetupOption,
    Title,
)
from rules.island import encounters, movement, setup
from rules.island.actions import (
    ACTION_ADAPTER,
    Action,
    Arm,
    ChooseEncounter,
    Exchange,
    GoOn,
    Jump,
    Place,
    Ride,
    Roll,
    RollOff,
    Stay,
    TakeChip,
    TakeTransport,
)
from rules.island.content import load_content
from rules.island.events import EVENT_SCHEMAS
from rules.island.options import FEWEST, MOST, IslandOptions, seats_for
from rules.island.race import outcome
from rules.island.secrets import invariants, scramble
from rules.island.state import (
    Arming,
    ChoosingEncounter,
    IslandState,
    Landing,
    Passing,
    PlaceAgent,
    RollTurn,
    StartRoll,
    TakingChips,
)
from rules.island.view import IslandView, make_view


class IslandTitle(Title[IslandState, Action, IslandOptions]):
    """Three to six secret agents race round the board to the island, each on a secret task."""

    id = "island"
    state_model = IslandState
    options_model = IslandOptions
    action_adapter = ACTION_ADAPTER
    has_secrets = True
    bot_ids = ("random", "sensible", "hard")
    seat_range = (FEWEST, MOST)
    rulebook = Rulebook(
        DecisionRule(
            StartRoll,
            legal=lambda state, decision: [RollOff()],
            handlers={RollOff: setup.roll_off},
            prompt="First roll to see who starts.",
        ),
        DecisionRule(
            PlaceAgent,
            legal=setup.legal_places,
            handlers={Place: setup.place},
            prompt="Place your agent on a start space.",
        ),
        DecisionRule(
            RollTurn, legal=movement.legal_roll, handlers={Roll: movement.roll}, prompt="Roll the die first."
        ),
        DecisionRule(
            Passing,
            legal=movement.legal_passing,
            handlers={Ride: movement.ride, GoOn: movement.go_on},
            prompt="Play a transport card here, or walk on.",
        ),
        DecisionRule(
            Landing,
            legal=movement.legal_landing,
            handlers={
                TakeTransport: movement.take_transport,
                Jump: movement.jump,
                Exchange: movement.exchange,
                Ride: movement.ride,
                Stay: movement.stay,
            },
            prompt="Choose what to do on this transport field.",
        ),
        DecisionRule(
            ChoosingEncounter,
            legal=encounters.legal_encounter_cards,
            handlers={ChooseEncounter: encounters.choose},
            prompt="Choose Friendship or Hostility.",
        ),
        DecisionRule(
            Arming,
            legal=encounters.legal_arms,
            handlers={Arm: encounters.arm},
            prompt="Choose your equipment.",
        ),
        DecisionRule(
            TakingChips,
            legal=encounters.legal_chips,
            handlers={TakeChip: encounters.take_chip},
            prompt="Take a microfilm.",
        ),
    )
    event_schemas: ClassVar[Mapping[str, EventSchema]] = EVENT_SCHEMAS

    def seats(self, options: IslandOptions) -> tuple[Seat, ...]:
        return seats_for(options.players)

    def setup_choices(self, scenario: str | None) -> tuple[SetupChoice, ...]:
        values = tuple(
            SetupOption(value=n, label_key="island.option.players.n", params={"players": n})
            for n in range(FEWEST, MOST + 1)
        )
        default = IslandOptions.model_fields["players"].default
        return (
            SetupChoice(field="players", label_key="island.option.players", values=values, default=default),
        )

    def new_game(self, options: IslandOptions, seed: int) -> IslandState:
        return setup.new_race(options, seed)

    def turn(self, state: IslandState) -> RollTurn | None:
        return setup.turn_decision(state)

    def settle(self, state: IslandState, events: list[Event], dice: Dice) -> IslandState:
        return movement.advance(state, events, dice)

    def view(self, state: IslandState, seat: Seat | None) -> IslandView:
        return make_view(state, seat)

    def revealed(self, state: IslandState) -> IslandView:
        """Every agent's task and equipment, and the cards put down in an encounter."""
        return make_view(state, None, everything=True)

    def progress(self, state: IslandState) -> Progress | None:
        """How many turns have been played (none while the race is being set up)."""
        return Progress(key="island.progress", params={"turns": state.turns}) if state.turns else None

    def outcome(self, state: IslandState) -> Outcome | None:
        return outcome(state)

    def scramble(self, state: IslandState, observer: Seat, dice: Dice) -> IslandState:
        return scramble(state, observer, dice)

    def invariants(self, state: IslandState) -> list[str]:
        return invariants(state)

    def content_summary(self) -> dict[str, int]:
        data = load_content()
        return {
            "fields": len(data.board.fields),
            "boat lines": len(data.board.lines),
            "task cards": len(data.tasks),
            "transport cards": len(data.transport_deck()),
            "equipment cards": len(data.equipment_deck()),
        }

    def make_bot(self, bot_id: str, seat: Seat) -> AnyBot:
        if bot_id == "hard":
            from rules.island.hard import hard_bot

            return hard_bot(self, seat)
        from rules.island.bots import make_bot

        return make_bot(bot_id, seat)


TITLE = IslandTitle()
