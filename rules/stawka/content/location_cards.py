"""Location cards: one per location and side ("Location Cards").

The schema of `data/location_cards.toml`.  A card's special action is an `Effect`: a
kind, each carried out by one function of `rules.stawka.card_effects` (the same for a
player's play and an automated reveal, as the solo scenario "Godzina policyjna" makes
of the German deck), with its number, whom it may choose and where it puts a figure.
"""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from rules.core.model import Frozen
from rules.stawka.content.items import ItemKind
from rules.stawka.content.vocabulary import Side, Text

EffectKind = Literal[
    "evidence",
    "remove_evidence",
    "tire",
    "bring_enemy",
    "bring_own",
    "frisk",
    "release",
    "move",
    "search",
    "quiet_search",
    "telephone",
    "summons",
    "talk_bonus",
    "ap",
    "vp",
    "threat",
    "reaction_cards",
    "arrest",
    "hotel_finale",
]
"""What a location card's special action does (``amount`` is its number):

* ``evidence``: +amount evidence against the ``target``.
* ``remove_evidence``: remove amount of the enemy's evidence against the own ``target``.
* ``tire``: the enemy ``target`` uses up amount AP of his AP limit this stage.
* ``bring_enemy`` / ``bring_own``: move the ``target`` to the card's location.
* ``frisk``: the enemy ``target`` on a street loses a weapon he holds (shown) and the
  player gains amount evidence against him.
* ``release``: free an arrested own agent to the ``destination`` (Release of the Arrested, 2).
* ``move``: the activated agent moves to the ``destination`` (movement, no AP).
* ``search``: the activated agent searches here for amount AP.
* ``quiet_search``: the activated agent searches here leaving no "I was here" marker.
* ``telephone``: the activated agent opens a conversation with an enemy agent standing
  in any location with a telephone ("Sectors", 2: telephone connections).
* ``summons``: the activated agent opens a conversation with any enemy agent of this
  sector, without the rank die.
* ``talk_bonus``: +amount to the player's next conversation roll this stage.
* ``ap`` / ``vp``: +amount AP to the network's pool this stage / +amount VP.
* ``threat``: amount extra threat tokens, drawn by the opponent, set out at once.
* ``reaction_cards``: draw amount reaction cards (then keep to the hand limit of 3).
* ``arrest``: an SS officer here arrests an enemy agent here with amount evidence.
* ``hotel_finale``: "Hotel Excelsior"'s room 217; otherwise a search here for amount AP.
"""

Target = Literal[
    "enemy_colour",
    "enemy_agent",
    "enemy_in_sector",
    "enemies_in_sector",
    "enemy_in_location",
    "enemy_on_street",
    "enemy_arrested",
    "enemy_here",
    "enemy_on_telephone",
    "own_agent",
    "own_arrested",
    "self",
    "none",
]
"""Whom a card's effect chooses (``enemies_in_sector``: all of them, no choice; "sector":
the sector of the card's location; ``enemy_in_location``: one standing in any location)."""

Destination = Literal[
    "none",
    "here",
    "location_in_sector",
    "location_no_ss",
    "street_in_sector",
    "telephone_location",
    "location_next_sector",
]
"""Where a card puts a figure (``location_no_ss``: a location of a sector without a
free SS officer; ``location_next_sector``: of a sector next to this one)."""

ALLOWED: dict[EffectKind, tuple[frozenset[str], frozenset[str]]] = {
    "evidence": (
        frozenset({"enemy_colour", "enemy_agent", "enemy_in_sector", "enemies_in_sector", "enemy_arrested"}),
        frozenset({"none"}),
    ),
    "remove_evidence": (frozenset({"own_agent", "self"}), frozenset({"none"})),
    "tire": (frozenset({"enemy_agent", "enemies_in_sector"}), frozenset({"none"})),
    "bring_enemy": (frozenset({"enemy_agent", "enemy_in_location"}), frozenset({"here"})),
    "bring_own": (frozenset({"own_agent"}), frozenset({"here"})),
    "frisk": (frozenset({"enemy_on_street"}), frozenset({"none"})),
    "release": (frozenset({"own_arrested"}), frozenset({"here", "location_no_ss", "street_in_sector"})),
    "move": (
        frozenset({"self"}),
        frozenset({"location_in_sector", "street_in_sector", "telephone_location", "location_next_sector"}),
    ),
    "search": (frozenset({"self"}), frozenset({"none"})),
    "quiet_search": (frozenset({"self"}), frozenset({"none"})),
    "telephone": (frozenset({"enemy_on_telephone"}), frozenset({"none"})),
    "summons": (frozenset({"enemy_in_sector"}), frozenset({"none"})),
    "talk_bonus": (frozenset({"none"}), frozenset({"none"})),
    "ap": (frozenset({"none"}), frozenset({"none"})),
    "vp": (frozenset({"none"}), frozenset({"none"})),
    "threat": (frozenset({"none"}), frozenset({"none"})),
    "reaction_cards": (frozenset({"none"}), frozenset({"none"})),
    "arrest": (frozenset({"enemy_here"}), frozenset({"none"})),
    "hotel_finale": (frozenset({"self"}), frozenset({"none"})),
}
"""Each kind: the targets and destinations it may name."""

COUNTED: frozenset[str] = frozenset(
    {
        "evidence",
        "remove_evidence",
        "tire",
        "frisk",
        "search",
        "talk_bonus",
        "ap",
        "vp",
        "threat",
        "reaction_cards",
        "arrest",
        "hotel_finale",
    }
)
"""Kinds with a number (``amount``); a frisk may take a weapon alone (0 evidence)."""

NEEDS_AGENT: frozenset[str] = frozenset(
    {"move", "search", "quiet_search", "telephone", "summons", "arrest", "hotel_finale"}
)
"""Kinds done by the activated agent standing in the location: an automated reveal
(with no agent there) cannot carry them out."""


class Effect(Frozen):
    """A card's special action: what it does (`EffectKind`), to whom, where."""

    kind: EffectKind
    amount: int = 0
    target: Target = "none"
    destination: Destination = "none"
    needs: tuple[ItemKind | Literal["top_secret"], ...] = ()
    """``hotel_finale``: what the agent playing it must hold to win - item kinds
    (`content.items.ItemKind`) or ``top_secret``, a Top Secret card."""

    @model_validator(mode="after")
    def _fits_kind(self) -> Effect:
        targets, destinations = ALLOWED[self.kind]
        if self.target not in targets:
            raise ValueError(f"a {self.kind} card cannot target {self.target}")
        if self.destination not in destinations:
            raise ValueError(f"a {self.kind} card cannot put a figure at {self.destination}")
        if (self.amount > 0) != (self.kind in COUNTED) and not (self.kind == "frisk" and self.amount == 0):
            raise ValueError(f"a {self.kind} card {'needs' if self.kind in COUNTED else 'has no'} amount")
        if self.needs and self.kind != "hotel_finale":
            raise ValueError(f"only a hotel_finale card needs items, not a {self.kind} card")
        return self


class LocationCard(Frozen):
    """A location card ("Location Cards"): 26 per side, one per location.

    Every card converts to 2 AP (once per stage) and shows a hideout (take a random
    mission card instead of the special action); ``effect`` is the special action.
    """

    id: str
    side: Side
    location: str
    text: Text
    effect: Effect
    converts_to_ap: int = 2
    hideout: bool = True
