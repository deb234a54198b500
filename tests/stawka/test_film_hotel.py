""" "Hotel Excelsior" (rulebook, "Film Scenario: Hotel Excelsior"): room 217, the finale and
the VP (`rules.stawka.film.room_217`)."""

from __future__ import annotations

import pytest

from rules.core import Dice, IllegalAction, Seat, seed_state
from rules.stawka.actions import CardForAP, ItemAsEvidence, PlayLocationCard, Search
from rules.stawka.arrest import jail
from rules.stawka.bots.hotel import COMPLETING, NEEDED, item_worth
from rules.stawka.content import load_content
from rules.stawka.conversation import take_secret
from rules.stawka.film.room_217 import Room217
from rules.stawka.investigation import add_scoring_evidence
from rules.stawka.options import StawkaOptions
from rules.stawka.setup import OPEN_ENDED_STAGES
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from rules.stawka.view import view
from tests.stawka.build import in_activations
from tests.stawka.cards import in_hand

HOTEL = "hotel-excelsior"
KEY = "hotel-5"
"""The key to room 217."""
JEWELLERY = "hotel-2"
"""A valuable."""


def at_hotel(seat: Seat, vp: int, items: tuple[str, ...] = (), top_secret: int = 0) -> StawkaState:
    """`seat`'s agent in the hotel with `items` and the hotel card in hand, his side at `vp`."""
    agent = "kloss" if seat == "polish" else "fritz_kopf"
    enemy = "fritz_kopf" if seat == "polish" else "kloss"
    state = in_activations(
        {agent: "hotel", enemy: "gestapo" if seat == "polish" else "park"},
        turn=seat,
        scenario=HOTEL,
        items={agent: items},
    )
    state = state.with_agent(state.agent(agent).model_copy(update={"top_secret": top_secret}))
    state = state.with_side(seat, state.sides[seat].model_copy(update={"vp": vp}))
    return in_hand(state, seat, f"{seat}-hotel", f"{seat}-park")


def test_the_scenario_starts_as_listed_until_victory() -> None:
    """Starting positions, card limit 3, game time "until victory", the hotel card last."""
    state = TITLE.new_game(StawkaOptions(scenario=HOTEL), 1)
    assert {a.id: a.space for a in state.agents} == {
        "georg": "police_station",
        "kloss": "railway_station",
        "emma_schmidt": "park",
        "ingrid_heizer": "cafe",
        "fritz_kopf": "gestapo",
        "erik_kopf": "employment_office",
        "gendarmerie_sergeant": "waterfront",
        "johannes_lemner": "hotel",
    }
    assert (state.location_card_limit, state.rule_level, state.stage_count) == (
        3,
        "advanced",
        OPEN_ENDED_STAGES,
    )
    for seat in ("polish", "german"):
        assert state.sides[seat].location_deck.pile[-1] == f"{seat}-hotel"
    seen = view(state, "polish")
    assert seen.until_victory
    assert seen.room_217 is not None and seen.room_217.finale_vp == 15
    assert seen.room_217.unlocked == {"polish": False, "german": False}


@pytest.mark.parametrize("seat", ["polish", "german"])
def test_nobody_searches_the_hotel_before_15_vp(seat: Seat) -> None:
    """Room 217: "Until the moment a given Player gathers 15 VP, nobody may either search
    the hotel or play the hotel card"."""
    agent = "kloss" if seat == "polish" else "fritz_kopf"
    state = at_hotel(seat, 14)
    assert Search(agent=agent) not in TITLE.legal_actions(state)
    with pytest.raises(IllegalAction, match="before his side has 15 VP") as refused:
        TITLE.apply(state, Search(agent=agent))
    assert refused.value.key == "stawka.refusal.room_217_search"
    assert Search(agent=agent) in TITLE.legal_actions(at_hotel(seat, 15))


def test_below_15_vp_the_hotel_card_is_no_use_at_all() -> None:
    """Room 217: "Until the moment a given Player gathers 15 VP, nobody may either search the
    hotel or play the hotel card"."""
    state = at_hotel("polish", 14, (KEY,), top_secret=1)
    legal = TITLE.legal_actions(state)
    assert not [a for a in legal if getattr(a, "card", None) == "polish-hotel"]
    assert CardForAP(card="polish-park") in legal
    for action in (PlayLocationCard(agent="kloss", card="polish-hotel"), CardForAP(card="polish-hotel")):
        with pytest.raises(IllegalAction, match="only with 15 VP") as refused:
            TITLE.apply(state, action)
        assert refused.value.key == "stawka.refusal.room_217_card"


def test_at_15_vp_without_what_it_needs_the_hotel_card_is_a_search_for_1_ap() -> None:
    state = at_hotel("polish", 15, (KEY,))
    state = state.model_copy(update={"stacks": {**state.stacks, "hotel": ("hotel-3", "hotel-4")}})
    state, _ = TITLE.apply(state, PlayLocationCard(agent="kloss", card="polish-hotel"))
    assert state.winner is None and state.drawn_item == "hotel-3"
    assert state.agent("kloss").ap_used == 1


def test_the_key_and_a_top_secret_card_open_room_217_for_the_polish_side() -> None:
    """Victory Conditions: "if during the activation of his agent he manages to meet the
    conditions on the hotel location card, he automatically wins the game"."""
    state = at_hotel("polish", 15, (KEY,), top_secret=1)
    state, events = TITLE.apply(state, PlayLocationCard(agent="kloss", card="polish-hotel"))
    assert (state.winner, state.end_key, state.room_217) == ("polish", "stawka.end.room_217", "polish")
    assert TITLE.outcome(state) is not None and TITLE.to_act(state) is None
    assert [e.key for e in events if e.kind == "room_217"] == ["stawka.room_217_opened"]


def test_the_key_and_a_valuable_open_room_217_for_the_german_side() -> None:
    """ "B. Valuable Items (needed for the German Player's victory)"; "if during the activation
    of his agent he manages to meet the conditions on the hotel location card, he
    automatically wins the game" (the conditions are ours: the key and a valuable)."""
    assert (
        TITLE.apply(
            at_hotel("german", 16, (KEY, JEWELLERY)),
            PlayLocationCard(agent="fritz_kopf", card="german-hotel"),
        )[0].winner
        == "german"
    )
    # A Top Secret card is no valuable: the German card's finale needs one.
    state, _ = TITLE.apply(
        at_hotel("german", 16, (KEY,), top_secret=1),
        PlayLocationCard(agent="fritz_kopf", card="german-hotel"),
    )
    assert state.winner is None and state.drawn_item is not None


def test_the_key_alone_opens_nothing() -> None:
    """ "A. Top Secret cards in caskets (needed for the Polish Player's victory)": the key
    without one meets no condition of the card."""
    state, _ = TITLE.apply(
        at_hotel("polish", 15, (KEY,)), PlayLocationCard(agent="kloss", card="polish-hotel")
    )
    assert state.winner is None


def test_evidence_beyond_the_tenth_scores_1_vp_each() -> None:
    """Victory Points, NOTE: "more than the tenth piece of EVIDENCE ... 1 Victory Point for
    each evidence above 10" (from a conversation or a discarded item)."""
    state = in_activations(
        {"kloss": "theatre", "fritz_kopf": "gestapo"}, scenario=HOTEL, evidence={"polish": {"purple": 9}}
    )
    side = add_scoring_evidence(state, "polish", "purple", 3)
    assert (side.evidence["purple"], side.vp) == (10, 2)
    # A discarded item in a search, the same.
    state = state.model_copy(update={"stacks": {**state.stacks, "theatre": ("theatre-4",)}})
    state, _ = TITLE.apply(state, Search(agent="kloss"))
    state, _ = TITLE.apply(state, ItemAsEvidence(colour="purple"))
    assert state.sides["polish"].vp == 2
    # Training 1 pays no VP for it.
    training = in_activations({"kloss": "theatre", "glaubel": "gestapo"}, evidence={"polish": {"purple": 9}})
    assert add_scoring_evidence(training, "polish", "purple", 3).vp == 0


def test_a_secret_scores_3_vp_and_missions_1_and_3() -> None:
    """ "Victory Points (VP) are awarded for: A. a basic mission — 1 VP, B. a special mission —
    3 VP, C. a secret from a conversation — 3 VP." Victory Points: a basic mission 1, a
    special mission 3, a secret 3."""
    state = in_activations({"kloss": "theatre", "fritz_kopf": "gestapo"}, scenario=HOTEL)
    state, _ = take_secret(state, "polish", state.agent("fritz_kopf"))
    assert state.sides["polish"].vp == 3
    victory = load_content().scenario(HOTEL).victory
    assert (victory.vp_basic_mission, victory.vp_special_mission) == (1, 3)


def test_the_key_never_leaves_the_game() -> None:
    """Ours: the one key to room 217 goes back under the hotel's stack when its holder is
    arrested (or it is discarded as evidence): without it nobody could win.  Held face
    down, it is no longer counted among the tiles that left the game unseen (a search
    bot's re-deal of hidden tiles failed on it)."""
    state = in_activations(
        {"ingrid_heizer": "park", "fritz_kopf": "park"}, scenario=HOTEL, items={"ingrid_heizer": (KEY,)}
    )
    state, events = jail(state, state.agent("fritz_kopf"), state.agent("ingrid_heizer"))
    assert state.removed_face_down == {KEY: "polish"}
    state, more = Room217().after_step(state, Dice(seed_state(1)))
    assert KEY not in state.removed_items and state.stacks["hotel"][-1] == KEY
    assert state.removed_face_down == {}
    TITLE.scramble(state, "german", Dice(seed_state(2)))
    assert [e.key for e in more] == ["stawka.room_217_key_back"]
    # Discarded as evidence in a search of the hotel (at 15 VP), the same.
    state = in_activations({"ingrid_heizer": "hotel", "fritz_kopf": "park"}, scenario=HOTEL)
    state = state.with_side("polish", state.sides["polish"].model_copy(update={"vp": 15}))
    state = state.model_copy(update={"stacks": {**state.stacks, "hotel": (KEY,)}})
    state, _ = TITLE.apply(state, Search(agent="ingrid_heizer"))
    state, events = TITLE.apply(state, ItemAsEvidence(colour="yellow"))
    assert state.stacks["hotel"] == (KEY,) and KEY not in state.sides["polish"].evidence_items
    assert "stawka.room_217_key_back" in [e.key for e in events]


def test_the_bot_wants_the_last_thing_its_agent_lacks_most_once_the_hotel_is_open() -> None:
    """Between heuristic bots the German side held the key on one agent and valuables on
    others for the rest of the game: the half that completes an agent is worth the most."""

    def worth(vp: int, items: tuple[str, ...], tile: str) -> float:
        seen = view(at_hotel("german", vp, items), "german")
        return item_worth(seen, "german", next(a for a in seen.agents if a.id == "fritz_kopf"), tile)

    assert worth(15, (KEY,), JEWELLERY) == COMPLETING
    assert worth(15, (JEWELLERY,), KEY) == COMPLETING
    assert worth(14, (KEY,), JEWELLERY) == NEEDED
    assert worth(15, (), KEY) == NEEDED
    assert worth(15, (KEY, JEWELLERY), "ss_villa-2") == 1.0
