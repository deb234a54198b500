"""The film scenarios read again sentence by sentence (the audit of December 2026): the words
of "Film Scenarios", "Film Scenario: I Know Who You Are", "Film Scenario: Hotel Excelsior"
and "Film Scenario: Top Secret" that the other tests (`test_film_*`, `test_top_secret_cards`,
`test_content`) did not yet check, each test quoting what it checks.  Together they make the
film rows of the coverage table in `rules/stawka/README.md` ("Rule coverage").
"""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.stawka.actions import (
    DiscardTopSecret,
    EndActivation,
    GiveUp,
    Move,
    PlayLocationCard,
    Search,
    Transmit,
    UseItem,
)
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.conversation import take_secret
from rules.stawka.film.radio import TRANSMITTED
from rules.stawka.film.top_secret import figures
from rules.stawka.options import StawkaOptions
from rules.stawka.state import GERMAN, POLISH, RadioStation, StawkaState
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.cards import in_hand
from tests.stawka.dice import rng_rolling
from tests.stawka.test_film_radio import radio_game
from tests.stawka.test_film_top_secret import board as top_secret_board
from tests.stawka.test_film_top_secret import end_stage as end_top_secret_stage
from tests.stawka.test_film_top_secret import holding_a_card

IKWYA = "i-know-who-you-are"
HOTEL = "hotel-excelsior"
TOP_SECRET = "top-secret"
FILMS = (IKWYA, HOTEL, TOP_SECRET)
STAMP = "employment_office-3"
DOCUMENT = "courts-1"


# -- Film Scenarios ------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", FILMS)
def test_the_film_scenarios_play_the_advanced_rules_with_their_own_agents(scenario: str) -> None:
    """Film Scenarios: "During play the Players may use the full rules"; "NOTE: During the
    film scenarios the Players use all game elements, applying the ADVANCED rules (using
    THREAT tokens, MISSION cards, LOCATION cards, REACTION cards)"; B: "Prepare their agent
    networks composed of the specific characters named in the description"; F: "location
    and reaction card decks, mission cards ... threat"."""
    state = TITLE.new_game(StawkaOptions(scenario=scenario), 3)
    assert state.rule_level == "advanced" and state.location_card_limit == 3
    named = {a.agent for a in load_content().scenario(scenario).agents}
    assert {a.id for a in state.agents} == named
    for side in state.sides.values():
        assert side.threat_pool and side.location_deck.pile
    assert state.reaction_deck.pile and state.missions_left


def test_game_time_is_counted_in_stages_or_runs_until_victory() -> None:
    """Film Scenarios, E: "some scenarios (e.g. I Know Who You Are) have a strictly defined
    game time measured in stages; others end only when one of the Players fulfils specific
    Victory Conditions (e.g. Hotel Excelsior)".  "I Know Who You Are": "Game time: 8
    stages"; "Top Secret": "Game time: until victory", but "If not later than the end of
    the 15th stage ..."."""
    stages = {s: TITLE.new_game(StawkaOptions(scenario=s), 1).stage_count for s in FILMS}
    assert stages[IKWYA] == 8 and stages[TOP_SECRET] == 15
    assert (
        stages[HOTEL] > 15
        and TITLE.view(TITLE.new_game(StawkaOptions(scenario=HOTEL), 1), POLISH).until_victory
    )


# -- I Know Who You Are ----------------------------------------------------------------------


def test_i_know_who_you_are_uses_five_sectors_and_its_starting_positions() -> None:
    """ "Game time: 8 stages. Location card limit: 3. The sectors used are: police,
    administrative, railway, city and military"; "Polish Player: Irena — railway station;
    Jacek — tenement; Marta Becher — hospital; Hans Kloss — Abwehr (military sector).
    German Player: Stedtke — Gestapo; Heinrich Vogel — employment office; Starsza pani (the
    Old Lady) — courts; Bruno Dreher — market" (Marta Becher read as Christianson: the
    erratum in `data/scenarios.toml`)."""
    state = TITLE.new_game(StawkaOptions(scenario=IKWYA), 1)
    assert set(board_of(IKWYA).sector_of.values()) == {
        "police",
        "administrative",
        "railway",
        "city",
        "military",
    }
    assert {a.id: (a.side, a.space) for a in state.agents} == {
        "irena": (POLISH, "railway_station"),
        "jacek": (POLISH, "tenement"),
        "christianson": (POLISH, "hospital"),
        "kloss": (POLISH, "abwehr"),
        "stedtke": (GERMAN, "gestapo"),
        "heinrich_vogel": (GERMAN, "employment_office"),
        "old_lady": (GERMAN, "courts"),
        "bruno_dreher": (GERMAN, "market"),
    }


def _next_stage(state: StawkaState) -> StawkaState:
    """Both sides give up the rest of the stage; the next one opens at its activations."""
    for _ in range(4):
        if state.winner is not None or TITLE.decision(state) is None:
            return state
        if TITLE.decision(state).kind != "activation":  # type: ignore[union-attr]
            break
        state, _ = TITLE.apply(state, EndActivation() if state.activation is not None else GiveUp())
    if state.winner is not None:
        return state
    sides = {s: side.model_copy(update={"ap": 4, "gave_up": False}) for s, side in state.sides.items()}
    return state.model_copy(update={"pending": (), "turn": POLISH, "first": POLISH, "sides": sides})


def test_a_report_begun_in_the_7th_stage_is_out_before_the_end_of_the_8th() -> None:
    """Transmitting the report: "If by the end of the second stage, counted from the start of
    transmitting the report, the German Player fails to interrupt the transmission ... the
    game ends with the automatic victory of the Polish Player"; Victory Conditions: "If before
    the end of the 8th stage the Polish Player manages to transmit the report — he wins the
    game".  Begun in stage 7, the second stage counted from its start is the 8th, and the
    report is out when it ends (ours: that is "before the end of the 8th stage" - the game is
    not over until that stage has ended)."""
    agents = {"kloss": "market", "stedtke": "gestapo"}
    state = radio_game(agents, RadioStation(location="market"), secrets={POLISH: 2})
    state = state.model_copy(update={"stage": 7})
    state, _ = TITLE.apply(state, Transmit(agent="kloss"))
    state = _next_stage(state)
    assert (state.stage, state.winner) == (8, None)
    state = _next_stage(state)
    assert (state.winner, state.end_key) == (POLISH, TRANSMITTED)


def test_a_report_begun_in_the_8th_stage_is_too_late() -> None:
    """Victory Conditions: "If by the end of the 8th stage the Polish Player fails to
    transmit the report ... the Player who has gathered more VP wins"; the report needs the
    end of "the second stage, counted from the start", which a game of 8 stages does not
    have."""
    agents = {"kloss": "market", "stedtke": "gestapo"}
    state = radio_game(agents, RadioStation(location="market"), secrets={POLISH: 2})
    state = state.model_copy(update={"stage": 8})
    state, _ = TITLE.apply(state, Transmit(agent="kloss"))
    state = _next_stage(state)
    assert state.end_key != TRANSMITTED and state.winner is None  # 0 VP each: a draw
    assert state.end_key == "stawka.end.time"


def test_a_broken_transmission_is_begun_again_by_kloss_and_its_time_counted_anew() -> None:
    """Transmitting the report: "If the connection is broken, Kloss must initiate
    transmitting the report again, and the transmission time is counted anew"."""
    agents = {"kloss": "market", "irena": "hospital", "stedtke": "gestapo"}
    state = radio_game(agents, RadioStation(location="market"), secrets={POLISH: 2})
    state, _ = TITLE.apply(state, Transmit(agent="kloss"))
    way_out = next(a for a in TITLE.legal_actions(state) if isinstance(a, Move) and a.agent == "kloss")
    state, _ = TITLE.apply(state, way_out)
    assert state.radio is not None and state.radio.since is None
    state = _next_stage(state)
    # Only Kloss transmits: Irena on the station may not begin it again.
    state = state.with_agent(state.agent("irena").model_copy(update={"space": "market"}))
    assert not [a for a in TITLE.legal_actions(state) if isinstance(a, Transmit) and a.agent != "kloss"]
    state = state.with_agent(state.agent("kloss").model_copy(update={"space": "market"}))
    state, _ = TITLE.apply(state, Transmit(agent="kloss"))
    assert state.radio is not None and state.radio.since == 2
    state = _next_stage(state)
    assert (state.stage, state.winner) == (3, None)  # stage 2 was the first counted anew
    state = _next_stage(state)
    assert (state.winner, state.end_key) == (POLISH, TRANSMITTED)


def test_a_special_missions_secret_counts_toward_the_report() -> None:
    """Transmitting the report: "When the Polish Player has gathered two secrets (through
    conversation or as a reward for completing a special mission)": Irena's special mission
    (6 evidence against the blue German agent) brings the second secret."""
    state = radio_game(
        {"kloss": "market", "irena": "hospital", "stedtke": "gestapo"},
        RadioStation(location="market"),
        secrets={POLISH: 1},
        evidence={POLISH: {"blue": 6}},
        missions={"irena": "irena-2"},
    )
    assert Transmit(agent="kloss") not in TITLE.legal_actions(state)
    state, events = TITLE.apply(state, Move(agent="kloss", to=board_of(IKWYA).exits("market", POLISH)[0]))
    assert "stawka.mission_special" in [e.key for e in events]
    assert state.sides[POLISH].secrets == 2


def test_i_know_who_you_are_pays_1_vp_a_basic_mission_and_nothing_for_secrets() -> None:
    """Victory Conditions: "The Players in the game receive: 1 VP for completing a basic
    mission; VP from location cards" - a special mission (its reward is the secret) and a
    secret from a conversation pay no VP here."""
    state = radio_game(
        {"christianson": "hospital", "kloss": "hospital", "irena": "market", "stedtke": "gestapo"},
        RadioStation(location="tenement"),
        evidence={POLISH: {"blue": 6}},
        missions={"christianson": "christianson-3", "irena": "irena-2"},
    )
    state, events = TITLE.apply(state, Move(agent="irena", to=board_of(IKWYA).exits("market", POLISH)[0]))
    done = {e.params["agent"]: e.key for e in events if e.kind == "mission_done"}
    assert done == {"christianson": "stawka.mission_basic", "irena": "stawka.mission_special"}
    assert (state.sides[POLISH].vp, state.sides[POLISH].secrets) == (1, 1)
    state, _ = take_secret(state, POLISH, state.agent("stedtke"))
    assert (state.sides[POLISH].vp, state.sides[POLISH].secrets) == (1, 2)


def test_i_know_who_you_are_pays_1_vp_for_each_evidence_above_10() -> None:
    """Victory Conditions, NOTE: "If as a result of a CONVERSATION or discarding an item the
    Player would obtain more than the tenth piece of EVIDENCE, he instead receives 1 Victory
    Point for each evidence above 10"."""
    from rules.stawka.investigation import add_scoring_evidence

    state = radio_game({"kloss": "abwehr", "stedtke": "gestapo"}, RadioStation(location="market"))
    state = state.with_side(GERMAN, state.sides[GERMAN].model_copy(update={"evidence": {"yellow": 9}}))
    side = add_scoring_evidence(state, GERMAN, "yellow", 3)
    assert (side.evidence["yellow"], side.vp) == (10, 2)


def test_the_german_who_located_the_station_wins_only_by_the_end_of_the_8th_stage() -> None:
    """Victory Conditions: "If by the end of the 8th stage the Polish Player fails to
    transmit the report, and the German Player himself located the radio station (3
    secrets) — the German Player wins": not at once - the Polish player may still transmit
    from the located station."""
    located = RadioStation(location="market", public=True, located=True, clues=3, sectors=("city",))
    state = radio_game({"kloss": "market", "stedtke": "gestapo"}, located, secrets={POLISH: 2, GERMAN: 3})
    assert state.winner is None and TITLE.outcome(state) is None
    assert Transmit(agent="kloss") in TITLE.legal_actions(state)


# -- Hotel Excelsior ---------------------------------------------------------------------------


def test_hotel_excelsior_s_board_holds_every_place_its_lists_name() -> None:
    """Starting positions: "sectors include police, railway, Hitlerplatz, villa, waterfront and
    others"; "For convenience, a list of places where the Players can find: A. Top Secret
    cards in caskets (needed for the Polish Player's victory): SS officer's villa, hotel,
    theatre, employment office, officers' apartments. ... B. Valuable Items (needed for the
    German Player's victory): Gestapo, hotel, telephone booth, employment office, market, SS
    officer's villa".  Ours: the "others" are the administrative sector (Erik Kopf's
    employment office) and the city sector (the market)."""
    board = board_of(HOTEL)
    assert {"police", "railway", "hitlerplatz", "villa", "waterfront"} < set(board.sector_of.values())
    caskets = {"ss_villa", "hotel", "theatre", "employment_office", "officers_apartments"}
    valuables = {"gestapo", "hotel", "telephone_booth", "employment_office", "market", "ss_villa"}
    assert caskets | valuables <= set(board.locations)
    state = TITLE.new_game(StawkaOptions(scenario=HOTEL), 2)
    items = load_content().items
    on_board = {i for stack in state.stacks.values() for i in stack}
    assert {i.location for i in items if i.id in on_board and i.effect.kind == "casket"} == caskets
    assert {i.location for i in items if i.id in on_board and i.effect.kind == "valuable"} == valuables


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_hotel_card_is_received_only_after_all_the_others(seed: int) -> None:
    """Room 217: "both Players, preparing their location decks, take out of them the hotel
    card and put it as the last card at the bottom of the deck. They will therefore be able
    to receive it only after using all the other cards"."""
    state = TITLE.new_game(StawkaOptions(scenario=HOTEL), seed)
    for seat in (POLISH, GERMAN):
        side = state.sides[seat]
        deck = side.location_deck
        drawn, _ = deck.draw_many(len(deck.pile))
        assert drawn[-1] == f"{seat}-hotel" and f"{seat}-hotel" not in side.location_hand.cards


def test_15_vp_open_the_hotel_to_the_player_who_gains_them_only() -> None:
    """Victory Conditions: "The Player who gains 15 VP (or more) may perform the search action
    in the hotel"; Room 217: "Until the moment a given Player gathers 15 VP, nobody may
    either search the hotel or play the hotel card" - the other player, below 15, still may
    not."""
    state = in_activations({"kloss": "hotel", "fritz_kopf": "hotel"}, scenario=HOTEL)
    state = state.with_side(POLISH, state.sides[POLISH].model_copy(update={"vp": 16}))
    assert Search(agent="kloss") in TITLE.legal_actions(state)
    german = state.model_copy(update={"turn": GERMAN, "first": GERMAN})
    assert Search(agent="fritz_kopf") not in TITLE.legal_actions(german)
    with pytest.raises(IllegalAction):
        TITLE.apply(german, Search(agent="fritz_kopf"))


def test_a_special_mission_pays_3_vp_and_its_secret_no_more() -> None:
    """Victory Points: "B. a special mission — 3 VP, C. a secret from a conversation — 3 VP":
    the secret a special mission brings is no secret from a conversation."""
    mission = next(m for m in load_content().missions if m.id == "ingrid_heizer-3")
    colour = mission.special.colour
    assert colour is not None
    state = in_activations(
        {"ingrid_heizer": "cafe", "fritz_kopf": "gestapo"},
        scenario=HOTEL,
        evidence={POLISH: {colour: 6}},
        missions={"ingrid_heizer": mission.id},
    )
    state, events = TITLE.apply(state, GiveUp())
    assert "stawka.mission_special" in [e.key for e in events]
    assert (state.sides[POLISH].vp, state.sides[POLISH].secrets) == (3, 1)


def test_the_germans_gain_vp_from_the_ss_officers_villa_card() -> None:
    """Victory Points, NOTE: "In certain situations the Players can gain VP by playing selected
    location cards (e.g. the Germans from the SS officer's villa)"."""
    state = in_activations({"erik_kopf": "ss_villa", "kloss": "park"}, turn=GERMAN, scenario=HOTEL)
    state = in_hand(state, GERMAN, "german-ss_villa")
    vp = state.sides[GERMAN].vp
    state, _ = TITLE.apply(state, PlayLocationCard(agent="erik_kopf", card="german-ss_villa"))
    assert state.sides[GERMAN].vp > vp


def test_only_the_polish_player_creates_a_top_secret_document() -> None:
    """Hotel Excelsior: "Additionally the Polish Player can "create" a Top Secret Document using
    two items: stamp and document".  The rulebook gives the German player no such use: a
    German agent holding both makes nothing of them (until this audit he could)."""
    items = {"erik_kopf": (STAMP, DOCUMENT)}
    state = in_activations({"erik_kopf": "courts", "georg": "park"}, turn=GERMAN, scenario=HOTEL, items=items)
    make = UseItem(agent="erik_kopf", item=STAMP)
    assert make not in TITLE.legal_actions(state)
    with pytest.raises(IllegalAction):
        TITLE.apply(state, make)
    assert state.agent("erik_kopf").top_secret == 0
    polish = in_activations(
        {"georg": "courts", "erik_kopf": "park"}, scenario=HOTEL, items={"georg": (STAMP, DOCUMENT)}
    )
    state, _ = TITLE.apply(polish, UseItem(agent="georg", item=STAMP))
    assert state.agent("georg").top_secret == 1


# -- Top Secret --------------------------------------------------------------------------------


def test_top_secret_starts_as_written() -> None:
    """Starting positions: "Hans Kloss (Polish) — Abwehr (military sector); Hermann Brunner
    (German) — Gestapo; Glaubel (German) — market. Other agents: Kazik — railway station;
    Puschke — bunker; Barbara Reczko — design office; Erwin Reil — design office; Edward
    Kania — tenement"; "The Black Audi figure (German) starts in the barracks"; "sectors
    include military, police, railway, administrative, factory and others"."""
    state = TITLE.new_game(StawkaOptions(scenario=TOP_SECRET), 1)
    assert {a.id: a.space for a in state.agents} == {
        "kloss": "abwehr",
        "hermann_brunner": "gestapo",
        "glaubel": "market",
        "kazik": "railway_station",
        "puschke": "bunker",
        "barbara_reczko": "design_office",
        "erwin_reil": "design_office",
        "edward_kania": "tenement",
    }
    assert (state.agent("kloss").side, state.agent("hermann_brunner").side, state.agent("glaubel").side) == (
        POLISH,
        GERMAN,
        GERMAN,
    )
    assert figures(state).audi == "barracks"
    assert {"military", "police", "railway", "administrative", "factory"} < set(
        board_of(TOP_SECRET).sector_of.values()
    )


def test_pulkowski_s_resistance_weakens_by_one_a_stage() -> None:
    """Will Pulkowski Cooperate?: "If in the first stage he fails, in the second he gains a +1
    modifier to the roll, in the third +2, in the fourth +3, etc.": three failures (2, 2, 2;
    then 2 + 2 + 1 = 5 < 12 and 2 + 2 + 2 = 6), then 4 + 5 + 3 = 12 in the fourth stage."""
    state = end_top_secret_stage(top_secret_board((1, 1)))
    assert (figures(state).failed, state.stage) == (1, 2)
    assert figures(end_top_secret_stage(top_secret_board((5, 5), failed=1))).pulkowski == "held"  # 10 + 1
    assert figures(end_top_secret_stage(top_secret_board((5, 5), failed=2))).pulkowski == "broken"  # 10 + 2
    assert figures(end_top_secret_stage(top_secret_board((4, 5), failed=3))).pulkowski == "broken"  # 9 + 3


def test_three_polish_agents_in_the_factory_take_9_off_the_roll() -> None:
    """Reinforced Factory Security, the worked example: "if e.g. three Polish agents infiltrate
    the factory, the German Player when interrogating the doctor will subtract as many as 9
    from the rolls!" - and "(Polish agents after infiltrating need not stay in the factory for
    the effect to continue to apply.)": none of the three stands there now."""
    three = ("kloss", "kazik", "barbara_reczko")
    state = top_secret_board((6, 6), failed=8, infiltrators=three)
    assert all(a.space != "factory" for a in state.agents)
    state = end_top_secret_stage(state)
    assert figures(state).pulkowski == "held"  # 12 + 8 - 9 = 11
    state = end_top_secret_stage(top_secret_board((6, 6), failed=9, infiltrators=three))
    assert figures(state).pulkowski == "broken"  # 12 + 9 - 9 = 12


def test_pulkowski_is_interrogated_at_the_end_of_each_stage_and_nothing_else_affects_him() -> None:
    """Will Pulkowski Cooperate?: "At the end of each stage the German Player interrogates the
    doctor. He then rolls two dice"; "Pulkowski is not represented by any token. No tokens or
    special traits of agents affect him": a Polish move during the stage rolls nothing, and a
    German support token on the board adds nothing to his 11 (6 + 5: he resists)."""
    support = next(t.id for t in load_content().threats if t.side == GERMAN and t.kind == "support")
    state = top_secret_board((6, 5))
    state = state.model_copy(update={"threats": {**state.threats, "gestapo": support}})
    step = board_of(TOP_SECRET).exits("factory.13", POLISH)[0]
    state, events = TITLE.apply(state, Move(agent="barbara_reczko", to=step))
    assert not [e for e in events if e.kind == "roll"] and figures(state).failed == 0
    state = end_top_secret_stage(state.model_copy(update={"activation": None}))
    assert (figures(state).pulkowski, figures(state).failed) == ("held", 1)
    assert state.threats.get("gestapo") == support  # not used on him


def test_a_german_top_secret_card_moves_the_audi_too() -> None:
    """Top Secret Cards: "When a Player discards a Top Secret card (during the activation of an
    agent holding that card) he may immediately move the Black Audi 2 spaces in a direction
    of his choice" - a Player, either side."""
    state = top_secret_board(audi="factory.8").model_copy(update={"turn": GERMAN, "first": GERMAN})
    state = holding_a_card(state, "hermann_brunner")
    state, _ = TITLE.apply(state, DiscardTopSecret(agent="hermann_brunner"))
    decision = TITLE.decision(state)
    assert decision is not None and (decision.kind, decision.seat) == ("audi_nudge", GERMAN)


def test_evidence_above_10_from_an_interrogation_scores_as_from_a_conversation() -> None:
    """Victory Points, NOTE: "If as a result of a CONVERSATION or discarding an item the Player
    would obtain more than the tenth piece of EVIDENCE, he instead receives 1 Victory Point for
    each evidence above 10"; Arrest Action: the interrogation is rolled "(as for a
    conversation)" and "The arrest action is treated as a conversation".  Ours: its evidence
    scores as a conversation's, as its secret does (README, "A secret revealed in an
    interrogation").  Georg in the jail, 10 evidence against purple: 3 + 2 + 3 (the track) = 8,
    his single success, one piece beyond the tenth, 1 VP."""
    from rules.stawka.actions import Interrogate

    state = in_activations(
        {"fritz_kopf": "jail", "georg": "jail"},
        turn=GERMAN,
        rng=rng_rolling(3, 2),
        evidence={GERMAN: {"purple": 10}},
        scenario=HOTEL,
    )
    state = state.with_agent(state.agent("georg").model_copy(update={"status": "arrested"}))
    state, _ = TITLE.apply(state, Interrogate(agent="fritz_kopf", prisoner="georg"))
    german = state.sides[GERMAN]
    assert (german.evidence["purple"], german.evidence_over.get("purple"), german.vp) == (10, 1, 1)
