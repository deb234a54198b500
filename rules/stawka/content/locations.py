"""Locations: the X spaces of the sectors, where the item tiles lie ("Sectors").

The schema of `data/locations.toml`.
"""

from __future__ import annotations

from pydantic import Field

from rules.core.model import Frozen
from rules.stawka.content.vocabulary import Text


class DocumentCheck(Frozen):
    """A permanent document check, as the fort's ("Sectors": military sector).

    It works like the threat token document check: 2d6 minus ``difficulty`` must be
    higher than the agent's alertness to enter.  Network chiefs (Kloss, the black SS
    officers) pass freely.
    """

    difficulty: int = Field(ge=0, le=3)
    chiefs_exempt: bool = True


class Location(Frozen):
    """A location (X) of a sector; 5 item tiles lie on it ("Item Tiles")."""

    id: str
    name: Text
    sector: str
    telephone: bool
    """Telephone symbol ("Sectors", point 2)."""
    document_check: DocumentCheck | None = None
