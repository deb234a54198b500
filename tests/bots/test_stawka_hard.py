"""Stawka's Hard bot reads the decision from its seat's view, as the rules declare it."""

from __future__ import annotations

import pytest

from rules.core import Dice, seed_state
from rules.stawka import TITLE
from rules.stawka.bots.hard import (
    ENDGAME_HORIZON,
    HORIZON,
    TIMING,
    StawkaSearch,
    activation_turn,
    searched,
)


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


def test_the_search_compares_what_to_do_in_the_last_stages_only() -> None:
    """Before the last two stages, and at a choice of when to act (a planning card, ending
    an activation, giving up the stage: `hard.TIMING`), the search tries the heuristic's
    choice alone; in the last two stages an activation's other moves too, never a
    choice of when to act."""
    state, _ = TITLE.start(TITLE.default_options("training-1"), 1)
    dice = Dice(seed_state(1))
    search = StawkaSearch()
    seen: set[str] = set()
    while (seat := TITLE.to_act(state)) is not None:
        legal = TITLE.legal_actions(state)
        view = TITLE.bot_view(state, seat)
        ranked = search.rank(view, legal, seat, Dice(seed_state(2)))
        chosen = search.rollout_bot(seat).choose(view, legal, Dice(seed_state(2)))
        assert ranked[0] == chosen
        if isinstance(chosen, TIMING) or view.stage < 7:
            assert ranked == [chosen]
            seen.add("timing" if isinstance(chosen, TIMING) else "early")
        elif len(ranked) > 1:
            assert not any(isinstance(a, TIMING) for a in ranked)
            if any(isinstance(a, TIMING) for a in legal):
                seen.add("late")
        state, _ = TITLE.apply(state, chosen if dice.below(3) else dice.choice(legal))
    assert seen == {"timing", "early", "late"}


def test_the_german_side_of_training_2_searches_at_every_decision() -> None:
    state, _ = TITLE.start(TITLE.default_options("training-2"), 1)
    assert searched(TITLE.view(state, "german"))
    assert not searched(TITLE.view(state, "polish"))
    assert not searched(TITLE.view(TITLE.start(TITLE.default_options("training-1"), 1)[0], "german"))
