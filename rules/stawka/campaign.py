"""The training campaign's carry-over between scenarios.

Rulebook, "Training Campaign - Scenario 1: Meeting", NOTE: "After the scenario ends the
Players keep half of the evidence gained against all enemy agents (rounding up). The
winner may choose not to reduce one of the tracks (except Kloss). All acquired and used
items return to the board."
"""

from __future__ import annotations

from rules.core import Seat
from rules.stawka.options import CampaignCarry


def halved(evidence: int) -> int:
    """Half the evidence, rounded up (7 -> 4, 1 -> 1, 0 -> 0)."""
    return (evidence + 1) // 2


def carry_over(
    scenario: str,
    evidence: dict[Seat, dict[str, int]],
    winner: Seat | None,
    kept_whole: str | None,
) -> CampaignCarry:
    """Halve every track, except the winner's `kept_whole` colour (checked by the caller)."""
    carried: dict[Seat, dict[str, int]] = {}
    for seat, tracks in evidence.items():
        carried[seat] = {
            colour: (value if seat == winner and colour == kept_whole else halved(value))
            for colour, value in tracks.items()
        }
    return CampaignCarry(from_scenario=scenario, winner=winner, evidence=carried, kept_whole=kept_whole)
