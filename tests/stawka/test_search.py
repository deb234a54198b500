"""The search action and item tiles (rulebook, "Search Action", "Item Tiles")."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.stawka.actions import ItemAsEvidence, KeepItem, Search, UseItem
from rules.stawka.items import item
from rules.stawka.search import markers_after
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations


def with_stack(state: StawkaState, location: str, stack: tuple[str, ...]) -> StawkaState:
    return state.model_copy(update={"stacks": {**state.stacks, location: stack}})


def test_markers_first_second_and_third_colour() -> None:
    """Search, 4: at most two colours; a third clears them and leaves its own."""
    assert markers_after((), "black") == ("black",)
    assert markers_after(("black",), "blue") == ("black", "blue")
    assert markers_after(("black", "blue"), "yellow") == ("yellow",)


def test_search_costs_2_ap_draws_the_top_tile_and_leaves_a_marker() -> None:
    state = with_stack(
        in_activations({"kloss": "hotel", "glaubel": "theatre"}), "hotel", ("hotel-3", "hotel-5")
    )
    state, events = TITLE.apply(state, Search(agent="kloss"))
    assert state.drawn_item == "hotel-3" and state.stacks["hotel"] == ("hotel-5",)
    assert state.markers["hotel"] == ("black",)
    assert state.agent("kloss").ap_used == 2 and state.sides["polish"].ap == 6
    assert TITLE.to_act(state) == "polish"
    assert TITLE.legal_actions(state) == [
        KeepItem(),
        ItemAsEvidence(colour="yellow"),
        ItemAsEvidence(colour="blue"),
    ]
    drawn = next(e for e in events if e.key == "stawka.drawn")
    assert drawn.visible_to == ("polish",)


def test_a_marker_blocks_its_colour_for_both_sides() -> None:
    """Search, 2 and 4 NOTE: Kloss's black marker blocks Brunner (black) too."""
    state = in_activations({"kloss": "hotel", "hermann_brunner": "hotel"})
    state = state.model_copy(update={"markers": {"hotel": ("black",)}})
    assert Search(agent="kloss") not in TITLE.legal_actions(state)
    with pytest.raises(IllegalAction, match="marker"):
        TITLE.apply(state, Search(agent="kloss"))
    german = state.model_copy(update={"turn": "german"})
    with pytest.raises(IllegalAction, match="marker"):
        TITLE.apply(german, Search(agent="hermann_brunner"))


def test_a_third_colour_searches_and_clears_the_two_markers() -> None:
    state = in_activations({"ingrid_heizer": "hotel", "glaubel": "theatre"})
    state = state.model_copy(update={"markers": {"hotel": ("black", "purple")}})
    state, _ = TITLE.apply(state, Search(agent="ingrid_heizer"))
    assert state.markers["hotel"] == ("blue",)


def test_no_search_without_items_left() -> None:
    state = with_stack(in_activations({"kloss": "hotel", "glaubel": "theatre"}), "hotel", ())
    with pytest.raises(IllegalAction, match="No item"):
        TITLE.apply(state, Search(agent="kloss"))


def test_keeping_an_item_face_down_hides_it_from_the_opponent() -> None:
    state = with_stack(in_activations({"kloss": "hotel", "glaubel": "theatre"}), "hotel", ("hotel-3",))
    state, _ = TITLE.apply(state, Search(agent="kloss"))
    assert TITLE.view(state, "german").drawn_item is None
    state, _ = TITLE.apply(state, KeepItem())
    assert state.agent("kloss").items == ("hotel-3",)
    german = next(a for a in TITLE.view(state, "german").agents if a.id == "kloss")
    assert german.items == () and german.hidden_items == 1
    polish = next(a for a in TITLE.view(state, "polish").agents if a.id == "kloss")
    assert polish.items == ("hotel-3",)


def test_a_durable_item_lies_face_up() -> None:
    assert item("hotel-4").durable
    state = with_stack(in_activations({"kloss": "hotel", "glaubel": "theatre"}), "hotel", ("hotel-4",))
    state, _ = TITLE.apply(state, Search(agent="kloss"))
    state, _ = TITLE.apply(state, KeepItem())
    german = next(a for a in TITLE.view(state, "german").agents if a.id == "kloss")
    assert german.items == ("hotel-4",)


def test_discarding_as_evidence_against_one_colour_it_shows() -> None:
    """Search, 3 NOTE: an item with several colours burdens only one agent."""
    state = with_stack(in_activations({"kloss": "hotel", "glaubel": "theatre"}), "hotel", ("hotel-3",))
    state, _ = TITLE.apply(state, Search(agent="kloss"))
    with pytest.raises(IllegalAction, match="no evidence of that colour"):
        TITLE.apply(state, ItemAsEvidence(colour="black"))
    state, events = TITLE.apply(state, ItemAsEvidence(colour="blue"))
    assert state.sides["polish"].evidence == {"yellow": 0, "purple": 0, "blue": 2, "black": 0}
    assert state.sides["polish"].evidence_items == ("hotel-3",)
    assert TITLE.view(state, "german").sides["polish"].evidence_items is None
    reason = next(e for e in events if e.key == "stawka.evidence_item")
    assert not reason.seen_by("german")


def test_evidence_stops_at_10() -> None:
    state = with_stack(
        in_activations({"kloss": "hotel", "glaubel": "theatre"}, evidence={"polish": {"blue": 9}}),
        "hotel",
        ("hotel-4",),
    )
    state, _ = TITLE.apply(state, Search(agent="kloss"))
    state, _ = TITLE.apply(state, ItemAsEvidence(colour="blue"))
    assert state.sides["polish"].evidence["blue"] == 10
    assert state.sides["polish"].evidence_over["blue"] == 2


def test_an_item_takes_evidence_off_the_enemy_track_never_below_0() -> None:
    """Investigation Track, 3: evidence may be subtracted (the marker moves left); the
    banknotes' "remove 2 evidence against the holder" (our effect) costs no AP (Item Tiles, 3)."""
    banknotes = "courts-5"
    assert item(banknotes).effect.kind == "bribe"

    def holding(evidence: int) -> StawkaState:
        return in_activations(
            {"ingrid_heizer": "hotel", "glaubel": "theatre"},
            evidence={"german": {"blue": evidence}},
            items={"ingrid_heizer": (banknotes,)},
        )

    state, _ = TITLE.apply(holding(5), UseItem(agent="ingrid_heizer", item=banknotes))
    assert state.sides["german"].evidence["blue"] == 3
    assert state.agent("ingrid_heizer").ap_used == 0 and banknotes in state.removed_items
    state, _ = TITLE.apply(holding(1), UseItem(agent="ingrid_heizer", item=banknotes))
    assert state.sides["german"].evidence["blue"] == 0
    assert UseItem(agent="ingrid_heizer", item=banknotes) not in TITLE.legal_actions(holding(0))
