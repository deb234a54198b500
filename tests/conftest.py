"""Shared test set-up: headless SDL, and a private data folder for every test session."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def siatka_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own empty data folder (saves, settings)."""
    home = tmp_path / "siatka-home"
    monkeypatch.setenv("SIATKA_HOME", str(home))
    yield home
