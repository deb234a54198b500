"""What each seat may see, and the re-deal of what it may not (ARCHITECTURE.md, "Hidden information")."""

from __future__ import annotations

from rules.core import Dice, seed_state
from rules.stawka.actions import ChoosePlanningCard, KeepItem, Search
from rules.stawka.items import face_up
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations, new_game


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
