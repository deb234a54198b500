"""Stawka's clicks find their target from an index made once per layout (issue 33,
point 4), and it finds what a scan of every figure and every space finds: the figure
first in the view's order among those under the pointer, the nearest space within its
drawn size.  Checked on the real table of every scenario, at its first camera and zoomed
in and panned, over a grid of points and at every figure."""

from __future__ import annotations

import math

import pytest

from game.app import App
from game.scenes.play import PlayScene
from game.scenes.play_files import bot_played_match
from game.stawka.board_view import BoardView
from game.stawka.screen import StawkaScreen
from game.ui.hit_index import HitIndex
from rules.stawka.title import TITLE
from rules.stawka.view import StawkaView


def scanned_agent(board: BoardView, view: StawkaView, pos: tuple[int, int]) -> str | None:
    radius = board.figure_radius()
    for agent, (x, y) in board.agent_points(view).items():
        if math.hypot(pos[0] - x, pos[1] - y) <= radius + 2:
            return agent
    return None


def scanned_space(board: BoardView, pos: tuple[int, int]) -> str | None:
    street = max(12, 26 * board.scale)
    best: tuple[float, str] | None = None
    for space, point in board.board.position.items():
        x, y = board.to_screen(point)
        reach = board.location_half() if board.kinds.get(space) == "location" else street
        d = math.hypot(pos[0] - x, pos[1] - y)
        if d <= reach and (best is None or d < best[0]):
            best = (d, space)
    return best[1] if best else None


@pytest.mark.parametrize("scenario", [s for s in TITLE.scenarios if not s.startswith("free-")])
def test_the_index_finds_what_a_scan_of_every_figure_and_space_finds(app: App, scenario: str) -> None:
    match = bot_played_match("stawka", scenario, seed=4, steps=12)
    play = PlayScene(app, match, viewer="polish", autosave=False)
    screen = play.screen
    assert isinstance(screen, StawkaScreen)
    board, view = screen.board, screen.stawka_view
    for camera in range(3):
        if camera == 1:
            board.zoom_at(board.viewport.center, 2)
        if camera == 2:
            board.drag((-90, 60))
        area = board.viewport
        points = [(x, y) for x in range(area.left, area.right, 11) for y in range(area.top, area.bottom, 11)]
        figures = list(board.agent_points(view).values())
        points += figures + [(x + 15, y - 9) for x, y in figures]
        hits = 0
        for pos in points:
            agent, space = board.agent_at(view, pos), board.space_at(pos)
            assert agent == scanned_agent(board, view, pos), (camera, pos)
            assert space == scanned_space(board, pos), (camera, pos)
            hits += agent is not None
        assert hits >= len(figures), "every figure is hit at its own point"


def test_a_target_is_found_across_the_cells_of_the_grid() -> None:
    index = HitIndex([("a", 0, 0, 10.0), ("b", 12, 0, 10.0), ("c", 100, 100, 3.0), ("d", 12, 0, 10.0)])
    assert index.nearest((9, 0)) == "b" and index.first((9, 0)) == "a", "both reach; b is nearer, a first"
    assert index.nearest((12, 0)) == "b", "two as near: the first in order"
    assert index.nearest((-9, -1)) == "a" and index.nearest((-11, 0)) is None
    assert index.first((103, 102)) is None and index.first((101, 102)) == "c"
    assert HitIndex([]).nearest((0, 0)) is None
