""" "Top Secret", Basic and Special Missions: "Each time a Polish or German agent obtains a
secret from a conversation with an enemy agent, he may change the position of two of his
own chosen threat tokens or draw a new one from the pool (his own choice) and put it on
the board."

The side that learnt the secret decides (`SecretThreats`): move one or two of its tokens,
draw one, or leave them.

Ours (README, "Top Secret"): the rulebook gives a moved token no reach, and threat tokens
never move otherwise, so "change the position" is read as picking the token up and setting
it out again where its owner may set one out (Threat Tokens, 3: German tokens in locations,
Polish ones on street spaces without enemy agents, one a space), however far.  Only face-down
tokens move: a face-up one (the factory's document check, dangerous terrain in play) is in
play where it lies.  Two moves are two different tokens; a token drawn is set out as at step
C (`threats.draw_extra`), blindly drawn, so the side chooses the space, not the token.
"""

from __future__ import annotations

from rules.core import Dice, Event, IllegalAction, Seat
from rules.stawka import threats
from rules.stawka.actions import DrawThreat, KeepThreats, MoveThreat, StawkaAction
from rules.stawka.board import board_of
from rules.stawka.state import SecretThreats, StawkaState

MOVES = 2
""""change the position of two of his own chosen threat tokens"."""


def movable(state: StawkaState, decision: SecretThreats) -> tuple[str, ...]:
    """Spaces of the seat's face-down tokens not moved yet under this secret."""
    return tuple(
        space
        for space, token in state.threats.items()
        if threats.owner(token) == decision.seat
        and token not in state.threats_open
        and space not in decision.moved
    )


def may_draw(state: StawkaState, decision: SecretThreats) -> bool:
    """A draw instead of the moves: before any move, with a token left in the pool and a space for it."""
    seat = decision.seat
    pool = state.sides[seat].threat_pool
    return not decision.moved and bool(pool) and bool(threats.allowed_spaces(state, seat))


def legal_choices(state: StawkaState, decision: SecretThreats) -> list[StawkaAction]:
    spaces = threats.allowed_spaces(state, decision.seat)
    choices: list[StawkaAction] = [DrawThreat()] if may_draw(state, decision) else []
    choices += [MoveThreat(space=space, to=to) for space in movable(state, decision) for to in spaces]
    return [*choices, KeepThreats()]


def offer(state: StawkaState, seat: Seat) -> tuple[StawkaState, list[Event]]:
    """After `seat`'s secret: its choice, when it has any beyond leaving the tokens."""
    decision = SecretThreats(seat=seat)
    if len(legal_choices(state, decision)) == 1:
        return state, []
    return state.model_copy(update={"pending": (*state.pending, decision)}), []


def move(
    state: StawkaState, decision: SecretThreats, action: MoveThreat, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    seat = decision.seat
    if action.space not in movable(state, decision):
        raise IllegalAction(
            "Only your own face-down threat tokens move, each once.", "stawka.refusal.secret_threat_token"
        )
    if action.to not in threats.allowed_spaces(state, seat):
        raise IllegalAction(
            "German tokens go in locations, Polish tokens on street spaces without enemy agents; "
            "one a space.",
            "stawka.refusal.threat_space",
        )
    token = state.threats[action.space]
    board_threats = {space: t for space, t in state.threats.items() if space != action.space}
    state = state.model_copy(update={"threats": {**board_threats, action.to: token}})
    moved = SecretThreats(seat=seat, moved=(*decision.moved, action.to))
    rest = state.pending[:-1]
    if len(moved.moved) < MOVES and len(legal_choices(state, moved)) > 1:
        rest = (*rest, moved)
    where = board_of(state.scenario).where
    events = [
        Event(
            kind="threat",
            key="stawka.threat_moved",
            params={"seat": seat, "origin": where(action.space), "where": where(action.to)},
            data={"space": action.to},
        ),
        Event(
            kind="threat",
            key="stawka.threat_placed_own",
            params={"token": token, "where": where(action.to)},
            visible_to=(seat,),
        ),
    ]
    return state.model_copy(update={"pending": rest}), events


def draw(
    state: StawkaState, decision: SecretThreats, action: DrawThreat, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    if not may_draw(state, decision):
        raise IllegalAction(
            "A new token instead of the moves: before any move, with a token in your pool "
            "and a space for it.",
            "stawka.refusal.secret_threat_draw",
        )
    state = state.model_copy(update={"pending": state.pending[:-1]})
    return threats.draw_extra(state, decision.seat, 1, dice)


def keep(
    state: StawkaState, decision: SecretThreats, action: KeepThreats, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    return state.model_copy(update={"pending": state.pending[:-1]}), []
