"""Deduction: clue ranges, numbers accounted for, and the exact posterior."""

from __future__ import annotations

import itertools
import math

from rules.core import Dice, seed_state
from rules.doppelnull import TITLE
from rules.doppelnull.actions import Swap
from rules.doppelnull.deduction import Posterior, clue_range, placements_count, possible_numbers
from rules.doppelnull.state import Clue
from rules.doppelnull.view import SideView
from tests.doppelnull.tables import playing_state


def test_clue_range_follows_the_signs() -> None:
    assert list(clue_range([Clue(card=3, sign="+")], 10)) == [4, 5, 6, 7, 8, 9, 10]
    assert list(clue_range([Clue(card=3, sign="+"), Clue(card=7, sign="-")], 10)) == [4, 5, 6]
    assert list(clue_range([Clue(card=1, sign="-")], 10)) == []


def test_placements_count_is_the_number_of_valid_placements() -> None:
    assert placements_count(0, 7) == math.factorial(7)
    assert placements_count(7, 7) == 1854, "all seven on their own numbers' cards: derangements"
    agents, cards = (1, 2, 3, 8, 9, 10, 4), (1, 2, 5, 6, 7, 11, 12)
    valid = sum(
        all(a != c for a, c in zip(agents, order, strict=True)) for order in itertools.permutations(cards)
    )
    assert placements_count(2, 7) == valid


def test_numbers_accounted_for_are_struck_from_the_other_agents() -> None:
    # Male sees female agents 4..10 on cards 1..7 ("+"); unmask 8, then 9 and 10 are
    # the only numbers above 7, and so on.
    state = playing_state()
    state, _ = TITLE.apply(state, Swap(card=8, slot=4))
    side = TITLE.view(state, "male").sides["female"]
    domains = possible_numbers(side)
    assert domains[4] == {8}
    assert domains[6] == {9, 10}, "above card 7, and 8 is accounted for"
    assert domains[5] == {7, 9, 10}, "above card 6 and not 8"
    assert domains[0] == {2, 3, 4, 5, 6, 7, 9, 10}


def test_the_view_lists_each_slots_possible_numbers_for_the_notebook() -> None:
    """The rules work the notebook out, the table only shows it (issue 33, point 5): each
    slot of a side as a seat sees it carries the numbers `possible_numbers` allows."""
    state = playing_state()
    state, _ = TITLE.apply(state, Swap(card=8, slot=4))
    view = TITLE.view(state, "male")
    theirs = view.sides["female"]
    assert [slot.possible for slot in theirs.line] == [tuple(sorted(d)) for d in possible_numbers(theirs)]
    assert theirs.line[6].possible == (9, 10), "above card 7, and 8 is accounted for"
    mine = view.sides["male"]
    assert all(slot.possible == (slot.agent,) for slot in mine.line if slot.agent is not None)


def test_a_number_certain_for_one_agent_is_struck_from_the_others() -> None:
    state = playing_state()
    state, _ = TITLE.apply(state, Swap(card=8, slot=4))  # unmasks 8, male plays again
    state, _ = TITLE.apply(state, Swap(card=9, slot=6))  # agent 10 over card 9: "+"
    domains = possible_numbers(TITLE.view(state, "male").sides["female"])
    assert domains[6] == {10}
    assert domains[5] == {7, 9}, "above card 6, and 8 and 10 are accounted for"
    assert domains[3] == {5, 6, 7, 9}


def _brute_force(side: SideView) -> dict[int, dict[int, float]]:
    """Every assignment of numbers to the hidden slots, weighted 1/M(k), the slow way."""
    hidden = [i for i, s in enumerate(side.line) if s.placed and not s.unmasked]
    known = {s.agent for s in side.line if s.unmasked}
    free = [n for n in range(1, 11) if n not in known]
    totals: dict[int, dict[int, float]] = {i: {} for i in hidden}
    grand = 0.0
    for numbers in itertools.permutations(free, len(hidden)):
        if not all(n in clue_range(side.line[i].clues, 10) for i, n in zip(hidden, numbers, strict=True)):
            continue
        active = set(numbers) | known
        weight = 1.0 / placements_count(len(active & set(side.dealt)), 7)
        grand += weight
        for i, n in zip(hidden, numbers, strict=True):
            totals[i][n] = totals[i].get(n, 0.0) + weight
    return {i: {n: w / grand for n, w in d.items()} for i, d in totals.items()}


def test_posterior_equals_the_enumeration_of_every_consistent_assignment() -> None:
    state = playing_state()
    for action in (Swap(card=8, slot=4), Swap(card=10, slot=0), Swap(card=10, slot=0), Swap(card=9, slot=1)):
        state, _ = TITLE.apply(state, action)
    side = TITLE.view(state, "male").sides["female"]
    exact = Posterior(side).marginals
    slow = _brute_force(side)
    assert exact.keys() == slow.keys()
    for slot, numbers in slow.items():
        assert exact[slot].keys() == numbers.keys()
        for number, probability in numbers.items():
            assert math.isclose(exact[slot][number], probability, rel_tol=1e-9)
        assert math.isclose(sum(exact[slot].values()), 1.0)


def test_posterior_samples_respect_every_clue_and_are_distinct() -> None:
    state = playing_state()
    state, _ = TITLE.apply(state, Swap(card=10, slot=0))
    side = TITLE.view(state, "female").sides["male"]
    posterior = Posterior(side)
    dice = Dice(seed_state(1))
    for _ in range(50):
        drawn = posterior.sample(dice)
        assert sorted(drawn) == list(range(7))
        assert len(set(drawn.values())) == 7
        for slot, number in drawn.items():
            assert number in clue_range(side.line[slot].clues, 10)
