"""Stawka większa niż życie: the rules, content and bots."""
