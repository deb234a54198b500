"""What each seat may see, and the re-deal of what it may not (ARCHITECTURE.md, "Hidden information")."""

from __future__ import annotations

from rules.core import Dice, seed_state
from rules.stawka.actions import Arrest, ChoosePlanningCard, KeepItem, Search
from rules.stawka.items import face_up
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations, new_game
from tests.stawka.dice import rng_rolling
from tests.stawka.test_extended import item_named


def test_scramble_redeals_the_opponents_hidden_items_within_their_location() -> None:
    state = in_activations({"kloss": "hotel", "glaubel": "theatre"})
    state, _ = TITLE.apply(state, Search(agent="kloss"))
    state, _ = TITLE.apply(state, KeepItem())
    dice = Dice(seed_state(3))
    seen = set()
    for _ in range(20):
        other = TITLE.scramble(state, "german", dice)
        assert TITLE.view(other, "german") == TITLE.view(state, "german")
        held = other.agent("kloss").items
        if held and not face_up(held[0]):
            seen.add(held[0])
        assert all(i.startswith("hotel-") for i in held)
        assert sorted(other.stacks["hotel"] + held) == sorted(
            state.stacks["hotel"] + state.agent("kloss").items
        )
    assert TITLE.scramble(state, "polish", dice).agent("kloss").items == state.agent("kloss").items


def test_scramble_changes_the_opponents_secret_planning_choice_only() -> None:
    state, _ = TITLE.apply(new_game(), ChoosePlanningCard(card="polish-5"))
    dice = Dice(seed_state(4))
    choices = {TITLE.scramble(state, "german", dice).sides["polish"].chosen for _ in range(30)}
    assert len(choices) > 1
    assert {TITLE.scramble(state, "polish", dice).sides["polish"].chosen for _ in range(5)} == {"polish-5"}


def test_a_spectator_sees_no_hidden_items() -> None:
    state = in_activations({"kloss": "hotel", "glaubel": "theatre"})
    state, _ = TITLE.apply(state, Search(agent="kloss"))
    spectator = TITLE.view(state, None)
    assert spectator.drawn_item is None
    state, _ = TITLE.apply(state, KeepItem())
    kloss = next(a for a in TITLE.view(state, None).agents if a.id == "kloss")
    assert kloss.items == () or all(face_up(i) for i in kloss.items)


def test_items_gone_with_an_arrested_agent_stay_his_sides_secret() -> None:
    """Issue 10, point 11: the face-down items an arrested agent loses leave the game unseen
    by the enemy, so the enemy's view does not list them, only how many; the re-deal of
    what the enemy cannot see now covers them too, so the leak check would catch a view
    that listed them (the full list differs between re-deals, the view must not)."""
    bayonet = item_named("Bayonet")
    assert not face_up(bayonet)
    state = in_activations(
        {"stedtke": "hotel", "jacek": "hotel", "kloss": "theatre"},
        turn="german",
        rng=rng_rolling(3, 4),
        evidence={"german": {"yellow": 6}},
        items={"jacek": (bayonet,)},
        scenario="training-2",
    )
    state, events = TITLE.apply(state, Arrest(agent="stedtke", target="jacek"))
    assert state.agent("jacek").status == "arrested" and bayonet in state.removed_items
    assert not any(bayonet in map(str, e.params.values()) for e in events if e.visible_to is None)
    german = TITLE.view(state, "german")
    dice = Dice(seed_state(3))
    redealt = set()
    for _ in range(20):
        other = TITLE.scramble(state, "german", dice)
        assert TITLE.view(other, "german") == german, "the German's view leaks the lost items"
        redealt.update(set(other.removed_items) - set(state.removed_items))
        assert TITLE.invariants(other) == []
    assert redealt, "the unseen tile is re-dealt among the tiles the German cannot tell from it"
    assert TITLE.scramble(state, "polish", dice).removed_items == state.removed_items

    polish = TITLE.view(state, "polish")
    assert bayonet not in german.removed_items and german.removed_unseen == 1
    assert bayonet in polish.removed_items and polish.removed_unseen == 0
    assert bayonet not in TITLE.view(state, None).removed_items
