"""Threat tokens ("Threat Tokens").

The schema of `data/threats.toml`.
"""

from __future__ import annotations

from typing import Literal

from rules.core.model import Frozen
from rules.stawka.content.vocabulary import Side, Text

ThreatKind = Literal[
    "alarm",
    "document_check",
    "cauldron",
    "suspect",
    "thief",
    "confusion",
    "dangerous_terrain",
    "support",
]


class ThreatToken(Frozen):
    """A threat token ("Threat Tokens"): 18 per side; ``amount`` is its number.

    The effects, as the cheat sheet says them, are in ``text``; the numbers the rules
    engine needs are ``amount`` (document check difficulty, support modifier, AP lost...).
    """

    id: str
    side: Side
    kind: ThreatKind
    amount: int = 0
    text: Text
