"""Stawka większa niż życie: the rules, content and bots (how the code reads the rulebook:
`README.md` beside this file)."""

from rules.stawka.title import TITLE, StawkaTitle

__all__ = ["TITLE", "StawkaTitle"]
