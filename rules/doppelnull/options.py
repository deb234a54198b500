"""The options a game of Agent Doppelnull is started with."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.core import GameOptions, Seat

SEATS: tuple[Seat, Seat] = ("male", "female")
"""Each player plays one set of the box ("Setup" 1): the male or the female agents."""


class DoppelnullOptions(GameOptions):
    starter: Literal["random", "choose"] = "random"
    """Who starts ("Playing the Game"): the rulebook compares identity-card numbers.
    ``"choose"``: the players compare theirs and a person tells the game; ``"random"``."""
    games: int = Field(default=1, ge=1, le=9)
    """Games in the series ("Game Variant"); 1 plays a single game."""


def opponent(seat: Seat) -> Seat:
    """The other seat."""
    return SEATS[1] if seat == SEATS[0] else SEATS[0]
