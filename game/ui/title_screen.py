"""The interface between the shared play scene and one title's board drawing.

The play scene (``game/scenes/play.py``) owns the window, the log panel, the curtain,
undo/save keys, the help overlay and toasts.  It hands each title's screen a rectangle
of the logical canvas (1600x900) to draw its table in, the view of the seat looking at
the screen, and the events that just happened.  A title screen never changes game
state: a click becomes an action, returned from `handle_event`; the play scene submits
it to the rules core and shows the `IllegalAction` message if it is refused.

Each title registers its screen class in ``game/titles.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
from pydantic import BaseModel

from game.i18n.grammar import Named
from game.ui.context import UiContext
from game.ui.naming import player_name
from rules.core import Event, Match, Seat


class TitleScreen:
    """Base of every title's table. Subclasses override what they need."""

    def __init__(self, ctx: UiContext, match: Match, seat: Seat | None, rect: pygame.Rect) -> None:
        self.ctx = ctx
        self.match = match
        self.seat = seat
        """The seat whose eyes the screen shows (None: a spectator, e.g. on game over)."""
        self.rect = rect
        """Where the table is drawn, in logical (1600x900) coordinates."""
        self.view: BaseModel = match.title.view(match.state, seat)
        self.legal: Sequence[Any] = []

    def refresh(self, seat: Seat | None) -> None:
        """Re-read the view after the state or the seat at the screen changed."""
        self.seat = seat
        self.view = self.match.title.view(self.match.state, seat)
        to_act = self.match.to_act()
        self.legal = self.match.title.legal_actions(self.match.state) if to_act == seat else []

    def player(self, seat: Seat) -> Named:
        """The name of the player in `seat`: typed, or the seat's own in the current language."""
        return player_name(self.ctx, self.match, seat)

    def handle_event(self, event: pygame.event.Event) -> BaseModel | dict[str, Any] | None:
        """A pygame event (mouse positions already in logical coordinates) -> an action or None."""
        return None

    def on_events(self, events: Sequence[Event]) -> None:
        """Events that just happened, already filtered for `seat`: start animations."""

    def update(self, dt: float) -> None:
        """Advance animations by `dt` seconds. Never changes game state."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table into `self.rect` of `surface`. Never changes anything."""

    def status_text(self) -> str:
        """One line for the status bar: what the seat at the screen should do now."""
        return ""

    def help_key(self) -> str:
        """Message key of the rules help for the current phase (F1)."""
        return f"{self.match.title.id}.help"
