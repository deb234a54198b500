"""Mission cards and the goals printed on them ("Mission Cards").

The schema of `data/missions.toml`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.core.model import Frozen
from rules.stawka.content.vocabulary import Colour, Text

GoalKind = Literal[
    "visit_location",
    "search_location",
    "meet_own_agent",
    "converse",
    "secret",
    "assassinate",
    "arrest",
    "kidnap",
    "evidence",
    "hold_item",
    "discard_threat",
]
"""What a mission goal asks of its agent:

* ``visit_location``: end an activation in ``location``.
* ``search_location``: perform a search in ``location``.
* ``meet_own_agent``: share a space with the own agent of ``colour`` in ``location``
  (or anywhere if none).
* ``converse``: a successful conversation (at least single) with an enemy agent of
  ``colour`` (any if none).
* ``secret``: extract a secret from an enemy agent (of ``colour`` if given).
* ``assassinate``: liquidate an enemy agent (of ``colour`` if given); the mission is
  what allows an assassination ("Assassination Action", point 1).
* ``arrest``: arrest a Polish agent (of ``colour`` if given): lets a non-SS German arrest
  ("Arrest Action", point 2).
* ``kidnap``: kidnap a German agent for exchange.
* ``evidence``: reach ``count`` evidence against the enemy agent of ``colour``.
* ``hold_item``: hold ``count`` items at once.
* ``discard_threat``: discard ``count`` enemy threat tokens.
"""


class Goal(Frozen):
    kind: GoalKind
    text: Text
    location: str | None = None
    colour: Colour | None = None
    count: int = Field(default=1, ge=1, le=10)


class MissionCard(Frozen):
    """A mission card ("Mission Cards"): 3 per agent that has them; basic + special."""

    id: str
    agent: str
    basic: Goal
    special: Goal
    special_secret: bool = True
    """Completing the special mission also yields a secret ("Mission Cards": missions
    give an alternative way of obtaining secrets)."""
