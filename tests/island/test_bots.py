"""The computer players: legal, sensible choices from the view alone, and races that end."""

from __future__ import annotations

import json

import pytest

from game.__main__ import main
from rules.core import Dice, seed_state
from rules.core.simulate import simulate
from rules.island import TITLE
from rules.island.actions import ChooseEncounter, Ride, Roll, TakeChip
from rules.island.bots import SensibleBot
from rules.island.content import ISLAND
from rules.island.race import missing
from rules.island.state import IslandState
from tests.island.helpers import act, arranged, next_roll

DICE = Dice(seed_state(1))


def _choice(state: IslandState) -> object:
    seat = TITLE.to_act(state)
    assert seat is not None
    return SensibleBot().choose(TITLE.view(state, seat), TITLE.legal_actions(state), DICE)


def test_sensible_agents_finish_every_race_by_a_task_done() -> None:
    for players in (3, 6):
        bots = ["sensible"] * players
        result = simulate(TITLE, None, 8, 1, bots, choices={"players": players})
        assert sum(result["wins"].values()) == 8
        assert result["mean_actions"] < 400


def test_a_sensible_agent_beats_three_random_ones() -> None:
    result = simulate(TITLE, None, 30, 1, ["sensible", "random", "random", "random"], choices={"players": 4})
    assert result["wins"]["red"] >= 20


def test_it_sails_to_the_island_once_the_task_is_done_and_not_before() -> None:
    done = {"red": {"red": 6, "blue": 2, "green": 2}}
    for chips, sails in ((done, True), ({}, False)):
        state = arranged(
            current="red",
            fields={"red": 4, "blue": 30, "green": 20, "yellow": 40},
            transport={"red": ("boat",)},
            tasks={"red": "3a"},
            chips=chips,
        )
        state, _ = act(next_roll(state, 3), Roll())
        assert Ride(card="boat", to=ISLAND) in TITLE.legal_actions(state)
        assert (_choice(state) == Ride(card="boat", to=ISLAND)) == sails


def test_it_befriends_an_agent_whose_microfilms_it_needs_and_robs_when_the_stronger() -> None:
    def meeting(equipment: dict[str, tuple[str, ...]]) -> IslandState:
        state = arranged(
            current="red",
            fields={"red": 30, "blue": 32, "green": 8, "yellow": 16},
            tasks={"red": "3a"},
            chips={"red": {"red": 8, "green": 2}},
            equipment=equipment,
        )
        state, _ = act(next_roll(state, 3), Roll())
        return state

    weak = meeting({"blue": ("grenade", "attache-case")})
    assert {_choice(weak) for _ in range(8)} >= {ChooseEncounter(card="friendship")}
    strong = meeting({"red": ("grenade", "attache-case")})
    assert _choice(strong) == ChooseEncounter(card="hostility")


def test_it_takes_the_microfilm_that_helps_it_most() -> None:
    state = arranged(
        current="red",
        fields={"red": 30, "blue": 32, "green": 8, "yellow": 16},
        tasks={"red": "3a"},
        chips={"red": {"red": 10, "green": 2}, "blue": {"blue": 8, "green": 1, "yellow": 1}},
    )
    state, _ = act(next_roll(state, 3), Roll())
    state, _ = act(state, ChooseEncounter(card="hostility"))
    state, _ = act(state, ChooseEncounter(card="friendship"))
    assert missing((2, 2), {"red": 10, "green": 2, "yellow": 1}, "red") == 1
    # Blue and yellow each shorten the task (green does not); yellow is a colour Blue can use.
    assert _choice(state) == TakeChip(colour="yellow")


@pytest.mark.parametrize("players", [3, 6])
def test_the_simulate_command_at_a_number_of_players(
    players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "island", "--games", "3", "--seed", "1", "--option", f"players={players}"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["options"] == {"players": players} and len(result["wins"]) == players
    nobody = result["endings"].get("island.outcome.nobody", 0)
    assert sum(result["wins"].values()) + nobody == 3 == sum(result["endings"].values())
