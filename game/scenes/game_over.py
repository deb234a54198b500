"""Game over: who won and why, the final table, the campaign's next game, rematch or the menu.

The game is over, so nothing needs hiding any more: the table is drawn for a spectator
and the log is the full one.  When the title says a campaign goes on
(`Title.campaign_next`), "Continue the campaign" starts its next game with the same
people in the same seats.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from html import escape

import pygame
import pygame_gui
from pygame_gui.elements import UITextBox

from game.scenes.play_files import screen_for
from game.statistics import best_before
from game.ui.fit import Fitted, HoverTexts, fit, fit_lines, fit_text
from game.ui.messages import options_problem
from game.ui.naming import event_text, outcome_text, player_name
from game.ui.scene import Host, Scene
from game.ui.theme import PALETTE, panel, text
from rules.core import Band, GameOptions, Match, Outcome

TABLE = pygame.Rect(16, 72, 1168, 812)
SIDE = pygame.Rect(1200, 72, 384, 812)
HEADER = pygame.Rect(0, 0, 1600, 60)
INSET = 20
"""Texts keep this far from the side panel's edges."""
SCORE_ROW = 24
BAND_ROW = 28
"""A rating band's row (`Outcome.bands`)."""
SUMMARY_LINES = 5


@dataclass(frozen=True)
class Layout:
    """The side panel from the top: who won and why, the scores, the log, the buttons."""

    summary: Fitted
    scores_top: int
    """Where the scores' heading goes (the scores follow it, one row each)."""
    bands_top: int
    """Where the rating table's heading goes (its bands follow it, one row each)."""
    rule_y: int
    """The line between the scores and the log."""
    log: pygame.Rect


class GameOverScene(Scene):
    def __init__(self, app: Host, match: Match, hints_used: int = 0) -> None:
        super().__init__(app)
        self.match = match
        self.screen = screen_for(app, match, None, TABLE)
        outcome = match.outcome()
        self.summary = outcome_text(self.ctx, match, outcome) if outcome else ""
        self.hints_used = hints_used
        self.best = best_before(match)
        """The person's best score before this game, placed in the rating table (None: no statistics)."""
        if hints_used:
            self.summary += "\n" + self.ctx.t("app.over.hints", count=hints_used)
        self.campaign_options = match.title.campaign_next(match.state)
        """The options of the campaign's next game, or None when this game stands alone."""
        self.campaign: pygame_gui.elements.UIButton | None = None
        self.rematch: pygame_gui.elements.UIButton | None = None
        self.menu: pygame_gui.elements.UIButton | None = None
        self.watch: pygame_gui.elements.UIButton | None = None

    def layout(self) -> Layout:
        """Room for a summary of up to five lines and a score per seat; the log takes the rest."""
        summary = fit(self.ctx.font, self.summary, SIDE.width - 2 * INSET, 22, True, SUMMARY_LINES, 5)
        scores_top = SIDE.y + INSET + summary.height + 18
        outcome = self.match.outcome()
        rows = len(outcome.scores) if outcome is not None and outcome.scored else 0
        bands_top = scores_top + (26 + rows * SCORE_ROW + 10 if rows else 0)
        bands = len(outcome.bands) if outcome is not None else 0
        rule_y = bands_top + (26 + bands * BAND_ROW + 8 if bands else 0)
        buttons_top = SIDE.bottom - (164 if self.campaign_options is not None else 110)
        log = pygame.Rect(SIDE.x + 12, rule_y + 10, SIDE.width - 24, buttons_top - 10 - (rule_y + 10))
        return Layout(summary, scores_top, bands_top, rule_y, log)

    def build(self) -> None:
        t = self.ctx.t
        lines = [event_text(self.ctx, self.match, event) for event in self.match.log[-200:]]
        UITextBox(
            "<br>".join(escape(line) for line in reversed(lines)),
            self.layout().log,
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
            t("app.over.play_again" if self.solo() else "app.over.rematch"),
            None if self.campaign is not None else "#primary",
        )
        # The replay beside the main menu: the buttons above keep their places (issue 32).
        self.watch = self.button(
            pygame.Rect(SIDE.x + 12, SIDE.bottom - 56, 176, 44),
            t("replay.over.watch"),
            tooltip=t("replay.over.watch.tip"),
        )
        self.menu = self.button(pygame.Rect(SIDE.x + 196, SIDE.bottom - 56, 176, 44), t("app.over.menu"))

    def solo(self) -> bool:
        """One seat played (by a person or the computer): no one to have a rematch with."""
        automated = set(self.match.title.automated_seats(self.match.options))
        return len([seat for seat in self.match.seats() if seat not in automated]) == 1

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.menu:
            self.app.go.menu()
        elif event.ui_element is self.watch:
            self.app.go.replay(self.match)
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
        match = Match(self.match.title, options, random.SystemRandom().randrange(1 << 31))
        self.app.go.menu()
        self.app.go.play(match)

    def hover_texts(self) -> tuple[HoverTexts, ...]:
        return (self.hover, self.screen.tips)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.backdrop, (0, 0))
        font = self.ctx.font
        text(surface, font(24, True), self.ctx.t("app.over.title"), (24, 30), "brass", "midleft")
        self.screen.draw(surface)
        panel(surface, SIDE, "panel", "brass_dim")
        layout = self.layout()
        left, right = SIDE.x + INSET, SIDE.right - INSET
        fit_lines(surface, layout.summary, (left, SIDE.y + INSET), "text", hover=(self.hover, self.summary))
        outcome = self.match.outcome()
        if outcome is not None and outcome.scored and outcome.scores:
            heading = self.ctx.t("app.over.scores").upper()
            fit_text(surface, font, heading, (left, layout.scores_top), right - left, 15, True, "muted")
            for row, (seat, score) in enumerate(outcome.scores.items()):
                y = layout.scores_top + 26 + row * SCORE_ROW
                points = text(surface, font(17, True), f"{score:g}", (right, y), "brass", "topright")
                name = player_name(self.ctx, self.match, seat)
                fit_text(
                    surface,
                    font,
                    name,
                    (left, y),
                    points.left - 12 - left,
                    17,
                    False,
                    "muted",
                    hover=self.hover,
                )
        if outcome is not None and outcome.bands:
            self.draw_bands(surface, outcome, layout.bands_top, left, right)
        pygame.draw.line(surface, PALETTE["line"], (left, layout.rule_y), (right, layout.rule_y))

    def draw_bands(self, surface: pygame.Surface, outcome: Outcome, top: int, left: int, right: int) -> None:
        """The rating table (`Outcome.bands`): each band's scores and name, the band the
        score falls in lit, with the score beside it."""
        t, font = self.ctx.t, self.ctx.font
        fit_text(surface, font, t("app.over.bands").upper(), (left, top), right - left, 15, True, "muted")
        spans = [self.band_span(band) for band in outcome.bands]
        marks = self.band_marks(outcome)
        name_left = left + max(font(16, True).size(span)[0] for span in spans) + 18
        for row, (band, span, marked) in enumerate(zip(outcome.bands, spans, marks, strict=True)):
            y = top + 26 + row * BAND_ROW
            if band.current:
                panel(
                    surface,
                    pygame.Rect(left - 8, y - 4, right - left + 16, BAND_ROW - 2),
                    "panel_hi",
                    "brass",
                )
            colour = "brass" if band.current else "muted"
            text(surface, font(16, band.current), span, (left, y), colour)
            mark = None
            if marked:
                mark = text(surface, font(16, band.current), marked, (right, y), colour, "topright")
            width = (mark.left - 10 if mark is not None else right) - name_left
            fit_text(
                surface, font, t(band.key), (name_left, y), width, 16, band.current, colour, hover=self.hover
            )

    def band_marks(self, outcome: Outcome) -> list[str]:
        """What each band's row says at its right: the score in its band ('you: N'), and
        the person's best score before this game in its own ('best: N'), when known."""
        t = self.ctx.t
        score = next(iter(outcome.scores.values()), None)
        marks = []
        for band in outcome.bands:
            said = []
            if band.current and score is not None:
                said.append(t("app.over.band.yours", score=f"{score:g}"))
            if self.best is not None and _within(band, self.best):
                said.append(t("app.over.band.best", score=f"{self.best:g}"))
            marks.append(", ".join(said))
        return marks

    def band_span(self, band: Band) -> str:
        """The scores a band spans, as the rating table writes them."""
        if band.low is None:
            return self.ctx.t("app.over.band.below", high=band.high)
        if band.high is None:
            return self.ctx.t("app.over.band.above", low=band.low)
        return self.ctx.t("app.over.band.range", low=band.low, high=band.high)


def _within(band: Band, score: float) -> bool:
    return (band.low is None or score >= band.low) and (band.high is None or score <= band.high)
