"""Grammar in the catalogs: plural forms by CLDR's rules, and agreement with a name's form.

A catalog text is a `str.format` template.  A placeholder whose format spec lists forms
(``key=form|key=form|other=form``) is replaced by one of the forms, not by its value:

* a number selects by its CLDR plural category in the text's language (Babel's rules:
  Polish ``one`` 1, ``few`` 2-4 and 22-24, ``many`` 5-21 and 25..., ``other`` fractions)::

      "{count} {count:one=dowód|few=dowody|many=dowodów|other=dowodu}"

  a key of digits matches that number exactly and comes first (``0=none``);
* a `Named` value (a player, a seat, a character) selects by its grammatical form, which
  its catalog gives (``plural``, ``f``, ``m``...; a name a person typed is ``person``),
  else by the id it names (an adjective's case: ``{colour:purple=fioletowemu|...}``)::

      "{player} {player:plural=demaskują|other=demaskuje}"

* any other text selects the form named like it.

``other`` is the fallback and every selection has one.  A selection that names a plural
category names all of its language's (`selection_problem`), so no number goes without
its form.  Babel is imported the first time a number is selected, not at start-up; a
game warms it in the background (`warm`), so no frame of it waits for the import.
"""

from __future__ import annotations

import string
import threading
from collections.abc import Mapping
from functools import cache
from typing import Any

FALLBACK = "other"
PERSON = "person"
"""The form of a name a person typed: one person, gender unknown (write the sentence so it
needs none: a present tense, an impersonal form)."""


class Named(str):
    """A name to put in a sentence, carrying the grammatical form the sentence agrees with."""

    form: str
    id: str | None
    """The id of what is named (a seat, a colour), when it is one."""

    def __new__(cls, text: str, form: str = PERSON, id: str | None = None) -> Named:
        named = super().__new__(cls, text)
        named.form = form
        named.id = id
        return named


def is_selection(spec: str) -> bool:
    return "=" in spec


def parse_selection(spec: str) -> dict[str, str]:
    """``"one=dowód|few=dowody|other=dowodów"`` -> its forms by key (ValueError if malformed)."""
    forms: dict[str, str] = {}
    for part in spec.split("|"):
        key, equals, form = part.partition("=")
        key = key.strip()
        if not equals or not key:
            raise ValueError(f"{part!r} is not key=form")
        if key in forms:
            raise ValueError(f"the form {key!r} is given twice")
        forms[key] = form
    if FALLBACK not in forms:
        raise ValueError(f"a selection needs an {FALLBACK!r} form")
    return forms


@cache
def plural_categories(language: str) -> frozenset[str]:
    """CLDR's plural categories of `language` (``other`` included)."""
    return frozenset(_plural_rule(language).tags) | {FALLBACK}


@cache
def _plural_rule(language: str) -> Any:
    from babel.core import Locale  # ~100 ms with the locale data: only when a number is selected

    return Locale.parse(language).plural_form


_WARMED: set[str] = set()


def warm(language: str) -> None:
    """Load `language`'s plural rule in a thread of its own (once per process): a game is
    about to select numbers, and the first load takes tens of ms."""
    if language in _WARMED:
        return
    _WARMED.add(language)
    threading.Thread(target=_plural_rule, args=(language,), name="siatka-plurals", daemon=True).start()


def plural_category(language: str, number: float) -> str:
    category: str = _plural_rule(language)(number)
    return category


def select(language: str, value: object, forms: Mapping[str, str]) -> str:
    """The form of `forms` that `value` selects in `language`."""
    if isinstance(value, bool):
        key = "yes" if value else "no"
    elif isinstance(value, int | float):
        exact = str(value)
        if exact in forms:
            return forms[exact]
        key = plural_category(language, value)
    elif isinstance(value, Named):
        # A selection naming what it is (a colour) goes by the id; one by its form by the form.
        key = value.id if value.id is not None and value.id in forms else value.form
    else:
        key = str(value)
    return forms.get(key, forms[FALLBACK])


def selection_problem(language: str, spec: str) -> str | None:
    """What is wrong with a selection written for `language`, or None.

    A selection naming any plural category of the language must name them all.
    """
    try:
        forms = parse_selection(spec)
    except ValueError as err:
        return str(err)
    categories = plural_categories(language)
    named = (forms.keys() & categories) - {FALLBACK}
    if named and not categories <= forms.keys():
        missing = sorted(categories - forms.keys())
        return f"plural forms {missing} are missing ({language} has {sorted(categories)})"
    return None


def selections(text: str) -> list[tuple[str, str]]:
    """The (field, spec) of every selection in `text`."""
    return [
        (name, spec)
        for _, name, spec, _ in string.Formatter().parse(text)
        if name and spec and is_selection(spec)
    ]


class Formatter(string.Formatter):
    """`str.format` that understands selections, for one language."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> Any:
        if is_selection(format_spec):
            return select(self.language, value, parse_selection(format_spec))
        return super().format_field(value, format_spec)
