"""Agent Doppelnull: unmask the opponent's seven agents by swapping numbered cards."""

from rules.doppelnull.title import DOPPELNULL, DoppelnullTitle

__all__ = ["DOPPELNULL", "DoppelnullTitle"]
