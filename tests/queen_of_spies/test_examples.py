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
    """ "1. Assign Operatives": Felicia on Insight, Alice and Katja on Tech; one time marker."""
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
    """ "Success, Progress, and Failure": success gains a pigeon and adds Alert tokens."""
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
    """ "When Operatives Meet": Bernadette and Felicia, different cells, no Alice: 1 Alert."""
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
    """ "3. Resolve Assignments": success, but 4 Alert icons against 3 Stealth adds a Troop."""
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
    """ "Success, Progress, and Failure": 2 of the Bomb's 3 Tech progress stay on the card."""
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
    """ "Going to Jail": Quirine's first token is a Troop; all progress is lost; no failure."""
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
    """ "4. Resolve Interrogation": two markers, Progress+Time then no Progress: 1 Despair."""
    state = story("introduction", hand=("alice",), jail=("gideon",), interrogation=2)
    state = act(state, {"type": "assign", "operative": "alice", "location": "safe_house"})
    time = state.time
    state = act_forced(state, {"type": "done"}, [PT, NE])
    assert state.despair == {"gideon": 1}
    assert state.time == time - SAFE_HOUSE_TIME, "the Safe House's markers only: the Time icon is ignored"
    assert state.interrogation == 3


def test_felicia_learns_and_builds_the_disguise() -> None:
    """ "Item Cards": learned with 1 Insight (she draws 2), an Alert without Stealth adds a Troop;
    then built with 1 Time and 2 Insight progress and kept at the Safe House."""
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
