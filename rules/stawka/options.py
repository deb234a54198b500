"""The options of a Stawka game and what one training scenario hands to the next.

Rulebook, "Training Campaign - Scenario 1: Meeting", final NOTE: after the scenario the
players keep half the evidence gathered against every enemy agent (rounded up); the
winner may leave one track unhalved (not Kloss's); all items return to the board.
`CampaignCarry` is that result; a scenario 2 game starts from it when its options hold one.
"""

from __future__ import annotations

from pydantic import Field

from rules.core import Frozen, GameOptions, Seat


class CampaignCarry(Frozen):
    """What the training campaign carries from one scenario to the next."""

    from_scenario: str
    winner: Seat | None = None
    """``None`` after a draw."""
    evidence: dict[Seat, dict[str, int]] = Field(default_factory=dict)
    """Seat -> enemy colour -> evidence that seat keeps against the agent of that colour."""
    kept_whole: str | None = None
    """The colour whose track the winner chose not to halve."""
    kept_items: dict[Seat, tuple[str, ...]] = Field(default_factory=dict)
    """Items a winner may keep for the next game (scenario 2's bonus; none after scenario 1)."""
    banned_agents: tuple[str, ...] = ()
    """Agents the next game may not use (scenario 2: a compromised Brunner)."""
    banned_kloss_documents: tuple[str, ...] = ()
    """Kloss documents the next game may not use (scenario 2: an exposed Kloss)."""


class StawkaOptions(GameOptions):
    """Scenario, the chosen Kloss document and an optional campaign carry-over."""

    kloss_document: str | None = None
    """Which of the three Kloss documents to play; ``None``: the scenario's (or the first)."""
    carry: CampaignCarry | None = None
    """Start from a previous training scenario's result."""
