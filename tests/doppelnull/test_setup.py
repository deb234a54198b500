"""Setup ("Setup" 1-4) and who starts ("Playing the Game", first paragraph)."""

from __future__ import annotations

import random

import pytest

from rules.core import IllegalAction, SeatConfig
from rules.doppelnull import TITLE
from rules.doppelnull.actions import ChooseStarter, Place, Remove
from rules.doppelnull.options import SEATS, DoppelnullOptions
from rules.doppelnull.state import DoppelnullState, phase_of
from rules.doppelnull.view import DoppelnullView

NUMBERS = list(range(1, 11))


def _blind_picks_done(state: DoppelnullState) -> DoppelnullState:
    while phase_of(state) == "blind_pick":
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    return state


def _view(state: DoppelnullState, seat: str) -> DoppelnullView:
    return TITLE.view(state, seat)


def test_deal_gives_each_side_ten_pawns_seven_cards_laid_and_three_in_hand() -> None:
    """Setup 1 and 3: "Each player takes 10 pawns and 10 cards"; "lay out 7 cards in a row in front of the
    opponent's pawns ... The remaining 3 cards stay in the players' hands"."""
    state = TITLE.new_game(DoppelnullOptions(starter="random"), seed=4)
    for seat, other in (("male", "female"), ("female", "male")):
        assert sorted(state.pawns[seat]) == NUMBERS
        assert len(state.lines[other].cards) == 7 and len(state.hands[seat]) == 3
        assert sorted(state.lines[other].cards + state.hands[seat].cards) == NUMBERS
    assert phase_of(state) == "blind_pick"


def test_each_player_removes_three_opponent_agents_blind() -> None:
    """Setup 2: "Each player then randomly chooses 3 of the opponent's pawns, without looking at their
    numbers, and returns them to the box." """
    state = TITLE.new_game(DoppelnullOptions(starter="random"), seed=4)
    assert TITLE.to_act(state) == "male"
    picker_view = _view(state, "male")
    assert picker_view.sides["female"].row == (None,) * 10, "the picker must not see the numbers"
    for position in (2, 5, 9):
        state, events = TITLE.apply(state, Remove(position=position))
        public = [e for e in events if e.visible_to is None]
        assert all("agent" not in e.params for e in public), "the public log must not name the number"
    assert state.removed["female"] == (2, 5, 9)
    assert TITLE.to_act(state) == "female", "after three picks the other player picks"
    male_view = _view(state, "male").sides["female"]
    assert male_view.removed == (2, 5, 9) and male_view.boxed == () and male_view.row == (None,) * 10
    female_view = _view(state, "female").sides["female"]
    assert female_view.boxed == tuple(state.pawns["female"][p] for p in (2, 5, 9))
    with pytest.raises(IllegalAction):
        TITLE.apply(state, Remove(position=10))


def test_a_removed_agent_cannot_be_removed_again() -> None:
    """Setup 2: "3 of the opponent's pawns": three different pawns; one in the box cannot be chosen again."""
    state = TITLE.new_game(DoppelnullOptions(starter="random"), seed=4)
    state, _ = TITLE.apply(state, Remove(position=3))
    with pytest.raises(IllegalAction):
        TITLE.apply(state, Remove(position=3))
    assert Remove(position=3) not in TITLE.legal_actions(state)


def test_no_placement_on_the_card_of_the_same_number() -> None:
    """Setup 4: "a pawn's number may not be placed on a card with the same number"."""
    state = _blind_picks_done(TITLE.new_game(DoppelnullOptions(starter="random"), seed=11))
    seat = TITLE.to_act(state)
    assert seat == "female" and phase_of(state) == "placement"
    line = state.lines[seat]
    waiting = _view(state, seat).sides[seat].waiting
    equal = [(agent, slot) for agent in waiting for slot, card in enumerate(line.cards) if card == agent]
    assert equal, "seed 11 should deal at least one agent whose number lies in the line"
    for agent, slot in equal:
        with pytest.raises(IllegalAction, match="same number"):
            TITLE.apply(state, Place(agent=agent, slot=slot))
    assert all(line.cards[a.slot] != a.agent for a in TITLE.legal_actions(state) if isinstance(a, Place))


def test_placement_sign_is_forced_by_the_numbers() -> None:
    """Setup 4: "+" when the pawn is higher than the card, "-" when lower."""
    state = _blind_picks_done(TITLE.new_game(DoppelnullOptions(starter="random"), seed=11))
    seat = "female"
    seen_signs = set()
    while TITLE.to_act(state) == seat:
        action = TITLE.legal_actions(state)[-1]
        assert isinstance(action, Place)
        state, _ = TITLE.apply(state, action)
        slot = _view(state, seat).sides[seat].line[action.slot]
        expected = "+" if action.agent > slot.card else "-"
        assert slot.sign == expected and slot.agent == action.agent
        seen_signs.add(expected)
    assert seen_signs == {"+", "-"}


def test_the_last_agent_may_not_be_left_facing_its_own_number() -> None:
    """Setup 4: "a pawn's number may not be placed on a card with the same number": a placement that would
    force the last agent onto its own number is refused."""
    state = _blind_picks_done(TITLE.new_game(DoppelnullOptions(starter="random"), seed=11))
    seat = "female"
    for _ in range(5):
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    line = state.lines[seat]
    waiting = list(_view(state, seat).sides[seat].waiting)
    free = [slot for slot, agent in enumerate(line.agents) if agent is None]
    refused = 0
    for agent in waiting:
        for slot in free:
            other_agent = next(a for a in waiting if a != agent)
            other_slot = next(s for s in free if s != slot)
            if line.cards[slot] != agent and line.cards[other_slot] == other_agent:
                refused += 1
                assert Place(agent=agent, slot=slot) not in TITLE.legal_actions(state)
                with pytest.raises(IllegalAction):
                    TITLE.apply(state, Place(agent=agent, slot=slot))
    legal = TITLE.legal_actions(state)
    assert legal and all(isinstance(a, Place) for a in legal)
    assert refused + len(legal) + sum(line.cards[s] == a for a in waiting for s in free) == 4


def test_placements_stay_secret_until_both_players_have_placed() -> None:
    """Placement is a simultaneous secret choice made behind the curtain."""
    state = _blind_picks_done(TITLE.new_game(DoppelnullOptions(starter="random"), seed=11))
    while TITLE.to_act(state) == "female":
        state, events = TITLE.apply(state, TITLE.legal_actions(state)[0])
        assert all(e.visible_to == ("female",) for e in events if e.kind == "place")
    assert _view(state, "female").sides["female"].placed_all
    for slot in _view(state, "male").sides["female"].line:
        assert not slot.placed and slot.sign is None and slot.clues == ()
    assert _view(state, "male").sides["female"].placed_all, "that she is done is public"
    while TITLE.to_act(state) == "male":
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    assert phase_of(state) == "play"
    for slot in _view(state, "male").sides["female"].line:
        assert slot.placed and slot.sign in ("+", "-") and slot.agent is None


def test_random_starter_starts_the_play() -> None:
    """Playing the Game: "The game is started by the player whose ID card ... has the higher number"; with
    `starter="random"` lots stand in for the comparison."""
    starters = set()
    for seed in range(8):
        state = TITLE.new_game(DoppelnullOptions(starter="random"), seed=seed)
        assert state.starter in SEATS
        starters.add(state.starter)
        while phase_of(state) != "play":
            state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
        assert TITLE.to_act(state) == state.starter
    assert starters == set(SEATS)


def test_against_the_computer_lots_are_drawn() -> None:
    """A computer has no identity card to compare (issue 11, point 6)."""
    options = DoppelnullOptions(
        starter="choose",
        seats={"male": SeatConfig(bot="expert"), "female": SeatConfig(name="Ewa")},
    )
    state = TITLE.new_game(options, seed=3)
    assert phase_of(state) == "blind_pick" and state.starter in ("male", "female")


def test_players_may_choose_the_starter() -> None:
    """Playing the Game: "The game is started by the player whose ID card or identity card ... has the higher
    number": the players compare theirs and tell the game who won."""
    options = DoppelnullOptions(
        starter="choose",
        seats={"male": SeatConfig(name="Ola"), "female": SeatConfig(name="Ewa")},
    )
    state = TITLE.new_game(options, seed=3)
    assert phase_of(state) == "starter" and state.starter is None
    assert TITLE.to_act(state) == "male", "a person at the table chooses"
    assert TITLE.legal_actions(state) == [
        ChooseStarter(seat="male"),
        ChooseStarter(seat="female"),
        ChooseStarter(seat=None),
    ]
    with pytest.raises(IllegalAction):
        TITLE.apply(state, Remove(position=0))
    state, _ = TITLE.apply(state, ChooseStarter(seat="male"))
    while phase_of(state) != "play":
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    assert TITLE.to_act(state) == "male"


def test_the_players_may_let_the_game_draw_lots_for_the_starter() -> None:
    """Playing the Game: "The game is started by the player whose ID card ... has the higher number": players
    who do not want to compare may let the game draw lots."""
    starters = set()
    for seed in range(8):
        state = TITLE.new_game(DoppelnullOptions(), seed=seed)
        assert phase_of(state) == "starter", "choosing is the default"
        state, events = TITLE.apply(state, ChooseStarter(seat=None))
        assert events[0].key == "doppelnull.starter_random"
        assert state.starter in SEATS and phase_of(state) == "blind_pick"
        starters.add(state.starter)
    assert starters == set(SEATS)


def test_the_series_length_and_the_starter_are_setup_choices() -> None:
    """ "Game Variant": a single game or a series of N, chosen before the game."""
    assert TITLE.scenarios == ()
    assert TITLE.default_options().games == 1
    choices = {choice.field: choice for choice in TITLE.setup_choices(None)}
    assert [option.value for option in choices["games"].values] == list(range(1, 10))
    assert [option.value for option in choices["starter"].values] == ["choose", "random"]
    options = TITLE.make_options(None, choices={"games": 5, "starter": "random"})
    assert (options.games, options.starter) == (5, "random")
    state = TITLE.new_game(options, seed=1)
    assert state.games == 5 and state.starter in SEATS, "lots are drawn without asking"


def test_saves_naming_the_old_series_scenarios_still_load() -> None:
    assert DoppelnullOptions.model_validate({"scenario": "series-3"}).games == 3
    assert DoppelnullOptions.model_validate({"scenario": "series-5", "games": 5}).games == 5
    with pytest.raises(ValueError, match="series of 2"):
        DoppelnullOptions(scenario="series-3", games=2)


def test_the_blind_pick_drawn_by_lots_sends_three_of_each_row_to_the_box() -> None:
    """Setup 2, "Each player then randomly chooses 3 of the opponent's pawns, without
    looking at their numbers": with `blind_pick="lots"` the game draws them (a quick
    match), the same random choice, and play goes on with the placement; a series deals
    every game so."""
    seen: set[tuple[int, ...]] = set()
    for seed in range(20):
        options = DoppelnullOptions(starter="random", blind_pick="lots", games=2)
        state = TITLE.new_game(options, seed=seed)
        assert phase_of(state) == "placement"
        for seat in SEATS:
            removed = state.removed[seat]
            assert len(set(removed)) == 3 and all(0 <= p < 10 for p in removed)
            seen.add(removed)
            assert len(_view(state, seat).sides[seat].boxed) == 3, "the owner sees which of his went"
        assert TITLE.invariants(state) == []
    assert len(seen) > 20, "the draw is random"
    state = TITLE.new_game(DoppelnullOptions(starter="random", blind_pick="lots", games=2), seed=3)
    chooser = random.Random(3)
    for _ in range(2000):  # random legal moves to the second game's deal
        if state.game_number > 1:
            break
        state, _ = TITLE.apply(state, chooser.choice(TITLE.legal_actions(state)))
    assert state.game_number == 2
    assert phase_of(state) == "placement" and all(len(state.removed[seat]) == 3 for seat in SEATS)


def test_a_random_arrangement_is_legal_and_a_refused_one_says_why() -> None:
    """Setup 4 ("a pawn's number may not be placed on a card with the same number"): the
    table's "Arrange for me" draws a legal arrangement; the rules refuse one that puts an
    agent on his own number, or leaves an agent out."""
    from rules.core import Dice, seed_state
    from rules.doppelnull.setup_rules import arrangement_refusal, random_arrangement, unplaced_agents

    for seed in range(30):
        state = TITLE.new_game(DoppelnullOptions(starter="random", blind_pick="lots"), seed=seed)
        seat = TITLE.to_act(state)
        assert seat is not None
        arrangement = random_arrangement(state, seat, Dice(seed_state(seed)))
        assert sorted(arrangement.values()) == sorted(unplaced_agents(state, seat))
        assert arrangement_refusal(state, seat, arrangement) is None
        for slot, agent in sorted(arrangement.items()):
            state, _ = TITLE.apply(state, Place(agent=agent, slot=slot))
        assert TITLE.invariants(state) == []
    state = TITLE.new_game(DoppelnullOptions(starter="random", blind_pick="lots"), seed=1)
    seat = TITLE.to_act(state)
    assert seat is not None
    line = state.lines[seat]
    arrangement = random_arrangement(state, seat, Dice(seed_state(1)))
    agent = next(a for a in arrangement.values() if a in line.cards)
    own = line.cards.index(agent)
    bad = {slot: a for slot, a in arrangement.items() if a != agent and slot != own}
    bad[own] = agent
    bad[next(slot for slot in arrangement if slot not in bad)] = arrangement[own]
    refusal = arrangement_refusal(state, seat, bad)
    assert refusal is not None and refusal.key == "doppelnull.refusal.own_number"
    short = dict(list(arrangement.items())[:-1])
    refusal = arrangement_refusal(state, seat, short)
    assert refusal is not None and refusal.key == "doppelnull.refusal.arrangement"


def test_each_player_plays_one_set_of_the_box() -> None:
    """Setup 1: "Each player takes 10 pawns and 10 cards of the chosen type: male agents or
    female agents"; "Players arrange their pawns in a row in front of themselves"."""
    assert TITLE.seats(DoppelnullOptions()) == ("male", "female")
    state = TITLE.new_game(DoppelnullOptions(starter="random"), seed=8)
    for seat in SEATS:
        assert len(state.pawns[seat]) == 10 and sorted(state.pawns[seat]) == NUMBERS
        assert _view(state, seat).sides[seat].row == state.pawns[seat], "the owner sees his row"


def test_after_the_blind_pick_each_player_has_seven_pawns_in_front_of_him() -> None:
    """Setup 2: "These pawns will not take part in the game. Each player therefore has 7
    pawns in front of them"; Setup 4: "Players place their 7 pawns on the 7 opponent
    cards" (a boxed pawn cannot be placed)."""
    state = _blind_picks_done(TITLE.new_game(DoppelnullOptions(starter="random"), seed=12))
    for seat in SEATS:
        assert len(state.removed[seat]) == 3
        waiting = _view(state, seat).sides[seat].waiting
        assert len(waiting) == 7 and len(state.lines[seat].cards) == 7
        boxed = _view(state, seat).sides[seat].boxed
        assert len(boxed) == 3 and not set(boxed) & set(waiting)
    seat = TITLE.to_act(state)
    assert seat is not None
    boxed_agent = _view(state, seat).sides[seat].boxed[0]
    free_slot = next(s for s, card in enumerate(state.lines[seat].cards) if card != boxed_agent)
    with pytest.raises(IllegalAction, match="not one of your agents waiting"):
        TITLE.apply(state, Place(agent=boxed_agent, slot=free_slot))
    while phase_of(state) == "placement":
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    for seat in SEATS:
        placed = state.lines[seat].agents
        assert None not in placed and len(set(placed)) == 7, "one agent on each of the 7 cards"
        assert not set(placed) & {state.pawns[seat][p] for p in state.removed[seat]}


def test_the_cards_are_shuffled_before_they_are_laid_out() -> None:
    """Setup 3: "Players shuffle their cards, and then lay out 7 cards in a row in front
    of the opponent's pawns"; which seven, in which order, and the three kept in hand,
    differ from game to game (as the rows of pawns do, Setup 1)."""
    lines = set()
    hands = set()
    rows = set()
    for seed in range(12):
        state = TITLE.new_game(DoppelnullOptions(starter="random"), seed=seed)
        lines.add(state.lines["male"].cards)
        hands.add(tuple(sorted(state.hands["female"].cards)))
        rows.add(state.pawns["male"])
    assert len(lines) == 12 and len(hands) > 6 and len(rows) == 12


def test_the_card_numbers_are_seen_by_both_players() -> None:
    """Setup 3: the cards are laid "so that the numbers on the cards face their owners";
    the pawn's owner must read them too, to stand his pawn on "+" or "-" (Setup 4), so
    card numbers are public (our reading, CONTENT.md).  The hands are the three numbers
    not on the table, so they are public too."""
    state = TITLE.new_game(DoppelnullOptions(starter="random"), seed=6)
    for viewer in (*SEATS, None):
        for side in SEATS:
            seen = TITLE.view(state, viewer).sides[side]
            assert tuple(slot.card for slot in seen.line) == state.lines[side].cards
            assert seen.hand == state.hands[side].cards


def test_the_table_asks_the_arrangement_rules_from_the_seat_s_own_side() -> None:
    """Setup 4 ("a pawn's number may not be placed on a card with the same number"), asked
    from what the seat sees of its own side (the table holds no state): the same draw and
    the same refusals as from the state, after none, some or all agents are placed."""
    from rules.core import Dice, seed_state
    from rules.doppelnull.setup_rules import (
        arrangement_refusal,
        random_arrangement,
        seen_arrangement_refusal,
        seen_random_arrangement,
    )
    from rules.doppelnull.view import DoppelnullView

    checked = 0
    for seed in range(12):
        state = TITLE.new_game(DoppelnullOptions(starter="random", blind_pick="lots"), seed=seed)
        seat = TITLE.to_act(state)
        assert seat is not None
        arrangement = random_arrangement(state, seat, Dice(seed_state(seed)))
        for placed, (slot, agent) in enumerate([*sorted(arrangement.items()), (None, None)]):
            if TITLE.to_act(state) != seat:
                break
            side = TITLE.view(state, seat)
            assert isinstance(side, DoppelnullView)
            own = side.sides[seat]
            drawn = seen_random_arrangement(own, Dice(seed_state(seed + placed)))
            assert drawn == random_arrangement(state, seat, Dice(seed_state(seed + placed)))
            wrong = {s: a for s, a in list(drawn.items())[1:]}
            swapped = {s: drawn[t] for s, t in zip(drawn, reversed(list(drawn)), strict=True)}
            for asked in (drawn, wrong, swapped):
                seen, real = seen_arrangement_refusal(own, asked), arrangement_refusal(state, seat, asked)
                assert (seen and seen.key) == (real and real.key), (seed, placed, asked)
                checked += real is not None
            if slot is None:
                break
            state, _ = TITLE.apply(state, Place(agent=agent, slot=slot))
    assert checked > 12, "refusals were compared, not only allowed arrangements"
