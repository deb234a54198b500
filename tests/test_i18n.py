"""Every message key exists in English and Polish, showing the same placeholders (issue 2); a
field a text only agrees with (a gender) is the language's own (issue 29)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game import i18n
from game.i18n import LANGUAGES, Translator, load_namespace, namespace_files, shown_placeholders
from game.i18n.grammar import Named

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
            assert shown_placeholders(text) == shown_placeholders(english[key]), f"{language}: {key}"
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


def test_a_text_is_made_once_for_its_key_its_parameters_and_a_name_s_form() -> None:
    polish = Translator("pl")
    they, it = Named("Gestapo", "plural"), Named("Gestapo")
    for _ in range(2):  # the second time from what the translator kept
        assert polish("app.play.bot_thinking", name=they) == "Gestapo zastanawiają się…"
        assert polish("app.play.bot_thinking", name=it) == "Gestapo zastanawia się…"
        assert polish("app.play.bot_thinking", name="Ola") == "Ola zastanawia się…"


def test_a_text_kept_follows_the_catalogs_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    english = Translator("en")
    assert english("app.curtain.turn", name="Ola") == "Your turn, Ola"
    copy = tmp_path / "i18n"
    for language in LANGUAGES:
        shutil.copytree(i18n.CATALOG_DIR / language, copy / language)
    app = copy / "en" / "app.json"
    app.write_text(
        app.read_text(encoding="utf-8").replace("Your turn, {name}", "Over to you, {name}"), "utf-8"
    )
    monkeypatch.setattr(i18n, "CATALOG_DIR", copy)
    i18n._loaded.cache_clear()
    try:
        assert english("app.curtain.turn", name="Ola") == "Over to you, Ola"
    finally:
        monkeypatch.undo()
        i18n._loaded.cache_clear()
