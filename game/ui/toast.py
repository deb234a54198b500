"""Short messages that fade out: why a click was refused, "game saved"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.theme import PALETTE, plain, wrap

TOAST_SECONDS = 3.5
TOP = 72
"""Where a stack of toasts starts when it goes at the top: under the header."""
TEXT_WIDTH = 420
"""The widest line of a toast: a longer text wraps onto lines under it (issue 29: a hint
in one long line crossed the table from the board to the side panel)."""


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
        something of `avoid` (the buttons to press, the latest result, what the table
        shows at a glance), at the top of the screen instead, or beside either, or wherever
        hides least.  A text wider than `TEXT_WIDTH` wraps onto lines."""
        images = [_lines(font, toast.text) for toast in reversed(self.items)]
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
        the first place that hides nothing of `avoid`: moved left or right, then the stack
        down from the top (and moved), then from lower and lower down the screen; else the
        place that hides least."""
        width = surface.get_width()
        widest = max((size.width for size in sizes), default=0)
        # The middle first, then farther and farther to either side, to either edge.
        low, high = (widest + 1) // 2 + 8, width - (widest + 1) // 2 - 8
        spots = [*range(width // 2 - 40, low, -40), low, *range(width // 2 + 40, high, 40), high]
        centres = [
            width // 2,
            *sorted(dict.fromkeys(c for c in spots if low <= c <= high), key=lambda c: abs(c - width // 2)),
        ]
        # Over the middle of `bottom`, or from the top; then lower and lower down the screen.
        starts = [(bottom, True), (TOP, False)] + [(y, False) for y in range(TOP + 60, bottom - 60, 60)]
        best: tuple[int, list[pygame.Rect]] | None = None
        for start, upward in starts:
            for centre in centres:
                boxes = _stack(sizes, centre, start, upward)
                if boxes and boxes[-1].bottom > bottom:
                    continue
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


def _lines(font: pygame.font.Font, content: str) -> pygame.Surface:
    """`content` in lines no wider than `TEXT_WIDTH`, centred under one another."""
    rendered = [font.render(plain(line), True, PALETTE["text"]) for line in wrap(font, content, TEXT_WIDTH)]
    if len(rendered) == 1:
        return rendered[0]
    step = font.get_linesize()
    width = max(line.get_width() for line in rendered)
    image = pygame.Surface((width, step * len(rendered)), pygame.SRCALPHA)
    for index, line in enumerate(rendered):
        image.blit(line, line.get_rect(midtop=(image.get_width() // 2, index * step)))
    return image
