"""The whole training campaign through `Title.campaign_next`: scenario 1 -> 2 -> 3.

Rulebook, "Training Campaign - Scenario 1: Meeting", NOTE (half the evidence rounded up;
the winner keeps one track whole, not Kloss's; all items return), "Scenario 2: First
Clash", Bonus for the winner (one kept item, one unhalved track, Kloss's included; Brunner
compromised: Fritz Kopf instead; Kloss exposed: another document), "Scenario 3", Step 2
(all the earlier elements, plus Georg and Bruno Dreher), and "Agent Document" (the Polish
player picks one of Kloss's three documents before every game).
"""

from __future__ import annotations

import pytest

from rules.core import Dice, IllegalAction, seed_state
from rules.stawka.actions import ChooseKlossDocument, Converse, GiveUp, KeepItemForNextGame, KeepTrackWhole
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.options import CampaignCarry, StawkaOptions
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from tests.conformance import check_playout
from tests.stawka.campaign_states import in_activations, placed


def all_items_on_the_board(state: StawkaState, except_items: tuple[str, ...] = ()) -> bool:
    content = load_content()
    return all(
        sorted(state.stacks[location])
        == sorted(i.id for i in content.items_at(location) if i.id not in except_items)
        for location in board_of(state.scenario).locations
    )


# -- setup choices ------------------------------------------------------------------------


def test_training_1_sets_kloss_s_document_the_others_let_the_polish_player_pick() -> None:
    """Agent Document; Scenario 1's NOTE: "the Polish Player chooses the indicated document"."""
    assert TITLE.setup_choices("training-1") == ()
    (choice,) = TITLE.setup_choices("training-2")
    assert choice.field == "kloss_document"
    assert [o.value for o in choice.values] == ["kloss-abwehr", "kloss-sd", "kloss-frontline"]
    options = TITLE.make_options("training-2", choices={"kloss_document": "kloss-sd"})
    state = TITLE.new_game(options, 1)
    assert state.documents["kloss"] == "kloss-sd"
    # Open information: the German player reads Kloss's document too.
    assert TITLE.view(state, "german").documents["kloss"] == "kloss-sd"
    with pytest.raises(ValueError, match="sets which Kloss document"):
        StawkaOptions(scenario="training-1", kloss_document="kloss-sd")
    with pytest.raises(ValueError, match="no Kloss document"):
        StawkaOptions(scenario="training-2", kloss_document="kloss-gestapo")
    with pytest.raises(ValueError, match="no scenario"):
        StawkaOptions(scenario="training-4")


# -- the chain ----------------------------------------------------------------------------


def finished_training_1() -> StawkaState:
    """Training 1 won by the German player's second secret; the Germans then hold an item."""
    state = TITLE.new_game(TITLE.default_options("training-1"), 5)
    state = in_activations(
        state,
        {"glaubel": "hotel", "ingrid_heizer": "hotel"},
        "german",
        {"glaubel": ("theatre-2",), "kloss": ("courts-1",)},
        german={"secrets": 1, "evidence": {"yellow": 5, "purple": 3, "blue": 7, "black": 9}},
        polish={"evidence": {"yellow": 1, "purple": 0, "blue": 4, "black": 6}},
    )
    state, events = TITLE.apply(state, Converse(agent="glaubel", target="ingrid_heizer"))
    assert state.winner == "german" and "stawka.end.secrets" in [e.key for e in events]
    assert TITLE.campaign_next(state) is None, "no next game before the winner chose his track"
    with pytest.raises(IllegalAction, match="Kloss"):
        TITLE.apply(state, KeepTrackWhole(colour="black"))  # Kloss's track is always halved
    state, _ = TITLE.apply(state, KeepTrackWhole(colour="yellow"))
    return state


def test_training_1_continues_as_training_2_with_the_carry_over() -> None:
    state = finished_training_1()
    following = TITLE.campaign_next(state)
    assert following is not None and following.scenario == "training-2"
    assert following.kloss_document == "kloss-abwehr", "scenario 2 takes scenario 1's elements"
    carry = following.carry
    assert carry is not None and carry.from_scenario == "training-1" and carry.winner == "german"
    # German: yellow kept whole (5), the rest halved rounding up: 3 -> 2, 9 -> 5; the
    # secret from Ingrid reset blue to 0 (our reading, rules/stawka/conversation.py).
    assert carry.evidence["german"] == {"yellow": 5, "purple": 2, "blue": 0, "black": 5}
    assert carry.evidence["polish"] == {"yellow": 1, "purple": 0, "blue": 2, "black": 3}
    assert carry.kept_items == {}, "scenario 1 keeps no item"

    second = TITLE.new_game(following, 3)
    for seat in ("polish", "german"):
        assert second.sides[seat].evidence == carry.evidence[seat]
    assert all(not a.items for a in second.agents), "all acquired items return to the board"
    assert all_items_on_the_board(second)
    assert {a.id for a in second.agents} == {
        "kloss",
        "ingrid_heizer",
        "jacek",
        "hermann_brunner",
        "glaubel",
        "marta_becher",
    }


def finished_training_2(carry: CampaignCarry) -> StawkaState:
    """Training 2 (from `carry`) won on 11 VP by Kloss's secret; Jacek holds the hotel's 4th item."""
    state = placed(TITLE.new_game(StawkaOptions(scenario="training-2", carry=carry), 3))
    evidence = dict(state.sides["polish"].evidence)
    evidence["blue"] = 8  # against Glaubel: the secret resets it
    evidence["black"] = 7  # against Brunner: the track the winner keeps whole
    state = in_activations(
        state,
        {"kloss": "hotel", "glaubel": "hotel"},
        "polish",
        {"jacek": ("hotel-4",), "marta_becher": ("theatre-1",)},
        polish={"vp": 8, "evidence": evidence},
    )
    state, events = TITLE.apply(state, Converse(agent="kloss", target="glaubel"))
    assert state.winner == "polish" and "stawka.end.vp" in [e.key for e in events]
    state, _ = TITLE.apply(state, KeepTrackWhole(colour="black"))
    assert KeepItemForNextGame(item="theatre-1") not in TITLE.legal_actions(state), "only his own items"
    state, _ = TITLE.apply(state, KeepItemForNextGame(item="hotel-4"))
    return state


def test_training_2_continues_as_training_3_with_the_winner_s_bonus() -> None:
    carry_1 = TITLE.campaign_next(finished_training_1())
    assert carry_1 is not None and carry_1.carry is not None
    state = finished_training_2(carry_1.carry)
    following = TITLE.campaign_next(state)
    assert following is not None and following.scenario == "training-3"
    carry = following.carry
    assert carry is not None and carry.from_scenario == "training-2" and carry.winner == "polish"
    # Polish started from scenario 1's {1, 0, 2, 3}; black rose to 7 and is kept whole
    # (Brunner's: only Kloss's track is protected, and only in scenario 1), blue was reset.
    assert carry.evidence["polish"] == {"yellow": 1, "purple": 0, "blue": 0, "black": 7}
    # German started from {5, 2, 0, 5}: halved again, 5 -> 3, 2 -> 1, 5 -> 3.
    assert carry.evidence["german"] == {"yellow": 3, "purple": 1, "blue": 0, "black": 3}
    assert carry.kept_items == {"polish": ("hotel-4",)} and carry.kept_by == {"hotel-4": "jacek"}
    assert carry.banned_agents == () and carry.banned_kloss_documents == ()
    assert following.kloss_document == "kloss-abwehr"

    third = TITLE.new_game(following, 8)
    assert third.scenario == "training-3" and third.stage_count == 10
    assert {a.id for a in third.agents} == {
        "kloss",
        "ingrid_heizer",
        "jacek",
        "georg",
        "hermann_brunner",
        "glaubel",
        "marta_becher",
        "bruno_dreher",
    }
    for seat in ("polish", "german"):
        assert third.sides[seat].evidence == carry.evidence[seat]
    assert third.agent("jacek").items == ("hotel-4",), "the kept item starts in its holder's hand"
    assert all(not a.items for a in third.agents if a.id != "jacek")
    assert all_items_on_the_board(third, except_items=("hotel-4",))
    german_view = TITLE.view(third, "german")
    jacek = next(a for a in german_view.agents if a.id == "jacek")
    assert jacek.items == ("hotel-4",), "the cognac is durable (*): it lies face up"
    assert third.phase == "placement", "scenario 3: agents placed alternately, the German first"
    assert TITLE.to_act(third) == "german"

    carry = CampaignCarry(from_scenario="training-3", winner="polish")
    over = third.model_copy(update={"pending": (), "end_key": "stawka.end.secrets", "carry": carry})
    assert over.phase == "over" and TITLE.campaign_next(over) is None, "scenario 3 ends the campaign"


def test_an_unfinished_or_lone_game_has_no_next_game() -> None:
    assert TITLE.campaign_next(TITLE.new_game(TITLE.default_options("training-1"), 1)) is None


# -- the bans -----------------------------------------------------------------------------


def ended_training_2(seat: str) -> StawkaState:
    """Training 2 ended by the alternative ending: `seat`'s black track reaches 10."""
    state = placed(TITLE.new_game(TITLE.default_options("training-2"), 2))
    evidence = {"yellow": 4, "purple": 1, "blue": 0, "black": 10}
    state = in_activations(state, {}, seat, {}, **{seat: {"evidence": evidence}})
    state, _ = TITLE.apply(state, GiveUp())
    assert state.winner == seat and state.phase == "over"
    return state


def test_brunner_compromised_fritz_kopf_plays_scenario_3() -> None:
    state = ended_training_2("polish")
    assert state.end_key == "stawka.end.chief_compromised"
    following = TITLE.campaign_next(state)
    assert following is not None and following.carry is not None
    assert following.carry.banned_agents == ("hermann_brunner",)
    # No bonus for an alternative ending (victory.py's reading): every track halved.
    assert following.carry.evidence["polish"] == {"yellow": 2, "purple": 1, "blue": 0, "black": 5}
    third = TITLE.new_game(following, 4)
    ids = [a.id for a in third.agents]
    assert "hermann_brunner" not in ids and "fritz_kopf" in ids
    fritz = third.agent("fritz_kopf")
    assert fritz.side == "german" and fritz.colour == "black" and fritz.status == "unplaced"
    assert third.documents["fritz_kopf"] == "fritz_kopf"
    assert third.sides["polish"].evidence["black"] == 5, "the black track now weighs on Fritz Kopf"


def test_kloss_exposed_changes_his_document_for_scenario_3() -> None:
    state = ended_training_2("german")
    assert state.end_key == "stawka.end.kloss_exposed" and state.documents["kloss"] == "kloss-abwehr"
    following = TITLE.campaign_next(state)
    assert following is not None and following.carry is not None
    assert following.carry.banned_kloss_documents == ("kloss-abwehr",)
    assert following.kloss_document == "kloss-sd", "the first allowed stands till the Polish choice"
    with pytest.raises(ValueError, match="exposed"):
        StawkaOptions(scenario="training-3", kloss_document="kloss-abwehr", carry=following.carry)


def test_the_polish_player_chooses_the_exposed_kloss_s_new_document_first() -> None:
    """Agent Document ("Before every game the Polish Player must choose") with Scenario 2's
    "the Hans Kloss document must be changed to another": the next game opens with the
    Polish player's choice between the two documents left, before anything else."""
    following = TITLE.campaign_next(ended_training_2("german"))
    assert following is not None
    third = TITLE.new_game(following, 4)
    assert TITLE.to_act(third) == "polish" and third.pending[-1].kind == "kloss_document"
    assert len(third.pending) > 1, "placement or planning waits under the choice"
    assert TITLE.legal_actions(third) == [
        ChooseKlossDocument(document="kloss-sd"),
        ChooseKlossDocument(document="kloss-frontline"),
    ]
    with pytest.raises(IllegalAction, match="changed to another"):
        TITLE.apply(third, ChooseKlossDocument(document="kloss-abwehr"))
    chosen, events = TITLE.apply(third, ChooseKlossDocument(document="kloss-frontline"))
    assert chosen.documents["kloss"] == "kloss-frontline"
    assert TITLE.view(chosen, "german").documents["kloss"] == "kloss-frontline", "documents lie open"
    assert events[0].key == "stawka.kloss_document_chosen"
    assert chosen.pending == third.pending[:-1]
    assert all(p.kind != "kloss_document" for p in chosen.pending)
    for bot_id in ("random", "heuristic"):
        bot = TITLE.make_bot(bot_id, "polish")
        picked = TITLE.bot_action(bot, third, Dice(seed_state(1)))
        assert isinstance(picked, ChooseKlossDocument) and picked.document != "kloss-abwehr"
    # The heuristic bot wants the most AP a stage: the frontline document (5 AP, not 4).
    assert TITLE.bot_action(TITLE.make_bot("heuristic", "polish"), third, Dice(seed_state(1))) == (
        ChooseKlossDocument(document="kloss-frontline")
    )


def test_no_choice_opens_a_game_whose_carry_bans_no_kloss_document() -> None:
    following = TITLE.campaign_next(ended_training_2("polish"))
    assert following is not None and following.carry is not None
    assert following.carry.banned_kloss_documents == ()
    third = TITLE.new_game(following, 4)
    assert all(p.kind != "kloss_document" for p in third.pending)
    assert third.documents["kloss"] == following.kloss_document


def test_training_3_from_a_carry_plays_out_under_the_conformance_checks() -> None:
    """Random games of scenario 3 from a carry holding every kind of bequest: saves, views,
    scrambles, invariants and refusals all hold."""
    carry = CampaignCarry(
        from_scenario="training-2",
        winner="polish",
        evidence={"polish": {"yellow": 3, "purple": 2, "blue": 6, "black": 4}, "german": {"black": 5}},
        kept_items={"polish": ("hotel-4",)},
        kept_by={"hotel-4": "jacek"},
        banned_agents=("hermann_brunner",),
        banned_kloss_documents=("kloss-abwehr",),
    )
    options = StawkaOptions(scenario="training-3", carry=carry)
    for seed in range(2):
        report = check_playout(TITLE, "training-3", seed, 20000, options)
        assert report.actions > 0 and report.seats_seen == {"polish", "german"}


def test_a_drawn_training_1_still_continues_with_every_track_halved() -> None:
    """Scenario 1: a draw after the 8th stage; the NOTE's halving applies to both players."""
    state = TITLE.new_game(TITLE.default_options("training-1"), 2)
    state = in_activations(
        state,
        {},
        "polish",
        {},
        polish={"evidence": {"yellow": 3, "purple": 8, "blue": 1, "black": 0}},
        german={"gave_up": True, "evidence": {"yellow": 10, "purple": 5, "blue": 2, "black": 7}},
    ).model_copy(update={"stage": 8})
    state, events = TITLE.apply(state, GiveUp())
    assert state.phase == "over" and state.winner is None and "stawka.end.time" in [e.key for e in events]
    following = TITLE.campaign_next(state)
    assert following is not None and following.scenario == "training-2" and following.carry is not None
    assert following.carry.evidence == {
        "polish": {"yellow": 2, "purple": 4, "blue": 1, "black": 0},
        "german": {"yellow": 5, "purple": 3, "blue": 1, "black": 4},
    }
