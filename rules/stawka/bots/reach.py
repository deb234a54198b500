"""Who reaches where on a Stawka board, as a bot reckons it from its view."""

from __future__ import annotations

from collections import deque
from functools import cache

from rules.core import Seat
from rules.stawka.board import board_of
from rules.stawka.bots.odds import doc
from rules.stawka.view import AgentView, StawkaView

FAR = 99
"""Steps to a space no path reaches."""


@cache
def distances(scenario: str, seat: Seat) -> dict[str, dict[str, int]]:
    """All-pairs step counts on a scenario's board for one side's agents."""
    board = board_of(scenario)
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


def chief_of(view: StawkaView, seat: Seat) -> AgentView | None:
    """The network chief of `seat` in play (Kloss; a black SS officer)."""
    return next(
        (a for a in view.agents if a.side == seat and a.status == "free" and doc(view, a.id).chief),
        None,
    )
