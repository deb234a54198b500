"""The numbers of Stawka's rules that its table shows come with the view (issue 33, point 5)."""

from __future__ import annotations

from rules.stawka import TITLE


def test_the_view_carries_the_reaction_hand_limit_and_the_clues_that_locate_the_station() -> None:
    """ "At no moment of the game may a Player hold more than 3 reaction cards"; the third
    clue locates the radio station ("I Know Who You Are")."""
    state, _ = TITLE.start(TITLE.default_options("i-know-who-you-are"), 1)
    view = TITLE.view(state, "german")
    assert (view.reaction_hand_limit, view.clues_to_locate) == (3, 3)
