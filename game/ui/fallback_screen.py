"""The plain table every title gets until it registers its own screen in `game/titles.py`.

It shows the seat's view as indented text and every legal action as a button, so a title
is playable from the day its rules land.
"""

from __future__ import annotations

import json
from typing import Any

import pygame
from pydantic import BaseModel

from game.ui.context import UiContext
from game.ui.theme import PALETTE, panel, text
from game.ui.title_screen import TitleScreen
from rules.core import Match, Seat

BUTTON_HEIGHT = 36
MAX_BUTTONS = 18


def describe(action: BaseModel) -> str:
    """An action as one short line: its type and its fields."""
    data = action.model_dump(mode="json")
    kind = str(data.pop("type", type(action).__name__))
    details = " ".join(f"{key}={_short(value)}" for key, value in data.items())
    return f"{kind} {details}".strip()


def _short(value: Any) -> str:
    raw = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return raw if len(raw) <= 24 else raw[:21] + "…"


class FallbackScreen(TitleScreen):
    def __init__(self, ctx: UiContext, match: Match, seat: Seat | None, rect: pygame.Rect) -> None:
        super().__init__(ctx, match, seat, rect)
        self.buttons: list[tuple[pygame.Rect, BaseModel]] = []
        self.hover: int | None = None
        self._layout_buttons()

    def refresh(self, seat: Seat | None) -> None:
        super().refresh(seat)
        self._layout_buttons()

    def _layout_buttons(self) -> None:
        left = self.rect.x + self.rect.width // 2 + 10
        width = self.rect.right - left - 24
        self.buttons = [
            (pygame.Rect(left, self.rect.y + 70 + i * (BUTTON_HEIGHT + 8), width, BUTTON_HEIGHT), action)
            for i, action in enumerate(list(self.legal)[:MAX_BUTTONS])
        ]

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

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, "ink")
        font, small = self.ctx.font(20, True), self.ctx.font(15, False)
        half = self.rect.width // 2
        text(surface, font, self.ctx.t("app.fallback.view"), (self.rect.x + 24, self.rect.y + 24), "brass")
        text(
            surface,
            font,
            self.ctx.t("app.fallback.actions"),
            (self.rect.x + half + 10, self.rect.y + 24),
            "brass",
        )
        lines = json.dumps(self.view.model_dump(mode="json"), indent=2, ensure_ascii=False).splitlines()
        visible = (self.rect.height - 90) // 19
        for row, line in enumerate(lines[:visible]):
            clipped = line if len(line) <= 60 else line[:59] + "…"
            text(surface, small, clipped, (self.rect.x + 24, self.rect.y + 70 + row * 19), "text")
        if len(lines) > visible:
            text(surface, small, "…", (self.rect.x + 24, self.rect.bottom - 24), "muted")
        for index, (rect, action) in enumerate(self.buttons):
            lit = index == self.hover
            pygame.draw.rect(surface, PALETTE["panel_hi" if lit else "panel"], rect, border_radius=6)
            pygame.draw.rect(surface, PALETTE["brass" if lit else "line"], rect, width=1, border_radius=6)
            text(surface, small, describe(action), (rect.x + 12, rect.centery), "text", "midleft")
        if len(self.legal) > MAX_BUTTONS:
            more = self.ctx.t("app.fallback.more", count=len(self.legal) - MAX_BUTTONS)
            text(surface, small, more, (self.rect.x + half + 10, self.rect.bottom - 30), "muted")
