"""The radio station of "I Know Who You Are" (rulebook, "Film Scenario: I Know Who You Are":
"Radio Station", "Transmitting the report", "Radio station LOCATED", "Victory Conditions")."""

from __future__ import annotations

import pytest

from rules.core import Dice, IllegalAction, seed_state
from rules.stawka.actions import (
    Arrest,
    Assassinate,
    Converse,
    EndActivation,
    GiveUp,
    HideRadioStation,
    Move,
    NameRadioSector,
    Transmit,
)
from rules.stawka.film.radio import LOCATED, TRANSMITTED
from rules.stawka.options import StawkaOptions
from rules.stawka.state import GERMAN, POLISH, RadioStation, StawkaState
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.dice import rng_rolling

SCENARIO = "i-know-who-you-are"
BAYONET = "theatre-5"
HIDING_PLACES = {
    "employment_office",
    "courts",
    "telephone_booth",
    "market",
    "hospital",
    "tenement",
    "rail_office",
    "railway_station",
}
"""The locations of the administrative, city and railway sectors."""


def radio_game(
    agents: dict[str, str],
    radio: RadioStation,
    turn: str = POLISH,
    secrets: dict[str, int] | None = None,
    **kwargs: object,
) -> StawkaState:
    state = in_activations(agents, turn=turn, scenario=SCENARIO, **kwargs)  # type: ignore[arg-type]
    sides = {
        seat: side.model_copy(update={"secrets": (secrets or {}).get(seat, 0)})
        for seat, side in state.sides.items()
    }
    return state.model_copy(update={"radio": radio, "sides": sides})


def test_the_polish_player_hides_the_station_first_outside_the_police_and_military_sectors() -> None:
    """Radio Station: "Before the game the Polish Player writes on a piece of paper (and does
    not reveal this information) the hiding place of the radio station. It must be a
    location in any sector except the police and military sectors"."""
    state = TITLE.new_game(StawkaOptions(scenario=SCENARIO), 4)
    decision = TITLE.decision(state)
    assert decision is not None and (decision.kind, decision.seat) == ("radio_hide", POLISH)
    places = {a.location for a in TITLE.legal_actions(state) if isinstance(a, HideRadioStation)}
    assert places == HIDING_PLACES
    with pytest.raises(IllegalAction) as refused:
        TITLE.apply(state, HideRadioStation(location="gestapo"))
    assert refused.value.key == "stawka.refusal.radio_hide"
    state, events = TITLE.apply(state, HideRadioStation(location="hospital"))
    assert state.radio == RadioStation(location="hospital")
    # Behind the curtain: neither the German view nor any event says where.
    assert TITLE.view(state, GERMAN).radio == RadioStation()
    assert TITLE.view(state, POLISH).radio == RadioStation(location="hospital")
    assert "hospital" not in repr([e for e in events if e.seen_by(GERMAN)])
    assert TITLE.decision(state).kind == "planning"  # type: ignore[union-attr]
    dice = Dice(seed_state(1))
    seen = {TITLE.scramble(state, GERMAN, dice).radio.location for _ in range(60)}  # type: ignore[union-attr]
    assert seen == places


def test_kloss_with_two_secrets_transmits_from_the_station_and_makes_it_public() -> None:
    """Transmitting the report: "When the Polish Player has gathered two secrets ..., he may go
    with Kloss to the location where the radio station is hidden and perform the
    transmit-report action (cost 1 AP). He then places the radio station token in the
    location and from that moment its position is public"; Radio Station: "The Polish Player
    will have to reveal the location of the radio station in two cases: A. when he begins
    transmitting the report"."""
    agents = {"kloss": "market", "stedtke": "gestapo"}
    one = radio_game(agents, RadioStation(location="market"), secrets={POLISH: 1})
    assert Transmit(agent="kloss") not in TITLE.legal_actions(one)
    elsewhere = radio_game(agents, RadioStation(location="hospital"), secrets={POLISH: 2})
    assert Transmit(agent="kloss") not in TITLE.legal_actions(elsewhere)
    state = radio_game(agents, RadioStation(location="market"), secrets={POLISH: 2})
    assert Transmit(agent="kloss") in TITLE.legal_actions(state)
    state, events = TITLE.apply(state, Transmit(agent="kloss"))
    assert state.radio == RadioStation(location="market", public=True, since=1)
    assert state.agent("kloss").ap_used == 1 and state.activation is not None and state.activation.acted
    assert TITLE.view(state, GERMAN).radio.location == "market"  # type: ignore[union-attr]
    assert [e.key for e in events if e.kind == "radio"] == ["stawka.radio_transmit"]
    # One transmission at a time.
    assert Transmit(agent="kloss") not in TITLE.legal_actions(state)


def test_the_transmission_breaks_when_no_polish_agent_stays_on_the_station() -> None:
    """Transmitting the report: "From this moment until the end of the next stage, at least one
    Polish agent must be present on the space with the radio station so as not to break the
    connection"."""
    on_air = RadioStation(location="market", public=True, since=1)
    state = radio_game({"kloss": "market", "stedtke": "gestapo"}, on_air, secrets={POLISH: 2})
    way_out = next(a for a in TITLE.legal_actions(state) if isinstance(a, Move) and a.agent == "kloss")
    state, events = TITLE.apply(state, way_out)
    assert state.radio is not None and state.radio.since is None and state.radio.public
    assert "stawka.radio_broken" in [e.key for e in events]
    # With Irena staying, Kloss may leave.
    state = radio_game({"kloss": "market", "irena": "market", "stedtke": "gestapo"}, on_air)
    way_out = next(a for a in TITLE.legal_actions(state) if isinstance(a, Move) and a.agent == "kloss")
    state, _ = TITLE.apply(state, way_out)
    assert state.radio == on_air


def end_stage(state: StawkaState) -> StawkaState:
    """Both players give up the rest of the stage: it ends (steps G-H)."""
    while TITLE.decision(state) is not None and TITLE.decision(state).kind == "activation":  # type: ignore[union-attr]
        if state.activation is not None:
            state, _ = TITLE.apply(state, EndActivation())
        else:
            state, _ = TITLE.apply(state, GiveUp())
        if state.stage_count < state.stage or state.phase != "activations":
            break
    return state


def test_two_stages_on_air_from_the_start_win_for_the_polish_player() -> None:
    """Transmitting the report: "If by the end of the second stage, counted from the start of
    transmitting the report, the German Player fails to interrupt the transmission ..., the
    game ends with the automatic victory of the Polish Player"."""
    state = radio_game(
        {"kloss": "market", "stedtke": "gestapo"}, RadioStation(location="market"), secrets={POLISH: 2}
    )
    state, _ = TITLE.apply(state, Transmit(agent="kloss"))
    state = end_stage(state)
    assert state.stage == 2 and state.winner is None  # the stage it started in is the first
    restarted = state.model_copy(update={"pending": (), "turn": POLISH, "first": POLISH})
    sides = {s: side.model_copy(update={"ap": 4, "gave_up": False}) for s, side in restarted.sides.items()}
    state = end_stage(restarted.model_copy(update={"sides": sides}))
    assert (state.winner, state.end_key) == (POLISH, TRANSMITTED)
    assert TITLE.outcome(state) is not None


def test_the_german_secrets_name_two_sectors_then_one_then_locate_the_station() -> None:
    """Radio station LOCATED: "A. When the German Player gains the first secret, the Polish
    Player must give him the names of two sectors, one of which certainly hides the radio
    station. B. When the German Player gains the second secret, the Polish Player must
    reveal the name of the sector with the radio station. C. When the German Player gains
    the 3rd secret, the Polish Player reveals the radio station"."""
    hidden = RadioStation(location="hospital")
    state = radio_game({"kloss": "abwehr", "stedtke": "gestapo"}, hidden, turn=GERMAN, secrets={GERMAN: 1})
    state, _ = TITLE.apply(state, GiveUp())
    decision = TITLE.decision(state)
    assert decision is not None and (decision.kind, decision.seat) == ("radio_sectors", POLISH)
    assert set(TITLE.legal_actions(state)) == {
        NameRadioSector(sector="administrative"),
        NameRadioSector(sector="railway"),
    }
    state, events = TITLE.apply(state, NameRadioSector(sector="railway"))
    assert [e.params for e in events if e.kind == "radio"] == [{"sector": "city", "other": "railway"}]
    assert state.radio == hidden.model_copy(update={"sectors": ("city", "railway"), "clues": 1})
    assert TITLE.view(state, GERMAN).radio.sectors == ("city", "railway")  # type: ignore[union-attr]
    dice = Dice(seed_state(2))
    seen = {TITLE.scramble(state, GERMAN, dice).radio.location for _ in range(60)}  # type: ignore[union-attr]
    assert seen == {"market", "hospital", "tenement", "rail_office", "railway_station"}

    second = _german_secret(state)
    assert second.radio is not None and second.radio.sectors == ("city",) and not second.radio.public
    third = _german_secret(second)
    assert third.radio is not None and third.radio.public and third.radio.located
    assert TITLE.view(third, GERMAN).radio.location == "hospital"  # type: ignore[union-attr]


def _german_secret(state: StawkaState) -> StawkaState:
    """One more German secret, noticed after the next step (a German give-up)."""
    german = state.sides[GERMAN]
    state = state.model_copy(update={"turn": GERMAN, "pending": ()}).with_side(
        GERMAN, german.model_copy(update={"secrets": german.secrets + 1, "gave_up": False, "ap": 4})
    )
    return TITLE.apply(state, GiveUp())[0]


def test_one_action_bringing_two_secrets_gives_both_clues_in_that_action() -> None:
    """Radio station LOCATED: "When the German Player gains the 3rd secret, the Polish Player
    reveals the radio station", and from "the moment the radio station is located ...
    Stedtke may try to arrest every Polish agent in the location with the radio station".
    Heinrich Vogel's secret from Jacek also completes his special mission "Extract a secret
    from the Polish agent", whose reward is a secret: the German player's 2nd and 3rd
    secrets come in one action, and so do the sector and the station itself."""
    named = RadioStation(location="market", sectors=("city", "railway"), clues=1)
    agents = {"heinrich_vogel": "market", "jacek": "market", "stedtke": "market", "kloss": "abwehr"}
    state = radio_game(
        agents,
        named,
        turn=GERMAN,
        secrets={GERMAN: 1},
        evidence={GERMAN: {"yellow": 3}},
        missions={"heinrich_vogel": "heinrich_vogel-2"},
        rng=rng_rolling(6, 6),  # 12 + 1 (the track) against Jacek's secret at 12
    )
    state, events = TITLE.apply(state, Converse(agent="heinrich_vogel", target="jacek"))
    assert state.sides[GERMAN].secrets == 3
    assert [e.key for e in events if e.kind in ("secret", "mission_done", "radio")] == [
        "stawka.secret",
        "stawka.mission_special",
        "stawka.radio_sector",
        "stawka.radio_located",
    ]
    assert state.radio == named.model_copy(
        update={"sectors": ("city",), "clues": 3, "public": True, "located": True}
    )
    # The station is located now: Stedtke may arrest Jacek there in his next activation.
    state = state.model_copy(update={"activation": None, "turn": GERMAN})
    assert Arrest(agent="stedtke", target="jacek") in TITLE.legal_actions(state)


def test_a_first_and_second_secret_in_one_action_name_the_sector_without_asking_for_two() -> None:
    """Radio station LOCATED, A-B: the first secret makes the Polish player name two sectors,
    the second reveals the sector; with both in one action the sector is named at once and
    the Polish player is not asked to name two."""
    hidden = RadioStation(location="market")
    state = radio_game(
        {"heinrich_vogel": "market", "jacek": "market", "kloss": "abwehr"},
        hidden,
        turn=GERMAN,
        evidence={GERMAN: {"yellow": 3}},
        missions={"heinrich_vogel": "heinrich_vogel-2"},
        rng=rng_rolling(6, 6),
    )
    state, events = TITLE.apply(state, Converse(agent="heinrich_vogel", target="jacek"))
    assert state.sides[GERMAN].secrets == 2
    assert state.radio == hidden.model_copy(update={"sectors": ("city",), "clues": 2})
    assert not any(p.kind == "radio_sectors" for p in state.pending)
    assert [e.params for e in events if e.kind == "radio"] == [{"sector": "city"}]


def test_no_clue_once_the_transmission_made_the_station_public() -> None:
    """Radio station LOCATED: the German player "gets closer to locating the radio station
    (provided the Polish Player has not yet begun transmitting the report)"."""
    public = RadioStation(location="hospital", public=True)
    state = radio_game({"kloss": "abwehr", "stedtke": "gestapo"}, public, turn=GERMAN, secrets={GERMAN: 3})
    state, _ = TITLE.apply(state, GiveUp())
    assert state.radio == public  # not located by the German player himself


def test_a_public_station_lets_german_agents_assassinate_and_stedtke_arrest_without_evidence() -> None:
    """ "From the moment the radio station is located, or a situation in which the Polish
    Player himself reveals its position, the German agents may perform assassinations (they
    must hold a weapon), and Stedtke may try to arrest every Polish agent in the location
    with the radio station (he need not have evidence, but every arrest requires performing
    the action)"."""
    agents = {
        "stedtke": "market",
        "jacek": "market",
        "kloss": "market",
        "bruno_dreher": "hospital",
        "irena": "hospital",
    }
    items = {"stedtke": (BAYONET,), "bruno_dreher": ("hotel-3",)}
    hidden = radio_game(agents, RadioStation(location="market"), turn=GERMAN, items=items)
    assert not [a for a in TITLE.legal_actions(hidden) if isinstance(a, Arrest | Assassinate)]
    public = radio_game(agents, RadioStation(location="market", public=True), turn=GERMAN, items=items)
    legal = TITLE.legal_actions(public)
    # Stedtke arrests Jacek and Kloss without evidence (point 10 below); with a weapon, no
    # mission, he may attack Jacek or Kloss; Bruno Dreher has no weapon.
    assert {a.target for a in legal if isinstance(a, Arrest)} == {"jacek", "kloss"}
    assert {(a.agent, a.target) for a in legal if isinstance(a, Assassinate)} == {
        ("stedtke", "jacek"),
        ("stedtke", "kloss"),
    }
    away = radio_game(
        {"stedtke": "hospital", "irena": "hospital"},
        RadioStation(location="market", public=True),
        turn=GERMAN,
    )
    assert not [a for a in TITLE.legal_actions(away) if isinstance(a, Arrest)]


def test_stedtke_arrests_every_polish_agent_at_the_public_station_kloss_too() -> None:
    """Issue 27 point 10. The general rule: "Only the German Player ... can arrest enemy
    agents (except Hans Kloss)"; the scenario: "Stedtke may try to arrest every Polish agent
    in the location with the radio station (he need not have evidence, but every arrest
    requires performing the action)". Ours: the scenario's rule, Kloss too - there only,
    only Stedtke, only once the station is public; elsewhere Kloss stays out of reach."""
    agents = {"stedtke": "market", "kloss": "market", "heinrich_vogel": "market"}
    evidence = {GERMAN: {"black": 10}}
    public = RadioStation(location="market", public=True, since=1)
    state = radio_game(agents, public, turn=GERMAN, evidence=evidence, rng=rng_rolling(2, 2))
    assert {(a.agent, a.target) for a in TITLE.legal_actions(state) if isinstance(a, Arrest)} == {
        ("stedtke", "kloss")
    }
    state, events = TITLE.apply(state, Arrest(agent="stedtke", target="kloss"))
    assert state.agent("kloss").status == "arrested" and state.agent("kloss").space == "jail"
    assert state.radio is not None and state.radio.since is None  # the transmission broke
    assert "stawka.radio_broken" in [e.key for e in events]
    for radio in (RadioStation(location="market"), RadioStation(location="hospital", public=True)):
        hidden = radio_game(agents, radio, turn=GERMAN, evidence=evidence)
        assert not [a for a in TITLE.legal_actions(hidden) if isinstance(a, Arrest)]


def test_at_the_end_the_german_who_located_it_wins_else_more_vp_else_a_draw() -> None:
    """Victory Conditions: "If by the end of the 8th stage the Polish Player fails to transmit
    the report, and the German Player himself located the radio station (3 secrets) — the
    German Player wins"; "... and the German Player did not manage to locate the radio
    station himself — the Player who has gathered more VP wins"; "With an equal number of VP
    gained the game ends in a draw"."""
    located = RadioStation(location="hospital", public=True, located=True, clues=3)
    last = {"kloss": "abwehr", "stedtke": "gestapo"}
    state = radio_game(last, located).model_copy(update={"stage": 8})
    sides = {s: side.model_copy(update={"vp": 3 if s == POLISH else 0}) for s, side in state.sides.items()}
    assert (end_stage(state.model_copy(update={"sides": sides})).end_key) == LOCATED
    revealed = radio_game(last, RadioStation(location="hospital", public=True)).model_copy(
        update={"stage": 8}
    )
    ended = end_stage(revealed.model_copy(update={"sides": sides}))
    assert (ended.winner, ended.end_key) == (POLISH, "stawka.end.more_vp")
    drawn = end_stage(revealed)
    assert (drawn.winner, drawn.end_key) == (None, "stawka.end.time")


def test_kloss_with_one_ap_left_may_still_be_activated_to_transmit() -> None:
    """Activating an Agent, 2: an agent with 1 AP left may be activated for a 1-AP action."""
    state = radio_game({"kloss": "market", "stedtke": "gestapo"}, RadioStation(location="market"), ap=1)
    assert Transmit(agent="kloss") not in TITLE.legal_actions(state)  # no secrets yet
    ready = radio_game(
        {"kloss": "market", "stedtke": "gestapo"}, RadioStation(location="market"), secrets={POLISH: 2}, ap=1
    )
    assert Transmit(agent="kloss") in TITLE.legal_actions(ready)
    assert TITLE.apply(ready, Transmit(agent="kloss"))[0].radio.since == 1  # type: ignore[union-attr]
