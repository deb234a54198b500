"""The recap after the curtain (issue 11, point 4): what the others did since a person
last looked at the screen, in the words of the log.

Only public events are told (`Event.visible_to` is None): the recap is read by the
person whose view was just revealed, but it must say nothing the rules keep from
anyone, so it never holds more than the public log does (ARCHITECTURE.md, "Hidden
information at one screen").  It covers the play scene's side panel, the table stays
in sight (the table replays what it can: figures slide, the last mover is ringed), and
goes away with its OK, Enter or Esc, or when that person acts.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui.context import UiContext
from game.ui.fit import fit, fit_lines
from game.ui.naming import event_text
from game.ui.theme import panel, text
from rules.core import Event, Match

if TYPE_CHECKING:
    from game.ui.scene import Scene

LINE_SIZE = 16
HEADING_SIZE = 18
CLOSE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)


class Recap:
    def __init__(self, ctx: UiContext, match: Match) -> None:
        self.ctx = ctx
        self.match = match
        self.lines: list[str] = []
        """What the recap shown now says (empty: none is shown)."""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.ok: pygame_gui.elements.UIButton | None = None

    def show(self, happened: tuple[list[Event], object] | None) -> None:
        """Put up the recap of what `happened` since a person last looked
        (`game.scenes.seating.Seating.since`: public events only); none when nothing did."""
        self.lines = [] if happened is None else [event_text(self.ctx, self.match, e) for e in happened[0]]

    def close(self) -> bool:
        """Take the recap down; whether one was up."""
        shown, self.lines = bool(self.lines), []
        return shown

    def build(self, scene: Scene, rect: pygame.Rect) -> None:
        """The recap's OK button, when a recap is up (in `rect`, the area it covers)."""
        self.rect = rect
        self.ok = None
        if self.lines:
            button = pygame.Rect(rect.x + 16, rect.bottom - 60, rect.width - 32, 44)
            self.ok = scene.button(button, self.ctx.t("app.recap.ok"), object_id="#primary")

    def handle_event(self, event: pygame.event.Event) -> bool:
        """OK, Enter or Esc close the recap (True: the event is used)."""
        if not self.lines:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ok:
            return self.close()
        if event.type == pygame.KEYDOWN and event.key in CLOSE_KEYS:
            return self.close()
        return False

    def look(self) -> Hashable:
        return tuple(self.lines)

    def draw(self, surface: pygame.Surface) -> None:
        """The heading, then the newest lines that fit, oldest first (earlier ones counted)."""
        if not self.lines:
            return
        t, font, box = self.ctx.t, self.ctx.font, self.rect
        panel(surface, box, "ink", "brass")
        text(surface, font(HEADING_SIZE, True), t("app.recap.title"), (box.x + 16, box.y + 14), "brass")
        text(surface, font(14, False), t("app.recap.public"), (box.x + 16, box.y + 42), "muted")
        top, bottom, width = box.y + 72, box.bottom - 76, box.width - 32
        blocks = [fit(font, line, width, LINE_SIZE, max_lines=4, shrink=0) for line in self.lines]
        room, shown = bottom - top, 0
        for block in reversed(blocks):
            if block.height + 6 > room - (28 if shown < len(blocks) - 1 else 0):
                break
            room -= block.height + 6
            shown += 1
        y = top
        earlier = len(blocks) - shown
        if earlier:
            text(surface, font(14, False), t("app.recap.earlier", count=earlier), (box.x + 16, y), "muted")
            y += 28
        for block in blocks[earlier:]:
            fit_lines(surface, block, (box.x + 16, y), "text")
            y += block.height + 6
