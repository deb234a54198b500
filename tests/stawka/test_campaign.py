"""Training scenario 1's victory and the campaign carry-over ("Scenario 1: Meeting")."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.stawka.actions import Converse, KeepTrackWhole
from rules.stawka.campaign import carry_over, halved
from rules.stawka.options import CampaignCarry, StawkaOptions
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.dice import rng_rolling


def test_half_the_evidence_rounded_up() -> None:
    assert [halved(n) for n in (0, 1, 2, 3, 7, 10)] == [0, 1, 1, 2, 4, 5]


def test_the_winner_keeps_one_track_whole() -> None:
    carry = carry_over(
        "training-1",
        {"polish": {"blue": 7, "black": 5}, "german": {"black": 9, "blue": 3}},
        "polish",
        "blue",
    )
    assert carry.evidence == {"polish": {"blue": 7, "black": 3}, "german": {"black": 5, "blue": 2}}


def second_secret_state(seat: str = "german"):
    """Brunner one roll away from his side's second secret (Ingrid, 3 evidence)."""
    state = in_activations(
        {"ingrid_heizer": "hotel", "hermann_brunner": "hotel", "kloss": "theatre"},
        turn="german",
        rng=rng_rolling(6, 6),
        evidence={"german": {"blue": 3, "black": 8, "yellow": 5}, "polish": {"black": 4}},
    )
    side = state.sides["german"].model_copy(update={"secrets": 1})
    return state.with_side("german", side)


def test_two_secrets_win_at_once_then_the_winner_chooses_the_track() -> None:
    state, events = TITLE.apply(
        second_secret_state(), Converse(agent="hermann_brunner", target="ingrid_heizer")
    )
    assert state.winner == "german" and "stawka.end.secrets" in [e.key for e in events]
    decided = TITLE.outcome(state)
    assert decided is not None and decided.winners == ("german",), "decided before the carry-over"
    assert not TITLE.is_over(state) and TITLE.to_act(state) == "german"
    choices = TITLE.legal_actions(state)
    assert KeepTrackWhole(colour="black") not in choices  # Kloss's track is always halved
    assert KeepTrackWhole(colour="yellow") in choices
    with pytest.raises(IllegalAction, match="Kloss"):
        TITLE.apply(state, KeepTrackWhole(colour="black"))
    state, _ = TITLE.apply(state, KeepTrackWhole(colour="yellow"))
    assert TITLE.is_over(state) and TITLE.outcome(state) == decided
    assert state.carry is not None
    assert state.carry.evidence["german"]["yellow"] == 5
    assert state.carry.evidence["german"]["black"] == 4
    assert state.carry.evidence["polish"]["black"] == 2


def test_the_carry_over_is_an_option_of_the_next_game() -> None:
    carry = CampaignCarry(from_scenario="training-1", evidence={"polish": {"blue": 2}})
    options = StawkaOptions(scenario="training-1", carry=carry)
    assert StawkaOptions.model_validate_json(options.model_dump_json()) == options
    # Training 1 does not start from a carry-over: its tracks start empty.
    state = TITLE.new_game(options, 1)
    assert state.sides["polish"].evidence["blue"] == 0
