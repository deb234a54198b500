"""The extended rules' conditions and limits the rulebook's examples do not show.

Each test names the rulebook section it checks: who may kidnap whom, an assassination
at a distance and the first-aid kit, the special mission's VP, one mission per agent,
and where threat tokens may be set out.
"""

from __future__ import annotations

from rules.core.components import Hand
from rules.stawka.actions import Assassinate, Kidnap, PassMission, PlaceThreat, UseItem
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.items import item
from rules.stawka.movement import shortest_paths
from rules.stawka.state import StawkaState, ThreatPlacement
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.dice import rng_rolling

T2 = "training-2"


def item_named(name: str) -> str:
    return next(i.id for i in load_content().items if i.name.en == name)


def kidnaps(state: StawkaState) -> list[Kidnap]:
    return [a for a in TITLE.legal_actions(state) if isinstance(a, Kidnap)]


def kidnap_scene(
    enemies: dict[str, str], evidence: int = 6, weapon: bool = True, someone_jailed: bool = True
) -> StawkaState:
    """Jacek in the hotel with `enemies`, Ingrid in jail (arrested unless told otherwise)."""
    state = in_activations(
        {"jacek": "hotel", "ingrid_heizer": "jail", **enemies},
        evidence={"polish": {"blue": evidence}},
        items={"jacek": (item_named("Pistol"),)} if weapon else None,
        scenario=T2,
    )
    if someone_jailed:
        state = state.with_agent(state.agent("ingrid_heizer").model_copy(update={"status": "arrested"}))
    return state


def test_a_kidnapping_needs_a_weapon_a_lone_non_ss_enemy_6_evidence_and_someone_in_jail() -> None:
    """Release of the Arrested, 1: every condition of the kidnapping for exchange."""
    assert kidnaps(kidnap_scene({"glaubel": "hotel"})) == [Kidnap(agent="jacek", target="glaubel")]
    assert not kidnaps(kidnap_scene({"glaubel": "hotel"}, weapon=False))
    assert not kidnaps(kidnap_scene({"glaubel": "hotel"}, someone_jailed=False))
    assert not kidnaps(kidnap_scene({"glaubel": "hotel"}, evidence=5))
    assert not kidnaps(kidnap_scene({"glaubel": "hotel", "bruno_dreher": "hotel"}))  # not alone
    assert not kidnaps(kidnap_scene({"erik_kopf": "hotel"}))  # a (blue) SS officer


def test_a_special_mission_pays_4_vp_and_an_unarmed_target_does_not_fight_back() -> None:
    """Training scenario 2: 4 VP for a special mission (Jacek's: liquidate the purple agent);
    Assassination, 2-3: 2d6 + the pistol's 2 above Marta's defence 8; she has no weapon."""
    pistol = item_named("Pistol")
    state = in_activations(
        {"jacek": "hotel", "marta_becher": "hotel"},
        rng=rng_rolling(4, 3),
        items={"jacek": (pistol,)},
        scenario=T2,
        missions={"jacek": "jacek-1"},
    )
    state, events = TITLE.apply(state, Assassinate(agent="jacek", target="marta_becher", weapon=pistol))
    rolls = [e for e in events if e.kind == "roll"]
    assert len(rolls) == 1 and rolls[0].data["total"] == 9
    assert state.agent("marta_becher").status == "liquidated"
    assert "stawka.mission_special" in [e.key for e in events]
    assert state.sides["polish"].vp == 4 and state.agent("jacek").mission is None
    assert pistol in state.removed_items  # weapons are single-use


def test_a_grenade_reaches_the_next_space_only_and_a_distant_miss_gives_no_evidence() -> None:
    """Assassination, 1-2: a grenade attacks a neighbouring space; the 3 evidence come only
    from a failed attempt on the same space.  Assassination, 3: Marta's pistol does not reach
    the next space (point 1), so she cannot fight back."""
    board = board_of(T2)
    grenade, pistol = item_named("Grenade"), item_named("Pistol")
    paths = shortest_paths(board, "hotel", "polish", 2)
    near = next(space for space, path in paths.items() if len(path) == 1)
    far = next(space for space, path in paths.items() if len(path) == 2)

    def scene(jacek_at: str) -> StawkaState:
        return in_activations(
            {"jacek": jacek_at, "marta_becher": "hotel"},
            rng=rng_rolling(1, 1),
            items={"jacek": (grenade,), "marta_becher": (pistol,)},
            scenario=T2,
            missions={"jacek": "jacek-1"},
        )

    assert not [a for a in TITLE.legal_actions(scene(far)) if isinstance(a, Assassinate)]
    state, events = TITLE.apply(
        scene(near), Assassinate(agent="jacek", target="marta_becher", weapon=grenade)
    )
    assert [e.key for e in events if e.kind == "roll"] == ["stawka.assassination_missed"]
    assert state.agent("jacek").status == "free" and state.agent("marta_becher").items == (pistol,)
    assert state.sides["german"].evidence.get("yellow", 0) == 0
    assert grenade in state.removed_items


def test_a_first_aid_kit_raises_the_defence_and_is_spent() -> None:
    """Assassination, 2 NOTE: the first-aid kit; 9 beats Marta's defence 8, not 8 + 2."""
    bayonet, kit = item_named("Bayonet"), "tenement-2"
    assert item(kit).effect.kind == "first_aid_kit" and not item(kit).durable
    state = in_activations(
        {"jacek": "hotel", "marta_becher": "hotel"},
        rng=rng_rolling(5, 4),
        items={"jacek": (bayonet,), "marta_becher": (kit,)},
        scenario=T2,
        missions={"jacek": "jacek-1"},
    )
    state, events = TITLE.apply(state, Assassinate(agent="jacek", target="marta_becher", weapon=bayonet))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["total"] == 9 and roll.data["needed"] == 11
    assert state.agent("marta_becher").status == "free" and kit in state.removed_items
    assert state.sides["german"].evidence["yellow"] == 3  # failed on the same space


def test_an_agent_holds_at_most_one_mission_card() -> None:
    """Mission Cards, 3: "an agent cannot have more than one mission card assigned"."""
    typewriter = next(i.id for i in load_content().items if i.effect.kind == "mission")
    free = in_activations(
        {"kloss": "courts", "jacek": "courts", "glaubel": "theatre"},
        items={"jacek": (typewriter,)},
        scenario=T2,
    )
    assert {a.receiver for a in TITLE.legal_actions(free) if isinstance(a, PassMission)} == {"jacek"}
    assert UseItem(agent="jacek", item=typewriter) in TITLE.legal_actions(free)
    busy = in_activations(
        {"kloss": "courts", "jacek": "courts", "glaubel": "theatre"},
        items={"jacek": (typewriter,)},
        scenario=T2,
        missions={"jacek": "jacek-2"},
    )
    legal = TITLE.legal_actions(busy)
    assert not [a for a in legal if isinstance(a, PassMission)]
    assert UseItem(agent="jacek", item=typewriter) not in legal


def test_german_tokens_go_in_any_free_location_even_with_agents_one_token_a_space() -> None:
    """Threat Tokens, NOTE and 3: German tokens only in locations, "even if agents ... are
    already there"; only one threat token on one space."""
    state = in_activations({"jacek": "hotel", "glaubel": "courts"}, scenario=T2)
    german = state.sides["german"]
    state = state.with_side(
        "german",
        german.model_copy(
            update={
                "threat_hand": Hand(cards=("german-01",)),
                "threat_pool": tuple(t for t in german.threat_pool if t not in ("german-01", "german-02")),
            }
        ),
    ).model_copy(update={"threats": {"theatre": "german-02"}, "pending": (ThreatPlacement(seat="german"),)})
    spaces = {a.space for a in TITLE.legal_actions(state) if isinstance(a, PlaceThreat)}
    board = board_of(T2)
    assert spaces == set(board.locations) - {"theatre"}
    assert {"hotel", "courts"} <= spaces


def test_a_target_fights_back_with_a_weapon_that_reaches_the_attacker() -> None:
    """Assassination, 3: the attacked agent with a weapon "must attack the assailant with
    it" and "performs the same actions as the opponent": a rifle fires back at the
    grenade thrower on the next space (point 1: a rifle needs no shared space)."""
    board = board_of(T2)
    grenade, rifle = item_named("Grenade"), "police_station-5"
    assert item(rifle).effect.reach >= 1
    near = next(s for s, path in shortest_paths(board, "hotel", "polish", 1).items() if len(path) == 1)
    state = in_activations(
        {"jacek": near, "marta_becher": "hotel"},
        rng=rng_rolling(1, 1, 6, 6),
        items={"jacek": (grenade,), "marta_becher": (rifle,)},
        scenario=T2,
        missions={"jacek": "jacek-1"},
    )
    state, events = TITLE.apply(state, Assassinate(agent="jacek", target="marta_becher", weapon=grenade))
    rolls = [e for e in events if e.kind == "roll"]
    assert [r.params["agent"] for r in rolls] == ["jacek", "marta_becher"]
    assert rolls[1].data["total"] == 12 + item(rifle).effect.amount
    assert state.agent("jacek").status == "liquidated" and state.agent("marta_becher").status == "free"
    assert rifle in state.removed_items  # single-use
