"""The heuristic bot plays the advanced rules' cards (issue 13)."""

from __future__ import annotations

from rules.core import Dice, Match, seed_state
from rules.core.components import Hand
from rules.stawka.actions import BlockReaction, CardForAP, DiscardReaction, Move, PlayReaction
from rules.stawka.bots import HeuristicBot
from rules.stawka.bots.cards import answer, card_worth
from rules.stawka.bots.policy import NORMAL
from rules.stawka.state import BlockWindow, StawkaState
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.cards import in_hand


def _state() -> StawkaState:
    return in_activations(
        {"bruno_dreher": "hotel", "jacek": "gestapo", "kloss": "theatre", "hermann_brunner": "gestapo"},
        turn="german",
        scenario="training-3",
    )


def _holding(state: StawkaState, seat: str, *cards: str) -> StawkaState:
    side = state.sides[seat].model_copy(update={"reaction_hand": Hand(cards=cards, limit=3)})
    return state.with_side(seat, side)


def test_the_bot_answers_a_move_with_its_strongest_red_card_and_blocks_when_it_can() -> None:
    state = _holding(_holding(_state(), "polish", "reaction-01", "reaction-02"), "german", "reaction-10")
    move = next(a for a in TITLE.legal_actions(state) if isinstance(a, Move) and a.agent == "bruno_dreher")
    state, _ = TITLE.apply(state, move)
    chosen = answer("polish", TITLE.legal_actions(state))
    assert chosen == PlayReaction(card="reaction-01"), "stop before delay"
    state, _ = TITLE.apply(state, chosen)
    assert isinstance(state.pending[-1], BlockWindow)
    assert answer("german", TITLE.legal_actions(state)) == BlockReaction(card="reaction-10")


def test_the_bot_discards_its_weakest_half() -> None:
    legal = [DiscardReaction(card="reaction-21"), DiscardReaction(card="reaction-08")]
    assert answer("polish", legal) == DiscardReaction(card="reaction-08"), "shadowing goes before reciprocity"


def test_the_bot_turns_a_card_into_ap_only_when_its_pool_runs_low() -> None:
    state = in_hand(_state(), "german", "german-courts")
    convert = CardForAP(card="german-courts")
    assert card_worth(NORMAL, TITLE.view(state, "german"), "german", None, convert) < 0
    poor = state.with_side("german", state.sides["german"].model_copy(update={"ap": 1}))
    assert card_worth(NORMAL, TITLE.view(poor, "german"), "german", None, convert) > 0


def test_both_bots_use_location_and_reaction_cards_in_a_game_of_training_3() -> None:
    """Special actions, conversions and reaction cards, by both sides."""
    match = Match(TITLE, TITLE.default_options("training-3"), 1)
    bots = {seat: HeuristicBot(seat) for seat in match.seats()}
    dice = Dice(seed_state(1))
    while (seat := match.to_act()) is not None:
        state = match.state
        assert isinstance(state, StawkaState)
        match.act(TITLE.bot_action(bots[seat], state, dice))
    used = {(e.params.get("seat"), e.key) for e in match.log if e.kind in ("card_played", "reaction")}
    for seat in ("polish", "german"):
        assert (seat, "stawka.location_card_played") in used, seat
        assert (seat, "stawka.reaction_played") in used, seat
