"""The conformance suite, run for every registered title and the test-only toy title."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import Title
from rules.registry import TITLES
from tests.conformance import check_playout
from tests.party_title import PARTY
from tests.toy_title import TOY

ALL_TITLES: dict[str, Title[Any, Any, Any]] = {TOY.id: TOY, PARTY.id: PARTY, **TITLES}

# Random playouts per scenario; long titles get fewer so the suite stays quick.
PLAYOUTS: dict[str, int] = {"toy": 30, "stawka": 4, "island": 6}
MAX_ACTIONS: dict[str, int] = {"stawka": 20000, "queen-of-spies": 20000}
SCENARIO_PLAYOUTS: dict[str, int] = {"hotel-excelsior": 1}
"""Scenarios played "until victory": a random game runs to the rules' stage backstop (99
stages, some 1800 actions), so one seed; its setup choices add two more playouts."""


def _cases() -> list[tuple[str, str | None, int]]:
    cases = []
    for title_id, title in ALL_TITLES.items():
        for scenario in title.scenarios or (None,):
            for seed in range(SCENARIO_PLAYOUTS.get(scenario or "", PLAYOUTS.get(title_id, 12))):
                cases.append((title_id, scenario, seed))
    return cases


@pytest.mark.parametrize(("title_id", "scenario", "seed"), _cases())
def test_random_playout(title_id: str, scenario: str | None, seed: int) -> None:
    title = ALL_TITLES[title_id]
    report = check_playout(title, scenario, seed, MAX_ACTIONS.get(title_id, 5000))
    assert report.actions > 0
    assert report.seats_seen, "nobody ever acted"


def _choice_cases() -> list[tuple[str, str | None, str, Any]]:
    """Every value a title's setup choices offer besides the default, once per scenario."""
    cases = []
    for title_id, title in ALL_TITLES.items():
        for scenario in title.scenarios or (None,):
            for choice in title.setup_choices(scenario):
                for option in choice.values:
                    if option is not choice.option(choice.default):
                        cases.append((title_id, scenario, choice.field, option.value))
    return cases


@pytest.mark.parametrize(("title_id", "scenario", "field", "value"), _choice_cases())
def test_random_playout_with_a_setup_choice(
    title_id: str, scenario: str | None, field: str, value: Any
) -> None:
    title = ALL_TITLES[title_id]
    options = title.make_options(scenario, choices={field: value})
    report = check_playout(title, scenario, 7, MAX_ACTIONS.get(title_id, 5000), options)
    assert report.actions > 0


@pytest.mark.parametrize("title_id", sorted(t.id for t in ALL_TITLES.values() if t.has_secrets))
def test_secrets_are_really_scrambled(title_id: str) -> None:
    """The leak check is only as good as `scramble`: it must actually re-deal something."""
    title = ALL_TITLES[title_id]
    changed = 0
    for seed in range(3):
        changed += check_playout(
            title, title.scenarios[0] if title.scenarios else None, seed, MAX_ACTIONS.get(title_id, 5000)
        ).scrambles_that_changed
    assert changed > 0, f"{title_id}.scramble never changed a state: the leak check proves nothing"


@pytest.mark.parametrize("title_id", sorted(ALL_TITLES))
def test_illegal_actions_are_exercised(title_id: str) -> None:
    title = ALL_TITLES[title_id]
    checked = sum(
        check_playout(
            title, title.scenarios[0] if title.scenarios else None, seed, MAX_ACTIONS.get(title_id, 5000)
        ).illegal_checked
        for seed in range(2)
    )
    assert checked > 0, f"no refused action was ever tried on {title_id}"
