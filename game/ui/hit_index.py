"""Which of many round targets a click hits, found from an index made once per layout
(issue 33, point 4: Stawka's clicks scanned every agent and every space per click).

The targets are bucketed in a grid whose cells are as wide as the farthest reach: a click
can only hit targets in its own cell and the eight around it, so a question looks at a
handful of them, whatever the board.
"""

from __future__ import annotations

import math
from collections.abc import Iterable


class HitIndex:
    """Targets (a key, a point, how far from it a click still hits it), in their order."""

    def __init__(self, targets: Iterable[tuple[str, int, int, float]]) -> None:
        self.targets = list(targets)
        self.cell = max((reach for *_, reach in self.targets), default=1.0) or 1.0
        self.cells: dict[tuple[int, int], list[int]] = {}
        """Grid cell -> the targets whose point lies in it, by their place in `targets`."""
        for index, (_, x, y, _) in enumerate(self.targets):
            self.cells.setdefault(self._cell(x, y), []).append(index)

    def _cell(self, x: float, y: float) -> tuple[int, int]:
        return math.floor(x / self.cell), math.floor(y / self.cell)

    def _hits(self, pos: tuple[int, int]) -> list[tuple[float, int]]:
        """(distance, place in `targets`) of every target within its reach of `pos`."""
        cx, cy = self._cell(*pos)
        found = []
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for index in self.cells.get((cx + dx, cy + dy), ()):
                    _, x, y, reach = self.targets[index]
                    distance = math.hypot(pos[0] - x, pos[1] - y)
                    if distance <= reach:
                        found.append((distance, index))
        return found

    def nearest(self, pos: tuple[int, int]) -> str | None:
        """The target nearest to `pos` among those it is within reach of (the first in
        order when two are as near); None when it hits none."""
        hits = self._hits(pos)
        return self.targets[min(hits)[1]][0] if hits else None

    def first(self, pos: tuple[int, int]) -> str | None:
        """The first target in order that `pos` is within reach of; None when it hits none."""
        hits = self._hits(pos)
        return self.targets[min(index for _, index in hits)][0] if hits else None
