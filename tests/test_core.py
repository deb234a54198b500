"""The shared rules core: randomness, apply's guarantees, the undo window, Match."""

from __future__ import annotations

from collections import Counter
from typing import cast

import pytest

from rules.core import Dice, IllegalAction, Match, seed_state
from tests.toy_title import TOY, Confirm, Pick, ToyState


def test_dice_replay_from_the_same_state() -> None:
    first = Dice(seed_state(42))
    rolls = [first.d6() for _ in range(20)]
    again = Dice(seed_state(42))
    assert [again.d6() for _ in range(20)] == rolls
    assert Dice(first.state).d6() == Dice(again.state).d6()


def test_dice_are_fair_enough() -> None:
    dice = Dice(seed_state(1))
    counts = Counter(dice.d6() for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_000 < n < 11_000 for n in counts.values()), counts


def test_shuffle_is_a_permutation_and_varies() -> None:
    dice = Dice(seed_state(3))
    deck = list(range(20))
    shuffles = {tuple(dice.shuffled(deck)) for _ in range(50)}
    assert all(sorted(s) == deck for s in shuffles)
    assert len(shuffles) == 50


def test_illegal_action_leaves_state_unchanged() -> None:
    state = TOY.new_game(TOY.default_options(), 5)
    before = TOY.dump(state)
    with pytest.raises(IllegalAction, match="Pick a number"):
        TOY.apply(state, Confirm())
    with pytest.raises(IllegalAction, match="not an action"):
        TOY.apply(state, {"type": "fly"})
    assert TOY.dump(state) == before


def test_undo_allowed_until_information_is_gained() -> None:
    match = Match(TOY, TOY.default_options(), 9)
    match.act(Pick(number=2))
    assert match.can_undo(), "a secret pick reveals nothing: it may be taken back"
    match.act(Pick(number=3))
    match.undo()
    assert TOY.view(cast(ToyState, match.state), "odd").my_pick == 2
    match.undo()
    assert not match.can_undo()
    assert match.actions == [] and match.log == []
    match.act(Pick(number=1))
    match.act(Confirm())
    assert not match.can_undo(), "confirming hands over to the other seat: a barrier"
    match.act(Pick(number=1))
    match.act(Confirm())
    assert not match.can_undo(), "the die was rolled: a barrier"
    with pytest.raises(IllegalAction):
        match.undo()


def test_log_is_filtered_per_seat() -> None:
    match = Match(TOY, TOY.default_options(), 9)
    match.act(Pick(number=2))
    assert [e.kind for e in match.log_for("odd")] == ["pick"]
    assert match.log_for("even") == []
    assert match.log_for(None) == []


def test_game_over_refuses_actions() -> None:
    match = Match(TOY, TOY.default_options(), 9)
    match.act({"type": "concede"})
    assert match.outcome() is not None and match.outcome().winners == ("even",)  # type: ignore[union-attr]
    with pytest.raises(IllegalAction, match="over"):
        match.act(Pick(number=1))


def test_the_rng_docstring_example_holds() -> None:
    import doctest

    import rules.core.rng

    result = doctest.testmod(rules.core.rng)
    assert result.attempted >= 4 and result.failed == 0
