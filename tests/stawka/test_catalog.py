"""The stawka message catalogs name every content id the log shows, as the content does."""

from __future__ import annotations

import pytest

from game.i18n import load_namespace, namespace_files
from rules.core import Dice, Match, seed_state
from rules.stawka.content import COLOURS, load_content
from rules.stawka.options import StawkaOptions
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE


def test_catalogs_name_every_agent_location_item_and_sector() -> None:
    content = load_content()
    for language in ("en", "pl"):
        catalog = load_namespace(namespace_files(language)["stawka"])
        for document in content.documents:
            assert catalog[f"stawka.value.{document.agent}"] == getattr(document.name, language)
        for location in content.locations:
            assert catalog[f"stawka.value.{location.id}"] == getattr(location.name, language)
        for item in content.items:
            assert catalog[f"stawka.value.{item.id}"] == getattr(item.name, language)
        for face in content.faces:
            # Polish names the sector in the genitive ("ulice sektora kolejowego"): its stem.
            stem = getattr(face.name, language).split()[-1][:5]
            assert stem in catalog[f"stawka.value.streets.{face.id}"]
            assert catalog[f"stawka.value.streets.{face.id}.form"] == "streets"
        for colour in COLOURS:
            assert catalog[f"stawka.value.{colour}"]
            assert catalog[f"stawka.colour_letter.{colour}"]


def test_catalogs_name_every_location_card() -> None:
    content = load_content()
    for language in ("en", "pl"):
        catalog = load_namespace(namespace_files(language)["stawka"])
        for card in content.location_cards:
            name = catalog[f"stawka.value.{card.id}"]
            assert name.startswith(getattr(content.location(card.location).name, language))


@pytest.mark.parametrize("scenario", ["training-3", "top-secret"])
def test_every_message_of_an_advanced_game_is_in_both_catalogs(scenario: str) -> None:
    """The log writes every event of random advanced games in both languages."""
    catalogs = {language: load_namespace(namespace_files(language)["stawka"]) for language in ("en", "pl")}
    keys: set[str] = set()
    for seed in range(3):
        match = Match(TITLE, StawkaOptions(scenario=scenario), seed)
        dice = Dice(seed_state(seed))
        while match.to_act() is not None:
            state = match.state
            assert isinstance(state, StawkaState)
            match.act(dice.choice(TITLE.legal_actions(state)))
        keys.update(event.key for event in match.log)
    assert "stawka.location_cards_drawn" in keys
    for language, catalog in catalogs.items():
        assert not sorted(k for k in keys if k not in catalog), language
