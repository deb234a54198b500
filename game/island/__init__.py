"""The race to the island's table, drawn by us with pygame."""
