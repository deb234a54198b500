"""The stage, steps A-H (rulebook, "Planning Cards and Stages")."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.stawka.actions import ChoosePlanningCard, GiveUp
from rules.stawka.stage import planning_card
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from tests.stawka.build import new_game
from tests.stawka.dice import rng_rolling


def plan(state: StawkaState, polish: str, german: str) -> StawkaState:
    state, _ = TITLE.apply(state, ChoosePlanningCard(card=polish))
    state, _ = TITLE.apply(state, ChoosePlanningCard(card=german))
    return state


def both_give_up(state: StawkaState) -> StawkaState:
    while state.phase == "activations":
        state, _ = TITLE.apply(state, GiveUp())
    return state


def test_step_a_choices_are_secret_until_both_are_made() -> None:
    state = new_game()
    assert TITLE.to_act(state) == "polish"
    state, events = TITLE.apply(state, ChoosePlanningCard(card="polish-2"))
    assert TITLE.to_act(state) == "german"
    assert TITLE.view(state, "german").sides["polish"].chosen is None
    assert TITLE.view(state, "german").sides["polish"].has_chosen
    assert TITLE.view(state, "polish").sides["polish"].chosen == "polish-2"
    assert all(e.params.get("card") is None for e in events)
    state, events = TITLE.apply(state, ChoosePlanningCard(card="german-4"))
    assert TITLE.view(state, "german").sides["polish"].chosen == "polish-2"
    assert state.sides["polish"].ap == planning_card("polish-2").ap
    assert state.sides["german"].ap == planning_card("german-4").ap
    assert [e.params["card"] for e in events if e.key == "stawka.card_revealed"] == ["polish-2", "german-4"]


def test_step_b_lower_priority_activates_first() -> None:
    state = plan(new_game(), "polish-4", "german-2")
    assert state.first == "german" and TITLE.to_act(state) == "german"


def test_step_b_a_tie_in_stage_1_goes_to_the_lower_die() -> None:
    state = new_game().model_copy(update={"rng": rng_rolling(5, 2)})
    state = plan(state, "polish-3", "german-3")
    assert state.first == "german"
    state = new_game().model_copy(update={"rng": rng_rolling(4, 4, 1, 6)})
    state = plan(state, "polish-3", "german-3")
    assert state.first == "polish"  # 4-4 is rolled again, then 1 beats 6


def test_step_b_later_ties_keep_the_previous_order() -> None:
    state = plan(new_game(), "polish-1", "german-5")
    assert state.first == "polish"
    state = both_give_up(state)
    assert state.stage == 2
    state = plan(state, "polish-3", "german-3")
    assert state.first == "polish"


def test_step_g_used_cards_return_after_both_used_the_fourth() -> None:
    state = new_game()
    for number in (1, 2, 3, 4):
        state = both_give_up(plan(state, f"polish-{number}", f"german-{number}"))
        if number < 4:
            assert f"polish-{number}" not in state.sides["polish"].hand
            with pytest.raises(IllegalAction, match="used earlier"):
                TITLE.apply(state, ChoosePlanningCard(card=f"polish-{number}"))
    assert len(state.sides["polish"].hand) == 5 and state.sides["polish"].used == ()
    assert len(state.sides["german"].hand) == 5


def test_step_h_and_the_draw_after_stage_8() -> None:
    state = new_game()
    for stage in range(1, 9):
        assert state.stage == stage
        card = 1 + (stage - 1) % 4
        state = both_give_up(plan(state, f"polish-{card}", f"german-{card}"))
    assert state.phase == "over"
    outcome = TITLE.outcome(state)
    assert outcome is not None and outcome.draw
    assert state.carry is not None and state.carry.winner is None


def test_step_f_one_side_continues_alone_when_the_other_gave_up() -> None:
    state = plan(new_game(), "polish-1", "german-5")
    state, _ = TITLE.apply(state, GiveUp())  # the Polish player gives up at once
    assert TITLE.to_act(state) == "german"
    assert state.sides["polish"].gave_up
    actions = TITLE.legal_actions(state)
    move = next(a for a in actions if a.type == "move" and a.agent == "glaubel")
    state, _ = TITLE.apply(state, move)
    while state.activation is not None:
        state, _ = TITLE.apply(
            state, next(a for a in TITLE.legal_actions(state) if a.type in ("move", "end_activation"))
        )
    assert TITLE.to_act(state) == "german"
