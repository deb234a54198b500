"""Where a Stawka game is lives once (issue 33, point 3): the pending stack says it, the
state's ``phase`` is read from it, and a save written while the state also stored a
``phase`` (Stawka's state 4, Godzina policyjna's 1) still opens, its moves replayed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.core import Dice, Match, Title, seed_state
from rules.curfew import TITLE as CURFEW
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE as STAWKA


def played(title: Title[Any, Any, Any], scenario: str | None, seed: int, actions: int | None) -> Match:
    """A seeded game of heuristic bots, `actions` moves long (None: to its end)."""
    match = Match(title, title.default_options(scenario), seed)
    bots = {seat: title.make_bot("heuristic", seat) for seat in match.seats()}
    dice = Dice(seed_state(seed))
    while (seat := match.to_act()) is not None and (actions is None or len(match.actions) < actions):
        match.act(title.bot_action(bots[seat], match.state, dice))
    return match


@pytest.mark.parametrize(
    ("title", "scenario", "older"), [(STAWKA, "training-2", 4), (CURFEW, None, 1)], ids=["stawka", "curfew"]
)
def test_a_save_whose_state_stored_its_phase_opens_by_replaying_its_moves(
    title: Title[Any, Any, Any], scenario: str | None, older: int
) -> None:
    match = played(title, scenario, seed=3, actions=30)
    record = json.loads(match.to_json())
    assert "phase" not in record["state"], "the state stores no phase of its own"
    record["state"]["schema_version"] = older
    record["state"]["phase"] = match.state.phase
    again = Match.from_json(json.dumps(record), {title.id: title})
    assert again.state == match.state and again.actions == match.actions


def test_a_training_2_game_goes_from_the_placement_through_its_stages_to_its_end() -> None:
    """Training 2: "The remaining agents are placed by the Players ... alternately" before the
    first stage; each stage begins with the planning cards (Stage, A), then the
    activations (F); the game ends, the winner's carry-over choices first if he has any."""
    match = Match(STAWKA, STAWKA.default_options("training-2"), 5)
    bots = {seat: STAWKA.make_bot("heuristic", seat) for seat in match.seats()}
    dice = Dice(seed_state(5))
    parts: list[str] = []
    while True:
        state = match.state
        assert isinstance(state, StawkaState)
        if not parts or parts[-1] != state.phase:
            parts.append(state.phase)
        decision = STAWKA.decision(state)
        kinds = [d.kind for d in state.pending]
        if state.phase in ("placement", "planning", "carry_over"):
            assert kinds and kinds[0] in ("placement", "planning", "carry_over", "carry_item"), kinds
        else:
            assert not {"placement", "planning", "carry_over", "carry_item"} & set(kinds), kinds
        assert (decision is None) == (state.phase == "over")
        assert STAWKA.view(state, "polish").phase == state.phase
        if decision is None:
            break
        match.act(STAWKA.bot_action(bots[decision.seat], state, dice))
    assert parts[:3] == ["placement", "planning", "activations"]
    assert parts[-1] == "over" and parts[-2] in ("activations", "carry_over")
    stages = parts.count("planning")
    assert stages >= 2 and parts.count("activations") == stages
