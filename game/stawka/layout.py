"""Where the Stawka table's parts go (issue 11, point 7: the board uses the screen).

Two layouts, chosen from the board's shape alone (`table_layout`), never per scenario:

* **beside**: the board in a column on the left, the panels (stage, players, both
  investigation tracks, the agents, the action menu) in a column on its right.  Boards
  about as tall as wide (2x2, 3x2, 3x3 sectors) fill their column best this way.
* **across**: the board across the whole table, the panels as short columns in a band
  under it: the key to the board's symbols, the stage and players, the tracks, the
  agents, the action menu.  A one-row board (Training 1's two sectors, a free scenario laid
  in a line) laid beside the panels would be a strip with empty table under it; across, it
  is about twice the area.

A layout is taken across only when it makes the board markedly larger (`ACROSS_GAIN`):
the band's columns are shorter than the beside column, so a few per cent do not pay.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.stawka.board_view import PAD

BOARD_WIDTH = 780
"""The board's column in the beside layout."""
GAP = 10
"""Between the board and the panels."""
BAND = 216
"""The panels' band under a board laid across: the height of the key's seven rows, of
both tracks, of five agent rows, of a heading and five buttons (the planning cards)."""
ACROSS_GAIN = 1.25
"""How much larger (in scale) the board must be laid across to be laid so."""
STAGE_AND_SIDES = 40 + 100
"""The stage track, then both players' rows (`Hud.stage_track`, `Hud.sides`)."""
TRACKS = 2 * (18 + 4 * 17 + 6)
"""Both investigation tracks (`Hud.tracks`): a heading and four colour rows each."""
AGENT_ROW = 36
"""An agent's row in the panel (`Hud.agents`)."""
COLUMNS = (120, 340, 226, 226)
"""Across: the widths of the key's column, the stage-and-players', the tracks' and an
agents' column; the action menu takes what is left."""


@dataclass(frozen=True)
class TableLayout:
    """The table's parts, in logical pixels."""

    across: bool
    board: pygame.Rect
    """The board's view: the fitted board lies inside it, padded."""
    side: pygame.Rect
    """The panels' part: the column beside the board, or the band under it."""
    sides: pygame.Rect
    """The stage track and the players' rows."""
    tracks: pygame.Rect
    agents: pygame.Rect
    """The first column of agent rows (its top and width)."""
    agent_rows: int
    """Agent rows in a column before the next column starts."""
    menu: pygame.Rect | None
    """Across: the action menu's column; beside: None (the menu follows the agents)."""
    key: pygame.Rect | None
    """Across: the column of the key to the board's symbols."""

    def agent_row(self, index: int) -> pygame.Rect:
        """The `index`th agent's row (click it to select him)."""
        column, row = divmod(index, self.agent_rows)
        return pygame.Rect(
            self.agents.x + 8 + column * self.agents.width,
            self.agents.y + row * AGENT_ROW,
            self.agents.width - 16,
            AGENT_ROW - 2,
        )


def fitted_scale(view: tuple[int, int], world: tuple[int, int]) -> float:
    """The scale a board of `world` units is drawn at when fitted to a `view` (`BoardView`)."""
    return min((view[0] - 2 * PAD) / world[0], (view[1] - 2 * PAD) / world[1])


def table_layout(rect: pygame.Rect, world: tuple[int, int], agents: int) -> TableLayout:
    """The layout of a table in `rect` for a board of `world` units and `agents` agents."""
    beside = fitted_scale((BOARD_WIDTH, rect.height), world)
    across = fitted_scale((rect.width, rect.height - BAND - GAP), world)
    if across < ACROSS_GAIN * beside:
        return _beside(rect)
    board_height = min(rect.height - BAND - GAP, math.ceil(world[1] * across) + 2 * PAD)
    board = pygame.Rect(rect.x, rect.y, rect.width, board_height)
    band = pygame.Rect(rect.x, board.bottom + GAP, rect.width, rect.bottom - board.bottom - GAP)
    key_width, sides_width, tracks_width, agents_width = COLUMNS
    rows = max(1, (band.height - 8) // AGENT_ROW)
    agent_columns = math.ceil(agents / rows)
    key = pygame.Rect(band.x, band.y, key_width, band.height)
    sides = pygame.Rect(key.right, band.y, sides_width, STAGE_AND_SIDES)
    tracks = pygame.Rect(sides.right, band.y + 8, tracks_width, TRACKS)
    agent_area = pygame.Rect(tracks.right, band.y + 6, agents_width, rows * AGENT_ROW)
    menu_left = agent_area.x + agent_columns * agents_width
    menu = pygame.Rect(menu_left, band.y, band.right - menu_left, band.height)
    return TableLayout(True, board, band, sides, tracks, agent_area, rows, menu, key)


def _beside(rect: pygame.Rect) -> TableLayout:
    board = pygame.Rect(rect.x, rect.y, BOARD_WIDTH, rect.height)
    side = pygame.Rect(board.right + GAP, rect.y, rect.width - BOARD_WIDTH - GAP, rect.height)
    sides = pygame.Rect(side.x, side.y, side.width, STAGE_AND_SIDES)
    tracks = pygame.Rect(side.x, sides.bottom + 6, side.width, TRACKS)
    agents = pygame.Rect(side.x, tracks.bottom + 4, side.width, side.bottom - tracks.bottom - 4)
    return TableLayout(False, board, side, sides, tracks, agents, 10**6, None, None)
