"""Refusals from the rules core as sentences in the player's language.

The rules core raises `ReadableError`s with an English text and, where it can, a
message key; this turns one into the catalog's sentence, with the English text as the
fallback.  Options a title refuses become one sentence, never pydantic's dump (with its
URL and the input echoed back).  (Disk failures are explained by `game.storage.explain`.)
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import ValidationError

from rules.core.errors import ReadableError
from rules.core.model import printable

MAX_SHOWN = 300
"""A message with text from outside (a file, a title's rules) is cut to this many characters."""


def refusal(t: Callable[..., str], err: ReadableError) -> str:
    """The translated sentence of a refusal (its English text when it has no key, or when
    no catalog has the key)."""
    if err.key is None:
        return printable(str(err), MAX_SHOWN)
    text = t(err.key, **err.params)
    return printable(str(err) if text == err.key else text, MAX_SHOWN)


def first_problem(err: ValueError) -> str:
    """The first thing wrong, as one line: pydantic's first message, or the error's text."""
    if isinstance(err, ValidationError):
        text = str(err.errors()[0]["msg"]).removeprefix("Value error, ") if err.error_count() else ""
    else:
        text = str(err)
    return printable(text.splitlines()[0] if text else type(err).__name__, MAX_SHOWN)


def options_problem(t: Callable[..., str], err: ValueError) -> str:
    """Why a title refused the options chosen, in one translated sentence."""
    if isinstance(err, ReadableError) and err.key is not None:
        return refusal(t, err)
    return t("app.setup.invalid", reason=first_problem(err))
