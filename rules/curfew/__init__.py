"""Godzina policyjna: the solo Stawka scenario, one Polish network against German agents the rules play."""

from rules.curfew.title import TITLE

__all__ = ["TITLE"]
