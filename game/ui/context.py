"""What every scene and title screen gets: translation, fonts, settings, logical size."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

LOGICAL_SIZE = (1600, 900)


@dataclass
class UiContext:
    """Shared front-end services. Built once by the app; tests build one headless.

    ``t(key, **params)`` translates a message key in the current language;
    ``font(size, bold)`` returns a cached font loaded by path from ``assets/fonts``.
    """

    t: Callable[..., str]
    font: Callable[[int, bool], pygame.font.Font]
    settings: Any
    logical_size: tuple[int, int] = LOGICAL_SIZE
    extra: dict[str, Any] = field(default_factory=dict)
