"""A turn, unmasking and the extra turn ("Playing the Game"), the end ("End of the Game")."""

from __future__ import annotations

import pytest

from rules.core import Event, IllegalAction
from rules.doppelnull import TITLE
from rules.doppelnull.actions import EndTurn, Place, Remove, Swap
from rules.doppelnull.state import DoppelnullState
from tests.doppelnull.tables import playing_state

# In `playing_state`: female agents 4..10 stand on male cards 1..7 (slot i: agent i+4 on
# card i+1), and the male hand is 8, 9, 10.


def test_swap_puts_the_hand_card_under_the_agent_and_takes_the_old_one_back() -> None:
    """Playing the Game 1: "The player chooses one of the three cards held in hand and swaps it with the card
    lying under one of the opponent's pawns. (The player therefore always has 3 cards in hand.)" """
    state = playing_state()
    after, _ = TITLE.apply(state, Swap(card=10, slot=0))
    assert after.lines["female"].cards[0] == 10
    assert sorted(after.hands["male"].cards) == [1, 8, 9]


def test_after_a_swap_the_agent_goes_to_minus_when_lower() -> None:
    """Playing the Game 2: agent 4 was on "+" over card 1; card 10 puts it on "-"."""
    state = playing_state()
    after, events = TITLE.apply(state, Swap(card=10, slot=0))
    slot = TITLE.view(after, "male").sides["female"].line[0]
    assert slot.sign == "-" and slot.card == 10 and not slot.unmasked
    assert [(c.card, c.sign) for c in slot.clues] == [(1, "+"), (10, "-")]
    assert events[0].params["sign"] == "-"
    assert TITLE.to_act(after) == "female", "no unmasking: the turn passes"


def test_after_a_swap_the_agent_goes_to_plus_when_higher() -> None:
    """Playing the Game 2: female agent 10 on card 7 stays "+" over card 9."""
    state = playing_state()
    after, _ = TITLE.apply(state, Swap(card=9, slot=6))
    slot = TITLE.view(after, "male").sides["female"].line[6]
    assert slot.sign == "+" and slot.card == 9


def test_equal_number_unmasks_the_agent_face_up_and_gives_another_turn() -> None:
    """Playing the Game 2: "if the number on the pawn is the same as the number on the card, the pawn is
    placed to the side of the table, number facing up. The player has succeeded in unmasking an opponent's
    agent", and "as a reward that player may play their turn again"."""
    state = playing_state()
    assert TITLE.view(state, "male").sides["female"].line[4].agent is None
    after, events = TITLE.apply(state, Swap(card=8, slot=4))
    assert [e.kind for e in events] == ["swap", "unmask", "extra_turn"]
    slot = TITLE.view(after, "male").sides["female"].line[4]
    assert slot.unmasked and slot.agent == 8, "the unmasked agent's number faces up for both"
    assert TITLE.view(after, None).sides["female"].line[4].agent == 8
    assert TITLE.to_act(after) == "male"
    assert TITLE.view(after, "female").again, "both players see that the turn was earned"
    assert sorted(after.hands["male"].cards) == [5, 9, 10]


def test_the_extra_turn_repeats_after_a_second_unmasking() -> None:
    """ "If a player has unmasked an opponent's agent, as a reward that player may play their turn again":
    every unmasking earns it; a swap that unmasks nobody ends the turn."""
    state = playing_state()
    state, _ = TITLE.apply(state, Swap(card=8, slot=4))
    state, events = TITLE.apply(state, Swap(card=9, slot=5))
    assert [e.kind for e in events] == ["swap", "unmask", "extra_turn"]
    assert TITLE.to_act(state) == "male"
    state, events = TITLE.apply(state, Swap(card=10, slot=0))
    assert [e.kind for e in events] == ["swap"]
    assert TITLE.to_act(state) == "female", "a swap without unmasking ends the extra turns"
    assert EndTurn() not in TITLE.legal_actions(state)


def test_after_an_unmasking_the_player_may_end_the_turn_instead() -> None:
    """Playing the Game: "as a reward that player *may* play their turn again"."""
    state = playing_state()
    state, _ = TITLE.apply(state, Swap(card=8, slot=4))
    legal = TITLE.legal_actions(state)
    assert legal[-1] == EndTurn() and all(isinstance(a, Swap) for a in legal[:-1]), "play on, or end"
    after, events = TITLE.apply(state, EndTurn())
    assert [(e.kind, e.params) for e in events] == [("end_turn", {"player": "male"})]
    assert TITLE.to_act(after) == "female"
    assert EndTurn() not in TITLE.legal_actions(after), "the opponent's turn is an ordinary one"
    assert after.lines == state.lines and after.hands == state.hands, "ending the turn changes nothing"


def test_a_turn_may_not_be_ended_without_an_unmasking() -> None:
    """Playing the Game 1: "The player chooses one of the three cards held in hand and swaps it": an ordinary
    turn is a swap; only the turn earned "as a reward" may be left unplayed."""
    state = playing_state()
    assert EndTurn() not in TITLE.legal_actions(state)
    with pytest.raises(IllegalAction, match="only after an unmasking"):
        TITLE.apply(state, EndTurn())
    state, _ = TITLE.apply(state, Swap(card=8, slot=4))
    state, _ = TITLE.apply(state, Swap(card=9, slot=5))
    assert EndTurn() in TITLE.legal_actions(state), "each unmasking earns the choice again"


def test_an_unmasked_agent_leaves_the_game() -> None:
    """Playing the Game 2: the unmasked pawn "is placed to the side of the table": no pawn stands on that
    card any more, so nothing can be swapped under it."""
    state = playing_state()
    state, _ = TITLE.apply(state, Swap(card=8, slot=4))
    assert all(a.slot != 4 for a in TITLE.legal_actions(state) if isinstance(a, Swap))
    with pytest.raises(IllegalAction):
        TITLE.apply(state, Swap(card=9, slot=4))


def test_only_hand_cards_can_be_swapped_and_only_in_the_play_phase() -> None:
    """Playing the Game 1: "The player chooses one of the three cards held in hand"; a card of the table, a
    blind pick or a placement is no turn."""
    state = playing_state()
    with pytest.raises(IllegalAction, match="not in your hand"):
        TITLE.apply(state, Swap(card=1, slot=0))
    with pytest.raises(IllegalAction):
        TITLE.apply(state, Remove(position=0))
    with pytest.raises(IllegalAction):
        TITLE.apply(state, Place(agent=1, slot=0))


def _unmask_all_female_agents(state: DoppelnullState) -> tuple[DoppelnullState, list[list[Event]]]:
    """Male unmasks female agents 4..10, fetching each needed card back to hand first."""
    events_per_action: list[list[Event]] = []
    for agent in range(4, 11):
        slot = agent - 4
        if agent not in state.hands["male"]:
            # The card lies under another female agent: swap it out with a harmless card.
            holder = state.lines["female"].cards.index(agent)
            spare = next(c for c in state.hands["male"].cards if c != state.lines["female"].agents[holder])
            state, events = TITLE.apply(state, Swap(card=spare, slot=holder))
            events_per_action.append(events)
            if TITLE.to_act(state) == "female":
                female_move = next(
                    a
                    for a in TITLE.legal_actions(state)
                    if isinstance(a, Swap) and state.lines["male"].agents[a.slot] != a.card
                )
                state, _ = TITLE.apply(state, female_move)
        state, events = TITLE.apply(state, Swap(card=agent, slot=slot))
        events_per_action.append(events)
    return state, events_per_action


def test_the_game_ends_at_the_seventh_unmasking() -> None:
    """End of the Game: "The game ends at the moment one of the players unmasks all of the opponent's agents.
    That player is the winner of the battle of the intelligence networks": no extra turn after it."""
    state, events_per_action = _unmask_all_female_agents(playing_state())
    assert sum(state.lines["female"].unmasked) == 7
    assert TITLE.to_act(state) is None and TITLE.legal_actions(state) == []
    outcome = TITLE.outcome(state)
    assert outcome is not None and outcome.winners == ("male",)
    assert outcome.scores["male"] == 7.0
    last = [e.kind for e in events_per_action[-1]]
    assert last == ["swap", "unmask", "game_won"], "no extra turn after the last unmasking"
    with pytest.raises(IllegalAction):
        TITLE.apply(state, Swap(card=1, slot=0))


def test_six_unmaskings_do_not_end_the_game() -> None:
    """End of the Game: the game ends when a player "unmasks all of the opponent's agents": three of the
    seven do not end it."""
    state = playing_state()
    for agent in (8, 9, 10):
        state, _ = TITLE.apply(state, Swap(card=agent, slot=agent - 4))
    assert sum(state.lines["female"].unmasked) == 3
    assert TITLE.outcome(state) is None and TITLE.to_act(state) == "male"


def test_the_players_take_turns_and_always_hold_three_cards() -> None:
    """Playing the Game: "Then both players take actions in turn", and 1: "(The player
    therefore always has 3 cards in hand.)"; a swap that unmasks keeps the turn ("that
    player may play their turn again"), any other passes it.  Whole random games."""
    import random

    from rules.doppelnull.options import DoppelnullOptions, opponent

    for seed in range(4):
        chooser = random.Random(seed)
        state = TITLE.new_game(DoppelnullOptions(starter="random"), seed=seed)
        swaps = 0
        while (seat := TITLE.to_act(state)) is not None:
            action = chooser.choice(TITLE.legal_actions(state))
            state, events = TITLE.apply(state, action)
            assert all(len(state.hands[s]) == 3 for s in ("male", "female"))
            if not isinstance(action, Swap) or TITLE.outcome(state) is not None:
                continue
            swaps += 1
            unmasked = any(e.kind == "unmask" for e in events)
            assert TITLE.to_act(state) == (seat if unmasked else opponent(seat))
        assert swaps > 10
