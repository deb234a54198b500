"""Stawka bots: they see only their seat's view and the legal actions."""

from rules.stawka.bots.heuristic import HeuristicBot

__all__ = ["HeuristicBot"]
