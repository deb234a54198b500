"""The stawka message catalogs name every content id the log shows, as the content does."""

from __future__ import annotations

from game.i18n import load_namespace, namespace_files
from rules.stawka.content import COLOURS, load_content


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
            assert getattr(face.name, language) in catalog[f"stawka.value.streets.{face.id}"]
        for colour in COLOURS:
            assert catalog[f"stawka.value.{colour}"]
            assert catalog[f"stawka.colour_letter.{colour}"]
