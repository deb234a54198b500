"""The end of a turn and of the race: the distance rule, the island, withdrawal ("End of the Game")."""

from __future__ import annotations

import pytest

from game.ui.naming import outcome_text, player_name
from rules.core import Dice, Event, Match, seed_state
from rules.island import TITLE
from rules.island.actions import Ride, Roll
from rules.island.race import can_still_be_done, may_take_equipment, task_done
from rules.island.state import IslandState
from tests.island.helpers import act, arranged, kinds, next_roll, started
from tests.test_names import context


def test_a_task_counts_microfilms_of_other_colours_by_how_many_of_how_many() -> None:
    """ "His task card determines with which microfilm he must reach the goal" (what each card asks is ours,
    cards.toml)."""
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
    assert state.over


def test_no_equipment_beyond_the_hand_limit() -> None:
    """Ours: "A player may only take an Equipment card if the other agents are far enough away", and never
    beyond a hand of six."""
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
    """End of the Game: "The game ends as soon as a player successfully reaches the island in the middle the
    board with his agent. This player must then reveal his Mission card: If he can show the necessary
    chips he has won." """
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
    """End of the Game: "If the player does not have the necessary chips he is withdrawn from play and the
    game continues until the next agent reaches the island." """
    state, events = _to_island(
        arranged(
            current="red",
            fields=FIELDS,
            transport={"red": ("boat", "car")},
            tasks={"red": "3a", "blue": "4f", "green": "4e", "yellow": "3h"},
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
    """ "Then the turn is finished and play continues in a clockwise fashion" (the turn, 5): past an agent
    "withdrawn from play"."""
    state = arranged(current="yellow", fields={"red": 4, "blue": 30, "green": 20, "yellow": 40})
    state = state.with_agent("red", out=True, field=None)
    state, _ = act(next_roll(state, 1), Roll())
    assert TITLE.to_act(state) == "blue"


def _blue_left_alone(chips: dict[str, dict[str, int]] | None = None) -> tuple[IslandState, list[Event]]:
    """Three agents, Green already out: Red sails to the island from 4 without his task's
    microfilms and is withdrawn, and Blue (task 3h: four of one other colour) is left alone."""
    state = arranged(
        players=3,
        current="red",
        fields={"red": 4, "blue": 30, "green": 20},
        transport={"red": ("boat",)},
        tasks={"blue": "3h"},
        chips=chips,
    )
    assert TITLE.invariants(state) == []
    return _to_island(state.with_agent("green", out=True, field=None))


def test_the_last_agent_in_the_race_wins_with_his_task_done() -> None:
    """End of the Game: "the game continues until the next agent reaches the island", where
    "If he can show the necessary chips he has won".  Alone in the race, Blue meets nobody
    and his microfilms cannot change: holding his task's (3h: four of one other colour,
    four green), he wins at once, as he would at the island (ours: the shortcut)."""
    state, events = _blue_left_alone({"blue": {"blue": 10, "green": 4}, "green": {"green": 6}})
    assert state.agent("red").out and state.winner == "blue" and state.won_by == "last"
    assert kinds(events)[-1] == "last_agent"
    outcome = TITLE.outcome(state)
    assert outcome is not None and outcome.winners == ("blue",) and outcome.key == "island.outcome.last"


def test_the_last_agent_in_the_race_without_his_task_done_does_not_win() -> None:
    """End of the Game: "If the player does not have the necessary chips he is withdrawn
    from play and the game continues until the next agent reaches the island"; "Only one
    player can fulfil his task and win the game".  Alone in the race, Blue (3h: four of one
    other colour) holds only his own microfilms and can get no other: at the island he
    would be withdrawn too.  He shows his task and nobody wins (until the audit of
    5 December 2026 he won as the last agent whatever his task)."""
    state, events = _blue_left_alone()
    assert state.agent("red").out and state.agent("blue").out
    hopeless = next(e for e in events if e.kind == "hopeless")
    assert hopeless.reveals and hopeless.params == {"seat": "blue", "task": "3h", "needs": "4"}
    assert state.winner is None and state.won_by == "nobody" and TITLE.to_act(state) is None
    outcome = TITLE.outcome(state)
    assert outcome is not None and outcome.winners == () and outcome.key == "island.outcome.nobody"


def _red_withdrawn(
    players: int, tasks: dict[str, str], chips: dict[str, dict[str, int]] | None = None
) -> tuple[IslandState, list[Event]]:
    """Red (task 3a: two each of two other colours) holds nine blue microfilms and no other
    colour, sails to the island from 4 and is withdrawn: his microfilms leave play.  Blue
    keeps one of his own, the others their ten (unless `chips` say otherwise)."""
    seats = TITLE.seats(TITLE.make_options(None, choices={"players": players}))
    fields = {"red": 4, "blue": 30, "green": 20, "yellow": 40}
    chips = chips or {"red": {"red": 10, "blue": 9}, "blue": {"blue": 1}}
    state = arranged(
        players=players,
        current="red",
        fields={seat: fields[seat] for seat in seats},
        transport={"red": ("boat",)},
        tasks={"red": "3a", **tasks},
        chips=chips,
    )
    assert TITLE.invariants(state) == []
    return _to_island(state)


def test_an_agent_whose_task_can_no_longer_be_done_is_withdrawn_too_and_the_race_goes_on() -> None:
    """ "If the player does not have the necessary chips he is withdrawn from play and the
    game continues until the next agent reaches the island."  House rule: the withdrawn
    agent's microfilms leave play; an agent whose task the microfilms left in play can no
    longer do shows it and is withdrawn at once.  Blue (4a: two of one other colour, one
    each of two more) can count on green and yellow only, red's being gone: out.  Green
    (4e: two each of two other colours) still has yellow's and the two blue Yellow holds."""
    chips = {"red": {"red": 10, "blue": 7}, "blue": {"blue": 1}, "yellow": {"yellow": 10, "blue": 2}}
    state, events = _red_withdrawn(4, {"blue": "4a", "green": "4e", "yellow": "3h"}, chips)
    assert state.agent("red").out and state.agent("blue").out and state.agent("blue").field is None
    hopeless = next(e for e in events if e.kind == "hopeless")
    assert hopeless.reveals and hopeless.params == {"seat": "blue", "task": "4a", "needs": "2-1-1"}
    assert TITLE.view(state, "green").agents["blue"].task is not None, "his task is shown"
    assert not state.agent("green").out and not state.agent("yellow").out, "4e and 3h can still be done"
    assert state.winner is None and TITLE.to_act(state) == "green", "the race goes on, clockwise"
    assert TITLE.invariants(state) == []


def test_the_last_agent_left_after_the_hopeless_are_withdrawn_wins_with_his_task_done() -> None:
    """Green (3b: two each of two other colours) can count on blue's microfilms only: out,
    and Blue (3h: four of one other colour), who holds four green, is the last agent."""
    chips = {"red": {"red": 10, "blue": 9}, "blue": {"blue": 1, "green": 4}, "green": {"green": 6}}
    state, events = _red_withdrawn(3, {"blue": "3h", "green": "3b"}, chips)
    assert state.agent("green").out and state.winner == "blue" and state.won_by == "last"
    assert kinds(events)[-2:] == ["hopeless", "last_agent"]
    outcome = TITLE.outcome(state)
    assert outcome is not None and outcome.winners == ("blue",) and TITLE.to_act(state) is None


def test_the_last_agent_left_after_the_hopeless_are_withdrawn_needs_his_task_done() -> None:
    """Green (3b) can count on blue's microfilms only: out, and his leave play.  Blue (3h:
    four of one other colour) was counting on green's twelve and holds none: alone, he
    can never show them ("If the player does not have the necessary chips he is
    withdrawn"), so he is out too and nobody wins."""
    state, events = _red_withdrawn(3, {"blue": "3h", "green": "3b"})
    assert state.agent("green").out and state.agent("blue").out
    assert [e.params["seat"] for e in events if e.kind == "hopeless"] == ["green", "blue"]
    assert state.winner is None and state.won_by == "nobody" and TITLE.to_act(state) is None


def test_when_the_last_agents_are_withdrawn_together_nobody_wins() -> None:
    """Blue (3c) and Green (3b) both need two other colours, and only one is left in play
    for each: both out at once.  "Only one player can fulfil his task and win the game":
    here none can, and nobody wins (ours)."""
    state, events = _red_withdrawn(3, {"blue": "3c", "green": "3b"})
    assert state.agent("blue").out and state.agent("green").out
    assert [e.params["seat"] for e in events if e.kind == "hopeless"] == ["blue", "green"]
    assert state.winner is None and state.won_by == "nobody" and TITLE.to_act(state) is None
    outcome = TITLE.outcome(state)
    assert outcome is not None and outcome.winners == () and outcome.key == "island.outcome.nobody"
    match = Match(TITLE, TITLE.default_options(), seed=1)
    for language in ("en", "pl"):
        text = outcome_text(context(language), match, outcome)
        assert "island.outcome" not in text and len(text) > 20
    assert all(agent.task is not None for agent in TITLE.view(state, None).agents.values())


def test_every_race_ends_and_nobody_races_on_for_a_task_that_cannot_be_done() -> None:
    """The house rule's point: no two agents are ever left racing with tasks that can no
    longer be done (they would have no reason to end the game).  Random agents, who sail
    to the island at random and are mostly withdrawn, in 8 races of each size."""
    bot = TITLE.make_bot("random", "red")
    seen: set[str] = set()
    for players in (3, 4, 5, 6):
        for seed in range(8):
            dice = Dice(seed_state(seed))
            state, _ = TITLE.start(TITLE.make_options(None, choices={"players": players}), seed)
            for _ in range(100_000):
                if TITLE.to_act(state) is None:
                    break
                state, events = TITLE.apply(state, TITLE.bot_action(bot, state, dice))
                seen.update(kinds(events))
                left = state.in_race()
                assert state.over or all(can_still_be_done(state, seat) for seat in left), seed
            assert state.over
    assert {"withdrawn", "hopeless"} <= seen, "the rule was put to the test"


def test_more_microfilms_than_necessary_still_win() -> None:
    """End of the Game: "If he can show the necessary chips he has won. It doesn't matter if
    a player has more chips than necessary": task 3a asks two each of two other colours;
    Red holds five blue, three green and one yellow."""
    chips = {
        "red": {"red": 1, "blue": 5, "green": 3, "yellow": 1},
        "blue": {"blue": 5},
        "green": {"green": 7},
        "yellow": {"yellow": 9},
    }
    state, _ = _to_island(
        arranged(current="red", fields=FIELDS, transport={"red": ("boat",)}, tasks={"red": "3a"}, chips=chips)
    )
    assert state.winner == "red" and state.won_by == "task"
