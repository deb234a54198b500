"""What just happened on the Stawka table (issue 11, point 4): figures slide along the
path the rules moved them on (a move event's ``data.path``), the last-moved agent and
his target are ringed, and a roll keeps the table still long enough to read its dice.

The events say what happened; this only remembers where the figures stood before, so
a slide can start there.  The animation speed setting paces it all (`game.ui.anim`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.stawka import film_figures
from game.stawka.board_view import BoardView
from game.stawka.film_figures import AUDI
from game.ui.anim import Motions, Point, along
from rules.core import Event
from rules.stawka.view import StawkaView

STEP_SECONDS = 0.16
"""How long a figure takes to walk one space, at the normal speed."""
ROLL_SECONDS = 2.0
"""How long a roll's dice stay before the next move may come, at the normal speed."""
SLID_KEYS = frozenset({"stawka.moved", "stawka.audi_drove"})
"""The move events a figure slides for (a title that replays its own moves leaves them out)."""
TARGETS = ("target", "to", "location")
"""The params that name what an agent acted on: an agent, or a space."""


@dataclass(frozen=True)
class LastMove:
    """The agent who acted last, and what on (an agent or a space; None: nothing named)."""

    agent: str
    target: str | None


class StawkaMotion:
    def __init__(self, settings: object) -> None:
        self.motions = Motions(settings)
        self.last: LastMove | None = None
        self._stood: dict[str, tuple[str, Point]] = {}
        """Where each figure stood before the last change: its space, and its place there
        as an offset from the space's middle (figures sharing a space fan out)."""

    def before(self, board: BoardView, view: StawkaView) -> None:
        """Remember where the figures stand, before the view changes."""
        spaces = {agent.id: agent.space for agent in view.agents}
        stood: dict[str, tuple[str, Point]] = {}
        if view.top_secret is not None:
            stood[AUDI] = (view.top_secret.audi, (0.0, 0.0))
        for agent, (x, y) in board.agent_points(view).items():
            cx, cy = board.space_point(spaces[agent])
            stood[agent] = (spaces[agent], (x - cx, y - cy))
        self._stood = stood

    def take(self, events: Sequence[Event], view: StawkaView, slid: frozenset[str] = SLID_KEYS) -> None:
        """Start the slides and pauses of `events` (as the seat at the screen saw them)."""
        agents = {agent.id for agent in view.agents} | ({AUDI} if view.top_secret is not None else set())
        for event in events:
            agent = event.params.get("agent")
            if not isinstance(agent, str) or agent not in agents:
                if event.kind == "roll" and event.data.get("dice"):
                    self.motions.hold(ROLL_SECONDS)
                continue
            path = event.data.get("path")
            if event.key in slid and isinstance(path, list) and path:
                start = self._stood.get(agent, (str(path[0]), (0.0, 0.0)))[0]
                self.motions.slide(agent, (start, *map(str, path)), STEP_SECONDS)
            target = next((event.params[name] for name in TARGETS if name in event.params), None)
            if target is not None or self.last is None or self.last.agent != agent:
                self.last = LastMove(agent, None if target is None else str(target))
            if event.kind == "roll" and event.data.get("dice"):
                self.motions.hold(ROLL_SECONDS)

    def forget(self) -> None:
        """Nothing is shown of what happened (the curtain went up)."""
        self.motions.clear()
        self.last = None

    def sliding(self) -> frozenset[str]:
        return frozenset(str(agent) for agent in self.motions.moving())

    def where(self, board: BoardView, view: StawkaView, agent: str) -> tuple[int, int] | None:
        """Where the sliding `agent` is drawn now (None: he does not slide)."""
        slide = self.motions.moving().get(agent)
        if slide is None:
            return None
        first = str(slide.stops[0])
        cx, cy = board.space_point(first)
        dx, dy = self._stood.get(agent, (first, (0.0, 0.0)))[1]
        points: list[Point] = [(cx + dx, cy + dy)]
        points += [board.space_point(str(space)) for space in slide.stops[1:-1]]
        points.append(board.agent_points(view).get(agent, board.space_point(str(slide.stops[-1]))))
        x, y = along(points, slide.progress)
        return round(x), round(y)

    def draw(
        self,
        surface: pygame.Surface,
        board: BoardView,
        view: StawkaView,
        initials: dict[str, str],
        letters: dict[str, str],
    ) -> None:
        """The sliding figures, where they are now."""
        agents = {agent.id: agent for agent in view.agents}
        for agent in self.sliding():
            point = self.where(board, view, agent)
            if point is not None and agent in agents:
                board.figure(surface, agents[agent], point, initials, letters)

    def draw_audi(
        self, surface: pygame.Surface, board: BoardView, view: StawkaView, font: pygame.font.Font
    ) -> None:
        """The Black Audi on its way ("Top Secret"), when it drives."""
        point = self.where(board, view, AUDI)
        if point is not None:
            film_figures.draw_audi(surface, board, view, False, font, point)
