"""Every location card's printed text is carried out (the texts are ours: the rulebook prints
only the examples' cards, `data/locations.toml`).

"Success, Progress, and Failure": "When you have accumulated enough Progress Markers ... the
assignment is considered complete. Read and execute the text next to the success symbol
printed on the location"; "If there is a symbol printed on the location, you must execute the
accompanying text each time your Operatives fail to complete an assignment there."
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.queen_of_spies import resolving
from rules.queen_of_spies.content import STARTING_BAG, Effect, LocationCard, load_content
from rules.queen_of_spies.state import Assignment, QueenState
from tests.queen_of_spies.helpers import NE, PA, A, P, T, act, act_forced, act_where, ready, story

STORY_OF_GROUP = {
    "basic": "news-on-the-wing",
    "introduction": "introduction",
    "pigeons": "news-on-the-wing",
    "pows": "rescuing-the-prisoners",
    "office": "office-infiltration",
}
CHECKED = [loc for loc in load_content().locations if loc.checked]


def _team(card: LocationCard) -> tuple[tuple[str, int], ...]:
    """A different operative with the skill on each task (Alice left out: her Stealth)."""
    team: list[tuple[str, int]] = []
    for index, task in enumerate(card.tasks):
        who = next(
            o.id
            for o in load_content().operatives
            if not o.spymaster and task.skill in o.skills and o.id not in {w for w, _ in team}
        )
        team.append((who, index))
    return tuple(team)


def _at(card: LocationCard) -> QueenState:
    """The card in its story's last chapter, its team ready to check (POWs decided: none)."""
    story_id = STORY_OF_GROUP[card.group]
    team = _team(card)
    extra: dict[str, Any] = {"pows_decided": True} if card.pow_capacity else {}
    base = story(story_id)
    return story(
        story_id,
        chapter=len(load_content().story(story_id).chapters),
        hand=("alice",),
        jail=(),
        interrogation=0,
        phase="resolve",
        trained=("alice", *(w for w, _ in team)),
        bag={P: 12, NE: 6},
        town=(*base.town, card.id) if card.id not in base.town else base.town,
        assignments=(ready(card.id, *team, **extra),),
    )


def _recorded(monkeypatch: pytest.MonkeyPatch) -> list[Effect]:
    applied: list[Effect] = []
    original = resolving.apply_effect

    def record(table: Any, a: Assignment, effect: Effect) -> None:
        applied.append(effect)
        original(table, a, effect)

    monkeypatch.setattr(resolving, "apply_effect", record)
    return applied


@pytest.mark.parametrize("card", CHECKED, ids=lambda c: c.id)
def test_every_card_carries_out_its_success_text(card: LocationCard, monkeypatch: pytest.MonkeyPatch) -> None:
    applied = _recorded(monkeypatch)
    state = _at(card)
    for (who, index), _ in zip(_team(card), card.tasks, strict=True):
        need = card.tasks[index].progress
        state = act_forced(state, {"type": "check", "operative": who, "draws": need}, [P] * need)
    assert applied == list(card.success)
    assert card.id not in state.progress, "the markers are removed once the text is done"


@pytest.mark.parametrize("card", CHECKED, ids=lambda c: c.id)
def test_every_card_carries_out_its_failure_text(card: LocationCard, monkeypatch: pytest.MonkeyPatch) -> None:
    applied = _recorded(monkeypatch)
    state = _at(card)
    for who, _ in _team(card):
        state = act_forced(state, {"type": "check", "operative": who, "draws": 1}, [NE])
    assert applied == list(card.failure)


@pytest.mark.parametrize("location", ["church_cellar", "safe_house"])
def test_the_no_check_cards_carry_out_their_text_when_the_last_marker_goes(
    location: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "When you remove the last Time Marker from either of these locations, carry out the
    indicated effect and return the Operatives to your hand." """
    applied = _recorded(monkeypatch)
    card = load_content().location(location)
    state = story("introduction", hand=("alice",))
    state = act(state, {"type": "assign", "operative": "alice", "location": location})
    for _ in range(card.time):
        assert applied == []
        state = act(state, {"type": "done"})
    assert applied == list(card.success) and "alice" in state.hand


def _pigeons(location: str, **changes: Any) -> QueenState:
    card = load_content().location(location)
    team = _team(card)
    return story(
        "news-on-the-wing",
        chapter=2,
        hand=(),
        phase="resolve",
        trained=("alice", *(w for w, _ in team)),
        bag={P: 12},
        assignments=(ready(location, *team),),
        **changes,
    )


def _succeed(state: QueenState) -> QueenState:
    for a in state.assignments[0].placements:
        need = load_content().location(state.assignments[0].location).tasks[a.task].progress
        state = act_forced(state, {"type": "check", "operative": a.operative, "draws": need}, [P] * need)
    return state


def test_the_back_alley_and_the_forest_bring_pigeons_from_the_supply_of_five() -> None:
    """News on the Wing: "Create a supply of pigeons next to the play area" ("5 Pigeon Markers"):
    the Back Alley gains 1 pigeon, the Forest 2 (ours), never more than the supply holds."""
    assert _succeed(_pigeons("back_alley")).pigeons == 1
    assert _succeed(_pigeons("forest")).pigeons == 2
    full = _succeed(_pigeons("forest", pigeons=1, trained_pigeons=2, pigeons_sent={"post_office": 1}))
    assert full.pigeons == 2, "one marker was left in the supply"


def _escape(location: str) -> QueenState:
    card = load_content().location(location)
    team = _team(card)
    return story(
        "rescuing-the-prisoners",
        chapter=3,
        hand=("alice",),
        jail=(),
        interrogation=0,
        phase="resolve",
        trained=("alice", *(w for w, _ in team)),
        bag={**STARTING_BAG, NE: 8},
        assignments=(ready(location, *team, pows=("hale", "dubois"), pows_decided=True),),
    )


def _fail(state: QueenState) -> QueenState:
    """Every check draws one No Effect; the interrogation that follows kills nobody."""
    *first, last = state.assignments[0].placements
    for a in first:
        state = act_forced(state, {"type": "check", "operative": a.operative, "draws": 1}, [NE])
    check = {"type": "check", "operative": last.operative, "draws": 1}
    return act_where(state, check, [NE], lambda s: not s.removed)


@pytest.mark.parametrize(
    ("location", "jailed", "safe", "alerts", "troops"),
    [
        ("boat", True, False, 0, 0),
        ("pow_train", False, True, 1, 0),
        ("border_checkpoint", True, False, 0, 1),
    ],
)
def test_a_failed_escape_captures_or_returns_its_pows(
    location: str, jailed: bool, safe: bool, alerts: int, troops: int
) -> None:
    """Rescuing the Prisoners: "Their luck will depend on your degree of success on the assignment
    there!" (ours: a failed Boat or Border Checkpoint puts them back in the Jail, the Train
    sends them back to the Safe House with an Alert; the Border Checkpoint adds a Troop)."""
    after = _fail(_escape(location))
    assert (set(after.jail) == {"hale", "dubois"}) is jailed
    assert (set(after.pows_safe) == {"hale", "dubois"}) is safe
    assert after.pows_escaped == {}
    assert (after.bag.counts.get(A, 0), after.bag.counts.get(T, 0)) == (alerts, troops)


@pytest.mark.parametrize("location", ["boss_office", "hotel_room", "office_search", "trash_search"])
def test_a_searched_office_card_is_set_aside_for_scoring(location: str) -> None:
    """Office Infiltration, "Scoring": "Score 6 points if you set aside the Boss's Office card for
    scoring" (and the others): a success sets the card aside, out of the town."""
    card = load_content().location(location)
    team = _team(card)
    base = story("office-infiltration")
    state = story(
        "office-infiltration",
        hand=(),
        phase="resolve",
        trained=("alice", *(w for w, _ in team)),
        bag={P: 12},
        town=(*base.town, location),
        assignments=(ready(location, *team),),
    )
    after = _succeed(state)
    assert location in after.set_aside and location not in after.town


def _lent(item: str, location: str, who: str, **changes: Any) -> QueenState:
    """`who` assigned to `location` with `item` from the Safe House lent to it; then done."""
    base = story("news-on-the-wing", chapter=3)
    state = story(
        "news-on-the-wing",
        chapter=3,
        hand=("alice", who),
        items={**base.items, item: "safe_house"},
        town=(*base.town, "forest"),
        **changes,
    )
    state = act(state, {"type": "assign", "operative": who, "location": location})
    state = act(state, {"type": "assign", "operative": "alice", "location": "church_cellar"})
    return act(state, {"type": "use_item", "item": item, "location": location})


@pytest.mark.parametrize(
    ("item", "location"), [("lockpick", "ch_tech"), ("camera", "train_station"), ("radio", "train_station")]
)
def test_a_progress_item_counts_as_its_skills_progress(item: str, location: str) -> None:
    """ "The Item Card will explain how it is used" (ours: the Lockpick 2 Tech, the Camera and the
    Radio 2 Insight Progress at the assignment they are lent to), "and it will also tell you
    where to place the Item once it has been used" (back to the Workshop)."""
    use = load_content().item(item).use
    task = load_content().location(location).tasks[0]
    assert (use.kind, use.skill, use.amount) == ("progress", task.skill, 2) and task.progress == 2
    who = "emile"  # trained: he may draw nothing
    state = act(_lent(item, location, who, trained=("alice", who)), {"type": "done"})
    after = act(state, {"type": "check", "operative": who, "draws": 0})
    assert location not in after.progress and after.items[item] == "workshop"


def test_the_disguise_counts_as_two_stealth() -> None:
    """The Disguise (ours: 2 Stealth at the Alert Check it is lent to): "compare the number of
    Alert icons ... with the number of Stealth icons"."""
    state = act(_lent("disguise", "train_station", "felicia", bag={PA: 3, NE: 3}), {"type": "done"})
    two = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [PA, PA])
    assert two.bag.counts.get(T, 0) == 0 and two.items["disguise"] == "workshop"


def test_the_bicycle_saves_a_time_marker_but_never_the_last() -> None:
    """The Bicycle (ours: one Time Marker fewer on the assignment it is lent to, at least one):
    "add as many Time Markers from the pool as indicated by the number inside the time icon"."""
    assert load_content().location("forest").time == 2
    state = _lent("bicycle", "forest", "katja")
    after = act(state, {"type": "done"})
    cellar = load_content().location("church_cellar").time
    assert after.time == state.time - 1 - cellar and after.phase == "resolve"
    short = _lent("bicycle", "train_station", "felicia")
    assert act(short, {"type": "done"}).time == short.time - 1 - cellar, "a 1-time card still takes 1"
