"""The set-up (rulebook "1)" to "7)")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import pytest

from rules.core import IllegalAction
from rules.island import TITLE
from rules.island.actions import Place, RollOff
from rules.island.content import load_content
from tests.island.helpers import act, kinds, started


def _round(params: Mapping[str, object]) -> tuple[list[str], list[int]]:
    """One round of the roll for the start: who rolled, and what."""
    seats, rolls = params["seats"], params["rolls"]
    assert isinstance(seats, list) and isinstance(rolls, list)
    return [str(s) for s in seats], [int(r) for r in rolls]


@pytest.mark.parametrize(
    ("players", "codes"),
    [(3, {3: 9}), (4, {3: 3, 4: 6}), (5, {4: 6, 5: 3}), (6, {4: 3, 5: 3, 6: 3})],
)
def test_nine_task_cards_by_the_number_of_players(players: int, codes: dict[int, int]) -> None:
    """ "There are always nine Task cards in the game" (the set-up table)."""
    data = load_content()
    for seed in (3, 4):
        state, _ = TITLE.start(TITLE.make_options(None, choices={"players": players}), seed)
        drawn = [agent.task for agent in state.agents.values()]
        assert len(drawn) == players and len(state.tasks_out) == 9 - players
        in_play = drawn + list(state.tasks_out)
        assert len(set(in_play)) == 9 and dict(Counter(data.task(t).code for t in in_play)) == codes
        assert TITLE.invariants(state) == []


def test_each_codes_task_cards_are_shuffled_before_the_set_up_table_takes_them() -> None:
    """ "The 21 Task/Mission cards are separated according to their Code number" and "The
    remaining Task cards are put aside": the cards of a code in play are drawn from that
    code's shuffled cards, not the first ones of the data (at 4 players, three of the nine
    code-3 cards are in play: over 300 races every one of the nine appears, each about a
    third of the time)."""
    data = load_content()
    code_3 = [task.id for task in data.tasks if task.code == 3]
    seen: Counter[str] = Counter()
    races = 300
    for seed in range(races):
        state, _ = TITLE.start(TITLE.make_options(None, choices={"players": 4}), seed)
        in_play = [agent.task for agent in state.agents.values()] + list(state.tasks_out)
        seen.update(task for task in in_play if data.task(task).code == 3)
    assert set(seen) == set(code_3)
    # Each card is in play with probability 1/3: 100 of 300, standard deviation 8.2.
    assert all(60 < seen[task] < 140 for task in code_3), seen


def test_each_agent_has_ten_chips_of_his_colour_and_the_board_two_of_each() -> None:
    """Set-up 4 and 5: "Each player is given 10 chips in the colour of his choice"; "The remaining chips are
    put on the corresponding space on the playing board. (2 per colour)"."""
    state, _ = TITLE.start(TITLE.make_options(None, choices={"players": 5}), 1)
    assert state.players == ("red", "blue", "green", "yellow", "violet")
    assert all(agent.chips == {seat: 10} for seat, agent in state.agents.items())
    assert state.reserve == dict.fromkeys(state.players, 2)


def test_the_highest_roll_starts_and_places_first_then_clockwise() -> None:
    """Set-up 6: "Everyone rolls the dice, the playing rolling highest begins the game. The starting player
    puts his game figure on any start space - one with an "S" - then the other players place their pieces
    (clockwise rotation)"."""
    state, _ = TITLE.start(TITLE.make_options(None, choices={"players": 4}), 2)
    assert TITLE.legal_actions(state) == [RollOff()]
    state, events = act(state, RollOff())
    rounds = [_round(e.params) for e in events if e.kind == "start_roll"]
    assert rounds and rounds[0][0] == ["red", "blue", "green", "yellow"]
    seats, rolls = rounds[-1]
    assert rolls.count(max(rolls)) == 1, "the last round has one highest roll"
    starter = seats[rolls.index(max(rolls))]
    assert state.starter == starter
    order = []
    while state.current is None:
        order.append(TITLE.to_act(state))
        state, _ = act(state, TITLE.legal_actions(state)[-1])
    players = list(state.players)
    index = players.index(starter)
    assert order == players[index:] + players[:index]


def test_ties_for_the_highest_roll_roll_again() -> None:
    """Set-up 6: "the playing rolling highest begins the game": when two roll highest, they roll again
    (ours)."""
    for seed in range(200):
        state, _ = TITLE.start(TITLE.make_options(None, choices={"players": 6}), seed)
        _, events = act(state, RollOff())
        rounds = [_round(e.params) for e in events if e.kind == "start_roll"]
        if len(rounds) > 1:
            seats, rolls = rounds[0]
            assert rounds[1][0] == [s for s, r in zip(seats, rolls, strict=True) if r == max(rolls)]
            return
    raise AssertionError("no tie in 200 seeds")


def test_agents_go_on_free_start_spaces_only() -> None:
    """Set-up 6: "puts his game figure on any start space - one with an "S"": a free one."""
    state, _ = TITLE.start(TITLE.make_options(None, choices={"players": 3}), 1)
    state, _ = act(state, RollOff())
    assert TITLE.legal_actions(state) == [Place(field=f) for f in (0, 8, 16, 24, 32, 40)]
    state, _ = act(state, Place(field=8))
    assert Place(field=8) not in TITLE.legal_actions(state)
    before = TITLE.dump(state)
    with pytest.raises(IllegalAction, match="free start space"):
        act(state, Place(field=8))
    with pytest.raises(IllegalAction, match="free start space"):
        act(state, Place(field=9))
    assert TITLE.dump(state) == before


def test_two_equipment_cards_each_in_turn_then_the_starter_rolls() -> None:
    """Set-up 7: "Finally the players take Equipment cards. Each player takes, in turn, two cards from the
    stack." """
    state, _ = TITLE.start(TITLE.make_options(None, choices={"players": 4}), 5)
    state, _ = act(state, RollOff())
    events = []
    while state.current is None:
        state, more = act(state, TITLE.legal_actions(state)[0])
        events += more
    assert all(len(agent.equipment) == 2 for agent in state.agents.values())
    takers = [e.params["seat"] for e in events if e.kind == "equipment"]
    assert takers[:4] == takers[4:], "one card each in turn, twice"
    assert takers[0] == state.starter
    assert all(e.visible_to == (e.params["seat"],) for e in events if e.kind == "equipment_card")
    assert TITLE.to_act(state) == state.starter and kinds(events)[-1] == "turn"


def test_a_race_has_three_to_six_agents_and_only_their_seats() -> None:
    """The cover: "3-6 Players"."""
    assert TITLE.seat_range == (3, 6)
    assert [TITLE.seats(TITLE.make_options(None, choices={"players": n})) for n in (3, 6)] == [
        ("red", "blue", "green"),
        ("red", "blue", "green", "yellow", "violet", "white"),
    ]
    with pytest.raises(ValueError, match="not yellow"):
        TITLE.make_options(None, {"yellow": {"name": "Ola"}}, {"players": 3})  # type: ignore[dict-item]
    with pytest.raises(ValueError):
        TITLE.make_options(None, choices={"players": 7})
    assert started(6).current is not None


def test_the_stacks_are_shuffled_and_the_transport_cards_not_separated() -> None:
    """Set-up "1)": "The Equipment cards are shuffled and then placed face down"; "Transport
    cards are shuffled and are not separated into the individual means of transportation"
    (one stack, every kind mixed in it)."""
    transport, equipment = set(), set()
    for seed in range(6):
        state, _ = TITLE.start(TITLE.make_options(None, choices={"players": 4}), seed)
        assert len(state.transport) == 55 and len(state.equipment) == 55
        transport.add(state.transport.pile)
        equipment.add(state.equipment.pile)
        assert {"car", "car+1", "car+2", "helicopter", "boat"} <= set(state.transport.pile[:25])
    assert len(transport) == 6 and len(equipment) == 6


def test_the_task_cards_nobody_drew_are_seen_by_nobody() -> None:
    """Set-up "2)": "Each player takes a card, the content of which he naturally keeps
    secret ... The remaining cards are put aside out of the game. Do not look at these":
    no seat's view, nor the spectator's, names a card put aside, only how many there are."""
    state = started(3)
    assert len(state.tasks_out) == 6
    for seat in (*state.players, None):
        view = TITLE.view(state, seat)
        assert view.tasks_out == 6
        shown = view.model_dump_json()
        assert not [task for task in state.tasks_out if f'"id":"{task}"' in shown]
        if seat is not None:
            assert f'"id":"{state.agent(seat).task}"' in shown, "his own card he sees"
