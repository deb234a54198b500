"""How the heuristic bot plays the advanced rules' cards, from its own view only.

Location cards are priced like any action of an activation (`card_worth`, used by the
planner): what the special action gains, less what it costs; the 2 AP conversion is
worth it only when the pool runs low; a hideout is worth a mission.  Reaction cards
answer every enemy action they can, the strongest half first; a card played against the
bot is always blocked when it can be; over the limit it discards its weakest card.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Seat
from rules.stawka import card_effects
from rules.stawka.actions import (
    BlockReaction,
    CardForAP,
    DiscardReaction,
    PlayLocationCard,
    PlayReaction,
    StawkaAction,
    UseHideout,
)
from rules.stawka.bots import worth
from rules.stawka.bots.odds import conversation_odds
from rules.stawka.bots.policy import Policy
from rules.stawka.content import COLOURS
from rules.stawka.location_cards import location_card
from rules.stawka.reactions import half
from rules.stawka.state import other
from rules.stawka.view import AgentView, StawkaView

REACTION_RANK = (
    "reciprocity",
    "cancel_conversation",
    "cancel_search",
    "stop",
    "evidence",
    "lose_ap",
    "roll_modifier",
    "take_item",
    "remove_evidence",
    "place_threat",
    "move_own",
)
"""The bot's preference among reaction halves, strongest first."""
LOW_POOL = 3
"""AP left in the pool below which a card is better turned into 2 AP."""
FLAT: dict[str, float] = {
    "tire": 0.4,
    "bring_enemy": 1.0,
    "bring_own": 0.5,
    "frisk": 1.5,
    "release": 6.0,
    "talk_bonus": 0.6,
    "threat": 0.5,
    "reaction_cards": 0.4,
}
"""What a kind is worth per card (per point of its amount for tire, threat, reaction_cards)."""
PER_AMOUNT = ("tire", "threat", "reaction_cards")


def _rank(effect: str) -> int:
    return REACTION_RANK.index(effect) if effect in REACTION_RANK else len(REACTION_RANK)


def answer(seat: Seat, legal: Sequence[StawkaAction]) -> StawkaAction:
    """A reaction window, a block window or a discard down to the limit."""
    first = legal[0]
    if isinstance(first, DiscardReaction):
        return max(
            legal, key=lambda a: _rank(half(a.card, seat).effect) if isinstance(a, DiscardReaction) else 0
        )
    if isinstance(first, BlockReaction):
        return legal[-1]
    plays = [a for a in legal if isinstance(a, PlayReaction) and a.card is not None]
    if not plays:
        return first
    return min(plays, key=lambda a: (_rank(half(str(a.card), seat).effect), -len(a.items)))


VISIT = 0.8
"""What reaching the location of a card in hand is worth before knowing what it will do there."""


def visit_worth(view: StawkaView, seat: Seat, space: str) -> float:
    """Standing in the location of a location card of the bot's: its special action, or a
    hideout, is open there (Location Cards, 3 and 5)."""
    held = view.sides[seat].location_hand
    if isinstance(held, int) or not any(location_card(c).location == space for c in held):
        return 0.0
    return max(
        FLAT.get(location_card(c).effect.kind, VISIT) for c in held if location_card(c).location == space
    )


def card_cost(action: StawkaAction) -> int:
    """The AP a card's play costs the agent (a search, a call, an arrest at the card's price)."""
    if isinstance(action, PlayLocationCard):
        return card_effects.cost(location_card(action.card)) or 0
    return 0


def card_worth(
    policy: Policy, view: StawkaView, seat: Seat, agent: AgentView | None, action: StawkaAction
) -> float:
    """What a location card's use gains the bot's side."""
    if isinstance(action, CardForAP):
        return 0.3 if view.sides[seat].ap <= LOW_POOL else -0.02
    if isinstance(action, UseHideout):
        return 2.0
    assert isinstance(action, PlayLocationCard) and agent is not None
    card = location_card(action.card)
    kind, amount = card.effect.kind, card.effect.amount
    agents = {a.id: a for a in view.agents}
    target = agents.get(action.target or "")
    if kind == "evidence":
        colours = (
            [action.target] if action.target in COLOURS else [target.colour] if target else list(COLOURS)
        )
        return sum(worth.evidence_worth(policy, view, seat, str(c), amount) for c in colours)
    if kind == "remove_evidence" and target is not None:
        return worth.evidence_worth(policy, view, other(seat), target.colour, amount)
    if kind in ("search", "quiet_search", "hotel_finale"):
        return worth.search_worth(policy, view, seat, agent, agent.space) + 0.3
    if kind in ("telephone", "summons") and target is not None:
        odds = conversation_odds(view, seat, agent, target, 0)
        return worth.talk_worth(policy, view, seat, agent, target, odds)
    if kind == "arrest" and target is not None:
        return worth.arrest_worth(policy, view, seat, agent, target)
    if kind == "ap":
        return 0.15 * amount
    if kind == "vp":
        return worth.vp_worth(policy, view, seat, amount)
    if kind in FLAT:
        return FLAT[kind] * (amount if kind in PER_AMOUNT else 1)
    return -0.02
