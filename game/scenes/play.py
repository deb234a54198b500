"""The play scene: hosts a title's table, and owns turns, bots, the curtain, log, undo and saves.

Every click becomes an action submitted with `Match.act`; a refused action shows its
`IllegalAction` reason as a toast (with the error sound) and changes nothing.  After every
action the game is written (atomically) to its own save file, made at its first move
(`game.saves`: no game ever overwrites another's), and the scene decides what comes
next: the game-over scene once no decision is left (`Title.is_over`: a decided game may
still wait for a post-game choice, and says it is decided in the status bar meanwhile), a
bot's move after a short delay, or — in a game with secrets when another person must act — the curtain.
Seats the rules play themselves (`Title.automated_seats`) act inside `Match.act`: they
are listed with the players, but never get a curtain, a bot or a turn of their own.

Sound follows what the screen may show: an action's effect is chosen from the events
the seat at the screen may see, and once the curtain goes up only from public ones;
the handover chord plays when a person's turn begins.
"""

from __future__ import annotations

import html
import math
import threading
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pydantic import BaseModel

from game.i18n.grammar import warm as warm_grammar
from game.saves import new_save_path
from game.scenes.bot_worker import BotWorker
from game.scenes.recap import Recap
from game.settings import Settings, person_key
from game.storage import atomic_write_text, explain, read_file
from game.ui.anim import seconds
from game.ui.coach import Coach, CoachMark
from game.ui.confirm import ask
from game.ui.fallback_screen import FallbackScreen
from game.ui.fit import SHRINK, HoverTexts, fit, fit_lines, fit_text
from game.ui.log_panel import LogPanel
from game.ui.messages import refusal
from game.ui.naming import event_text, outcome_text, player_name, scenario_name, title_name
from game.ui.scene import SETTLE_SECONDS, Host, Scene
from game.ui.theme import MIN_TEXT, PALETTE, panel, text
from game.ui.title_screen import TitleScreen
from rules.core import AnyBot, Dice, Event, IllegalAction, Match, SaveError, Seat, seed_state
from rules.core.match import MAX_SAVE_BYTES

THINKING_DOTS = 8
THINKING_STEPS_PER_SECOND = 12
_POINTER_EVENTS = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP})
TABLE = pygame.Rect(16, 72, 1168, 772)
SIDE = pygame.Rect(1200, 72, 384, 772)
HEADER = pygame.Rect(0, 0, 1600, 60)
PLAYERS = pygame.Rect(16, 32, HEADER.width // 2 - 32, 26)
"""The header's second line, left: the players, side by side (issue 11, point 7: the
panel of one row per seat took up to a third of the side)."""
CONTROLS_TOP = SIDE.y + 664
CONTROLS = (("undo", "hint", "save", "menu"), ("help", "settings"))
"""The buttons under the log, row by row (no hint when only computers play)."""
LOG_LINES = 80
STATUS_TOP = 856
STATUS_HEIGHT = 44
STATUS = pygame.Rect(0, STATUS_TOP, 1600, STATUS_HEIGHT)
HELP_BOX = pygame.Rect(260, 110, 1080, 680)
"""Where F1's help stands."""
RECAP = pygame.Rect(SIDE.x + 8, SIDE.y + 8, SIDE.width - 16, CONTROLS_TOP - 16 - SIDE.y)
"""Where the recap after the curtain covers the players and the log (`game.scenes.recap`)."""
HANDOVER_SECONDS = 1.2
"""How long, at the normal speed, a person still sees what their action showed (their
roll) before the curtain, unless they press OK sooner (issue 11, point 4)."""
SAME_PLACE = 6
"""Logical pixels a pointer may move between two clicks that land on the same place."""


def players_area(seats: int) -> pygame.Rect:
    """Where the players are listed: one line of the header, whatever the seats."""
    return PLAYERS.copy()


def player_slots(widths: Sequence[int]) -> list[pygame.Rect]:
    """Each seat's place on the players' line, from the width its name and tag want:
    one after the other when they all fit, else an equal share each."""
    wanted = [2 * MARKER_X + 4 + width + PLAYER_GAP for width in widths]
    if sum(wanted) > PLAYERS.width:
        wanted = [PLAYERS.width // len(widths)] * len(widths)
    slots, x = [], PLAYERS.x
    for width in wanted:
        slots.append(pygame.Rect(x, PLAYERS.y, width, PLAYERS.height))
        x += width
    return slots


MARKER_X = 10
"""Where a seat's ▶ (or a thinking bot's ring of dots) sits in its share of the line."""
PLAYER_GAP = 24
LOG_HEADING_TOP = SIDE.y + 22


def log_area(seats: int) -> pygame.Rect:
    """The log fills the side panel above the buttons."""
    top = LOG_HEADING_TOP + 28
    return pygame.Rect(SIDE.x + 12, top, SIDE.width - 24, CONTROLS_TOP - 12 - top)


def screen_for(app: Host, match: Match, seat: Seat | None, rect: pygame.Rect = TABLE) -> TitleScreen:
    """The title's registered table, or the plain fallback that lists legal actions."""
    from game.titles import SCREENS

    screen_class = SCREENS.get(match.title.id, FallbackScreen)
    return screen_class(app.ctx, match, seat, rect.copy())


def open_saved_game(app: Host, path: Path) -> str | None:
    """Open a save file in a play scene; the reason, in the player's language, when it cannot be."""
    from rules.registry import TITLES, content_problem

    t = app.ctx.t
    try:
        data = read_file(path, MAX_SAVE_BYTES)
    except OSError as err:
        return t("app.load.unreadable", reason=explain(t, err))
    try:
        match = Match.from_json(data, TITLES)
    except SaveError as err:
        try:
            title_id = Match.peek(data).title
        except SaveError:
            return refusal(t, err)
        broken = content_problem(title_id)
        if broken is None:
            return refusal(t, err)
        reason = broken.splitlines()[0]  # a toast is one line
        return t("app.title.unavailable", title=title_name(app.ctx, title_id), reason=reason)
    app.push(PlayScene(app, match, save_path=path))
    return None


def bot_played_match(title_id: str, scenario: str | None, seed: int, steps: int) -> Match:
    """A game of `title_id` after `steps` random-bot actions (for screenshots and benchmarks)."""
    from rules.registry import TITLES

    title = TITLES[title_id]
    match = Match(title, title.default_options(scenario), seed)
    dice = Dice(seed_state(seed ^ 0xB07))
    bot = title.make_bot("random", match.to_act() or "")
    for _ in range(steps):
        if match.to_act() is None:
            break
        match.act(title.bot_action(bot, match.state, dice))
    return match


class PlayScene(Scene):
    def __init__(
        self,
        app: Host,
        match: Match,
        viewer: Seat | None = None,
        autosave: bool = True,
        save_path: Path | None = None,
    ) -> None:
        super().__init__(app)
        self.match = match
        self.autosave = autosave
        self.save_path = save_path
        """The game's own save file, written after every action (and by Save); None until
        a new game's first move makes it (`game.saves.new_save_path`)."""
        self.autosave_failing = False
        """Whether the last autosave failed: the player has been told, and is not told again."""
        self.automated = frozenset(match.title.automated_seats(match.options))
        """Seats the rules play (a deck-driven opponent): listed, never at the screen."""
        people = self.humans()
        self.viewer: Seat | None = viewer if viewer is not None or len(people) != 1 else people[0]
        """The seat whose eyes the table shows; None while nobody has been shown a view.
        With one person at the screen it is always theirs, even while the bots move."""
        self.bots: dict[Seat, AnyBot] = {
            seat: match.title.make_bot(config.bot, seat)
            for seat, config in match.options.seats.items()
            if config.bot is not None and seat not in self.automated
        }
        self.bot_dice = Dice(seed_state(match.seed ^ 0xB07))
        self.bot_wait = 0.0
        self.worker = BotWorker()
        """Where the bots think, so the frames go on meanwhile."""
        self.clock = 0.0
        """Seconds this scene has been updated: the thinking indicator turns with it."""
        self.hints_used = 0
        """Hints shown in this game (the game-over summary counts them)."""
        self.last_click: tuple[tuple[int, int], object, float] | None = None
        """Where the last click that did something on the table was, what it did, and when
        (`clock`): a different action at that place a moment later is ignored
        (`appeared_under_pointer`).  The curtain's reveal counts as one that did nothing."""
        self._hint_job: tuple[object, threading.Thread, list[BaseModel]] | None = None
        """The hint being worked out: for which state, its thread, where it puts the action."""
        self.help_open = False
        self.help_more = False
        """F1 shows the whole help, not the three lines of the step at hand."""
        self._language = self.app.settings.language
        """The language the table was drawn in (the settings may change it mid-game)."""
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self.unconfirmed: BaseModel | dict[str, Any] | None = None
        """The action the open confirmation dialog asks about (`TitleScreen.confirmation`)."""
        self.screen = screen_for(app, match, self.viewer)
        self.screen.refresh(self.viewer)
        self.coach = Coach(match.title.id, self._people(), self.screen.guide_topics)
        """The first-game guide: what it showed to whom in this game (`game.ui.coach`)."""
        self.log_box = LogPanel(
            log_area(len(match.seats())), self.ctx.font(16, False), self.ctx.font(16, True)
        )
        self._log_texts: dict[int, tuple[Event, str]] = {}
        """Each shown event's log line, by the event's id (the event is kept to check it)."""
        self.controls: dict[str, pygame_gui.elements.UIButton] = {}
        self._frame = self._render_frame()
        self._backdrop = self._frame.copy()
        """The frame with what changes seldom drawn in: the players and the log."""
        self._players_shown: tuple[Seat | None, Seat | None] | None = None
        self._status_bar: tuple[tuple[str, str], pygame.Surface] | None = None
        self._backdrop_stamp = 0
        """Counts the changes drawn into the backdrop (the players, the log)."""
        self._backdrop_changes = [self._frame.get_rect()]
        """Where the backdrop changed since the still frame was composed."""
        self._composed = self._frame.copy()
        """The backdrop, the table and the status bar: the whole still frame."""
        self._composed_status: pygame.Surface | None = None
        self.handing_to: Seat | None = None
        """The person the screen goes to once the one who just acted has seen what came of
        it (`HANDOVER_SECONDS`, or their OK); None when nobody waits."""
        self.handover_wait = 0.0
        self.handover_ok: pygame_gui.elements.UIButton | None = None
        self.away: Seat | None = None
        """The person whose turn ended when the computers began to play (the table shows
        only public things meanwhile); None once another person came to the screen."""
        self.recap = Recap(self.ctx, match)
        """What the others did since a person last looked, shown after the curtain: from
        the game as it was opened on, for everyone."""
        for seat in people:
            self.recap.looked(seat)

    # -- lifecycle ------------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        self.app.sounds.warm()
        warm_grammar(self.app.settings.language)
        self.settle()

    def build(self) -> None:
        t = self.ctx.t
        self.refresh_log()
        self.controls = {}
        # A hint is for a person at the screen: none when only computers play.
        shown = CONTROLS if self.humans() else tuple(tuple(n for n in row if n != "hint") for row in CONTROLS)
        for row, names in enumerate(shown):
            width = (SIDE.width - 24 - 8 * (len(names) - 1)) // len(names)
            for index, name in enumerate(names):
                rect = pygame.Rect(SIDE.x + 12 + index * (width + 8), CONTROLS_TOP + row * 52, width, 44)
                self.controls[name] = self.button(
                    rect, t(f"app.play.{name}"), tooltip=t(f"app.play.{name}.tip"), tip_above=True
                )
        self.handover_ok = None
        if self.handing_to is not None:
            # Over the foot of the log, above the buttons: the table stays in sight.
            self.handover_ok = self.button(
                pygame.Rect(SIDE.x + 12, CONTROLS_TOP - 64, SIDE.width - 24, 52),
                t("app.play.handover_ok"),
                object_id="#primary",
                tooltip=t("app.play.handover_ok.tip"),
            )
        self.recap.build(self, RECAP)
        self.update_controls()

    def resume(self) -> None:
        """Back from the settings: the table, the log and the header in the language chosen."""
        if self.app.settings.language != self._language:
            self._language = self.app.settings.language
            self.screen = screen_for(self.app, self.match, self.viewer)
            self.screen.refresh(self.viewer)
            self.rebuild()
            return
        super().resume()

    def open_settings(self) -> None:
        """Language, animation speed, sound and patterns without leaving the game (issue 11,
        point 11); the curtain stays as it was."""
        self.help_open = False
        self.app.go.settings()

    def rebuild(self) -> None:
        """After a change of language: translate the log and the header again."""
        self._log_texts = {}
        self._frame = self._render_frame()
        self._backdrop = self._frame.copy()
        self._backdrop_stamp += 1
        self._backdrop_changes = [self._frame.get_rect()]
        self._players_shown, self._status_bar = None, None
        self.log_box.stale = True
        super().rebuild()

    def update_controls(self) -> None:
        undo = self.controls.get("undo")
        if undo is not None:
            if self.can_undo():
                undo.enable()
            else:
                undo.disable()

    # -- who sits at the screen -----------------------------------------------------------------

    def humans(self) -> list[Seat]:
        """The seats people take: neither a bot's nor played by the rules."""
        return [
            seat for seat in self.match.seats() if not self.match.is_bot(seat) and seat not in self.automated
        ]

    def settle(self) -> None:
        """After a change: end the game, hand over behind the curtain, or let a bot think.

        The game ends when no decision is left, not when it is decided: a winner's
        post-game choice (a trophy, a campaign's carry-over) is still made here.
        """
        if self.match.title.is_over(self.match.state):
            self.guide_done()
            self.app.go.game_over(self.match, self.hints_used)
            return
        seat = self.match.to_act()
        waived = self.screen.waiver(seat) if seat is not None and not self.match.is_bot(seat) else None
        if waived is not None:
            self.submit(waived)
            return
        if seat is not None and self.viewer is not None and self.match.is_bot(seat) and self.shared():
            self.leave_to_the_computers()
        if seat is None or self.match.is_bot(seat) or seat == self.viewer:
            self.bot_wait = 0.0
            self.screen.refresh(self.viewer)
            return
        if self.viewer is None and seat == self.away:
            self.come_back(seat)
            return
        if self.match.title.has_secrets and (self.viewer is not None or len(self.humans()) > 1):
            if self.handing_to is None and self.viewer is not None and self.screen.showing():
                self.hold_handover(seat)
            elif self.handing_to is None:
                self.hand_over(seat)
        else:
            self.viewer = seat
            self.screen.refresh(seat)
            self.refresh_log()

    def shared(self) -> bool:
        """Whether people take turns at this screen in a game with secrets: nobody's view
        may stay up while it is not their turn."""
        return self.match.title.has_secrets and len(self.humans()) > 1

    def leave_to_the_computers(self) -> None:
        """A person's turn ended and the computers play next: from this moment the table
        shows only what everyone may see, until the curtain of the next person (issue 28,
        point 2).  What the person saw is theirs: the recap starts from here."""
        assert self.viewer is not None
        self.recap.looked(self.viewer)
        self.away, self.viewer = self.viewer, None
        self.screen.refresh(None)  # what just happened goes on moving, as everyone may see it
        self.refresh_log()
        self.help_open = False
        self._hint_job = None

    def come_back(self, seat: Seat) -> None:
        """The computers played and the person who left the table to them acts again, nobody
        else having come to the screen between: their view without a curtain (they watched
        the computers' moves, which everyone may see)."""
        self.away = None
        self.viewer = seat
        self.recap.looked(seat)
        self.clean_slate(seat)
        self.refresh_log()

    def hold_handover(self, seat: Seat) -> None:
        """The one who just acted sees what came of it (their roll, their figure walking)
        for a moment, or until OK, before the curtain goes up for `seat`."""
        self.handing_to = seat
        self.handover_wait = seconds(HANDOVER_SECONDS, self.app.settings)
        self.rebuild_widgets()

    def end_handover(self) -> None:
        """The moment is over: the curtain for the person waiting (if it is still their turn)."""
        seat, self.handing_to = self.handing_to, None
        self.rebuild_widgets()
        if seat is not None and seat == self.match.to_act():
            self.hand_over(seat)
        else:
            self.settle()

    def rebuild_widgets(self) -> None:
        """The buttons again, e.g. with or without the handover's OK (nothing else redrawn)."""
        if self._container is not None:
            super().rebuild()

    def _people(self) -> dict[Seat, str]:
        """Who sits in each seat people take, as the guide knows them (the name typed)."""
        seats = self.match.options.seats
        return {seat: person_key(seats[seat].name if seat in seats else None) for seat in self.humans()}

    def guide_done(self) -> None:
        """The game is finished: what the guide showed each person is recorded (their next
        games of the title do not show it), in the settings file when it can be written
        (else for this run)."""
        self._keep_settings(self.coach.finished(self.app.settings))

    def guide_never(self, seat: Seat) -> None:
        """ "Don't show again": no more of this title's guide for the person in `seat`."""
        self._keep_settings(self.coach.never(self.app.settings, seat))

    def _keep_settings(self, settings: Settings) -> None:
        if settings is not self.app.settings:
            self.app.apply_settings(settings)

    def coach_mark(self) -> CoachMark | None:
        """What the guide points at now: only while the seat at the screen is to act, with
        nothing open over the table, and only what that person has not been guided through."""
        if self.help_open or self.confirm is not None or not self.screen.legal:
            return None
        seat = self.viewer
        if seat is None or self.match.to_act() != seat or not self.coach.on_for(self.app.settings, seat):
            return None
        settings = self.app.settings
        return next((m for m in self.screen.coach_marks() if self.coach.wants(settings, seat, m.topic)), None)

    def coach_avoids(self) -> list[pygame.Rect]:
        """What the guide's bubble must leave in sight besides what the title names: the
        status bar, the newest line of the log, the buttons under it."""
        controls = [widget.rect for widget in self.controls.values()]
        return [STATUS, self.log_box.newest(), *controls, *self.screen.keep_clear()]

    def hand_over(self, seat: Seat) -> None:
        """Put up the curtain for `seat`; the view is drawn only after that person's click.

        Whoever leaves the screen has seen everything so far: the next time they look,
        the recap tells what the others did since (only what is public)."""
        from game.scenes.curtain import CurtainScene

        if self.viewer is not None:
            self.recap.looked(self.viewer)
        self.viewer, self.away = None, None
        self.screen.refresh(None)
        self.refresh_log()
        self.help_open = False

        def reveal() -> None:
            self.viewer = seat
            self.clean_slate(seat)
            self.app.pop()
            happened = self.recap.show(seat)
            if happened is not None:
                self.screen.recap(*happened)
                self.rebuild_widgets()

        def missed(count: int) -> None:
            self.match.pin_misses[seat] = count
            self.keep_pin_misses()

        config = self.match.options.seats.get(seat)
        pin_matches = config.pin_matches if config is not None and config.pin is not None else None
        self.app.push(
            CurtainScene(
                self.app,
                player_name(self.ctx, self.match, seat),
                reveal,
                self.back_to_menu,
                pin_matches,
                misses=self.match.pin_misses.get(seat, 0),
                on_misses=missed,
                settle=self.settle_left(),
            )
        )

    def clean_slate(self, seat: Seat) -> None:
        """The table as `seat` finds it after the curtain: as if nobody had touched the
        screen before (issue 28, point 1).  A new title screen (no hover, pressed spot,
        selection, camera, animation, hint ring or tip of the last person's), the pointer
        where it is now, the log at its top, nothing open over the table, no hint coming;
        the still frame is composed anew.  The reveal button was clicked where the pointer
        is: a click there a moment later meets a table it did not aim at
        (`appeared_under_pointer`)."""
        pointer = self.app.gui.get_mouse_position()
        self.screen = screen_for(self.app, self.match, seat)
        self.screen.mouse = pointer
        self.screen.refresh(seat)
        self.log_box.reset()
        self.help_open = False
        self._hint_job = None
        self.last_click = (pointer, None, self.clock)
        self._backdrop_changes.append(self._frame.get_rect())
        self._composed_status = None

    def settle_left(self) -> float:
        """Seconds left of `SETTLE_SECONDS` since the last click on the table that did
        something: the curtain that comes up on it takes no click before (a double click on
        a move must not show the next person's view to the one who made it)."""
        if self.last_click is None:
            return 0.0
        return max(0.0, SETTLE_SECONDS - (self.clock - self.last_click[2]))

    def keep_pin_misses(self) -> None:
        """Write the count of wrong PINs with the game (as after an action), so that
        leaving and loading the game again does not start the wait afresh."""
        news = self.write_autosave() if self.autosave else None
        if news is not None:
            self.app.top.toasts.show(*news)

    # -- acting ---------------------------------------------------------------------------

    def my_turn(self) -> bool:
        seat = self.match.to_act()
        return seat is not None and seat == self.viewer and not self.match.is_bot(seat)

    def submit(self, action: BaseModel | dict[str, Any]) -> None:
        """Submit an action; a refusal becomes a toast and changes nothing."""
        acted = self.match.to_act()
        try:
            events = self.match.act(action)
        except IllegalAction as err:
            self.refuse(refusal(self.ctx.t, err))
            return
        self.after_change(events, acted)

    def submit_all(self, actions: Sequence[BaseModel]) -> None:
        """Several actions of the seat at the screen in a row (an arrangement made at
        once), each as a click would submit it; the first refused ends the row."""
        for action in actions:
            if not self.my_turn():
                return
            before = self.match.state
            self.submit(action)
            if self.match.state is before:
                return

    def refuse(self, reason: str) -> None:
        """Say why a click was not allowed."""
        self.toasts.show(reason, "error")
        self.app.sounds.play("error")

    def after_change(self, events: Sequence[Event], acted: Seat | None = None) -> None:
        """After an action by `acted` (or an undo): save, redraw, sound, and what comes next."""
        news = self.write_autosave() if self.autosave else None
        if acted is not None and acted == self.viewer and self.recap.close():
            self.rebuild_widgets()  # the person at the screen has moved on
        seen = [event for event in events if event.seen_by(self.viewer)]
        self.screen.refresh(self.viewer)
        self.screen.on_events(seen)
        self.refresh_log()
        self.update_controls()
        self.settle()
        self.sound(seen, acted)
        if news is not None:
            # Told on whatever is on top now (the curtain, game over): nobody's secret.
            self.app.top.toasts.show(*news)

    def write_autosave(self) -> tuple[str, str] | None:
        """Write the game to its own file (made at the first move); what to tell the player,
        only when saving starts or stops failing.

        A failed write leaves the file as the last good write left it (or none yet); the
        game goes on, and the next action tries again.
        """
        t = self.ctx.t
        if self.save_path is None:
            self.save_path = new_save_path(self.match.title.id)
        try:
            atomic_write_text(self.save_path, self.match.to_json())
        except OSError as err:
            failing_before, self.autosave_failing = self.autosave_failing, True
            if failing_before:
                return None
            return t("app.play.autosave_failed", reason=explain(t, err)), "error"
        if self.autosave_failing:
            self.autosave_failing = False
            return t("app.play.autosave_works"), "info"
        return None

    def sound(self, seen: Sequence[Event], acted: Seat | None) -> None:
        """The effect of what was seen and, when a person's turn begins, the handover chord.

        Behind the curtain only public events sound: the next person must not hear
        what the last one alone saw.
        """
        from game.scenes.curtain import CurtainScene

        if isinstance(self.app.top, CurtainScene):
            seen = [event for event in seen if event.visible_to is None]
        self.app.sounds.play_events(seen)
        seat = self.match.to_act()
        if seat is not None and seat != acted and acted is not None and not self.match.is_bot(seat):
            self.app.sounds.play("turn")

    def play_bot(self) -> None:
        """Let the bot to act choose and play its move in the worker; a later frame takes it."""
        seat = self.match.to_act()
        assert seat is not None and seat in self.bots
        self.worker.start(self.match.title, self.bots[seat], self.match.state, self.bot_dice)

    def _take_bot_move(self) -> None:
        """Record the bot's move once the worker has played it (the rules' work is done
        there: this frame records, redraws and sounds)."""
        before = self.match.state
        move = self.worker.take(before)
        if move is None:
            return
        if move.played is None:
            self.submit(move.action)  # refused: say why, as for a click
            return
        acted = self.match.to_act()
        action, state, events = move.played
        self.match.record(before, action, state, events)
        self.after_change(events, acted)

    def ask_hint(self) -> None:
        """Work out, off the frame loop, what the strongest computer level would do for
        the person to act, from that person's view only (`Title.hint`); `update` shows it."""
        if not self.my_turn():
            self.refuse(self.ctx.t("app.play.not_your_turn"))
            return
        state = self.match.state
        if self._hint_job is not None and self._hint_job[0] is state:
            return
        seat, title = self.match.to_act(), self.match.title
        assert seat is not None
        dice = Dice(seed_state(self.match.seed ^ 0x417 ^ len(self.match.actions)))
        found: list[BaseModel] = []
        worker = threading.Thread(target=lambda: found.append(title.hint(state, seat, dice)), daemon=True)
        self._hint_job = (state, worker, found)
        worker.start()
        self.toasts.show(self.ctx.t("app.play.hint_thinking"))

    def _show_hint(self) -> None:
        """Show a hint worked out for the state still on the table; drop one that came late."""
        if self._hint_job is None or self._hint_job[1].is_alive():
            return
        state, _, found = self._hint_job
        self._hint_job = None
        if state is not self.match.state or not found or not self.my_turn():
            return
        self.hints_used += 1
        self.screen.show_hint(found[0])
        self.toasts.show(self.ctx.t("app.play.hint_shown", move=self.screen.hint_text(found[0])))

    def can_undo(self) -> bool:
        return self.my_turn() and self.match.can_undo()

    def undo(self) -> None:
        if not self.can_undo():
            self.refuse(self.ctx.t("app.play.cannot_undo"))
            return
        self.match.undo()
        self.after_change([])

    def save(self, as_new: bool = False) -> Path | None:
        """Save into the game's own file (made now if the game has none yet), or into a new
        one that the game goes on in when `as_new` (the old file keeps the game as it was).

        Returns the file written, or None when the disk refused.
        """
        t = self.ctx.t
        if self.save_path is not None and not as_new:
            path = self.save_path
        else:
            path = new_save_path(self.match.title.id)
        try:
            atomic_write_text(path, self.match.to_json())
        except OSError as err:
            self.toasts.show(t("app.play.not_saved", reason=explain(t, err)), "error")
            return None
        key = "app.play.saved_again" if path == self.save_path else "app.play.saved"
        self.save_path = path
        self.toasts.show(t(key, name=path.name))
        return path

    def back_to_menu(self) -> None:
        self.app.go.menu()

    # -- every frame ----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in _POINTER_EVENTS:
            self.screen.mouse = event.pos
        if self._coached(event):
            return
        if event.type == pygame.KEYDOWN:
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            if ctrl and event.key == pygame.K_z:
                self.undo()
                return
            if ctrl and event.key == pygame.K_s:
                self.save(as_new=bool(event.mod & pygame.KMOD_SHIFT))
                return
            if event.key == pygame.K_F1:
                self.toggle_help()
                return
            if event.key == pygame.K_m and self.help_open:
                self.help_more = not self.help_more
                return
            if event.key == pygame.K_h and not ctrl and "hint" in self.controls:
                self.ask_hint()
                return
            if event.key == pygame.K_ESCAPE and self.help_open:
                self.help_open = False
                return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.handover_ok:
            self.end_handover()
            return
        if self.recap.handle_event(event):
            self.rebuild_widgets()
            return
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            action, self.confirm, self.unconfirmed = self.unconfirmed, None, None  # it closes itself
            if action is not None and self.my_turn():
                self.submit(action)
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.confirm:
            self.confirm, self.unconfirmed = None, None
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            actions: dict[str, Callable[[], object]] = {
                "undo": self.undo,
                "hint": self.ask_hint,
                "save": self.save,
                "help": self.toggle_help,
                "settings": self.open_settings,
                "menu": self.back_to_menu,
            }
            for name, widget in self.controls.items():
                if event.ui_element is widget:
                    actions[name]()
                    return
        if self.help_open and event.type == pygame.MOUSEBUTTONDOWN:
            more = self.help_more_button()
            if more is not None and more.collidepoint(event.pos):
                self.help_more = not self.help_more
            else:
                self.help_open = False
            return
        if not self.help_open and self.log_box.handle_event(event):
            return
        clicked = self.screen.handle_event(event)
        pressed = event.type == pygame.MOUSEBUTTONDOWN
        if clicked is None:
            if pressed:
                self.last_click = None  # a click that did nothing: the next one is meant anew
            return
        if pressed and self.appeared_under_pointer(event.pos, clicked):
            return
        if not self.my_turn():
            self.refuse(self.ctx.t("app.play.not_your_turn"))
            return
        if pressed:
            self.last_click = (event.pos, clicked, self.clock)
        if isinstance(clicked, tuple):
            self.submit_all(clicked)
            return
        action = clicked
        question = self.screen.confirmation(action)
        if question is not None:
            self.ask_first(action, *question)
            return
        self.submit(action)

    def appeared_under_pointer(self, pos: tuple[int, int], action: object) -> bool:
        """Whether a click at `pos` asking for `action` hits what appeared under the pointer
        after the last click there (`SETTLE_SECONDS`): a different action than that click's.
        One click never does what a button pressed a moment ago did not mean."""
        if self.last_click is None:
            return False
        where, did, when = self.last_click
        near = abs(pos[0] - where[0]) <= SAME_PLACE and abs(pos[1] - where[1]) <= SAME_PLACE
        return near and self.clock - when < SETTLE_SECONDS and action != did

    def _coached(self, event: pygame.event.Event) -> bool:
        """Whether `event` was the guide's: a click on its bubble, or Esc while it shows."""
        if self.coach.shown is None:
            return False
        seat = self.viewer
        if seat is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.coach.hidden.add(seat)
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        clicked = self.coach.click(event.pos)
        if clicked == "dismiss":
            self.coach.hidden.add(seat)
        elif clicked == "never":
            self.guide_never(seat)
        return clicked is not None

    def ask_first(self, action: BaseModel | dict[str, Any], question: str, yes: str) -> None:
        """An action that cannot be taken back waits for a yes in a dialog (issue 11, point 8)."""
        if self.confirm is not None:
            self.confirm.kill()
        t = self.ctx.t
        box = pygame.Rect(TABLE.centerx - 280, TABLE.centery - 130, 560, 260)
        self.confirm = ask(
            self.app.gui, box, html.escape(question), t("app.play.confirm"), yes, t("app.play.cancel")
        )
        self.unconfirmed = action

    def _kill_widgets(self) -> None:
        if self.confirm is not None:
            self.confirm.kill()
        self.confirm, self.unconfirmed = None, None
        super()._kill_widgets()

    def toggle_help(self) -> None:
        self.help_open = not self.help_open
        self.help_more = False

    def help_more_button(self) -> pygame.Rect | None:
        """The help's "More"/"Less" button, when the step at hand has its three lines."""
        if not self.help_open or self.screen.help_brief() is None:
            return None
        return pygame.Rect(HELP_BOX.right - 240, HELP_BOX.bottom - 76, 200, 44)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.screen.update(dt)
        self._show_hint()
        mark = self.coach_mark()
        if mark is not None and self.viewer is not None:
            self.coach.note(self.viewer, mark.topic)
        self.clock += dt
        if self.handing_to is not None:
            self.handover_wait -= dt
            if self.handover_wait <= 0 and not self.screen.showing():
                self.end_handover()
            return
        if self.worker.thinking:
            self._take_bot_move()
            return
        seat = self.match.to_act()
        if seat is not None and seat in self.bots and not self.screen.showing():
            self.bot_wait += dt
            if self.bot_wait >= self.app.bot_delay:
                self.bot_wait = 0.0
                self.play_bot()

    def refresh_log(self) -> None:
        """Put the viewer's log (newest first, third person, names filled in) in the panel.

        Lines already shown are not translated again: after an action only the new
        events are, and the panel re-stacks rows it has already rendered.
        """
        events = self.match.log_for(self.viewer)[-LOG_LINES:]
        texts: dict[int, tuple[Event, str]] = {}
        for event in events:
            shown = self._log_texts.get(id(event))
            if shown is None or shown[0] is not event:
                shown = (event, event_text(self.ctx, self.match, event))
            texts[id(event)] = shown
        self._log_texts = texts
        newest_first = [texts[id(event)][1] for event in reversed(events)]
        # The latest line stands out; older ones step back (the panel styles them).
        self.log_box.show(newest_first, self.ctx.t("app.play.log_empty"))

    def status(self) -> str:
        """What to do now; once the game is decided, its result first."""
        seat = self.match.to_act()
        if seat is None:
            return ""
        if seat == self.viewer:
            now = self.screen.status_text() or self.ctx.t(
                "app.play.your_turn", name=player_name(self.ctx, self.match, seat)
            )
        else:
            key = "app.play.bot_thinking" if self.match.is_bot(seat) else "app.play.waiting"
            now = self.ctx.t(key, name=player_name(self.ctx, self.match, seat))
        outcome = self.match.outcome()
        if outcome is None:
            return now
        return self.ctx.t("app.play.decided", result=outcome_text(self.ctx, self.match, outcome), next=now)

    def still(self) -> Hashable:
        """What the frame shows: unchanged while nothing is to be drawn anew (no toast, no
        stale log, no bot thinking, the same players, status, table and live part of it)."""
        if self.toasts.items or self.log_box.stale or self._bot_to_act() is not None:
            return None
        table = self.screen.look()
        if table is None:
            return None
        players = (self.match.to_act(), self.viewer)
        mark = self.coach_mark()
        guide = None if mark is None else (tuple(mark.rect), mark.text)
        helped = self.help_open, self.help_more
        shown = self._status_shown(), helped, self.recap.look(), self.tip_look(), guide
        return self._backdrop_stamp, players, table, shown

    def hover_texts(self) -> tuple[HoverTexts, ...]:
        return (self.hover, self.screen.tips)

    def busy(self) -> bool:
        """A toast fades, the table animates, or a bot or a hint thinks."""
        thinking = self._bot_to_act() is not None or self._hint_job is not None
        return super().busy() or self.screen.busy() or thinking

    def exit(self) -> None:
        self.worker.close()
        super().exit()

    def _bot_to_act(self) -> Seat | None:
        seat = self.match.to_act()
        return seat if seat is not None and seat in self.bots else None

    def draw(self, surface: pygame.Surface) -> None:
        """One blit of the still frame, then what moves on the table.

        What changes seldom (the players, the log) is drawn into the backdrop when it
        changes; the table into its layer when it changes (`TitleScreen.layer`); the
        three with the status bar make the still frame, composed again only then.
        """
        self._update_backdrop()
        composed = self._composed
        status = self._status_image(surface.get_width())
        for rect in self._backdrop_changes:
            composed.blit(self._backdrop, rect, rect)
            if rect.colliderect(self.screen.rect):
                self.screen.forget()
            if rect.bottom > STATUS_TOP:
                self._composed_status = None
        self._backdrop_changes = []
        self.screen.paint(composed, self._backdrop)
        if status is not self._composed_status:
            composed.blit(status, (0, STATUS_TOP))
            self._composed_status = status
        surface.blit(composed, (0, 0))
        self.screen.draw_on_top(surface)
        self._draw_thinking(surface)
        self.recap.draw(surface)  # under its OK button

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        """A bot thinks: a turning ring of dots in place of the ▶ in its row."""
        seat = self._bot_to_act()
        if seat is None:
            return
        slot = self.player_slots()[self.match.seats().index(seat)]
        cx, cy = slot.x + MARKER_X, slot.centery
        pygame.draw.circle(surface, PALETTE["panel"], (cx, cy), 10)
        lit = int(self.clock * THINKING_STEPS_PER_SECOND) % THINKING_DOTS
        for dot in range(THINKING_DOTS):
            angle = 2 * math.pi * dot / THINKING_DOTS
            colour = PALETTE["brass"] if (lit - dot) % THINKING_DOTS < 3 else PALETTE["line"]
            pygame.draw.circle(
                surface, colour, (round(cx + 7 * math.cos(angle)), round(cy + 7 * math.sin(angle))), 2
            )

    def _update_backdrop(self) -> None:
        players = (self.match.to_act(), self.viewer)
        if players != self._players_shown:
            self._players_shown = players
            # The rows are drawn afresh on the bare frame: nothing of the last names stays.
            area = players_area(len(self.match.seats()))
            self._backdrop.blit(self._frame, area, area)
            self.hover.forget(area)
            self._draw_players(self._backdrop)
            self._backdrop_stamp += 1
            self._backdrop_changes.append(area)
        if self.log_box.stale:
            self.log_box.draw(self._backdrop)
            self._backdrop_stamp += 1
            self._backdrop_changes.append(self.log_box.rect)

    def _draw_players(self, surface: pygame.Surface) -> None:
        """The header's line of players, a share each: ▶ for the seat to act, the name, and
        who plays it when not a person."""
        font = self.ctx.font
        to_act = self.match.to_act()
        tag_face = font(14, False)
        for seat, slot in zip(self.match.seats(), self.player_slots(), strict=True):
            middle = slot.centery
            acting = seat == to_act
            if acting:
                text(surface, font(15, True), "▶", (slot.x + MARKER_X - 6, middle), "brass", "midleft")
            tag = self._player_tag(seat)
            left = slot.x + 2 * MARKER_X + 4
            room = slot.right - PLAYER_GAP - left - (tag_face.size(tag)[0] + 6 if tag else 0)
            colour = "brass" if acting else ("text" if seat == self.viewer else "muted")
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
                text(surface, tag_face, tag, (shown.right + 6, middle), "muted", "midleft")

    def _player_tag(self, seat: Seat) -> str:
        """Who plays `seat` when it is not a person: the rules, or the computer."""
        if seat in self.automated:
            return self.ctx.t("app.play.automated")
        return self.ctx.t("app.play.bot") if self.match.is_bot(seat) else ""

    def player_slots(self) -> list[pygame.Rect]:
        """Each seat's place on the header's players line (`player_slots`)."""
        name, tag = self.ctx.font(MIN_TEXT + SHRINK, True), self.ctx.font(MIN_TEXT, False)
        widths = []
        for seat in self.match.seats():
            label = self._player_tag(seat)
            extra = tag.size(label)[0] + 6 if label else 0
            widths.append(name.size(player_name(self.ctx, self.match, seat))[0] + extra)
        return player_slots(widths)

    def _status_shown(self) -> tuple[str, str]:
        """The status bar's texts: what to do now, and whose eyes the table shows.

        A one-seat game (Queen of Spies) has no other eyes to tell apart."""
        seen = ""
        if self.viewer is not None and len(self.match.seats()) > 1:
            seen = self.ctx.t("app.play.viewer", name=player_name(self.ctx, self.match, self.viewer))
        return self.status(), seen

    def _status_image(self, width: int) -> pygame.Surface:
        """The status bar (kept until its texts change)."""
        shown = self._status_shown()
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

    def _render_frame(self) -> pygame.Surface:
        """Header and side panel frames: still, so drawn once."""
        t, font = self.ctx.t, self.ctx.font
        backdrop = self.app.backdrop.copy()
        size = backdrop.get_size()
        pygame.draw.rect(backdrop, PALETTE["ink"], (0, 0, size[0], 60))
        pygame.draw.line(backdrop, PALETTE["line"], (0, 60), (size[0], 60))
        title_id = self.match.title.id
        name = fit(font, title_name(self.ctx, title_id), size[0] // 2 - 48, 20, True)
        text(backdrop, name.face, name.lines[0], (24, 18), "brass", "midleft")
        # The scenario's name, and under it the game's goal in one line (issue 11, point 5).
        lines: list[tuple[str, int, str]] = []
        if self.match.title.scenarios:
            lines.append((scenario_name(self.ctx, title_id, self.match.options.scenario), 17, "muted"))
        goal = self.screen.goal_key()
        if goal is not None:
            lines.append((t(goal), MIN_TEXT + SHRINK, "text"))
        for index, (shown, points, colour) in enumerate(lines):
            middle = 30 if len(lines) == 1 else 19 + 22 * index
            fit_text(
                backdrop,
                font,
                shown,
                (size[0] - 24, middle),
                size[0] // 2 - 48,
                points,
                False,
                colour,
                "midright",
                self.hover,
            )
        panel(backdrop, SIDE)
        heading = font(15, True)
        text(backdrop, heading, t("app.play.log").upper(), (SIDE.x + 20, LOG_HEADING_TOP), "muted")
        return backdrop

    def draw_overlay(self, surface: pygame.Surface) -> None:
        mark = self.coach_mark()
        # What an overlay must leave in sight is asked only when one shows.
        self.coach.draw(surface, mark, self.ctx.font, self.ctx.t, self.coach_avoids() if mark else ())
        if self.help_open:
            self._draw_help(surface)
        else:
            self.draw_hover_text(surface)
        avoid = self.toasts_avoid(mark) if self.toasts.items else []
        self.toasts.draw(surface, self.ctx.font(18, False), 840, avoid)

    def toasts_avoid(self, mark: CoachMark | None) -> list[pygame.Rect]:
        """What a toast must leave in sight: the table's buttons and latest result, the
        hint's rings, the guide's ring and bubble (issue 30, point 5)."""
        kept = self.screen.keep_clear()
        if self.screen.hint is not None:
            kept += [rect.inflate(10, 10) for rect in self.screen.hint_marks(self.screen.hint)]
        bubble = self.coach.shown
        if mark is not None and bubble is not None:
            kept += [bubble.ring, bubble.box]
        return kept

    def _draw_help(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        box = HELP_BOX
        panel(surface, box, "panel", "brass_dim")
        t, font = self.ctx.t, self.ctx.font
        text(surface, font(30, True), t("app.help.title"), (box.x + 40, box.y + 32), "brass")
        brief = self.screen.help_brief()
        more = self.help_more_button()
        if brief is not None and not self.help_more:
            # The step at hand in three lines; "More" for the whole rule (issue 30, point 6).
            y = box.y + 100
            for part, line in zip(("do", "cost", "risk"), brief, strict=True):
                text(surface, font(17, True), t(f"app.help.{part}"), (box.x + 40, y), "brass")
                shown = fit(font, line, box.width - 80, 20, max_lines=3)
                fit_lines(surface, shown, (box.x + 40, y + 26))
                y += 26 + shown.height + 28
        else:
            # The decision at hand first, then the table's help (`TitleScreen.help_keys`).
            content = "\n\n".join(t(key) for key in self.screen.help_keys()) or t("app.help.missing")
            room = box.width - 80
            fit_lines(surface, fit(font, content, room, 18, max_lines=22), (box.x + 40, box.y + 96))
        if more is not None:
            lit = more.collidepoint(self.app.gui.get_mouse_position())
            pygame.draw.rect(surface, PALETTE["panel_hi" if lit else "ink"], more, border_radius=8)
            pygame.draw.rect(surface, PALETTE["brass"], more, 1, border_radius=8)
            label = t("app.help.less" if self.help_more else "app.help.more")
            text(surface, font(17, True), label, more.center, "text", "center")
        text(surface, font(15, False), t("app.help.close"), (box.centerx, box.bottom - 30), "muted", "center")
