"""Stawka's Hard bot reads the decision from its seat's view, as the rules declare it."""

from __future__ import annotations

import pytest

from rules.core import Dice, seed_state
from rules.stawka import TITLE
from rules.stawka.bots.hard import activation_turn


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
