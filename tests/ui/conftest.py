"""UI tests: the party title offered like the toy (the app, driver and toy fixtures: tests/conftest.py)."""

from __future__ import annotations

import pytest

from tests.ui.party_scenes import offer_party


@pytest.fixture
def party_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Offer the test-only party title ("The house draws", 1-6 players) with its messages."""
    offer_party(monkeypatch)
