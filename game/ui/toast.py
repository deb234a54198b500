"""Short messages that fade out: why a click was refused, "game saved"."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.theme import PALETTE

TOAST_SECONDS = 3.5


@dataclass
class Toast:
    text: str
    kind: str = "info"
    """``"info"`` or ``"error"`` (drawn with a red edge)."""
    age: float = 0.0


class Toasts:
    """The toasts of one scene; they belong to that scene so a curtain never shows them."""

    def __init__(self) -> None:
        self.items: list[Toast] = []

    def show(self, text: str, kind: str = "info") -> None:
        self.items = [*self.items[-2:], Toast(text, kind)]

    def clear(self) -> None:
        self.items = []

    def update(self, dt: float) -> None:
        for toast in self.items:
            toast.age += dt
        self.items = [toast for toast in self.items if toast.age < TOAST_SECONDS]

    def draw(self, surface: pygame.Surface, font: pygame.font.Font, bottom: int) -> None:
        y = bottom
        for toast in reversed(self.items):
            image = font.render(toast.text, True, PALETTE["text"])
            box = image.get_rect().inflate(40, 22)
            box.midbottom = (surface.get_width() // 2, y)
            fade = min(1.0, (TOAST_SECONDS - toast.age) / 0.5)
            card = pygame.Surface(box.size, pygame.SRCALPHA)
            edge = PALETTE["red"] if toast.kind == "error" else PALETTE["brass"]
            pygame.draw.rect(card, (*PALETTE["panel_hi"], int(240 * fade)), card.get_rect(), border_radius=8)
            pygame.draw.rect(card, (*edge, int(255 * fade)), card.get_rect(), width=2, border_radius=8)
            image.set_alpha(int(255 * fade))
            card.blit(image, image.get_rect(center=card.get_rect().center))
            surface.blit(card, box)
            y = box.top - 8
