"""Errors the rules core raises."""


class IllegalAction(ValueError):
    """An action the rules do not allow now.

    The message is written for a player ("Jacek has only 1 AP left; moving costs 2"),
    and the state the action was applied to is unchanged.
    """


class SaveError(ValueError):
    """A saved game that cannot be loaded: damaged, from another version, or hostile."""
