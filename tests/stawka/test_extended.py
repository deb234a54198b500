"""The extended rules: arrest, jail, interrogation, kidnapping, assassination, missions."""

from __future__ import annotations

import pytest

from rules.core import Dice, IllegalAction, seed_state
from rules.stawka.actions import (
    Arrest,
    Assassinate,
    Converse,
    ExchangePlace,
    GiveUp,
    Interrogate,
    Kidnap,
    PassMission,
    UseItem,
)
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.dice import rng_rolling

T2 = "training-2"


def item_named(name: str) -> str:
    return next(i.id for i in load_content().items if i.name.en == name)


def test_arrest_example_stedtke_arrests_jacek_and_interrogates() -> None:
    """Arrest Action, example: 7 is not above Jacek's alertness 8: arrested; 6 + 2 = 8 < 9: nothing."""
    state = in_activations(
        {"stedtke": "hotel", "jacek": "hotel", "kloss": "hotel"},
        turn="german",
        rng=rng_rolling(3, 4, 2, 4),
        evidence={"german": {"yellow": 6, "black": 9}},
        items={"jacek": (item_named("Bayonet"),)},
        scenario=T2,
    )
    arrests = [a for a in TITLE.legal_actions(state) if isinstance(a, Arrest)]
    assert {a.target for a in arrests} == {"jacek"}  # Kloss never, despite the evidence
    state, events = TITLE.apply(state, Arrest(agent="stedtke", target="jacek", interrogate=True))
    jacek = state.agent("jacek")
    assert jacek.status == "arrested" and jacek.space == "jail" and jacek.items == ()
    interrogation = next(e for e in events if e.key.startswith("stawka.interrogation_"))
    assert interrogation.data["dice"] == [2, 4] and interrogation.data["total"] == 8
    assert interrogation.key == "stawka.interrogation_none"
    assert state.agent("stedtke").ap_used == 2  # our choice: the cost list's 2 AP
    assert ("jacek", "stedtke") in state.talked  # the arrest is the pair's conversation
    assert not [
        a
        for a in TITLE.legal_actions(state.model_copy(update={"turn": "polish", "activation": None}))
        if getattr(a, "agent", None) == "jacek"
    ]


def test_an_arrest_needs_6_evidence_and_an_agent_able_to_arrest() -> None:
    state = in_activations(
        {"stedtke": "hotel", "jacek": "hotel"}, turn="german", evidence={"german": {"yellow": 5}}, scenario=T2
    )
    assert not [a for a in TITLE.legal_actions(state) if isinstance(a, Arrest)]
    glaubel = in_activations(
        {"glaubel": "hotel", "jacek": "hotel"}, turn="german", evidence={"german": {"yellow": 6}}, scenario=T2
    )
    assert not [a for a in TITLE.legal_actions(glaubel) if isinstance(a, Arrest)]
    arrest_mission = next(
        m.id for m in load_content().missions_of("glaubel") if "arrest" in (m.basic.kind, m.special.kind)
    )
    ordered = in_activations(
        {"glaubel": "hotel", "jacek": "hotel"},
        turn="german",
        evidence={"german": {"yellow": 6}},
        scenario=T2,
        missions={"glaubel": arrest_mission},
    )
    assert [a for a in TITLE.legal_actions(ordered) if isinstance(a, Arrest)]


def test_an_arrest_after_a_conversation_is_refused() -> None:
    state = in_activations(
        {"stedtke": "hotel", "jacek": "hotel"}, turn="german", evidence={"german": {"yellow": 6}}, scenario=T2
    )
    state = state.model_copy(update={"talked": (("jacek", "stedtke"),)})
    with pytest.raises(IllegalAction):
        TITLE.apply(state, Arrest(agent="stedtke", target="jacek"))


def test_a_roll_above_alertness_escapes_the_arrest() -> None:
    state = in_activations(
        {"stedtke": "hotel", "jacek": "hotel"},
        turn="german",
        rng=rng_rolling(5, 4),
        evidence={"german": {"yellow": 6}},
        scenario=T2,
    )
    state, events = TITLE.apply(state, Arrest(agent="stedtke", target="jacek"))
    assert state.agent("jacek").status == "free" and "stawka.arrest_avoided" in [e.key for e in events]


def test_interrogation_in_jail_can_reveal_a_secret() -> None:
    state = in_activations(
        {"stedtke": "jail", "jacek": "jail"},
        turn="german",
        rng=rng_rolling(6, 6),
        evidence={"german": {"yellow": 6}},
        scenario=T2,
    )
    state = state.with_agent(state.agent("jacek").model_copy(update={"status": "arrested"}))
    state, _ = TITLE.apply(state, Interrogate(agent="stedtke", prisoner="jacek"))
    assert state.sides["german"].secrets == 1 and state.sides["german"].vp == 3
    assert state.agent("jacek").status == "free"  # our reading: let go once he has talked


def test_assassination_example_jacek_bayonet_against_marta_pistol() -> None:
    """Assassination, example: a bayonet's 7 is not above Marta's defence 8; her 8 + 2 kills Jacek."""
    bayonet, pistol = item_named("Bayonet"), item_named("Pistol")
    kill = next(m.id for m in load_content().missions_of("jacek") if m.special.kind == "assassinate")
    state = in_activations(
        {"jacek": "hotel", "marta_becher": "hotel"},
        rng=rng_rolling(3, 4, 5, 3),
        evidence={"german": {"yellow": 5}},
        items={"jacek": (bayonet,), "marta_becher": (pistol,)},
        scenario=T2,
        missions={"jacek": kill},
    )
    state, events = TITLE.apply(state, Assassinate(agent="jacek", target="marta_becher", weapon=bayonet))
    rolls = [e for e in events if e.kind == "roll"]
    assert rolls[0].data["total"] == 7 and rolls[0].key == "stawka.assassination_missed"
    assert rolls[1].data["total"] == 10 and rolls[1].key == "stawka.assassination_hit"
    assert state.agent("jacek").status == "liquidated" and state.agent("marta_becher").status == "free"
    assert state.sides["german"].evidence["yellow"] == 0  # all evidence against him is removed
    assert bayonet in state.removed_items and pistol in state.removed_items  # weapons are single-use


def test_no_assassination_without_a_mission_ordering_it() -> None:
    bayonet = item_named("Bayonet")
    state = in_activations(
        {"jacek": "hotel", "marta_becher": "hotel"}, items={"jacek": (bayonet,)}, scenario=T2
    )
    assert not [a for a in TITLE.legal_actions(state) if isinstance(a, Assassinate)]


def test_a_failed_attempt_on_the_same_space_gives_3_evidence() -> None:
    bayonet = item_named("Bayonet")
    kill = next(m.id for m in load_content().missions_of("jacek") if m.special.kind == "assassinate")
    state = in_activations(
        {"jacek": "hotel", "marta_becher": "hotel"},
        rng=rng_rolling(1, 1),
        items={"jacek": (bayonet,)},
        scenario=T2,
        missions={"jacek": kill},
    )
    state, _ = TITLE.apply(state, Assassinate(agent="jacek", target="marta_becher", weapon=bayonet))
    assert state.sides["german"].evidence["yellow"] == 3


def test_the_network_chief_passes_a_mission_in_a_sector_without_enemies() -> None:
    """Mission Cards, 3A and 4: the player chooses the card; it costs 1 AP."""
    state = in_activations({"kloss": "hotel", "jacek": "hotel", "glaubel": "courts"}, scenario=T2)
    board = board_of(T2)
    assert board.sector_of["courts"] != board.sector_of["hotel"]
    passes = [a for a in TITLE.legal_actions(state) if isinstance(a, PassMission)]
    assert {a.mission for a in passes} == {m.id for m in load_content().missions_of("jacek")}
    state, events = TITLE.apply(state, passes[1])
    assert state.agent("jacek").mission == passes[1].mission
    assert passes[1].mission not in state.missions_left["jacek"]
    german = next(a for a in TITLE.view(state, "german").agents if a.id == "jacek")
    assert german.mission is None and german.has_mission
    card_event = next(e for e in events if e.key == "stawka.mission_card")
    assert card_event.visible_to == ("polish",)
    crowded = in_activations({"kloss": "hotel", "jacek": "hotel", "glaubel": "hotel"}, scenario=T2)
    assert not [a for a in TITLE.legal_actions(crowded) if isinstance(a, PassMission)]


def test_completing_a_basic_mission_pays_2_vp() -> None:
    """Training scenario 2: 2 VP for a basic mission (here: hold enough items)."""
    content = load_content()
    mission = next(m for m in content.missions if m.basic.kind == "hold_item")
    side = content.documents_of(mission.agent)[0].side
    enemy = "jacek" if side == "german" else "glaubel"
    items = tuple(i.id for i in content.items_at("hotel"))[: mission.basic.count]
    state = in_activations(
        {mission.agent: "courts", enemy: "theatre"},
        turn=side,
        scenario=T2,
        missions={mission.agent: mission.id},
        items={mission.agent: items},
    )
    state, events = TITLE.apply(state, GiveUp())
    assert "stawka.mission_basic" in [e.key for e in events]
    assert state.sides[side].vp == 2 and state.agent(mission.agent).mission is None
    assert mission.id in state.missions_done


def test_a_typewriter_draws_a_random_mission() -> None:
    typewriter = next(i.id for i in load_content().items if i.effect.kind == "mission")
    state = in_activations(
        {"jacek": "hotel", "glaubel": "courts"}, items={"jacek": (typewriter,)}, scenario=T2
    )
    state, _ = TITLE.apply(state, UseItem(agent="jacek", item=typewriter))
    assert state.agent("jacek").mission in {m.id for m in load_content().missions_of("jacek")}


def test_kidnapping_for_exchange() -> None:
    """Release of the Arrested, 1: kidnap a lone non-SS agent, then the exchange."""
    pistol = item_named("Pistol")
    state = in_activations(
        {"jacek": "hotel", "glaubel": "hotel", "ingrid_heizer": "jail", "hermann_brunner": "gestapo"},
        rng=rng_rolling(1, 2),
        evidence={"polish": {"blue": 6}},
        items={"jacek": (pistol,)},
        scenario=T2,
    )
    state = state.with_agent(state.agent("ingrid_heizer").model_copy(update={"status": "arrested"}))
    state, events = TITLE.apply(state, Kidnap(agent="jacek", target="glaubel"))
    assert "stawka.kidnapped" in [e.key for e in events] and TITLE.to_act(state) == "polish"
    street = next(a for a in TITLE.legal_actions(state) if isinstance(a, ExchangePlace))
    state, _ = TITLE.apply(state, street)
    assert TITLE.to_act(state) == "german"
    board = board_of(T2)
    places = [a for a in TITLE.legal_actions(state) if isinstance(a, ExchangePlace)]
    assert places and all(board.sector_of[a.space] != board.sector_of["gestapo"] for a in places)
    state, _ = TITLE.apply(state, places[0])
    assert state.agent("ingrid_heizer").status == "free"


def test_a_failed_kidnapping_gives_3_evidence_against_the_kidnapper() -> None:
    pistol = item_named("Pistol")
    state = in_activations(
        {"jacek": "hotel", "glaubel": "hotel", "ingrid_heizer": "jail"},
        rng=rng_rolling(6, 6),
        evidence={"polish": {"blue": 6}},
        items={"jacek": (pistol,)},
        scenario=T2,
    )
    state = state.with_agent(state.agent("ingrid_heizer").model_copy(update={"status": "arrested"}))
    state, _ = TITLE.apply(state, Kidnap(agent="jacek", target="glaubel"))
    assert state.sides["german"].evidence["yellow"] == 3


def test_conversation_still_works_in_the_extended_game() -> None:
    state = in_activations({"jacek": "hotel", "bruno_dreher": "hotel"}, scenario=T2, rng=rng_rolling(1, 1))
    state, _ = TITLE.apply(state, Converse(agent="jacek", target="bruno_dreher"))
    assert state.talked == (("bruno_dreher", "jacek"),)


def test_fritz_kopf_takes_missions_only_from_items() -> None:
    """Mission Cards, 5 NOTE: Fritz Kopf, the only black SS officer with missions."""
    typewriter = next(i.id for i in load_content().items if i.effect.kind == "mission")
    state = in_activations(
        {"hermann_brunner": "hotel", "fritz_kopf": "hotel", "jacek": "courts"},
        turn="german",
        scenario=T2,
        items={"fritz_kopf": (typewriter,)},
    )
    assert not [a for a in TITLE.legal_actions(state) if isinstance(a, PassMission)]
    state, _ = TITLE.apply(state, UseItem(agent="fritz_kopf", item=typewriter))
    assert state.agent("fritz_kopf").mission in {m.id for m in load_content().missions_of("fritz_kopf")}


def test_the_opponents_missions_are_redealt_by_scramble() -> None:
    state = in_activations({"kloss": "hotel", "jacek": "hotel", "glaubel": "courts"}, scenario=T2)
    state, _ = TITLE.apply(state, next(a for a in TITLE.legal_actions(state) if isinstance(a, PassMission)))
    dice = Dice(seed_state(2))
    seen = {TITLE.scramble(state, "german", dice).agent("jacek").mission for _ in range(20)}
    assert len(seen) > 1
    assert all(
        TITLE.view(TITLE.scramble(state, "german", dice), "german") == TITLE.view(state, "german")
        for _ in range(5)
    )
