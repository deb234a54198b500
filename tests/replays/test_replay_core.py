"""Replays in the rules core: a seeded game of every title and scenario replays to the end
with the digest of the game as it was played, step by step (issue 32, "Done when")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules.core import GameOptions, IllegalAction, Match
from rules.core.replay import Replay, state_digest
from rules.registry import TITLES
from tests.replays.games import cases, played

CASES = list(cases())


@pytest.mark.parametrize(("title_id", "scenario", "options"), CASES, ids=[f"{t}-{s}" for t, s, _ in CASES])
def test_a_seeded_game_replays_to_the_end_with_the_digest_of_every_step(
    title_id: str, scenario: str, options: Callable[[], GameOptions]
) -> None:
    title = TITLES[title_id]
    match = played(title_id, options(), seed=11)
    assert title.is_over(match.state), f"{title_id} {scenario}: the game did not end"
    # The digests of the game as it was played, step by step.
    again = Match(title, match.options, match.seed)
    digests = [state_digest(title, again.state)]
    for action in match.actions:
        again.act(action)
        digests.append(state_digest(title, again.state))

    loaded = Match.from_json(match.to_json(), TITLES)  # as from the Load list: through the save
    replay = Replay.of(loaded)
    assert replay.last == len(match.actions)
    assert replay.digest() == state_digest(title, match.state) == digests[-1]
    for step in (0, replay.last // 2, 1, replay.last, replay.last - 1, 0):  # back and forth
        assert replay.go(step) == step
        assert state_digest(title, replay.match.state) == digests[step]
        assert replay.match.actions == list(match.actions[:step])
    assert [replay.digest(step) for step in range(replay.last + 1)] == digests
    assert replay.match.log == list(match.log[: replay.ends[0]])
    replay.go(replay.last)
    assert [e.model_dump() for e in replay.match.log] == [e.model_dump() for e in match.log]


def test_the_log_lines_belong_to_the_steps_that_made_them() -> None:
    match = played("doppelnull", TITLES["doppelnull"].default_options(None), seed=3)
    replay = Replay.of(match)
    for index, event in enumerate(replay.log):
        step = replay.step_of(index)
        assert any(made is event for made in replay.events(step))
    assert sum(len(replay.events(step)) for step in range(replay.last + 1)) == len(replay.log)


def test_marks_are_the_steps_where_a_stage_round_or_chapter_begins() -> None:
    for title_id, scenario in (("stawka", "training-1"), ("queen-of-spies", "news-on-the-wing")):
        match = played(title_id, TITLES[title_id].default_options(scenario), seed=4)
        replay = Replay.of(match)
        marks = replay.marks()
        assert marks[0] == (0, replay.progress(0))
        assert len(marks) > 2, f"{title_id}: a whole game has more than one stage or round"
        for step, progress in marks[1:]:
            assert progress == replay.progress(step) != replay.progress(step - 1)
        begun = {step for step, _ in marks}
        assert all(
            replay.progress(step) == replay.progress(step - 1)
            for step in range(1, replay.last + 1)
            if step not in begun
        )


def test_a_replay_leaves_the_match_it_was_made_of_as_it_was() -> None:
    match = played("island", TITLES["island"].default_options(None), seed=2, limit=60)
    state, actions, log = match.state, list(match.actions), list(match.log)
    replay = Replay.of(match)
    replay.go(0)
    assert match.state is state and match.actions == actions and match.log == log
    assert replay.match is not match


def test_an_action_the_rules_refuse_stops_the_replay() -> None:
    title = TITLES["doppelnull"]
    match = played("doppelnull", title.default_options(None), seed=5, limit=8)
    actions = list(match.actions)
    with pytest.raises(IllegalAction):
        Replay(title, match.options, match.seed, [*actions[:3], actions[2]], match.dice)
