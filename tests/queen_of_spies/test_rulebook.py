"""The Queen of Spies rulebook, sentence by sentence: the rules no other test file checked.

Each test quotes the rulebook's words it checks (section in quotes first). Together with
`test_examples` (every worked example), `test_round`, `test_jail`, `test_ending` and
`test_audit` they cover the rulebook; `rules/queen_of_spies/README.md` ("Rule coverage")
says which section is checked where.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import IllegalAction
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.content import CHAPTER_TIME, STARTING_BAG, Skill, load_content
from rules.queen_of_spies.state import QueenState
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
    act_where,
    assign,
    legal,
    ready,
    story,
)

STORIES = ("introduction", "news-on-the-wing", "rescuing-the-prisoners", "office-infiltration")


def _checks(state: QueenState) -> set[str]:
    return {a["operative"] for a in legal(state) if a["type"] == "check"}


# -- "Components" ---------------------------------------------------------------------


def test_the_components_bound_the_supplies() -> None:
    """ "Components": "13 Operative Cards", "6 POW Cards", "8 Item Cards", "10 Alert Tokens",
    "5 Troop Tokens", "30 Time Markers", "3 Interrogation Markers", "9 Despair Markers",
    "5 Pigeon Markers", and the starting tokens: "No Progress and Time Token" x1, "No Effect
    Tokens" x2, "Progress and Time Token" x1, "Progress and Alert Tokens" x3, "Progress
    Tokens" x3."""
    c = load_content()
    assert (len(c.operatives), len(c.pows), len(c.items)) == (13, 6, 8)
    assert (c.supply.alert, c.supply.troop, c.supply.interrogation, c.supply.despair) == (10, 5, 3, 9)
    assert c.supply.pigeons == 5
    assert max(ch.time for s in c.stories for ch in s.chapters) == 30, "no chapter needs more than 30"
    assert sum(STARTING_BAG.values()) == 10
    view = TITLE.view(story("news-on-the-wing"), "player")
    assert (view.supplies.alert, view.supplies.troop, view.supplies.despair) == (10, 5, 9)


# -- "Setup" ----------------------------------------------------------------------------


@pytest.mark.parametrize("story_id", STORIES)
def test_every_story_starts_with_the_ten_tokens_and_nothing_at_the_jail(story_id: str) -> None:
    """ "Success Bag and Other Pieces": "At the start of the first chapter of each story, the
    Success Bag will have 10 tokens in it"; "Place Alert Tokens, Troop Tokens, and Progress
    Markers to the side of the play area in a supply"; "Place Interrogation and Despair
    Markers next to the Jail location"; "Create a Time Marker pool that contains only the
    time allotted during this chapter"."""
    state = story(story_id)
    assert state.bag.counts == STARTING_BAG
    assert state.progress == {} and state.despair == {} and state.despair_supply == 9
    assert state.time == (30 if story_id == "introduction" else CHAPTER_TIME[0])
    # Rescuing the Prisoners' own set-up puts 1 marker on the Jail; the others start with none.
    assert state.interrogation == (1 if story_id == "rescuing-the-prisoners" else 0)


@pytest.mark.parametrize("story_id", STORIES)
def test_the_town_is_the_rulebooks_three_by_three_grid_with_its_item_cards(story_id: str) -> None:
    """ "The Town": "set up your town in a 3x3 grid with the nine basic locations": Country
    House (Tech Training) "Place Bomb Item Card next to this location", Train Station (Watch
    Troops), Pub (Recruit); Country House (Insight Training) "Place Disguise Item Card next to
    this location", Jail "Place all three Jail cards: Talk to Guard, Smuggle, Breakout", Safe
    House (Lay Low); Country House (Manipulation Training) "Place False Papers and Jail Key
    Item Cards next to this location", Church Cellar (Make Escape Plan) "Place Escape Plan
    card next to this location", Workshop (Build Items)."""
    c = load_content()
    assert c.town.rows == (
        (("ch_tech",), ("train_station",), ("pub",)),
        (("ch_insight",), ("jail_talk", "jail_smuggle", "jail_breakout"), ("safe_house",)),
        (("ch_manipulation",), ("church_cellar",), ("workshop",)),
    )
    state = story(story_id)
    basic = {i for row in c.town.rows for square in row for i in square}
    assert basic <= set(state.town)
    for item, location in (
        ("bomb", "ch_tech"),
        ("disguise", "ch_insight"),
        ("false_papers", "ch_manipulation"),
        ("jail_key", "ch_manipulation"),
    ):
        assert state.items[item] == "learn" and c.item(item).learn_at == location
    assert not state.escape_plan, "the Escape Plan card lies next to the Church Cellar, not made yet"
    assert {c.location(i).kind for i in ("church_cellar", "safe_house")} == {"no_checks"}
    assert c.location("workshop").kind == "workshop"


def test_each_country_house_card_and_each_jail_card_is_its_own_location() -> None:
    """ "The Town": "each of these cards is a different location" (the Country House) and "each
    card is treated as a separate location when assigning Operatives" (the Prison): operatives
    of different cells on two of these cards neither block each other nor meet."""
    state = story("introduction", hand=("alice", "felicia", "katja", "gideon", "bernadette"))
    state = assign(state, "katja", "ch_tech")
    state = assign(state, "felicia", "ch_insight")
    state = assign(state, "gideon", "jail_talk")
    state = assign(state, "bernadette", "jail_smuggle", 1)
    state = assign(state, "alice", "jail_breakout")
    assert {load_content().operative(o).cell for o in ("katja", "felicia", "gideon", "bernadette")} == {
        "rose",
        "lily",
    }
    done = act(state, {"type": "done"})
    assert done.bag.counts.get(A, 0) == 0, "nobody met: each card is a location of its own"


@pytest.mark.parametrize("story_id", ("introduction", "news-on-the-wing", "rescuing-the-prisoners"))
def test_the_starting_hand_is_alice_and_one_operative_from_each_cells_deck(story_id: str) -> None:
    """ "Initial Operative Setup": "set Alice aside. You will always play with her. Then separate
    the Operatives by cell (four cells) and shuffle them into 4 separate decks (one for each
    cell). Draw 1 Operative Card from each deck and place them in your hand with Alice."
    The rest stay in their cell's deck; which one is drawn is random."""
    c = load_content()
    drawn: set[str] = set()
    for seed in range(1, 30):
        state = story(story_id, seed=seed)
        assert state.hand[0] == "alice" and len(state.hand) == 5
        assert sorted(c.operative(o).cell for o in state.hand[1:]) == sorted(cell.id for cell in c.cells)
        for cell in c.cells:
            left = set(state.decks[cell.id])
            assert left | (set(state.hand) & set(c.cell_members(cell.id))) == set(c.cell_members(cell.id))
            assert len(left) == 2
        drawn |= set(state.hand)
    assert drawn == {o.id for o in c.operatives}, "every operative can be drawn"


@pytest.mark.parametrize("story_id", STORIES)
def test_operatives_start_untrained_and_alice_trained(story_id: str) -> None:
    """ "Operatives always start the game with their "untrained" side up"; "Alice possesses all
    the skills and has received all the necessary training, so the two sides of her card are
    identical": from the first round she chooses 0-3 tokens, the others draw 2."""
    state = story(story_id, hand=(), phase="resolve")
    assert state.trained == ("alice",)
    other = story(story_id).hand[1]
    house = f"ch_{load_content().operative(other).skills[0].value}"
    state = state.model_copy(
        update={"assignments": (ready("train_station", ("alice", 0)), ready(house, (other, 0)))}
    )
    draws = {(a["operative"], a["draws"]) for a in legal(state)}
    assert draws == {("alice", 0), ("alice", 1), ("alice", 2), ("alice", 3), (other, 2)}


def test_alice_has_every_skill_and_stealth_which_no_training_gives() -> None:
    """ "Alice possesses all the skills"; "Stealth — You are sneaky enough to cancel out one
    Alert Token when resolving an assignment at a location. This skill cannot be trained or
    improved": training flips a card, it never adds Stealth."""
    c = load_content()
    assert set(c.alice.skills) == set(Skill) and c.alice.stealth
    state = story("introduction", hand=(), phase="resolve", bag={PA: 3, NE: 3})
    state = state.model_copy(update={"assignments": (ready("ch_insight", ("felicia", 0)),)})
    trained = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [PA, PA])
    assert "felicia" in trained.trained and not c.operative("felicia").stealth
    assert trained.bag.counts[T] == 1, "2 Alert icons, no Stealth: a Troop"


# -- "Story-Specific Setup: Introduction" ----------------------------------------------


def test_the_introduction_sets_up_the_cafe_the_local_roads_and_the_radio() -> None:
    """ "Place the Cafe and Local Roads Location Cards above the basic town cards ... Add the
    Radio Item Card to the Country House (Tech Training) location. Place 30 Time Markers";
    "the "Introduction" scenario only has one chapter"."""
    state = story("introduction")
    assert {"cafe", "local_roads"} <= set(state.town) and "chateau" not in state.town
    assert state.items["radio"] == "learn" and load_content().item("radio").learn_at == "ch_tech"
    assert state.time == 30 and TITLE.view(state, "player").chapters == 1


def test_the_local_roads_also_open_the_chateau_and_the_chateau_wins() -> None:
    """ "To succeed at this scenario, you will need to gather information using either the
    Cafe or Local Roads locations, then succeed at making your way into the Chateau"; "You
    either succeed at your assignment and achieve victory or fail"."""
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        trained=("alice",),
        assignments=(ready("local_roads", ("alice", 0)),),
    )
    state = act_forced(state, {"type": "check", "operative": "alice", "draws": 2}, [P, P])
    assert "chateau" in state.town
    state = state.model_copy(update={"bag": state.bag.adding(P, 4)})
    team = (("alice", 0), ("katja", 1), ("bernadette", 2))
    state = state.model_copy(
        update={"hand": (), "phase": "resolve", "assignments": (ready("chateau", *team),)}
    )
    state = act_forced(state, {"type": "check", "operative": "alice", "draws": 2}, [P, P])
    state = act_forced(state, {"type": "check", "operative": "katja", "draws": 2}, [P, P])
    won = act_forced(state, {"type": "check", "operative": "bernadette", "draws": 2}, [P, P])
    outcome = TITLE.outcome(won)
    assert won.phase == "over" and outcome is not None and outcome.result == "win"
    assert outcome.key == "queen-of-spies.result.introduction.victory"


# -- "1. Assign Operatives" --------------------------------------------------------------


def test_an_operative_works_one_task_with_its_skill_at_the_cafe() -> None:
    """The Cafe example: "you would place them on the left side to perform the Insight task
    (blue), or on the right side to perform the Manipulation task (green). In this way, an
    Operative is assigned to a specific task and only participates in the assignment using
    the corresponding skill." Bernadette (Manipulation and Insight) on the left side makes
    Insight Progress only; Felicia (Insight only) may not take the right side."""
    cafe = load_content().location("cafe")
    assert [t.skill for t in cafe.tasks] == [Skill.INSIGHT, Skill.MANIPULATION]
    state = story("introduction", hand=("alice", "felicia", "bernadette"))
    with pytest.raises(IllegalAction, match="manipulation"):
        assign(state, "felicia", "cafe", 1)
    assert {
        a["task"] for a in legal(state) if a.get("operative") == "bernadette" and a.get("location") == "cafe"
    } == {
        0,
        1,
    }
    state = story("introduction", hand=(), phase="resolve", assignments=(ready("cafe", ("bernadette", 0)),))
    after = act_forced(state, {"type": "check", "operative": "bernadette", "draws": 2}, [P, P])
    assert after.progress == {"cafe": (2, 0)}, "both markers on the Insight (blue) task"


def test_several_operatives_may_take_the_same_task() -> None:
    """ "it is permitted to assign several Operatives to the same task, thus increasing your
    chances of success": their Progress adds up on that task."""
    state = story("introduction", hand=("alice", "felicia", "chantell"))
    state = assign(state, "felicia", "train_station")
    state = assign(state, "chantell", "train_station")
    state = act(state, {"type": "assign", "operative": "alice", "location": "church_cellar"})
    state = act(state, {"type": "done"})
    state = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [P, NE])
    assert state.progress == {"train_station": (1,)}
    state = act_forced(state, {"type": "check", "operative": "chantell", "draws": 2}, [P, NE])
    assert "train_station" not in state.progress, "1 + 1 met Watch Troops' Insight 2: success"


def test_unused_operatives_need_time_and_an_empty_pool_ends_the_chapter() -> None:
    """ "you must discard one Time Marker from your pool for each Operative you have not sent to
    a location"; "End of Chapter": "You need to spend a Time Marker, but there are no Time
    Markers left. At this point, the chapter immediately ends." """
    state = story("news-on-the-wing", hand=("alice", "felicia", "katja"), time=2, round=3)
    state = assign(state, "alice", "church_cellar")
    after = act(state, {"type": "done"})
    assert after.chapter == 2 and after.round == 1 and after.time == 25
    assert after.assignments == () and not after.escape_plan, "the Church Cellar was abandoned"


def test_placing_time_markers_from_an_empty_pool_ends_the_chapter() -> None:
    """ "add as many Time Markers from the pool as indicated by the number inside the time
    icon"; with fewer left than the icon asks, a marker is needed and none is left: the
    chapter "immediately ends" and "Any incomplete assignments are abandoned"."""
    forest = load_content().location("forest").time
    assert forest == 2
    state = story("news-on-the-wing", chapter=2, hand=("katja",), time=1, round=2)
    state = state.model_copy(update={"town": (*state.town, "forest")})
    state = assign(state, "katja", "forest")
    after = act(state, {"type": "done"})
    assert after.chapter == 3 and after.time == 30 and after.assignments == ()
    assert "katja" in after.hand


def test_removed_time_markers_never_return_to_the_pool() -> None:
    """ "2. Remove Time": "Remove one Time Marker from each location. Place each removed Time
    Marker in the discard pile. Important: do not return the Time Markers to the pool." """
    state = story("news-on-the-wing", hand=("alice",))
    state = assign(state, "alice", "church_cellar")
    cellar = load_content().location("church_cellar").time
    for _ in range(cellar):
        state = act(state, {"type": "done"})
    assert state.escape_plan and state.assignments == ()
    assert state.time == 20 - cellar, "the markers went from the cards to the discard pile"


def test_alice_among_others_at_the_workshop_coordinates_every_item() -> None:
    """ "When Operatives Meet": "If Alice is sent to a location to coordinate an assignment
    there, then no Operatives meet each other" (the Workshop is one location, README)."""
    items = {**story("introduction").items, "bomb": "workshop", "disguise": "workshop"}
    state = story("introduction", hand=("alice", "katja", "felicia"), items=items)
    state = assign(state, "katja", "workshop", item="bomb")
    state = assign(state, "felicia", "workshop", item="disguise")
    met = act(state, {"type": "done"})
    assert met.bag.counts.get(A, 0) == 1, "Katja (Rose) and Felicia (Lily) meet at the Workshop"
    state = assign(state, "alice", "workshop", item="bomb")
    assert act(state, {"type": "done"}).bag.counts.get(A, 0) == 0


def test_the_workshop_builds_only_a_learned_item_named_when_assigning() -> None:
    """ "Item Cards": "Before you can make an Item, you must first learn how to do so"; "When you
    send Operatives to the Workshop, you must assign them to a specific Item and add the Time
    Markers indicated on the Item Card"."""
    state = story("introduction", hand=("alice", "katja"))
    with pytest.raises(IllegalAction, match="not available"):
        assign(state, "katja", "workshop", item="bomb")
    with pytest.raises(IllegalAction, match="not available"):
        assign(state, "katja", "workshop")
    learned = state.model_copy(update={"items": {**state.items, "bomb": "workshop"}})
    assert not any(a.get("location") == "ch_tech" and a.get("item") == "bomb" for a in legal(learned))
    built = assign(learned, "katja", "workshop", item="bomb")
    built = assign(built, "alice", "church_cellar")
    after = act(built, {"type": "done"})
    bomb = load_content().item("bomb").build.time
    cellar = load_content().location("church_cellar").time
    assert after.time == 30 - bomb - cellar, "the Bomb card's own time icon"


# -- "3. Resolve Assignments" ----------------------------------------------------------


def test_all_checks_of_a_task_before_the_next_task() -> None:
    """ "If an assignment has several tasks, you can complete them in any order, but you must
    complete all the checks for all Operatives assigned to a task before moving on to the next
    task." """
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        assignments=(ready("cafe", ("felicia", 0), ("bernadette", 1), ("chantell", 0)),),
    )
    assert _checks(state) == {"felicia", "bernadette", "chantell"}, "any task may come first"
    state = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [NE, NE])
    assert _checks(state) == {"chantell"}, "the Insight task is begun: Chantell before Bernadette"
    with pytest.raises(IllegalAction):
        act(state, {"type": "check", "operative": "bernadette", "draws": 2})
    state = act_forced(state, {"type": "check", "operative": "chantell", "draws": 2}, [P, P])
    assert _checks(state) == {"bernadette"}


def test_a_trained_operative_chooses_the_number_before_drawing() -> None:
    """ "Important: In the case of trained Operatives, you must choose the number of tokens
    drawn before performing the check. This means that you cannot draw a token and then decide
    to draw more": one check, its number given with it, and no second one."""
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        trained=("alice",),
        assignments=(ready("train_station", ("alice", 0), ("felicia", 0)),),
    )
    state = act_forced(state, {"type": "check", "operative": "alice", "draws": 1}, [NE])
    assert _checks(state) == {"felicia"}
    with pytest.raises(IllegalAction):
        act(state, {"type": "check", "operative": "alice", "draws": 1})


@pytest.mark.parametrize(
    ("token", "progress", "time_spent"),
    [(P, 1, 0), (PA, 1, 0), (PT, 1, 1), (NE, 0, 0), (NPT, 0, 1), (A, 0, 0)],
)
def test_each_token_does_what_tokens_says(token: Any, progress: int, time_spent: int) -> None:
    """ "Tokens": "Progress: Add a Progress Marker"; "Progress + Alert: Add one Progress Marker
    ... this Alert symbol will count towards your total Alert"; "Progress + Time: Add a Progress
    Marker ... but also discard one Time Marker from the Time Marker pool"; "No Effect: Do
    nothing"; "No Progress + Time: Discard one Time Marker"; "Alert: If you have more Alert
    icons than Stealth icons ... add a Troop Token"."""
    bag = {P: 1, PA: 1, PT: 1, NE: 1, NPT: 1, A: 1}
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        trained=("alice", "katja"),
        bag=bag,
        assignments=(ready("ch_tech", ("katja", 0)),),
    )
    after = act_forced(state, {"type": "check", "operative": "katja", "draws": 1}, [token])
    assert after.progress.get("ch_tech", (0,)) == (progress,)
    assert after.time == state.time - time_spent
    assert after.bag.counts.get(T, 0) == (1 if token.alert else 0), "Katja has no Stealth"


def test_the_church_cellar_and_the_safe_house_take_anyone_without_checks() -> None:
    """ "There are two locations in the game where no skill icons are printed: the Church Cellar
    and the Safe House. You can send any Operative to these locations" (every operative, every
    skill), "but they will not have to perform any checks"."""
    state = story("introduction", hand=("alice",))
    for operative in load_content().operatives:
        here = state.model_copy(update={"hand": (operative.id,)})
        for location in ("church_cellar", "safe_house"):
            assert assign(here, operative.id, location).assignments[0].location == location
    state = assign(state, "alice", "safe_house")
    state = assign(state.model_copy(update={"hand": ("felicia",)}), "felicia", "church_cellar")
    rng = state.rng
    state = act(state, {"type": "done"})
    state = act(state, {"type": "done"})
    assert state.rng == rng and state.escape_plan and "felicia" in state.hand


# -- "Going to Jail" -------------------------------------------------------------------


def test_an_arrest_drops_every_progress_marker_at_the_location_even_older_ones() -> None:
    """ "All Progress Markers currently at the location are lost" (those of earlier rounds too);
    "Important: Failure effects printed on the Location Card are not triggered because of an
    arrest" (the Pub's failure adds an Alert)."""
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        bag={**STARTING_BAG, T: 1},
        progress={"pub": (1,)},
        assignments=(ready("pub", ("gideon", 0), ("louise", 0)),),
    )
    assert load_content().location("pub").failure
    state = act_forced(state, {"type": "check", "operative": "gideon", "draws": 2}, [P, NE])
    assert state.progress == {"pub": (2,)}
    after = act_where(
        state, {"type": "check", "operative": "louise", "draws": 2}, [T], lambda s: not s.despair
    )
    assert after.jail == ("louise",) and "gideon" in after.hand
    assert "pub" not in after.progress and after.bag.counts.get(A, 0) == 0


# -- "4. Resolve Interrogation" ------------------------------------------------------


def test_interrogation_counts_progress_icons_only() -> None:
    """ "For each token drawn that has a Progress icon, nothing happens"; "For each token drawn
    that does not have a Progress icon, place 1 Despair Marker"; "Do not resolve any other
    icons on tokens when performing an Interrogation Check": an Alert adds no Troop, a
    Progress + Alert no despair."""
    hidden = ready("safe_house", ("alice", 0)).model_copy(update={"time": 2})
    state = story("news-on-the-wing", hand=(), jail=("felicia",), interrogation=2, assignments=(hidden,))
    state = state.model_copy(update={"bag": state.bag.adding(A)})
    after = act_forced(state, {"type": "done"}, [A, PA])
    assert after.despair == {"felicia": 1}
    assert after.bag.counts.get(T, 0) == 0 and after.bag.counts[A] == 1
    assert after.time == state.time


def test_each_prisoner_draws_from_the_whole_bag_in_turn() -> None:
    """ "Interrogation Checks are performed separately for each imprisoned Operative, one at a
    time"; "Once the interrogation of an Operative has been resolved, return all tokens to the
    Success Bag and resolve a new Interrogation Check for any other Operatives": with one token
    in the bag, both prisoners draw it."""
    hidden = ready("safe_house", ("alice", 0)).model_copy(update={"time": 2})
    state = story(
        "news-on-the-wing",
        hand=(),
        jail=("felicia", "katja"),
        interrogation=1,
        bag={NE: 1},
        assignments=(hidden,),
    )
    after = act(state, {"type": "done"})
    assert after.despair == {"felicia": 1, "katja": 1} and after.bag.counts == {NE: 1}


def test_a_fourth_despair_marker_is_ignored_even_with_none_left() -> None:
    """ "Important: Operatives cannot have more than 3 Despair Markers. Ignore any effect that
    forces you to place a fourth Despair Marker on an Operative Card": with the last marker
    placed as the third, the next miss places nothing, so nothing is missing."""
    hidden = ready("safe_house", ("alice", 0)).model_copy(update={"time": 2})
    state = story(
        "news-on-the-wing",
        hand=(),
        jail=("felicia",),
        despair={"felicia": 2},
        despair_lost=6,
        interrogation=2,
        assignments=(hidden,),
    )
    assert state.despair_supply == 1
    after = act_forced(state, {"type": "done"}, [NE, NE])
    assert after.lost is None, "the fourth marker was not needed"
    assert "felicia" in after.removed and after.despair_lost == 9


def test_the_escape_plan_does_not_save_a_prisoner_from_a_troop() -> None:
    """ "Dying During Interrogation": "If you draw a Troop Token during an interrogation, the
    Operative being interrogated is killed." The Escape Plan is for a check at a location
    ("Tokens": "the Operative who is currently resolving their success check")."""
    hidden = ready("safe_house", ("alice", 0)).model_copy(update={"time": 2})
    state = story(
        "news-on-the-wing",
        hand=(),
        jail=("felicia",),
        interrogation=1,
        escape_plan=True,
        bag={**STARTING_BAG, T: 1},
        assignments=(hidden,),
    )
    after = act_forced(state, {"type": "done"}, [T])
    assert "felicia" in after.removed and after.pending == () and after.escape_plan


def test_a_betrayed_operative_at_a_location_fails_it_and_its_markers_stay() -> None:
    """ "If they betray an Operative who is currently assigned to a location, immediately
    resolve the assignment at that location as a failure ... The betrayed Operative is moved
    to Jail and all other Operatives at that location return to your hand without drawing any
    tokens": the Abandoned Building's failure ("they will lose all Progress and also place 2
    Troop Tokens in the Success Bag") is applied."""
    building = ready("abandoned_building", ("marthe", 0), ("katja", 1)).model_copy(update={"time": 2})
    state = story(
        "news-on-the-wing",
        chapter=2,
        hand=(),
        jail=("gideon",),
        despair={"gideon": 2},
        interrogation=1,
        progress={"abandoned_building": (1, 1)},
        assignments=(building,),
    )
    state = act_forced(state, {"type": "done"}, [NE])
    assert state.pending[-1].kind == "betray"
    after = act(state, {"type": "betray", "operative": "marthe"})
    assert after.jail == ("marthe",) and "katja" in after.hand and after.assignments == ()
    assert "abandoned_building" not in after.progress and after.bag.counts.get(T, 0) == 2


# -- "End of Chapter" ------------------------------------------------------------------


def test_items_on_abandoned_assignments_stay_at_the_safe_house() -> None:
    """ "All items you built or obtained ... remain in the Safe House, ready to be used": an item
    lent to an assignment the chapter's end abandons is not used up."""
    station = ready("train_station", ("felicia", 0), items=("disguise",)).model_copy(update={"time": 1})
    items = {**story("news-on-the-wing").items, "disguise": "in_use"}
    state = story("news-on-the-wing", round=2, hand=("alice",), items=items, assignments=(station,))
    after = act(state, {"type": "end_chapter"})
    assert after.items["disguise"] == "safe_house" and "felicia" in after.hand


def test_prisoners_of_both_kinds_at_the_end_of_chapter_one() -> None:
    """Rescuing the Prisoners: "At the end of Chapters 1 and 2, Operatives in Jail are released as
    usual. POW Cards that remain in Jail, however, are removed from the game"; "End of Chapter":
    "If an Operative is in jail, they return to your hand. However, any Despair Markers that
    were placed on them are removed from the game"."""
    state = story("rescuing-the-prisoners", seed=2, round=2)
    pows = state.jail
    state = state.model_copy(
        update={"jail": (*pows, "felicia"), "despair": {"felicia": 2, pows[0]: 1}, "interrogation": 2}
    )
    after = act(state, {"type": "end_chapter"})
    assert "felicia" in after.hand and set(pows) <= set(after.removed)
    assert after.despair_lost == 3 and after.despair == {}
    assert len(after.jail) == 3 and not set(after.jail) & set(pows), "chapter 2's three POWs"
    assert after.interrogation == 1, 'chapter 2: "Place 1 Interrogation Marker on the Jail"'


def test_the_story_ends_with_the_third_chapter_even_with_time_left() -> None:
    """ "End of Story": "If you have completed the third and final chapter of a story, end the
    chapter as usual" and score it: no fourth chapter."""
    state = story("rescuing-the-prisoners", chapter=3, round=2, jail=(), interrogation=0, time=30)
    over = act(state, {"type": "end_chapter"})
    assert over.phase == "over" and over.chapter == 3 and over.score == 0


# -- the stories ------------------------------------------------------------------------


@pytest.mark.parametrize("location", ["boat", "pow_train", "border_checkpoint"])
def test_pows_are_sent_before_each_escape_card_is_resolved(location: str) -> None:
    """Rescuing the Prisoners: "Before resolving the assignment at any of the three specific
    locations in the chapter (Boat, Train and Border Checkpoint), you must decide how many POWs
    will try to escape through that location. Take that number of POWs from the Safe House
    and place them next to the location card." """
    card = load_content().location(location)
    team = tuple(("alice", i) for i in range(len(card.tasks)))
    state = story(
        "rescuing-the-prisoners",
        chapter=3,
        hand=(),
        jail=(),
        interrogation=0,
        phase="resolve",
        trained=("alice",),
        pows_safe=("hale", "dubois"),
        assignments=(ready(location, *team[:1]),),
    )
    assert {a["type"] for a in legal(state)} == {"send_pows"}, "the decision comes before any check"
    assert {a["count"] for a in legal(state)} == set(range(min(2, card.pow_capacity) + 1))
    sent = act(state, {"type": "send_pows", "location": location, "count": 1})
    assert sent.pows_safe == ("dubois",) and sent.assignments[0].pows == ("hale",)
    assert {a["type"] for a in legal(sent)} == {"check"}


def test_a_pow_freed_by_the_jail_key_goes_to_the_safe_house() -> None:
    """Rescuing the Prisoners: "If a POW is freed from Jail, place them in the Safe House"; "If
    an Operative or POW is released from Jail by using the Bomb or Jail Key, return their
    Despair Markers to the supply"."""
    state = story("rescuing-the-prisoners", seed=2, hand=("alice",))
    pow_id = state.jail[0]
    items = {**state.items, "jail_key": "safe_house"}
    state = state.model_copy(update={"items": items, "despair": {pow_id: 2}})
    freed = act(state, {"type": "use_item", "item": "jail_key", "prisoner": pow_id})
    assert freed.pows_safe == (pow_id,) and pow_id not in freed.jail and pow_id not in freed.hand
    assert freed.despair_supply == 9 and freed.despair_lost == 0


def test_office_infiltration_starts_with_alice_and_one_random_operative() -> None:
    """Office Infiltration: "Begin this story with only Alice and 1 random Operative from a
    cell. Any additional Operatives will need to be recruited during this story." """
    c = load_content()
    cells = set()
    for seed in range(1, 40):
        state = story("office-infiltration", seed=seed)
        assert state.hand[0] == "alice" and len(state.hand) == 2
        cells.add(c.operative(state.hand[1]).cell)
        assert sum(len(deck) for deck in state.decks.values()) == 11
    assert cells == {cell.id for cell in c.cells}


def test_only_trained_pigeons_are_sent() -> None:
    """News on the Wing: "you will obtain pigeons, train them to return to your safehouse, and
    then deliver them"; "You will score at the end based on the number of trained pigeons sent
    to gather intelligence": an untrained pigeon cannot be sent."""
    state = story(
        "news-on-the-wing",
        chapter=3,
        hand=(),
        phase="resolve",
        trained=("alice",),
        pigeons=2,
        assignments=(ready("neighboring_town", ("alice", 0)),),
    )
    after = act_forced(state, {"type": "check", "operative": "alice", "draws": 2}, [P, P])
    assert after.pigeons_sent == {} and after.pigeons == 2
    state = state.model_copy(update={"trained_pigeons": 1})
    after = act_forced(state, {"type": "check", "operative": "alice", "draws": 2}, [P, P])
    assert after.pigeons_sent == {"neighboring_town": 1} and after.trained_pigeons == 0


RESULT_TABLES: dict[str, list[tuple[int, str, str]]] = {
    "news-on-the-wing": [
        (0, "loss", "LOSS: You had no success with the pigeons"),
        (1, "draw", "DRAW: Your pigeons yield no groundbreaking intelligence"),
        (4, "draw", "DRAW:"),
        (5, "minor_victory", "MINOR VICTORY: Thanks to your intelligence gathering"),
        (8, "minor_victory", "MINOR VICTORY:"),
        (9, "victory", "VICTORY: You have set up an intelligence system"),
        (12, "victory", "VICTORY:"),
        (13, "epic_victory", "EPIC VICTORY: Your work becomes part of what gives Belgian pigeons"),
        (20, "epic_victory", "EPIC VICTORY:"),
    ],
    "rescuing-the-prisoners": [
        (0, "loss", "LOSS: No POWs survived."),
        (1, "draw", "DRAW: You mourn the loss of the majority of the POWs"),
        (2, "draw", "DRAW:"),
        (3, "minor_victory", "MINOR VICTORY: While not all of the POWs escaped Belgium"),
        (4, "minor_victory", "MINOR VICTORY:"),
        (5, "victory", "VICTORY: While the loss of one POW will always haunt you"),
        (6, "epic_victory", "EPIC VICTORY: Your incredible success in assisting escaped POWs"),
    ],
    "office-infiltration": [
        (0, "loss", "LOSS: Local businessmen who take German money continue to thrive"),
        (1, "draw", "DRAW: You didn't extract much usable intelligence from the office"),
        (4, "draw", "DRAW:"),
        (5, "minor_victory", "MINOR VICTORY: Your Operatives didn't find anything groundbreaking"),
        (8, "minor_victory", "MINOR VICTORY:"),
        (9, "victory", "VICTORY: The office is constantly beset by problems"),
        (12, "victory", "VICTORY:"),
        (13, "epic_victory", "EPIC VICTORY: You have found such a deep well of intelligence"),
        (20, "epic_victory", "EPIC VICTORY:"),
    ],
}


@pytest.mark.parametrize("story_id", sorted(RESULT_TABLES))
def test_every_result_table_row_as_printed(story_id: str) -> None:
    """Each story's "Compare the score you earned ... to the table below": "0 LOSS", "1-4 DRAW",
    "5-8 MINOR VICTORY", "9-12 VICTORY", "13+ EPIC VICTORY" (News on the Wing, Office
    Infiltration); "0", "1-2", "3-4", "5", "6" (Rescuing the Prisoners of War). A loss or a
    draw by the table is not a win; a minor victory is."""
    s = load_content().story(story_id)
    for score, band, words in RESULT_TABLES[story_id]:
        row = s.result_for(score)
        assert (row.band, row.text.startswith(words)) == (band, True), (story_id, score)
        final = story(story_id).model_copy(update={"phase": "over", "score": score})
        outcome = TITLE.outcome(final)
        assert outcome is not None and outcome.key == f"queen-of-spies.result.{story_id}.{band}"
        assert outcome.result == {"loss": "loss", "draw": "draw"}.get(band, "win")


def test_the_introduction_has_no_score_only_success_or_failure() -> None:
    """ "Unlike other stories in this game, the "Introduction" has no scoring conditions to let
    you know how well you have done. You either succeed at your assignment and achieve victory
    or fail"."""
    s = load_content().story("introduction")
    assert [row.band for row in s.results] == ["loss", "victory"]
    for victory, result in ((True, "win"), (False, "loss")):
        over = story("introduction").model_copy(update={"phase": "over", "score": int(victory)})
        outcome = TITLE.outcome(over)
        assert outcome is not None and outcome.result == result and not outcome.scored


def test_the_first_game_is_the_introduction() -> None:
    """ "Overview": "For your first game, you should play the Introduction story detailed
    below": it is the story offered first."""
    assert TITLE.default_options().scenario == "introduction" == TITLE.scenarios[0]


def test_winning_the_chateau_with_alice_in_jail_still_loses() -> None:
    """ "How to Lose": "Ending a chapter or story with Alice in Jail" — also when the Chateau ends
    the Introduction ("You either succeed at your assignment and achieve victory or fail")."""
    team = (("chantell", 0), ("katja", 1), ("bernadette", 2))
    state = story(
        "introduction",
        hand=(),
        jail=("alice",),
        interrogation=1,
        phase="resolve",
        trained=("alice", "chantell", "katja", "bernadette"),
        bag={P: 6, NE: 2},
        assignments=(ready("chateau", *team),),
    )
    for who in ("chantell", "katja"):
        state = act_forced(state, {"type": "check", "operative": who, "draws": 2}, [P, P])
    over = act_forced(state, {"type": "check", "operative": "bernadette", "draws": 2}, [P, P])
    outcome = TITLE.outcome(over)
    assert over.victory and outcome is not None and outcome.key == "queen-of-spies.lost.alice_jailed"


# -- our readings (rules/queen_of_spies/README.md), one test each ------------------------


def test_an_arrest_has_no_alert_check() -> None:
    """Reading: "No other checks are performed" ("Going to Jail") includes the Alert Check: two
    Alert icons drawn before the Troop add no Troop after the arrest."""
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        bag={PA: 2, NE: 2, T: 1},
        assignments=(ready("train_station", ("felicia", 0), ("emile", 0)),),
    )
    state = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [PA, PA])
    after = act_forced(state, {"type": "check", "operative": "emile", "draws": 2}, [T])
    assert after.jail == ("emile",) and after.bag.counts.get(T, 0) == 0


def test_a_troop_among_an_interrogations_tokens_kills_without_despair() -> None:
    """Reading: any Troop drawn for a prisoner kills ("the Operative being interrogated is
    killed"), and that draw places no Despair Marker: only those already on the card leave the
    game "along with" the dead."""
    hidden = ready("safe_house", ("alice", 0)).model_copy(update={"time": 2})
    state = story(
        "news-on-the-wing",
        hand=(),
        jail=("felicia",),
        despair={"felicia": 1},
        interrogation=2,
        bag={**STARTING_BAG, T: 1},
        assignments=(hidden,),
    )
    after = act_forced(state, {"type": "done"}, [NE, T])
    assert "felicia" in after.removed and after.despair_lost == 1


def test_the_church_cellar_resolves_before_the_checks_of_its_round() -> None:
    """Reading: the Church Cellar and the Safe House are resolved before any check ("You can
    complete the various assignments in any order you prefer"): the Escape Plan made this
    round saves an operative drawing a Troop this round."""
    cellar = ready("church_cellar", ("alice", 0)).model_copy(update={"time": 1})
    station = ready("train_station", ("felicia", 0)).model_copy(update={"time": 1})
    state = story("introduction", hand=(), bag={**STARTING_BAG, T: 1}, assignments=(cellar, station))
    state = act(state, {"type": "done"})
    assert state.escape_plan and "alice" in state.hand
    drawn = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [T])
    assert drawn.pending[-1].kind == "escape_plan"


def test_the_pigeon_coop_is_a_card_of_its_own_beside_the_safe_house() -> None:
    """Reading: "Add the Pigeon Coop to the Safe House location": a card of its own with its own
    assignment (ours: Insight 2, trains two pigeons), open while others lie low at the Safe
    House."""
    state = story("news-on-the-wing", hand=("alice", "felicia"), pigeons=2)
    state = assign(state, "alice", "safe_house")
    state = assign(state, "felicia", "pigeon_coop")
    state = act(state, {"type": "done"})
    after = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [P, P])
    assert (after.pigeons, after.trained_pigeons) == (0, 2)


def test_operatives_at_the_pigeon_coop_can_be_betrayed() -> None:
    """Reading: only those lying low on the Safe House card are "at the Safe House" ("if all
    Operatives they can betray are at the Safe House, no Operative is arrested")."""
    coop = ready("pigeon_coop", ("felicia", 0)).model_copy(update={"time": 2})
    hidden = ready("safe_house", ("alice", 0)).model_copy(update={"time": 2})
    state = story(
        "news-on-the-wing",
        hand=(),
        jail=("gideon",),
        despair={"gideon": 2},
        interrogation=1,
        assignments=(coop, hidden),
    )
    state = act_forced(state, {"type": "done"}, [NE])
    assert legal(state) == [{"type": "betray", "operative": "felicia"}]


def test_a_task_may_be_left_empty_when_its_progress_is_already_there() -> None:
    """Reading: "Assignments consist of one or more tasks to which Operatives must be assigned"
    asks each operative to take a task, not each task an operative: the Cafe's Manipulation
    Progress of an earlier round stays ("Progress Markers remain at the location, so in future
    rounds you can send Operatives back"), and Felicia's Insight alone completes it."""
    state = story("introduction", hand=("alice", "felicia"), progress={"cafe": (0, 2)})
    state = assign(state, "felicia", "cafe", 0)
    state = assign(state, "alice", "church_cellar")
    state = act(state, {"type": "done"})
    after = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [P, P])
    assert "chateau" in after.town and "cafe" not in after.progress


def test_a_trained_card_chooses_its_draws_at_any_of_its_skills() -> None:
    """Reading: trained is the card's side ("To flip them to their "trained" side"): Bernadette,
    trained at Manipulation, chooses 0-3 tokens at an Insight task too."""
    assert load_content().operative("bernadette").training == Skill.MANIPULATION
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        trained=("alice", "bernadette"),
        assignments=(ready("train_station", ("bernadette", 0)),),
    )
    assert {a["draws"] for a in legal(state)} == {0, 1, 2, 3}


def test_progress_markers_are_not_limited_to_five_of_a_colour() -> None:
    """Reading: "15 Progress Markers (5 of each ...)" are components, not a rule: Progress past
    five blue markers is still counted."""
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        progress={"cafe": (5, 0)},
        assignments=(ready("cafe", ("alice", 0)),),
    )
    after = act_forced(state, {"type": "check", "operative": "alice", "draws": 3}, [P, P, P])
    assert after.progress == {"cafe": (8, 0)}, "failed for lack of Manipulation; the markers stay"


def test_the_alert_check_comes_before_the_success_text() -> None:
    """Reading: the Alert Check ("Once the checks at a location have been completed, you must
    perform an Alert Check") before the card's text: Watch Troops' success (ours: 2 Troops off)
    also removes the Troop the Alert Check added."""
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        bag={**STARTING_BAG, T: 1},
        assignments=(ready("train_station", ("felicia", 0)),),
    )
    after = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [PA, PA])
    assert after.bag.counts.get(T, 0) == 0, "1 + 1 (Alert Check) - 2 (Watch Troops)"


def test_items_lent_to_an_arrested_assignment_are_used_to_a_betrayed_one_not() -> None:
    """Reading: an arrest interrupts checks already made, so the items lent there count as used
    ("it will also tell you where to place the Item once it has been used"); a betrayal ("return
    to your hand without drawing any tokens") leaves them unused at the Safe House."""
    items = {**story("news-on-the-wing").items, "disguise": "in_use"}
    station = ready("train_station", ("felicia", 0), items=("disguise",))
    state = story("news-on-the-wing", hand=(), phase="resolve", items=items, bag={**STARTING_BAG, T: 1})
    arrested = act_where(
        state.model_copy(update={"assignments": (station,)}),
        {"type": "check", "operative": "felicia", "draws": 2},
        [T],
        lambda s: not s.despair,
    )
    assert arrested.jail == ("felicia",) and arrested.items["disguise"] == "workshop"
    busy = ready("train_station", ("marthe", 0), items=("disguise",)).model_copy(update={"time": 2})
    state = story(
        "news-on-the-wing",
        hand=(),
        items=items,
        jail=("gideon",),
        despair={"gideon": 2},
        interrogation=1,
        assignments=(busy,),
    )
    state = act_forced(state, {"type": "done"}, [NE])
    betrayed = act(state, {"type": "betray", "operative": "marthe"})
    assert betrayed.jail == ("marthe",) and betrayed.items["disguise"] == "safe_house"


def test_pows_beside_an_arrested_escape_go_back_to_the_safe_house() -> None:
    """Reading: POWs' "luck will depend on your degree of success on the assignment there"; an
    arrest interrupts it, so they go back to the Safe House, neither escaped nor captured."""
    state = story(
        "rescuing-the-prisoners",
        chapter=3,
        hand=(),
        jail=(),
        interrogation=0,
        phase="resolve",
        trained=("alice",),
        bag={**STARTING_BAG, T: 1},
        pows_safe=("dubois",),
        assignments=(ready("boat", ("alice", 0), ("henri", 1), pows=("hale",), pows_decided=True),),
    )
    after = act_where(
        state, {"type": "check", "operative": "henri", "draws": 2}, [T], lambda s: not s.despair
    )
    assert after.jail == ("henri",) and set(after.pows_safe) == {"hale", "dubois"}
    assert after.pows_escaped == {}


def test_an_arrest_at_the_workshop_interrupts_only_that_item() -> None:
    """Reading: each item at the Workshop is its own assignment ("provided they are working on a
    different Item"): Katja's arrest at the Bomb leaves Felicia's Disguise and its Progress."""
    items = {**story("introduction").items, "bomb": "workshop", "disguise": "workshop"}
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        items=items,
        bag={**STARTING_BAG, T: 1},
        progress={"workshop/disguise": (1,), "workshop/bomb": (2,)},
        assignments=(
            ready("workshop", ("katja", 0), item="bomb"),
            ready("workshop", ("felicia", 0), item="disguise"),
        ),
    )
    after = act_forced(state, {"type": "check", "operative": "katja", "draws": 2}, [T])
    assert after.jail == ("katja",) and after.progress == {"workshop/disguise": (1,)}
    assert [(a.location, a.item) for a in after.assignments] == [("workshop", "disguise")]
    assert _checks(after) == {"felicia"}
