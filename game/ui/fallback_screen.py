"""The plain table every title gets until it registers its own screen in `game/titles.py`.

It shows the seat's view as indented text and every legal action as a button, so a title
is playable from the day its rules land.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import Any

import pygame
from pydantic import BaseModel

from game.ui.context import UiContext
from game.ui.seat_view import SeatView
from game.ui.theme import PALETTE, panel, text
from game.ui.title_screen import TitleScreen, describe

BUTTON_HEIGHT = 34
BUTTON_GAP = 6


class FallbackScreen(TitleScreen):
    def __init__(self, ctx: UiContext, seen: SeatView, rect: pygame.Rect) -> None:
        super().__init__(ctx, seen, rect)
        self.buttons: list[tuple[pygame.Rect, BaseModel]] = []
        self.hover: int | None = None
        self._layout_buttons()

    def refresh(self, seen: SeatView) -> None:
        super().refresh(seen)
        self._layout_buttons()

    def capacity(self) -> tuple[int, int]:
        """Rows that fit under the heading, and the columns the actions need (1 or 2)."""
        rows = (self.rect.height - 70 - 44) // (BUTTON_HEIGHT + BUTTON_GAP)
        return rows, 1 if len(self.legal) <= rows else 2

    def _layout_buttons(self) -> None:
        rows, columns = self.capacity()
        left = self.rect.x + self.rect.width // 2 + 10
        width = (self.rect.right - left - 24 - (columns - 1) * 10) // columns
        self.buttons = []
        for index, action in enumerate(list(self.legal)[: rows * columns]):
            column, row = divmod(index, rows)
            x = left + column * (width + 10)
            y = self.rect.y + 70 + row * (BUTTON_HEIGHT + BUTTON_GAP)
            self.buttons.append((pygame.Rect(x, y, width, BUTTON_HEIGHT), action))
        self._table = self._render()

    def handle_event(self, event: pygame.event.Event) -> BaseModel | dict[str, Any] | None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, (r, _) in enumerate(self.buttons) if r.collidepoint(event.pos)), None)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action in self.buttons:
                if rect.collidepoint(event.pos):
                    return action
        return None

    def status_text(self) -> str:
        return self.ctx.t("app.fallback.status")

    def appearance(self) -> Hashable:
        return self._table, self.hover, self.hint

    def draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(self._table, self.rect)
        for rect, action in self.buttons:
            if action == self.hint:
                self._draw_button(surface, rect, action, lit=True)
        if self.hover is not None and self.hover < len(self.buttons):
            rect, action = self.buttons[self.hover]
            self._draw_button(surface, rect, action, lit=True)
            self._draw_full_label(surface, rect, describe(action))

    def _draw_full_label(self, surface: pygame.Surface, rect: pygame.Rect, label: str) -> None:
        """The whole action under the pointer, when its button had to cut it short."""
        small = self.ctx.font(15, False)
        if small.size(label)[0] <= rect.width - 20:
            return
        image = small.render(label, True, PALETTE["text"])
        box = image.get_rect().inflate(20, 12)
        box.bottomright = (min(rect.right, self.rect.right - 8), rect.top - 4)
        box.left = max(box.left, self.rect.left + 8)
        pygame.draw.rect(surface, PALETTE["panel_hi"], box, border_radius=6)
        pygame.draw.rect(surface, PALETTE["brass"], box, width=1, border_radius=6)
        surface.blit(image, image.get_rect(center=box.center))

    def _render(self) -> pygame.Surface:
        """The whole table as one image, made when the view changes (not every frame)."""
        table = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        local = table.get_rect()
        panel(table, local, "ink")
        font, small = self.ctx.font(20, True), self.ctx.font(15, False)
        half = local.width // 2
        text(table, font, self.ctx.t("app.fallback.view"), (24, 24), "brass")
        if self.legal:
            text(table, font, self.ctx.t("app.fallback.actions"), (half + 10, 24), "brass")
        lines = json.dumps(self.view.model_dump(mode="json"), indent=2, ensure_ascii=False).splitlines()
        visible = (local.height - 90) // 19
        for row, line in enumerate(lines[:visible]):
            clipped = line if len(line) <= 60 else line[:59] + "…"
            text(table, small, clipped, (24, 70 + row * 19), "text")
        if len(lines) > visible:
            text(table, small, "…", (24, local.bottom - 24), "muted")
        offset = (-self.rect.x, -self.rect.y)
        for rect, action in self.buttons:
            self._draw_button(table, rect.move(offset), action, lit=False)
        hidden = len(self.legal) - len(self.buttons)
        if hidden > 0:
            more = self.ctx.t("app.fallback.more", count=hidden)
            text(table, small, more, (half + 10, local.bottom - 30), "muted")
        return table

    def _draw_button(self, surface: pygame.Surface, rect: pygame.Rect, action: BaseModel, lit: bool) -> None:
        small = self.ctx.font(15, False)
        pygame.draw.rect(surface, PALETTE["panel_hi" if lit else "panel"], rect, border_radius=6)
        pygame.draw.rect(surface, PALETTE["brass" if lit else "line"], rect, width=1, border_radius=6)
        label = describe(action)
        while small.size(label)[0] > rect.width - 20 and len(label) > 2:
            label = label[:-2] + "…"
        text(surface, small, label, (rect.x + 10, rect.centery), "text", "midleft")
