"""Invariants of a Godzina policyjna state, checked after every action by the conformance suite."""

from __future__ import annotations

from collections import Counter

from rules.curfew.content import load_content
from rules.curfew.options import GERMAN, POLISH
from rules.curfew.setup import location_cards
from rules.curfew.state import CurfewState
from rules.stawka.invariants import invariants as stawka_invariants


def invariants(state: CurfewState) -> list[str]:
    burnt = tuple(tile for tiles in state.burnt.values() for tile in tiles)
    # Stawka's checks, the burnt tiles counted among those out of the game; its check of the
    # advanced rules' card decks does not apply: no reaction cards here, and the scenario's
    # own decks (the nine German cards, the Polish location deck with its hand) are checked
    # below.
    problems = stawka_invariants(
        state.model_copy(update={"removed_items": state.removed_items + burnt, "rule_level": "extended"})
    )
    curfew = load_content()
    cards = Counter((*state.german_deck.pile, *state.german_deck.discard))
    if cards != Counter(curfew.german_deck):
        problems.append("German location cards lost or doubled")
    polish = state.sides[POLISH]
    held = (*polish.location_deck.pile, *polish.location_deck.discard, *polish.location_hand.cards)
    if Counter(held) != Counter(location_cards()):
        problems.append("Polish location cards lost or doubled")
    colours = [a.colour for a in state.agents_of(GERMAN) if a.status == "free"]
    if state.phase != "placement" and len(colours) != len(set(colours)):
        problems.append(f"two German agents share a colour: {colours}")
    if not 0 <= state.evidence_left <= curfew.evidence_to_spread:
        problems.append(f"{state.evidence_left} evidence left to spread")
    return problems
