"""The first-game guide (issue 11, point 5): coach marks over a title's first scenario that
point at what to click next, a ring round the spot and one short sentence beside it.

A title says what to point at for the decision at hand (`TitleScreen.coach_mark`) and in
which scenarios (`TitleScreen.guided_scenarios`); the play scene asks only while the seat
at the screen is to act, and the title answers from that seat's view and legal actions,
so a mark never shows another seat's secret.  `Coach` draws the mark with two buttons:
"Got it" hides the marks for the rest of this game (so does Esc), "Don't show again"
turns the guide off.  The guide also turns itself off after the first finished game
(`Settings.first_game_guide`); a settings file that cannot be written changes nothing but
that this run alone remembers it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.fit import Fitted, Font, fit, fit_lines
from game.ui.theme import PALETTE, text

BUBBLE_WIDTH = 300
PADDING = 12
BUTTON_HEIGHT = 30
GAP = 26
"""Between the ring round the spot and the bubble: room for the arrow."""
TEXT_SIZE = 16
BUTTON_SIZE = 14


@dataclass(frozen=True)
class CoachMark:
    """Where to look and what to do there, in the language shown."""

    rect: pygame.Rect
    """The spot to click, in logical coordinates."""
    text: str
    """One short sentence."""
    room: pygame.Rect | None = None
    """Where the sentence may stand without hiding anything to click (a bare band of the
    table), when the title knows one; else it stands beside the spot."""


@dataclass(frozen=True)
class Bubble:
    """A mark laid out: the ring, the bubble beside it, its sentence and buttons."""

    ring: pygame.Rect
    box: pygame.Rect
    sentence: Fitted
    buttons: tuple[tuple[str, pygame.Rect, str], ...]
    """(what it does, where, its label): "dismiss", "never"."""


class Coach:
    """The guide of one game: on while it may show, off for good once dismissed."""

    def __init__(self, on: bool) -> None:
        self.on = on
        self.shown: Bubble | None = None
        """The bubble drawn last (None: none), for clicks and the layout check."""

    def place(self, mark: CoachMark, font: Font, t: Callable[..., str], bounds: pygame.Rect) -> Bubble:
        """The bubble in the mark's bare room, nearest the ring round `mark.rect`; else
        beside the ring: right of it, else left, else below or above, inside `bounds`."""
        ring = mark.rect.inflate(12, 12)
        fitted = fit(font, mark.text, BUBBLE_WIDTH - 2 * PADDING, TEXT_SIZE, max_lines=4)
        face = font(BUTTON_SIZE, True)
        labels = (("dismiss", t("app.coach.dismiss")), ("never", t("app.coach.never")))
        height = PADDING + fitted.height + 10 + BUTTON_HEIGHT + PADDING
        box = pygame.Rect(0, 0, BUBBLE_WIDTH, height)
        room = mark.room
        if room is not None and room.width >= box.width and room.height >= box.height:
            box.center = ring.center
            box.clamp_ip(room)
        elif ring.right + GAP + box.width <= bounds.right:
            box.midleft = (ring.right + GAP, ring.centery)
        elif ring.left - GAP - box.width >= bounds.left:
            box.midright = (ring.left - GAP, ring.centery)
        elif ring.bottom + GAP + box.height <= bounds.bottom:
            box.midtop = (ring.centerx, ring.bottom + GAP)
        else:
            box.midbottom = (ring.centerx, ring.top - GAP)
        box.clamp_ip(bounds)
        buttons = []
        x = box.x + PADDING
        for action, label in labels:
            width = face.size(label)[0] + 16
            buttons.append(
                (action, pygame.Rect(x, box.bottom - PADDING - BUTTON_HEIGHT, width, BUTTON_HEIGHT), label)
            )
            x += width + 8
        return Bubble(ring, box, fitted, tuple(buttons))

    def draw(
        self, surface: pygame.Surface, mark: CoachMark | None, font: Font, t: Callable[..., str]
    ) -> None:
        """Draw `mark` (nothing when there is none or the guide is off)."""
        self.shown = None
        if mark is None or not self.on:
            return
        bubble = self.place(mark, font, t, surface.get_rect())
        self.shown = bubble
        pygame.draw.rect(surface, PALETTE["brass"], bubble.ring, width=3, border_radius=10)
        _arrow(surface, bubble.box, bubble.ring)
        pygame.draw.rect(surface, PALETTE["panel_hi"], bubble.box, border_radius=10)
        pygame.draw.rect(surface, PALETTE["brass"], bubble.box, width=2, border_radius=10)
        fit_lines(surface, bubble.sentence, (bubble.box.x + PADDING, bubble.box.y + PADDING))
        face = font(BUTTON_SIZE, True)
        for _, rect, label in bubble.buttons:
            pygame.draw.rect(surface, PALETTE["panel"], rect, border_radius=6)
            pygame.draw.rect(surface, PALETTE["brass"], rect, width=1, border_radius=6)
            text(surface, face, label, rect.center, "text", "center")

    def click(self, pos: tuple[int, int]) -> str | None:
        """What a click at `pos` on the bubble does ("dismiss", "never", "inside": nothing
        but it is the bubble's), or None when it is not on the bubble."""
        if self.shown is None or not self.shown.box.collidepoint(pos):
            return None
        for action, rect, _ in self.shown.buttons:
            if rect.collidepoint(pos):
                return action
        return "inside"


def _arrow(surface: pygame.Surface, box: pygame.Rect, ring: pygame.Rect) -> None:
    """A line from the bubble to the ring, with its head at the ring."""
    start = pygame.Vector2(box.center)
    end = pygame.Vector2(ring.center)
    if start == end:
        return
    direction = (end - start).normalize()
    # From the bubble's edge to the ring's edge, along the line between their middles.
    tail = start + direction * _reach(box, direction)
    head = end - direction * _reach(ring, direction)
    pygame.draw.line(surface, PALETTE["brass"], tail, head, 3)
    side = pygame.Vector2(-direction.y, direction.x)
    points = [head, head - direction * 12 + side * 7, head - direction * 12 - side * 7]
    pygame.draw.polygon(surface, PALETTE["brass"], points)


def _reach(rect: pygame.Rect, direction: pygame.Vector2) -> float:
    """How far from `rect`'s middle its edge is along `direction`."""
    reaches = []
    if direction.x:
        reaches.append(rect.width / 2 / abs(direction.x))
    if direction.y:
        reaches.append(rect.height / 2 / abs(direction.y))
    return min(reaches)
