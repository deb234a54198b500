"""Seeds give independent games (issue 27, point 15), and saves made before keep their dice.

`simulate` plays game i on seed + i: its figures are only independent samples if nearby
seeds roll unrelated dice.  Version 1 of the generator turned seed s into s·γ + c and
stepped by γ, so seed s + 1 was seed s one draw later.
"""

from __future__ import annotations

import itertools
import json

import pytest

from rules.core import Dice, Match, seed_state
from rules.core.rng import DICE_VERSION, dice_version
from rules.registry import TITLES

ROLLS = 12


def rolls(seed: int) -> list[int]:
    dice = Dice(seed_state(seed))
    return [dice.d6() for _ in range(ROLLS)]


def test_version_1_replayed_the_previous_seed_one_draw_later() -> None:
    """The defect, kept reproducible for old saves: seeds 2 and 3 roll seed 1's dice."""
    with dice_version(1):
        first, second, third = rolls(1), rolls(2), rolls(3)
    assert second[: ROLLS - 1] == first[1:]
    assert third[: ROLLS - 2] == first[2:]


def test_nearby_seeds_roll_unrelated_dice() -> None:
    """Seed s + 1 is no shifted copy of seed s, and the first rolls of consecutive seeds
    agree about as often as two independent dice do (1 in 6)."""
    streams = [rolls(seed) for seed in range(2000)]
    for before, after in itertools.pairwise(streams):
        for shift in range(1, 4):
            assert after[: ROLLS - shift] != before[shift:]
    same = sum(a[0] == b[0] for a, b in itertools.pairwise(streams)) / (len(streams) - 1)
    assert abs(same - 1 / 6) < 0.03
    # The next roll of seed s against the first of seed s + 1: version 1 always agreed.
    next_roll = sum(a[1] == b[0] for a, b in itertools.pairwise(streams)) / (len(streams) - 1)
    assert abs(next_roll - 1 / 6) < 0.03


def test_nearby_seeds_deal_different_games() -> None:
    """The openings of consecutive seeds differ in every title (a deal is a run of draws)."""
    for title in TITLES.values():
        options = title.default_options(title.scenarios[0] if title.scenarios else None)
        dumps = [title.dump(title.start(options, seed)[0]) for seed in range(5)]
        assert len(set(dumps)) == 5, title.id


def test_dice_version_is_only_inside_its_block() -> None:
    new = seed_state(7)
    with dice_version(1):
        old = seed_state(7)
    assert old == (7 * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) % 2**64
    assert seed_state(7) == new != old
    with pytest.raises(ValueError), dice_version(DICE_VERSION + 1):
        pass


def _old_save(seed: int, actions: int) -> tuple[str, Match]:
    """A Stawka game as a save from before the seeds were mixed wrote it: no ``dice``."""
    title = TITLES["stawka"]
    match = Match(title, title.default_options("training-1"), seed, dice=1)
    bots = {seat: title.make_bot("heuristic", seat) for seat in match.seats()}
    dice = Dice(seed_state(seed))
    for _ in range(actions):
        seat = match.to_act()
        assert seat is not None
        match.act(title.bot_action(bots[seat], match.state, dice))
    record = json.loads(match.to_json())
    assert record.pop("dice") == 1
    return json.dumps(record), match


def test_a_save_from_before_replays_its_own_dice() -> None:
    text, played = _old_save(3, 40)
    loaded = Match.from_json(text, TITLES)
    assert loaded.dice == 1 and loaded.state == played.state
    # Saved again, it names its generator and still loads.
    assert json.loads(loaded.to_json())["dice"] == 1
    assert Match.from_json(loaded.to_json(), TITLES).state == played.state
    # The same moves on today's dice are another game (so the version above mattered).
    title = TITLES["stawka"]
    assert title.start(played.options, 3)[0] != Match(title, played.options, 3, dice=1).state


def test_a_new_save_names_todays_generator() -> None:
    title = TITLES["doppelnull"]
    match = Match(title, title.default_options(None), 11)
    assert json.loads(match.to_json())["dice"] == DICE_VERSION
    assert Match.from_json(match.to_json(), TITLES).state == match.state
