"""Agent Doppelnull: unmask the opponent's seven agents by swapping numbered cards."""

from rules.doppelnull.title import TITLE, DoppelnullTitle

__all__ = ["TITLE", "DoppelnullTitle"]
