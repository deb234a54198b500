"""The round's flow ("Flow of Play"): what happens by itself between the player's decisions.

Each handler of the title's `Rulebook` moves pieces on a `Table` (`on_table`); then
`settle` runs the rules that need no decision until one is needed or the story ends:
the Church Cellar and the Safe House resolve, the interrogation follows the last check,
betrayals that can no longer happen lapse, and a new round begins.  Running out of time
ends the chapter at once, and a "How to Lose" condition the story, whatever was going on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from rules.core import Dice, Event
from rules.core.decisions import Handler
from rules.queen_of_spies import chapters, interrogating, resolving
from rules.queen_of_spies.state import LossReason, QueenState
from rules.queen_of_spies.table import GameLost, OutOfTime, Table

D = TypeVar("D")
A = TypeVar("A")


def on_table(step: Callable[[Table, D, A], None]) -> Handler:
    """A handler that carries out `step` (``(table, decision, action)``) on a `Table`."""

    def handler(state: QueenState, decision: D, action: A, dice: Dice) -> tuple[QueenState, list[Event]]:
        table = Table(state, dice)
        _guarded(table, lambda: step(table, decision, action))
        return table.freeze(), table.events

    return handler


def settle(state: QueenState, events: list[Event], dice: Dice) -> QueenState:
    """After every decision: run what follows by itself (`advance`), its events appended.

    While operatives are being assigned, or once the story is over, nothing runs by
    itself unless a decision is pending: the state is kept as it is (most decisions are
    assignments, and a table copied and frozen for nothing cost a tenth of a play-out)."""
    if not state.pending and state.phase in ("assign", "over"):
        return state
    table = Table(state, dice)
    _guarded(table, lambda: advance(table))
    events.extend(table.events)
    return table.freeze()


def advance(table: Table) -> None:
    """Run the rules that need no decision until one is needed or the story ends."""
    interrogating.drop_hopeless_betrayals(table)
    while not table.pending:
        if table.phase == "resolve":
            if table.victory:
                chapters.end_chapter(table)  # The Introduction ends at the Chateau.
                return
            resolving.safe_house_resolved(table)
            snapshot = table.freeze()
            if (
                table.pending
                or resolving.checkable(snapshot)
                or any(resolving.needs_pow_decision(a) for a in resolving.ready(snapshot))
            ):
                return
            interrogating.interrogate(table)
            table.phase = "betrayal"
        elif table.phase == "betrayal":
            interrogating.finish_interrogation(table)
        else:
            return


def _guarded(table: Table, run: Callable[[], Any]) -> None:
    """Run part of a decision; an empty time pool ends the chapter, a loss the story."""
    try:
        run()
    except OutOfTime:
        table.log("out_of_time")
        try:
            chapters.end_chapter(table)
        except GameLost as lost:
            _lose(table, lost.reason)
    except GameLost as lost:
        _lose(table, lost.reason)


def _lose(table: Table, reason: LossReason) -> None:
    """A "How to Lose" condition: the story ends at once."""
    table.lost = reason
    table.phase = "over"
    table.pending = []
    table.log("lost", reveals=True, reason=reason)
