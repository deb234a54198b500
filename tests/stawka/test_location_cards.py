"""Location cards (rulebook, "Location Cards", ADVANCED; "Stage", E; "Release of the Arrested", 2).

Every one of the 52 authored cards is played here in a state where its special action has
something to do, and what it did is checked against its kind; the decks, the step E
top-up, the 2 AP conversion and the hideout have tests of their own.
"""

from __future__ import annotations

import pytest

from rules.core import Dice, IllegalAction, seed_state
from rules.core.components import Hand
from rules.stawka import card_effects
from rules.stawka.actions import CardForAP, DiscardReaction, EndActivation, Move, PlayLocationCard, UseHideout
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.location_cards import deck_cards, location_card, new_deck, reveal_top
from rules.stawka.options import StawkaOptions
from rules.stawka.state import SearchDecision, StawkaState, ThreatPlacement, other
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.cards import FOE, MATE, USER, card_state, in_hand, with_token

ALL_CARDS = [card.id for card in load_content().location_cards]


def _plays(state: StawkaState, card_id: str) -> list[PlayLocationCard]:
    return [a for a in TITLE.legal_actions(state) if isinstance(a, PlayLocationCard) and a.card == card_id]


@pytest.mark.parametrize("card_id", ALL_CARDS)
def test_every_location_card_does_what_its_kind_says(card_id: str) -> None:
    """Location Cards, 3: the activated agent in the card's location uses its special action."""
    card = location_card(card_id)
    seat, enemy = card.side, other(card.side)
    state = card_state(card_id)
    plays = _plays(state, card_id)
    assert plays, f"{card_id} has nothing to do"
    play = plays[0]
    after, events = TITLE.apply(state, play)
    keys = [e.key for e in events]
    assert "stawka.location_card_played" in keys
    assert card_id not in after.sides[seat].location_hand
    assert card_id in after.sides[seat].location_deck.discard
    effect, amount = card.effect, card.effect.amount
    kind = effect.kind
    user = play.agent
    if kind == "evidence":
        colours = [play.target] if effect.target == "enemy_colour" else [state.agent(FOE[seat]).colour]
        for colour in colours:
            before = state.sides[seat].evidence.get(str(colour), 0)
            assert after.sides[seat].evidence[str(colour)] == min(10, before + amount)
    elif kind == "remove_evidence":
        cleared = state.agent(str(play.target))
        assert (
            after.sides[enemy].evidence[cleared.colour]
            == state.sides[enemy].evidence[cleared.colour] - amount
        )
    elif kind == "tire":
        assert after.agent(FOE[seat]).tired == amount
    elif kind in ("bring_enemy", "bring_own"):
        assert after.agent(str(play.target)).space == card.location
    elif kind == "frisk":
        assert "gestapo-2" not in after.agent(FOE[seat]).items
        assert "gestapo-2" in after.removed_items
        assert "stawka.frisked" in keys
    elif kind == "release":
        freed = after.agent(MATE[seat])
        assert freed.status == "free" and freed.space == play.space
    elif kind == "move":
        assert after.agent(user).space == play.space
        assert after.sides[seat].ap == state.sides[seat].ap
    elif kind in ("search", "quiet_search", "hotel_finale"):
        assert isinstance(after.pending[-1], SearchDecision)
        cost = 2 if kind == "quiet_search" else amount
        assert after.sides[seat].ap == state.sides[seat].ap - cost
        marked = state.agent(user).colour in after.markers.get(card.location, ())
        assert marked == (kind != "quiet_search")
    elif kind in ("telephone", "summons"):
        assert "stawka.conversation" in keys
        if kind == "summons":  # no rank die, whatever the ranks
            assert "stawka.rank_roll" not in keys and "stawka.rank_roll_failed" not in keys
    elif kind == "talk_bonus":
        assert after.sides[seat].talk_bonus == amount
    elif kind == "ap":
        assert after.sides[seat].ap == state.sides[seat].ap + amount
    elif kind == "vp":
        assert after.sides[seat].vp == state.sides[seat].vp + amount
    elif kind == "threat":
        assert len(after.sides[seat].threat_hand) == amount
        assert isinstance(after.pending[-1], ThreatPlacement) and after.pending[-1].seat == seat
    elif kind == "reaction_cards":
        assert len(after.sides[seat].reaction_hand) == amount
    elif kind == "arrest":
        assert "stawka.arrest_roll" in keys
    else:
        pytest.fail(f"no check for {kind}")
    assert TITLE.invariants(after) == []


def test_a_card_works_only_in_its_location() -> None:
    state = card_state("polish-abwehr")
    away = state.with_agent(state.agent(USER["polish"]).model_copy(update={"space": "barracks"}))
    assert not _plays(away, "polish-abwehr")
    with pytest.raises(IllegalAction, match="standing in its location"):
        TITLE.apply(away, PlayLocationCard(agent=USER["polish"], card="polish-abwehr", target="black"))


def test_using_a_card_is_not_an_action() -> None:
    """Location Cards, 3 NOTE: after the card the agent still performs his action, and the
    activation may end after the card alone."""
    state = card_state("polish-officers_apartments")
    after, _ = TITLE.apply(state, _plays(state, "polish-officers_apartments")[0])
    assert after.activation is not None and not after.activation.acted
    assert EndActivation() in TITLE.legal_actions(after)


def test_two_ap_once_a_stage() -> None:
    """Location Cards, 4: any card, during an own activation, +2 AP; one card a stage."""
    state = card_state("polish-abwehr")
    state = in_hand(state, "polish", "polish-abwehr", "polish-bunker")
    after, events = TITLE.apply(state, CardForAP(card="polish-bunker"))
    assert after.sides["polish"].ap == state.sides["polish"].ap + 2
    assert [e.key for e in events] == ["stawka.location_card_ap"]
    assert not [a for a in TITLE.legal_actions(after) if isinstance(a, CardForAP)]
    with pytest.raises(IllegalAction):
        TITLE.apply(after, CardForAP(card="polish-abwehr"))


def test_hideout_draws_a_random_mission_instead_of_the_action() -> None:
    """Location Cards, 5; Mission Cards, 5: the card is discarded, a random mission drawn."""
    state = card_state("polish-abwehr")
    hide = UseHideout(agent=USER["polish"], card="polish-abwehr")
    assert hide in TITLE.legal_actions(state)
    after, events = TITLE.apply(state, hide)
    jacek = after.agent("jacek")
    assert jacek.mission is not None and jacek.mission not in after.missions_left["jacek"]
    assert "polish-abwehr" in after.sides["polish"].location_deck.discard
    seen = [e for e in events if e.key == "stawka.mission_card"]
    assert seen and seen[0].visible_to == ("polish",)


def test_no_hideout_for_kloss_nor_an_agent_holding_a_mission() -> None:
    state = card_state("polish-abwehr")
    kloss = in_hand(
        in_activations({"kloss": "abwehr", "hermann_brunner": "gestapo"}, scenario="i-know-who-you-are"),
        "polish",
        "polish-abwehr",
    )
    assert _plays(kloss, "polish-abwehr")
    assert not [a for a in TITLE.legal_actions(kloss) if isinstance(a, UseHideout)]
    busy = state.with_agent(
        state.agent("jacek").model_copy(update={"mission": state.missions_left["jacek"][0]})
    )
    assert not [a for a in TITLE.legal_actions(busy) if isinstance(a, UseHideout)]


def test_decks_hold_only_the_boards_locations() -> None:
    """Location Cards, 1: cards of locations missing from the game are set aside."""
    state = TITLE.new_game(StawkaOptions(scenario="training-3"), 4)
    locations = board_of("training-3").locations
    for seat in ("polish", "german"):
        deck = state.sides[seat].location_deck
        assert sorted(deck.pile) == sorted(deck_cards(seat, locations))
        assert {location_card(c).location for c in deck.pile} == set(locations)


def test_i_know_who_you_are_decks_of_14_and_the_limit_of_3() -> None:
    """Location Cards, example: five sectors, 14 cards a deck; limit 3 drawn in stage 1;
    two used, two drawn in stage 2."""
    state = TITLE.new_game(StawkaOptions(scenario="i-know-who-you-are"), 2)
    assert all(len(state.sides[s].location_deck) == 14 for s in ("polish", "german"))
    dice = Dice(seed_state(3))
    while state.phase == "planning":
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    assert all(len(state.sides[s].location_hand) == 3 for s in ("polish", "german"))
    assert all(len(state.sides[s].location_deck) == 11 for s in ("polish", "german"))
    used = state.sides["polish"].location_hand.cards[:2]
    side = state.sides["polish"]
    side = side.model_copy(
        update={
            "location_hand": Hand(cards=side.location_hand.cards[2:]),
            "location_deck": side.location_deck.discarding(*used),
        }
    )
    state = state.with_side("polish", side)
    from rules.stawka.location_cards import top_up

    state, events = top_up(state)
    assert len(state.sides["polish"].location_hand) == 3 and len(state.sides["polish"].location_deck) == 9
    assert len(state.sides["german"].location_deck) == 11
    assert [e.params["count"] for e in events if e.key == "stawka.location_cards_drawn"] == [2]
    assert dice is not None


def test_the_hotel_card_goes_to_the_bottom_in_hotel_excelsior() -> None:
    """Hotel Excelsior, Room 217: both players put the hotel card last in their decks."""
    locations = board_of("hotel-excelsior").locations
    for seed in range(3):
        deck = new_deck("german", locations, ("room_217",), Dice(seed_state(seed)))
        assert deck.pile[-1] == "german-hotel"


def test_a_used_up_deck_is_not_renewed() -> None:
    state = card_state("polish-abwehr")
    side = state.sides["polish"]
    used_up = side.location_deck.model_copy(update={"pile": ()}).discarding(*side.location_deck.pile)
    state = state.with_side("polish", side.model_copy(update={"location_deck": used_up}))
    from rules.stawka.location_cards import top_up

    after, events = top_up(state)
    assert after.sides["polish"].location_hand.cards == ("polish-abwehr",)
    assert not [e for e in events if e.params["seat"] == "polish"]


# -- the kinds' finer points ------------------------------------------------------------------


def _play(state: StawkaState, card_id: str, **chosen: str | None) -> tuple[StawkaState, list[str]]:
    play = next(
        a
        for a in _plays(state, card_id)
        if all(getattr(a, field) == value for field, value in chosen.items())
    )
    after, events = TITLE.apply(state, play)
    return after, [e.key for e in events]


def test_release_by_the_gestapo_card_avoids_sectors_with_an_ss_officer() -> None:
    """Release of the Arrested, 2 (our card: a location of a sector without an SS officer)."""
    state = card_state("polish-gestapo")
    board = board_of(state.scenario)
    brunner = state.agents_of("german")[0].model_copy(update={"id": "hermann_brunner", "space": "hotel"})
    state = state.model_copy(
        update={
            "agents": (*state.agents, brunner),
            "documents": {**state.documents, "hermann_brunner": "hermann_brunner"},
        }
    )
    spaces = {str(a.space) for a in _plays(state, "polish-gestapo")}
    assert spaces and all(board.is_location(s) for s in spaces)
    assert not any(board.sector_of[s] == "hitlerplatz" for s in spaces)


def test_release_by_the_jail_card_to_a_street_the_pole_may_leave() -> None:
    state = card_state("polish-jail")
    board = board_of(state.scenario)
    spaces = {str(a.space) for a in _plays(state, "polish-jail")}
    assert spaces
    for space in spaces:
        assert board.sector_of[space] == "police" and not board.is_location(space)
        assert board.exits(space, "polish")


def test_a_cards_move_is_movement_that_meets_a_threat_token() -> None:
    """Our reading: a card's move costs no AP and arriving opens an enemy token's window."""
    state = card_state("polish-employment_office")
    destination = next(a.space for a in _plays(state, "polish-employment_office"))
    state = with_token(state, str(destination), "german-01")
    after, _ = _play(state, "polish-employment_office", space=destination)
    assert after.agent("jacek").space == destination
    assert after.pending and after.pending[-1].kind == "threat_trigger" and after.pending[-1].seat == "german"


def test_the_timetable_reaches_the_telephone_locations() -> None:
    """ "Sectors", 2: telephone connections between the locations with the symbol."""
    state = card_state("polish-rail_office")
    content = load_content()
    spaces = {a.space for a in _plays(state, "polish-rail_office")}
    assert spaces == {
        loc
        for loc in board_of(state.scenario).locations
        if content.location(loc).telephone and loc != "rail_office"
    }


def test_the_train_reaches_the_neighbouring_sectors() -> None:
    state = card_state("polish-railway_station")
    board = board_of(state.scenario)
    sectors = {board.sector_of[str(a.space)] for a in _plays(state, "polish-railway_station")}
    assert sectors == set(card_effects.neighbour_sectors(board, "railway"))
    assert "railway" not in sectors


def test_a_talk_bonus_helps_the_next_conversation_roll_only() -> None:
    state = card_state("polish-theatre")
    state = state.with_agent(state.agent(FOE["polish"]).model_copy(update={"space": "theatre"}))
    after, _ = _play(state, "polish-theatre")
    assert after.sides["polish"].talk_bonus == 2
    talk = next(a for a in TITLE.legal_actions(after) if a.type == "converse")
    done, events = TITLE.apply(after, talk)
    rolls = [e for e in events if e.key.startswith("stawka.conversation_")]
    if rolls:
        assert ["card", 2] in rolls[0].data["modifiers"]
        assert done.sides["polish"].talk_bonus == 0


def test_the_tenement_takes_at_most_what_is_left_of_the_limit() -> None:
    state = card_state("german-tenement")
    georg = state.agent("georg")
    state = state.with_agent(georg.model_copy(update={"ap_used": 3}))
    after, keys = _play(state, "german-tenement", target="georg")
    assert after.agent("georg").tired == 1  # Georg's limit is 4
    assert "stawka.tired" in keys


def test_the_fort_cells_arrest_with_five_evidence_not_four() -> None:
    state = card_state("german-fort")
    assert _plays(state, "german-fort")
    weak = state.with_side("german", state.sides["german"].model_copy(update={"evidence": {"purple": 4}}))
    assert not _plays(weak, "german-fort")
    assert not [a for a in TITLE.legal_actions(state) if a.type == "arrest"]  # 6 needed without the card


def test_a_searching_card_on_an_enemy_token_waits_for_its_window_an_evidence_card_does_not() -> None:
    """Threat Tokens, 5: declaring an action lets the token's owner act first; a card that is
    no action (Location Cards, 3 NOTE) does not."""
    search = with_token(card_state("polish-market"), "market", "german-01")
    after, keys = _play(search, "polish-market")
    assert keys == ["stawka.declared"] and after.pending[-1].kind == "threat_trigger"
    files = with_token(card_state("polish-officers_apartments"), "officers_apartments", "german-01")
    after, keys = _play(files, "polish-officers_apartments", target="black")
    assert "stawka.declared" not in keys and "stawka.location_card_played" in keys


def test_drawing_reaction_cards_over_the_limit_asks_for_a_discard() -> None:
    """Reaction Cards, 5: "At no moment of the game may a Player hold more than 3 reaction
    cards. If ... he still holds some cards, the Player draws them, may look at them, and
    only then must discard ... as many cards as to leave himself only 3 cards". The two
    drawn are looked at apart from the hand of two, which never holds more than 3; he
    discards one of the four (a drawn one or a held one), the rest is his hand."""
    state = card_state("polish-cafe")
    held = state.reaction_deck.pile[:2]
    hand = state.sides["polish"].reaction_hand.adding(*held)
    deck = state.reaction_deck.model_copy(update={"pile": state.reaction_deck.pile[2:]})
    state = state.with_side(
        "polish", state.sides["polish"].model_copy(update={"reaction_hand": hand})
    ).model_copy(update={"reaction_deck": deck})
    after, _ = _play(state, "polish-cafe")
    drawn = deck.pile[:2]
    assert after.sides["polish"].reaction_hand.cards == held
    assert after.sides["polish"].reaction_drawn == drawn
    assert TITLE.view(after, "polish").sides["polish"].reaction_drawn == drawn
    assert TITLE.view(after, "german").sides["polish"].reaction_drawn == 2
    assert after.pending[-1].kind == "reaction_discard" and TITLE.to_act(after) == "polish"
    assert TITLE.legal_actions(after) == [DiscardReaction(card=c) for c in held + drawn]
    assert not TITLE.invariants(after)
    done, _ = TITLE.apply(after, DiscardReaction(card=held[1]))
    assert done.sides["polish"].reaction_hand.cards == (held[0], *drawn) and not done.pending
    assert done.sides["polish"].reaction_drawn == () and held[1] in done.reaction_deck.discard


def test_threat_card_tokens_are_set_out_at_once() -> None:
    state = card_state("german-bunker")
    # The bunker's board is Top Secret's, whose factory holds a German token from the start.
    before = len([t for t in state.threats.values() if t.startswith("german")])
    after, _ = _play(state, "german-bunker")
    assert [p.kind for p in after.pending] == ["threat_place", "threat_place"]
    while after.pending:
        after, _ = TITLE.apply(after, TITLE.legal_actions(after)[0])
    assert len([t for t in after.threats.values() if t.startswith("german")]) == before + 2
    assert TITLE.to_act(after) == "german" and after.activation is not None


def test_a_card_is_used_only_with_the_agent_in_an_own_activation() -> None:
    """Location Cards, 3-4: during the activation of his own agent; none on the other's turn."""
    state = card_state("polish-fort").model_copy(update={"turn": "german"})
    assert not [a for a in TITLE.legal_actions(state) if isinstance(a, (PlayLocationCard, CardForAP))]
    moved = card_state("polish-fort")
    moves = [a for a in TITLE.legal_actions(moved) if isinstance(a, Move) and a.agent == "jacek"]
    walked, _ = TITLE.apply(moved, moves[0])
    assert not _plays(walked, "polish-fort")  # he left the fort


def test_reveal_top_turns_a_card_over_for_the_rules() -> None:
    state = TITLE.new_game(StawkaOptions(scenario="training-3"), 1)
    top = state.sides["german"].location_deck.pile[0]
    after, card = reveal_top(state, "german")
    assert card == top and after.sides["german"].location_deck.discard == (top,)
