"""Top Secret cards (rulebook, "Special Items"; "Hotel Excelsior": caskets, stamp + document;
"Top Secret": discarding one): `rules.stawka.top_secret`."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.stawka.actions import DiscardTopSecret, ItemAsEvidence, KeepItem, Search, UseItem
from rules.stawka.arrest import jail
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from rules.stawka.view import view
from tests.stawka.build import in_activations

HOTEL = "hotel-excelsior"


def with_stack(state: StawkaState, location: str, stack: tuple[str, ...]) -> StawkaState:
    return state.model_copy(update={"stacks": {**state.stacks, location: stack}})


def searched_casket(scenario: str) -> StawkaState:
    """Kloss in the theatre, the casket on top of its stack, searched."""
    state = in_activations({"kloss": "theatre", "fritz_kopf": "gestapo"}, scenario=scenario)
    state = with_stack(state, "theatre", ("theatre-1", "theatre-2"))
    state, _ = TITLE.apply(state, Search(agent="kloss"))
    assert state.drawn_item == "theatre-1"
    return state


def test_a_kept_casket_is_a_top_secret_card_instead_of_an_item() -> None:
    """Special Items: "if an agent 'cracks' a chest with documents, the Player receives this
    card instead of an item tile"; the tile leaves the game, its face shown."""
    state = searched_casket(HOTEL)
    state, events = TITLE.apply(state, KeepItem())
    kloss = state.agent("kloss")
    assert (kloss.top_secret, kloss.items) == (1, ())
    assert "theatre-1" in state.removed_items
    opened = next(e for e in events if e.kind == "top_secret")
    assert (opened.key, opened.params, opened.visible_to) == (
        "stawka.top_secret_casket",
        {"agent": "kloss"},
        None,
    )
    # Public: the German view shows the card, and the casket among the removed tiles.
    seen = view(state, "german")
    assert next(a for a in seen.agents if a.id == "kloss").top_secret == 1
    assert "theatre-1" in seen.removed_items


def test_a_casket_may_still_be_discarded_as_evidence() -> None:
    state = searched_casket(HOTEL)
    assert ItemAsEvidence(colour="purple") in TITLE.legal_actions(state)
    state, _ = TITLE.apply(state, ItemAsEvidence(colour="purple"))
    assert state.agent("kloss").top_secret == 0 and state.sides["polish"].evidence["purple"] == 1


def test_without_top_secret_cards_a_casket_is_a_plain_tile() -> None:
    """Training scenario 1 names no Top Secret cards: its games stay as they were."""
    state = searched_casket("training-1")
    state, _ = TITLE.apply(state, KeepItem())
    assert (state.agent("kloss").top_secret, state.agent("kloss").items) == (0, ("theatre-1",))


def test_a_stamp_and_a_document_make_a_top_secret_card() -> None:
    """Hotel Excelsior: "the Polish Player can 'create' a Top Secret Document using two
    items: stamp and document": both are shown and spent; no AP."""
    state = in_activations(
        {"georg": "courts", "fritz_kopf": "gestapo"},
        scenario=HOTEL,
        items={"georg": ("employment_office-3", "courts-1", "hotel-3")},
    )
    make = UseItem(agent="georg", item="employment_office-3")
    assert make in TITLE.legal_actions(state)
    state, events = TITLE.apply(state, make)
    georg = state.agent("georg")
    assert (georg.top_secret, georg.items, georg.ap_used) == (1, ("hotel-3",), 0)
    assert {"employment_office-3", "courts-1"} <= set(state.removed_items)
    assert [e.params.get("item") for e in events if e.kind == "item_used"] == [
        "employment_office-3",
        "courts-1",
    ]
    assert [e.key for e in events if e.kind == "top_secret"] == ["stawka.top_secret_made"]


def test_a_stamp_alone_makes_nothing() -> None:
    """Hotel Excelsior: "create" a Top Secret Document "using two items: stamp and document" -
    one is not enough."""
    state = in_activations(
        {"georg": "courts", "fritz_kopf": "gestapo"},
        scenario=HOTEL,
        items={"georg": ("employment_office-3",)},
    )
    make = UseItem(agent="georg", item="employment_office-3")
    assert make not in TITLE.legal_actions(state)
    with pytest.raises(IllegalAction, match="cannot use that item"):
        TITLE.apply(state, make)


def test_the_activated_agent_discards_a_card() -> None:
    """ "Top Secret": a card is discarded during the activation of the agent holding it."""
    state = in_activations({"kloss": "theatre", "fritz_kopf": "gestapo"}, scenario=HOTEL)
    discard = DiscardTopSecret(agent="kloss")
    assert discard not in TITLE.legal_actions(state)
    with pytest.raises(IllegalAction, match="no Top Secret card"):
        TITLE.apply(state, discard)
    state = state.with_agent(state.agent("kloss").model_copy(update={"top_secret": 2}))
    assert discard in TITLE.legal_actions(state)
    after, events = TITLE.apply(state, discard)
    assert after.agent("kloss").top_secret == 1 and after.activation is not None
    assert [e.key for e in events if e.kind == "top_secret"] == ["stawka.top_secret_discarded"]


def test_cards_leave_the_game_with_an_arrested_agent() -> None:
    """Arrest Action, 4: "the agent loses all items he held at the moment of arrest" (ours: his
    Top Secret cards too)."""
    state = in_activations({"kloss": "theatre", "fritz_kopf": "theatre"}, scenario=HOTEL)
    state = state.with_agent(state.agent("kloss").model_copy(update={"top_secret": 1}))
    state, _ = jail(state, state.agent("fritz_kopf"), state.agent("kloss"))
    assert state.agent("kloss").top_secret == 0
