"""UI tests: the toy title offered next to the real ones (the app fixtures are in tests/conftest.py)."""

from __future__ import annotations

import pytest

from rules.registry import TITLES
from tests.toy_title import TOY


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Offer the test-only toy title next to the real ones."""
    monkeypatch.setitem(TITLES, TOY.id, TOY)
