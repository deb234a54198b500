"""Rulebook statements the other test files left unchecked (the rule-fidelity audit).

Each test names the rulebook section whose sentence it checks.
"""

from __future__ import annotations

from rules.queen_of_spies import TITLE
from rules.queen_of_spies.content import STARTING_BAG, load_content
from rules.queen_of_spies.state import QueenState
from tests.queen_of_spies.helpers import NE, PA, A, P, T, act, act_forced, assign, ready, story

EAVESDROP = {"eavesdrop_boss", "eavesdrop_hotel", "eavesdrop_truck"}


def _next_chapter(state: QueenState) -> QueenState:
    """End the chapter yourself at the start of a later round ("End of Chapter")."""
    return act(state.model_copy(update={"round": 2, "hand": ()}), {"type": "end_chapter"})


def _basic_town() -> set[str]:
    return {loc.id for loc in load_content().locations if loc.group == "basic"}


def test_news_on_the_wing_chapter_set_ups() -> None:
    """News on the Wing "Setup": Chapter 1 "Add the Back Alley Card to the locations that are
    currently available. Add the Pigeon Coop to the Safe House location. Place 20 Time Markers
    in the Time Marker pool." Chapter 2 "Add the Forest and Abandoned Building Cards ... Place 25
    Time Markers in the Time Marker pool. Add 1 Troop Token to the Success Bag." Chapter 3 "Add
    the Neighboring Town, Post Office, and Train Cards ... Add the Bicycle Item Card to the
    Country House (Tech Training) location. Place 30 Time Markers in the Time Marker pool. Add 2
    Troop Tokens to the Success Bag." """
    first = story("news-on-the-wing")
    assert set(first.town) == _basic_town() | {"back_alley", "pigeon_coop"}
    assert first.time == 20 and first.bag.counts == STARTING_BAG and first.chapter == 1
    second = _next_chapter(first)
    assert set(second.town) == set(first.town) | {"forest", "abandoned_building"}
    assert second.time == 25 and second.bag.counts == {**STARTING_BAG, T: 1}
    third = _next_chapter(second)
    assert set(third.town) == set(second.town) | {"neighboring_town", "post_office", "pigeon_train"}
    assert third.time == 30 and third.bag.counts == {**STARTING_BAG, T: 2}
    assert third.items["bicycle"] == "learn" and load_content().item("bicycle").learn_at == "ch_tech"
    assert "bicycle" not in second.items


def test_rescuing_the_prisoners_chapter_set_ups() -> None:
    """Rescuing the Prisoners of War "Setup": Chapter 1 "Add 3 random POW Cards to the Jail
    location. Place 1 Interrogation Marker on the Jail. Place 20 Time Markers in the Time Marker
    pool." Chapter 2 "Add the remaining 3 POW Cards to the Jail location. Place 1 Interrogation
    Marker on the Jail. Place 25 Time Markers ... Add 1 Troop Token to the Success Bag." Chapter
    3 "Add the Boat, Train, and Border Checkpoint Cards to the locations that are currently
    available. Place 30 Time Markers ... Add 2 Troop Tokens to the Success Bag." """
    pows = {p.id for p in load_content().pows}
    first = story("rescuing-the-prisoners", seed=4)
    assert len(first.jail) == 3 and set(first.jail) <= pows and first.interrogation == 1
    assert set(first.town) == _basic_town() and first.time == 20
    second = _next_chapter(first)
    assert set(second.jail) == pows - set(first.jail) and second.interrogation == 1
    assert second.time == 25 and second.bag.counts == {**STARTING_BAG, T: 1}
    third = _next_chapter(second)
    assert set(third.town) == _basic_town() | {"boat", "pow_train", "border_checkpoint"}
    assert third.time == 30 and third.bag.counts == {**STARTING_BAG, T: 2}
    assert third.jail == () and third.interrogation == 0


def test_office_infiltration_chapter_set_ups() -> None:
    """Office Infiltration "Setup": Chapter 1 "Add File Room, Bar (Flirt), and the three Bar
    (Eavesdrop) Cards to the locations that are currently available. Shuffle the three Bar
    (Eavesdrop) Cards and create one stack with them. Place the Lockpick and Camera Item Cards
    next to the Country House (Tech Training) location." Chapters 2 and 3: "No additional
    cards." with 25 and 30 Time Markers, 1 and 2 Troop Tokens (the stack's top card is the one
    in the town)."""
    tops = set()
    for seed in range(1, 12):
        first = story("office-infiltration", seed=seed)
        shown = set(first.town) & EAVESDROP
        assert len(shown) == 1 and shown | set(first.eavesdrop_rest) == EAVESDROP
        tops |= shown
        assert set(first.town) == _basic_town() | {"file_room", "bar_flirt"} | shown
    assert tops == EAVESDROP, "the stack is shuffled"
    assert first.items["lockpick"] == first.items["camera"] == "learn"
    assert {load_content().item(i).learn_at for i in ("lockpick", "camera")} == {"ch_tech"}
    second = _next_chapter(first)
    third = _next_chapter(second)
    assert set(second.town) == set(third.town) == set(first.town)
    assert (second.time, third.time) == (25, 30)
    assert third.bag.counts == {**STARTING_BAG, T: 2}


def test_ending_the_last_chapter_yourself_scores_the_story() -> None:
    """ "End of Chapter" (you decide to end it) in the third chapter is the "End of Story"."""
    state = _next_chapter(_next_chapter(story("news-on-the-wing")))
    over = _next_chapter(state)
    assert over.phase == "over" and over.score == 0
    outcome = TITLE.outcome(over)
    assert outcome is not None and outcome.result == "loss", "0 points: LOSS by the result table"


def test_no_time_markers_for_ongoing_assignments_one_removed_from_each() -> None:
    """ "1. Assign Operatives": no Time Markers are added to ongoing assignments;
    "2. Remove Time": one marker leaves each location."""
    ongoing = ready("forest", ("katja", 0)).model_copy(update={"time": 2})
    state = story("news-on-the-wing", hand=("alice",), assignments=(ongoing,))
    state = assign(state, "alice", "church_cellar")
    time = state.time
    after = act(state, {"type": "done"})
    assert after.time == time - load_content().location("church_cellar").time
    times = {a.location: a.time for a in after.assignments}
    assert times == {"forest": 1, "church_cellar": load_content().location("church_cellar").time - 1}


def test_checks_go_on_after_enough_progress_and_tokens_wait_for_the_alert_check() -> None:
    """ "Success, Progress, and Failure": every operative at the location checks even when the
    progress is already enough; "3. Resolve Assignments": no token goes back before the Alert Check."""
    bag = {P: 3, PA: 2, NE: 3}
    state = story(
        "introduction",
        hand=(),
        bag=bag,
        trained=("alice",),
        phase="resolve",
        assignments=(ready("train_station", ("alice", 0), ("felicia", 0)),),
    )
    state = act_forced(state, {"type": "check", "operative": "alice", "draws": 2}, [P, P])
    assert state.progress == {"train_station": (2,)}, "enough for the Insight 2 task"
    assert [a.location for a in state.assignments] == ["train_station"], "Felicia must still check"
    assert sum(state.bag.counts.values()) == sum(bag.values()) - 2, "drawn tokens stay out of the bag"
    done = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [NE, NE])
    assert done.bag.counts == bag and done.assignments == () and "train_station" not in done.progress


def test_as_many_alerts_as_stealth_adds_no_troop() -> None:
    """ "3. Resolve Assignments", Alert Check: a Troop only if Alert icons are MORE than Stealth."""
    state = story(
        "introduction",
        hand=(),
        bag={PA: 2, A: 1, NE: 3},
        phase="resolve",
        assignments=(ready("train_station", ("chantell", 0), ("felicia", 0)),),
    )
    assert load_content().operative("chantell").stealth and not load_content().operative("felicia").stealth
    state = act_forced(state, {"type": "check", "operative": "chantell", "draws": 2}, [NE, NE])
    tie = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [A, NE])
    assert tie.bag.counts.get(T, 0) == 0, "1 Alert against Chantell's 1 Stealth"
    more = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [A, PA])
    assert more.bag.counts.get(T, 0) == 1, "2 Alert icons (a Progress + Alert counts) against 1 Stealth"


def test_arrest_adds_a_marker_only_to_an_empty_jail() -> None:
    """ "Going to Jail": add 1 Interrogation Marker only if there are none there already."""
    state = story(
        "introduction",
        hand=(),
        jail=("gideon",),
        interrogation=1,
        bag={**STARTING_BAG, T: 1},
        phase="resolve",
        assignments=(ready("train_station", ("felicia", 0)),),
    )
    after = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [T])
    assert set(after.jail) == {"gideon", "felicia"}
    assert after.interrogation == 2, "the arrest added none to the 1 there; the phase's end added 1"
    empty = act_forced(
        state.model_copy(update={"jail": (), "interrogation": 0}),
        {"type": "check", "operative": "felicia", "draws": 2},
        [T],
    )
    assert empty.jail == ("felicia",) and empty.interrogation == 2, "1 brought by the arrest, 1 at the end"


def test_a_betrayed_operative_is_not_interrogated_until_next_round() -> None:
    """ "Breaking During Interrogation": the betrayed enters the Jail after the interrogations."""
    state = story(
        "news-on-the-wing",
        hand=("felicia", "alice"),
        jail=("gideon",),
        despair={"gideon": 2},
        interrogation=1,
    )
    state = assign(state, "alice", "church_cellar")
    state = assign(state, "felicia", "church_cellar")
    state = act_forced(state, {"type": "done"}, [NE])
    assert state.pending[-1].kind == "betray"
    after = act(state, {"type": "betray", "operative": "felicia"})
    assert after.jail == ("felicia",) and after.despair == {}, "no interrogation check for Felicia yet"
