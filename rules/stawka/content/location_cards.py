"""Location cards: one per location and side ("Location Cards").

The schema of `data/location_cards.toml`.
"""

from __future__ import annotations

from typing import Literal

from rules.core.model import Frozen
from rules.stawka.content.vocabulary import Side, Text

LocationActionKind = Literal[
    "evidence",
    "conversation",
    "search",
    "move",
    "release",
    "arrest",
    "ap",
    "vp",
    "threat",
    "remove_evidence",
    "reaction_cards",
    "telephone",
    "hotel_finale",
]


class LocationCard(Frozen):
    """A location card ("Location Cards"): 26 per side, one per location.

    Every card converts to 2 AP (once per stage) and shows a hideout (take a random
    mission card instead of the action); ``action`` is the special action.
    """

    id: str
    side: Side
    location: str
    text: Text
    action: LocationActionKind
    amount: int = 0
    converts_to_ap: int = 2
    hideout: bool = True
