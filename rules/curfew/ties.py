"""Ties the rules leave to the player ("Gracz decyduje"): the nearest of several Polish
agents a German agent heads for, the German agent with the most AP left (rule H), a card's
target.  The answer goes to the decision that asked, below it on the stack."""

from __future__ import annotations

from rules.core import Dice, Event, IllegalAction
from rules.curfew.actions import Choose, choose_of
from rules.curfew.state import CurfewState, GermanTurn, StageStep, TieBreak


def legal_choices(state: CurfewState, decision: TieBreak) -> list[Choose]:
    return [choose_of(option) for option in decision.options]


def choose(
    state: CurfewState, decision: TieBreak, action: Choose, dice: Dice
) -> tuple[CurfewState, list[Event]]:
    if action.option not in decision.options:
        raise IllegalAction(
            "Choose one of the agents the rules leave you to choose between.", "curfew.refusal.tie_option"
        )
    below = state.pending[-2]
    if isinstance(below, GermanTurn):
        answered: GermanTurn | StageStep = below.model_copy(update={"target": action.option})
    elif isinstance(below, StageStep):
        answered = below.model_copy(update={"chosen": action.option})
    else:
        raise IllegalAction("Nothing waits for this choice.", "curfew.refusal.tie_nothing")
    event = Event.made(
        kind="tie",
        key=f"curfew.tie.{decision.purpose if decision.purpose in ('target', 'h') else 'card'}",
        params={"option": action.option, "german": decision.german or "", "purpose": decision.purpose},
    )
    return state.model_copy(update={"pending": (*state.pending[:-2], answered)}), [event]
