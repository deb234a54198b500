"""Free scenarios (rulebook, "Free Scenarios", A-L and the NOTE on location card limits)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

import rules.stawka.content.box as box
import rules.stawka.free as free_module
from rules.core import Match
from rules.stawka.actions import GiveUp, PlaceAgent
from rules.stawka.content import load_content
from rules.stawka.free import FreeScenario, build, card_limit
from rules.stawka.options import StawkaOptions
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from tests.conformance import check_playout

POLISH = ("kloss", "irena", "kazik", "edward_kania")
GERMAN = ("stedtke", "erik_kopf", "puschke", "johannes_lemner")
FIVE = (
    {"face": "police", "col": 1, "row": 1},
    {"face": "railway", "col": 2, "row": 1},
    {"face": "hitlerplatz", "col": 1, "row": 0},
    {"face": "military", "col": 0, "row": 1},
    {"face": "waterfront", "col": 1, "row": 2},
)


def free(level: str = "basic", faces: tuple[dict[str, Any], ...] = FIVE, **changes: Any) -> dict[str, Any]:
    return {"faces": list(faces), "polish": list(POLISH), "german": list(GERMAN), "level": level, **changes}


@pytest.mark.parametrize("level", ["basic", "extended", "advanced"])
def test_a_free_scenario_plays_out_under_the_conformance_checks_at_each_rule_level(level: str) -> None:
    options = StawkaOptions(free=free(level))
    scenario = load_content().scenario(str(options.scenario))
    assert scenario.level == level and scenario.location_card_limit == 3
    for seed in range(2):
        report = check_playout(TITLE, options.scenario, seed, 20000, options)
        assert report.actions > 0


def test_the_scenario_holds_what_the_players_chose() -> None:
    """B-L: the board as laid, four agents a side placed alternately, the Polish player
    first, on any space, at most one of each network in a sector; 8 stages, two secrets."""
    options = StawkaOptions(free=free("advanced"))
    match = Match(TITLE, options, 3)
    state = match.state
    assert isinstance(state, StawkaState)
    assert {a.id for a in state.agents} == set(POLISH + GERMAN)
    assert state.pending[-1].kind == "placement" and state.pending[-1].seat == "polish"
    assert state.stage_count == 8 and state.location_card_limit == 3
    victory = load_content().scenario(state.scenario).victory
    assert (victory.secrets_to_win, victory.chief_lost_loses, victory.three_arrests_german_win) == (
        2,
        True,
        True,
    )
    streets = [
        a
        for a in TITLE.legal_actions(state)
        if isinstance(a, PlaceAgent) and a.location.startswith("railway.")
    ]
    assert streets, "figures go on any space, streets too"


@pytest.mark.parametrize(("sectors", "limit"), [(4, 2), (5, 3), (6, 3), (7, 4)])
def test_the_location_card_limit_follows_the_number_of_sectors(sectors: int, limit: int) -> None:
    """NOTE: "4 sectors — card limit 2; 5-6 sectors — card limit 3; 7 sectors — card limit 4"."""
    assert card_limit(sectors) == limit


def test_the_same_choices_give_the_same_scenario_also_after_a_restart() -> None:
    chosen = FreeScenario.model_validate(free("extended", name="Friday"))
    scenario = build(chosen)
    match = Match(TITLE, StawkaOptions(free=free("extended", name="Friday")), 5)
    assert isinstance(match.state, StawkaState) and match.state.scenario == scenario.id
    saved = match.to_json()
    box._BUILT.clear()  # a new run of the app: nothing built yet
    free_module._CHOICES.clear()
    again = Match.from_json(saved, {"stawka": TITLE})
    assert again.state == match.state and load_content().scenario(scenario.id) == scenario


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"faces": FIVE[:3]}, "4 to 7 sectors"),
        ({"faces": (FIVE[1], FIVE[0], *FIVE[2:])}, "police sector"),
        ({"faces": (*FIVE[:4], {"face": "factory", "col": 3, "row": 3})}, "touches"),
        ({"faces": (*FIVE[:4], {"face": "railway", "col": 1, "row": 2})}, "once"),
        ({"faces": (*FIVE[:4], {"face": "villa", "col": 1, "row": 2})}, "two faces of one sector tile"),
        ({"polish": ["kloss", "irena", "ingrid_heizer", "kazik"]}, "one of each colour"),
        ({"german": ["kloss", "erik_kopf", "puschke", "johannes_lemner"]}, "network"),
    ],
)
def test_a_scenario_against_the_rulebook_is_refused(change: dict[str, Any], message: str) -> None:
    """B: "Decide how many sectors the board will consist of (min. 4, max. 7)"; C: "Players put
    on the table the police sector (it must be chosen for every game)"; E: "places it so that
    it touches by at least one edge any already placed sector"; G: "each network must have one
    agent in each of the colours: yellow, purple, blue, black"; Game Components: "On seven
    large tiles (including three double-sided)" - one face of a tile on the board (the
    military sector and the villa share one, ours)."""
    with pytest.raises(ValidationError, match=message):
        StawkaOptions(free={**free(), **change})


GAMES = Path(__file__).parent / "games"


def test_the_simulate_command_plays_a_saved_free_scenario_as_built(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--scenario-file`` reads the builder's JSON and plays the scenario it makes: the
    same games as the same choices built in the program."""
    from game.__main__ import main
    from rules.core.simulate import simulate

    path = GAMES / "free-five-extended.json"
    assert main(["simulate", "stawka", "--scenario-file", str(path), "--games", "2", "--seed", "4"]) == 0
    printed = json.loads(capsys.readouterr().out.strip())
    scenario = build(FreeScenario.model_validate_json(path.read_text()))
    assert printed["scenario"] == scenario.id and load_content().scenario(scenario.id).level == "extended"
    direct = simulate(TITLE, scenario.id, 2, 4)
    assert (printed["wins"], printed["mean_actions"]) == (direct["wins"], direct["mean_actions"])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nonsense", "Not a free scenario: Invalid JSON: expected ident at line 1 column 2"),
        (json.dumps(free(faces=FIVE[:3])), "Not a free scenario: A free scenario has 4 to 7 sectors."),
        (
            json.dumps({"faces": list(FIVE), "german": list(GERMAN)}),
            "Not a free scenario: polish: Field required",
        ),
    ],
)
def test_the_simulate_command_refuses_a_scenario_file_that_is_not_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    from game.__main__ import main

    path = tmp_path / "scenario.json"
    path.write_text(text)
    assert main(["simulate", "stawka", "--scenario-file", str(path), "--games", "1", "--seed", "1"]) == 2
    assert capsys.readouterr().err.strip() == f"simulate: {message}"


def test_a_title_without_a_builder_has_no_scenario_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.__main__ import main

    path = GAMES / "free-five-basic.json"
    assert main(["simulate", "doppelnull", "--scenario-file", str(path), "--games", "1", "--seed", "1"]) == 2
    assert "doppelnull has no scenarios of the players' own making." in capsys.readouterr().err
    assert main(["simulate", "stawka", "--scenario-file", str(tmp_path), "--games", "1", "--seed", "1"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_built_scenarios_of_one_name_are_told_apart_in_the_new_game_list() -> None:
    sunday = build(FreeScenario.model_validate(free("basic", name="Sunday")))
    assert TITLE.scenario_name(sunday.id, "en") == "Sunday"
    other = build(FreeScenario.model_validate(free("extended", name="Sunday")))
    unnamed = build(FreeScenario.model_validate(free("advanced")))
    names = {TITLE.scenario_name(s, "en") for s in (sunday.id, other.id)}
    assert len(names) == 2 and all(n is not None and n.startswith("Sunday · ") for n in names)
    assert TITLE.scenario_name(unnamed.id, "pl") in (
        "Scenariusz swobodny",
        f"Scenariusz swobodny · {unnamed.id.removeprefix('free-')[:6]}",
    )
    assert TITLE.scenario_name("training-1", "en") is None, "the catalog names the authored ones"


def test_the_first_figure_is_the_polish_player_s_to_place_and_may_be_an_enemy_agent() -> None:
    """H: "The Players alternately place agent figures on the board, on any space, starting
    with the Polish Player (not necessarily his own AGENT)"."""
    state = TITLE.new_game(StawkaOptions(free=free("basic")), 3)
    assert state.pending[-1].kind == "placement" and state.pending[-1].seat == "polish"
    offered = {a.agent for a in TITLE.legal_actions(state) if isinstance(a, PlaceAgent)}
    assert offered == set(POLISH + GERMAN)


def _free_game(agents: dict[str, str], level: str = "basic") -> StawkaState:
    from tests.stawka.build import in_activations

    return in_activations(agents, scenario=build(FreeScenario.model_validate(free(level))).id)


def test_two_secrets_win_a_free_scenario() -> None:
    """L, Basic: "Victory Conditions — the first Player to gain two secrets wins the game"."""
    from rules.stawka.conversation import take_secret

    state = _free_game({"kloss": "police_station", "stedtke": "police_station", "puschke": "gestapo"})
    state, _ = take_secret(state, "polish", state.agent("stedtke"))
    assert TITLE.outcome(state) is None
    state, _ = take_secret(state, "polish", state.agent("puschke"))
    state, _ = TITLE.apply(state, GiveUp())
    assert (state.winner, state.end_key) == ("polish", "stawka.end.secrets")


@pytest.mark.parametrize(
    ("seat", "chief", "end"),
    [("german", "kloss", "kloss_exposed"), ("polish", "stedtke", "chief_compromised")],
)
def test_kloss_exposed_or_the_ss_officer_compromised_ends_a_free_scenario(
    seat: str, chief: str, end: str
) -> None:
    """L, Basic: "(the alternative ending related to the exposure of Kloss or the compromise of
    an SS officer also applies)": the enemy track of the chief's colour at 10."""
    state = _free_game({"kloss": "police_station", "stedtke": "gestapo"})
    colour = state.agent(chief).colour
    state = state.with_side(seat, state.sides[seat].model_copy(update={"evidence": {colour: 10}}))
    state, _ = TITLE.apply(state, GiveUp())
    assert (state.winner, state.end_key) == (seat, f"stawka.end.{end}")


def test_three_polish_agents_in_jail_win_for_the_german_player() -> None:
    """L, Basic: "Also having three Polish agents arrested by the German Player in jail ends in
    automatic victory for the German Player"."""
    jailed = {"irena": "jail", "kazik": "jail", "edward_kania": "jail"}
    state = _free_game({"kloss": "police_station", "stedtke": "gestapo", **jailed}, "extended")
    arrested = tuple(
        a.model_copy(update={"status": "arrested"}) if a.id in jailed else a for a in state.agents
    )
    two = state.model_copy(
        update={
            "agents": tuple(
                a if a.id != "edward_kania" else a.model_copy(update={"status": "free", "space": "gestapo"})
                for a in arrested
            )
        }
    )
    assert TITLE.apply(two, GiveUp())[0].winner is None
    state, _ = TITLE.apply(state.model_copy(update={"agents": arrested}), GiveUp())
    assert (state.winner, state.end_key) == ("german", "stawka.end.arrests")


@pytest.mark.parametrize("level", ["extended", "advanced"])
def test_location_and_reaction_cards_come_with_the_advanced_level_only(level: str) -> None:
    """J: "If at least the extended version is chosen the Players must prepare: mission cards
    (for the characters in the game), threat tokens, their own location card decks (only for
    the locations represented on the chosen sectors), and the common deck of reaction
    cards."  Read with Rule Difficulty Levels ("Extended: ... use of mission cards, threat
    tokens and other actions"; "Advanced: Include the use of location cards, reaction
    cards") and the training campaign (scenario 2, extended: threat tokens and mission
    cards; scenario 3 adds the location and reaction decks): at the extended level the
    missions and tokens play, the cards only at the advanced level (README, "Free
    scenarios: what J prepares")."""
    state = TITLE.new_game(StawkaOptions(free=free(level)), 5)
    while state.phase != "activations" or state.pending:  # placement, planning, step C
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    assert all(state.missions_left[a] for a in ("irena", "kazik", "edward_kania", "erik_kopf", "puschke"))
    assert state.threats, "the step C tokens are set out"
    advanced = level == "advanced"
    for seat in ("polish", "german"):
        side = state.sides[seat]
        assert (len(side.location_hand) == 3) is advanced  # five sectors: limit 3
        if not advanced:
            assert not side.reaction_hand.cards and not side.reaction_drawn
    assert bool(state.reaction_deck.pile) is advanced
