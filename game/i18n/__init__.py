"""Message catalogs: English and Polish UI text, one flat dictionary per language.

Every ``game/i18n/<lang>/<namespace>.json`` file holds ``{"<namespace>.<name>": text}``
with ``{param}`` placeholders; all files of a language are merged into one catalog.
``app.json`` is the shell's namespace; each title has its own (``doppelnull.json``).
"""

from __future__ import annotations

import json
import locale
import os
import string
from collections.abc import Mapping
from functools import cache
from pathlib import Path

CATALOG_DIR = Path(__file__).resolve().parent
LANGUAGES: tuple[str, ...] = ("en", "pl")
DEFAULT_LANGUAGE = "en"


def namespace_files(language: str) -> dict[str, Path]:
    """Namespace -> catalog file of one language."""
    folder = CATALOG_DIR / language
    return {path.stem: path for path in sorted(folder.glob("*.json"))}


def load_namespace(path: Path) -> dict[str, str]:
    """One catalog file: a JSON object of string keys to string texts."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(
        isinstance(key, str) and isinstance(text, str) for key, text in data.items()
    ):
        raise ValueError(f"{path}: a catalog must be a JSON object of strings to strings")
    return data


@cache
def catalog(language: str) -> Mapping[str, str]:
    """All namespaces of `language` merged into one dictionary (read once)."""
    merged: dict[str, str] = {}
    for path in namespace_files(language).values():
        merged.update(load_namespace(path))
    return merged


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields a text expects."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


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
        self.language = language if language in LANGUAGES else DEFAULT_LANGUAGE

    def set_language(self, language: str) -> None:
        self.language = language if language in LANGUAGES else DEFAULT_LANGUAGE

    def has(self, key: str) -> bool:
        return key in catalog(self.language) or key in catalog(DEFAULT_LANGUAGE)

    def __call__(self, key: str, **params: object) -> str:
        text = catalog(self.language).get(key) or catalog(DEFAULT_LANGUAGE).get(key)
        if text is None:
            return key
        return string.Formatter().vformat(text, (), _Keep(params))


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
