"""The shipped font (DejaVu Sans, with every Polish letter), loaded by path and cached."""

from __future__ import annotations

from functools import cache

import pygame

from assets import FONT_BOLD, FONT_REGULAR
from game.ui.theme import MIN_TEXT


class Fonts:
    """``fonts(size, bold)`` -> a `pygame.font.Font`, opened once per size and weight,
    never smaller than `floor` (issue 29, point 5): a text asked for smaller gets it."""

    def __init__(self, floor: int = MIN_TEXT) -> None:
        self.floor = floor
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    def __call__(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(size, self.floor), bold)
        font = self._cache.get(key)
        if font is None:
            font = pygame.font.Font(FONT_BOLD if bold else FONT_REGULAR, key[0])
            self._cache[key] = font
        return font


@cache
def fonts_from(floor: int) -> Fonts:
    """The fonts of a table whose smallest text is `floor` (`TitleScreen.smallest_text`),
    one set per floor."""
    return Fonts(floor)
