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
from dataclasses import dataclass, replace

import pygame

from game.stawka.board_view import PAD

BOARD_WIDTH = 780
"""The board's column in the beside layout."""
GAP = 10
"""Between the board and the panels."""
BAND = 216
"""The panels' band under a board laid across: the height of the key's seven rows, of
both tracks, of five agent rows, of a heading and five buttons (the planning cards), in
words of `MIN_TEXT` (issue 29, point 5)."""
ACROSS_GAIN = 1.25
"""How much larger (in scale) the board must be laid across to be laid so."""
STAGE = 40
"""The stage track (`Hud.stage_track`)."""
SIDE_ROW = 50
"""A player's row under it (`Hud.sides`): his name, then his facts, and the gap under it."""
SIDE_ROW_HOTEL = SIDE_ROW + 20
"""A player's row in "Hotel Excelsior": a third line, the hotel's state for him."""
STAGE_AND_SIDES = STAGE + 2 * SIDE_ROW
"""The stage track, then both players' rows (`Hud.sides`)."""
TRACK_HEADING = 22
TRACK_ROW = 18
TRACK = 2 * TRACK_HEADING + 4 * TRACK_ROW + 6
"""An investigation track (`Hud.tracks`): a heading in one line or two ("Evidence:",
then the player's name) and four colour rows."""
TRACK_ONE_LINE = TRACK_HEADING + 4 * TRACK_ROW + 4
"""A track whose heading is the player's name alone (across: "Evidence:" under the pointer)."""
TRACKS = 2 * TRACK
"""Both tracks, one under the other; `TRACK` high when they stand side by side (beside
the board, where the column is wide enough: `TRACKS_SIDE_BY_SIDE`)."""
TRACKS_SIDE_BY_SIDE = 340
"""The least width that holds both tracks side by side."""
AGENT_ROW = 40
"""An agent's row in the panel (`Hud.agents`): his name, then his AP and what he holds."""
AGENT_LINE = 28
"""An agent's row beside the board while every row holds one line: his name and his AP,
no agent holding anything (`Hud.one_line`)."""
COLUMNS = (150, 352, 206, 226)
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
    side_row: int = SIDE_ROW
    """A player's row (`SIDE_ROW`, or `SIDE_ROW_HOTEL`), and the gap under it."""
    agent_step: int = AGENT_ROW
    """An agent's row and the gap under it (`AGENT_ROW`, or `AGENT_LINE`)."""
    chips: int = 0
    """Beside the board, while a menu needs the room (issue 29): the agents as chips (his
    initials and AP), this many to a row; 0: each in his row."""
    tracks_shown: bool = True
    """Whether the investigation tracks are shown (the chips and a long menu may take their
    place beside the board, while the menu is open)."""

    def agent_row(self, index: int) -> pygame.Rect:
        """The `index`th agent's row, or chip (click it to select him)."""
        if self.chips:
            row, column = divmod(index, self.chips)
            cell = (self.agents.width - 16) // self.chips
            return pygame.Rect(
                self.agents.x + 8 + column * cell,
                self.agents.y + row * self.agent_step,
                cell - 4,
                self.agent_step - 2,
            )
        column, row = divmod(index, self.agent_rows)
        return pygame.Rect(
            self.agents.x + 8 + column * self.agents.width,
            self.agents.y + row * self.agent_step,
            self.agents.width - 16,
            self.agent_step - 2,
        )

    def agents_bottom(self, agents: int) -> int:
        """Where the agents' rows (or chips) of `agents` agents end, beside the board."""
        rows = math.ceil(agents / self.chips) if self.chips else agents
        return self.agents.y + self.agent_step * rows

    def with_chips(self, chips: int, over_tracks: bool) -> TableLayout:
        """Beside the board: the agents as chips, `chips` to a row, under the tracks, or in
        their place (`over_tracks`)."""
        top = self.tracks.y if over_tracks else self.agents.y
        agents = pygame.Rect(self.agents.x, top, self.agents.width, self.side.bottom - top)
        return replace(self, agents=agents, agent_step=AGENT_LINE, chips=chips, tracks_shown=not over_tracks)


def fitted_scale(view: tuple[int, int], world: tuple[int, int]) -> float:
    """The scale a board of `world` units is drawn at when fitted to a `view` (`BoardView`)."""
    return min((view[0] - 2 * PAD) / world[0], (view[1] - 2 * PAD) / world[1])


def table_layout(
    rect: pygame.Rect, world: tuple[int, int], agents: int, side_row: int = SIDE_ROW
) -> TableLayout:
    """The layout of a table in `rect` for a board of `world` units and `agents` agents, a
    player's row `side_row` high."""
    beside = fitted_scale((BOARD_WIDTH, rect.height), world)
    across = fitted_scale((rect.width, rect.height - BAND - GAP), world)
    if across < ACROSS_GAIN * beside:
        return _beside(rect, side_row)
    board_height = min(rect.height - BAND - GAP, math.ceil(world[1] * across) + 2 * PAD)
    board = pygame.Rect(rect.x, rect.y, rect.width, board_height)
    band = pygame.Rect(rect.x, board.bottom + GAP, rect.width, rect.bottom - board.bottom - GAP)
    key_width, sides_width, tracks_width, agents_width = COLUMNS
    rows = max(1, (band.height - 8) // AGENT_ROW)
    agent_columns = math.ceil(agents / rows)
    key = pygame.Rect(band.x, band.y, key_width, band.height)
    sides = pygame.Rect(key.right, band.y, sides_width, STAGE + 2 * side_row)
    tracks = pygame.Rect(sides.right, band.y + 8, tracks_width, 2 * TRACK_ONE_LINE)
    agent_area = pygame.Rect(tracks.right, band.y + 6, agents_width, rows * AGENT_ROW)
    menu_left = agent_area.x + agent_columns * agents_width
    menu = pygame.Rect(menu_left, band.y, band.right - menu_left, band.height)
    return TableLayout(True, board, band, sides, tracks, agent_area, rows, menu, key, side_row)


def _beside(rect: pygame.Rect, side_row: int) -> TableLayout:
    board = pygame.Rect(rect.x, rect.y, BOARD_WIDTH, rect.height)
    side = pygame.Rect(board.right + GAP, rect.y, rect.width - BOARD_WIDTH - GAP, rect.height)
    sides = pygame.Rect(side.x, side.y, side.width, STAGE + 2 * side_row)
    height = TRACK if side.width >= TRACKS_SIDE_BY_SIDE else TRACKS
    tracks = pygame.Rect(side.x, sides.bottom + 6, side.width, height)
    agents = pygame.Rect(side.x, tracks.bottom + 4, side.width, side.bottom - tracks.bottom - 4)
    return TableLayout(False, board, side, sides, tracks, agents, 10**6, None, None, side_row)
