"""The options a game of Agent Doppelnull is started with."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from rules.core import GameOptions, Seat
from rules.doppelnull.content import load_content

SEATS: tuple[Seat, Seat] = ("male", "female")
"""Each player plays one set of the box ("Setup" 1): the male or the female agents."""


LEGACY_SCENARIOS: dict[str, int] = {"single": 1, "series-3": 3, "series-5": 5}
"""Scenario ids -> games, from when the series length was offered as scenarios.  The
setup screen now offers ``games`` itself (`DoppelnullTitle.setup_choices`) and new games
have no scenario; saves that name one of these still load."""


class DoppelnullOptions(GameOptions):
    starter: Literal["choose", "random"] = "choose"
    """Who starts ("Playing the Game"): the rulebook compares identity-card numbers.
    ``"choose"``: the players compare theirs and a person tells the game (or lets it
    draw lots); ``"random"``: the game draws lots without asking."""
    games: int = Field(default=1, ge=1)
    """Games in the series ("Game Variant"); 1 plays a single game."""
    blind_pick: Literal["pick", "lots"] = "pick"
    """"Setup" 2, each player "randomly chooses 3 of the opponent's pawns, without looking
    at their numbers": ``"pick"``, each clicks three of the opponent's pawns he cannot see;
    ``"lots"``, the game draws the three for each (the same random choice, no clicks: a
    quick match)."""

    @model_validator(mode="before")
    @classmethod
    def _games_from_scenario(cls, data: Any) -> Any:
        if isinstance(data, dict) and "games" not in data and data.get("scenario") in LEGACY_SCENARIOS:
            return {**data, "games": LEGACY_SCENARIOS[data["scenario"]]}
        return data

    @model_validator(mode="after")
    def _series_length(self) -> DoppelnullOptions:
        most = load_content().series.max_games
        if self.games > most:
            raise ValueError(f"a series has at most {most} games")
        if self.scenario is not None and LEGACY_SCENARIOS.get(self.scenario) != self.games:
            raise ValueError(f"scenario {self.scenario!r} is not a series of {self.games} games")
        return self


def opponent(seat: Seat) -> Seat:
    """The other seat."""
    return SEATS[1] if seat == SEATS[0] else SEATS[0]
