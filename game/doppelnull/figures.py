"""Agent figures drawn with pygame primitives: the male set (trench coat and fedora) and
the female set (belted coat, bob and a wide-brimmed hat), each with a number badge.

Figures are drawn at twice their size and smooth-scaled down, which gives soft edges
without any image files, and cached: a table shows the same few figures every frame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import pygame

from game.ui.theme import MIN_TEXT

Colour = tuple[int, int, int]

WIDTH, HEIGHT = 64, 120
"""A figure's size at scale 1; it is drawn with its feet at the bottom centre."""
SUPERSAMPLE = 2

SETS: dict[str, dict[str, Colour]] = {
    "male": {"coat": (70, 96, 134), "coat_dark": (48, 66, 96), "hat": (34, 38, 48), "trim": (150, 172, 204)},
    "female": {
        "coat": (150, 58, 70),
        "coat_dark": (104, 38, 50),
        "hat": (40, 30, 36),
        "trim": (222, 160, 150),
    },
}
SKIN: Colour = (214, 184, 156)
SHADOW_SKIN: Colour = (150, 128, 110)
HAIR: Colour = (58, 40, 32)
INK: Colour = (22, 24, 30)
TROUSERS: Colour = (58, 62, 74)
BADGE: Colour = (240, 232, 214)
BADGE_GOLD: Colour = (228, 186, 96)
BADGE_HIDDEN: Colour = (52, 58, 72)


def figure(
    agent_set: str, label: str | None, scale: float = 1.0, back: bool = False, gold: bool = False
) -> pygame.Surface:
    """A figure surface (SRCALPHA), feet at the bottom centre.

    `label` is the number on its badge ("?" for one the viewer may not see, None for no
    badge); `back` draws it from behind (the blind pick: no badge, no face); `gold`
    marks an unmasked agent.
    """
    return _figure(agent_set, label, round(scale * 100), back, gold)


@cache
def _figure(agent_set: str, label: str | None, percent: int, back: bool, gold: bool) -> pygame.Surface:
    k = SUPERSAMPLE
    big = pygame.Surface((WIDTH * k, HEIGHT * k), pygame.SRCALPHA)
    colours = SETS[agent_set]
    if agent_set == "male":
        _draw_male(big, colours, k, back)
    else:
        _draw_female(big, colours, k, back)
    size = (max(1, round(WIDTH * percent / 100)), max(1, round(HEIGHT * percent / 100)))
    if label is not None and not back:
        _draw_badge(big, label, k, gold, size[0] / (WIDTH * k))
    return pygame.transform.smoothscale(big, size)


def _p(points: Sequence[tuple[float, float]], k: int) -> list[tuple[int, int]]:
    return [(round(x * k), round(y * k)) for x, y in points]


def _draw_male(s: pygame.Surface, c: dict[str, Colour], k: int, back: bool) -> None:
    cx = WIDTH / 2
    # Legs and shoes.
    for dx in (-8, 4):
        pygame.draw.rect(s, TROUSERS, pygame.Rect(round((cx + dx) * k), 92 * k, 5 * k, 24 * k))
        pygame.draw.ellipse(s, INK, pygame.Rect(round((cx + dx - 2) * k), 113 * k, 10 * k, 6 * k))
    # Trench coat: shoulders, a slight flare to the hem.
    coat = [(cx - 17, 40), (cx + 17, 40), (cx + 20, 70), (cx + 23, 96), (cx - 23, 96), (cx - 20, 70)]
    pygame.draw.polygon(s, c["coat"], _p(coat, k))
    # Arms, a shade darker, hanging along the coat.
    for side in (-1, 1):
        arm = [(cx + side * 17, 41), (cx + side * 24, 46), (cx + side * 25, 82), (cx + side * 19, 82)]
        pygame.draw.polygon(s, c["coat_dark"], _p(arm, k))
        pygame.draw.circle(s, SHADOW_SKIN, (round((cx + side * 22) * k), 84 * k), 3 * k)
    # Belt.
    pygame.draw.rect(s, c["coat_dark"], pygame.Rect(round((cx - 20) * k), 66 * k, 40 * k, 4 * k))
    if not back:
        # Lapels and the buttoned front.
        pygame.draw.polygon(s, c["trim"], _p([(cx - 10, 40), (cx, 58), (cx - 4, 40)], k))
        pygame.draw.polygon(s, c["trim"], _p([(cx + 10, 40), (cx, 58), (cx + 4, 40)], k))
        pygame.draw.line(s, c["coat_dark"], (round(cx * k), 58 * k), (round(cx * k), 95 * k), k)
    # Head and neck.
    pygame.draw.rect(s, SHADOW_SKIN, pygame.Rect(round((cx - 4) * k), 32 * k, 8 * k, 9 * k))
    pygame.draw.circle(s, SHADOW_SKIN if back else SKIN, (round(cx * k), 26 * k), 10 * k)
    if back:
        pygame.draw.ellipse(s, HAIR, pygame.Rect(round((cx - 10) * k), 18 * k, 20 * k, 14 * k))
    # Fedora: brim, crown, band.
    pygame.draw.ellipse(s, c["hat"], pygame.Rect(round((cx - 19) * k), 15 * k, 38 * k, 8 * k))
    crown = pygame.Rect(round((cx - 11) * k), 4 * k, 22 * k, 14 * k)
    pygame.draw.rect(s, c["hat"], crown, border_top_left_radius=5 * k, border_top_right_radius=5 * k)
    pygame.draw.rect(s, c["coat_dark"], pygame.Rect(round((cx - 11) * k), 14 * k, 22 * k, 3 * k))


def _draw_female(s: pygame.Surface, c: dict[str, Colour], k: int, back: bool) -> None:
    cx = WIDTH / 2
    # Legs and heeled shoes.
    for dx in (-7, 3):
        pygame.draw.rect(s, SHADOW_SKIN, pygame.Rect(round((cx + dx) * k), 94 * k, 4 * k, 21 * k))
        pygame.draw.polygon(
            s, INK, _p([(cx + dx - 1, 114), (cx + dx + 7, 114), (cx + dx + 6, 119), (cx + dx - 1, 119)], k)
        )
    # Hair falling behind the shoulders (a bob).
    pygame.draw.ellipse(s, HAIR, pygame.Rect(round((cx - 13) * k), 16 * k, 26 * k, 24 * k))
    # Belted coat: fitted at the waist, flared skirt.
    coat = [(cx - 15, 40), (cx + 15, 40), (cx + 11, 64), (cx + 25, 97), (cx - 25, 97), (cx - 11, 64)]
    pygame.draw.polygon(s, c["coat"], _p(coat, k))
    for side in (-1, 1):
        arm = [(cx + side * 15, 41), (cx + side * 21, 46), (cx + side * 21, 78), (cx + side * 16, 78)]
        pygame.draw.polygon(s, c["coat_dark"], _p(arm, k))
        pygame.draw.circle(s, SHADOW_SKIN, (round((cx + side * 18.5) * k), 80 * k), 3 * k)
    pygame.draw.rect(s, c["coat_dark"], pygame.Rect(round((cx - 12) * k), 61 * k, 24 * k, 4 * k))
    if not back:
        pygame.draw.polygon(s, c["trim"], _p([(cx - 8, 40), (cx, 52), (cx + 8, 40)], k))
    pygame.draw.rect(s, SHADOW_SKIN, pygame.Rect(round((cx - 3) * k), 33 * k, 6 * k, 8 * k))
    if back:
        pygame.draw.ellipse(s, HAIR, pygame.Rect(round((cx - 11) * k), 15 * k, 22 * k, 22 * k))
    else:
        pygame.draw.circle(s, SKIN, (round(cx * k), 27 * k), 9 * k)
        pygame.draw.ellipse(s, HAIR, pygame.Rect(round((cx - 11) * k), 16 * k, 22 * k, 9 * k))
    # Wide-brimmed hat, tilted: a brim ellipse and a low crown.
    brim = pygame.Surface((44 * k, 10 * k), pygame.SRCALPHA)
    pygame.draw.ellipse(brim, c["hat"], brim.get_rect())
    brim = pygame.transform.rotate(brim, 8)
    s.blit(brim, brim.get_rect(center=(round(cx * k), 16 * k)))
    pygame.draw.ellipse(s, c["hat"], pygame.Rect(round((cx - 10) * k), 6 * k, 20 * k, 12 * k))
    pygame.draw.line(s, c["trim"], (round((cx - 9) * k), 14 * k), (round((cx + 9) * k), 12 * k), 2 * k)


def _draw_badge(s: pygame.Surface, label: str, k: int, gold: bool, shrink: float) -> None:
    """The number badge on the chest, drawn on the big surface that `shrink` scales down to
    the table; on a figure drawn small (the tray's) it grows, so that its number stays at
    least `MIN_TEXT` on the table (issue 11, point 7)."""
    centre = (round(WIDTH / 2 * k), 74 * k)
    hidden = label == "?"
    fill = BADGE_GOLD if gold else (BADGE_HIDDEN if hidden else BADGE)
    smallest = math.ceil(MIN_TEXT / shrink)  # on the big surface: MIN_TEXT once scaled down
    size = max(smallest, (19 if len(label) < 2 else 16) * k)
    radius = max(14 * k, round(size * (0.75 if len(label) < 2 else 0.8)))
    pygame.draw.circle(s, fill, centre, radius)
    pygame.draw.circle(s, INK, centre, radius, max(1, round(1 / shrink / 2)))
    font = _badge_font(size)
    image = font.render(label, True, BADGE if hidden else INK)
    s.blit(image, image.get_rect(center=(centre[0], centre[1] + k)))


@cache
def _badge_font(size: int) -> pygame.font.Font:
    from assets import FONT_BOLD

    return pygame.font.Font(FONT_BOLD, size)
