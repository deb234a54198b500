"""`simulate` and `balance` (issue 34, point 4): games in parallel with the same results as
one process, the title's default level without --bots, and the balance table's figures."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.__main__ import main
from rules.core import simulate as simulate_module
from rules.core.balance import Tally, even_table, level_table, scenarios_of, wilson
from rules.core.simulate import Played, play_games, simulate
from rules.registry import TITLES

TIMING = {"actions_per_second", "cpu_seconds_a_game"}


def _untimed(played: list[Played]) -> list[Played]:
    return [dataclasses.replace(game, cpu_seconds=0.0) for game in played]


@pytest.mark.parametrize(
    ("title_id", "scenario", "bots"),
    [
        ("stawka", "training-1", ["heuristic", "heuristic"]),
        ("queen-of-spies", "news-on-the-wing", ["heuristic"]),
        ("doppelnull", None, ["deductive", "random"]),
    ],
)
def test_two_processes_play_the_same_games_as_one(
    title_id: str, scenario: str | None, bots: list[str]
) -> None:
    title = TITLES[title_id]
    options = title.make_options(scenario)
    seeds = range(50001, 50009)
    alone = play_games(title, options, seeds, bots, jobs=1)
    shared = play_games(title, options, seeds, bots, jobs=2)
    assert [game.seed for game in shared] == list(seeds)
    assert _untimed(shared) == _untimed(alone)
    assert len({(game.winners, game.actions) for game in alone}) > 1, "the seeds give different games"


def test_the_summary_is_the_same_with_any_number_of_jobs() -> None:
    title = TITLES["stawka"]
    one = simulate(title, "training-2", 6, 50001, ["heuristic", "random"], jobs=1)
    three = simulate(title, "training-2", 6, 50001, ["heuristic", "random"], jobs=3)
    assert {k: v for k, v in one.items() if k not in TIMING} == {
        k: v for k, v in three.items() if k not in TIMING
    }


def test_progress_counts_every_game_in_parallel_too() -> None:
    told: list[tuple[int, int]] = []
    title = TITLES["doppelnull"]
    bots = ["random", "random"]
    play_games(title, title.make_options(None), range(1, 41), bots, 2, lambda *n: told.append(n))
    assert told[-1] == (40, 40) and [done for done, _ in told] == sorted(done for done, _ in told)


def test_an_unknown_level_is_refused_before_any_worker_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The run stops with the title's own refusal, and no pool is made for it (a pool
    ended by a worker's exception could hang in a process with other threads)."""
    title = TITLES["doppelnull"]

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a pool was made for a run that cannot be played")

    monkeypatch.setattr(simulate_module, "_in_parallel", no_pool)
    with pytest.raises(KeyError, match="no bot called 'nobody'"):
        play_games(title, title.make_options(None), range(1, 5), ["nobody", "random"], 2)


@pytest.mark.parametrize("title_id", sorted(TITLES))
def test_simulate_without_bots_plays_the_default_level(
    title_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`simulate queen-of-spies` used to play `random` and report every story lost."""
    title = TITLES[title_id]
    assert main(["simulate", title_id, "--games", "1", "--seed", "50001", "--jobs", "1"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert set(printed["bots"].values()) == {title.default_bot} != {"random"}


def test_a_story_of_queen_of_spies_is_not_all_lost_without_bots(capsys: pytest.CaptureFixture[str]) -> None:
    story = ["--scenario", "news-on-the-wing"]
    assert main(["simulate", "queen-of-spies", *story, "--games", "6", "--seed", "1"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["wins"]["player"] > 0 and printed["scores"]["player"]["max"] > 0


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (73, 100, 0.6357, 0.8073), (200, 200, 0.9812, 1.0)],
)
def test_wilson_intervals(wins: int, games: int, low: float, high: float) -> None:
    """Values of the score interval (Wilson 1927, z = 1.96) worked out apart from the code."""
    got = wilson(wins, games)
    assert got == pytest.approx((low, high), abs=5e-4)


def test_the_even_table_counts_what_simulate_counts() -> None:
    title = TITLES["stawka"]
    rows = [row for row in scenarios_of(title) if row[0] in ("training-1", "training-2")]
    cells = even_table(title, rows, 8, 50001)
    for cell in cells:
        direct = simulate(title, cell.scenario, 8, 50001)
        for seat in ("polish", "german"):
            tally = cell.tally(seat)
            assert tally.wins == direct["wins"][seat]
            assert tally.draws == direct["draws"]
            assert tally.games == 8


def test_a_level_is_paired_with_the_base_on_the_same_seeds() -> None:
    title = TITLES["queen-of-spies"]
    rows = [row for row in scenarios_of(title) if row[0] == "introduction"]
    (pairing,) = level_table(title, rows, 10, 50001, "random")
    base = simulate(title, "introduction", 10, 50001)
    level = simulate(title, "introduction", 10, 50001, ["random"])
    assert pairing.base.tally("player").wins == base["wins"]["player"]
    assert pairing.level.tally("player").wins == level["wins"]["player"]
    paired = pairing.paired()
    assert paired["mean"] == pytest.approx((level["wins"]["player"] - base["wins"]["player"]) / 10)
    assert paired["better"] + paired["worse"] <= 10 and paired["low"] <= paired["mean"] <= paired["high"]


def test_a_solo_game_lost_is_a_loss_not_a_draw() -> None:
    lost = Played(seed=1, winners=(), draw=False, ending="lost")
    drawn = Played(seed=2, winners=(), draw=True, ending="draw")
    won = Played(seed=3, winners=("player",), draw=False, ending="won")
    assert (lost.value("player"), drawn.value("player"), won.value("player")) == (0.0, 0.5, 1.0)
    assert Tally.of([lost, drawn, won], "player") == Tally(wins=1, losses=1, draws=1)


def test_the_balance_command_prints_a_row_per_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "stawka", "--games", "1", "--seed", "50001", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ") and "scenario" not in line]
    assert [row.split(" | ")[0].strip("| ") for row in rows] == list(TITLES["stawka"].scenarios)


def test_the_balance_command_with_a_level_and_a_free_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["balance", "stawka", "--games", "2", "--seed", "50001", "--level", "easy", "--json"]
    files = ["--scenario-file", "tests/stawka/games/free-five-basic.json", "--scenario", "training-1"]
    assert main([*args, *files]) == 0
    report = json.loads(capsys.readouterr().out)
    cells = [(p["level"]["label"], p["seat"], p["level"]["bots"][p["seat"]]) for p in report["pairings"]]
    assert cells == [
        ("training-1", "polish", "easy"),
        ("training-1", "german", "easy"),
        ("free-five-basic", "polish", "easy"),
        ("free-five-basic", "german", "easy"),
    ]
    assert all(len(p["level"]["results"]) == 2 for p in report["pairings"])


def test_the_balance_command_refuses_an_unknown_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "stawka", "--games", "2", "--seed", "1", "--scenario", "moon"]) == 2
    assert capsys.readouterr().err.strip() == (
        f"balance: stawka has no scenario 'moon'; it has {list(TITLES['stawka'].scenarios)}"
    )
