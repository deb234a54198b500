"""The options a race is started with: how many agents, and who sits at each colour."""

from __future__ import annotations

from pydantic import Field, model_validator

from rules.core import GameOptions, Seat
from rules.island.content import load_content

FEWEST, MOST = 3, 6
"""3-6 players (the rulebook's cover)."""


def seats_for(players: int) -> tuple[Seat, ...]:
    """The seats of a race of `players` agents: the first colours, in table (clockwise) order."""
    return load_content().setup.colours[:players]


class IslandOptions(GameOptions):
    players: int = Field(default=4, ge=FEWEST, le=MOST)

    @model_validator(mode="after")
    def _seats_at_this_table(self) -> IslandOptions:
        seats = seats_for(self.players)
        strangers = sorted(set(self.seats) - set(seats))
        if strangers:
            listed, wrong = ", ".join(seats), ", ".join(strangers)
            raise ValueError(f"a race of {self.players} agents has the seats {listed}, not {wrong}")
        return self
