"""Game over: who won and why, the final table, the campaign's next game, rematch or the menu.

The game is over, so nothing needs hiding any more: the table is drawn for a spectator
and the log is the full one.  When the title says a campaign goes on
(`Title.campaign_next`), "Continue the campaign" starts its next game with the same
people in the same seats.
"""

from __future__ import annotations

import random
from html import escape
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UITextBox

from game.scenes.base import Scene
from game.ui.messages import options_problem
from game.ui.naming import event_text, outcome_text, player_name
from game.ui.theme import PALETTE, panel, text, wrap
from rules.core import GameOptions, Match

if TYPE_CHECKING:
    from game.app import App

TABLE = pygame.Rect(16, 72, 1168, 812)
SIDE = pygame.Rect(1200, 72, 384, 812)


class GameOverScene(Scene):
    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        from game.scenes.play import screen_for

        self.match = match
        self.screen = screen_for(app, match, None, TABLE)
        self.screen.refresh(None)
        outcome = match.outcome()
        self.summary = outcome_text(self.ctx, match, outcome) if outcome else ""
        self.campaign_options = match.title.campaign_next(match.state)
        """The options of the campaign's next game, or None when this game stands alone."""
        self.campaign: pygame_gui.elements.UIButton | None = None
        self.rematch: pygame_gui.elements.UIButton | None = None
        self.menu: pygame_gui.elements.UIButton | None = None

    def build(self) -> None:
        t = self.ctx.t
        room = 54 if self.campaign_options is not None else 0
        lines = [event_text(self.ctx, self.match, event) for event in self.match.log[-200:]]
        UITextBox(
            "<br>".join(escape(line) for line in reversed(lines)),
            pygame.Rect(SIDE.x + 12, SIDE.y + 300, SIDE.width - 24, 380 - room),
            manager=self.app.gui,
            container=self.container,
        )
        self.campaign = None
        if self.campaign_options is not None:
            self.campaign = self.button(
                pygame.Rect(SIDE.x + 12, SIDE.bottom - 164, 360, 46), t("app.over.campaign"), "#primary"
            )
        self.rematch = self.button(
            pygame.Rect(SIDE.x + 12, SIDE.bottom - 110, 360, 46),
            t("app.over.rematch"),
            None if self.campaign is not None else "#primary",
        )
        self.menu = self.button(pygame.Rect(SIDE.x + 12, SIDE.bottom - 56, 360, 44), t("app.over.menu"))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        from game.scenes.menu import MenuScene

        if event.ui_element is self.menu:
            self.app.reset(MenuScene(self.app))
        elif event.ui_element is self.rematch:
            self.start(self.match.options)
        elif event.ui_element is self.campaign and self.campaign_options is not None:
            try:
                options = self.with_same_seats(self.campaign_options)
            except ValueError as err:
                self.toasts.show(options_problem(self.ctx.t, err), "error")
                return
            self.start(options)

    def with_same_seats(self, options: GameOptions) -> GameOptions:
        """`options` with the people and bots of this game in the seats the next one has."""
        title = self.match.title
        next_seats = title.seats(options)
        seats = {seat: config for seat, config in self.match.options.seats.items() if seat in next_seats}
        return title.options_model.model_validate({**options.model_dump(), "seats": seats})

    def start(self, options: GameOptions) -> None:
        """A new game with `options` on a fresh seed, over a fresh main menu."""
        from game.scenes.menu import MenuScene
        from game.scenes.play import PlayScene

        match = Match(self.match.title, options, random.SystemRandom().randrange(1 << 31))
        self.app.reset(MenuScene(self.app))
        self.app.push(PlayScene(self.app, match))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.backdrop, (0, 0))
        font = self.ctx.font
        text(surface, font(24, True), self.ctx.t("app.over.title"), (24, 30), "brass", "midleft")
        self.screen.draw(surface)
        panel(surface, SIDE, "panel", "brass_dim")
        for row, line in enumerate(wrap(font(22, True), self.summary, SIDE.width - 40)[:4]):
            text(surface, font(22, True), line, (SIDE.x + 20, SIDE.y + 24 + row * 30), "text")
        outcome = self.match.outcome()
        if outcome is not None and outcome.scores:
            heading = self.ctx.t("app.over.scores").upper()
            text(surface, font(15, True), heading, (SIDE.x + 20, SIDE.y + 162), "muted")
            for row, (seat, score) in enumerate(list(outcome.scores.items())[:4]):
                y = SIDE.y + 190 + row * 26
                text(
                    surface,
                    font(17, False),
                    player_name(self.ctx, self.match, seat),
                    (SIDE.x + 20, y),
                    "muted",
                )
                text(surface, font(17, True), f"{score:g}", (SIDE.right - 20, y), "brass", "topright")
        pygame.draw.line(
            surface, PALETTE["line"], (SIDE.x + 20, SIDE.y + 290), (SIDE.right - 20, SIDE.y + 290)
        )
