"""The heuristic bot plays whole stories legally, keeping every invariant, and wins some."""

from __future__ import annotations

import pytest

from rules.core.simulate import play_one
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.state import QueenState


@pytest.mark.parametrize("story", TITLE.scenarios)
def test_heuristic_plays_stories_to_the_end_and_wins_some(story: str) -> None:
    results = []
    for seed in range(1, 13):
        state, actions = play_one(TITLE, story, seed, ["heuristic"])
        assert isinstance(state, QueenState)
        assert TITLE.invariants(state) == []
        outcome = TITLE.outcome(state)
        assert outcome is not None and actions > 0
        results.append(outcome.result)
    assert "win" in results, f"the careful bot never won {story} in 12 games: {results}"
