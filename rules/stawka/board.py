"""The assembled board of a scenario as a graph the rules walk on ("Sectors").

`rules.stawka.content.assemble_board` joins the scenario's sector faces; this module
indexes the result: which spaces each space leads to for each side (the side-only paths
of the police and city sectors), which spaces are locations, which sector each lies in.
"""

from __future__ import annotations

from collections import deque
from functools import cache

from rules.core import Seat
from rules.stawka.content import Board, StawkaContent, assemble_board, load_content
from rules.stawka.state import SEATS


class BoardGraph:
    """Neighbours per side, locations and sectors of one scenario's board."""

    def __init__(self, content: StawkaContent, board: Board) -> None:
        self.board = board
        self.spaces: tuple[str, ...] = board.spaces
        kinds = {s.id: s.kind for face in content.faces for s in face.spaces}
        self.locations: tuple[str, ...] = tuple(s for s in board.spaces if kinds.get(s) == "location")
        self._location_set = frozenset(self.locations)
        self.sector_of: dict[str, str] = dict(board.sector_of)
        neighbours: dict[Seat, dict[str, list[str]]] = {seat: {s: [] for s in board.spaces} for seat in SEATS}
        for a, b, side in board.paths:
            for seat in SEATS:
                if side is None or side == seat:
                    neighbours[seat][a].append(b)
                    neighbours[seat][b].append(a)
        self._exits: dict[Seat, dict[str, tuple[str, ...]]] = {
            seat: {s: tuple(n) for s, n in by_space.items()} for seat, by_space in neighbours.items()
        }
        self._where = {
            s: s if s in self._location_set else f"streets.{self.sector_of[s]}" for s in self.spaces
        }

    def exits(self, space: str, seat: Seat) -> tuple[str, ...]:
        """Spaces one step from `space` along paths `seat`'s agents may use (Movement, 1)."""
        return self._exits[seat].get(space, ())

    def exits_of(self, seat: Seat) -> dict[str, tuple[str, ...]]:
        """`exits` of every space for `seat` (a search reads it without a call a step)."""
        return self._exits[seat]

    def is_location(self, space: str) -> bool:
        return space in self._location_set

    def where(self, space: str) -> str:
        """For the log: the location, or ``streets.<sector>`` for a street space (named
        once: every move's event asks)."""
        return self._where[space]

    def locations_in(self, sector: str) -> tuple[str, ...]:
        return tuple(loc for loc in self.locations if self.sector_of[loc] == sector)


@cache
def board_of(scenario_id: str) -> BoardGraph:
    """The board graph of a scenario (built once: boards never change during play)."""
    content = load_content()
    return BoardGraph(content, assemble_board(content, content.scenario(scenario_id).board))


FAR = 99
"""Steps to a space no path reaches."""


@cache
def step_counts(scenario_id: str, seat: Seat) -> dict[str, dict[str, int]]:
    """All-pairs step counts on a scenario's board for one side's agents (the paths are
    two-way, so ``step_counts(...)[a][b]`` is the steps from `a` to `b` and back)."""
    board = board_of(scenario_id)
    table: dict[str, dict[str, int]] = {}
    for start in board.spaces:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in board.exits(here, seat):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        table[start] = seen
    return table
