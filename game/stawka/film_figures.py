"""What the Stawka table draws of a film scenario's own figures: "Top Secret"'s Black Audi
(a car beside its space, Dr Pulkowski's badge on it once he is aboard) and a box telling
how Dr Pulkowski stands.  Pure drawing from the seat's view (`StawkaView.top_secret`)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.stawka.board_view import BoardView
from game.ui.theme import PALETTE, panel, text, wrap
from rules.stawka.view import StawkaView, TopSecretView

AUDI = "black_audi"
CAR = (34, 34, 38)
BOX_TEXT = 200
"""The Pulkowski box's lines wrap at this width: it sits in the corner a board of seven
sectors leaves free ("Top Secret")."""


def audi_rect(board: BoardView, held: TopSecretView, at: tuple[int, int] | None = None) -> pygame.Rect:
    """The car, above and right of its space (the agents there fan out round its middle), or
    left of it on the board's right edge; above and right of `at` while it drives.  Standing,
    at the first of its space's corners (upper right, upper left, lower right, lower left)
    that no name covers, where one is (issue 29: "Koszary" was drawn over the car standing at
    the barracks; the names are drawn over the pieces)."""
    x, y = board.space_point(held.audi) if at is None else at
    r = board.figure_radius()
    rect = pygame.Rect(0, 0, round(r * 2.6), round(r * 1.3))
    rect.bottomleft = (x + r // 2, y - r // 2)
    if rect.right > board.board_rect().right:
        rect.right = x - r // 2
    if at is not None:
        return rect
    names = [name for _, name in board.label_rects()]
    inside = board.board_rect()
    for corner in ("bottomleft", "bottomright", "topleft", "topright"):
        spot = rect.copy()
        dx = r // 2 if corner.endswith("left") else -(r // 2)
        dy = -(r // 2) if corner.startswith("bottom") else r // 2
        setattr(spot, corner, (x + dx, y + dy))
        if inside.contains(spot) and spot.collidelist(names) < 0:
            return spot
    return rect


def audi_at(board: BoardView, view: StawkaView, pos: tuple[int, int]) -> bool:
    held = view.top_secret
    return held is not None and not held.destroyed and audi_rect(board, held).inflate(6, 6).collidepoint(pos)


def draw_audi(
    surface: pygame.Surface,
    board: BoardView,
    view: StawkaView,
    selected: bool,
    font: pygame.font.Font,
    at: tuple[int, int] | None = None,
) -> None:
    """The car at its space, or at `at` on its way there (`game.stawka.motion`)."""
    held = view.top_secret
    if held is None or held.destroyed:
        return
    rect = audi_rect(board, held, at)
    if selected:
        pygame.draw.rect(surface, PALETTE["brass"], rect.inflate(10, 10), 3, border_radius=10)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=8)
    pygame.draw.rect(surface, CAR, rect, border_radius=8)
    pygame.draw.rect(surface, (230, 230, 230), rect, 2, border_radius=8)
    wheel = max(3, rect.height // 5)
    for cx in (rect.x + rect.width // 4, rect.right - rect.width // 4):
        pygame.draw.circle(surface, (200, 200, 200), (cx, rect.bottom), wheel)
    label = font.render("AUDI", True, (240, 236, 226))
    surface.blit(label, label.get_rect(center=rect.center))
    if held.pulkowski in ("aboard", "delivered"):
        badge = pygame.Rect(0, 0, rect.height, rect.height)
        badge.center = (rect.right, rect.top)
        pygame.draw.circle(surface, PALETTE["brass"], badge.center, badge.width // 2)
        mark = font.render("P", True, (20, 20, 20))
        surface.blit(mark, mark.get_rect(center=badge.center))


def pulkowski_box(
    surface: pygame.Surface,
    bottom_left: tuple[int, int],
    view: StawkaView,
    t: Callable[..., str],
    fonts: Callable[..., pygame.font.Font],
) -> pygame.Rect:
    """Dr Pulkowski's state and the next interrogation's modifier; the car's AP left."""
    held = view.top_secret
    assert held is not None
    lines = [
        t(f"stawka.ui.pulkowski.{held.pulkowski}", modifier=f"{held.break_modifier:+d}"),
        t("stawka.ui.audi_ap", left=held.audi_ap_left),
    ]
    if held.infiltrators:
        lines.append(t("stawka.ui.infiltrators", count=len(held.infiltrators)))
    rows = [
        (row == 0, part)
        for row, line in enumerate(lines)
        for part in wrap(fonts(14, row == 0), line, BOX_TEXT)
    ]
    width = max(fonts(14, bold).size(part)[0] for bold, part in rows) + 24
    box = pygame.Rect(0, 0, width, 12 + 19 * len(rows))
    box.bottomleft = bottom_left
    panel(surface, box, "ink", "brass_dim")
    for row, (bold, part) in enumerate(rows):
        text(surface, fonts(14, bold), part, (box.x + 12, box.y + 7 + 19 * row))
    return box
