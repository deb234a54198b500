"""The conformance suite, run for every registered title and the test-only toy title."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import Title
from rules.registry import TITLES
from tests.conformance import PlayoutReport, check_playout
from tests.party_title import PARTY
from tests.toy_title import TOY

ALL_TITLES: dict[str, Title[Any, Any, Any]] = {TOY.id: TOY, PARTY.id: PARTY, **TITLES}

# Random playouts per scenario; long titles get fewer so the suite stays quick.
PLAYOUTS: dict[str, int] = {"toy": 30, "stawka": 4, "island": 6}
MAX_ACTIONS: dict[str, int] = {"stawka": 20000, "queen-of-spies": 20000}
SCENARIO_PLAYOUTS: dict[str, int] = {"hotel-excelsior": 1}
"""Scenarios played "until victory": a random game runs to the rules' stage backstop (99
stages, some 1850 actions), so one seed; its setup choices add two more playouts."""
BOTS_PLAY_THE_CHOICES = {"hotel-excelsior"}
"""Scenarios whose setup choices' playouts the default level plays in every seat (seeded,
every action checked as in a random game): random play never wins them and runs to the
backstop, which the random playout above reaches already, while bots end them by a win,
in some 600 actions (rules/stawka: room 217)."""


def _first_seeds(title: Title[Any, Any, Any]) -> int:
    """How many seeds (0, 1, ...) of the title's first scenario
    `test_the_first_playouts_re_deal_secrets_and_refuse_illegal_actions` plays: three when
    the title has secrets (the scramble's check adds them up), else two (the refusals')."""
    return 3 if title.has_secrets else 2


def _cases() -> list[tuple[str, str | None, int]]:
    """Every title's scenarios, each its number of seeds, but for the first seeds of the first
    scenario: `test_the_first_playouts_re_deal_secrets_and_refuse_illegal_actions` plays
    those games (the same seeds, with the same checks) once for its own checks too."""
    cases = []
    for title_id, title in ALL_TITLES.items():
        for index, scenario in enumerate(title.scenarios or (None,)):
            for seed in range(SCENARIO_PLAYOUTS.get(scenario or "", PLAYOUTS.get(title_id, 12))):
                if index > 0 or seed >= _first_seeds(title):
                    cases.append((title_id, scenario, seed))
    return cases


@pytest.mark.parametrize(("title_id", "scenario", "seed"), _cases())
def test_random_playout(title_id: str, scenario: str | None, seed: int) -> None:
    report = _playout(ALL_TITLES[title_id], scenario, seed)
    assert _somebody_played(report), "nobody ever acted"


def _playout(title: Title[Any, Any, Any], scenario: str | None, seed: int) -> PlayoutReport:
    """One seeded random game checked (`check_playout`: it raises on a broken rule)."""
    return check_playout(title, scenario, seed, MAX_ACTIONS.get(title.id, 5000))


def _somebody_played(report: PlayoutReport) -> bool:
    """Whether the game had actions and a seat that took them."""
    return report.actions > 0 and bool(report.seats_seen)


COUNTS: set[tuple[str, str]] = {("doppelnull", "games")}
"""Setup choices that only say how many times the same thing happens: of their values besides
the default, the two smallest and the largest are played. A series of 2 to 9 games is read
by comparing with its length (rules/doppelnull/play_rules.py: another game is dealt while
game_number < games, the outcome waits for len(results) == games), so a series of 4 to 8
takes the very same path as one of 2, 3 or 9, only more times (and made 5.6 of the 8.4 CPU s
of the series' playouts); tests/test_setup_choices.py still makes and starts every value."""


def _choice_cases() -> list[tuple[str, str | None, str, Any]]:
    """Every value a title's setup choices offer besides the default, once per scenario (of a
    count in `COUNTS`, the two smallest and the largest)."""
    cases = []
    for title_id, title in ALL_TITLES.items():
        for scenario in title.scenarios or (None,):
            for choice in title.setup_choices(scenario):
                values = [
                    option.value for option in choice.values if option is not choice.option(choice.default)
                ]
                if (title_id, choice.field) in COUNTS:
                    values = sorted(values)
                    values = [*values[:2], values[-1]]
                cases += [(title_id, scenario, choice.field, value) for value in values]
    return cases


@pytest.mark.parametrize(("title_id", "scenario", "field", "value"), _choice_cases())
def test_random_playout_with_a_setup_choice(
    title_id: str, scenario: str | None, field: str, value: Any
) -> None:
    title = ALL_TITLES[title_id]
    options = title.make_options(scenario, choices={field: value})
    bots = scenario in BOTS_PLAY_THE_CHOICES
    report = check_playout(title, scenario, 7, MAX_ACTIONS.get(title_id, 5000), options, bots=bots)
    assert report.actions > 0


@pytest.mark.parametrize("title_id", sorted(ALL_TITLES))
def test_the_first_playouts_re_deal_secrets_and_refuse_illegal_actions(title_id: str) -> None:
    """The first scenario's first seeds, each a `test_random_playout` (left out there: one
    game played once), and two checks of the conformance suite itself over them: actions
    that are not legal any more were tried (seeds 0 and 1), and, for a title with secrets,
    `scramble` really re-dealt something (seeds 0-2): the leak check is only as good as
    `scramble`."""
    title = ALL_TITLES[title_id]
    scenario = title.scenarios[0] if title.scenarios else None
    reports = [_playout(title, scenario, seed) for seed in range(_first_seeds(title))]
    assert all(_somebody_played(report) for report in reports), "nobody ever acted"
    checked = sum(report.illegal_checked for report in reports[:2])
    assert checked > 0, f"no refused action was ever tried on {title_id}"
    if title.has_secrets:
        changed = sum(report.scrambles_that_changed for report in reports[:3])
        assert changed > 0, f"{title_id}.scramble never changed a state: the leak check proves nothing"
