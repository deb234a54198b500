"""UI tests: the party title offered like the toy (the app, driver and toy fixtures: tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.app import App
from game.settings import Settings
from tests.ui.party_scenes import offer_party


@pytest.fixture
def party_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Offer the test-only party title ("The house draws", 1-6 players) with its messages."""
    offer_party(monkeypatch)


def language_app(language: str) -> Iterator[App]:
    """The real app, headless, in `language`, bots moving at once (for a module's `app`
    fixture that runs its tests in each language)."""
    app = App(Settings(language=language))
    app.bot_delay = 0.0
    yield app
    while app.scenes:
        app.scenes.pop().exit()
