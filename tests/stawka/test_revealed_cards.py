"""Location cards the rules turn over by themselves, with no agent in their location.

"Godzina policyjna" (seed 001) reveals the top card of a German deck of nine at the start
of every stage but the first and applies it: Gestapo, cafe, employment office, park,
waterfront, tenement, police station, courts, cemetery.  Their effects are the same
functions a player's card uses (`rules.stawka.card_effects`), called with no agent; the
scenario's rules then pick among the same choices.  Each of the nine is carried out here
between two stages, outside any activation.
"""

from __future__ import annotations

import pytest

from rules.core import Dice, seed_state
from rules.stawka import card_effects
from rules.stawka.content import NEEDS_AGENT, load_content
from rules.stawka.location_cards import location_card
from rules.stawka.state import StawkaState
from tests.stawka.cards import FOE, card_state

CURFEW_DECK = (
    "german-gestapo",
    "german-cafe",
    "german-employment_office",
    "german-park",
    "german-waterfront",
    "german-tenement",
    "german-police_station",
    "german-courts",
    "german-cemetery",
)


def between_stages(card_id: str) -> StawkaState:
    """The card's test state with nobody activated: the start of a stage."""
    return card_state(card_id).model_copy(update={"activation": None, "turn": None})


@pytest.mark.parametrize("card_id", CURFEW_DECK)
def test_the_nine_german_cards_need_nobody_in_their_location(card_id: str) -> None:
    card = location_card(card_id)
    assert card.effect.kind not in NEEDS_AGENT
    state = between_stages(card_id)
    choices = card_effects.choices(state, "german", card)
    assert choices, f"{card_id} offers nothing"
    after, events = card_effects.carry_out(state, "german", card, None, choices[0], Dice(seed_state(1)))
    assert events
    target = choices[0][0]
    kind = card.effect.kind
    georg = FOE["german"]
    if kind == "bring_enemy":
        assert after.agent(str(target)).space == card.location and after.agent(str(target)).side == "polish"
    elif kind == "bring_own":
        assert after.agent(str(target)).space == card.location and after.agent(str(target)).side == "german"
    elif kind == "evidence":
        colour = state.agent(georg).colour
        assert (
            after.sides["german"].evidence[colour]
            == state.sides["german"].evidence[colour] + card.effect.amount
        )
    elif kind == "talk_bonus":
        assert after.sides["german"].talk_bonus == card.effect.amount
    elif kind == "tire":
        assert after.agent(georg).tired == card.effect.amount
    elif kind == "frisk":
        assert not after.agent(georg).items
    else:
        pytest.fail(kind)
    assert after.activation is None and after.turn is None


def test_the_gestapo_chooses_among_poles_standing_in_locations() -> None:
    """Godzina policyjna, GESTAPO: the Polish agents "in the location" are the choice (the
    scenario then takes the most-evidenced first)."""
    state = between_stages("german-gestapo")
    board_locations = {a.space for a in state.agents if a.side == "polish"}
    chosen = {t for t, _ in card_effects.choices(state, "german", location_card("german-gestapo"))}
    assert chosen == {FOE["german"]}
    assert all(state.agent(str(t)).space in board_locations for t in chosen)


def test_the_waterfront_may_bring_kloss() -> None:
    """Godzina policyjna, NADBRZEŻE: "move Hans Kloss to this location"."""
    state = between_stages("german-waterfront")
    kloss = state.agent(FOE["german"]).model_copy(update={"id": "kloss", "colour": "black", "space": "hotel"})
    state = state.model_copy(
        update={"agents": (*state.agents, kloss), "documents": {**state.documents, "kloss": "kloss-abwehr"}}
    )
    card = location_card("german-waterfront")
    assert ("kloss", "waterfront") in card_effects.choices(state, "german", card)
    after, _ = card_effects.carry_out(
        state, "german", card, None, ("kloss", "waterfront"), Dice(seed_state(1))
    )
    assert after.agent("kloss").space == "waterfront"


def test_a_card_needing_its_agent_offers_nothing_when_revealed() -> None:
    """A move, a search, a call or an arrest is the activated agent's: no agent, no choice."""
    state = between_stages("polish-market")
    assert card_effects.choices(state, "polish", location_card("polish-market")) == []
    assert all(
        card_effects.choices(between_stages(c.id), c.side, c) == []
        for c in load_content().location_cards
        if c.effect.kind in NEEDS_AGENT
    )
