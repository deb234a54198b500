"""The title's data file: what the rulebook gives is reproduced, and bad data is refused."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.doppelnull.content import Pieces, Series, load_content
from rules.doppelnull.options import DoppelnullOptions


def test_data_reproduces_the_rulebook_numbers() -> None:
    """Components and Setup: "10 male agent pawns", "10 male agent cards" (a side), "randomly chooses 3 of
    the opponent's pawns", "lay out 7 cards in a row", "The remaining 3 cards stay in the players' hands"."""
    pieces = load_content().pieces
    assert (pieces.numbers, pieces.removed, pieces.line, pieces.hand) == (10, 3, 7, 3)


def test_pieces_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(ValidationError, match="removed"):
        Pieces(numbers=10, removed=2, line=7, hand=3)
    with pytest.raises(ValidationError, match="hand"):
        Pieces(numbers=10, removed=3, line=7, hand=4)


def test_series_rules_are_checked() -> None:
    with pytest.raises(ValidationError):
        Series(max_games=0, win_bonus=0, next_starter="loser")
    with pytest.raises(ValidationError):
        Series(max_games=3, win_bonus=0, next_starter="nobody")


def test_a_series_longer_than_the_data_allows_is_refused() -> None:
    most = load_content().series.max_games
    assert DoppelnullOptions(games=most).games == most
    with pytest.raises(ValidationError, match="at most"):
        DoppelnullOptions(games=most + 1)
