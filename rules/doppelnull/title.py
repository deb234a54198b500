"""Agent Doppelnull as a `Title`: the contract the app, the bots and the tests use."""

from __future__ import annotations

from typing import Any

from rules.core import (
    Bot,
    Dice,
    Event,
    IllegalAction,
    Outcome,
    Seat,
    SetupChoice,
    SetupOption,
    Title,
    seed_state,
)
from rules.doppelnull.actions import ACTION_ADAPTER, Action, ChooseStarter, Place, Remove, Swap
from rules.doppelnull.content import rules_data
from rules.doppelnull.deal import deal, setup_pending
from rules.doppelnull.options import SEATS, DoppelnullOptions, opponent
from rules.doppelnull.play_rules import outcome, swap
from rules.doppelnull.secrets import invariants, scramble
from rules.doppelnull.setup_rules import choose_starter, place, placement_allowed, remove, unplaced_agents
from rules.doppelnull.state import DoppelnullState, phase_of
from rules.doppelnull.view import DoppelnullView, make_view

DEFAULT_NAMES = {"male": "Agent M", "female": "Agent F"}


class DoppelnullTitle(Title[DoppelnullState, Action, DoppelnullOptions]):
    """Two intelligence networks unmask each other's agents by swapping numbered cards."""

    id = "doppelnull"
    state_model = DoppelnullState
    options_model = DoppelnullOptions
    action_adapter = ACTION_ADAPTER
    has_secrets = True
    bot_ids = ("random", "deductive", "expert")

    def seats(self, options: DoppelnullOptions) -> tuple[Seat, ...]:
        return SEATS

    def setup_choices(self, scenario: str | None) -> tuple[SetupChoice, ...]:
        """Who starts ("Playing the Game") and how many games ("Game Variant": a series)."""
        starter = SetupChoice(
            field="starter",
            label_key="doppelnull.option.starter",
            values=(
                SetupOption(value="choose", label_key="doppelnull.option.starter.choose"),
                SetupOption(value="random", label_key="doppelnull.option.starter.random"),
            ),
            default="choose",
        )
        games = SetupChoice(
            field="games",
            label_key="doppelnull.option.games",
            values=tuple(_games_option(n) for n in range(1, rules_data().series.max_games + 1)),
            default=1,
        )
        return (starter, games)

    def new_game(self, options: DoppelnullOptions, seed: int) -> DoppelnullState:
        dice = Dice(seed_state(seed))
        names = {
            seat: (options.seats[seat].name if seat in options.seats else DEFAULT_NAMES[seat])
            for seat in SEATS
        }
        fields = deal(dice)
        chooser: Seat | None = None
        starter: Seat | None = None
        if options.starter == "choose":
            # A person at the table says who starts; with no person, the first seat.
            people = [s for s in SEATS if s not in options.seats or options.seats[s].bot is None]
            chooser = people[0] if people else SEATS[0]
        else:
            starter = dice.choice(SEATS)
        return DoppelnullState(
            seed=seed,
            rng=dice.state,
            names=names,
            games=options.games,
            game_number=1,
            starter=starter,
            pending=setup_pending(chooser),
            **fields,
        )

    def to_act(self, state: DoppelnullState) -> Seat | None:
        if state.pending:
            return state.pending[-1].seat
        return state.turn

    def legal_actions(self, state: DoppelnullState) -> list[Action]:
        seat = self.to_act(state)
        if seat is None:
            return []
        phase = phase_of(state)
        if phase == "starter":
            return [*(ChooseStarter(seat=s) for s in SEATS), ChooseStarter(seat=None)]
        if phase == "blind_pick":
            owner = opponent(seat)
            return [
                Remove(position=p) for p in range(len(state.pawns[owner])) if p not in state.removed[owner]
            ]
        if phase == "placement":
            return [
                Place(agent=agent, slot=slot)
                for agent in unplaced_agents(state, seat)
                for slot in range(len(state.lines[seat].cards))
                if placement_allowed(state, seat, agent, slot) is None
            ]
        line = state.lines[opponent(seat)]
        return [
            Swap(card=card, slot=slot)
            for card in state.hands[seat]
            for slot in range(len(line.cards))
            if not line.unmasked[slot]
        ]

    def resolve_legacy(self, state: DoppelnullState, action: Action) -> tuple[DoppelnullState, list[Event]]:
        seat = self.to_act(state)
        if seat is None:
            raise IllegalAction("The game is over.")
        phase = phase_of(state)
        expected = {"starter": ChooseStarter, "blind_pick": Remove, "placement": Place, "play": Swap}[phase]
        if not isinstance(action, expected):
            raise IllegalAction(_WRONG_PHASE[phase])
        if isinstance(action, ChooseStarter):
            return choose_starter(state, seat, action)
        if isinstance(action, Remove):
            return remove(state, seat, action)
        if isinstance(action, Place):
            return place(state, seat, action)
        return swap(state, seat, action)

    def view(self, state: DoppelnullState, seat: Seat | None) -> DoppelnullView:
        return make_view(state, seat)

    def outcome(self, state: DoppelnullState) -> Outcome | None:
        return outcome(state)

    def scramble(self, state: DoppelnullState, observer: Seat, dice: Dice) -> DoppelnullState:
        return scramble(state, observer, dice)

    def invariants(self, state: DoppelnullState) -> list[str]:
        return invariants(state)

    def content_summary(self) -> dict[str, int]:
        data = rules_data()
        return {"numbers": data.pieces.numbers, "line": data.pieces.line, "max_games": data.series.max_games}

    def make_bot(self, bot_id: str, seat: Seat) -> Bot[Any]:
        from rules.doppelnull.bots import make_bot

        return make_bot(bot_id, seat)


def _games_option(games: int) -> SetupOption:
    """1 is "a single game", more "a series of N games"."""
    key = "doppelnull.option.games.single" if games == 1 else "doppelnull.option.games.series"
    return SetupOption(value=games, label_key=key, params={"games": games})


_WRONG_PHASE = {
    "starter": "First say who starts.",
    "blind_pick": "Now pick the opponent's agents to send to the box.",
    "placement": "Now place your agents on the cards of your line.",
    "play": "Now swap a card from your hand with a card under an opponent's agent.",
}

DOPPELNULL = DoppelnullTitle()
