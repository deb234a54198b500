"""The decisions as objects: each moment of a game is one typed decision, answered through
the title's rulebook, with the dice in the base title's hands."""

from __future__ import annotations

import json

import pytest

from rules.core import Decision, Dice, IllegalAction, SaveError, SeatConfig, seed_state
from rules.doppelnull import TITLE
from rules.doppelnull.actions import ChooseStarter, Place, Remove, Swap
from rules.doppelnull.options import DoppelnullOptions
from rules.doppelnull.state import BlindPick, ChoosingStarter, Placing, PlayTurn
from tests.doppelnull.tables import playing_state


def test_each_phase_waits_for_its_own_kind_of_decision() -> None:
    options = DoppelnullOptions(seats={"male": SeatConfig(name="Ala"), "female": SeatConfig(name="Ewa")})
    state = TITLE.new_game(options, seed=5)
    seen: list[tuple[type[Decision], str]] = []
    while (decision := TITLE.decision(state)) is not None and not isinstance(decision, PlayTurn):
        if not seen or seen[-1] != (type(decision), decision.seat):
            seen.append((type(decision), decision.seat))
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    assert seen == [
        (ChoosingStarter, "male"),
        (BlindPick, "male"),
        (BlindPick, "female"),
        (Placing, "female"),
        (Placing, "male"),
    ], "the starter is said first, then the order that needs three handovers (deal.setup_pending)"
    assert TITLE.decision(state) == PlayTurn(seat=state.starter)


def test_an_action_of_another_phase_is_refused_with_what_the_decision_expects() -> None:
    state = TITLE.new_game(DoppelnullOptions(), seed=5)
    with pytest.raises(IllegalAction, match="say who starts"):
        TITLE.apply(state, Remove(position=0))
    with pytest.raises(IllegalAction, match="swap a card from your hand"):
        TITLE.apply(playing_state(), Place(agent=1, slot=0))


def test_drawing_lots_uses_the_games_dice_and_writes_them_back_once() -> None:
    state = TITLE.new_game(DoppelnullOptions(), seed=9)
    expected = Dice(state.rng)
    starter = expected.choice(("male", "female"))
    after, events = TITLE.apply(state, ChooseStarter(seat=None))
    assert after.starter == starter and after.rng == expected.state
    assert events[0].params == {"player": starter}, "the seat, which the table names in its language"


def test_a_saved_state_names_its_decisions_and_refuses_an_unknown_one() -> None:
    state = TITLE.new_game(DoppelnullOptions(), seed=5)
    dumped = json.loads(TITLE.dump(state))
    assert [d["kind"] for d in dumped["pending"]][-2:] == ["blind_pick", "starter"]
    assert TITLE.load(TITLE.dump(state)) == state
    dumped["pending"][-1]["kind"] = "bribe"
    with pytest.raises(SaveError):
        TITLE.load(json.dumps(dumped))


def test_the_hands_are_the_shared_component_and_a_swap_keeps_their_order() -> None:
    state = playing_state()
    after, _ = TITLE.apply(state, Swap(card=9, slot=0))
    assert state.hands["male"].cards == (8, 9, 10)
    assert after.hands["male"].cards == (8, 1, 10), "the old card takes the played card's place"


def test_every_documented_event_kind_happens_and_nothing_undocumented_does() -> None:
    """`event_schemas` lists exactly the kinds real games produce (a series, both starters,
    a random player who ends a turn an unmasking earned: seed 2 does)."""
    kinds: set[str] = set()
    games = ((DoppelnullOptions(games=2), "deductive"), (DoppelnullOptions(starter="random"), "random"))
    for seed, (options, bot_id) in enumerate(games, start=1):
        state, events = TITLE.start(options, seed)
        bots = {seat: TITLE.make_bot(bot_id, seat) for seat in TITLE.seats(options)}
        dice = Dice(seed_state(seed))
        while (seat := TITLE.to_act(state)) is not None:
            state, more = TITLE.apply(state, TITLE.bot_action(bots[seat], state, dice))
            events += more
        kinds |= {event.kind for event in events}
    assert kinds == set(TITLE.event_schemas)
