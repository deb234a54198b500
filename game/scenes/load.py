"""The Load list: saved games, newest first, previewed with `Match.peek` (public facts only)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.scenes.base import Scene
from game.ui.naming import scenario_name, title_name
from game.ui.theme import text
from rules.core import Match, SaveError
from rules.core.saves import saves_dir

if TYPE_CHECKING:
    from game.app import App

MAX_LISTED = 10


def listed_saves() -> list[Path]:
    """Save files, newest first."""
    files = [p for p in saves_dir().glob("*.json") if p.is_file()]
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)[:MAX_LISTED]


class LoadScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries: dict[pygame_gui.elements.UIButton, Path] = {}
        self.back: pygame_gui.elements.UIButton | None = None

    def preview(self, path: Path) -> str | None:
        """One line describing a save, or None when it is damaged."""
        try:
            facts = Match.peek(path.read_bytes())
        except (SaveError, OSError):
            return None
        names = ", ".join(facts["names"]) or "—"
        when = facts["saved_at"].replace("T", " ")[:16]
        if path.name == "autosave.json":
            when = f"{self.ctx.t('app.load.autosave')} · {when}"
        return self.ctx.t(
            "app.load.entry",
            title=title_name(self.ctx, facts["title"]),
            scenario=scenario_name(self.ctx, facts["title"], facts["scenario"]),
            names=names,
            moves=facts["moves"],
            when=when,
        )

    def build(self) -> None:
        t = self.ctx.t
        self.entries = {}
        saves = listed_saves()
        for index, path in enumerate(saves):
            line = self.preview(path)
            rect = pygame.Rect(240, 170 + index * 60, 1120, 50)
            if line is None:
                stamp = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
                self.button(rect, t("app.load.damaged", name=path.name, when=stamp), enabled=False)
            else:
                self.entries[self.button(rect, line)] = path
        if not saves:
            self.label(pygame.Rect(240, 170, 1120, 50), t("app.load.none"), object_id="#muted")
        self.back = self.button(pygame.Rect(240, 800, 200, 50), t("app.back"))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element in self.entries:
                from game.scenes.play import open_saved_game

                problem = open_saved_game(self.app, self.entries[event.ui_element])
                if problem:
                    self.toasts.show(problem, "error")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.backdrop, (0, 0))
        text(surface, self.ctx.font(34, True), self.ctx.t("app.load.title"), (240, 80), "brass")
