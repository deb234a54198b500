"""The round: assignment rules, time, checks, items, chapter end and reset."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.content import STARTING_BAG, load_content
from tests.queen_of_spies.helpers import (
    NE,
    NPT,
    PA,
    PT,
    A,
    P,
    T,
    act,
    act_forced,
    assign,
    legal,
    ready,
    story,
)


def test_setup_hand_is_alice_and_one_operative_per_cell() -> None:
    """ "Initial Operative Setup"; Office Infiltration starts with Alice and one."""
    state = story("news-on-the-wing", seed=5)
    cells = {card.id: card.cell for card in load_content().operatives}
    assert state.hand[0] == "alice" and len(state.hand) == 5
    assert sorted(cells[o] for o in state.hand[1:]) == ["iris", "lily", "rose", "thistle"]
    assert state.time == 20 and state.bag.counts == STARTING_BAG
    assert len(story("office-infiltration", seed=5).hand) == 2
    intro = story("introduction")
    assert intro.time == 30 and {"cafe", "local_roads"} <= set(intro.town) and intro.items["radio"] == "learn"


def test_operative_needs_the_task_skill() -> None:
    """ "1. Assign Operatives": "It is not permitted to send an Operative on an assignment if they
    do not possess any of the necessary skills." """
    state = story("introduction", hand=("alice", "felicia"))
    with pytest.raises(IllegalAction, match="tech"):
        assign(state, "felicia", "ch_tech")


def test_location_busy_from_an_earlier_round_is_unavailable() -> None:
    """ "A location is available if there are no other Operatives still completing an assignment
    there. Operatives may not be sent to a location where one or more Operatives are still
    completing an assignment from an earlier round." """
    busy = ready("train_station", ("felicia", 0)).model_copy(update={"time": 1})
    state = story("introduction", hand=("alice",), assignments=(busy,))
    with pytest.raises(IllegalAction, match="still completing"):
        assign(state, "alice", "train_station")


def test_one_assignment_per_location_per_round_except_the_workshop() -> None:
    """ "Item Cards": "This allows you to send Operatives to the location to build an Item even if
    there are already other Operatives in the Workshop, provided they are working on a different
    Item" (elsewhere one assignment a location: README)."""
    items = {**story("introduction").items, "bomb": "workshop", "disguise": "workshop"}
    state = story("introduction", hand=("alice", "katja", "felicia"), items=items, trained=("alice",))
    state = assign(state, "katja", "ch_tech")
    with pytest.raises(IllegalAction, match="another assignment"):
        assign(state, "alice", "ch_tech", item="radio")
    state = assign(state, "alice", "workshop", item="bomb")
    state = assign(state, "felicia", "workshop", item="disguise")
    sites = {(a.location, a.item) for a in state.assignments}
    assert sites >= {("workshop", "bomb"), ("workshop", "disguise")}


def test_unused_operative_costs_a_time_marker() -> None:
    """ "If you decide not to use one or more of your Operatives during this phase, you must discard
    one Time Marker from your pool for each Operative you have not sent to a location." """
    state = story("introduction", hand=("alice", "felicia", "katja"))
    state = assign(state, "alice", "train_station")
    after = act(state, {"type": "done"})
    assert after.time == 30 - 1 - 2


def test_unassign_returns_the_operative_and_undo_works_until_a_draw() -> None:
    """ "1. Assign Operatives": "In this phase you decide what you want your Operatives to do": the
    decision can be taken back until the first token is drawn (ours)."""
    state = story("introduction", hand=("alice", "felicia"))
    state = assign(state, "felicia", "ch_insight")
    back = act(state, {"type": "unassign", "operative": "felicia"})
    assert set(back.hand) == {"alice", "felicia"} and back.assignments == ()
    assert TITLE.undo(back) == state.model_copy(update={"previous": state.previous})
    resolving = act(state, {"type": "done"})
    drawn = act(resolving, {"type": "check", "operative": "felicia", "draws": 2})
    assert not TITLE.can_undo(drawn)


def test_untrained_draws_two_trained_chooses_zero_to_three() -> None:
    """ "An untrained Operative must draw 2 tokens from the Success Bag, and a trained Operative may
    draw 0-3 tokens"."""
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        assignments=(ready("train_station", ("felicia", 0), ("alice", 0)),),
    )
    expected = {("felicia", 2), ("alice", 0), ("alice", 1), ("alice", 2), ("alice", 3)}
    assert {(a["operative"], a["draws"]) for a in legal(state)} == expected
    with pytest.raises(IllegalAction, match="untrained"):
        act(state, {"type": "check", "operative": "felicia", "draws": 3})


def test_all_checks_of_a_location_before_the_next() -> None:
    """ "you must complete the checks for all Operatives present at a location before moving on to
    the next assignment at a different location." """
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        assignments=(ready("train_station", ("felicia", 0), ("odile", 0)), ready("pub", ("gideon", 0))),
    )
    state = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [NE, NE])
    with pytest.raises(IllegalAction):
        act(state, {"type": "check", "operative": "gideon", "draws": 2})
    assert [a["operative"] for a in legal(state)] == ["odile"]


def test_church_cellar_and_safe_house_need_no_checks() -> None:
    """No checks: when the last time marker goes, the effect happens (no token drawn)."""
    state = story("introduction", hand=("alice", "felicia"), bag={**STARTING_BAG, A: 3})
    state = assign(state, "alice", "church_cellar")
    state = assign(state, "felicia", "safe_house")
    rng = state.rng
    rounds = {"church_cellar": 0, "safe_house": 0}
    while state.assignments:
        state = act(state, {"type": "done"})
        for location in rounds:
            rounds[location] += any(a.location == location for a in state.assignments)
    assert rounds == {"church_cellar": 1, "safe_house": load_content().location("safe_house").time - 1}
    assert state.rng == rng, "nobody drew a token"
    assert state.bag.counts[A] == 1, "Lay Low removes 2 Alerts"
    assert state.escape_plan, "the Church Cellar made the Escape Plan"
    assert set(state.hand) == {"alice", "felicia"}


def test_training_flips_the_operative() -> None:
    """ "To flip them to their "trained" side, you must provide them with the necessary training"
    (the Country House (Insight Training) trains Felicia, whose light icon is Insight)."""
    training = ready("ch_insight", ("felicia", 0))
    state = story("introduction", hand=(), phase="resolve", assignments=(training,))
    state = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [P, PA])
    assert "felicia" in state.trained


def test_time_running_out_ends_the_chapter_at_once() -> None:
    """ "End of Chapter": a marker needed and none left; assignments abandoned, no failure."""
    state = story(
        "news-on-the-wing",
        hand=(),
        phase="resolve",
        time=0,
        trained=("alice",),
        progress={"forest": (1,)},
        assignments=(ready("back_alley", ("bernadette", 1), ("alice", 0)),),
    )
    state = act_forced(state, {"type": "check", "operative": "bernadette", "draws": 2}, [NPT])
    assert state.chapter == 2 and state.time == 25
    assert state.progress == {} and state.assignments == ()
    assert state.bag.counts == {**STARTING_BAG, T: 1}, "the bag is reset and chapter 2 adds 1 Troop"
    assert state.bag.counts.get(A, 0) == 0, "the failure effect (an Alert) was not applied"
    assert {"alice", "bernadette", "forest", "abandoned_building"} <= set(state.hand) | set(state.town)


def test_end_chapter_only_after_an_interrogation_phase() -> None:
    """ "End of Chapter": "You decide to end it yourself. You may only do this at the end of a
    round, after an Interrogation Phase has taken place." """
    state = story("news-on-the-wing")
    assert {"type": "end_chapter"} not in [a.model_dump() for a in TITLE.legal_actions(state)]
    with pytest.raises(IllegalAction):
        act(state, {"type": "end_chapter"})
    later = act(state.model_copy(update={"hand": ()}), {"type": "done"})
    assert later.round == 2
    assert act(later, {"type": "end_chapter"}).chapter == 2


def test_chapter_reset() -> None:
    """ "End of Chapter": "Remove all Progress Markers from incomplete assignments. Move all Time
    Markers to the discard pile. Reset the Success Bag to its original state, removing all Alert
    and Troop Tokens that were added during play. Recall all Operatives back to your hand. 1. All
    trained Operatives retain their knowledge for the remainder of the story. 2. If an Operative
    is in jail, they return to your hand. However, any Despair Markers that were placed on them
    are removed from the game." "Remove all Interrogation Markers from the Jail." "All items you
    built or obtained (e.g. the Bomb, story-specific items, or the Escape Plan) remain in the Safe
    House ... Items in the Workshop remain there, waiting to be built. If the Bomb was discarded
    in the previous chapter, place the Bomb Card back in the Workshop." "If this is the second
    chapter, add 1 Troop Token to the Success Bag." """
    state = story(
        "news-on-the-wing",
        round=3,
        hand=("alice",),
        jail=("felicia",),
        despair={"felicia": 2},
        interrogation=2,
        trained=("alice", "katja"),
        progress={"pub": (1,)},
        bag={**STARTING_BAG, A: 4, T: 2},
        items={"bomb": "discard", "disguise": "safe_house", "false_papers": "workshop", "jail_key": "learn"},
        escape_plan=True,
        pigeons=2,
        assignments=(ready("pub", ("katja", 0)).model_copy(update={"time": 1}),),
    )
    state = act(state, {"type": "end_chapter"})
    assert state.chapter == 2 and state.round == 1 and state.time == 25
    assert state.bag.counts == {**STARTING_BAG, T: 1}
    assert set(state.hand) == {"alice", "felicia", "katja"} and state.jail == ()
    assert state.despair_lost == 2, "despair of the released prisoner leaves the game"
    assert state.interrogation == 0 and state.progress == {} and state.assignments == ()
    assert state.trained == ("alice", "katja")
    assert state.items == {
        "bomb": "workshop",
        "disguise": "safe_house",
        "false_papers": "workshop",
        "jail_key": "learn",
    }
    assert state.escape_plan and state.pigeons == 2
    assert {"forest", "abandoned_building"} <= set(state.town)


def test_progress_item_and_save_time_item() -> None:
    """ "Item Cards": "The Item Card will explain how it is used, and it will also tell you where to
    place the Item once it has been used" (the Radio's use is ours)."""
    items = {**story("introduction").items, "radio": "safe_house"}
    state = story("introduction", hand=("alice", "felicia"), items=items)
    state = assign(state, "felicia", "train_station")
    state = assign(state, "alice", "safe_house")
    state = act(state, {"type": "use_item", "item": "radio", "location": "train_station"})
    assert state.items["radio"] == "in_use"
    state = act(state, {"type": "done"})
    state = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [NE, NE])
    assert state.items["radio"] == "workshop"
    assert "train_station" not in state.progress, "the Radio's 2 Insight completed the task"


def test_false_papers_cancel_a_troop() -> None:
    """The False Papers' use is ours (data/items.toml): it cancels one Troop drawn at the assignment
    it is used on."""
    items = {**story("introduction").items, "false_papers": "safe_house"}
    state = story("introduction", hand=("alice", "felicia"), items=items, bag={T: 1, P: 3})
    state = assign(state, "felicia", "train_station")
    state = assign(state, "alice", "safe_house")
    state = act(state, {"type": "use_item", "item": "false_papers", "location": "train_station"})
    state = act(state, {"type": "done"})
    state = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [T, P])
    assert state.jail == () and "felicia" in state.hand
    assert state.items["false_papers"] == "workshop"


def test_escape_plan_instead_of_jail() -> None:
    """ "Tokens": "Troop: If you draw a Troop, the Operative ... immediately goes to Jail (unless
    you have the Escape Plan Card, which may be discarded instead)." """
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        escape_plan=True,
        bag={T: 1, P: 3},
        assignments=(ready("train_station", ("felicia", 0)),),
    )
    state = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [T])
    assert state.pending[-1].kind == "escape_plan"
    kept = act_forced(state, {"type": "escape_plan", "use": True}, [P])
    assert not kept.escape_plan and kept.jail == () and "felicia" in kept.hand
    assert kept.bag.counts[T] == 1, "no arrest: the Troop goes back into the bag with the other tokens"
    jailed = act(state, {"type": "escape_plan", "use": False})
    assert jailed.escape_plan and jailed.jail == ("felicia",)


def test_pub_recruits_from_the_chosen_cell() -> None:
    """The Pub (Recruit): a new Operative from a cell's deck ("Initial Operative Setup": the cells'
    decks; which cell is the player's choice, ours)."""
    state = story(
        "office-infiltration",
        seed=3,
        hand=(),
        phase="resolve",
        assignments=(ready("pub", ("alice", 0)),),
        trained=("alice",),
    )
    state = act_forced(state, {"type": "check", "operative": "alice", "draws": 2}, [P, P])
    assert state.pending[-1].kind == "recruit"
    deck = state.decks["iris"]
    recruited = act(state, {"type": "recruit", "cell": "iris"})
    new = set(recruited.hand) - {"alice"}
    assert len(new) == 1 and new <= set(deck) and len(recruited.decks["iris"]) == len(deck) - 1


def test_progress_time_spends_time() -> None:
    """ "Tokens": "Progress + Time: ... also discard one Time Marker from the Time Marker pool"; "No
    Progress + Time: Discard one Time Marker from the Time Marker pool." """
    watching = ready("train_station", ("felicia", 0))
    state = story("introduction", hand=(), phase="resolve", assignments=(watching,))
    after = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [PT, NPT])
    assert after.time == 28
