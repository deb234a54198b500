"""Agent Doppelnull as a `Title`: the contract the app, the bots and the tests use.

The decisions, each answered by the rule module of its rulebook section:

| decision | who | actions | rules (section) |
|---|---|---|---|
| `ChoosingStarter` | a person at the table | `ChooseStarter` | `setup_rules` (Playing the Game) |
| `BlindPick` | each seat in turn | `Remove` | `setup_rules` (Setup 2) |
| `Placing` | each seat in turn | `Place` | `setup_rules` (Setup 4) |
| `PlayTurn` (the turn) | whose turn it is | `Swap`, `EndTurn` | `play_rules` (Playing the Game, End) |
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.core import (
    Bot,
    DecisionRule,
    Dice,
    EventSchema,
    Outcome,
    Progress,
    Rulebook,
    Seat,
    SetupChoice,
    SetupOption,
    Title,
    seed_state,
)
from rules.doppelnull.actions import ACTION_ADAPTER, Action, ChooseStarter, EndTurn, Place, Remove, Swap
from rules.doppelnull.content import load_content
from rules.doppelnull.deal import deal, setup_pending
from rules.doppelnull.events import EVENT_SCHEMAS
from rules.doppelnull.options import SEATS, DoppelnullOptions
from rules.doppelnull.play_rules import end_turn, legal_turn, outcome, swap
from rules.doppelnull.secrets import scramble
from rules.doppelnull.setup_rules import (
    choose_starter,
    legal_placements,
    legal_removals,
    legal_starters,
    place,
    remove,
)
from rules.doppelnull.state import (
    BlindPick,
    ChoosingStarter,
    DoppelnullState,
    Placing,
    PlayTurn,
    invariants,
    play_turn,
)
from rules.doppelnull.view import DoppelnullView, make_view

RULEBOOK = Rulebook(
    DecisionRule(
        ChoosingStarter,
        legal=legal_starters,
        handlers={ChooseStarter: choose_starter},
        prompt="First say who starts.",
    ),
    DecisionRule(
        BlindPick,
        legal=legal_removals,
        handlers={Remove: remove},
        prompt="Now pick the opponent's agents to send to the box.",
    ),
    DecisionRule(
        Placing,
        legal=legal_placements,
        handlers={Place: place},
        prompt="Now place your agents on the cards of your line.",
    ),
    DecisionRule(
        PlayTurn,
        legal=legal_turn,
        handlers={Swap: swap, EndTurn: end_turn},
        prompt="Now swap a card from your hand with a card under an opponent's agent.",
    ),
)


class DoppelnullTitle(Title[DoppelnullState, Action, DoppelnullOptions]):
    """Two intelligence networks unmask each other's agents by swapping numbered cards."""

    id = "doppelnull"
    state_model = DoppelnullState
    options_model = DoppelnullOptions
    action_adapter = ACTION_ADAPTER
    has_secrets = True
    bot_ids = ("random", "deductive", "expert")
    rulebook = RULEBOOK
    event_schemas: ClassVar[Mapping[str, EventSchema]] = EVENT_SCHEMAS

    def seats(self, options: DoppelnullOptions) -> tuple[Seat, ...]:
        return SEATS

    def setup_choices(self, scenario: str | None) -> tuple[SetupChoice, ...]:
        """Who starts ("Playing the Game"), how many games ("Game Variant": a series) and
        whether the blind pick is made by hand or drawn by lots at the deal (Setup 2)."""
        starter = SetupChoice.of_words("doppelnull", "starter", ("choose", "random"), "choose")
        games = SetupChoice(
            field="games",
            label_key="doppelnull.option.games",
            values=tuple(_games_option(n) for n in range(1, load_content().series.max_games + 1)),
            default=1,
        )
        blind = SetupChoice.of_words("doppelnull", "blind_pick", ("pick", "lots"), "pick")
        return (starter, games, blind)

    def new_game(self, options: DoppelnullOptions, seed: int) -> DoppelnullState:
        dice = Dice(seed_state(seed))
        lots = options.blind_pick == "lots"
        fields = deal(dice, lots)
        chooser: Seat | None = None
        starter: Seat | None = None
        computer = any(config.bot is not None for config in options.seats.values())
        if options.starter == "choose" and not computer:
            # "Playing the Game": the higher identity-card number starts; the people at the
            # table compare theirs and one of them says who starts.
            chooser = SEATS[0]
        else:
            # A computer has no identity card to compare: against one, lots are drawn.
            starter = dice.choice(SEATS)
        return DoppelnullState(
            seed=seed,
            rng=dice.state,
            games=options.games,
            game_number=1,
            starter=starter,
            pending=setup_pending(chooser, lots),
            blind_pick=options.blind_pick,
            **fields,
        )

    def turn(self, state: DoppelnullState) -> PlayTurn | None:
        return play_turn(state)

    def view(self, state: DoppelnullState, seat: Seat | None) -> DoppelnullView:
        return make_view(state, seat)

    def revealed(self, state: DoppelnullState) -> DoppelnullView:
        """Both rows and lines face up."""
        return make_view(state, None, everything=True)

    def progress(self, state: DoppelnullState) -> Progress | None:
        """Which game of a series is being played (a single game has nothing to say)."""
        if state.games == 1:
            return None
        return Progress(key="doppelnull.progress", params={"game": state.game_number, "games": state.games})

    def outcome(self, state: DoppelnullState) -> Outcome | None:
        return outcome(state)

    def scramble(self, state: DoppelnullState, observer: Seat, dice: Dice) -> DoppelnullState:
        return scramble(state, observer, dice)

    def invariants(self, state: DoppelnullState) -> list[str]:
        return invariants(state)

    def content_summary(self) -> dict[str, int]:
        data = load_content()
        return {"numbers": data.pieces.numbers, "line": data.pieces.line, "max_games": data.series.max_games}

    def make_bot(self, bot_id: str, seat: Seat) -> Bot[Any]:
        from rules.doppelnull.bots import make_bot

        return make_bot(bot_id, seat)


def _games_option(games: int) -> SetupOption:
    """1 is "a single game", more "a series of N games"."""
    key = "doppelnull.option.games.single" if games == 1 else "doppelnull.option.games.series"
    return SetupOption(value=games, label_key=key, params={"games": games})


TITLE = DoppelnullTitle()
