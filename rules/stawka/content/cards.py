"""Planning cards, the investigation track's ranges and the AP cost list.

The schema of `data/cards.toml` ("Planning Card", "Investigation Track",
"Activating an Agent").
"""

from __future__ import annotations

from pydantic import Field

from rules.core.model import Frozen
from rules.stawka.content.vocabulary import Side, Text


class PlanningCard(Frozen):
    """A planning card ("Planning Card"): priority (lower first), AP pool, reaction draw."""

    id: str
    side: Side
    priority: int = Field(ge=1, le=9)
    ap: int = Field(ge=1, le=20)
    reaction_cards: int = Field(ge=0, le=3)


class InvestigationRange(Frozen):
    """One of the five ranges of an investigation track ("Investigation Track", point 4)."""

    id: str
    low: int = Field(ge=0, le=10)
    high: int = Field(ge=0, le=10)
    name: Text
    conversation_bonus: int
    """Added to conversation effectiveness rolls against the agent."""
    secrets: bool
    """A conversation may extract a secret (at least 3 evidence)."""
    arrest: bool
    """Arrest and kidnapping allowed (at least 6 evidence)."""
    chief_lost: bool
    """Kloss exposed / the German chief compromised (our reading: the track at 10)."""


class ActionCosts(Frozen):
    """The AP costs list ("Activating an Agent", point 3) and the scenario actions.

    Erratum: the arrest text says 1 AP, the cost list 2 AP "for arrest or kidnapping";
    we take the list's 2 AP (kidnapping is "analogous to an attempted arrest" and costs
    2 in the same line, and the list is the reference players consult).
    """

    move: int = Field(ge=1)
    search: int = Field(ge=1)
    conversation: int = Field(ge=1)
    arrest: int = Field(ge=1)
    kidnap: int = Field(ge=1)
    mission: int = Field(ge=1)
    discard_threat: int = Field(ge=1)
    assassination: int = Field(ge=1)
    transmit_report: int = Field(ge=1)
    """"I Know Who You Are": transmitting the report."""
