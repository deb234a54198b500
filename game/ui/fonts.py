"""The shipped font (DejaVu Sans, with every Polish letter), loaded by path and cached."""

from __future__ import annotations

import pygame

from assets import FONT_BOLD, FONT_REGULAR


class Fonts:
    """``fonts(size, bold)`` -> a `pygame.font.Font`, opened once per size and weight."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    def __call__(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._cache.get(key)
        if font is None:
            font = pygame.font.Font(FONT_BOLD if bold else FONT_REGULAR, size)
            self._cache[key] = font
        return font
