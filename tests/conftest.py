"""Shared test set-up: headless SDL, and a private data folder for every test session."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from game.app import App
    from tests.driver import Driver

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# The suite keeps the project's compiled modules and pytest's rewritten test modules in
# __pycache__ (git ignores it) even where PYTHONDONTWRITEBYTECODE is set: else every xdist
# worker compiles the project and rewrites every test file again at collection (about 4.7
# of its 6.4 CPU s), and every `python -m game` a test starts compiles what it imports
# (those read what is written here; tests/test_new_title.py copies it with the project).
sys.dont_write_bytecode = False

# A table freezes the heap after a full collection (game.ui.heap); the suite starts
# thousands of tables in one process, where those collections cost ~100 CPU s.  Its one
# test (tests/ui/test_play.py) turns it on again.
import game.ui.heap  # noqa: E402

game.ui.heap.HOLDING = False


@pytest.fixture(autouse=True)
def siatka_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own empty data folder (saves, settings)."""
    home = tmp_path / "siatka-home"
    monkeypatch.setenv("SIATKA_HOME", str(home))
    yield home


@pytest.fixture
def app(siatka_home: Path) -> Iterator[App]:
    """The real app, headless, in English, with bots that move at once and instant
    animations (a test of an animation sets its speed), as a returning player has it:
    the first-game guide off (its own tests turn it on)."""
    import pygame

    from game.app import App
    from game.settings import Settings

    app = App(Settings(language="en", animation_speed=0.0, first_game_guide=False))
    pygame.event.clear()
    app.bot_delay = 0.0
    yield app
    while app.scenes:
        app.scenes.pop().exit()


@pytest.fixture
def animated(app: App) -> App:
    """The app with animations at the normal speed, for a test of an animation."""
    app.apply_settings(app.settings.model_copy(update={"animation_speed": 1.0}))
    return app


@pytest.fixture
def driver(app: App) -> Driver:
    from tests.driver import Driver

    return Driver(app)


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Offer the test-only toy title next to the real ones."""
    from rules.registry import TITLES
    from tests.toy_title import TOY

    monkeypatch.setitem(TITLES, TOY.id, TOY)


LONGEST_FIRST = (
    "tests/test_new_title.py::test_a_new_title_passes_the_suites_title_tests_and_its_own",
    "tests/test_cli.py::test_bench_json_has_the_figures_issues_2_10_and_16_name",
    "tests/trust/test_clean_slate.py::test_nothing_of_the_last_person_survives_the_curtain",
    "tests/trust/test_random_input.py::test_random_input_never_crashes_the_app",
    "tests/stawka/test_ui.py::test_a_whole_game_by_clicks",
    "tests/stawka/test_ui_board.py::test_names_are_never_drawn_over_and_figures_step_aside_from_them_at_any_zoom",
    "tests/test_conformance.py::test_random_playout[stawka-hotel-excelsior",
    "tests/test_conformance.py::test_random_playout_with_a_setup_choice[island",
    "tests/test_conformance.py::test_the_first_playouts_re_deal_secrets_and_refuse_illegal_actions",
    "tests/ui/test_first_hour.py::test_the_islands_guide_names_the_agent_met_now",
    "tests/test_simulate.py::test_the_even_table_counts_what_simulate_counts",
    "tests/test_simulate.py::test_the_balance_command",
)
"""The suite's longest tests (some 5-20 CPU s each; test ids, or their beginnings): they run
first.  pytest-xdist hands the tests out in this order (`--dist worksteal`, pyproject.toml:
each worker starts on its half and takes from the other's rest once its own is done), so a
long test is never the last of a worker's while the other has nothing left."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The `LONGEST_FIRST` tests first, each group in the order it was collected in."""
    longest = [item for item in items if item.nodeid.startswith(LONGEST_FIRST)]
    if longest:
        chosen = {id(item) for item in longest}
        items[:] = [*longest, *(item for item in items if id(item) not in chosen)]
