"""The main menu: New game, a quick Doppelnull match, Continue last game, Load, Statistics,
Settings, Rules, Quit."""

from __future__ import annotations

import html
import math
import random
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.saves import latest_in_progress, listed_saves
from game.settings import Settings
from game.ui.scene import Host, Scene
from game.ui.theme import PALETTE, text

if TYPE_CHECKING:
    from rules.core import Match

BUTTONS = ("new_game", "quick", "continue", "load", "statistics", "settings", "rules", "quit")
BUTTON_WIDTH = 380
BUTTONS_TOP = 352
BUTTON_PITCH = 58
BUTTON_HEIGHT = 50
QUICK_TITLE = "doppelnull"
"""The title a quick match plays: a short duel, what Doppelnull is for (issue 30)."""


class MenuScene(Scene):
    """The first screen. Its backdrop (net, title, network drawing) is drawn once and cached."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._backdrop = app.backdrop
        self.continues: Path | None = None
        """The save Continue opens: the game in progress played last (found after the first frame)."""
        self.seed: int | None = None
        """The seed of the quick match (None: drawn; the scripted newcomer fixes it)."""

    def enter(self) -> None:
        super().enter()
        for notice in self.app.startup_notices:
            self.toasts.show(notice.text(self.ctx.t), "error")
        self.app.startup_notices = []

    def build(self) -> None:
        t = self.ctx.t
        self._backdrop = self._render_backdrop()
        self.buttons = {}
        for index, name in enumerate(BUTTONS):
            rect = pygame.Rect(136, BUTTONS_TOP + index * BUTTON_PITCH, BUTTON_WIDTH, BUTTON_HEIGHT)
            self.buttons[name] = self.button(
                rect,
                t(f"app.menu.{name}"),
                object_id="#primary" if name == "new_game" else "#menu",
                tooltip=self._tip(name),
                enabled=name != "continue" or bool(listed_saves()),
            )
        self._continue_named = False

    def _tip(self, name: str) -> str:
        t = self.ctx.t
        if name != "quick":
            return t(f"app.menu.{name}.tip")
        last = self.app.settings.last_name
        return t("app.menu.quick.tip", name=last) if last else t("app.menu.quick.tip_unnamed")

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self._continue_named:
            self._continue_named = True
            self._name_continue()

    def _name_continue(self) -> None:
        """ "Continue: Stawka — Training 1, stage 2" from the public facts of the game in
        progress played last (issue 11, point 10; issue 28, point 4): the richest label that
        fits the button (the scenario, then how far the game came, are dropped in turn), the
        whole of it in the tooltip; with no game in progress the button is off.  Done after
        the first frame: reading the saves is no part of start-up."""
        button = self.buttons.get("continue")
        if button is None or not button.is_enabled:
            return
        self.continues = latest_in_progress()
        if self.continues is None:
            button.disable()
            return
        from game.storage import read_file
        from game.ui.fit import fit
        from game.ui.naming import describe_save, progress_text, saved_scenario_name, short_title_name
        from rules.core import Match, SaveError
        from rules.core.match import MAX_SAVE_BYTES

        try:
            facts = Match.peek(read_file(self.continues, MAX_SAVE_BYTES))
        except (SaveError, OSError):
            return
        t = self.ctx.t
        game, details = describe_save(self.ctx, facts)
        short = short_title_name(self.ctx, facts.title)
        progress = progress_text(self.ctx, facts)
        labels = []
        if facts.scenario is not None:
            scenario = saved_scenario_name(self.ctx, facts, short=True)
            with_scenario = t("app.load.game", title=short, scenario=scenario)
            if progress is not None:
                labels.append(t("app.load.game_progress", game=with_scenario, progress=progress))
            labels.append(with_scenario)
        if progress is not None:
            labels.append(t("app.load.game_progress", game=short, progress=progress))
        labels.append(short)
        width = BUTTON_WIDTH - 32
        for label in labels:
            shown = fit(self.ctx.font, t("app.menu.continue_game", game=label), width, 22, shrink=0)
            if not shown.cut:
                break
        button.set_text(shown.lines[0])
        button.set_tooltip(f"{html.escape(t('app.menu.continue_game', game=game))}<br>{html.escape(details)}")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            chosen = next((name for name, b in self.buttons.items() if b is event.ui_element), None)
            if chosen is not None:
                self.choose(chosen)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.running = False

    def choose(self, name: str) -> None:
        if name == "new_game":
            self.app.go.setup()
        elif name == "quick":
            self.app.go.play(quick_match(self.app.settings, self.seed))
        elif name == "continue":
            path = self.continues or latest_in_progress()
            if path is None:
                return
            problem = self.app.go.saved_game(path)
            if problem:
                self.toasts.show(problem, "error")
        elif name == "load":
            self.app.go.load()
        elif name == "statistics":
            self.app.go.statistics()
        elif name == "settings":
            self.app.go.settings()
        elif name == "rules":
            self.app.go.rules()
        elif name == "quit":
            self.app.running = False

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._backdrop, (0, 0))

    def _render_backdrop(self) -> pygame.Surface:
        """The still part of the menu, drawn once per build (the language may have changed)."""
        t, font = self.ctx.t, self.ctx.font
        backdrop = self.app.backdrop.copy()
        size = backdrop.get_size()
        draw_network(backdrop, pygame.Rect(700, 90, 820, 720))
        text(backdrop, font(96, True), "SIATKA", (128, 150), "brass")
        text(backdrop, font(24, False), t("app.menu.subtitle"), (134, 272), "text")
        pygame.draw.line(backdrop, PALETTE["brass_dim"], (136, 322), (516, 322), 2)
        text(backdrop, font(15, False), t("app.menu.footer"), (136, size[1] - 46), "muted")
        return backdrop  # a copy of the app's converted backdrop: already the window's format


def draw_network(surface: pygame.Surface, area: pygame.Rect) -> None:
    """A quiet drawing of a spy network: cells (nodes) and the threads between them."""
    nodes: list[tuple[float, float]] = []
    for ring, count in ((0, 1), (1, 6), (2, 11)):
        for k in range(count):
            angle = k / count * math.tau + ring * 0.7
            radius = ring * area.height * 0.21
            centre_x, centre_y = area.width / 2, area.height / 2
            nodes.append((centre_x + math.cos(angle) * radius * 1.15, centre_y + math.sin(angle) * radius))
    # Drawn on a layer the size of `area` (the nodes and their glows lie inside it), not of
    # the whole surface: a window-sized layer with alpha costs more than the drawing.
    layer = pygame.Surface(area.size, pygame.SRCALPHA)
    for i, (x1, y1) in enumerate(nodes):
        for j, (x2, y2) in enumerate(nodes[i + 1 :], start=i + 1):
            distance = math.hypot(x2 - x1, y2 - y1)
            if distance < area.height * 0.27 or (i == 0 and j % 2 == 1):
                alpha = 110 if (i + j) % 5 else 170
                colour = PALETTE["brass"] if (i + j) % 5 == 0 else PALETTE["line"]
                pygame.draw.aaline(layer, (*colour, alpha), (x1, y1), (x2, y2))
    for index, (x, y) in enumerate(nodes):
        lit = index in (0, 3, 8, 13)
        radius = 11 if index == 0 else (8 if lit else 5)
        colour = PALETTE["brass"] if lit else PALETTE["muted"]
        if lit:
            pygame.draw.circle(layer, (*colour, 40), (x, y), radius * 3)
        pygame.draw.circle(layer, (*PALETTE["night"], 255), (x, y), radius + 3)
        pygame.draw.circle(layer, (*colour, 230), (x, y), radius, width=0 if lit else 2)
    surface.blit(layer, area.topleft)


def quick_match(settings: Settings, seed: int | None = None) -> Match:
    """A Doppelnull match in one click: the last name typed at a setup against the
    computer at the level a new game offers that person (Easy for a first game, else
    Normal), lots drawn for who starts and for the blind pick, a single game."""
    from game.titles import first_game_level
    from rules.core import Match, SeatConfig
    from rules.registry import TITLES

    title = TITLES[QUICK_TITLE]
    person, computer = title.seats(title.default_options(None))
    seats = {
        person: SeatConfig(name=settings.last_name),
        computer: SeatConfig(bot=first_game_level(settings, QUICK_TITLE, settings.last_name)),
    }
    options = title.make_options(None, seats, {"starter": "random", "blind_pick": "lots"})
    return Match(title, options, random.SystemRandom().randrange(1 << 31) if seed is None else seed)
