"""Conversation (rulebook, "Conversation"; "Investigation Track", 4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.core import IllegalAction
from rules.core.rng import dice_version
from rules.stawka.actions import Arrest, Converse, EndActivation
from rules.stawka.conversation import effectiveness_modifiers, judge
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.dice import rng_rolling

GAMES = Path(__file__).parent / "games"


def keys(events: list) -> list[str]:
    return [e.key for e in events]


def test_example_1_equal_rank_needs_no_die() -> None:
    """Conversation, 2, Example 1: Jacek (rank 3) meets Bruno Dreher (rank 3): no die."""
    state = in_activations({"jacek": "hotel", "bruno_dreher": "hotel"}, rng=rng_rolling(3, 4))
    _, events = TITLE.apply(state, Converse(agent="jacek", target="bruno_dreher"))
    assert not any(k.startswith("stawka.rank_roll") for k in keys(events))
    effectiveness = [e for e in events if e.key.startswith("stawka.conversation_")]
    assert effectiveness[0].data["dice"] == [3, 4]  # the first dice rolled are the 2d6


def test_example_2_ingrid_rolls_3_against_brunner_no_conversation() -> None:
    """Conversation, 2, Example 2: rank 4 vs 8, difference 4; a roll of 3 does not exceed it."""
    state = in_activations({"ingrid_heizer": "hotel", "hermann_brunner": "hotel"}, rng=rng_rolling(3))
    after, events = TITLE.apply(state, Converse(agent="ingrid_heizer", target="hermann_brunner"))
    assert "stawka.rank_roll_failed" in keys(events)
    assert not any(k.startswith("stawka.conversation_") for k in keys(events))
    assert after.sides["polish"].evidence == state.sides["polish"].evidence
    assert after.agent("ingrid_heizer").ap_used == 1  # initiating costs 1 AP even so
    # "In every other case no conversation takes place": the pair has not talked this stage.
    assert ("hermann_brunner", "ingrid_heizer") not in after.talked


def test_example_3_ingrid_rolls_5_conversation_takes_place() -> None:
    """Conversation, 2, Example 3: a roll of 5 exceeds the difference of 4."""
    state = in_activations({"ingrid_heizer": "hotel", "hermann_brunner": "hotel"}, rng=rng_rolling(5, 1, 1))
    _, events = TITLE.apply(state, Converse(agent="ingrid_heizer", target="hermann_brunner"))
    assert "stawka.rank_roll" in keys(events)
    assert "stawka.conversation_none" in keys(events)  # 1 + 1 is below Brunner's single


def test_example_3_continued_ingrid_rolls_9_with_her_trait_a_double() -> None:
    """Conversation, 3, Example 3 continued: 4 + 5 = 9 is a single; her trait +2 makes 11, a double."""
    rng = rng_rolling(5, 4, 5)
    state = in_activations({"ingrid_heizer": "hotel", "hermann_brunner": "hotel"}, rng=rng)
    bare, events = TITLE.apply(state, Converse(agent="ingrid_heizer", target="hermann_brunner"))
    assert "stawka.conversation_single" in keys(events)
    assert bare.sides["polish"].evidence["black"] == 1
    charmed, events = TITLE.apply(
        state, Converse(agent="ingrid_heizer", target="hermann_brunner", trait=True)
    )
    roll = next(e for e in events if e.key == "stawka.conversation_double")
    assert roll.data["total"] == 11 and roll.data["modifiers"] == [["trait", 2]]
    assert charmed.sides["polish"].evidence["black"] == 2
    assert charmed.agent("ingrid_heizer").trait_used_stage


def test_example_3_reciprocity_flowers_and_track_extract_ingrids_secret() -> None:
    """Example 3 continued: 3 + 5 + 2 (flowers) + 1 (track) = 11 = a secret from Ingrid.

    In the example Brunner answers through the reciprocity reaction card (advanced rules),
    so his initiator-only trait does not count: the modifiers are the flowers and the track.
    """
    state = in_activations(
        {"ingrid_heizer": "hotel", "hermann_brunner": "hotel"},
        turn="german",
        evidence={"german": {"blue": 3}},
        items={"hermann_brunner": ("hotel-3",)},
    )
    brunner, ingrid = state.agent("hermann_brunner"), state.agent("ingrid_heizer")
    modifiers = effectiveness_modifiers(state, "german", brunner, ingrid, ("hotel-3",), 0, initiating=False)
    assert modifiers == [["hotel-3", 2], ["track", 1]]
    assert judge(state, ingrid, 3 + 5 + 2 + 1, 3) == "secret"


def test_brunner_initiating_with_flowers_takes_the_secret() -> None:
    """The same roll when Brunner initiates: his SD-chief trait adds +1 (12), still a secret."""
    state = in_activations(
        {"ingrid_heizer": "hotel", "hermann_brunner": "hotel"},
        turn="german",
        rng=rng_rolling(3, 5),
        evidence={"german": {"blue": 3}},
        items={"hermann_brunner": ("hotel-3",)},
    )
    after, events = TITLE.apply(
        state, Converse(agent="hermann_brunner", target="ingrid_heizer", items=("hotel-3",))
    )
    roll = next(e for e in events if e.key == "stawka.conversation_secret")
    assert roll.data["modifiers"] == [["trait", 1], ["hotel-3", 2], ["track", 1]]
    assert roll.data["total"] == 12
    assert after.sides["german"].secrets == 1
    assert after.sides["german"].evidence["blue"] == 0  # our reading: a secret resets the track
    assert "hotel-3" not in after.agent("hermann_brunner").items  # flowers are single-use
    assert "hotel-3" in after.removed_items


def test_a_secret_needs_three_evidence() -> None:
    """Investigation Track, 4: below 3 evidence the best result is a double."""
    state = in_activations(
        {"ingrid_heizer": "hotel", "hermann_brunner": "hotel"},
        turn="german",
        rng=rng_rolling(6, 6),
        evidence={"german": {"blue": 2}},
    )
    after, events = TITLE.apply(state, Converse(agent="hermann_brunner", target="ingrid_heizer"))
    assert "stawka.conversation_double" in keys(events)
    assert after.sides["german"].secrets == 0
    assert after.sides["german"].evidence["blue"] == 4


def test_one_conversation_per_pair_per_stage() -> None:
    state = in_activations({"jacek": "hotel", "bruno_dreher": "hotel"}, rng=rng_rolling(1, 1))
    state, _ = TITLE.apply(state, Converse(agent="jacek", target="bruno_dreher"))
    state, _ = TITLE.apply(state, EndActivation())
    assert state.turn == "german"
    assert not [a for a in TITLE.legal_actions(state) if isinstance(a, Converse)]
    with pytest.raises(IllegalAction, match="already talked"):
        TITLE.apply(state, Converse(agent="bruno_dreher", target="jacek"))


def test_ingrids_trait_once_per_stage() -> None:
    state = in_activations(
        {"ingrid_heizer": "hotel", "hermann_brunner": "hotel", "bruno_dreher": "hotel"},
        rng=rng_rolling(6, 1, 1),
    )
    state, _ = TITLE.apply(state, Converse(agent="ingrid_heizer", target="hermann_brunner", trait=True))
    assert state.activation is not None and state.activation.acted
    state, _ = TITLE.apply(state, EndActivation())
    state = state.model_copy(update={"turn": "polish"})
    talks = [a for a in TITLE.legal_actions(state) if isinstance(a, Converse)]
    assert talks and not any(a.trait for a in talks)
    with pytest.raises(IllegalAction, match="trait"):
        TITLE.apply(state, Converse(agent="ingrid_heizer", target="bruno_dreher", trait=True))


def test_conversation_needs_an_enemy_on_the_same_space() -> None:
    state = in_activations({"jacek": "hotel", "bruno_dreher": "theatre"})
    with pytest.raises(IllegalAction, match="same space"):
        TITLE.apply(state, Converse(agent="jacek", target="bruno_dreher"))


def test_only_the_holder_uses_an_item_and_a_durable_one_stays() -> None:
    """Item Tiles, 3: only the activated agent holding an item uses it; * items are used many times."""
    state = in_activations(
        {"kloss": "hotel", "ingrid_heizer": "hotel", "glaubel": "hotel"},
        rng=rng_rolling(6, 1, 1),
        items={"ingrid_heizer": ("hotel-4",)},
    )
    with pytest.raises(IllegalAction, match="items the agent holds"):
        TITLE.apply(state, Converse(agent="kloss", target="glaubel", items=("hotel-4",)))
    after, events = TITLE.apply(state, Converse(agent="ingrid_heizer", target="glaubel", items=("hotel-4",)))
    roll = next(e for e in events if e.key.startswith("stawka.conversation_"))
    assert ["hotel-4", 1] in roll.data["modifiers"]
    assert after.agent("ingrid_heizer").items == ("hotel-4",)  # cognac is durable (*)


def test_a_failed_rank_die_in_a_real_game_leaves_the_pair_their_conversation() -> None:
    """Issue 10, point 13, from a real game (training 2, seed 0, the heuristic bots): in
    stage 5 Ingrid Heizer fails her rank die against Glaubel.  "In every other case no
    conversation takes place", so the pair has not talked: Glaubel may still talk to her
    in the same stage (the bots' next move; before, a failed die used the pair up)."""
    record = json.loads((GAMES / "rank_die_failed.json").read_text(encoding="utf-8"))
    with dice_version(record["dice"]):  # recorded with the generator before seeds were mixed
        state, _ = TITLE.start(TITLE.default_options(record["scenario"]), record["seed"])
    events: list = []
    for action in record["actions"]:
        state, events = TITLE.apply(state, action)
    assert keys(events)[:2] == ["stawka.conversation", "stawka.rank_roll_failed"]
    assert not any(k.startswith("stawka.conversation_") for k in keys(events)), "no conversation"
    assert state.stage == 5 and ("glaubel", "ingrid_heizer") not in state.talked
    assert TITLE.to_act(state) == "german"
    talk = Converse(agent="glaubel", target="ingrid_heizer")
    assert talk in TITLE.legal_actions(state)
    state, events = TITLE.apply(state, talk)
    assert any(k.startswith("stawka.conversation_") for k in keys(events))
    assert ("glaubel", "ingrid_heizer") in state.talked and state.stage == 5


def test_after_a_failed_rank_die_the_german_may_still_arrest() -> None:
    """Issue 10, point 13: an arrest is barred only "if the German agent has already talked
    to the Polish agent in this stage"; a Polish agent cannot shield himself by opening a
    conversation he is sure to fail (Jacek, rank 3, against Brunner, rank 8: a die of 1)."""
    state = in_activations(
        {"jacek": "hotel", "hermann_brunner": "hotel", "kloss": "theatre"},
        rng=rng_rolling(1, 3, 4),
        evidence={"german": {"yellow": 6}},
        scenario="training-2",
    )
    state, events = TITLE.apply(state, Converse(agent="jacek", target="hermann_brunner"))
    assert "stawka.rank_roll_failed" in keys(events)
    state, _ = TITLE.apply(state, EndActivation())
    assert TITLE.to_act(state) == "german"
    arrest = Arrest(agent="hermann_brunner", target="jacek")
    assert arrest in TITLE.legal_actions(state)
    state, events = TITLE.apply(state, arrest)
    assert "stawka.arrested" in keys(events) and state.agent("jacek").status == "arrested"
