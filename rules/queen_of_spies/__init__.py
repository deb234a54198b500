"""Queen of Spies: Alice's network of spies in occupied Saint-François de Sales (solo)."""

from rules.queen_of_spies.title import QueenOfSpies

TITLE = QueenOfSpies()

__all__ = ["TITLE", "QueenOfSpies"]
