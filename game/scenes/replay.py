"""Watching a game again (issue 32): step by step, as it was played, from one seat or with
everything revealed.

The replay is drawn by the play scene itself (`ReplayScene` is a `PlayScene`): the title's
table, the players, the log and the status bar as in play, the slides and the rolls when a
step goes forward.  What changes is who acts: nobody.  The match it shows is a
`WatchedMatch`, moved between the states the `Replay` holds; its table offers no action,
nothing is written (no autosave, no save, the save file it came from is only read), and
the buttons under the log step through the game instead: to the start, back to the last
stage (round, chapter, turn: wherever `Title.progress` changes), one action back, play at
the animation speed, one action forward, to the next stage, to the end.  The slider above
them goes to any step; a click on a line of the log goes to the step that line belongs to.

Whose eyes the table shows is chosen first (`ReplayChooser`, skipped when there is one
answer).  A finished game may be watched from any seat or with "everything revealed"
(`Title.revealed`): nothing is secret after the game.  An unfinished game with secrets is
shown only from the seat of a person who plays it, behind the curtain with their PIN as in
play (a wrong PIN waits as long as in play; the count is kept for this run of Siatka, not
written: a replay writes nothing); one person against the computer sees their own seat, as
in play without a curtain.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIHorizontalSlider

from game.scenes.play import PlayScene
from game.scenes.play_bar import CONTROLS_TOP, LOG_HEADING_TOP, SIDE, PlayBar, log_area
from game.scenes.play_files import refresh_table, screen_for
from game.storage import explain
from game.ui.anim import seconds
from game.ui.messages import refusal
from game.ui.naming import event_text, known, outcome_text, player_name, scenario_name, title_name
from game.ui.scene import Host, Scene
from game.ui.theme import text
from game.ui.title_screen import TitleScreen
from rules.core import Event, Match, SaveError, Seat
from rules.core.replay import Replay

STEP_SECONDS = 0.9
"""Between two steps when the replay plays, at the normal animation speed (and after the
table has shown the last one: its slides and rolls)."""
LOG_LINES = 300
"""Lines of the log shown (the newest; the slider and the stage buttons reach the rest)."""
BUTTONS = ("start", "back_mark", "back", "play", "forward", "forward_mark", "end")
"""The first row under the log: where the replay goes."""
SLIDER = pygame.Rect(SIDE.x + 12, CONTROLS_TOP - 44, SIDE.width - 24, 30)
KEYS = {
    pygame.K_HOME: "start",
    pygame.K_PAGEUP: "back_mark",
    pygame.K_LEFT: "back",
    pygame.K_SPACE: "play",
    pygame.K_RIGHT: "forward",
    pygame.K_PAGEDOWN: "forward_mark",
    pygame.K_END: "end",
}

_pin_misses: dict[tuple[Path, Seat], int] = {}
"""Wrong PINs typed at a replay's curtain, per save file and seat, for this run of Siatka:
a replay writes nothing, so leaving it and watching again must not start the wait afresh."""


class Choice:
    """One way to watch: a seat's view (behind the curtain or not), or everything revealed."""

    def __init__(self, seat: Seat | None, revealed: bool = False, curtain: bool = False) -> None:
        self.seat = seat
        self.revealed = revealed
        self.curtain = curtain


def choices(match: Match) -> list[Choice]:
    """The ways `match` may be watched, in table order (everything revealed last)."""
    title = match.title
    automated = set(title.automated_seats(match.options))
    seats = [seat for seat in match.seats() if seat not in automated]
    if title.is_over(match.state):
        found = [Choice(seat) for seat in seats]
        if title.has_secrets or not found:
            found.append(Choice(None, revealed=True))
        return found
    people = [seat for seat in seats if not match.is_bot(seat)]
    if not title.has_secrets:
        return [Choice(people[0] if people else seats[0])]
    if len(people) > 1:  # as in play: each person's view behind the curtain, with the PIN
        return [Choice(seat, curtain=True) for seat in people]
    # One person against the computer sees their own seat, as in play; computers alone, what
    # everyone sees.  A computer's seat is never shown while its game goes on.
    return [Choice(people[0] if people else None)]


def watch(app: Host, match: Match, source: Path | None = None) -> None:
    """Open the replay of `match` (which is not touched): the choice of eyes first, when
    there is more than one; `source` is the save it was read from."""
    replay = Replay.of(match)
    found = choices(match)
    if len(found) == 1:
        app.push(ReplayScene(app, replay, found[0], source))
    else:
        app.push(ReplayChooser(app, replay, found, source))


def watch_saved(app: Host, path: Path) -> str | None:
    """Open the replay of the game saved in `path` (read, replayed and checked as loading
    does; the file is not written); why not, in the player's language, when it cannot be."""
    from game.replays import read_game

    t = app.ctx.t
    try:
        match = read_game(path)
    except OSError as err:
        return t("app.load.unreadable", reason=explain(t, err))
    except SaveError as err:
        return refusal(t, err)
    watch(app, match, path)
    return None


class ReplayChooser(Scene):
    """Whose eyes the replay shows: a button for each seat (and everything revealed)."""

    def __init__(self, app: Host, replay: Replay, found: list[Choice], source: Path | None) -> None:
        super().__init__(app)
        self.replay = replay
        self.found = found
        self.source = source
        self.picks: dict[UIButton, Choice] = {}
        self.back: UIButton | None = None

    def caption(self, choice: Choice) -> str:
        t, match = self.ctx.t, self.replay.match
        if choice.revealed:
            return t("replay.revealed")
        if choice.seat is None:
            return t("replay.public")
        return t("replay.as", name=player_name(self.ctx, match, choice.seat))

    def build(self) -> None:
        t = self.ctx.t
        self.picks = {}
        width, top = 560, 330
        for index, choice in enumerate(self.found):
            rect = pygame.Rect(800 - width // 2, top + index * 66, width, 54)
            tip = t("replay.revealed.tip" if choice.revealed else "replay.as.tip")
            if choice.curtain:
                tip = t("replay.curtain.tip")
            object_id = "#primary" if index == 0 else "#menu"
            self.picks[self.button(rect, self.caption(choice), object_id, tip)] = choice
        self.back = self.button(pygame.Rect(800 - 110, 800, 220, 46), t("app.back"))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element in self.picks:
                self.replay.go(0)
                self.app.push(ReplayScene(self.app, self.replay, self.picks[event.ui_element], self.source))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.backdrop, (0, 0))
        t, match = self.ctx.t, self.replay.match
        text(surface, self.ctx.font(34, True), t("replay.title"), (800, 150), "brass", "midtop")
        game = title_name(self.ctx, match.title.id)
        if match.title.scenarios:
            game = t(
                "app.load.game",
                title=game,
                scenario=scenario_name(self.ctx, match.title.id, match.options.scenario),
            )
        self.fitted(surface, game, (800, 210), 1100, 22, "text", "midtop")
        over = match.title.is_over(self.replay.states[-1])
        note = t("replay.choose_over" if over else "replay.choose_going")
        self.fitted(surface, note, (800, 252), 1100, 17, "muted", "midtop", max_lines=2)


class ReplayBar(PlayBar):
    """The play scene's header and status bar; the status says where the replay is."""

    def __init__(self, *args: Any, said: Callable[[], str]) -> None:
        super().__init__(*args)
        self.said = said

    def status(self, viewer: Seat | None, screen: TitleScreen) -> str:
        return self.said()


class ReplayScene(PlayScene):
    """The play scene with nobody acting: the replay's controls under the log."""

    def __init__(self, app: Host, replay: Replay, choice: Choice, source: Path | None = None) -> None:
        replay.go(0)
        replay.match.revealed = choice.revealed
        super().__init__(app, replay.match, viewer=choice.seat, autosave=False, save_path=None)
        self.replay = replay
        self.choice = choice
        self.source = source
        """The save the replay was read from (read only); None from a game-over screen."""
        self.computers.bots = self.bots = {}  # nobody thinks: a computer's seat is shown as it was
        self.viewer = None if choice.curtain else choice.seat
        self.screen = screen_for(app, self.match, self.viewer)
        self.curtain_due = choice.curtain
        """The chosen person's curtain is still to come (the first `settle` puts it up)."""
        self.playing = False
        self.wait = 0.0
        self.marks = [step for step, _ in replay.marks()]
        self.steps_shown: list[int] = []
        """The step each line of the log panel belongs to, as the panel lists them."""
        self.slider: UIHorizontalSlider | None = None
        self.replay_buttons: dict[str, UIButton] = {}
        self.bar = ReplayBar(self.ctx, self.match, self.automated, self.hover, said=self.status)
        self.bar.new_frame(self.app.backdrop, self.screen.goal_key())
        area = log_area(0)
        self.log_box.rect = pygame.Rect(area.x, area.y, area.width, SLIDER.y - 10 - area.y)
        if source is not None and choice.seat is not None:
            key = (source, choice.seat)
            self.match.pin_misses[choice.seat] = max(
                self.match.pin_misses.get(choice.seat, 0), _pin_misses.get(key, 0)
            )

    # -- lifecycle --------------------------------------------------------------------------

    def build(self) -> None:
        t = self.ctx.t
        self.refresh_log()
        self.controls, self.replay_buttons = {}, {}
        width = (SIDE.width - 24 - 6 * (len(BUTTONS) - 1)) // len(BUTTONS)
        for index, name in enumerate(BUTTONS):
            rect = pygame.Rect(SIDE.x + 12 + index * (width + 6), CONTROLS_TOP, width, 44)
            self.replay_buttons[name] = self.button(
                rect, t(f"replay.{name}"), tooltip=t(f"replay.{name}.tip")
            )
        half = (SIDE.width - 24 - 8) // 2
        for index, name in enumerate(("settings", "leave")):
            rect = pygame.Rect(SIDE.x + 12 + index * (half + 8), CONTROLS_TOP + 52, half, 44)
            self.replay_buttons[name] = self.button(
                rect, t(f"replay.{name}"), tooltip=t(f"replay.{name}.tip")
            )
        self.slider = UIHorizontalSlider(
            SLIDER,
            self.replay.at,
            (0, max(1, self.replay.last)),
            manager=self.app.gui,
            container=self.container,
        )
        self.update_controls()

    def update_controls(self) -> None:
        at, last = self.replay.at, self.replay.last
        for name, on in (
            ("start", at > 0),
            ("back_mark", at > 0),
            ("back", at > 0),
            ("play", at < last or self.playing),
            ("forward", at < last),
            ("forward_mark", at < last),
            ("end", at < last),
        ):
            button = self.replay_buttons.get(name)
            if button is not None and button.is_enabled != on:
                button.enable() if on else button.disable()
        play = self.replay_buttons.get("play")
        if play is not None:
            play.set_text(self.ctx.t("replay.pause" if self.playing else "replay.play"))
        if self.slider is not None and self.slider.get_current_value() != at:
            self.slider.set_current_value(at)

    def settle(self) -> None:
        """Nothing follows in a replay but the chosen person's curtain, once."""
        if self.curtain_due and self.choice.seat is not None:
            self.curtain_due = False
            self.viewer = self.choice.seat  # the curtain is for this person
            self.handover.curtain(self.choice.seat)
            return
        refresh_table(self.screen, self.match, self.viewer)

    def write_autosave(self) -> tuple[str, str] | None:
        return None  # a replay writes nothing

    def save(self, as_new: bool = False) -> Path | None:
        return None

    def can_undo(self) -> bool:
        return False

    def my_turn(self) -> bool:
        return False

    def keep_pin_misses(self) -> None:
        """Wrong PINs are kept for this run only: a replay writes nothing."""
        if self.source is not None:
            for seat, count in self.match.pin_misses.items():
                _pin_misses[(self.source, seat)] = count

    def leave(self) -> None:
        self.playing = False
        self.app.pop()

    # -- going through the game ---------------------------------------------------------------

    def sees(self, event: Event) -> bool:
        return self.choice.revealed or event.seen_by(self.viewer)

    def show(self, step: int) -> None:
        """The table, the log and the controls at `step`; one step forward is shown as in play
        (its slides, rolls and sounds), any other move at once."""
        before = self.replay.at
        step = self.replay.go(step)
        if step == before + 1 and not self.screen.busy():
            seen = [event for event in self.replay.events(step) if self.sees(event)]
            refresh_table(self.screen, self.match, self.viewer)
            self.screen.on_events(seen)
            self.app.sounds.play_events(seen)
        elif step != before or self.screen.busy():
            self.fresh_table()
        self.refresh_log()
        self.update_controls()

    def fresh_table(self) -> None:
        """A new table at the step shown: nothing of the last step's slides carries over."""
        pointer = self.app.gui.get_mouse_position()
        self.screen = screen_for(self.app, self.match, self.viewer)
        self.screen.mouse = pointer
        self.bar.changed()

    def step_to(self, name: str) -> None:
        at, last = self.replay.at, self.replay.last
        moves: dict[str, Callable[[], int]] = {
            "start": lambda: 0,
            "back": lambda: at - 1,
            "forward": lambda: at + 1,
            "end": lambda: last,
            "back_mark": lambda: max((m for m in self.marks if m < at), default=0),
            "forward_mark": lambda: min((m for m in self.marks if m > at), default=last),
        }
        if name == "play":
            self.playing = not self.playing and at < last
            self.wait = 0.0
            self.update_controls()
            return
        self.playing = False
        self.show(moves[name]())

    def refresh_log(self) -> None:
        """The log as the eyes shown may read it, up to the step shown, newest first; each
        line remembers its step (a click on it goes there)."""
        lines = [(index, event) for index, event in enumerate(self.match.log) if self.sees(event)][
            -LOG_LINES:
        ]
        self.steps_shown = [self.replay.step_of(index) for index, _ in reversed(lines)]
        self.log_box.show_events(
            [event for _, event in lines],
            lambda event: event_text(self.ctx, self.match, event),
            self.ctx.t("app.play.log_empty"),
        )

    def status(self) -> str:
        """Where the replay is: the step, the stage, then who was to act (or the result)."""
        t, at = self.ctx.t, self.replay.at
        where = [t("replay.step", step=at, steps=self.replay.last)]
        progress = self.replay.progress(at)
        if progress is not None:
            said = known(self.ctx, progress.key, **progress.params)
            if said:
                where.append(said)
        outcome = self.match.outcome()
        seat = self.match.to_act()
        if outcome is not None and seat is None:
            where.append(outcome_text(self.ctx, self.match, outcome))
        elif seat is not None:
            where.append(t("replay.to_act", name=player_name(self.ctx, self.match, seat)))
        key = "replay.status_revealed" if self.choice.revealed else "replay.status"
        return t(key, where=" · ".join(where))

    # -- every frame --------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        Scene.update(self, dt)
        self.screen.update(dt)
        self.clock += dt
        if not self.playing or self.screen.showing():
            return
        self.wait += dt
        if self.wait >= seconds(STEP_SECONDS, self.app.settings):
            self.wait = 0.0
            self.show(self.replay.at + 1)
            if self.replay.at >= self.replay.last:
                self.playing = False
                self.update_controls()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        # Beside the log's heading: its lines are ways into the game.
        tip = self.ctx.t("replay.log.tip")
        text(
            surface,
            self.ctx.font(14, False),
            tip,
            (SIDE.right - 20, LOG_HEADING_TOP + 1),
            "muted",
            "topright",
        )

    def busy(self) -> bool:
        return super().busy() or self.playing

    def still(self) -> Any:
        shown = super().still()
        return None if shown is None else (shown, self.replay.at, self.playing)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.screen.mouse = event.pos
        if event.type == pygame.MOUSEMOTION:
            self.screen.handle_event(event)  # what the pointer is over lights up; nothing is done
        if event.type == pygame.KEYDOWN:
            if event.key in KEYS:
                self.step_to(KEYS[event.key])
            elif event.key == pygame.K_ESCAPE:
                self.leave()
            return
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            self.playing = False
            self.show(int(event.value))
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            chosen = next((name for name, b in self.replay_buttons.items() if b is event.ui_element), None)
            if chosen == "leave":
                self.leave()
            elif chosen == "settings":
                self.playing = False
                self.open_settings()
            elif chosen is not None:
                self.step_to(chosen)
            return
        if self._clicked_line(event):
            return
        self.log_box.handle_event(event)

    def _clicked_line(self, event: pygame.event.Event) -> bool:
        """A click on a line of the log: the game as it was right after that line."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        line = self.log_box.line_at(event.pos)
        if line is None or line >= len(self.steps_shown):
            return False
        self.playing = False
        self.show(self.steps_shown[line])
        return True

    def exit(self) -> None:
        self.keep_pin_misses()
        super().exit()
