"""Doppelnull's actions in words, for the seat at the screen (the hint says them; the
"End turn" button is the same words): the cards and positions as the log names them
("card 10", "the opponent's agent at position 2")."""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from game.i18n.grammar import Named
from game.ui.context import UiContext
from game.ui.naming import seat_name
from rules.core import Seat
from rules.doppelnull.actions import ChooseStarter, EndTurn, Place, Remove, Swap
from rules.doppelnull.options import opponent
from rules.doppelnull.view import DoppelnullView


def action_text(
    ctx: UiContext, table: DoppelnullView, seat: Seat, player: Callable[[Seat], Named], action: BaseModel
) -> str:
    """`action` of `seat` as a sentence to that seat.  Positions count from 1, as the log's;
    the sides are passed by their seat (``me``, ``them``) for the agents' grammatical
    gender (the female side's agents are women: "agentka")."""
    t = ctx.t
    sides = {"me": seat_name(ctx, "doppelnull", seat), "them": seat_name(ctx, "doppelnull", opponent(seat))}
    if isinstance(action, ChooseStarter):
        if action.seat is None:
            return t("doppelnull.act.lots")
        return t("doppelnull.act.starter", player=player(action.seat))
    if isinstance(action, Remove):
        return t("doppelnull.act.remove", position=action.position + 1, **sides)
    if isinstance(action, Place):
        card = table.sides[seat].line[action.slot].card
        return t("doppelnull.act.place", agent=action.agent, card=card, **sides)
    if isinstance(action, Swap):
        return t("doppelnull.act.swap", card=action.card, slot=action.slot + 1, **sides)
    if isinstance(action, EndTurn):
        return t("doppelnull.end_turn_button")
    raise ValueError(f"no words for {action!r}")
