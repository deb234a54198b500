"""Short messages that fade out: why a click was refused, "game saved"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.theme import PALETTE

TOAST_SECONDS = 3.5
TOP = 72
"""Where a stack of toasts starts when it goes at the top: under the header."""


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
        self.shown: list[pygame.Rect] = []
        """Where the toasts were drawn last (newest first), for the layout checks."""

    def show(self, text: str, kind: str = "info") -> None:
        self.items = [*self.items[-2:], Toast(text, kind)]

    def drop(self, text: str) -> None:
        """Take away the toast saying `text`: what it said is stale (the hint it waited for
        has come)."""
        self.items = [toast for toast in self.items if toast.text != text]

    def clear(self) -> None:
        self.items = []

    def update(self, dt: float) -> None:
        for toast in self.items:
            toast.age += dt
        self.items = [toast for toast in self.items if toast.age < TOAST_SECONDS]

    def draw(
        self,
        surface: pygame.Surface,
        font: pygame.font.Font,
        bottom: int,
        avoid: Sequence[pygame.Rect] = (),
    ) -> None:
        """The toasts, newest lowest, over the middle of `bottom`; when that would hide
        something of `avoid` (the buttons to press, the latest result), at the top of the
        screen instead, or wherever hides least."""
        images = [font.render(toast.text, True, PALETTE["text"]) for toast in reversed(self.items)]
        self.shown = self.place(
            [image.get_rect().inflate(40, 22) for image in images], surface, bottom, avoid
        )
        for toast, image, box in zip(reversed(self.items), images, self.shown, strict=True):
            fade = min(1.0, (TOAST_SECONDS - toast.age) / 0.5)
            card = pygame.Surface(box.size, pygame.SRCALPHA)
            edge = PALETTE["red"] if toast.kind == "error" else PALETTE["brass"]
            pygame.draw.rect(card, (*PALETTE["panel_hi"], int(240 * fade)), card.get_rect(), border_radius=8)
            pygame.draw.rect(card, (*edge, int(255 * fade)), card.get_rect(), width=2, border_radius=8)
            image.set_alpha(int(255 * fade))
            card.blit(image, image.get_rect(center=card.get_rect().center))
            surface.blit(card, box)

    @staticmethod
    def place(
        sizes: Sequence[pygame.Rect], surface: pygame.Surface, bottom: int, avoid: Sequence[pygame.Rect]
    ) -> list[pygame.Rect]:
        """Where each toast goes (`draw`): the stack up from `bottom` in the middle; else,
        the first place that hides nothing of `avoid`: the stack down from the top, then
        either stack moved left or right; else the place that hides least."""
        width = surface.get_width()
        widest = max((size.width for size in sizes), default=0)
        centres = [width // 2]
        for step in range(1, 5):
            for side in (-1, 1):
                centre = width // 2 + side * step * width // 10
                if widest // 2 <= centre <= width - widest // 2:
                    centres.append(centre)
        best: tuple[int, list[pygame.Rect]] | None = None
        for centre in centres:
            for start, upward in ((bottom, True), (TOP, False)):
                boxes = _stack(sizes, centre, start, upward)
                hidden = sum(box.clip(rect).width * box.clip(rect).height for box in boxes for rect in avoid)
                if not hidden:
                    return boxes
                if best is None or hidden < best[0]:
                    best = (hidden, boxes)
        return [] if best is None else best[1]


def _stack(sizes: Sequence[pygame.Rect], centre: int, start: int, upward: bool) -> list[pygame.Rect]:
    """Toasts of `sizes` one above the other from `start` (up from it, or down)."""
    boxes, y = [], start
    for size in sizes:
        box = size.copy()
        if upward:
            box.midbottom = (centre, y)
            y = box.top - 8
        else:
            box.midtop = (centre, y)
            y = box.bottom + 8
        boxes.append(box)
    return boxes
