"""The play scene: hosts a title's table, and owns turns, bots, the log, undo and saves.

The scene holds the `Match`; the table is handed only what the seat at the screen may see
(`game.ui.seat_view.SeatView`, `game.scenes.play_files.refresh_table`) after every change.

Every click becomes an action submitted with `Match.act`; a refused action shows its
`IllegalAction` reason as a toast (with the error sound) and changes nothing.  After every
action the game is written to its own save file (`game.scenes.play_files`), and the scene
asks who sits at the screen next (`game.scenes.seating`: the game-over scene, a bot's move
after a short delay, the hand-over's moment and the curtain, the recap after it) and
carries it out.  Seats the rules play themselves (`Title.automated_seats`) act inside
`Match.act`: they are listed with the players, but never get a curtain, a bot or a turn of
their own.  Around the table it draws the header, the status bar and the help
(`game.scenes.play_bar`).

Sound follows what the screen may show: an action's effect is chosen from the events
the seat at the screen may see, and once the curtain goes up only from public ones;
the handover chord plays when a person's turn begins.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pydantic import BaseModel

from game.i18n.grammar import warm as warm_grammar
from game.scenes.bot_worker import BotSeats, HintWorker
from game.scenes.handover import HandOver
from game.scenes.play_bar import HANDOVER_OK, RECAP, PlayBar, control_places, log_area
from game.scenes.play_files import GameFile, record_ended, refresh_table, screen_for
from game.scenes.play_input import PlayInput
from game.scenes.recap import Recap
from game.scenes.seating import Seating
from game.settings import Settings
from game.ui import heap
from game.ui.coach import Coach, CoachMark, people_of
from game.ui.fit import HoverTexts
from game.ui.log_panel import LogPanel
from game.ui.messages import refusal
from game.ui.naming import event_text
from game.ui.scene import Host, Scene
from rules.core import Event, IllegalAction, Match, Seat

LOG_LINES = 80


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
        self.file = GameFile(save_path)
        self.automated = frozenset(match.title.automated_seats(match.options))
        """Seats the rules play (a deck-driven opponent): listed, never at the screen."""
        self.seating = Seating(match, self.humans(), viewer)
        self.handover = HandOver(self)
        self.computers = BotSeats(match, self.automated)
        self.bots, self.worker = self.computers.bots, self.computers.worker
        self.hint = HintWorker()
        self.clock = 0.0
        """Seconds this scene has been updated: the thinking indicator turns with it."""
        self.hints_used = 0
        """Hints shown in this game (the game-over summary counts them)."""
        self.input = PlayInput(self)
        """What keys and clicks do; the last click on the table (`game.scenes.play_input`)."""
        self.help_open = False
        self.help_more = False
        """F1 shows the whole help, not the three lines of the step at hand."""
        self._language = self.app.settings.language
        """The language the table was drawn in (the settings may change it mid-game)."""
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self.unconfirmed: BaseModel | dict[str, Any] | None = None
        """The action the open confirmation dialog asks about (`TitleScreen.confirmation`)."""
        self.screen = screen_for(app, match, self.viewer)
        self.coach = Coach(match.title.id, people_of(match, self.humans()), self.screen.guide_topics)
        """The first-game guide: what it showed to whom in this game (`game.ui.coach`)."""
        fonts = self.ctx.font(16, False), self.ctx.font(16, True)
        self.log_box = LogPanel(log_area(len(match.seats())), *fonts)
        self.controls: dict[str, pygame_gui.elements.UIButton] = {}
        self.bar = PlayBar(self.ctx, match, self.automated, self.hover)
        self.bar.new_frame(self.app.backdrop, self.screen.goal_key())
        self.handover_ok: pygame_gui.elements.UIButton | None = None
        self.recap = Recap(self.ctx, match)
        """What the others did since a person last looked, shown after the curtain."""

    @property
    def viewer(self) -> Seat | None:
        """The seat whose eyes the table shows (`Seating.viewer`)."""
        return self.seating.viewer

    @viewer.setter
    def viewer(self, seat: Seat | None) -> None:
        self.seating.viewer = seat

    @property
    def save_path(self) -> Path | None:
        """The game's own save file (`GameFile.path`)."""
        return self.file.path

    # -- lifecycle ------------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        self.app.sounds.warm()
        warm_grammar(self.app.settings.language)
        self.settle()
        heap.hold()  # the game's objects out of the collector's full passes (game.ui.heap)

    def build(self) -> None:
        t = self.ctx.t
        self.refresh_log()
        self.controls = {  # a hint is for a person at the screen: none when only computers play
            name: self.button(rect, t(f"app.play.{name}"), tooltip=t(f"app.play.{name}.tip"), tip_above=True)
            for name, rect in control_places(hint=bool(self.humans())).items()
        }
        self.handover_ok = None
        if self.seating.handing_to is not None:  # over the foot of the log: the table stays in sight
            ok, tip = t("app.play.handover_ok"), t("app.play.handover_ok.tip")
            self.handover_ok = self.button(HANDOVER_OK, ok, object_id="#primary", tooltip=tip)
        self.recap.build(self, RECAP)
        self.update_controls()

    def update_controls(self) -> None:
        undo = self.controls.get("undo")
        if undo is not None:
            undo.enable() if self.can_undo() else undo.disable()

    def resume(self) -> None:
        """Back from the settings: the table, the log and the header in the language chosen."""
        if self.app.settings.language != self._language:
            self._language = self.app.settings.language
            self.screen = screen_for(self.app, self.match, self.viewer)
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
        self.log_box.forget_texts()
        self.bar.new_frame(self.app.backdrop, self.screen.goal_key())
        super().rebuild()

    def rebuild_widgets(self) -> None:
        """The buttons again, e.g. with or without the handover's OK (nothing else redrawn)."""
        if self._container is not None:
            super().rebuild()

    # -- who sits at the screen (`game.scenes.seating`) -------------------------------------

    def humans(self) -> list[Seat]:
        """The seats people take: neither a bot's nor played by the rules."""
        return [
            seat for seat in self.match.seats() if not self.match.is_bot(seat) and seat not in self.automated
        ]

    def settle(self) -> None:
        """After a change: end the game, hand over behind the curtain, or let a bot think
        (`game.scenes.handover`)."""
        self.handover.settle()

    def end_handover(self) -> None:
        """The hand-over's moment is over (its time, or the OK)."""
        self.handover.end_hold()

    def keep_settings(self, settings: Settings) -> None:
        if settings is not self.app.settings:
            self.app.apply_settings(settings)

    def coach_mark(self) -> CoachMark | None:
        """What the guide points at now (`Coach.mark`): only while the seat at the screen is
        to act, with nothing open over the table."""
        covered = self.help_open or self.confirm is not None or not self.screen.legal
        seat = self.viewer if self.match.to_act() == self.viewer and not covered else None
        return self.coach.mark(self.app.settings, seat, self.screen.coach_marks)

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

    def refuse(self, reason: str) -> None:
        """Say why a click was not allowed."""
        self.toasts.show(reason, "error")
        self.app.sounds.play("error")

    def after_change(self, events: Sequence[Event], acted: Seat | None = None) -> None:
        """After an action by `acted` (or an undo): save, redraw, sound, and what comes next.

        Sound: the effect of what was seen and, when a person's turn begins, the handover
        chord; behind the curtain only public events sound (the next person must not hear
        what the last one alone saw)."""
        from game.scenes.curtain import CurtainScene

        news = self.file.autosave(self.ctx.t, self.match) if self.autosave else None
        if acted is not None and acted == self.viewer and self.recap.close():
            self.rebuild_widgets()  # the person at the screen has moved on
        seen = [event for event in events if event.seen_by(self.viewer)]
        refresh_table(self.screen, self.match, self.viewer)
        self.screen.on_events(seen)
        self.refresh_log()
        self.update_controls()
        ended = self.autosave and acted is not None and self.match.title.is_over(self.match.state)
        self.settle()
        heard = [e for e in seen if e.visible_to is None] if isinstance(self.app.top, CurtainScene) else seen
        self.app.sounds.play_events(heard)
        seat = self.match.to_act()
        if seat is not None and seat != acted and acted is not None and not self.match.is_bot(seat):
            self.app.sounds.play("turn")
        if news is not None:
            # Told on whatever is on top now (the curtain, game over): nobody's secret.
            self.app.top.toasts.show(*news)
        if ended:  # on whatever is on top now, as the autosave's news
            record_ended(self.app.top.toasts, self.ctx.t, self.match)

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
        the person to act, from that person's view only (`HintWorker`); `update` shows it."""
        if not self.my_turn():
            self.refuse(self.ctx.t("app.play.not_your_turn"))
        elif self.hint.start(self.match):
            self.toasts.show(self.ctx.t("app.play.hint_thinking"))

    def _show_hint(self) -> None:
        """Show a hint worked out for the state still on the table (one that came late is dropped)."""
        found = self.hint.take(self.match.state)
        if found is not None and self.my_turn():
            self.hints_used += 1
            self.screen.show_hint(found)
            self.toasts.drop(self.ctx.t("app.play.hint_thinking"))
            self.toasts.show(self.ctx.t("app.play.hint_shown", move=self.screen.hint_text(found)))

    def can_undo(self) -> bool:
        return self.my_turn() and self.match.can_undo()

    def undo(self) -> None:
        if not self.can_undo():
            self.refuse(self.ctx.t("app.play.cannot_undo"))
            return
        self.match.undo()
        self.after_change([])

    def save(self, as_new: bool = False) -> Path | None:
        """Save into the game's own file, or into a new one the game goes on in (`GameFile.save`)."""
        path, told, level = self.file.save(self.ctx.t, self.match, as_new)
        self.toasts.show(told, level)
        return path

    def back_to_menu(self) -> None:
        self.app.go.menu()

    # -- every frame ----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys, buttons, the guide, the recap, the log, and the table (`game.scenes.play_input`)."""
        self.input.handle(event)

    def _kill_widgets(self) -> None:
        if self.confirm is not None:
            self.confirm.kill()
        self.confirm, self.unconfirmed = None, None
        super()._kill_widgets()

    def toggle_help(self) -> None:
        self.help_open, self.help_more = not self.help_open, False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.screen.update(dt)
        self._show_hint()
        mark = self.coach_mark()
        if mark is not None and self.viewer is not None:
            self.coach.note(self.viewer, mark.topic)
        self.clock += dt
        if self.seating.handing_to is not None:
            if self.seating.tick(dt, self.screen.showing()):
                self.end_handover()
            return
        if self.worker.thinking:
            self._take_bot_move()
            return
        if not self.screen.showing():
            self.computers.tick(self.match, dt, self.app.bot_delay)

    def refresh_log(self) -> None:
        """Put the viewer's log (newest first, third person, names filled in) in the panel."""
        events = self.match.log_for(self.viewer)[-LOG_LINES:]
        self.log_box.show_events(
            events, lambda event: event_text(self.ctx, self.match, event), self.ctx.t("app.play.log_empty")
        )

    def status(self) -> str:
        """What to do now; once the game is decided, its result first (`PlayBar.status`)."""
        return self.bar.status(self.viewer, self.screen)

    def _status_shown(self) -> tuple[str, str]:
        return self.bar.shown(self.viewer, self.screen)

    def player_slots(self) -> list[pygame.Rect]:
        return self.bar.slots()

    def still(self) -> Hashable:
        """What the frame shows: unchanged while nothing is to be drawn anew (no toast, no
        stale log, no bot thinking, the same players, status, table and live part of it)."""
        if self.toasts.items or self.log_box.stale or self.computers.to_act(self.match) is not None:
            return None
        table = self.screen.look()
        if table is None:
            return None
        players = (self.match.to_act(), self.viewer)
        mark = self.coach_mark()
        guide = None if mark is None else (tuple(mark.rect), mark.text)
        helped = self.help_open, self.help_more
        shown = self._status_shown(), helped, self.recap.look(), self.tip_look(), guide
        return self.bar.stamp, players, table, shown

    def hover_texts(self) -> tuple[HoverTexts, ...]:
        return (self.hover, self.screen.tips)

    def busy(self) -> bool:
        """A toast fades, the table animates, or a bot or a hint thinks."""
        thinking = self.computers.to_act(self.match) is not None or self.hint.job is not None
        return super().busy() or self.screen.busy() or thinking

    def exit(self) -> None:
        self.worker.close()
        super().exit()
        heap.release()

    def draw(self, surface: pygame.Surface) -> None:
        """One blit of the still frame (`PlayBar.compose`), then what moves on the table."""
        self.bar.compose(surface, self.screen, self.viewer, self.log_box)
        self.screen.draw_on_top(surface)
        seat = self.computers.to_act(self.match)
        if seat is not None:
            self.bar.draw_thinking(surface, seat, self.clock)
        self.recap.draw(surface)  # under its OK button
        # The guide's bubble lies over the table but under the widgets: it keeps clear of
        # the buttons, and a button's tooltip (drawn with the widgets) shows whole over it.
        mark = self.coach_mark()
        # What an overlay must leave in sight is asked only when one shows.
        controls = list(self.controls.values())
        avoid = self.bar.coach_avoids(self.screen, self.log_box, controls) if mark else []
        self.coach.draw(surface, mark, self.ctx.font, self.ctx.t, avoid, self.bar.coach_spare(self.log_box))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.help_open:
            self.bar.draw_help(surface, self.screen, self.help_more, self.app.gui.get_mouse_position())
        else:
            self.draw_hover_text(surface)
        avoid = self.bar.toasts_avoid(self.screen, self.coach.shown) if self.toasts.items else []
        self.toasts.draw(surface, self.ctx.font(18, False), 840, avoid)

    def help_more_button(self) -> pygame.Rect | None:
        return self.bar.help_more_button(self.screen, self.help_open)
