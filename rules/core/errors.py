"""Errors the rules core raises.

Each carries an English message (for logs, tests and the command line) and may carry a
message key with parameters, which the front end translates instead; the core never
imports the catalogs.
"""

from __future__ import annotations


class ReadableError(ValueError):
    """A refusal a person reads: ``str(err)`` in English, ``key``/``params`` for the catalogs."""

    def __init__(self, message: str, key: str | None = None, **params: str | int) -> None:
        super().__init__(message)
        self.key = key
        """A message key (``"app.save.too_large"``), or None: then only the English text exists."""
        self.params = params
        """Fills the key's ``{placeholders}``."""


class IllegalAction(ReadableError):
    """An action the rules do not allow now.

    The message is written for a player ("Jacek has only 1 AP left; moving costs 2"),
    and the state the action was applied to is unchanged.
    """


class SaveError(ReadableError):
    """A saved game that cannot be loaded: damaged, from another version, or hostile."""
