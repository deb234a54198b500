"""Stawka's Hard bot reads the decision from its seat's view, as the rules declare it."""

from __future__ import annotations

import pytest

from rules.core import Dice, seed_state
from rules.stawka import TITLE
from rules.stawka.bots.hard import ENDGAME_HORIZON, HORIZON, StawkaSearch, activation_turn


@pytest.mark.parametrize("scenario", ["training-1", "top-secret"])
def test_the_activation_turn_is_read_from_the_view_as_the_rules_decide_it(scenario: str) -> None:
    state, _ = TITLE.start(TITLE.default_options(scenario), 3)
    dice = Dice(seed_state(3))
    kinds = set()
    for _ in range(150):
        decision = TITLE.decision(state)
        if decision is None:
            break
        kinds.add(decision.kind)
        view = TITLE.view(state, decision.seat)
        assert activation_turn(view) == (decision.kind == "activation"), decision.kind
        state, _ = TITLE.apply(state, dice.choice(TITLE.legal_actions(state)))
    assert {"activation", "planning"} <= kinds


def test_the_play_outs_run_to_the_end_of_the_game_in_its_last_two_stages() -> None:
    state, _ = TITLE.start(TITLE.default_options("training-1"), 1)
    search = StawkaSearch()
    horizons = [
        search.horizon(TITLE.view(state.model_copy(update={"stage": stage}), "polish"))
        for stage in (1, 6, 7, 8)
    ]
    assert horizons == [HORIZON, HORIZON, ENDGAME_HORIZON, ENDGAME_HORIZON]
