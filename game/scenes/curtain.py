"""The curtain (ARCHITECTURE.md, "Hidden information at one screen").

An opaque scene shown when the person to act changes in a game with secrets.  It draws
nothing of the game: no board, log, toast, tooltip or sound; only whose turn it is and a
button that person clicks to see their view.  The play scene below is paused, so its
widgets do not exist while the curtain is up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.scenes.base import Scene
from game.ui.theme import PALETTE, text

if TYPE_CHECKING:
    from game.app import App


class CurtainScene(Scene):
    def __init__(
        self, app: App, name: str, on_reveal: Callable[[], None], on_menu: Callable[[], None]
    ) -> None:
        super().__init__(app)
        self.name = name
        self.on_reveal = on_reveal
        self.on_menu = on_menu
        self.reveal: pygame_gui.elements.UIButton | None = None
        self.menu: pygame_gui.elements.UIButton | None = None

    def build(self) -> None:
        t = self.ctx.t
        width, height = self.ctx.logical_size
        self.reveal = self.button(
            pygame.Rect(width // 2 - 260, height // 2 + 40, 520, 64),
            t("app.curtain.reveal", name=self.name),
            object_id="#primary",
        )
        self.menu = self.button(pygame.Rect(width // 2 - 110, height - 110, 220, 46), t("app.curtain.menu"))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.reveal:
                self.on_reveal()
            elif event.ui_element is self.menu:
                self.on_menu()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(PALETTE["night"])
        width, height = surface.get_size()
        pygame.draw.line(
            surface,
            PALETTE["brass_dim"],
            (width // 2 - 160, height // 2 - 20),
            (width // 2 + 160, height // 2 - 20),
            2,
        )
        text(
            surface,
            self.ctx.font(52, True),
            self.ctx.t("app.curtain.turn", name=self.name),
            (width // 2, height // 2 - 50),
            "text",
            "midbottom",
        )
        text(
            surface,
            self.ctx.font(18, False),
            self.ctx.t("app.curtain.hint"),
            (width // 2, height // 2 + 140),
            "muted",
            "midtop",
        )
