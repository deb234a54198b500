"""What every title provides and needs, from the one function that says it (issue 33, point 1).

`game.title_needs.title_needs` derives a title's needed messages from the title itself;
these tests and ``python -m game content check`` both use it.
"""

from __future__ import annotations

import io
from typing import Any, cast

import pytest

from game import content_check
from game.i18n import LANGUAGES, catalog
from game.title_needs import LEVEL_KEYS, Need, title_needs
from rules.core import Title
from rules.registry import TITLES


@pytest.mark.parametrize("title_id", sorted(TITLES))
def test_both_catalogs_hold_every_message_a_title_needs(title_id: str) -> None:
    needs = title_needs(TITLES[title_id])
    for language in LANGUAGES:
        missing = needs.missing(catalog(language))
        assert not missing, f"{language}: " + "; ".join(map(str, missing))


@pytest.mark.parametrize("title_id", sorted(TITLES))
def test_the_needs_follow_the_titles_own_seats_levels_and_decisions(title_id: str) -> None:
    title = TITLES[title_id]
    needs = title_needs(title)
    keys = {key for need in needs.needs for key in need.keys}
    assert needs.bot_ids == title.bot_ids and needs.has_secrets == title.has_secrets
    assert list(needs.levels.values()) == list(LEVEL_KEYS[: len(title.bot_ids)])
    assert {f"{title_id}.seat.{seat}" for seat in needs.seats} <= keys
    assert set(title.seats(title.default_options())) <= set(needs.seats)
    assert {f"{title_id}.bot.{bot}.tip" for bot in title.bot_ids} <= keys
    rules = title.rulebook.rules()
    assert {f"{title_id}.prompt.{rule.kind}" for rule in rules} <= keys
    assert {f"{title_id}.help.{rule.kind}" for rule in rules if rule.auto is None} <= keys
    assert set(needs.events) == set(title.event_schemas)


def test_the_island_needs_a_seat_name_for_six_agents_and_its_refusals() -> None:
    """Seats under every setup choice (the island's 3 to 6 agents), refusals written out."""
    needs = title_needs(TITLES["island"])
    assert needs.seats == ("red", "blue", "green", "yellow", "violet", "white")
    assert Need(("island.refusal.no_jump",), "a refusal written in island/movement.py") in needs.needs
    assert Need(("island.option.players.n",), "a value of 'players'") in needs.needs
    assert Need(("island.ride.",), "written in island/movement.py", prefix=True) in needs.needs


@pytest.mark.parametrize(
    "key", ["island.goal", "island.seat.white", "island.help.arm", "island.bot.hard.tip", "island.rules.1"]
)
def test_a_message_taken_out_of_a_catalog_is_named_as_missing(key: str) -> None:
    texts = {k: v for k, v in catalog("pl").items() if k != key}
    missing = title_needs(TITLES["island"]).missing(texts)
    assert [need.keys[0] for need in missing] == [key]


def test_content_check_names_a_missing_message(monkeypatch: pytest.MonkeyPatch) -> None:
    polish = cast(dict[str, str], catalog("pl"))  # the cached catalog; restored afterwards
    monkeypatch.delitem(polish, "doppelnull.help.play")
    out, err = io.StringIO(), io.StringIO()
    assert content_check.content_check(out, err) == 1
    assert "doppelnull (pl): missing doppelnull.help.play (F1 at this decision)" in err.getvalue()
    assert "1 message(s) missing" in err.getvalue()


def test_a_title_with_more_levels_than_the_app_names_is_refused() -> None:
    island = cast(Title[Any, Any, Any], TITLES["island"])
    crowded = type("Crowded", (type(island),), {"bot_ids": ("a", "b", "c", "d")})()
    with pytest.raises(ValueError, match="4 computer levels"):
        title_needs(crowded)


@pytest.mark.parametrize("title_id", sorted(TITLES))
def test_every_title_loads_its_content_by_one_name(title_id: str) -> None:
    """Issue 33, point 5: one name for the content loader, ``<package>.content.load_content``
    (cached: the same object every time), where there were five."""
    import importlib

    package = type(TITLES[title_id]).__module__.rsplit(".", 1)[0]
    loader = importlib.import_module(f"{package}.content").load_content
    assert loader() is loader()
