"""Item tiles and what they do ("Item Tiles").

The schema of `data/items.toml`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core.model import Frozen
from rules.stawka.content.vocabulary import Colour, Text


class Evidence(Frozen):
    """Evidence an item gives when discarded against the enemy agent of ``colour``."""

    colour: Colour
    value: int = Field(ge=1, le=3)


ItemKind = Literal[
    "plain",
    "conversation",
    "weapon",
    "first_aid_kit",
    "boots",
    "city_map",
    "mission",
    "stamp",
    "document",
    "casket",
    "valuable",
    "room_217_key",
    "papers",
    "camera",
    "bribe",
]
"""What an item does ("Item Tiles"); the numbers are in `ItemEffect`:

* ``plain``: only evidence.
* ``conversation``: +``amount`` to a conversation effectiveness roll (flowers +2).
* ``weapon``: an assassination/kidnapping weapon, +``amount`` to the roll, reaching
  ``reach`` spaces (0 = same space; grenade, dynamite, rifle reach further:
  "Assassination Action", point 1); always single-use.
* ``first_aid_kit``: +``amount`` to defence against one assassination.
* ``boots``: +``amount`` to the holder's AP limit each stage (officer's boots).
* ``city_map``: move to any location of the sector the agent is in; the move is movement.
* ``mission``: draw a random mission card for the holder (typewriter).
* ``stamp`` / ``document``: holding both makes a Top Secret card.
* ``casket``: a chest with documents: gives a Top Secret card instead of an item.
* ``valuable``: a valuable (German goal in "Hotel Excelsior").
* ``room_217_key``: the key to room 217 ("Hotel Excelsior").
* ``papers``: +``amount`` to a document check or threat-discard test (forged papers).
* ``camera``: +``amount`` evidence on the holder's next single or double success.
* ``bribe``: remove ``amount`` evidence against the holder from the enemy's track.
"""


class ItemEffect(Frozen):
    kind: ItemKind
    amount: int = 0
    reach: int = Field(default=0, ge=0, le=3)


class Item(Frozen):
    """An item tile ("Item Tiles"): 5 per location, 130 in all."""

    id: str
    location: str
    name: Text
    text: Text
    evidence: tuple[Evidence, ...] = Field(min_length=1)
    durable: bool
    """The * symbol: used many times; without it the item goes after one use."""
    effect: ItemEffect

    @model_validator(mode="after")
    def _weapons_single_use(self) -> Item:
        if self.effect.kind == "weapon" and self.durable:
            raise ValueError(f"item {self.id}: weapons are single-use (Assassination, point 3)")
        return self
