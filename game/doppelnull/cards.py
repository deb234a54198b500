"""Agent cards: a large number between a "−" slot (left) and a "+" slot (right).

An agent stands on the slot of its sign ("Setup" 4): on "−" when its number is lower
than the card's, on "+" when higher.  The stripe on top shows whose card it is.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.doppelnull.figures import SETS

PAPER = (236, 229, 212)
PAPER_DIM = (150, 146, 136)
INK = (30, 32, 40)
MINUS_TINT = (208, 220, 236)
PLUS_TINT = (240, 214, 208)
SLOT_WIDTH_SHARE = 0.27
"""Each sign slot takes this share of the card's width; the number the middle."""


def slot_centre(card: pygame.Rect, sign: str) -> int:
    """The x where an agent on `sign` stands ("-" left, "+" right)."""
    zone = round(card.width * SLOT_WIDTH_SHARE)
    return card.x + zone // 2 if sign == "-" else card.right - zone // 2


SHADOW = (3, 4)
"""Where a card's shadow falls, from the card."""


def draw_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    number: int,
    owner_set: str,
    font: pygame.font.Font,
    sign_font: pygame.font.Font,
    dim: bool = False,
    lit_sign: str | None = None,
) -> None:
    """One card. `lit_sign` ("+" or "-") shades the slot an agent stands on."""
    image = _card(rect.size, number, owner_set, font, sign_font, dim, lit_sign)
    surface.blit(image, rect.topleft)


def draw_hand_card(
    surface: pygame.Surface, rect: pygame.Rect, number: int, owner_set: str, font: pygame.font.Font
) -> None:
    """A card in hand: the number large, the owner's stripe."""
    surface.blit(_card(rect.size, number, owner_set, font, None, False, None), rect.topleft)


@lru_cache(maxsize=128)
def _card(
    size: tuple[int, int],
    number: int,
    owner_set: str,
    font: pygame.font.Font,
    sign_font: pygame.font.Font | None,
    dim: bool,
    lit_sign: str | None,
) -> pygame.Surface:
    """A card with its shadow, drawn once: a table shows the same cards frame after frame.

    Without a `sign_font`, a card in hand: no sign slots."""
    surface = pygame.Surface((size[0] + SHADOW[0], size[1] + SHADOW[1]), pygame.SRCALPHA)
    rect = pygame.Rect((0, 0), size)
    paper = PAPER_DIM if dim else PAPER
    pygame.draw.rect(surface, (8, 10, 14), rect.move(SHADOW), border_radius=9)
    pygame.draw.rect(surface, paper, rect, border_radius=9)
    if sign_font is not None:
        zone = round(rect.width * SLOT_WIDTH_SHARE)
        inner = rect.inflate(-8, -8)
        for sign, x, tint in (("-", rect.x + 4, MINUS_TINT), ("+", rect.right - 4 - zone, PLUS_TINT)):
            slot = pygame.Rect(x, inner.y + 10, zone, inner.height - 10)
            colour = tint if lit_sign == sign else _mix(paper, tint, 0.45)
            pygame.draw.rect(surface, colour, slot, border_radius=6)
            glyph = sign_font.render("−" if sign == "-" else "+", True, INK)
            surface.blit(glyph, glyph.get_rect(center=(slot.centerx, slot.bottom - 14)))
    stripe = pygame.Rect(rect.x, rect.y, rect.width, 8)
    pygame.draw.rect(
        surface, SETS[owner_set]["coat"], stripe, border_top_left_radius=9, border_top_right_radius=9
    )
    image = font.render(str(number), True, INK)
    rise = 4 if sign_font is not None else 3
    surface.blit(image, image.get_rect(center=(rect.centerx, rect.centery + rise)))
    pygame.draw.rect(surface, (90, 86, 76), rect, width=1, border_radius=9)
    return surface


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * k), round(a[1] + (b[1] - a[1]) * k), round(a[2] + (b[2] - a[2]) * k))
