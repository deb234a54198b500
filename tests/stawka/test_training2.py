"""Training scenario 2, "First Clash": placement, VP, the alternative endings, the bonus."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.stawka.actions import Converse, GiveUp, KeepItemForNextGame, KeepTrackWhole, PlaceAgent
from rules.stawka.board import board_of
from rules.stawka.options import CampaignCarry, StawkaOptions
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from tests.stawka.dice import rng_rolling


def new_game(carry: CampaignCarry | None = None) -> StawkaState:
    return TITLE.new_game(StawkaOptions(scenario="training-2", carry=carry), 1)


def placed_game() -> StawkaState:
    state = new_game()
    while state.phase == "placement":
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    return state


def test_set_up_kloss_and_brunner_start_in_the_gestapo() -> None:
    state = new_game()
    assert state.agent("kloss").space == "gestapo" and state.agent("hermann_brunner").space == "gestapo"
    assert state.phase == "placement"


def test_placement_alternates_german_first_any_agent_never_in_the_police_sector() -> None:
    """Scenario 2, step 2C."""
    state = new_game()
    board = board_of("training-2")
    seats = []
    while state.phase == "placement":
        seat = TITLE.to_act(state)
        seats.append(seat)
        legal = [a for a in TITLE.legal_actions(state) if isinstance(a, PlaceAgent)]
        assert all(board.sector_of[a.location] != "police" for a in legal)
        assert all(board.is_location(a.location) for a in legal)
        assert {a.agent for a in legal} == {a.id for a in state.agents if a.status == "unplaced"}
        polish_agent = next((a for a in legal if state.agent(a.agent).side == "polish"), legal[0])
        state, _ = TITLE.apply(state, polish_agent)  # the German places a Polish agent first
    assert seats == ["german", "polish", "german", "polish"]
    assert state.phase == "planning"
    police = next(loc for loc in board.locations if board.sector_of[loc] == "police")
    fresh = new_game()
    with pytest.raises(IllegalAction):
        TITLE.apply(fresh, PlaceAgent(agent="jacek", location=police))


def test_starting_from_scenario_1s_carry_over() -> None:
    carry = CampaignCarry(
        from_scenario="training-1", evidence={"german": {"blue": 4}, "polish": {"black": 3}}
    )
    state = new_game(carry)
    assert state.sides["german"].evidence["blue"] == 4 and state.sides["polish"].evidence["black"] == 3


def in_play(state: StawkaState, spaces: dict[str, str], turn: str, **sides: dict[str, object]) -> StawkaState:
    agents = tuple(a.model_copy(update={"space": spaces.get(a.id, a.space)}) for a in state.agents)
    updated = {
        seat: side.model_copy(update={"ap": 8, "revealed": True, **sides.get(seat, {})})
        for seat, side in state.sides.items()
    }
    return state.model_copy(update={"agents": agents, "sides": updated, "pending": (), "turn": turn})


def test_a_secret_pays_3_vp_and_11_vp_win_then_the_bonus() -> None:
    """Victory conditions: 3 VP per secret; 11 VP wins at once; the winner keeps a track and an item."""
    state = in_play(
        placed_game(),
        {"ingrid_heizer": "hotel", "hermann_brunner": "hotel"},
        "german",
        german={"vp": 8, "evidence": {"yellow": 4, "purple": 0, "blue": 3, "black": 6}},
    )
    brunner = state.agent("hermann_brunner").model_copy(update={"items": ("hotel-4",)})
    state = state.with_agent(brunner).model_copy(update={"rng": rng_rolling(6, 6)})
    state = state.model_copy(
        update={"stacks": {k: tuple(i for i in v if i != "hotel-4") for k, v in state.stacks.items()}}
    )
    state, events = TITLE.apply(state, Converse(agent="hermann_brunner", target="ingrid_heizer"))
    assert state.sides["german"].vp == 11 and state.winner == "german"
    assert "stawka.end.vp" in [e.key for e in events]
    assert KeepTrackWhole(colour="black") in TITLE.legal_actions(state)  # Kloss's track may be kept here
    state, _ = TITLE.apply(state, KeepTrackWhole(colour="black"))
    assert TITLE.legal_actions(state) == [KeepItemForNextGame(item=None), KeepItemForNextGame(item="hotel-4")]
    state, _ = TITLE.apply(state, KeepItemForNextGame(item="hotel-4"))
    assert state.carry is not None
    assert state.carry.kept_items == {"german": ("hotel-4",)}
    assert state.carry.evidence["german"]["black"] == 6 and state.carry.evidence["german"]["yellow"] == 2


def test_kloss_exposed_wins_for_the_german_player() -> None:
    """Alternative ending: the German track of Kloss's colour reaches 10 (ours: the "exposed" range)."""
    state = in_play(
        placed_game(), {}, "german", german={"evidence": {"yellow": 0, "purple": 0, "blue": 0, "black": 10}}
    )
    state, _ = TITLE.apply(state, GiveUp())
    assert state.winner == "german" and state.end_key == "stawka.end.kloss_exposed"
    assert state.phase == "over" and state.carry is not None
    assert state.carry.banned_kloss_documents == (state.documents["kloss"],)


def test_brunner_compromised_wins_for_the_polish_player() -> None:
    state = in_play(
        placed_game(), {}, "polish", polish={"evidence": {"yellow": 0, "purple": 0, "blue": 0, "black": 10}}
    )
    state, _ = TITLE.apply(state, GiveUp())
    assert state.end_key == "stawka.end.chief_compromised" and state.winner == "polish"
    assert state.carry is not None and state.carry.banned_agents == ("hermann_brunner",)
