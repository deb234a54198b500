"""Plural forms by CLDR's rules and agreement with a name, in every message of both languages.

Issue 11, point 2.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.i18n import LANGUAGES, CatalogError, catalog, catalog_problems, load_namespace, placeholders, render
from game.i18n.grammar import FALLBACK, PERSON, Named, plural_category, selection_problem, selections

SAMPLES = (1, 2, 5, 22)
HEDGES = re.compile(r"\w\((a|y|e|i|o|owie|ów|s)\)|\w/(a|y|e)\b|\bWygrałeś\b")
"""A form left to the reader: "ustawił(a)", "wyszkolona/y", "agent(s)", a masculine-only "you won"."""


def test_polish_plural_forms_follow_cldr() -> None:
    assert [plural_category("pl", n) for n in (1, 2, 4, 5, 12, 21, 22, 25, 101, 102)] == [
        "one",
        "few",
        "few",
        "many",
        "many",
        "many",
        "few",
        "many",
        "many",
        "few",
    ]
    text = "{count} {count:one=dowód|few=dowody|many=dowodów|other=dowodu}"
    assert [render("pl", text, {"count": n}) for n in SAMPLES] == [
        "1 dowód",
        "2 dowody",
        "5 dowodów",
        "22 dowody",
    ]
    assert (
        render("pl", "po {n} {n:one=punkt|few=punkty|many=punktów|other=punktu}", {"n": 2}) == "po 2 punkty"
    )
    assert render("en", "{n} {n:one=point|other=points}", {"n": 1}) == "1 point"
    assert render("en", "{n:0=no points|other=some points}", {"n": 0}) == "no points"


def test_a_sentence_agrees_with_the_form_of_a_name() -> None:
    text = "{player} {player:plural=demaskują|other=demaskuje}"
    assert render("pl", text, {"player": Named("Agenci", "plural")}) == "Agenci demaskują"
    assert render("pl", text, {"player": Named("Ola")}) == "Ola demaskuje"
    assert Named("Ola").form == PERSON
    colour = "{colour:purple=fioletowemu|black=czarnemu|other=temu}"
    assert render("pl", colour, {"colour": Named("fioletowy", id="purple")}) == "fioletowemu"
    # A content name the log fills in has the fallback form ("other"): its id still selects.
    assert render("pl", colour, {"colour": Named("fioletowy", "other", "purple")}) == "fioletowemu"


def test_a_selection_must_name_every_plural_form_of_its_language() -> None:
    assert selection_problem("pl", "one=dowód|few=dowody|many=dowodów|other=dowodu") is None
    assert "['many']" in (selection_problem("pl", "one=dowód|few=dowody|other=dowodu") or "")
    assert "other" in (selection_problem("pl", "one=dowód|few=dowody|many=dowodów") or "")
    assert selection_problem("pl", "plural=grają|other=gra") is None


def test_a_broken_selection_is_a_catalog_error(tmp_path: Path) -> None:
    broken = tmp_path / "pl" / "app.json"
    broken.parent.mkdir()
    broken.write_text('{"app.x": "{count:one=a|few}"}', encoding="utf-8")
    with pytest.raises(CatalogError, match=r"app\.x"):
        load_namespace(broken)


def test_the_shipped_catalogs_have_no_grammar_problem() -> None:
    assert [problem for problem in catalog_problems() if "plural" in problem or "selection" in problem] == []


def _numbers(text: str, number: int) -> dict[str, object]:
    """Every placeholder of `text` filled: numbers with `number`, names as a person and as a plural seat."""
    return {name.split(".")[0].split("[")[0]: number for name in placeholders(text)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_renders_with_the_sample_numbers(language: str) -> None:
    """Each text with every placeholder a number, then a name of each form: nothing left unfilled."""
    failures = []
    for key, text in catalog(language).items():
        for value in (*SAMPLES, Named("Ola"), Named("Agenci", "plural"), Named("Siatka polska", "f")):
            params = dict.fromkeys(_numbers(text, 0), value)
            try:
                shown = render(language, text, params)
            except (ValueError, LookupError, TypeError) as err:
                failures.append(f"{key} with {value!r}: {err}")
                continue
            if "{" in shown.replace("{{", "") or ("=" in shown and selections(text) and "|" in shown):
                failures.append(f"{key} with {value!r}: {shown!r}")
    assert failures == []


def test_polish_numbers_take_their_plural_forms() -> None:
    """In Polish, a number placeholder followed by a counted noun selects the noun's form."""
    counted = re.compile(r"\{(\w+)\} (dowod|punkt|agent|karty|kart|żeton|gier|gry|ruch|sekund)")
    assert [key for key, text in catalog("pl").items() if counted.search(text)] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_hedges_a_form(language: str) -> None:
    assert [f"{key}: {text}" for key, text in catalog(language).items() if HEDGES.search(text)] == []


def test_a_form_fallback_exists_in_every_selection() -> None:
    for language in LANGUAGES:
        for key, text in catalog(language).items():
            for _, spec in selections(text):
                assert f"{FALLBACK}=" in spec, f"{language}: {key}"


def test_a_form_is_tags_of_gender_and_number_and_the_narrowest_key_written_first_wins() -> None:
    """Issue 29, point 2: "Agentki" are many women; a typed name carries its seat's form."""
    text = "{side:plural+m=zdemaskowani|plural=zdemaskowane|f=zdemaskowana|other=zdemaskowany}"
    assert render("pl", text, {"side": Named("Agenci", "plural m")}) == "zdemaskowani"
    assert render("pl", text, {"side": Named("Agentki", "plural f")}) == "zdemaskowane"
    assert render("pl", text, {"side": Named("Marta", "f")}) == "zdemaskowana"
    assert render("pl", text, {"side": Named("Ola")}) == "zdemaskowany"
    ola = Named("Ola").playing(Named("Agentki", "plural f"))
    assert render("pl", "{owner:seat.f=agentkę|other=agenta}", {"owner": ola}) == "agentkę"
    assert render("pl", "{owner:plural=grają|other=gra}", {"owner": ola}) == "gra", "Ola is one"
    assert "never chosen" in (selection_problem("pl", "plural=a|plural+m=b|other=c") or "")
    assert selection_problem("pl", "plural+m=b|plural=a|other=c") is None


def test_a_field_a_text_only_agrees_with_is_the_language_s_own() -> None:
    from game.i18n import shown_placeholders

    assert shown_placeholders("{player} sends one of the opponent's agents") == {"player"}
    polish = "{player} odsyła {owner:seat.f=jedną z agentek|other=jednego z agentów}"
    assert shown_placeholders(polish) == {"player"}
    assert shown_placeholders("{colour:purple=fioletowy|other=inny}") == {"colour"}, "names the colour"
    assert shown_placeholders("{count:one=punkt|few=punkty|many=punktów|other=punktu}") == {"count"}
