"""The Queen of Spies table (pygame)."""
