"""The rules reader: a scrolling summary of each title's rules, from the message catalogs."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from game.scenes.base import Scene
from game.ui.naming import known, title_name
from game.ui.theme import text

if TYPE_CHECKING:
    from game.app import App


class RulesScene(Scene):
    def __init__(self, app: App, title_id: str | None = None) -> None:
        super().__init__(app)
        from rules.registry import TITLES

        self.title_ids = sorted(TITLES)
        self.title_id = title_id or (self.title_ids[0] if self.title_ids else None)
        self.tabs: dict[pygame_gui.elements.UIButton, str] = {}
        self.back: pygame_gui.elements.UIButton | None = None

    def build(self) -> None:
        t = self.ctx.t
        self.tabs = {}
        for index, title_id in enumerate(self.title_ids):
            widget = self.button(pygame.Rect(80, 170 + index * 62, 340, 52), title_name(self.ctx, title_id))
            if title_id == self.title_id:
                widget.select()
            self.tabs[widget] = title_id
        self.back = self.button(pygame.Rect(80, 790, 200, 50), t("app.back"))
        UITextBox(
            self.rules_html(),
            pygame.Rect(460, 220, 1060, 620),
            manager=self.app.gui,
            container=self.container,
            object_id=ObjectID(object_id="#reading"),
        )

    def rules_html(self) -> str:
        if self.title_id is None:
            return self.ctx.t("app.rules.no_titles")
        summary = known(self.ctx, f"{self.title_id}.rules") or self.ctx.t("app.rules.missing")
        return escape(summary).replace("\n", "<br>")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element in self.tabs:
                self.title_id = self.tabs[event.ui_element]
                self.rebuild()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.backdrop, (0, 0))
        text(surface, self.ctx.font(34, True), self.ctx.t("app.rules.title"), (80, 80), "brass")
        if self.title_id is not None:
            heading = title_name(self.ctx, self.title_id)
            text(surface, self.ctx.font(26, True), heading, (462, 178), "text", "midleft")
