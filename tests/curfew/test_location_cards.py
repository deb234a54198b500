"""The Polish location cards in Godzina policyjna (README, "The Polish location cards").

The scenario takes out by name what does not take part: "w rozgrywce nie biorą udziału
karty aktywacji i karty reakcji" (activation and reaction cards take no part), every
threat token but the four document checks, and "Pozostałe karty z talii niemieckiej nie
biorą udziału w rozgrywce" (the rest of the German deck takes no part) - never the Polish
location cards; and once the start spaces are drawn "użyte karty wracają do talii, którą
należy starannie przetasować" (the cards used go back to the deck, which must be carefully
shuffled), a deck kept for play.  Where the scenario is silent Stawka's rules hold ("Zasady
zawarte w niniejszym scenariuszu mają znaczenie nadrzędne nad przepisami z instrukcji"):
the player tops his hand up at each stage's start (Stage, E) to a limit the scenario does
not give, ours the free scenarios' for its five sectors ("5-6 sectors - card limit 3").
"""

from __future__ import annotations

import json

from rules.core import IllegalAction
from rules.curfew.setup import location_cards
from rules.curfew.title import TITLE
from rules.stawka.actions import CardForAP, GiveUp, PlayLocationCard
from rules.stawka.location_cards import location_card
from tests.curfew.games import game, opened

LIMIT = 3


def test_the_first_stage_begins_with_three_location_cards_drawn_from_the_shuffled_deck() -> None:
    state = opened(7, "black yellow blue purple", {"kloss": 4, "jacek": 6})
    polish = state.sides["polish"]
    assert state.phase == "activations" and state.location_card_limit == LIMIT
    assert len(polish.location_hand.cards) == LIMIT
    assert sorted((*polish.location_hand.cards, *polish.location_deck.pile)) == sorted(location_cards())
    assert all(location_card(card).side == "polish" for card in polish.location_hand.cards)


def test_every_later_stage_tops_the_hand_up_to_the_limit() -> None:
    """Stage, E: the hand is topped up, not drawn anew; a card used is face up on the
    deck's discard pile and does not come back."""
    topped = 0
    for step in game(3, "random"):
        if step.after.stage != step.before.stage and step.after.phase == "activations":
            before, after = step.before.sides["polish"], step.after.sides["polish"]
            assert set(before.location_hand.cards) <= set(after.location_hand.cards)
            assert len(after.location_hand.cards) == min(
                LIMIT, len(before.location_hand.cards) + len(before.location_deck.pile)
            )
            assert after.location_deck.discard == before.location_deck.discard
            topped += 1
    assert topped >= 2


def test_an_agent_in_a_cards_location_may_use_it_and_never_for_two_ap() -> None:
    """Location Cards, 3: an activated agent standing in the card's location may use its
    special action; 4 ("2 AP for the network's pool") has no pool here: the player's AP are
    his agents' limits ("aż do wyczerpania ich limitów PA"), so no card is offered for AP and
    one asked for is refused."""
    offered = 0
    for seed in range(12):
        for step in game(seed, "random"):
            legal = TITLE.legal_actions(step.before)
            assert not any(isinstance(action, CardForAP) for action in legal)
            for action in legal:
                if isinstance(action, PlayLocationCard):
                    card = location_card(action.card)
                    assert step.before.agent(action.agent).space == card.location
                    assert action.card in step.before.sides["polish"].location_hand.cards
                    offered += 1
    assert offered > 0, "no game of twelve offered a card's action"
    state = opened(7, "black yellow blue purple", {"kloss": 4, "jacek": 6})
    card = state.sides["polish"].location_hand.cards[0]
    try:
        TITLE.apply(state, CardForAP(card=card))
    except IllegalAction:
        pass
    else:
        raise AssertionError("a location card was taken for 2 AP")


def test_a_save_from_before_the_location_cards_loads_and_its_deck_is_the_players() -> None:
    """A game saved under schema 2 kept the Polish deck beside the sides and its player held
    no cards: it loads, the deck now the Polish side's, and his hand is topped up at the
    next stage's start."""
    state = opened(7, "black yellow blue purple", {"kloss": 4, "jacek": 6})
    saved = json.loads(TITLE.dump(state))
    polish = saved["sides"]["polish"]
    deck = polish.pop("location_deck")
    deck["pile"] = sorted((*deck["pile"], *polish["location_hand"]["cards"]))
    polish["location_hand"]["cards"] = []
    old = {**saved, "schema_version": 2, "location_deck": deck, "location_card_limit": 0}
    loaded = TITLE.load(json.dumps(old))
    assert loaded.schema_version == 3 and loaded.location_card_limit == LIMIT
    assert sorted(loaded.sides["polish"].location_deck.pile) == sorted(location_cards())
    assert not loaded.sides["polish"].location_hand.cards
    ended, _ = TITLE.apply(loaded, GiveUp())
    while TITLE.to_act(ended) is not None and ended.stage == loaded.stage:  # the ties of H
        ended, _ = TITLE.apply(ended, TITLE.legal_actions(ended)[0])
    assert ended.stage == loaded.stage + 1 and ended.phase == "activations"
    assert len(ended.sides["polish"].location_hand.cards) == LIMIT
