"""Settings: language, window, animation speed, sound, colour-blind patterns, reaction windows.

Every change applies and is saved at once (atomic JSON, `game.settings`).
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.ui.scene import Host, Scene
from game.ui.theme import panel, text

ON_OFF: tuple[tuple[str, Any], ...] = (("app.on", True), ("app.off", False))

ROWS: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = (
    ("language", (("app.language.en", "en"), ("app.language.pl", "pl"))),
    ("fullscreen", ON_OFF),
    ("window_size", (("1280×720", (1280, 720)), ("1600×900", (1600, 900)), ("1920×1080", (1920, 1080)))),
    (
        "animation_speed",
        (
            ("app.speed.slow", 0.5),
            ("app.speed.normal", 1.0),
            ("app.speed.fast", 2.0),
            ("app.speed.instant", 0.0),
        ),
    ),
    ("sound", ON_OFF),
    ("colour_blind_patterns", ON_OFF),
    ("skip_reaction_windows", ON_OFF),
    ("first_game_guide", ON_OFF),
)

PANEL = pygame.Rect(280, 120, 1040, 660)
ROW_TOP = 230
ROW_HEIGHT = 58


class SettingsScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.choices: dict[pygame_gui.elements.UIButton, tuple[str, Any]] = {}
        self.back: pygame_gui.elements.UIButton | None = None

    def build(self) -> None:
        t = self.ctx.t
        self.choices = {}
        current = self.app.settings.model_dump()
        for row, (field, options) in enumerate(ROWS):
            y = ROW_TOP + row * ROW_HEIGHT
            width = 170
            for index, (label, value) in enumerate(options):
                rect = pygame.Rect(PANEL.right - 40 - (len(options) - index) * (width + 10), y, width, 46)
                caption = t(label) if label.startswith("app.") else label
                widget = self.button(rect, caption, tooltip=t(f"app.settings.{field}.tip"))
                if _same(current[field], value):
                    widget.select()
                self.choices[widget] = (field, value)
        self.back = self.button(pygame.Rect(PANEL.x + 40, PANEL.bottom - 76, 200, 50), t("app.back"))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element in self.choices:
                field, value = self.choices[event.ui_element]
                self.change(field, value)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def change(self, field: str, value: Any) -> None:
        update = {field: value}
        if field == "first_game_guide" and value and not self.app.settings.first_game_guide:
            update["guides_seen"] = {}  # on again: every first game is guided again, for everyone
        settings = self.app.settings.model_copy(update=update)
        self.app.apply_settings(type(settings).model_validate(settings.model_dump()))
        self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.backdrop, (0, 0))
        panel(surface, PANEL)
        t, font = self.ctx.t, self.ctx.font
        text(surface, font(34, True), t("app.settings.title"), (PANEL.x + 40, PANEL.y + 34), "brass")
        for row, (field, _) in enumerate(ROWS):
            y = ROW_TOP + row * ROW_HEIGHT + 23
            text(surface, font(20, False), t(f"app.settings.{field}"), (PANEL.x + 40, y), "text", "midleft")


def _same(current: Any, value: Any) -> bool:
    if isinstance(current, list | tuple):
        return tuple(current) == tuple(value)
    return bool(current == value)
