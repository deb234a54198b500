"""Grammar in the catalogs: plural forms by CLDR's rules, and agreement with a name's form.

A catalog text is a `str.format` template.  A placeholder whose format spec lists forms
(``key=form|key=form|other=form``) is replaced by one of the forms, not by its value:

* a number selects by its CLDR plural category in the text's language (Babel's rules:
  Polish ``one`` 1, ``few`` 2-4 and 22-24, ``many`` 5-21 and 25..., ``other`` fractions)::

      "{count} {count:one=dowód|few=dowody|many=dowodów|other=dowodu}"

  a key of digits matches that number exactly and comes first (``0=none``);
* a `Named` value (a player, a seat, a character) selects by the id it names (an
  adjective's case: ``{colour:purple=fioletowemu|...}``), else by its grammatical form,
  which its catalog gives as tags of gender and number (``m``, ``f``, ``n``, ``plural``:
  ``"plural f"`` for "Agentki"; a name a person typed is ``person``, gender unknown).
  A key names one tag or several joined by ``+``; the first key, as written, whose tags
  the name all has is chosen (so the narrowest comes first)::

      "{player} {player:plural=demaskują|other=demaskuje}"
      "{side:plural+m=zdemaskowani|plural=zdemaskowane|f=zdemaskowana|other=zdemaskowany}"

  A player's name also carries the tags of the seat he plays, as ``seat.<tag>``: the
  seat's own agents agree with it whoever plays them (``{owner:seat.f=agentkę|other=agenta}``);
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


SEAT_TAG = "seat."
"""The prefix of a tag a player's name carries from the seat he plays."""


class Named(str):
    """A name to put in a sentence, carrying the grammatical form the sentence agrees with."""

    form: str
    """Its tags, space-separated (``"plural f"``, ``"person seat.plural seat.m"``)."""
    id: str | None
    """The id of what is named (a seat, a colour), when it is one."""
    tags: frozenset[str]

    def __new__(cls, text: str, form: str = PERSON, id: str | None = None) -> Named:
        named = super().__new__(cls, text)
        named.form = form
        named.id = id
        named.tags = frozenset(form.split())
        return named

    def playing(self, seat: Named) -> Named:
        """This name, also carrying the tags of `seat` (``seat.<tag>``: see the module)."""
        inherited = " ".join(SEAT_TAG + tag for tag in sorted(seat.tags) if not tag.startswith(SEAT_TAG))
        return Named(str(self), f"{self.form} {inherited}".strip(), self.id)


GENDERS_AND_NUMBERS = frozenset({"m", "f", "n", "plural", PERSON})
"""The tags of gender and number a catalog gives a name (plain, or as ``seat.<tag>``)."""


def agrees_only(spec: str) -> bool:
    """Whether a selection picks its form by a name's gender or number alone (not by a
    number's plural category or by what is named): it says nothing the other languages
    must say too (False for a malformed one)."""
    try:
        keys = [form_tags(key) for key in parse_selection(spec) if key != FALLBACK]
    except ValueError:
        return False
    return bool(keys) and all(tag.removeprefix(SEAT_TAG) in GENDERS_AND_NUMBERS for k in keys for tag in k)


def form_tags(key: str) -> frozenset[str]:
    """The tags a selection key names: ``"plural+m"`` -> {plural, m}."""
    return frozenset(tag.strip() for tag in key.split("+"))


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
        if value.id is not None and value.id in forms:
            return forms[value.id]
        for written, form in forms.items():
            if written != FALLBACK and form_tags(written) <= value.tags:
                return form
        return forms[FALLBACK]
    else:
        key = str(value)
    return forms.get(key, forms[FALLBACK])


def selection_problem(language: str, spec: str) -> str | None:
    """What is wrong with a selection written for `language`, or None.

    A selection naming any plural category of the language must name them all; no key
    may follow one that names some of its tags (it would never be chosen).
    """
    try:
        forms = parse_selection(spec)
    except ValueError as err:
        return str(err)
    written = [form_tags(key) for key in forms if key != FALLBACK]
    for index, tags in enumerate(written):
        if any(earlier <= tags for earlier in written[:index]):
            joined = "+".join(sorted(tags))
            return f"the form {joined!r} is never chosen: a key before it names some of its tags"
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
