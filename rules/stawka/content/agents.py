"""Agents: their documents, traits and modifiers, and the vehicles ("Agent Document").

The schema of `data/agents.toml`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core.model import Frozen
from rules.stawka.content.vocabulary import Colour, MilitaryFunction, Side, Text

ModifierKind = Literal[
    "conversation_roll",
    "rank_roll",
    "rank",
    "defence",
    "alertness_test",
    "ap_limit",
    "arrest_roll",
    "search_twice",
    "stops_enemies",
    "ignores_document_check",
    "threat_discard",
    "evidence_on_conversation",
    "secret_threshold",
    "interrogation_roll",
    "interrogation_resist",
    "assassination_roll",
]
"""What a trait or item changes; the rules engine gives each kind its meaning:

* ``conversation_roll``: ``amount`` added to this agent's conversation effectiveness roll
  (2d6, "Conversation" point 3) when it initiates (``initiator_only``) or in any of its
  conversations.
* ``rank_roll``: ``amount`` added to the die this agent rolls to start a conversation
  with a higher-ranked enemy ("Conversation" point 2).
* ``rank``: ``amount`` added to this agent's rank for the rank comparison.
* ``defence``: ``amount`` added to the defence against assassination/kidnapping.
* ``alertness_test``: ``amount`` added to 2d6 in this agent's alertness tests (discarding
  a threat token, document checks) - positive helps, since those must exceed alertness.
* ``ap_limit``: ``amount`` added to the agent's AP limit each stage.
* ``arrest_roll``: ``amount`` added to the 2d6 this agent rolls against being arrested
  or kidnapped (a higher total escapes).
* ``search_twice``: may draw ``amount`` extra item tile(s) per search, keeping one.
* ``stops_enemies``: an enemy agent entering this agent's space must end its movement
  there ("Movement", point 2 names Marta Becher's trait).
* ``ignores_document_check``: passes document checks without a roll.
* ``threat_discard``: discarding an enemy threat token costs ``amount`` AP instead of 1.
* ``evidence_on_conversation``: ``amount`` extra evidence on a single or double success.
* ``secret_threshold``: ``amount`` added to the enemy's thresholds against this agent.
* ``interrogation_roll``: ``amount`` added to this agent's interrogation rolls.
* ``interrogation_resist``: ``amount`` subtracted from interrogation rolls against it.
* ``assassination_roll``: ``amount`` added to this agent's assassination and combat rolls.
"""

Uses = Literal["always", "once_per_stage", "once_per_game", "single_use"]


class Modifier(Frozen):
    """A machine-readable piece of a trait or item effect."""

    kind: ModifierKind
    amount: int = 0
    uses: Uses = "always"
    initiator_only: bool = False
    """Only when this agent initiates (the conversation, the test)."""


class Trait(Frozen):
    """An agent's special trait ("Agent Document"); it overrides the general rules."""

    id: str
    text: Text
    modifiers: tuple[Modifier, ...] = ()


class Thresholds(Frozen):
    """Conversation success thresholds, printed on the document and the figure.

    A conversation effectiveness total (2d6 + modifiers) at or above ``single`` is a single
    success, at or above ``double`` a double, at or above ``secret`` a secret - the last
    only against an agent with at least 3 evidence ("Investigation Track", 3-5 located).
    The rulebook names single, double and secret; the third threshold is our reading of
    "Success in CONVERSATION" and of the example where 11 extracts Ingrid's secret.
    """

    single: int = Field(ge=2, le=14)
    double: int = Field(ge=3, le=15)
    secret: int = Field(ge=4, le=16)

    @model_validator(mode="after")
    def _ordered(self) -> Thresholds:
        if not self.single < self.double < self.secret:
            raise ValueError("thresholds must rise: single < double < secret")
        return self


class AgentDocument(Frozen):
    """One agent document ("Agent Document").  Kloss has three (``agent`` = ``"kloss"``)."""

    id: str
    agent: str
    """The figure it belongs to; equal to ``id`` except for Kloss's documents."""
    name: Text
    side: Side
    colour: Colour
    rank: int = Field(ge=1, le=9)
    function: MilitaryFunction
    ap_limit: int = Field(ge=1, le=9)
    defence: int = Field(ge=2, le=12)
    alertness: int = Field(ge=4, le=9)
    thresholds: Thresholds
    trait: Trait
    chief: bool
    """Network chief: Kloss, the black SS officers ("Figure", NOTE)."""
    missions: bool
    """Has mission cards (all but Kloss, Brunner, Stedtke: "Mission Cards", point 1)."""
    missions_only_from_items_or_hideouts: bool = False
    """Fritz Kopf, the only black SS officer with missions ("Mission Cards", point 5)."""
    can_arrest: bool
    """SS officers ("Arrest Action", point 1); others only by a mission card."""


class Vehicle(Frozen):
    """The Black Audi of "Top Secret": AP limit 5, defence 6, alertness 7."""

    id: str
    name: Text
    side: Side
    ap_limit: int
    defence: int
    alertness: int
