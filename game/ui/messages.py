"""Refusals from the rules core as sentences in the player's language.

The rules core raises `ReadableError`s with an English text and, where it can, a
message key; this turns one into the catalog's sentence, with the English text as the
fallback.  (Disk failures are explained by `game.storage.explain`.)
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core.errors import ReadableError
from rules.core.model import printable

MAX_SHOWN = 300
"""A message with text from outside (a file, a title's rules) is cut to this many characters."""


def refusal(t: Callable[..., str], err: ReadableError) -> str:
    """The translated sentence of a refusal (its English text when it has no key)."""
    if err.key is None:
        return printable(str(err), MAX_SHOWN)
    return printable(t(err.key, **err.params), MAX_SHOWN)
