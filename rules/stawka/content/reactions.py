"""Reaction cards: the shared deck of two-halved cards ("Reaction Cards").

The schema of `data/reactions.toml`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core.model import Frozen
from rules.stawka.content.vocabulary import Text

ReactionColour = Literal["red", "purple", "yellow"]
"""red: answers movement, purple: a search, yellow: a conversation ("Reaction Cards")."""


ReactionEffect = Literal[
    "stop",
    "lose_ap",
    "place_threat",
    "move_own",
    "evidence",
    "cancel_search",
    "take_item",
    "cancel_conversation",
    "roll_modifier",
    "reciprocity",
    "remove_evidence",
]
"""What a reaction card half does to the enemy's action it answers:

* ``stop``: the moving agent ends his movement where he is.
* ``lose_ap``: the enemy loses ``amount`` AP from his pool.
* ``place_threat``: put one own threat token (drawn by the opponent) next to the mover.
* ``move_own``: move one own agent up to ``amount`` spaces, free.
* ``evidence``: +``amount`` evidence against the acting enemy agent.
* ``cancel_search``: the search finds nothing; AP spent, no marker.
* ``take_item``: the item found goes back under its stack.
* ``cancel_conversation``: the conversation does not happen; AP spent.
* ``roll_modifier``: -``amount`` to the enemy's conversation roll.
* ``reciprocity``: the reciprocity rule ("Conversation", example 3 continued): after the
  enemy's roll, the player rolls a conversation for his own agent against the initiator.
* ``remove_evidence``: remove ``amount`` evidence against the own agent in the conversation.
"""

REACTION_COLOURS: dict[str, tuple[ReactionEffect, ...]] = {
    "red": ("stop", "lose_ap", "place_threat", "move_own", "evidence"),
    "purple": ("cancel_search", "take_item", "evidence", "lose_ap"),
    "yellow": ("cancel_conversation", "roll_modifier", "reciprocity", "remove_evidence"),
}
"""Which effects answer which kind of action: a half must fit its card's colour."""


class ReactionHalf(Frozen):
    text: Text
    effect: ReactionEffect
    amount: int = Field(default=0, ge=0, le=3)


class ReactionCard(Frozen):
    """A reaction card of the shared deck: a Polish half and a German half."""

    id: str
    colour: ReactionColour
    block: bool
    polish: ReactionHalf
    german: ReactionHalf

    @model_validator(mode="after")
    def _halves_fit_colour(self) -> ReactionCard:
        for half in (self.polish, self.german):
            if half.effect not in REACTION_COLOURS[self.colour]:
                raise ValueError(f"reaction {self.id}: {half.effect} does not answer a {self.colour} action")
        return self
