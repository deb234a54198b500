"""The conformance suite at every number of players: the shared suite plays 4 agents six
times and each other count once (`tests/test_conformance.py`); one more seed each here."""

from __future__ import annotations

import pytest

from rules.island import TITLE
from tests.conformance import check_playout


@pytest.mark.parametrize("players", [3, 5, 6])
def test_random_playouts_at_each_count(players: int) -> None:
    seed = 11
    options = TITLE.make_options(None, choices={"players": players})
    report = check_playout(TITLE, None, seed, 20000, options)
    assert report.seats_seen == set(TITLE.seats(options))
    assert report.scrambles_that_changed > 0 and report.illegal_checked > 0
