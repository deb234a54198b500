"""Every message key exists in English and Polish, with the same placeholders (issue 2)."""

from __future__ import annotations

import pytest

from game.i18n import LANGUAGES, Translator, load_namespace, namespace_files, placeholders

NAMESPACES = sorted(set().union(*(namespace_files(language) for language in LANGUAGES)))


def test_the_app_namespace_exists() -> None:
    assert "app" in NAMESPACES


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_every_language_has_every_key_with_the_same_placeholders(namespace: str) -> None:
    catalogs = {}
    for language in LANGUAGES:
        files = namespace_files(language)
        assert namespace in files, f"game/i18n/{language}/{namespace}.json is missing"
        catalogs[language] = load_namespace(files[namespace])
    english = catalogs["en"]
    for language, catalog in catalogs.items():
        assert catalog.keys() == english.keys(), (
            f"{language}/{namespace}.json: missing {sorted(english.keys() - catalog.keys())}, "
            f"extra {sorted(catalog.keys() - english.keys())}"
        )
        for key, text in catalog.items():
            assert placeholders(text) == placeholders(english[key]), f"{language}: {key}"
            assert text.strip(), f"{language}: {key} is empty"


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_keys_live_in_their_own_namespace(namespace: str) -> None:
    keys = load_namespace(namespace_files("en")[namespace])
    strays = [key for key in keys if not key.startswith(f"{namespace}.")]
    assert not strays, f"{namespace}.json holds keys of other namespaces: {strays}"


def test_polish_uses_its_letters() -> None:
    polish = Translator("pl")
    assert polish("app.menu.continue") == "Kontynuuj ostatnią grę"


def test_translation_fills_placeholders_and_falls_back_to_the_key() -> None:
    english = Translator("en")
    assert english("app.curtain.turn", name="Ola") == "Your turn, Ola"
    assert english("app.curtain.turn") == "Your turn, {name}"
    assert english("no.such.key") == "no.such.key"
