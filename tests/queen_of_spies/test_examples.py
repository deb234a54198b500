"""Every worked example of the Queen of Spies rulebook, rebuilt and played through the rules."""

from __future__ import annotations

from typing import Any

from rules.queen_of_spies import TITLE
from rules.queen_of_spies.content import STARTING_BAG, load_content
from rules.queen_of_spies.state import QueenState
from tests.queen_of_spies.helpers import (
    NE,
    PA,
    PT,
    A,
    P,
    T,
    act,
    act_forced,
    act_where,
    assign,
    forcing,
    ready,
    story,
)

SAFE_HOUSE_TIME = load_content().location("safe_house").time


def _chapter_two(**changes: Any) -> QueenState:
    """News on the Wing at the start of chapter 2 (25 time, 1 Troop in the bag)."""
    town = (*story("news-on-the-wing").town, "forest", "abandoned_building")
    settings: dict[str, Any] = {"chapter": 2, "time": 25, "bag": {**STARTING_BAG, T: 1}, "town": town}
    return story("news-on-the-wing", **{**settings, **changes})


def test_abandoned_building_assignment_places_one_time_marker() -> None:
    """ "1. Assign Operatives", the example: "the Train Pigeons assignment is carried out in the
    Abandoned Building, which requires skill in two areas: Insight and Tech. Felicia has been
    assigned to complete the Insight skill check, while Alice and Katja have been assigned to
    complete the Tech skill check. Once the Operatives have been assigned, one Time Marker is
    placed in the location as indicated by the card icon." """
    state = _chapter_two(hand=("alice", "felicia", "katja"))
    rng = state.rng
    state = assign(state, "felicia", "abandoned_building", 0)
    state = assign(state, "alice", "abandoned_building", 1)
    state = assign(state, "katja", "abandoned_building", 1)
    assert state.rng == rng, "assigning must not touch the dice"
    assert TITLE.can_undo(state)
    done = act(state, {"type": "done"})
    assert done.time == 24, "one time marker, as the card's time icon shows"
    assert done.bag.counts.get(A, 0) == 0, "Alice coordinates: nobody meets, no Alert"
    assert [a.time for a in done.assignments] == [0], "the last marker is removed at once: checks are due"
    assert done.phase == "resolve"


def test_abandoned_building_success_gains_a_pigeon_and_alerts() -> None:
    """ "Success, Progress, and Failure", the example: "If Operatives are successful at the
    Abandoned Building, they will complete the text next to the Success symbol on the location
    card, which means they will gain a pigeon but also have to add Alert Tokens to the Success
    Bag." """
    state = _chapter_two(
        hand=(),
        phase="resolve",
        assignments=(ready("abandoned_building", ("felicia", 0), ("alice", 1), ("katja", 1)),),
        trained=("alice",),
    )
    state = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [P, P])
    state = act_forced(state, {"type": "check", "operative": "alice", "draws": 2}, [P, PA])
    state = act_forced(state, {"type": "check", "operative": "katja", "draws": 2}, [NE, NE])
    assert state.trained_pigeons == 1
    assert state.bag.counts.get(A, 0) == 2
    assert state.bag.counts[T] == 1, "one Alert icon against Alice's Stealth: no Troop"
    assert "abandoned_building" not in state.progress
    assert set(state.hand) == {"alice", "felicia", "katja"}


def test_abandoned_building_failure_loses_progress_and_adds_two_troops() -> None:
    """The Abandoned Building example: "If they are not successful, they must complete the text next
    to the failure icon instead, meaning they will lose all Progress and also place 2 Troop Tokens
    in the Success Bag." """
    state = _chapter_two(
        hand=(),
        phase="resolve",
        assignments=(ready("abandoned_building", ("felicia", 0), ("alice", 1), ("katja", 1)),),
        trained=("alice",),
    )
    state = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [NE, NE])
    state = act(state, {"type": "check", "operative": "alice", "draws": 0})
    assert state.progress == {}
    before_time = state.time
    state = act_forced(state, {"type": "check", "operative": "katja", "draws": 2}, [P, PT])
    assert "abandoned_building" not in state.progress, "failure removes all progress"
    assert state.bag.counts[T] == 3, "failure adds 2 Troops to the one of chapter 2"
    assert state.time == before_time - 1, "Progress + Time discards a time marker"
    assert state.trained_pigeons == 0


def test_back_alley_operatives_of_two_cells_add_an_alert() -> None:
    """ "When Operatives Meet", the example: "Bernadette and Felicia have been assigned to the
    Back Alley. Bernadette is from one cell, and Felicia is from another. Because they are not
    from the same cell, and Alice is not at this location to coordinate, 1 Alert Token is
    immediately added to the Success Bag." """
    state = story("news-on-the-wing", hand=("alice", "bernadette", "felicia"))
    state = act(state, {"type": "assign", "operative": "bernadette", "location": "back_alley", "task": 1})
    state = act(state, {"type": "assign", "operative": "felicia", "location": "back_alley", "task": 0})
    state = act(state, {"type": "assign", "operative": "alice", "location": "train_station"})
    done = act(state, {"type": "done"})
    assert done.bag.counts[A] == 1


def test_back_alley_with_alice_adds_no_alert() -> None:
    """ "When Operatives Meet": "Exception: If Alice is sent to a location to coordinate an
    assignment there, then no Operatives meet each other." """
    state = story("news-on-the-wing", hand=("alice", "bernadette", "felicia"))
    for who, task in (("bernadette", 1), ("felicia", 0), ("alice", 0)):
        state = act(state, {"type": "assign", "operative": who, "location": "back_alley", "task": task})
    assert act(state, {"type": "done"}).bag.counts.get(A, 0) == 0


def test_alert_check_with_alice_chantell_and_quirine() -> None:
    """ "3. Resolve Assignments", the example: "the Operatives have successfully completed their
    tasks! ... However, they have also drawn 4 Alert Tokens and only 3 of the Operatives (Alice,
    Chantell, and Quirine) have Stealth. This means a Troop Token will be added to the Success
    Bag." """
    state = story(
        "introduction",
        hand=(),
        bag={PA: 4, P: 2, NE: 2},
        town=(*story("introduction").town, "chateau"),
        phase="resolve",
        assignments=(ready("chateau", ("alice", 0), ("chantell", 2), ("quirine", 1), ("gideon", 1)),),
    )
    state = act_forced(state, {"type": "check", "operative": "alice", "draws": 2}, [PA, PA])
    state = act_forced(state, {"type": "check", "operative": "chantell", "draws": 2}, [PA, PA])
    state = act_forced(state, {"type": "check", "operative": "quirine", "draws": 2}, [P, P])
    _, events = TITLE.apply(forcing(state, [NE, NE]), {"type": "check", "operative": "gideon", "draws": 2})
    check = next(e for e in events if e.kind == "alert_check")
    assert (check.params["alerts"], check.params["stealth"]) == (4, 3)
    added = [e for e in events if e.kind == "add_token"]
    assert [(e.params["token"], e.params["amount"]) for e in added] == [("troop", 1)]
    final, _ = TITLE.apply(forcing(state, [NE, NE]), {"type": "check", "operative": "gideon", "draws": 2})
    assert final.bag.counts[T] == 1
    assert final.victory and final.phase == "over" and final.score == 1


def test_katja_keeps_her_bomb_progress_for_later() -> None:
    """ "Success, Progress, and Failure", the example: "Katja is trying to build the Bomb at the
    Workshop but has not acquired the 3 Progress Markers that she needs. However, she has placed
    2 Progress Markers on the Bomb! Either she or another Operative can return in the future to
    continue working on this Item." """
    items = {**story("news-on-the-wing").items, "bomb": "workshop"}
    state = story(
        "news-on-the-wing",
        hand=("alice",),
        items=items,
        phase="resolve",
        assignments=(ready("workshop", ("katja", 0), item="bomb"),),
    )
    state = act_forced(state, {"type": "check", "operative": "katja", "draws": 2}, [P, P])
    assert state.progress == {"workshop/bomb": (2,)}
    assert state.items["bomb"] == "workshop"
    # Next round, Katja goes back; the Bomb takes 2 time, so she finishes a round later.
    state = act(state, {"type": "assign", "operative": "katja", "location": "workshop", "item": "bomb"})
    state = act(state, {"type": "done"})
    assert state.phase == "assign" and state.assignments[0].time == 1
    state = act(state, {"type": "done"})
    state = act_forced(state, {"type": "check", "operative": "katja", "draws": 2}, [P, NE])
    assert state.items["bomb"] == "safe_house"
    assert "workshop/bomb" not in state.progress


def test_quirine_draws_a_troop_and_goes_to_jail() -> None:
    """ "Going to Jail", the example: "Alice and Katja have made enough Tech Progress to succeed
    at the Tech Task ... However, the first token Quirine drew was a Troop! This means that
    Quirine will immediately go to Jail and Alice and Katja will return to the player's hand.
    This Troop Token and any others that are in the Success Bag are removed to the supply,
    leaving the bag free of Troops. All Progress on this assignment is lost"; and "Failure
    effects printed on the Location Card are not triggered because of an arrest." """
    bag = {**STARTING_BAG, T: 2}
    state = _chapter_two(
        hand=(),
        bag=bag,
        trained=("alice",),
        phase="resolve",
        assignments=(ready("abandoned_building", ("alice", 1), ("katja", 1), ("quirine", 0)),),
    )
    state = act_forced(state, {"type": "check", "operative": "alice", "draws": 2}, [P, NE])
    state = act_forced(state, {"type": "check", "operative": "katja", "draws": 2}, [P, NE])
    assert state.progress["abandoned_building"] == (0, 2)
    # The Troop for Quirine; then her first interrogation (1 marker) goes well.
    state = act_where(
        state, {"type": "check", "operative": "quirine", "draws": 2}, [T], lambda s: not s.despair
    )
    assert state.jail == ("quirine",)
    assert set(state.hand) == {"alice", "katja"}
    assert state.bag.counts.get(T, 0) == 0, "every Troop goes back to the supply, no failure Troops"
    assert "abandoned_building" not in state.progress
    assert state.despair == {}
    assert state.interrogation == 2, "the arrest brought 1 marker, the interrogation phase added 1"


def test_gideon_interrogation_one_despair() -> None:
    """ "4. Resolve Interrogation", the example: "There are two Interrogation Markers on the
    Jail, which means that during the Interrogation Phase, you will draw 2 tokens ... The first
    token has a Progress Marker on it: He is hanging in there! (Do not worry about the Time
    icon, only Progress matters during an Interrogation check.) The second token has no
    Progress, so a Despair Marker is added to Gideon." """
    state = story("introduction", hand=("alice",), jail=("gideon",), interrogation=2)
    state = act(state, {"type": "assign", "operative": "alice", "location": "safe_house"})
    time = state.time
    state = act_forced(state, {"type": "done"}, [PT, NE])
    assert state.despair == {"gideon": 1}
    assert state.time == time - SAFE_HOUSE_TIME, "the Safe House's markers only: the Time icon is ignored"
    assert state.interrogation == 3


def test_felicia_learns_and_builds_the_disguise() -> None:
    """ "Item Cards", the example: "During her skill check, she makes 2 Progress, meeting the
    requirement of 1 Progress to succeed. ... She can now take the Disguise and put it in the
    Workshop. Unfortunately, Felicia fails the Alert check because she drew an Alert and has no
    Stealth. She will add 1 Troop to the Success Bag." Then: "It costs 1 Time to make the
    Disguise and requires 2 Progress in an Insight skill check. Felicia succeeds, meaning she can
    now move the Disguise to the Safe House for use on a future assignment." """
    state = story(
        "introduction",
        hand=("alice",),
        trained=("alice", "felicia"),
        phase="resolve",
        assignments=(ready("ch_insight", ("felicia", 0), item="disguise"),),
    )
    state = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [PA, P])
    assert state.items["disguise"] == "workshop"
    assert state.bag.counts[T] == 1
    state = act(state, {"type": "assign", "operative": "felicia", "location": "workshop", "item": "disguise"})
    state = act(state, {"type": "assign", "operative": "alice", "location": "safe_house"})
    time = state.time
    state = act(state, {"type": "done"})
    assert state.time == time - 1 - SAFE_HOUSE_TIME, "1 Time for the Disguise, the rest for the Safe House"
    state = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [P, P])
    assert state.items["disguise"] == "safe_house"
