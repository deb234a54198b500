"""The curtain (ARCHITECTURE.md, "Hidden information at one screen").

An opaque scene shown when the person to act changes in a game with secrets.  It draws
nothing of the game: no board, log, toast, tooltip or sound; only whose turn it is and a
button that person clicks to see their view.  The play scene below is paused, so its
widgets do not exist while the curtain is up.

A person who chose a PIN at setup must type it before the button shows their view.
Each wrong PIN locks the curtain a second longer than the last: a PIN stops a glance or
a curious click, not someone who reads the save file (README, "What a shared screen can
protect").  The wrong PINs are counted per person for the whole game, in its save too
(`Match.pin_misses`): a curtain put up again (Main menu, then Continue) starts locked for
as long as the last wrong PIN earned, so leaving and coming back waits no less (issue 28,
point 3).  While locked the field takes nothing; Enter tries the PIN as the button does,
whether the field has the keyboard or not.  A curtain that comes up under a click on the
table takes no click for half a second (`SETTLE_SECONDS`): a double click on a move must not
show the next person's view to the one who made it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.ui.fit import clip, fit, fit_lines, fit_text
from game.ui.scene import Host, Scene
from game.ui.theme import PALETTE, text

MARGIN = 100
"""Left and right of the curtain's texts: a 40-character name still leaves this much."""
REVEAL_WIDTH = 520
"""The reveal button's width, widened for a long name up to the margins."""


class CurtainScene(Scene):
    def __init__(
        self,
        app: Host,
        name: str,
        on_reveal: Callable[[], None],
        on_menu: Callable[[], None],
        pin_matches: Callable[[str], bool] | None = None,
        misses: int = 0,
        on_misses: Callable[[int], None] | None = None,
        settle: float = 0.0,
    ) -> None:
        super().__init__(app)
        self.name = name
        self.on_reveal = on_reveal
        self.on_menu = on_menu
        self.pin_matches = pin_matches
        """Checks a typed PIN; None when this person chose no PIN."""
        self.reveal: pygame_gui.elements.UIButton | None = None
        self.menu: pygame_gui.elements.UIButton | None = None
        self.pin: UITextEntryLine | None = None
        self.wrong = misses if pin_matches is not None else 0
        """Wrong PINs this person has typed in this game since their last right one."""
        self.locked = float(self.wrong)
        """Seconds until the next PIN may be tried: a curtain put up again waits as long as
        the last wrong PIN earned."""
        self.on_misses = on_misses
        """Told the new count after each try (0 after the right PIN), to keep it with the game."""
        self.settle = settle
        """Seconds the buttons still take no click: the curtain came up under a click on the
        table a moment ago (`SETTLE_SECONDS`), which was not meant for them."""

    def build(self) -> None:
        t = self.ctx.t
        width, height = self.ctx.logical_size
        reveal_y = height // 2 + 40
        if self.pin_matches is not None:
            self.pin = self.pin_entry(pygame.Rect(width // 2 - 110, height // 2 + 30, 220, 50))
            if self.locked > 0:
                self.pin.disable()
            else:
                self.pin.focus()
            reveal_y += 70
        label, label_width = self.reveal_label(width - 2 * MARGIN - 60)
        button_width = min(width - 2 * MARGIN, max(REVEAL_WIDTH, label_width + 60))
        self.reveal = self.button(
            pygame.Rect(width // 2 - button_width // 2, reveal_y, button_width, 64),
            label,
            object_id="#primary",
            enabled=self.locked <= 0,
        )
        self.menu = self.button(pygame.Rect(width // 2 - 110, height - 110, 220, 46), t("app.curtain.menu"))

    def reveal_label(self, room: int) -> tuple[str, int]:
        """The reveal button's text, with the name cut short if it would not fit `room`; its width."""
        face = self.ctx.font(20, True)  # the "#primary" button's face (game.ui.theme)
        label = self.ctx.t("app.curtain.reveal", name=self.name)
        excess = face.size(label)[0] - room
        if excess > 0:
            name = clip(face, self.name, max(0, face.size(self.name)[0] - excess))
            label = self.ctx.t("app.curtain.reveal", name=name)
        return label, face.size(label)[0]

    def settling(self) -> float:
        return self.settle

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self.settle > 0:
            return  # a double click on the move that brought the curtain up: not for these
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.reveal:
                self.try_reveal()
            elif event.ui_element is self.menu:
                self.on_menu()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.pin:
            self.try_reveal()
        elif (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.pin is not None
            and not self.pin.is_focused
        ):
            self.try_reveal()  # the field lost the keyboard (a click beside it): Enter still tries

    def try_reveal(self) -> None:
        """Show the view, unless a PIN is asked and the one typed is not it."""
        if self.pin is None or self.pin_matches is None:
            self.on_reveal()
            return
        if self.locked > 0:
            self.pin.set_text("")
            return
        typed = self.pin.get_text()
        self.pin.set_text("")
        if self.pin_matches(typed):
            if self.wrong and self.on_misses is not None:
                self.on_misses(0)
            self.on_reveal()
            return
        self.wrong += 1
        self.locked = float(self.wrong)
        self.pin.disable()
        if self.reveal is not None:
            self.reveal.disable()
        if self.on_misses is not None:
            self.on_misses(self.wrong)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.settle = max(0.0, self.settle - dt)
        if self.locked > 0:
            self.locked = max(0.0, self.locked - dt)
            if self.locked == 0 and self.reveal is not None:
                self.reveal.enable()
                if self.pin is not None:
                    self.pin.enable()
                    self.pin.set_text("")  # nothing typed while locked counts towards the next try
                    self.pin.focus()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(PALETTE["night"])
        width, height = surface.get_size()
        pygame.draw.line(
            surface,
            PALETTE["brass_dim"],
            (width // 2 - 160, height // 2 - 20),
            (width // 2 + 160, height // 2 - 20),
            2,
        )
        # A long name takes two lines, a little smaller, before anything is cut.
        turn = fit(
            self.ctx.font, self.ctx.t("app.curtain.turn", name=self.name), width - 2 * MARGIN, 52, True, 2, 12
        )
        fit_lines(surface, turn, (width // 2, height // 2 - 50 - turn.height), "text", "midtop")
        if self.pin_matches is not None:
            label = self.ctx.t("app.curtain.pin")
            text(
                surface,
                self.ctx.font(20, False),
                label,
                (width // 2 - 126, height // 2 + 55),
                "text",
                "midright",
            )
        below = height // 2 + (210 if self.pin_matches is not None else 140)
        if self.wrong:
            seconds = max(1, round(self.locked + 0.49)) if self.locked > 0 else 0
            key = "app.curtain.wrong_pin_wait" if seconds else "app.curtain.wrong_pin"
            warning = self.ctx.t(key, seconds=seconds)
            fit_text(
                surface,
                self.ctx.font,
                warning,
                (width // 2, below),
                width - 2 * MARGIN,
                18,
                True,
                "red",
                "midtop",
            )
            below += 34
        text(
            surface,
            self.ctx.font(18, False),
            self.ctx.t("app.curtain.hint"),
            (width // 2, below),
            "muted",
            "midtop",
        )
