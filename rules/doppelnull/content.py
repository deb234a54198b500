"""The title's numbers from `data/rules.toml`, validated (see the file's header for what is ours)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from rules.core import Frozen
from rules.core.content import load_data

DATA_FILE = Path(__file__).resolve().parent / "data" / "rules.toml"


class Pieces(Frozen):
    numbers: int = Field(ge=2, le=20)
    removed: int = Field(ge=0)
    line: int = Field(ge=2)
    hand: int = Field(ge=1)

    @model_validator(mode="after")
    def _pieces_add_up(self) -> Pieces:
        # "Setup" 2-3: the pawns left after the blind pick fill the line exactly, and the
        # cards not laid in the line are the hand.
        if self.removed + self.line != self.numbers:
            raise ValueError(
                f"removed ({self.removed}) + line ({self.line}) must be numbers ({self.numbers})"
            )
        if self.line + self.hand != self.numbers:
            raise ValueError(f"line ({self.line}) + hand ({self.hand}) must be numbers ({self.numbers})")
        return self


class Series(Frozen):
    max_games: int = Field(ge=1, le=99)
    win_bonus: int = Field(ge=0)
    next_starter: Literal["loser", "winner", "alternate"]


class Rules(Frozen):
    pieces: Pieces
    series: Series


@cache
def load_content() -> Rules:
    """The validated data (read once); ContentError naming the file and the problem if it is wrong."""
    return load_data(Rules, DATA_FILE.parent, {DATA_FILE.name: ("pieces", "series")})
