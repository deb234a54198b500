"""A turn ("Playing the Game"), the end of a game ("End of the Game") and the series ("Game Variant")."""

from __future__ import annotations

from typing import TypeVar

from rules.core import Dice, Event, IllegalAction, Outcome, Seat
from rules.doppelnull.actions import EndTurn, Swap, swap_of
from rules.doppelnull.content import load_content
from rules.doppelnull.deal import deal, deal_event, setup_pending
from rules.doppelnull.options import SEATS, opponent
from rules.doppelnull.state import DoppelnullState, GameResult, PlayTurn, clue_of, sign_of

T = TypeVar("T")


def legal_turn(state: DoppelnullState, decision: PlayTurn) -> list[Swap | EndTurn]:
    """Every hand card under every opponent's agent still standing; after an unmasking,
    ending the turn too (last)."""
    line = state.lines[opponent(decision.seat)]
    swaps: list[Swap | EndTurn] = [
        swap_of(card, slot)
        for card in state.hands[decision.seat].cards
        for slot in range(len(line.cards))
        if not line.unmasked[slot]
    ]
    return [*swaps, EndTurn()] if decision.again else swaps


def swap(
    state: DoppelnullState, decision: PlayTurn, action: Swap, dice: Dice
) -> tuple[DoppelnullState, list[Event]]:
    """ "Playing the Game" 1-2: swap a hand card with the card under an opponent's agent.

    The agent is placed on the new card by the same rule as at setup, which leaves no
    choice, so the rules core does it: "+" higher, "-" lower, equal: unmasked, the pawn
    leaves face up and the swapper may play again (`end_turn`).
    """
    seat = decision.seat
    owner = opponent(seat)
    line = state.lines[owner]
    hand = state.hands[seat]
    if action.card not in hand:
        raise IllegalAction(
            f"Card {action.card} is not in your hand.", "doppelnull.refusal.not_in_hand", card=action.card
        )
    if (
        not 0 <= action.slot < len(line.cards)
        or line.agents[action.slot] is None
        or line.unmasked[action.slot]
    ):
        raise IllegalAction(
            "Choose a card with one of the opponent's agents still standing on it.",
            "doppelnull.refusal.no_agent_there",
        )
    agent = line.agents[action.slot]
    assert agent is not None
    old = line.cards[action.slot]
    sign = sign_of(agent, action.card)
    new_line = line.model_copy(
        update={
            "cards": _replace(line.cards, action.slot, action.card),
            "clues": _replace(
                line.clues, action.slot, (*line.clues[action.slot], clue_of(action.card, sign))
            ),
            "unmasked": _replace(line.unmasked, action.slot, line.unmasked[action.slot] or sign == "="),
        }
    )
    new_hand = hand.exchanging(action.card, old)
    seats = {"player": seat, "owner": owner}
    events = [
        Event(
            kind="swap",
            key="doppelnull.swap_equal" if sign == "=" else "doppelnull.swap",
            params={**seats, "card": action.card, "old": old, "sign": sign, "slot": action.slot + 1},
            reveals=True,
            data={"seat": seat, "owner": owner, "slot": action.slot, "card": action.card, "old": old},
        )
    ]
    swapped = {"lines": {**state.lines, owner: new_line}, "hands": {**state.hands, seat: new_hand}}
    if sign != "=":  # the turn passes, in the same copy
        return state.model_copy(update={**swapped, "turn": owner, "again": False}), events
    state = state.model_copy(update=swapped)
    events.append(
        Event(
            kind="unmask",
            key="doppelnull.unmask",
            params={**seats, "agent": agent},
            reveals=True,
            data={"seat": seat, "owner": owner, "slot": action.slot, "agent": agent},
        )
    )
    if all(new_line.unmasked):
        return _game_won(state, seat, events, dice)
    # "If a player has unmasked an opponent's agent, as a reward that player may play
    # their turn again": the same player's turn, which `end_turn` may decline.
    events.append(Event(kind="extra_turn", key="doppelnull.extra_turn", params={"player": seat}))
    return state.model_copy(update={"again": True}), events


def end_turn(
    state: DoppelnullState, decision: PlayTurn, action: EndTurn, dice: Dice
) -> tuple[DoppelnullState, list[Event]]:
    """ "Playing the Game": the reward of an unmasking is a turn the player *may* play;
    declining it passes the turn to the opponent."""
    if not decision.again:
        raise IllegalAction(
            "Swap a card first: a turn may be ended without a swap only after an unmasking.",
            "doppelnull.refusal.swap_first",
        )
    event = Event(kind="end_turn", key="doppelnull.end_turn", params={"player": decision.seat})
    return state.model_copy(update={"turn": opponent(decision.seat), "again": False}), [event]


def unmasked_count(state: DoppelnullState, seat: Seat) -> int:
    """How many of the opponent's agents `seat` has unmasked in the current game."""
    return sum(state.lines[opponent(seat)].unmasked)


def _game_won(
    state: DoppelnullState, winner: Seat, events: list[Event], dice: Dice
) -> tuple[DoppelnullState, list[Event]]:
    """ "End of the Game": all opponent's agents unmasked. In a series, deal the next game."""
    result = GameResult(winner=winner, unmasked={seat: unmasked_count(state, seat) for seat in SEATS})
    results = (*state.results, result)
    events.append(
        Event(
            kind="game_won",
            key="doppelnull.game_won",
            params={
                "player": winner,
                "game": state.game_number,
                "other": opponent(winner),
                "loser_unmasked": result.unmasked[opponent(winner)],
            },
            reveals=True,
            data={"seat": winner, "unmasked": dict(result.unmasked)},
        )
    )
    if state.game_number >= state.games:
        return state.model_copy(update={"results": results, "turn": None, "again": False}), events
    starter = next_starter(result, state.starter)
    number = state.game_number + 1
    fresh = state.model_copy(
        update={
            **deal(dice, state.blind_pick == "lots"),
            "results": results,
            "game_number": number,
            "starter": starter,
            "turn": None,
            "again": False,
            "pending": setup_pending(None, state.blind_pick == "lots"),
        }
    )
    events.append(deal_event(number, state.games))
    events.append(
        Event(
            kind="starter",
            key="doppelnull.starter_next",
            params={"player": starter},
            data={"seat": starter},
        )
    )
    return fresh, events


def next_starter(result: GameResult, previous: Seat | None) -> Seat:
    """Who starts the next game of a series (data: series.next_starter; ours, see rules.toml)."""
    rule = load_content().series.next_starter
    if rule == "winner":
        return result.winner
    if rule == "alternate" and previous is not None:
        return opponent(previous)
    return opponent(result.winner)


def series_points(state: DoppelnullState) -> dict[Seat, int]:
    """Running totals: agents unmasked per game, plus the win bonus (ours, see rules.toml)."""
    bonus = load_content().series.win_bonus
    return {
        seat: sum(r.unmasked[seat] + (bonus if r.winner == seat else 0) for r in state.results)
        for seat in SEATS
    }


def outcome(state: DoppelnullState) -> Outcome | None:
    """The winner as soon as the last game is won: of the game, or of the series on points.

    A tied series goes to the player who won more games; if that ties too, it is a draw.
    Every game of a series is played ("Game Variant": the points are added up at its
    end), so nothing is decided before the last one.
    """
    if len(state.results) < state.games:
        return None
    points = series_points(state)
    scores = {seat: float(points[seat]) for seat in SEATS}
    if state.games == 1:
        winner = state.results[-1].winner
        return Outcome(
            winners=(winner,),
            scores=scores,
            key="doppelnull.outcome_game",
            params={"player": winner, "loser": opponent(winner)},
        )
    first, second = SEATS
    wins = {seat: sum(r.winner == seat for r in state.results) for seat in SEATS}
    ranking = sorted(SEATS, key=lambda s: (points[s], wins[s]), reverse=True)
    if (points[first], wins[first]) == (points[second], wins[second]):
        return Outcome(
            draw=True,
            scores=scores,
            key="doppelnull.outcome_series_draw",
            result="draw",
            params={"points": points[first]},
        )
    winner = ranking[0]
    return Outcome(
        winners=(winner,),
        scores=scores,
        key="doppelnull.outcome_series",
        params={"player": winner, "points": points[winner], "other": points[opponent(winner)]},
    )


def _replace(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])
