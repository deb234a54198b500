"""The island race's Hard level (issue 17): the sensible agent, searched.

The search tries the sensible agent's choice and the next it ranks, plays the race to
its end from sampled worlds, gives the same race from the same seed, and is what the
table's hint asks."""

from __future__ import annotations

from typing import Any

from rules.core import Dice, seed_state
from rules.core.search import Budget, SearchBot, reproducible
from rules.island import TITLE
from rules.island.bots import SensibleBot
from rules.island.hard import IslandSearch, hard_bot
from rules.island.state import IslandState
from tests.bots.games import bot_states

SEED = 5


def sensible_race(seed: int) -> list[IslandState]:
    """Every state of a four-agent race the sensible agents play."""
    return bot_states(TITLE, TITLE.default_options(None), seed, SensibleBot())


def test_the_levels_are_easy_normal_hard_and_the_hint_is_hard() -> None:
    assert TITLE.bot_ids == ("random", "sensible", "hard")
    assert TITLE.default_bot == "sensible"
    assert TITLE.hint_bot == "hard"
    assert isinstance(TITLE.make_bot("hard", "red"), SearchBot)


def test_the_candidates_are_every_legal_action_the_sensible_choice_first() -> None:
    kinds = set()
    for state in sensible_race(SEED):
        seat = TITLE.to_act(state)
        assert seat is not None
        view, legal = TITLE.view(state, seat), TITLE.legal_actions(state)
        ranked = IslandSearch().rank(view, legal, seat, Dice(seed_state(9)))
        assert ranked[0] == SensibleBot().choose(view, legal, Dice(seed_state(9)))
        assert sorted(map(repr, ranked)) == sorted(map(repr, legal))
        if len(legal) > 1:
            kinds.add(legal[0].type)
    assert {"place", "encounter", "take_chip"} <= kinds


def test_it_plays_the_end_of_a_race_legally_and_alike_from_the_same_seed() -> None:
    start = sensible_race(SEED)[-25]

    def play() -> tuple[list[Any], list[int]]:
        bots = {seat: hard_bot(TITLE, seat, Budget(iterations=3)) for seat in start.players}
        state, dice = start, Dice(seed_state(SEED))
        actions, worlds = [], []
        with reproducible():
            while (seat := TITLE.to_act(state)) is not None:
                legal = TITLE.legal_actions(state)
                action = TITLE.bot_action(bots[seat], state, dice)
                assert action in legal
                if len(legal) > 1:
                    worlds.append(bots[seat].last_iterations)
                actions.append(action)
                state, _ = TITLE.apply(state, action)
        assert TITLE.outcome(state) is not None
        return actions, worlds

    actions, worlds = play()
    assert worlds and all(count == 3 for count in worlds), "every choice searched on 3 worlds"
    assert play()[0] == actions
