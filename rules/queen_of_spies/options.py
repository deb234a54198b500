"""The options of a Queen of Spies game."""

from __future__ import annotations

from rules.core import GameOptions


class QueenOptions(GameOptions):
    """Options of a story; the scenario is the story id (`load_content().story_ids`)."""
