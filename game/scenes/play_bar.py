"""What the play scene draws around the table (issue 33, point 4): its places on the
screen, the header (the title, the scenario and its goal, the players' line with the seat
to act and a thinking bot's turning dots), the status bar (what to do now, whose eyes the
table shows) and the help over everything (F1)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame
import pygame_gui

from game.ui.coach import Bubble
from game.ui.context import UiContext
from game.ui.fit import SHRINK, HoverTexts, fit, fit_lines, fit_text
from game.ui.log_panel import LogPanel
from game.ui.naming import outcome_text, player_name, scenario_name, title_name
from game.ui.theme import MIN_TEXT, PALETTE, panel, text
from game.ui.title_screen import TitleScreen
from rules.core import Match, Seat

TABLE = pygame.Rect(16, 72, 1168, 772)
SIDE = pygame.Rect(1200, 72, 384, 772)
HEADER = pygame.Rect(0, 0, 1600, 60)
PLAYERS = pygame.Rect(16, 32, HEADER.width // 2 - 32, 26)
"""The header's second line, left: the players, side by side (issue 11, point 7: the
panel of one row per seat took up to a third of the side)."""
WIDE_PLAYERS = pygame.Rect(16, 32, HEADER.width - 32, 26)
"""The whole second line, for players who need more than half of it, when the header's
right side has one line to say (the goal), which then stands on the first line."""
CONTROLS_TOP = SIDE.y + 664
STATUS_TOP = 856
STATUS_HEIGHT = 44
STATUS = pygame.Rect(0, STATUS_TOP, 1600, STATUS_HEIGHT)
HELP_BOX = pygame.Rect(260, 110, 1080, 680)
"""Where F1's help stands."""
RECAP = pygame.Rect(SIDE.x + 8, SIDE.y + 8, SIDE.width - 16, CONTROLS_TOP - 16 - SIDE.y)
"""Where the recap after the curtain covers the players and the log (`game.scenes.recap`)."""
LOG_HEADING_TOP = SIDE.y + 22
MARKER_X = 10
"""Where a seat's ▶ (or a thinking bot's ring of dots) sits in its share of the line."""
PLAYER_GAP = 24
THINKING_DOTS = 8
THINKING_STEPS_PER_SECOND = 12


def players_area(seats: int) -> pygame.Rect:
    """Where the players are listed: one line of the header, whatever the seats."""
    return PLAYERS.copy()


def player_slots(widths: Sequence[int], line: pygame.Rect = PLAYERS) -> list[pygame.Rect]:
    """Each seat's place on the players' `line`, from the width its name and tag want:
    one after the other when they all fit, else an equal share each."""
    wanted = player_widths(widths)
    if sum(wanted) > line.width:
        wanted = [line.width // len(widths)] * len(widths)
    slots, x = [], line.x
    for width in wanted:
        slots.append(pygame.Rect(x, line.y, width, line.height))
        x += width
    return slots


def player_widths(widths: Sequence[int]) -> list[int]:
    """The room each seat's name and tag (`widths`) take on the players' line."""
    return [2 * MARKER_X + 4 + width + PLAYER_GAP for width in widths]


CONTROLS = (("undo", "hint", "save", "menu"), ("help", "settings"))
"""The buttons under the log, row by row (no hint when only computers play)."""
HANDOVER_OK = pygame.Rect(SIDE.x + 12, CONTROLS_TOP - 64, SIDE.width - 24, 52)
"""The hand-over's OK, over the foot of the log, above the buttons."""


def control_places(hint: bool) -> dict[str, pygame.Rect]:
    """Where each button under the log stands, row by row (`CONTROLS`; the hint's only
    when `hint`)."""
    places = {}
    for row, names in enumerate(tuple(n for n in row if hint or n != "hint") for row in CONTROLS):
        width = (SIDE.width - 24 - 8 * (len(names) - 1)) // len(names)
        for index, name in enumerate(names):
            places[name] = pygame.Rect(SIDE.x + 12 + index * (width + 8), CONTROLS_TOP + row * 52, width, 44)
    return places


def log_area(seats: int) -> pygame.Rect:
    """The log fills the side panel above the buttons."""
    top = LOG_HEADING_TOP + 28
    return pygame.Rect(SIDE.x + 12, top, SIDE.width - 24, CONTROLS_TOP - 12 - top)


class PlayBar:
    """The header, the status bar and the help of one game's play scene."""

    def __init__(self, ctx: UiContext, match: Match, automated: frozenset[Seat], hover: HoverTexts) -> None:
        self.ctx = ctx
        self.match = match
        self.automated = automated
        """Seats the rules play (a deck-driven opponent): listed, never at the screen."""
        self.hover = hover
        self.goal_text: str | None = None
        """The goal the header says (`draw_frame`)."""
        self._status_bar: tuple[tuple[str, str], pygame.Surface] | None = None
        self.frame = pygame.Surface((0, 0))
        """The header and the side panel's frame: still, so drawn once."""
        self.backdrop = self.frame
        """The frame with what changes seldom drawn in: the players and the log."""
        self.composed = self.frame
        """The backdrop, the table and the status bar: the whole still frame."""
        self.stamp = 0
        """Counts the changes drawn into the backdrop (the players, the log)."""
        self._changes: list[pygame.Rect] = []
        """Where the backdrop changed since the still frame was composed."""
        self._composed_status: pygame.Surface | None = None
        self._players_shown: tuple[Seat | None, Seat | None] | None = None

    # -- the still frame ------------------------------------------------------------------

    def new_frame(self, backdrop: pygame.Surface, goal: str | None) -> None:
        """The frame drawn anew on a copy of the app's `backdrop` (at the start, after a
        change of language), and all of the still frame composed again."""
        self._status_bar = None
        self.frame = self.draw_frame(backdrop.copy(), goal)
        self.backdrop = self.frame.copy()
        self.composed = self.frame.copy()
        self.stamp += 1
        self._players_shown = None
        self.changed()

    def changed(self) -> None:
        """All of the still frame is composed anew at the next `compose`."""
        self._changes.append(self.frame.get_rect())
        self._composed_status = None

    def update_backdrop(self, viewer: Seat | None, log_box: LogPanel) -> None:
        """The players' line and the log drawn into the backdrop, when they changed."""
        players = (self.match.to_act(), viewer)
        if players != self._players_shown:
            self._players_shown = players
            # The line is drawn afresh on the bare frame: nothing of the last names stays.
            area = players_area(len(self.match.seats()))
            self.backdrop.blit(self.frame, area, area)
            self.hover.forget(area)
            self.draw_players(self.backdrop, viewer)
            self.stamp += 1
            self._changes.append(area)
        if log_box.stale:
            log_box.draw(self.backdrop)
            self.stamp += 1
            self._changes.append(log_box.rect)

    def compose(
        self, surface: pygame.Surface, screen: TitleScreen, viewer: Seat | None, log_box: LogPanel
    ) -> None:
        """One blit of the still frame on `surface`.

        What changes seldom (the players, the log) is drawn into the backdrop when it
        changes; the table into its layer when it changes (`TitleScreen.layer`); the
        three with the status bar make the still frame, composed again only then.
        """
        self.update_backdrop(viewer, log_box)
        composed = self.composed
        status = self.status_image(surface.get_width(), self.shown(viewer, screen))
        for rect in self._changes:
            composed.blit(self.backdrop, rect, rect)
            if rect.colliderect(screen.rect):
                screen.forget()
            if rect.bottom > STATUS_TOP:
                self._composed_status = None
        self._changes = []
        screen.paint(composed, self.backdrop)
        if status is not self._composed_status:
            composed.blit(status, (0, STATUS_TOP))
            self._composed_status = status
        surface.blit(composed, (0, 0))

    # -- the header -----------------------------------------------------------------------

    def draw_frame(self, backdrop: pygame.Surface, goal: str | None) -> pygame.Surface:
        """The header and the side panel's frame drawn on `backdrop` (still, so drawn
        once): the title and its scenario on the left of the first line (issue 11, point 5),
        the game's goal (`goal`, a catalog key) on the right, in two lines when it needs
        them and the players leave the second line's right half free (issue 29, point 5: at
        18 px a goal no longer fits one line of half the header)."""
        t, font = self.ctx.t, self.ctx.font
        size = backdrop.get_size()
        half = size[0] // 2 - 48
        pygame.draw.rect(backdrop, PALETTE["ink"], (0, 0, size[0], 60))
        pygame.draw.line(backdrop, PALETTE["line"], (0, 60), (size[0], 60))
        title_id = self.match.title.id
        name = fit(font, title_name(self.ctx, title_id), half, 20, True)
        shown = text(backdrop, name.face, name.lines[0], (24, 18), "brass", "midleft")
        if self.match.title.scenarios:
            scenario = scenario_name(self.ctx, title_id, self.match.options.scenario)
            left = shown.right + 16
            fit_text(
                backdrop,
                font,
                scenario,
                (left, 18),
                24 + half - left,
                MIN_TEXT,
                False,
                "muted",
                "midleft",
                self.hover,
            )
        self.goal_text = None if goal is None else t(goal)
        if goal is not None:
            lines = 1 if self.wide_players() else 2
            middle = 19 if lines == 1 else 30
            fit_text(
                backdrop,
                font,
                t(goal),
                (size[0] - 24, middle),
                half,
                MIN_TEXT + SHRINK,
                False,
                "text",
                "midright",
                self.hover,
                max_lines=lines,
            )
        panel(backdrop, SIDE)
        heading = font(15, True)
        text(backdrop, heading, t("app.play.log").upper(), (SIDE.x + 20, LOG_HEADING_TOP), "muted")
        return backdrop

    def tag(self, seat: Seat, short: bool = False) -> str:
        """Who plays `seat` when it is not a person: the rules, or the computer (`short`: a
        ⚙, whose word the pointer shows, for a line too full for the word)."""
        if seat in self.automated:
            return self.ctx.t("app.play.automated")
        if not self.match.is_bot(seat):
            return ""
        return self.ctx.t("app.play.bot_mark" if short else "app.play.bot")

    def short_tags(self) -> bool:
        """Whether the players' line is too full for the word "computer" after each
        computer's name (six seats at 18 px: issue 29, point 5): then a ⚙ says it."""
        line = WIDE_PLAYERS if self.wide_players() else PLAYERS
        return sum(player_widths(self._player_widths())) > line.width

    def slots(self) -> list[pygame.Rect]:
        """Each seat's place on the header's players line (`player_slots`)."""
        line = WIDE_PLAYERS if self.wide_players() else PLAYERS
        return player_slots(self._player_widths(self.short_tags()), line)

    def _player_widths(self, short: bool = False) -> list[int]:
        name, tag = self.ctx.font(MIN_TEXT + SHRINK, True), self.ctx.font(MIN_TEXT, False)
        widths = []
        for seat in self.match.seats():
            label = self.tag(seat, short)
            extra = tag.size(label)[0] + 6 if label else 0
            widths.append(name.size(player_name(self.ctx, self.match, seat))[0] + extra)
        return widths

    def wide_players(self) -> bool:
        """Whether the players take the header's whole second line: they need more than
        its left half, and the goal on the right fits its first line whole (else it takes
        both lines and a long typed name is cut, whole under the pointer)."""
        goal = self.goal_text
        one_line = goal is None or not fit(self.ctx.font, goal, HEADER.width // 2 - 48, MIN_TEXT + SHRINK).cut
        return one_line and sum(player_widths(self._player_widths())) > PLAYERS.width

    def draw_players(self, surface: pygame.Surface, viewer: Seat | None) -> None:
        """The header's line of players, a share each: ▶ for the seat to act, the name, and
        who plays it when not a person."""
        font = self.ctx.font
        to_act = self.match.to_act()
        tag_face = font(14, False)
        short = self.short_tags()
        for seat, slot in zip(self.match.seats(), self.slots(), strict=True):
            middle = slot.centery
            acting = seat == to_act
            if acting:
                text(surface, font(15, True), "▶", (slot.x + MARKER_X - 6, middle), "brass", "midleft")
            tag = self.tag(seat, short)
            left = slot.x + 2 * MARKER_X + 4
            room = slot.right - PLAYER_GAP - left - (tag_face.size(tag)[0] + 6 if tag else 0)
            colour = "brass" if acting else ("text" if seat == viewer else "muted")
            name = player_name(self.ctx, self.match, seat)
            shown = fit_text(
                surface,
                font,
                name,
                (left, middle),
                room,
                MIN_TEXT + SHRINK,
                acting,
                colour,
                "midleft",
                self.hover,
            )
            if tag:
                drawn = text(surface, tag_face, tag, (shown.right + 6, middle), "muted", "midleft")
                if tag != self.tag(seat):
                    self.hover.note(drawn, self.tag(seat))

    def draw_thinking(self, surface: pygame.Surface, seat: Seat, clock: float) -> None:
        """A bot thinks: a turning ring of dots in place of the ▶ in its share of the line."""
        slot = self.slots()[self.match.seats().index(seat)]
        cx, cy = slot.x + MARKER_X, slot.centery
        pygame.draw.circle(surface, PALETTE["panel"], (cx, cy), 10)
        lit = int(clock * THINKING_STEPS_PER_SECOND) % THINKING_DOTS
        for dot in range(THINKING_DOTS):
            angle = 2 * math.pi * dot / THINKING_DOTS
            colour = PALETTE["brass"] if (lit - dot) % THINKING_DOTS < 3 else PALETTE["line"]
            pygame.draw.circle(
                surface, colour, (round(cx + 7 * math.cos(angle)), round(cy + 7 * math.sin(angle))), 2
            )

    # -- the status bar -------------------------------------------------------------------

    def status(self, viewer: Seat | None, screen: TitleScreen) -> str:
        """What to do now; once the game is decided, its result first."""
        t, match = self.ctx.t, self.match
        seat = match.to_act()
        if seat is None:
            return ""
        if seat == viewer:
            now = screen.status_text() or t("app.play.your_turn", name=player_name(self.ctx, match, seat))
        else:
            key = "app.play.bot_thinking" if match.is_bot(seat) else "app.play.waiting"
            now = t(key, name=player_name(self.ctx, match, seat))
        outcome = match.outcome()
        if outcome is None:
            return now
        return t("app.play.decided", result=outcome_text(self.ctx, match, outcome), next=now)

    def shown(self, viewer: Seat | None, screen: TitleScreen) -> tuple[str, str]:
        """The status bar's texts: what to do now, and whose eyes the table shows.

        A one-seat game (Queen of Spies) has no other eyes to tell apart."""
        seen = ""
        if viewer is not None and len(self.match.seats()) > 1:
            seen = self.ctx.t("app.play.viewer", name=player_name(self.ctx, self.match, viewer))
        return self.status(viewer, screen), seen

    def status_image(self, width: int, shown: tuple[str, str]) -> pygame.Surface:
        """The status bar showing `shown` (kept until its texts change)."""
        if self._status_bar is not None and self._status_bar[0] == shown:
            return self._status_bar[1]
        bar = pygame.Surface((width, STATUS_HEIGHT)).convert()
        bar.fill(PALETTE["ink"])
        pygame.draw.line(bar, PALETTE["line"], (0, 0), (width, 0))
        middle = STATUS_HEIGHT // 2
        font = self.ctx.font
        seen_width = 0
        if shown[1]:
            seen_width = fit_text(
                bar,
                font,
                shown[1],
                (width - 24, middle),
                width // 3,
                MIN_TEXT + SHRINK,
                False,
                "muted",
                "midright",
            ).width
        room = width - 48 - (seen_width + 24 if seen_width else 0)
        now = fit(font, shown[0], room, 18, shrink=0)
        if now.cut:  # two smaller lines: a decided game's result comes before what is still to do
            now = fit(font, shown[0], room, 16, max_lines=2, shrink=2)
        fit_lines(bar, now, (24, middle - now.height // 2), "text")
        self._status_bar = (shown, bar)
        return bar

    # -- what an overlay leaves in sight ------------------------------------------------

    def coach_avoids(
        self, screen: TitleScreen, log_box: LogPanel, controls: Sequence[pygame_gui.core.UIElement]
    ) -> list[pygame.Rect]:
        """What the guide's bubble must leave in sight besides what the title names: the
        status bar, the newest line of the log, the buttons under it, what the table
        keeps clear (`TitleScreen.keep_clear`) and shows at a glance (`at_a_glance`: the
        stage and the networks' rows, issue 29)."""
        return [
            STATUS,
            log_box.newest(),
            *(widget.rect for widget in controls),
            *screen.keep_clear(),
            *screen.at_a_glance(),
        ]

    def coach_spare(self, log_box: LogPanel) -> pygame.Rect:
        """Where the guide's bubble stands when the room its title gives it holds what the
        table shows at a glance (issue 29: Doppelnull's score, Queen of Spies' Jail): over
        the log's older lines, under its newest."""
        view, newest = log_box.rect, log_box.newest()
        top = max(view.y, newest.bottom) + 8
        return pygame.Rect(view.x, top, view.width, max(0, view.bottom - 8 - top))

    def toasts_avoid(self, screen: TitleScreen, bubble: Bubble | None) -> list[pygame.Rect]:
        """What a toast must leave in sight: the table's buttons and latest result, the
        hint's rings, the guide's ring and bubble when it shows (issue 30, point 5), what
        the table shows at a glance (issue 29: the stage and the players' rows)."""
        kept = screen.keep_clear() + screen.at_a_glance()
        if screen.hint is not None:
            kept += [rect.inflate(10, 10) for rect in screen.hint_marks(screen.hint)]
        if bubble is not None:
            kept += [bubble.ring, bubble.box]
        return kept

    # -- the help -------------------------------------------------------------------------

    def help_more_button(self, screen: TitleScreen, help_open: bool) -> pygame.Rect | None:
        """The help's "More"/"Less" button, when the step at hand has its three lines."""
        if not help_open or screen.help_brief() is None:
            return None
        return pygame.Rect(HELP_BOX.right - 240, HELP_BOX.bottom - 76, 200, 44)

    def draw_help(
        self, surface: pygame.Surface, screen: TitleScreen, more: bool, pointer: tuple[int, int]
    ) -> None:
        """The help over everything: the step at hand in three lines (what to do, what it
        costs, what can go wrong) with "More" for the whole rule (issue 30, point 6), or
        the decision at hand first, then the table's help (`TitleScreen.help_keys`)."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        box = HELP_BOX
        panel(surface, box, "panel", "brass_dim")
        t, font = self.ctx.t, self.ctx.font
        text(surface, font(30, True), t("app.help.title"), (box.x + 40, box.y + 32), "brass")
        brief = screen.help_brief()
        button = self.help_more_button(screen, True)
        if brief is not None and not more:
            y = box.y + 100
            for part, line in zip(("do", "cost", "risk"), brief, strict=True):
                text(surface, font(17, True), t(f"app.help.{part}"), (box.x + 40, y), "brass")
                shown = fit(font, line, box.width - 80, 20, max_lines=3)
                fit_lines(surface, shown, (box.x + 40, y + 26))
                y += 26 + shown.height + 28
        else:
            content = "\n\n".join(t(key) for key in screen.help_keys()) or t("app.help.missing")
            room = box.width - 80
            fit_lines(surface, fit(font, content, room, 18, max_lines=22), (box.x + 40, box.y + 96))
        if button is not None:
            lit = button.collidepoint(pointer)
            pygame.draw.rect(surface, PALETTE["panel_hi" if lit else "ink"], button, border_radius=8)
            pygame.draw.rect(surface, PALETTE["brass"], button, 1, border_radius=8)
            label = t("app.help.less" if more else "app.help.more")
            text(surface, font(17, True), label, button.center, "text", "center")
        text(surface, font(15, False), t("app.help.close"), (box.centerx, box.bottom - 30), "muted", "center")
