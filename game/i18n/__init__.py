"""Message catalogs: English and Polish UI text, one flat dictionary per language.

Every ``game/i18n/<lang>/<namespace>.json`` file holds ``{"<namespace>.<name>": text}``
with ``{param}`` placeholders; all files of a language are merged into one catalog.
Plural forms and agreement with a name are selections in the text (`game.i18n.grammar`):
``"{count} {count:one=dowód|few=dowody|many=dowodów|other=dowodu}"``.
``app.json`` is the shell's namespace; each title has its own (``doppelnull.json``).

Owners may edit these files, so a broken one never stops the app: it is left out (its
keys fall back to English, then to the key itself), `catalog_problems` says what is
wrong with it, and ``python -m game content check`` lists every problem by file.
"""

from __future__ import annotations

import json
import locale
import os
import string
from collections.abc import Hashable, Mapping
from functools import cache
from pathlib import Path

from game.i18n.grammar import (
    Formatter,
    Named,
    agrees_only,
    is_selection,
    parse_selection,
    selection_problem,
    selections,
)

CATALOG_DIR = Path(__file__).resolve().parent
LANGUAGES: tuple[str, ...] = ("en", "pl")
DEFAULT_LANGUAGE = "en"
MAX_CATALOG_BYTES = 4_000_000
"""The largest catalog read; the shipped ones are under 100 kB."""


class CatalogError(ValueError):
    """A catalog file that cannot be used; the message names the file (and the line)."""


def namespace_files(language: str) -> dict[str, Path]:
    """Namespace -> catalog file of one language."""
    folder = CATALOG_DIR / language
    return {path.stem: path for path in sorted(folder.glob("*.json"))}


def shown_path(path: Path) -> str:
    """`path` as ``game/i18n/<language>/<file>``, the way a person finds it."""
    return "/".join(("game", "i18n", path.parent.name, path.name))


def load_namespace(path: Path) -> dict[str, str]:
    """One catalog file: a JSON object of string keys to string texts; CatalogError otherwise."""
    where = shown_path(path)
    try:
        if path.stat().st_size > MAX_CATALOG_BYTES:
            raise CatalogError(f"{where}: larger than {MAX_CATALOG_BYTES // 1_000_000} MB")
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise CatalogError(f"{where}: cannot be read ({err.strerror or err})") from err
    except UnicodeDecodeError as err:
        raise CatalogError(f"{where}: not UTF-8 text") from err
    except json.JSONDecodeError as err:
        raise CatalogError(f"{where}: line {err.lineno}, column {err.colno}: {err.msg}") from err
    except RecursionError as err:
        raise CatalogError(f"{where}: nested too deeply") from err
    if not isinstance(data, dict):
        raise CatalogError(f"{where}: a catalog must be a JSON object of keys to texts")
    for key, text in data.items():
        if not isinstance(text, str):
            raise CatalogError(f"{where}: {key}: the text must be a string, not {type(text).__name__}")
        if "{" not in text and "}" not in text:
            continue  # no field, no brace to mismatch: most texts, read at every start
        try:
            placeholders(text)
        except ValueError as err:
            raise CatalogError(f"{where}: {key}: {err} (write {{{{ and }}}} for braces)") from err
        for field, spec in selections(text):
            try:
                parse_selection(spec)
            except ValueError as err:
                raise CatalogError(f"{where}: {key}: {{{field}:…}}: {err}") from err
    return data


@cache
def _loaded(language: str) -> tuple[Mapping[str, str], tuple[str, ...]]:
    """`language`'s namespaces merged (read once), and why each file left out was left out."""
    merged: dict[str, str] = {}
    left_out = []
    for path in namespace_files(language).values():
        try:
            merged.update(load_namespace(path))
        except CatalogError as err:
            left_out.append(str(err))  # its keys fall back to English; the app says so at start
    return merged, tuple(left_out)


def catalog(language: str) -> Mapping[str, str]:
    """All namespaces of `language` merged into one dictionary (broken files left out)."""
    return _loaded(language)[0]


def broken_catalogs() -> list[str]:
    """Why each catalog file that does not load is left out (file and line)."""
    return [problem for language in LANGUAGES for problem in _loaded(language)[1]]


def catalog_problems() -> list[str]:
    """Every problem of every catalog file, each naming its file; empty when all are sound.

    A file that does not load; a namespace missing in a language; keys one language has
    and English lacks, or the other way; a text showing other ``{placeholders}`` than the
    English one (a field a text only agrees with, ``{owner:seat.f=agentkę|other=agenta}``,
    is the language's own: English needs no gender); a key outside its file's namespace;
    a plural selection missing one of its language's forms.
    """
    problems: list[str] = []
    loaded: dict[str, dict[str, dict[str, str]]] = {}
    for language in LANGUAGES:
        loaded[language] = {}
        for namespace, path in namespace_files(language).items():
            try:
                loaded[language][namespace] = load_namespace(path)
            except CatalogError as err:
                problems.append(str(err))
                continue
            strays = [key for key in loaded[language][namespace] if not key.startswith(f"{namespace}.")]
            if strays:
                problems.append(f"{shown_path(path)}: keys outside the namespace {namespace!r}: {strays[:5]}")
            problems.extend(_grammar_problems(shown_path(path), language, loaded[language][namespace]))
    english = loaded[DEFAULT_LANGUAGE]
    names = set().union(*(namespace_files(language) for language in LANGUAGES))
    for language in LANGUAGES:
        for namespace in sorted(names):
            path = CATALOG_DIR / language / f"{namespace}.json"
            if namespace not in namespace_files(language):
                problems.append(f"{shown_path(path)}: missing (the other languages have it)")
            if language == DEFAULT_LANGUAGE or namespace not in english or namespace not in loaded[language]:
                continue
            problems.extend(_compare(shown_path(path), loaded[language][namespace], english[namespace]))
    return problems


def _compare(where: str, texts: Mapping[str, str], english: Mapping[str, str]) -> list[str]:
    """How a translated file differs from the English one, key by key."""
    problems = []
    missing, extra = sorted(english.keys() - texts.keys()), sorted(texts.keys() - english.keys())
    if missing:
        problems.append(f"{where}: missing keys {missing}")
    if extra:
        problems.append(f"{where}: keys English does not have {extra}")
    for key in sorted(texts.keys() & english.keys()):
        if shown_placeholders(texts[key]) != shown_placeholders(english[key]):
            problems.append(
                f"{where}: {key}: placeholders {sorted(shown_placeholders(texts[key]))} "
                f"differ from English {sorted(shown_placeholders(english[key]))}"
            )
    return problems


def _grammar_problems(where: str, language: str, texts: Mapping[str, str]) -> list[str]:
    return [
        f"{where}: {key}: {{{field}:…}}: {problem}"
        for key, text in texts.items()
        for field, spec in selections(text)
        if (problem := selection_problem(language, spec)) is not None
    ]


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields a text expects (ValueError for a lone ``{`` or ``}``)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def shown_placeholders(text: str) -> set[str]:
    """The fields whose value a text shows: all but those it only selects a form by (a
    name's gender, ``{owner:seat.f=agentkę|other=agenta}``), which are the language's own
    (English needs no gender); every language shows the same facts."""
    fields = string.Formatter().parse(text)
    return {
        name
        for _, name, spec, _ in fields
        if name and not (spec and is_selection(spec) and agrees_only(spec))
    }


class _Keep(dict[str, object]):
    """Format parameters that leave an unknown ``{field}`` visible instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Translator:
    """``t(key, **params)``: the text of `key` in the current language.

    A key missing in the language falls back to English, then to the key itself, so a
    forgotten message shows up as its key on screen rather than crashing the game
    (tests/test_i18n.py makes sure none is forgotten).
    """

    def __init__(self, language: str = DEFAULT_LANGUAGE) -> None:
        self.set_language(language)

    def set_language(self, language: str) -> None:
        self.language = language if language in LANGUAGES else DEFAULT_LANGUAGE
        self._formatters = {
            self.language: Formatter(self.language),
            DEFAULT_LANGUAGE: Formatter(DEFAULT_LANGUAGE),
        }
        self._said: dict[Hashable, str] = {}
        """Texts already made, by key and parameters (`_said_key`): a table drawn again
        asks for the same few hundred texts, and formatting one is ~40 µs.  Kept while
        the catalogs they were made from (`_said_from`) are the ones loaded."""
        self._said_from: tuple[Mapping[str, str], ...] = ()

    def has(self, key: str) -> bool:
        return key in catalog(self.language) or key in catalog(DEFAULT_LANGUAGE)

    def __call__(self, key: str, **params: object) -> str:
        said = _said_key(key, params)
        if said is None:
            return self._say(key, params)
        shown, english = catalog(self.language), catalog(DEFAULT_LANGUAGE)
        made_from = self._said_from
        if not made_from or made_from[0] is not shown or made_from[1] is not english:
            self._said, self._said_from = {}, (shown, english)
        text = self._said.get(said)
        if text is None:
            if len(self._said) >= SAID_KEPT:
                self._said.clear()
            text = self._said[said] = self._say(key, params)
        return text

    def _say(self, key: str, params: dict[str, object]) -> str:
        language = self.language if key in catalog(self.language) else DEFAULT_LANGUAGE
        text = catalog(language).get(key)
        if text is None:
            return key
        try:
            return self._formatters[language].vformat(text, (), _Keep(params))
        except (ValueError, LookupError, AttributeError, TypeError):
            return text  # an edited text with a field no parameter fills ("{0}", "{name.x}")


SAID_KEPT = 4096
"""Texts a translator keeps made (forgotten all at once past that: a game's texts are
a few hundred; a long one's numbers and names make more)."""
_PLAIN = frozenset({str, int, float, bool, type(None)})


def _said_key(key: str, params: dict[str, object]) -> Hashable | None:
    """What a text depends on: its key and its parameters, each with its type (and a name's
    grammatical form); None when a parameter is something else (then it is made afresh)."""
    said: list[Hashable] = [key]
    for name, value in params.items():
        kind = type(value)
        if kind is Named:
            assert isinstance(value, Named)
            said.append((name, str(value), value.form, value.id))
        elif kind in _PLAIN:
            said.append((name, kind, value))
        else:
            return None
    return tuple(said)


def render(language: str, template: str, params: Mapping[str, object]) -> str:
    """`template` of `language` filled with `params`; raises where a `Translator` would give up."""
    return Formatter(language).vformat(template, (), params)


def system_language() -> str:
    """``"pl"`` when the system locale is Polish, else English."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(variable, "")
        if value:
            return "pl" if value.lower().startswith("pl") else DEFAULT_LANGUAGE
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "pl" if code.lower().startswith(("pl", "polish")) else DEFAULT_LANGUAGE
