"""Colour-blind patterns: each agent colour also gets a texture, so no colour stands alone.

With the "colour-blind patterns" setting on, the table lays these over every colour-coded
thing (agent figures, investigation-track rows, "I was here" markers, item evidence chips):
yellow dots, purple diagonal stripes, blue horizontal stripes, black cross-hatching.
Patterns are cached per colour and size, so turning them on costs a blit per shape.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.theme import Colour

AGENT_COLOURS: dict[str, Colour] = {
    "yellow": (226, 190, 60),
    "purple": (142, 88, 176),
    "blue": (70, 120, 200),
    "black": (38, 38, 42),
}


def _ink(colour: Colour) -> tuple[int, int, int, int]:
    light = 0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2]
    return (30, 26, 22, 150) if light > 140 else (245, 242, 235, 150)


@lru_cache(maxsize=256)
def texture(colour: str, width: int, height: int) -> pygame.Surface:
    """The colour's pattern, transparent between its marks, `width` x `height` pixels."""
    surface = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    ink = _ink(AGENT_COLOURS[colour])
    step = 5
    if colour == "yellow":
        for y in range(2, height, step):
            for x in range(2 + (y // step % 2) * 2, width, step):
                pygame.draw.circle(surface, ink, (x, y), 1)
    elif colour == "purple":
        for k in range(-height, width, step):
            pygame.draw.line(surface, ink, (k, height), (k + height, 0), 1)
    elif colour == "blue":
        for y in range(2, height, 4):
            pygame.draw.line(surface, ink, (0, y), (width, y), 1)
    else:
        for k in range(-height, width, step + 1):
            pygame.draw.line(surface, ink, (k, height), (k + height, 0), 1)
            pygame.draw.line(surface, ink, (k, 0), (k + height, height), 1)
    return surface


@lru_cache(maxsize=128)
def _disc_mask(radius: int) -> pygame.Surface:
    mask = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (radius, radius), radius)
    return mask


@lru_cache(maxsize=256)
def disc_texture(colour: str, radius: int) -> pygame.Surface:
    """The colour's pattern cut to a disc of `radius`."""
    disc = texture(colour, radius * 2, radius * 2).copy()
    disc.blit(_disc_mask(radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return disc


def fill_rect(surface: pygame.Surface, colour: str, rect: pygame.Rect) -> None:
    """Lay the colour's pattern over `rect` (already filled with the colour)."""
    surface.blit(texture(colour, rect.width, rect.height), rect)


def fill_disc(surface: pygame.Surface, colour: str, centre: tuple[int, int], radius: int) -> None:
    surface.blit(disc_texture(colour, radius), (centre[0] - radius, centre[1] - radius))
