"""The race to the island: 3-6 secret agents race round the board to the island (seed 003)."""

from rules.island.title import TITLE, IslandTitle

__all__ = ["TITLE", "IslandTitle"]
