"""The end of a turn and of the race: the distance rule, the island, withdrawal ("End of the Game")."""

from __future__ import annotations

import pytest

from game.ui.naming import outcome_text, player_name
from rules.core import Dice, Event, Match, seed_state
from rules.island import TITLE
from rules.island.actions import Ride, Roll
from rules.island.race import may_take_equipment, task_done
from rules.island.state import IslandState
from tests.island.helpers import act, arranged, kinds, next_roll, started
from tests.test_names import context


def test_a_task_counts_microfilms_of_other_colours_by_how_many_of_how_many() -> None:
    assert task_done((2, 2), {"red": 10, "blue": 2, "green": 3}, "red")
    assert not task_done((2, 2), {"red": 10, "blue": 4}, "red"), "two different colours"
    assert not task_done((2, 2), {"red": 10, "blue": 2}, "blue"), "one's own colour never counts"
    assert task_done((3, 1), {"blue": 1, "green": 3}, "red")
    assert not task_done((3, 1), {"blue": 2, "green": 2}, "red")
    assert task_done((1, 1, 1, 1), {"blue": 1, "green": 1, "yellow": 5, "white": 1}, "red")


def test_equipment_is_taken_only_far_enough_from_every_other_agent() -> None:
    """Ours: no other agent within 4 fields either way round."""
    far = arranged(current="red", fields={"red": 19, "blue": 25, "green": 8, "yellow": 40})
    state, events = act(next_roll(far, 1), Roll())
    assert state.agent("red").field == 20 and len(state.agent("red").equipment) == 1, "5 fields away is far"
    near = arranged(current="red", fields={"red": 19, "blue": 24, "green": 8, "yellow": 40})
    state, events = act(next_roll(near, 1), Roll())
    assert len(state.agent("red").equipment) == 0 and "too_close" in kinds(events)
    behind = arranged(current="red", fields={"red": 19, "blue": 16, "green": 8, "yellow": 40})
    state, events = act(next_roll(behind, 1), Roll())
    assert len(state.agent("red").equipment) == 0, "4 fields behind is close too"


@pytest.mark.parametrize("seed", [11, 12])
def test_equipment_comes_only_as_the_last_action_of_ones_own_turn_far_from_the_others(seed: int) -> None:
    """ "A player can receive new Equipment cards, only on his turn and if it is his last
    action. However it depends on how far the other agents are away" (after the set-up's
    "each player takes, in turn, two cards"): in whole random races, every card taken is
    the taker's own, at the end of his turn, with no other agent within 4 fields."""
    bot = TITLE.make_bot("random", "red")
    dice = Dice(seed_state(seed))
    state = started(4, seed)
    taken = 0
    while TITLE.to_act(state) is not None:
        before = state
        state, events = TITLE.apply(state, TITLE.bot_action(bot, state, dice))
        for index, event in enumerate(events):
            if event.kind != "equipment":
                continue
            seat = event.params["seat"]
            assert seat == before.current, "only on his turn"
            rest = [e.kind for e in events[index + 1 :] if e.kind != "equipment_card"]
            assert rest == ["turn"], f"his last action, then the next turn: {rest}"
            assert may_take_equipment(state, seat), "the others far enough away"
            taken += 1
    assert taken > 5
    assert state.winner is not None


def test_no_equipment_beyond_the_hand_limit() -> None:
    full = ("knife",) * 5 + ("pistol",)
    state = arranged(
        current="red", fields={"red": 19, "blue": 30, "green": 8, "yellow": 40}, equipment={"red": full}
    )
    state, events = act(next_roll(state, 1), Roll())
    assert len(state.agent("red").equipment) == 6 and "no_equipment" in kinds(events)


def _to_island(state: IslandState) -> tuple[IslandState, list[Event]]:
    """Red at 4 rolls 3, passes the harbour at 7 and sails to the island."""
    state, _ = act(next_roll(state, 3), Roll())
    assert Ride(card="boat", to="island") in TITLE.legal_actions(state)
    return act(state, Ride(card="boat", to="island"))


FIELDS = {"red": 4, "blue": 30, "green": 20, "yellow": 40}


def test_reaching_the_island_with_the_task_done_wins() -> None:
    chips = {"red": {"red": 6, "blue": 2, "green": 2}, "blue": {"blue": 8}, "green": {"green": 8}}
    state, events = _to_island(
        arranged(current="red", fields=FIELDS, transport={"red": ("boat",)}, tasks={"red": "3a"}, chips=chips)
    )
    assert state.winner == "red" and TITLE.to_act(state) is None
    outcome = TITLE.outcome(state)
    assert outcome is not None and outcome.winners == ("red",) and outcome.key == "island.outcome.task"
    island = next(e for e in events if e.kind == "island")
    assert island.reveals and island.params == {"seat": "red", "task": "3a", "needs": "2-2"}
    assert TITLE.view(state, "blue").agents["red"].task is not None, "the task is shown"
    assert outcome.scores == {}, "a race has no points: the game-over screen shows none"
    match = Match(TITLE, TITLE.default_options(), seed=1)
    for language in ("en", "pl"):
        ctx = context(language)
        winner = player_name(ctx, match, "red")
        assert outcome_text(ctx, match, outcome).count(winner) == 1, "the winner named once"


def test_reaching_the_island_without_it_withdraws_the_agent_and_the_race_goes_on() -> None:
    state, events = _to_island(
        arranged(
            current="red",
            fields=FIELDS,
            transport={"red": ("boat", "car")},
            tasks={"red": "3a"},
            equipment={"red": ("knife",)},
            chips={"red": {"red": 9, "blue": 1}, "blue": {"blue": 11}},
        )
    )
    red = state.agent("red")
    assert red.out and red.field is None and red.chips == {"red": 9, "blue": 1}
    assert red.transport.cards == () and red.equipment.cards == ()
    assert state.transport.pile[-1] == "car" and state.equipment.pile[-1] == "knife"
    assert state.winner is None and TITLE.to_act(state) == "blue"
    assert "withdrawn" in kinds(events)
    assert TITLE.view(state, "blue").agents["red"].task is not None


def test_turns_pass_clockwise_over_withdrawn_agents() -> None:
    state = arranged(current="yellow", fields={"red": 4, "blue": 30, "green": 20, "yellow": 40})
    state = state.with_agent("red", out=True, field=None)
    state, _ = act(next_roll(state, 1), Roll())
    assert TITLE.to_act(state) == "blue"


def test_the_last_agent_in_the_race_wins() -> None:
    """Ours: when all but one are withdrawn, the last one wins."""
    state = arranged(
        players=3, current="red", fields={"red": 4, "blue": 30, "green": 20}, transport={"red": ("boat",)}
    )
    state = state.with_agent("green", out=True, field=None)
    state, _ = act(next_roll(state, 3), Roll())
    state, _ = act(state, Ride(card="boat", to="island"))
    assert state.agent("red").out and state.winner == "blue" and state.won_by == "last"
    outcome = TITLE.outcome(state)
    assert outcome is not None and outcome.winners == ("blue",) and outcome.key == "island.outcome.last"
