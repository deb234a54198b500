"""What a person's keys and clicks do in the play scene (issue 33, point 4: out of the
scene): the guide's bubble first, then the keys (Ctrl+Z undo, Ctrl+S save and Shift for a
new file, F1 the help and M its whole text, H a hint, Esc), the hand-over's OK, the recap, a confirmation
dialog, the buttons under the log, the help, the log, and last the table, whose action is
submitted (after a yes when it cannot be taken back: issue 11, point 8) unless it is not
this person's turn or the click hit what appeared under the pointer
(`Clicks.appeared_under_pointer`).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui
from pydantic import BaseModel

from game.scenes.bot_worker import left_to_computer
from game.scenes.play_bar import TABLE
from game.ui.confirm import ask
from game.ui.scene import SETTLE_SECONDS
from game.ui.title_screen import LeaveToComputer

if TYPE_CHECKING:
    from game.scenes.recap import Recap
    from game.settings import Settings
    from game.ui.coach import Coach
    from game.ui.context import UiContext
    from game.ui.log_panel import LogPanel
    from game.ui.scene import Host
    from game.ui.title_screen import TitleScreen
    from rules.core import Match, Seat


class PlayTable(Protocol):
    """What the play scene's parts (its input here, its hand-over in
    `game.scenes.handover`) read and change of the scene around the table: the play scene
    (`game.scenes.play.PlayScene`) is one.  The scene makes its parts, so they name what
    they use of it here and never import it."""

    app: Host
    ctx: UiContext
    match: Match
    screen: TitleScreen
    coach: Coach
    recap: Recap
    log_box: LogPanel
    clock: float
    help_open: bool

    @property
    def viewer(self) -> Seat | None: ...

    def submit(self, action: BaseModel | dict[str, Any]) -> None: ...

    def rebuild_widgets(self) -> None: ...

    def keep_settings(self, settings: Settings) -> None: ...

    def back_to_menu(self) -> None: ...


class InputScene(PlayTable, Protocol):
    """What `PlayInput` uses of the play scene besides the table around it: the buttons,
    the confirmation dialog, the help, and what the keys and buttons do."""

    help_more: bool
    confirm: pygame_gui.windows.UIConfirmationDialog | None
    unconfirmed: BaseModel | dict[str, Any] | None
    handover_ok: pygame_gui.elements.UIButton | None
    controls: dict[str, pygame_gui.elements.UIButton]

    def my_turn(self) -> bool: ...

    def refuse(self, reason: str) -> None: ...

    def end_handover(self) -> None: ...

    def undo(self) -> None: ...

    def ask_hint(self) -> None: ...

    def save(self, as_new: bool = False) -> Path | None: ...

    def toggle_help(self) -> None: ...

    def open_settings(self) -> None: ...

    def help_more_button(self) -> pygame.Rect | None: ...


POINTER_EVENTS = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP})
SAME_PLACE = 6
"""Logical pixels a pointer may move between two clicks that land on the same place."""


class Clicks:
    """The last click that did something on the table: where, what it did, and when (the
    scene's clock).  A different action at that place a moment later is ignored; the
    curtain's reveal counts as a click that did nothing."""

    def __init__(self) -> None:
        self.last: tuple[tuple[int, int], object, float] | None = None

    def did(self, pos: tuple[int, int], action: object, clock: float) -> None:
        """A click at `pos` did `action` (None: nothing) at `clock`."""
        self.last = (pos, action, clock)

    def appeared_under_pointer(self, pos: tuple[int, int], action: object, clock: float) -> bool:
        """Whether a click at `pos` asking for `action` hits what appeared under the pointer
        after the last click there (`SETTLE_SECONDS`): a different action than that click's.
        One click never does what a button pressed a moment ago did not mean."""
        if self.last is None:
            return False
        where, did, when = self.last
        near = abs(pos[0] - where[0]) <= SAME_PLACE and abs(pos[1] - where[1]) <= SAME_PLACE
        return near and clock - when < SETTLE_SECONDS and action != did

    def settle_left(self, clock: float) -> float:
        """Seconds left of `SETTLE_SECONDS` since the last click on the table that did
        something: the curtain that comes up on it takes no click before (a double click on
        a move must not show the next person's view to the one who made it)."""
        return 0.0 if self.last is None else max(0.0, SETTLE_SECONDS - (clock - self.last[2]))


class PlayInput:
    """The play scene's input, event by event (`handle`)."""

    def __init__(self, scene: InputScene) -> None:
        self.scene = scene
        self.clicks = Clicks()

    def handle(self, event: pygame.event.Event) -> None:
        scene = self.scene
        if event.type in POINTER_EVENTS:
            scene.screen.mouse = event.pos
        if self._coached(event) or self._key(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is scene.handover_ok:
            scene.end_handover()
            return
        if scene.recap.handle_event(event):
            scene.rebuild_widgets()
            return
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is scene.confirm:
            action, scene.confirm, scene.unconfirmed = scene.unconfirmed, None, None  # it closes itself
            if action is not None and scene.my_turn():
                scene.submit(action)
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is scene.confirm:
            scene.confirm, scene.unconfirmed = None, None
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            actions: dict[str, Callable[[], object]] = {
                "undo": scene.undo,
                "hint": scene.ask_hint,
                "save": scene.save,
                "help": scene.toggle_help,
                "settings": scene.open_settings,
                "menu": scene.back_to_menu,
            }
            for name, widget in scene.controls.items():
                if event.ui_element is widget:
                    actions[name]()
                    return
        if scene.help_open and event.type == pygame.MOUSEBUTTONDOWN:
            more = scene.help_more_button()
            if more is not None and more.collidepoint(event.pos):
                scene.help_more = not scene.help_more
            else:
                scene.help_open = False
            return
        if not scene.help_open and scene.log_box.handle_event(event):
            return
        self._on_table(event)

    def _key(self, event: pygame.event.Event) -> bool:
        """The scene's keys (True: the key was used)."""
        if event.type != pygame.KEYDOWN:
            return False
        scene = self.scene
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if ctrl and event.key == pygame.K_z:
            scene.undo()
        elif ctrl and event.key == pygame.K_s:
            scene.save(as_new=bool(event.mod & pygame.KMOD_SHIFT))
        elif event.key == pygame.K_F1:
            scene.toggle_help()
        elif event.key == pygame.K_m and scene.help_open:
            scene.help_more = not scene.help_more
        elif event.key == pygame.K_h and not ctrl and "hint" in scene.controls:
            scene.ask_hint()
        elif event.key == pygame.K_ESCAPE and scene.help_open:
            scene.help_open = False
        else:
            return False
        return True

    def _on_table(self, event: pygame.event.Event) -> None:
        """An event for the table, and the action it asks for (or the actions of an
        arrangement made at once, in a row: `submit_all`)."""
        scene = self.scene
        action = scene.screen.handle_event(event)
        clicked = event.type == pygame.MOUSEBUTTONDOWN
        if action is None:
            if clicked:
                self.clicks.last = None  # a click that did nothing: the next one is meant anew
            return
        if clicked and self.clicks.appeared_under_pointer(event.pos, action, scene.clock):
            return
        if not scene.my_turn():
            scene.refuse(scene.ctx.t("app.play.not_your_turn"))
            return
        if clicked:
            self.clicks.did(event.pos, action, scene.clock)
        if isinstance(action, LeaveToComputer) and scene.viewer is not None:
            action = left_to_computer(scene.match, scene.viewer, action.kinds)
        if isinstance(action, tuple):
            self.submit_all(action)
            return
        if isinstance(action, LeaveToComputer):
            return
        question = scene.screen.confirmation(action)
        if question is None:
            scene.submit(action)
        else:
            self.ask_first(action, *question)

    def submit_all(self, actions: tuple[BaseModel, ...]) -> None:
        """Several actions of the seat at the screen in a row (an arrangement made at
        once), each as a click would submit it; the first refused ends the row."""
        scene = self.scene
        for action in actions:
            before = scene.match.state
            if not scene.my_turn():
                return
            scene.submit(action)
            if scene.match.state is before:
                return

    def ask_first(self, action: BaseModel | dict[str, Any], question: str, yes: str) -> None:
        """An action that cannot be taken back waits for a yes in a dialog (issue 11, point 8)."""
        scene = self.scene
        if scene.confirm is not None:
            scene.confirm.kill()
        t = scene.ctx.t
        box = pygame.Rect(TABLE.centerx - 280, TABLE.centery - 130, 560, 260)
        scene.confirm = ask(
            scene.app.gui, box, html.escape(question), t("app.play.confirm"), yes, t("app.play.cancel")
        )
        scene.unconfirmed = action

    def _coached(self, event: pygame.event.Event) -> bool:
        """Whether `event` was the guide's: a click on its bubble, or Esc while it shows."""
        scene = self.scene
        seat = scene.viewer
        if scene.coach.shown is None or seat is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            scene.coach.hidden.add(seat)
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        clicked = scene.coach.click(event.pos)
        if clicked == "dismiss":
            scene.coach.hidden.add(seat)
        elif clicked == "never":  # no more of this title's guide for this person
            scene.keep_settings(scene.coach.never(scene.app.settings, seat))
        return clicked is not None
