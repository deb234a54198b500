"""A test-only title with setup choices and a campaign: "Odd or even" played in levels.

It is the toy title (`tests.toy_title`) with two options a person sets before the game
(`level`, 1-3, and `pace`), one combination its options model refuses (level 3 may not
be played at the fast pace), and a campaign: a finished level leads to the next one,
up to level 3.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core import GameOptions, SetupChoice, SetupOption
from tests.toy_title import ToyState, ToyTitle

LEVELS = 3


class CampaignOptions(GameOptions):
    level: int = Field(default=1, ge=1, le=LEVELS)
    pace: Literal["calm", "fast"] = "calm"

    @model_validator(mode="after")
    def _last_level_is_calm(self) -> CampaignOptions:
        if self.level == LEVELS and self.pace == "fast":
            raise ValueError(f"level {LEVELS} cannot be played at the fast pace")
        return self


class CampaignState(ToyState):
    level: int = 1


class CampaignTitle(ToyTitle):
    id = "toy-campaign"
    state_model = CampaignState
    options_model = CampaignOptions

    def new_game(self, options: CampaignOptions, seed: int) -> CampaignState:  # type: ignore[override]
        return CampaignState(**dict(super().new_game(options, seed)), level=options.level)

    def setup_choices(self, scenario: str | None) -> tuple[SetupChoice, ...]:
        return (
            SetupChoice(
                field="level",
                label_key="toy.level",
                values=tuple(
                    SetupOption(value=n, label_key="toy.level.n", params={"level": n})
                    for n in range(1, LEVELS + 1)
                ),
                default=1,
            ),
            SetupChoice(
                field="pace",
                label_key="toy.pace",
                values=(
                    SetupOption(value="calm", label_key="toy.pace.calm"),
                    SetupOption(value="fast", label_key="toy.pace.fast"),
                ),
                default="calm",
            ),
        )

    def campaign_next(self, state: CampaignState) -> CampaignOptions | None:  # type: ignore[override]
        if self.outcome(state) is None or state.level >= LEVELS:
            return None
        return CampaignOptions(level=state.level + 1)


CAMPAIGN = CampaignTitle()
