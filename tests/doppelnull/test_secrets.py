"""Secrets: no view shows the opponent's agent numbers except unmasked ones; `scramble`."""

from __future__ import annotations

from rules.core import Dice, seed_state
from rules.doppelnull import TITLE
from rules.doppelnull.deduction import clue_range
from rules.doppelnull.options import SEATS, DoppelnullOptions, opponent
from rules.doppelnull.state import DoppelnullState


def _random_game_states(seed: int) -> list[DoppelnullState]:
    dice = Dice(seed_state(seed))
    state = TITLE.new_game(DoppelnullOptions(games=2), seed=seed)
    states = [state]
    while TITLE.to_act(state) is not None:
        state, _ = TITLE.apply(state, dice.choice(TITLE.legal_actions(state)))
        states.append(state)
    return states


def test_a_view_never_shows_the_opponents_agent_numbers_except_unmasked_ones() -> None:
    """Setup 1: "Note! The numbers on the pawns are hidden from the opponent!"; Playing the Game 2: an
    unmasked pawn is placed aside "number facing up"."""
    for seed in range(3):
        for state in _random_game_states(seed):
            if TITLE.outcome(state) is not None:
                continue  # at game over nothing is secret (the test below)
            for seat in SEATS:
                other = TITLE.view(state, seat).sides[opponent(seat)]
                assert other.row == (None,) * 10
                assert other.boxed == () and other.waiting == ()
                for index, slot in enumerate(other.line):
                    if slot.unmasked:
                        assert slot.agent == state.lines[opponent(seat)].agents[index]
                    else:
                        assert slot.agent is None
            for side in TITLE.view(state, None).sides.values():
                assert all(slot.agent is None for slot in side.line if not slot.unmasked)


def test_own_agent_numbers_are_visible_to_their_owner() -> None:
    """Setup 1: "The numbers on the pawns are hidden from the opponent": not from their owner, who places
    them by their numbers (Setup 4)."""
    state = _random_game_states(5)[25]
    for seat in SEATS:
        own = TITLE.view(state, seat).sides[seat]
        assert own.row == state.pawns[seat]
        assert [s.agent for s in own.line] == list(state.lines[seat].agents)


def test_scramble_redeals_hidden_numbers_consistently_with_every_clue() -> None:
    dice = Dice(seed_state(99))
    changed = 0
    for state in _random_game_states(7):
        for observer in SEATS:
            scrambled = TITLE.scramble(state, observer, dice)
            assert TITLE.view(scrambled, observer) == TITLE.view(state, observer)
            assert TITLE.invariants(scrambled) == []
            other = opponent(observer)
            assert scrambled.pawns[observer] == state.pawns[observer], "the observer's own side is kept"
            line = scrambled.lines[other]
            for agent, clues in zip(line.agents, line.clues, strict=True):
                if agent is not None:
                    assert agent in clue_range(clues, 10)
            changed += scrambled.pawns[other] != state.pawns[other]
    assert changed > 50


def test_at_game_over_every_view_shows_every_pawn_number() -> None:
    """Nothing is secret once the game is over: the game-over screen shows whom nobody unmasked."""
    dice = Dice(seed_state(3))
    for seed in range(3):
        *_, before, over = _random_game_states(seed)
        assert TITLE.outcome(before) is None and TITLE.outcome(over) is not None
        never_unmasked = [
            (side, index)
            for side in SEATS
            for index, agent in enumerate(over.lines[side].agents)
            if agent is not None and not over.lines[side].unmasked[index]
        ]
        assert never_unmasked, "the winner keeps some agents masked"
        for viewer in (*SEATS, None):
            sides = TITLE.view(over, viewer).sides
            for side in SEATS:
                assert sides[side].row == over.pawns[side]
                assert sides[side].boxed == tuple(over.pawns[side][p] for p in over.removed[side])
                assert [slot.agent for slot in sides[side].line] == list(over.lines[side].agents)
            # One action earlier the same agents were still hidden from everyone else.
            hidden_before = TITLE.view(before, viewer).sides
            others = [(side, index) for side, index in never_unmasked if side != viewer]
            assert all(hidden_before[side].line[index].agent is None for side, index in others)
        for observer in SEATS:
            assert TITLE.scramble(over, observer, dice) == over, "nothing hidden: nothing re-dealt"
