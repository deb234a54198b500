"""A person at the (headless) screen: the synthetic clicks and keys UI tests drive the app with."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIDropDownMenu

from game.app import App
from game.scenes.load import LoadScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.play_input import SAME_PLACE
from game.scenes.setup import SetupScene
from game.ui.scene import SETTLE_SECONDS, Scene


class Driver:
    """A person at the (headless) screen: clicks widgets or points, presses keys."""

    BOT_PATIENCE = 60.0
    """Seconds a frame waits at most for a bot that thinks (a slow machine under load)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.last_click: tuple[int, int] | None = None
        """Where the last click was (logical): a person reads what a click changed before
        clicking the same place again (`Clicks.appeared_under_pointer`)."""
        self.wait_for_bots = True
        """After each frame, wait for a bot that thinks in the worker, so a test sees the
        same frames however loaded the machine is (the bot worker's tests turn it off)."""

    def frames(self, count: int = 2) -> None:
        for _ in range(count):
            self.app.frame(1 / 60)
            if self.wait_for_bots:
                wait_for_bot(self.app)

    def click_at(self, logical: tuple[int, int]) -> None:
        """Press and release the left button at a logical point (posted in window pixels).

        Clicking the place clicked last, or a scene that came up under the last click (the
        curtain), the person first takes the moment a person takes to see what changed
        (`SETTLE_SECONDS`, `Scene.settling`), as the scenes expect."""
        last, self.last_click = self.last_click, logical
        wait = self.app.top.settling()  # a scene that came up under the last click
        if last is not None and max(abs(last[0] - logical[0]), abs(last[1] - logical[1])) <= SAME_PLACE:
            wait = SETTLE_SECONDS
        if wait > 0:
            self.app.frame(wait)
            if self.wait_for_bots:
                wait_for_bot(self.app)
        pos = self.app.logical_to_window(logical)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        # One frame delivers the mouse events; pygame_gui answers with events of its own,
        # which the next frame delivers to the scene.
        self.frames(2)

    def point_at(self, logical: tuple[int, int]) -> None:
        """Move the pointer to a logical point (in window pixels, as a person's hand does)."""
        pos = self.app.logical_to_window(logical)
        pygame.mouse.set_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.frames(2)

    def click(self, widget: object) -> None:
        rect = getattr(widget, "rect")  # noqa: B009 - every pygame_gui element has one
        self.click_at(rect.center)

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
        self.frames(1)

    def type_into(self, entry: object, content: str) -> None:
        """Click a text field, select what it holds, and type `content` over it."""
        self.click(entry)
        self.key(pygame.K_a, pygame.KMOD_CTRL)
        self.key(pygame.K_BACKSPACE)
        for character in content:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=character))
        self.frames(1)

    def choose(self, menu: UIDropDownMenu, label: str) -> None:
        """Open a drop-down with a click and click the item called `label`."""
        self.click(menu)
        listing = menu.current_state.options_selection_list  # type: ignore[union-attr]
        assert listing is not None, "the drop-down did not open"
        item = next(i for i in listing.item_list if i["text"] == label)
        self.click(item["button_element"])
        # The list tells the drop-down, which tells the scene: one frame per hop.
        self.frames(3)

    def from_menu(self, button: str) -> Scene:
        """Go back to the main menu and click its `button`; the scene that opens."""
        self.app.reset(MenuScene(self.app))
        self.frames()
        self.click(self.app.top.buttons[button])  # type: ignore[attr-defined]
        return self.app.top

    def load_list(self) -> LoadScene:
        """The Load list, reached from the main menu."""
        listing = self.from_menu("load")
        assert isinstance(listing, LoadScene)
        return listing

    def new_game(self, title_id: str) -> SetupScene:
        """The setup scene, reached from the main menu, with `title_id` chosen."""
        setup = self.from_menu("new_game")
        assert isinstance(setup, SetupScene)
        self.click(next(w for w, title in setup.title_buttons.items() if title == title_id))
        assert setup.title_id == title_id
        return setup


def wait_for_bot(app: App) -> None:
    """Wait (at most `Driver.BOT_PATIENCE`) for a bot thinking in the play scene's worker:
    the frames a test counts are then the same however loaded the machine is."""
    top = app.top
    if isinstance(top, PlayScene) and top.worker.thinking:
        top.worker.wait(Driver.BOT_PATIENCE)
