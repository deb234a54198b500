"""Reaction cards (rulebook, "Reaction Cards", ADVANCED; "Conversation", example 3 continued).

Every half of every card of the shared deck is played here against the enemy action of
its colour - a move (red), a search (purple), a conversation (yellow) - and what it did
is checked against its effect; the block, the windows and the rulebook's reciprocity
example have tests of their own.
"""

from __future__ import annotations

import pytest

from rules.core import Dice, Event, IllegalAction, Seat
from rules.core.components import Hand
from rules.stawka.actions import BlockReaction, Converse, Move, PlayReaction, Search
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.reactions import draw, half, reaction_card
from rules.stawka.state import BlockWindow, ReactionWindow, SearchDecision, StawkaState, other
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.dice import rng_rolling

SCENARIO = "training-3"
ACTOR: dict[Seat, str] = {"polish": "jacek", "german": "bruno_dreher"}
"""Who acts for each side: rank 3 both, so a conversation needs no rank die."""
ALL_HALVES = [(card.id, seat) for card in load_content().reactions for seat in ("polish", "german")]


def _stacked_location() -> str:
    board = board_of(SCENARIO)
    base = TITLE.new_game(TITLE.default_options(SCENARIO), 1)
    return next(loc for loc in board.locations if len(base.stacks.get(loc, ())) >= 2 and loc != "jail")


def _state(reactor: Seat, cards: tuple[str, ...], acting_cards: tuple[str, ...] = ()) -> StawkaState:
    """The acting side's agent and the reactor's agent together in a location with items;
    the reactor holds `cards`, the acting side `acting_cards`."""
    acting = other(reactor)
    here = _stacked_location()
    state = in_activations(
        {ACTOR[acting]: here, ACTOR[reactor]: here, "kloss": "gestapo", "hermann_brunner": "gestapo"},
        turn=acting,
        scenario=SCENARIO,
        evidence={acting: {"yellow": 2}},
    )
    assert state.rule_level == "advanced"
    for seat, held in ((reactor, cards), (acting, acting_cards)):
        side = state.sides[seat]
        state = state.with_side(seat, side.model_copy(update={"reaction_hand": Hand(cards=held, limit=3)}))
    deck = state.reaction_deck.model_copy(
        update={"pile": tuple(c for c in state.reaction_deck.pile if c not in cards + acting_cards)}
    )
    return state.model_copy(update={"reaction_deck": deck})


def _act(state: StawkaState, colour: str) -> tuple[StawkaState, list[Event]]:
    """The acting agent's action of `colour`; for a move, the first step after which the
    reactor's window offers something for every card it holds, if any does."""
    seat = state.turn
    assert seat is not None
    agent = ACTOR[seat]
    if colour == "purple":
        return TITLE.apply(state, Search(agent=agent))
    if colour == "yellow":
        return TITLE.apply(state, Converse(agent=agent, target=ACTOR[other(seat)]))
    moves = [a for a in TITLE.legal_actions(state) if isinstance(a, Move) and a.agent == agent and not a.item]
    tried = [TITLE.apply(state, move) for move in moves]
    held = state.sides[other(seat)].reaction_hand.cards
    for after, events in tried:
        offered = {a.card for a in TITLE.legal_actions(after) if isinstance(a, PlayReaction)}
        if set(held) <= offered:
            return after, events
    return tried[0]


def _play(state: StawkaState, card_id: str) -> tuple[StawkaState, list[Event], PlayReaction]:
    assert isinstance(state.pending[-1], ReactionWindow)
    plays = [a for a in TITLE.legal_actions(state) if isinstance(a, PlayReaction) and a.card == card_id]
    assert plays, f"{card_id} cannot be played"
    after, events = TITLE.apply(state, plays[-1])
    return after, events, plays[-1]


@pytest.mark.parametrize(("card_id", "seat"), ALL_HALVES)
def test_every_reaction_half_does_what_its_effect_says(card_id: str, seat: Seat) -> None:
    """Reaction Cards, 2-3: the holder plays his half against the enemy action of its colour."""
    card, part = reaction_card(card_id), half(card_id, seat)
    enemy = other(seat)
    mover = ACTOR[enemy]
    before, _ = _act(_state(seat, (card_id,)), card.colour)
    after, events, play = _play(before, card_id)
    keys = [e.key for e in events]
    assert "stawka.reaction_played" in keys
    assert card_id in after.reaction_deck.discard and card_id not in after.sides[seat].reaction_hand
    effect, amount = part.effect, part.amount
    colour = before.agent(mover).colour
    if effect == "stop":
        assert after.activation is not None and after.activation.stopped
        assert not [a for a in TITLE.legal_actions(after) if isinstance(a, Move) and not a.item]
    elif effect == "lose_ap":
        searched = 2 if card.colour == "purple" else 0
        assert after.sides[enemy].ap == before.sides[enemy].ap - amount - searched
    elif effect == "evidence":
        assert after.sides[seat].evidence[colour] == before.sides[seat].evidence.get(colour, 0) + amount
    elif effect == "place_threat":
        assert play.space is not None and play.space in board_of(SCENARIO).exits(
            before.agent(mover).space, enemy
        )
        token = after.threats[str(play.space)]
        assert token.startswith(seat) and token not in after.sides[seat].threat_pool
    elif effect == "move_own":
        assert after.agent(str(play.target)).space == play.space != before.agent(str(play.target)).space
    elif effect == "cancel_search":
        assert not any(isinstance(p, SearchDecision) for p in after.pending)
        assert after.stacks == before.stacks and after.markers == before.markers
        assert after.sides[enemy].ap == before.sides[enemy].ap - 2
        assert "stawka.search_foiled" in keys
    elif effect == "take_item":
        here = before.agent(mover).space
        assert after.stacks[here] == (*before.stacks[here][1:], before.stacks[here][0])
        assert not any(isinstance(p, SearchDecision) for p in after.pending)
        assert colour in after.markers[here]
    elif effect == "cancel_conversation":
        assert "stawka.conversation_foiled" in keys
        assert not after.talked and not [e for e in events if e.kind == "roll"]
    elif effect == "roll_modifier":
        roll = next(e for e in events if e.key.startswith("stawka.conversation_"))
        assert ["reaction", -amount] in roll.data["modifiers"]
    elif effect == "reciprocity":
        assert "stawka.reciprocity" in keys
        rolls = [e for e in events if e.kind == "roll" and e.key.startswith("stawka.conversation_")]
        assert [r.params["agent"] for r in rolls] == [mover, ACTOR[seat]]
    else:
        assert effect == "remove_evidence"
        target_colour = before.agent(ACTOR[seat]).colour
        gained = [
            e
            for e in events
            if e.kind == "evidence"
            and (e.params.get("seat"), e.params.get("colour")) == (enemy, target_colour)
        ]
        reached = gained[-1].params["total"] if gained else before.sides[enemy].evidence.get(target_colour, 0)
        assert after.sides[enemy].evidence[target_colour] == max(0, int(str(reached)) - amount)


def test_the_reciprocity_example_of_ingrid_and_brunner() -> None:
    """Conversation, example 3 continued: Ingrid (charm +2) rolls 4+5+2 = 11, a double against
    Brunner; the German plays the reciprocity rule, reveals flowers, adds his track bonus
    (+1) and rolls 3+5+2+1 = 11: Ingrid's secret."""
    state = in_activations(
        {"ingrid_heizer": "hotel", "hermann_brunner": "hotel"},
        turn="polish",
        scenario=SCENARIO,
        items={"hermann_brunner": ("hotel-3",)},
        evidence={"german": {"blue": 3}},
    )
    german = state.sides["german"].model_copy(update={"reaction_hand": Hand(cards=("reaction-21",), limit=3)})
    state = state.with_side("german", german)
    state, _ = TITLE.apply(state, Converse(agent="ingrid_heizer", target="hermann_brunner", trait=True))
    assert state.pending == (
        ReactionWindow(seat="german", agent="ingrid_heizer", colour="yellow", target="hermann_brunner"),
    )
    play = PlayReaction(card="reaction-21", target="hermann_brunner", items=("hotel-3",))
    assert play in TITLE.legal_actions(state)
    # Example 3: the rank die 5 (> 4), then Ingrid's 4 + 5, then Brunner's 3 + 5.
    state = state.model_copy(update={"rng": rng_rolling(5, 4, 5, 3, 5)})
    after, events = TITLE.apply(state, play)
    rolls = [e for e in events if e.key.startswith("stawka.conversation_")]
    assert [(r.params["agent"], r.data["total"], r.data["result"]) for r in rolls] == [
        ("ingrid_heizer", 11, "double"),
        ("hermann_brunner", 11, "secret"),
    ]
    assert sorted(map(tuple, rolls[1].data["modifiers"])) == [("hotel-3", 2), ("track", 1)]
    assert after.sides["german"].secrets == 1
    assert "hotel-3" not in after.agent("hermann_brunner").items


def test_a_block_cancels_the_card_and_both_are_discarded_from_the_game() -> None:
    """Reaction Cards, 4: a card of the same colour with the block symbol cancels it. "After
    this play both cards are discarded from the game without any additional effects": out
    of the game, not on the pile point 6 reshuffles into a new deck."""
    state = _state("polish", ("reaction-02",), acting_cards=("reaction-10", "reaction-11"))
    state, _ = _act(state, "red")
    state, _, _ = _play(state, "reaction-02")
    assert state.pending[-1] == BlockWindow(seat="german")
    assert set(TITLE.legal_actions(state)) == {BlockReaction(), BlockReaction(card="reaction-10")}
    with pytest.raises(IllegalAction):
        TITLE.apply(state, BlockReaction(card="reaction-11"))
    ap = state.sides["german"].ap
    after, events = TITLE.apply(state, BlockReaction(card="reaction-10"))
    assert "stawka.reaction_blocked" in [e.key for e in events]
    assert after.sides["german"].ap == ap
    assert after.reactions_out == ("reaction-02", "reaction-10")
    assert not {"reaction-02", "reaction-10"} & set(after.reaction_deck.discard + after.reaction_deck.pile)
    assert after.sides["german"].reaction_hand.cards == ("reaction-11",)
    assert TITLE.view(after, "polish").reactions_out == ("reaction-02", "reaction-10")
    # Point 6: the deck run out, the used cards are reshuffled - the blocked two stay out.
    empty = after.model_copy(
        update={"reaction_deck": after.reaction_deck.model_copy(update={"pile": ()}), "pending": ()}
    )
    redrawn, _ = draw(empty, "polish", 3, Dice(empty.rng))
    assert not {"reaction-02", "reaction-10"} & set(
        redrawn.reaction_deck.pile + redrawn.sides["polish"].reaction_hand.cards
    )


def test_letting_a_card_act_after_the_block_window() -> None:
    state = _state("polish", ("reaction-02",), acting_cards=("reaction-11",))
    state, _ = _act(state, "red")
    state, _, _ = _play(state, "reaction-02")
    ap = state.sides["german"].ap
    after, _ = TITLE.apply(state, BlockReaction())
    assert after.sides["german"].ap == ap - 1


def test_no_card_during_ones_own_activation_and_one_card_per_action() -> None:
    """Reaction Cards NOTE and point 3: only the enemy's window, one card in it."""
    state = _state("polish", ("reaction-02", "reaction-06"))
    after_move, _ = _act(state, "red")
    assert [p.seat for p in after_move.pending] == ["polish"]
    after, _, _ = _play(after_move, "reaction-02")
    assert not after.pending
    assert after.sides["polish"].reaction_hand.cards == ("reaction-06",)


def test_no_window_in_the_extended_rules_or_with_an_empty_hand() -> None:
    state = _state("polish", ())
    after, _ = _act(state, "red")
    assert not after.pending
    extended = _state("polish", ("reaction-02",)).model_copy(update={"rule_level": "extended"})
    after, _ = _act(extended, "red")
    assert not after.pending


@pytest.mark.parametrize("colour", ["red", "purple", "yellow"])
def test_the_window_leaks_nothing_about_the_hand(colour: str) -> None:
    """The window opens the same way whether or not the reacting player holds a card that
    answers the action: the acting player's view is the same either way, and so is what
    happens when the window is let be."""
    playable = {"red": "reaction-02", "purple": "reaction-15", "yellow": "reaction-22"}[colour]
    unplayable = {"red": "reaction-15", "purple": "reaction-22", "yellow": "reaction-02"}[colour]
    views, afters = [], []
    for held in (playable, unplayable):
        state, events = _act(_state("polish", (held,)), colour)
        assert isinstance(state.pending[-1], ReactionWindow)
        views.append(
            (TITLE.view(state, "german"), [e for e in events if e.visible_to in (None, ("german",))])
        )
        after, more = TITLE.apply(state, PlayReaction())
        afters.append((TITLE.view(after, "german"), [e.key for e in more]))
    assert views[0] == views[1]
    assert afters[0] == afters[1]
