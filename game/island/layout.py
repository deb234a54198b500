"""Where everything of the race's table goes, in logical pixels (the table's rectangle given).

The board is a square on the left: the ring of fields round the sea, the island in the
middle.  The column on the right lists the agents (up to six), then the viewer's task
and equipment, then the buttons of the decision at hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

FIELD_RADIUS = 19
AGENT_ROW = 50
BUTTON_HEIGHT = 38
BUTTON_GAP = 6
MEETING_HEIGHT = 166
MEETING_CORNER = 28
"""The meeting panel's height and the radius of its corners."""
TILE = (126, 50)
"""An equipment card in the viewer's hand."""


@dataclass(frozen=True)
class Layout:
    rect: pygame.Rect
    fields: int
    """How many fields the ring has."""

    # -- the board -------------------------------------------------------------------------

    @property
    def board(self) -> pygame.Rect:
        side = min(self.rect.height, self.rect.width - 396)
        return pygame.Rect(self.rect.x, self.rect.y, side, side)

    @property
    def centre(self) -> tuple[int, int]:
        return self.board.center

    @property
    def ring_radius(self) -> int:
        return self.board.width // 2 - 46

    @property
    def sea_radius(self) -> int:
        return self.ring_radius - FIELD_RADIUS - 10

    @property
    def island_radius(self) -> int:
        return self.board.width // 10

    def angle(self, field: int) -> float:
        """Field 0 at the top, numbers growing clockwise."""
        return -math.pi / 2 + 2 * math.pi * field / self.fields

    def field_centre(self, field: int, radius: int | None = None) -> tuple[int, int]:
        r = self.ring_radius if radius is None else radius
        x, y = self.centre
        a = self.angle(field)
        return round(x + r * math.cos(a)), round(y + r * math.sin(a))

    def field_rect(self, field: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 2 * FIELD_RADIUS + 4, 2 * FIELD_RADIUS + 4)
        rect.center = self.field_centre(field)
        return rect

    def number_centre(self, field: int) -> tuple[int, int]:
        return self.field_centre(field, self.ring_radius + FIELD_RADIUS + 14)

    def island_rect(self) -> pygame.Rect:
        side = 2 * self.island_radius
        rect = pygame.Rect(0, 0, side, side)
        rect.center = self.centre
        return rect

    def figure_centre(self, field: int, index: int, count: int) -> tuple[int, int]:
        """Where the `index`-th of `count` figures on one field stands (side by side along the ring)."""
        if count == 1:
            return self.field_centre(field)
        x, y = self.field_centre(field)
        a = self.angle(field) + math.pi / 2
        spread = 13 if count <= 3 else 9
        offset = (index - (count - 1) / 2) * spread
        inward = -8 if index % 2 else 4
        return (
            round(x + offset * math.cos(a) + inward * math.cos(self.angle(field))),
            round(y + offset * math.sin(a) + inward * math.sin(self.angle(field))),
        )

    def stack_rect(self, which: int) -> pygame.Rect:
        """The transport (0) and equipment (1) stacks, left and right below the island."""
        x, y = self.centre
        rect = pygame.Rect(0, 0, 58, 80)
        rect.center = (x + (-1 if which == 0 else 1) * (self.island_radius + 92), y + 10)
        return rect

    def reserve_centre(self, index: int, count: int) -> tuple[int, int]:
        """The board's microfilm chips of each colour, in a row over the island (under it
        is the meeting's)."""
        x, y = self.centre
        return x + round((index - (count - 1) / 2) * 30), y - self.island_radius - 22

    def meeting_rect(self) -> pygame.Rect:
        """The panel in the sea under the island that shows the meeting under way or just
        revealed: as wide as the sea leaves it, its rounded corners (`MEETING_CORNER`)
        inside the sea's edge, clear of the fields."""
        x, y = self.centre
        top = y + self.island_radius + 12
        bottom = top + MEETING_HEIGHT
        inner = self.sea_radius + 4 - MEETING_CORNER  # where a corner's arc may reach
        half = math.isqrt(inner * inner - (bottom - MEETING_CORNER - y) ** 2) + MEETING_CORNER
        return pygame.Rect(x - half, top, 2 * half, MEETING_HEIGHT)

    def die_rect(self) -> pygame.Rect:
        """The die of the journey under way, over the microfilms' row."""
        x, y = self.centre
        rect = pygame.Rect(0, 0, 46, 46)
        rect.center = (x, y - self.island_radius - 74)
        return rect

    # -- the column on the right -----------------------------------------------------------

    @property
    def column(self) -> pygame.Rect:
        left = self.board.right + 12
        return pygame.Rect(left, self.rect.y, self.rect.right - left, self.rect.height)

    def agent_row(self, index: int) -> pygame.Rect:
        return pygame.Rect(
            self.column.x, self.column.y + 26 + index * AGENT_ROW, self.column.width, AGENT_ROW - 4
        )

    def task_rect(self, agents: int) -> pygame.Rect:
        top = self.agent_row(agents - 1).bottom + 10
        return pygame.Rect(self.column.x, top, self.column.width, 120)

    def tile(self, agents: int, index: int) -> pygame.Rect:
        """The `index`-th equipment card of the viewer's hand (three to a row)."""
        top = self.task_rect(agents).bottom + 28
        w, h = TILE
        gap = (self.column.width - 3 * w) // 2
        return pygame.Rect(self.column.x + (index % 3) * (w + gap), top + (index // 3) * (h + 6), w, h)

    def agents_rect(self, agents: int) -> pygame.Rect:
        """The agents' rows under their heading: whose turn, the microfilms, the equipment."""
        return self.agent_row(0).union(self.agent_row(agents - 1)).inflate(0, 8)

    def hand_rect(self, agents: int) -> pygame.Rect:
        """The viewer's equipment under its heading (two rows of three cards)."""
        first, last = self.tile(agents, 0), self.tile(agents, 5)
        return pygame.Rect(self.column.x, first.y - 24, self.column.width, last.bottom - first.y + 24)

    def prompt_top(self, agents: int) -> int:
        return self.tile(agents, 3).bottom + 16

    def button(self, agents: int, index: int, wide: bool = False, count: int = 1) -> pygame.Rect:
        """The `index`-th of `count` buttons of the decision: two to a row, or one full row
        when `wide`; lower when their rows would reach past the table's bottom (six agents
        leave room for three rows at full height)."""
        top = self.prompt_top(agents) + 46
        half = (self.column.width - BUTTON_GAP) // 2
        rows = -(-count // (1 if wide else 2))
        step = min(BUTTON_HEIGHT + BUTTON_GAP, (self.rect.bottom - top + BUTTON_GAP) // max(1, rows))
        if wide:
            return pygame.Rect(self.column.x, top + index * step, self.column.width, step - BUTTON_GAP)
        return pygame.Rect(
            self.column.x + (index % 2) * (half + BUTTON_GAP),
            top + (index // 2) * step,
            half,
            step - BUTTON_GAP,
        )
