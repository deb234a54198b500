"""bench's log figures: one entry per title, measured over a real game."""

from __future__ import annotations

from pathlib import Path

from game.bench import measure_log
from rules.registry import TITLES


def test_the_log_figures_cover_every_title_after_real_actions(siatka_home: Path) -> None:
    figures = measure_log(actions=12)
    assert set(figures) == set(TITLES)
    for entry in figures.values():
        assert entry["actions"] > 0 and entry["lines"] > 0
        assert entry["p99"] >= entry["median"] >= 0 and entry["curtain_return_ms"] > 0
