"""Jail: interrogation, despair, death, breaking, betrayal and release."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.queen_of_spies.content import STARTING_BAG
from rules.queen_of_spies.state import Betrayal, QueenState
from tests.queen_of_spies.helpers import NE, NPT, PA, A, P, T, act, act_forced, act_where, legal, ready, story


def _interrogation(**changes: object) -> QueenState:
    """A state whose next action (done) leads straight into the interrogation phase."""
    return story("news-on-the-wing", **{"hand": (), **changes})  # type: ignore[arg-type]


def test_despair_is_capped_at_three_and_three_breaks() -> None:
    """ "Operatives cannot have more than 3 Despair Markers. Ignore any effect that forces you to
    place a fourth"; "If an Operative has accumulated 3 Despair Markers, they have broken ...
    Permanently remove the broken Operative and all three of their Despair Markers from the game." """
    hidden = ready("safe_house", ("alice", 0)).model_copy(update={"time": 2})
    state = _interrogation(jail=("felicia",), despair={"felicia": 2}, interrogation=3, assignments=(hidden,))
    broken = act_forced(state, {"type": "done"}, [NE, NPT, NE])
    assert "felicia" in broken.removed and broken.jail == ()
    assert broken.despair_lost == 3, "the broken operative's three markers leave the game"
    assert broken.interrogation == 0


def test_markers_rise_to_three_and_no_further() -> None:
    """ "if there are still Operatives present and there are less than 3 Interrogation Markers on
    the Jail, add 1 more. If there are already 3 on the Jail, skip this step." """
    state = _interrogation(
        jail=("felicia",),
        interrogation=3,
        assignments=(ready("pub", ("alice", 0)).model_copy(update={"time": 3}),),
    )
    after = act_forced(state, {"type": "done"}, [P, P, P])
    assert after.interrogation == 3 and after.despair == {}


def test_death_on_a_troop_in_interrogation() -> None:
    """ "Dying During Interrogation": removed with despair; Troops and markers return."""
    state = _interrogation(
        jail=("felicia", "katja"),
        despair={"felicia": 1},
        interrogation=2,
        bag={**STARTING_BAG, T: 3},
        assignments=(ready("pub", ("alice", 0)).model_copy(update={"time": 3}),),
    )
    after = act_forced(state, {"type": "done"}, [T, P])
    assert "felicia" in after.removed and after.despair_lost == 1
    assert after.bag.counts.get(T, 0) == 0
    assert after.jail == ("katja",) and after.despair == {}, "Katja faces no markers after the death"
    assert after.interrogation == 1, "the markers returned; one is added as Katja is still held"


def test_prisoners_are_questioned_in_the_order_they_came_to_jail() -> None:
    """ "Interrogation Checks are performed separately for each imprisoned Operative, one at a
    time" (our reading, README: in the order they came to jail). Katja, jailed first, draws the
    Troop and dies ("Return all Interrogation Markers that are currently on the Jail to the
    supply"), so Felicia, after her, draws nothing this phase."""
    state = _interrogation(
        jail=("katja", "felicia"),
        interrogation=2,
        bag={**STARTING_BAG, T: 1},
        assignments=(ready("pub", ("alice", 0)).model_copy(update={"time": 3}),),
    )
    after = act_forced(state, {"type": "done"}, [T, NE])
    assert "katja" in after.removed and after.jail == ("felicia",)
    assert after.despair == {}, "Felicia faced no markers after Katja's death"


def _broken_gideon(**changes: object) -> QueenState:
    """Gideon (cell Lily) about to break in the next interrogation."""
    base: dict[str, object] = {"jail": ("gideon",), "despair": {"gideon": 2}, "interrogation": 1}
    return _interrogation(**{**base, **changes})


def test_betrayal_of_an_operative_in_hand() -> None:
    """ "Now you must decide who has been betrayed: either Alice herself, or an Operative from the
    same cell as the Operative who broke." (The markers go back in every betrayal: README.)"""
    state = _broken_gideon(hand=("felicia", "alice", "katja"), interrogation=2)
    state = act(state, {"type": "assign", "operative": "alice", "location": "church_cellar"})
    state = act(state, {"type": "assign", "operative": "katja", "location": "church_cellar"})
    state = act_forced(state, {"type": "done"}, [NE, NE])
    assert state.pending[-1].kind == "betray"
    assert {a["operative"] for a in legal(state)} == {"felicia", "alice"}, "Alice or his cell"
    with pytest.raises(IllegalAction):
        act(state, {"type": "betray", "operative": "katja"})
    after = act(state, {"type": "betray", "operative": "felicia"})
    assert after.jail == ("felicia",) and "felicia" not in after.hand
    assert after.interrogation == 1, "markers returned by the betrayal, then one added: Felicia is held"
    assert after.phase == "assign" and after.round == 2


def test_betrayal_of_an_operative_on_assignment_fails_it() -> None:
    """ "If they betray an Operative who is currently assigned to a location, immediately resolve
    the assignment at that location as a failure ... all other Operatives at that location return to
    your hand without drawing any tokens." """
    busy = ready("back_alley", ("marthe", 0), ("bernadette", 1)).model_copy(update={"time": 2})
    state = _broken_gideon(assignments=(busy,), trained=("alice",), progress={"back_alley": (1, 1)})
    state = act_forced(state, {"type": "done"}, [NE])
    assert state.pending[-1].kind == "betray"
    after = act(state, {"type": "betray", "operative": "marthe"})
    assert after.jail == ("marthe",) and "bernadette" in after.hand
    assert after.assignments == ()
    assert after.bag.counts.get(A) == 1, "the Back Alley's failure effect: 1 Alert"
    assert after.progress == {"back_alley": (1, 1)}, "progress stays: this failure does not remove it"


def test_betrayal_whiffs_when_everyone_is_at_the_safe_house() -> None:
    """ "However, if all Operatives they can betray are at the Safe House, no Operative is arrested.
    Whew!" """
    state = _broken_gideon(hand=("alice", "felicia"))
    state = act(state, {"type": "assign", "operative": "alice", "location": "safe_house"})
    state = act(state, {"type": "assign", "operative": "felicia", "location": "safe_house"})
    after = act_forced(state, {"type": "done"}, [NE])
    assert after.pending == () and after.jail == () and "gideon" in after.removed
    assert set(after.assignments[0].operatives) == {"alice", "felicia"}


def test_alice_can_be_betrayed() -> None:
    """ "Now you must decide who has been betrayed: either Alice herself, or an Operative from the
    same cell"."""
    state = _broken_gideon(hand=("alice",))
    state = act(state, {"type": "assign", "operative": "alice", "location": "pub"})
    state = act_where(state, {"type": "done"}, [NE], lambda s: bool(s.pending) or s.phase == "resolve")
    while state.phase == "resolve" and not state.pending:
        state = act(state, {"type": "check", "operative": "alice", "draws": 0})
    assert [a["operative"] for a in legal(state)] == ["alice"]
    after = act(state, {"type": "betray", "operative": "alice"})
    assert after.jail == ("alice",)


def test_broken_pow_betrays_nobody() -> None:
    """Rescuing the Prisoners: "If a POW breaks, they are removed from the game, along with any
    Despair Markers placed on them: They have perished. However, they do not betray an Operative." """
    state = story("rescuing-the-prisoners", seed=2)
    pow_id = state.jail[0]
    state = state.model_copy(update={"despair": {pow_id: 2}, "jail": (pow_id,), "hand": ()})
    after = act_forced(state, {"type": "done"}, [NE])
    assert pow_id in after.removed and after.pending == ()


def test_pows_left_in_jail_are_lost_at_chapter_end_and_new_ones_arrive() -> None:
    """Rescuing the Prisoners: "POW Cards that remain in Jail, however, are removed from the game";
    chapter 2: "Add the remaining 3 POW Cards to the Jail location. Place 1 Interrogation Marker on
    the Jail." """
    state = story("rescuing-the-prisoners", seed=2, round=2)
    assert len(state.jail) == 3 and state.interrogation == 1
    after = act(state, {"type": "end_chapter"})
    assert len(after.removed) == 3 and len(after.jail) == 3 and set(after.jail).isdisjoint(after.removed)
    assert after.interrogation == 1


def test_jail_key_releases_one_bomb_releases_all() -> None:
    """ "Breaking Out of Jail: If an Operative or POW is released from Jail by using the Bomb or
    Jail Key, return their Despair Markers to the supply. If no Operatives or POWs remain in the
    Jail, return all Interrogation Markers to the supply." (One or all: the item cards' uses are
    ours.)"""
    items = {**story("introduction").items, "jail_key": "safe_house", "bomb": "safe_house"}
    state = story(
        "introduction",
        hand=("alice",),
        items=items,
        jail=("felicia", "katja"),
        despair={"felicia": 2, "katja": 1},
        interrogation=2,
    )
    keyed = act(state, {"type": "use_item", "item": "jail_key", "prisoner": "felicia"})
    assert keyed.jail == ("katja",) and "felicia" in keyed.hand and keyed.despair == {"katja": 1}
    assert keyed.items["jail_key"] == "workshop" and keyed.interrogation == 2
    bombed = act(keyed, {"type": "use_item", "item": "bomb"})
    assert bombed.jail == () and bombed.interrogation == 0, "an empty jail gives its markers back"
    assert bombed.items["bomb"] == "discard" and bombed.despair == {}


def test_breakout_frees_the_chosen_prisoner_to_the_safe_house_if_a_pow() -> None:
    """ "If a POW is freed from Jail, place them in the Safe House." (The Breakout's text, two
    prisoners, is ours: data/locations.toml.)"""
    state = story(
        "rescuing-the-prisoners",
        seed=2,
        hand=(),
        phase="resolve",
        trained=("alice", "henri"),
        assignments=(ready("jail_breakout", ("henri", 0), ("alice", 1)),),
    )
    pow_id = state.jail[1]
    state = act_forced(state, {"type": "check", "operative": "henri", "draws": 2}, [P, P])
    state = act_forced(state, {"type": "check", "operative": "alice", "draws": 2}, [PA, PA])
    assert state.pending[-1].kind == "release"
    freed = act(state, {"type": "release", "prisoner": pow_id})
    assert pow_id in freed.pows_safe and pow_id not in freed.jail
    assert freed.pending[-1].kind == "release", "the Breakout frees a second prisoner"
    second = act(freed, {"type": "release", "prisoner": freed.jail[0]})
    assert len(second.pows_safe) == 2 and len(second.jail) == 1 and not second.pending


def test_pows_escape_through_the_boat() -> None:
    """Rescuing the Prisoners: "Before resolving the assignment at any of the three specific
    locations ... you must decide how many POWs will try to escape through that location"; "Their
    luck will depend on your degree of success on the assignment there!" """
    state = story(
        "rescuing-the-prisoners",
        seed=2,
        chapter=3,
        hand=(),
        jail=(),
        phase="resolve",
        pows_safe=("hale", "dubois"),
        trained=("alice",),
        town=(*story("rescuing-the-prisoners").town, "boat", "pow_train", "border_checkpoint"),
        assignments=(ready("boat", ("alice", 0), ("henri", 1)),),
    )
    with pytest.raises(IllegalAction):
        act(state, {"type": "check", "operative": "alice", "draws": 2})
    state = act(state, {"type": "send_pows", "location": "boat", "count": 2})
    state = act_forced(state, {"type": "check", "operative": "alice", "draws": 2}, [P, P])
    state = act_forced(state, {"type": "check", "operative": "henri", "draws": 2}, [PA, PA])
    assert state.pows_escaped == {"boat": ("hale", "dubois")} and state.pows_safe == ()


def test_talk_to_guard_removes_a_marker_but_never_the_last() -> None:
    """Talk to Guard's text is ours (data/locations.toml): one marker off, never the last while
    anyone is held; then "if there are still Operatives present and there are less than 3
    Interrogation Markers on the Jail, add 1 more." """
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        trained=("alice",),
        jail=("felicia",),
        interrogation=2,
        assignments=(ready("jail_talk", ("alice", 0)),),
    )
    after = act_where(
        state, {"type": "check", "operative": "alice", "draws": 3}, [P, P], lambda s: s.despair == {}
    )
    assert after.interrogation == 2, "2 - 1 = 1 after Talk to Guard, then +1 at the end of the round"
    state = state.model_copy(update={"interrogation": 1})
    after = act_where(
        state, {"type": "check", "operative": "alice", "draws": 3}, [P, P], lambda s: s.despair == {}
    )
    assert after.interrogation == 2, "the last marker stays, then +1 at the end of the round"


def test_smuggle_gives_despair_back_to_the_supply() -> None:
    """Smuggle's text is ours (data/locations.toml): three Despair Markers back to the supply, from
    the most despairing prisoner."""
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        trained=("alice",),
        jail=("felicia", "katja"),
        despair={"felicia": 3, "katja": 1},
        interrogation=1,
        assignments=(ready("jail_smuggle", ("alice", 0), ("odile", 1)),),
    )
    state = act_forced(state, {"type": "check", "operative": "alice", "draws": 1}, [P])
    after = act_where(
        state,
        {"type": "check", "operative": "odile", "draws": 2},
        [P, NE],
        lambda s: sum(s.despair.values()) == 1,
    )
    assert after.despair == {"katja": 1}, "3 markers off, always from the most despairing prisoner"
    assert after.despair_lost == 0


def test_a_second_betrayal_with_nobody_left_lapses() -> None:
    """Two break at once; the first betrays Alice, the only one free: the second betrays nobody."""
    state = story(
        "news-on-the-wing",
        hand=("alice",),
        jail=("gideon", "marthe"),
        despair={"gideon": 2, "marthe": 2},
        interrogation=1,
    )
    state = act_where(state, {"type": "done"}, [NE], lambda s: len(s.pending) == 2)
    assert state.pending == (Betrayal(broken="marthe"), Betrayal(broken="gideon")), "Gideon's decision first"
    after = act(state, {"type": "betray", "operative": "alice"})
    assert after.pending == () and after.jail == ("alice",) and after.phase == "assign"
    assert {"gideon", "marthe"} <= set(after.removed)
