"""The options a game of Agent Doppelnull is started with."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from rules.core import GameOptions, Seat
from rules.doppelnull.content import rules_data

SEATS: tuple[Seat, Seat] = ("male", "female")
"""Each player plays one set of the box ("Setup" 1): the male or the female agents."""


class DoppelnullOptions(GameOptions):
    starter: Literal["random", "choose"] = "random"
    """Who starts ("Playing the Game"): the rulebook compares identity-card numbers.
    ``"choose"``: the players compare theirs and a person tells the game; ``"random"``."""
    games: int = Field(default=1, ge=1)
    """Games in the series ("Game Variant"); 1 plays a single game."""

    @field_validator("games")
    @classmethod
    def _series_not_too_long(cls, games: int) -> int:
        most = rules_data().series.max_games
        if games > most:
            raise ValueError(f"a series has at most {most} games")
        return games


def opponent(seat: Seat) -> Seat:
    """The other seat."""
    return SEATS[1] if seat == SEATS[0] else SEATS[0]
