"""What the table shows of the legal actions: each priced, moves with their path.

The seat to act sees its legal actions as offers (`rules.stawka.view`): the action, what
it costs in AP ("Activating an Agent", 3: the cost list, content data; a move the AP of
its cheapest path, Movement, 1-5; a city map its fixed cost, Movement, 4; a location
card what its effect costs the agent, "Location Cards") and, for a move, the spaces the
agent would enter.  The table draws these and computes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

from pydantic import BaseModel, Field

from rules.stawka.actions import (
    Arrest,
    Assassinate,
    Converse,
    DiscardThreat,
    DriveAudi,
    Interrogate,
    Kidnap,
    Move,
    PassMission,
    PlayLocationCard,
    PlayReaction,
    Search,
    StawkaAction,
)
from rules.stawka.card_effects import cost as card_cost
from rules.stawka.content import Text
from rules.stawka.costs import Activity, ap_cost, interrogation_cost
from rules.stawka.film import black_audi
from rules.stawka.location_cards import location_card
from rules.stawka.movement import CITY_MAP_COST, reachable
from rules.stawka.reactions import half
from rules.stawka.state import StawkaState

PRICED: dict[type, Activity] = {
    Converse: "conversation",
    Search: "search",
    Arrest: "arrest",
    Kidnap: "kidnap",
    PassMission: "mission",
    Assassinate: "assassination",
    DiscardThreat: "discard_threat",
}
"""Actions of the cost list -> their entry (the interrogation is priced as a conversation)."""


class Offer(BaseModel):
    """One legal action as the table shows it."""

    action: Annotated[StawkaAction, Field(discriminator="type")]
    cost: int | None = None
    """AP it costs; None for what costs nothing (a decision, ending an activation, an item)."""
    path: tuple[str, ...] = ()
    """For a move: the spaces entered, in order (the start excluded)."""
    does: Text | None = None
    """For a card: what it would do (a location card's text, the half of a reaction card
    its holder reads)."""


def priced(state: StawkaState, actions: Sequence[StawkaAction]) -> tuple[Offer, ...]:
    """`actions` (legal now) with their AP costs and, for moves, their paths."""
    return tuple(_offer(state, action) for action in actions)


def _offer(state: StawkaState, action: StawkaAction) -> Offer:
    if isinstance(action, Move):
        if action.item is not None:
            return Offer(action=action, cost=CITY_MAP_COST, path=(action.to,))
        path, cost = reachable(state, state.agent(action.agent))[action.to]
        return Offer(action=action, cost=cost, path=path)
    if isinstance(action, DriveAudi):
        path, cost = black_audi.routes(state)[action.to]
        return Offer(action=action, cost=cost, path=path)
    if isinstance(action, Interrogate):
        return Offer(action=action, cost=interrogation_cost())
    if isinstance(action, PlayLocationCard):
        card = location_card(action.card)
        return Offer(action=action, cost=card_cost(card), does=card.text)
    if isinstance(action, PlayReaction) and action.card is not None:
        return Offer(action=action, does=half(action.card, state.pending[-1].seat).text)
    activity = PRICED.get(type(action))
    return Offer(action=action, cost=None if activity is None else ap_cost(activity))
