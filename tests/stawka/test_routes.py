"""The walks the rules offer are the cheapest-first search's, however they are found.

`routes` walks even steps breadth-first, and takes a walk that passes no space ending it
from the board's search with nothing in the way (`movement._open`); both must find the
paths, costs and order of the cheapest-first search (Movement, 1-5)."""

from __future__ import annotations

import random

from rules.stawka import movement
from rules.stawka.board import board_of

NOWHERE = frozenset({"nowhere"})
"""Rough ground off the board: the cheapest-first search, with every step costing 1."""


def test_every_walk_is_the_cheapest_first_searchs() -> None:
    board = board_of("training-2")
    pick = random.Random(16)
    for start in board.spaces:
        for seat in ("polish", "german"):
            for budget in (1, 2, 4, 6):
                near = list(movement.shortest_paths(board, start, seat, budget))
                for _ in range(3):
                    stops = frozenset(pick.sample(near, min(len(near), pick.choice((0, 0, 1, 2)))))
                    halts = frozenset(pick.sample(near, min(len(near), pick.choice((0, 1, 2)))))
                    halt_left = pick.choice((1, 3))
                    walk = (board, start, seat, budget, stops)
                    found = movement.routes(*walk, halts=halts, halt_left=halt_left)
                    cheapest = movement.routes(*walk, rough=NOWHERE, halts=halts, halt_left=halt_left)
                    assert list(found.items()) == list(cheapest.items()), (start, seat, budget, stops, halts)
