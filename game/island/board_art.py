"""The board drawn once: the sea, the island, the dotted boat lines, the ring of fields and their numbers."""

from __future__ import annotations

import math

import pygame

from game.island.layout import FIELD_RADIUS, Layout
from game.island.pieces import ISLAND, SAND, SEA, SEA_EDGE, draw_field
from game.ui.context import UiContext
from game.ui.theme import MIN_TEXT, PALETTE, text
from rules.island.content import ISLAND as ISLAND_END
from rules.island.content import Board

DOT = 9
"""Pixels between the dots of a boat line."""


def board_surface(ctx: UiContext, layout: Layout, board: Board) -> pygame.Surface:
    """The still part of the board, the size of `layout.board`, transparent round it."""
    surface = pygame.Surface(layout.board.size, pygame.SRCALPHA)
    shift = (-layout.board.x, -layout.board.y)

    def at(point: tuple[int, int]) -> tuple[int, int]:
        return point[0] + shift[0], point[1] + shift[1]

    centre = at(layout.centre)
    pygame.draw.circle(surface, SEA_EDGE, centre, layout.sea_radius + 4)
    pygame.draw.circle(surface, SEA, centre, layout.sea_radius)
    for ring in range(3):
        pygame.draw.circle(surface, SEA_EDGE, centre, layout.island_radius + 40 + ring * 70, 1)
    for line in board.lines:
        a, b = (_end_point(layout, end) for end in line.ends)
        _dotted(surface, at(a), at(b))
    pygame.draw.circle(surface, SAND, centre, layout.island_radius + 6)
    pygame.draw.circle(surface, ISLAND, centre, layout.island_radius)
    word = ctx.t("island.label.island").upper()
    text(surface, ctx.font(MIN_TEXT, True), word, (centre[0], centre[1] - 6), "text", "center")
    pygame.draw.circle(surface, PALETTE["line"], centre, layout.ring_radius, 2 * FIELD_RADIUS + 8)
    pygame.draw.circle(surface, (40, 46, 60), centre, layout.ring_radius, 2 * FIELD_RADIUS + 4)
    marks, numbers = ctx.font(MIN_TEXT, True), ctx.font(MIN_TEXT, False)
    for field, kind in enumerate(board.fields):
        draw_field(surface, at(layout.field_centre(field)), FIELD_RADIUS, kind, marks)
        text(surface, numbers, str(field), at(layout.number_centre(field)), "muted", "center")
    return surface


def _end_point(layout: Layout, end: int | str) -> tuple[int, int]:
    """Where a boat line ends: just inside a harbour's field, or at the island's shore."""
    if end == ISLAND_END:
        return layout.centre
    return layout.field_centre(int(end), layout.ring_radius - FIELD_RADIUS - 4)


def _dotted(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int]) -> None:
    """The rulebook's "dotted black lines": black dots on a faint wake across the sea."""
    pygame.draw.line(surface, (44, 78, 110), a, b, 7)
    steps = max(1, int(math.dist(a, b) // DOT))
    for step in range(steps + 1):
        k = step / steps
        pygame.draw.circle(
            surface, (8, 10, 14), (round(a[0] + (b[0] - a[0]) * k), round(a[1] + (b[1] - a[1]) * k)), 2
        )
