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
