"""The interface between the shared play scene and one title's board drawing.

The play scene (``game/scenes/play.py``) owns the window, the log panel, the curtain,
undo/save keys, the help overlay and toasts.  It hands each title's screen a rectangle
of the logical canvas (1600x900) to draw its table in, what the seat looking at the
screen may see (`game.ui.seat_view.SeatView`: its view, its offers, the public view; never
the game's full state), and the events that just happened.  A title screen never changes game
state: a click becomes an action, returned from `handle_event`; the play scene submits
it to the rules core and shows the `IllegalAction` message if it is refused.

Each title registers its screen class in ``game/titles.py``.

Drawing is cached: a screen draws its table (`draw_table`) into a layer that is drawn
again only when its `appearance` changes (the view, the seat, a selection, an animation
frame) or when the pointer goes over or off something the drawing asked about
(`hovered`).  A screen may split its table into parts (`parts`: the board, a side
panel), each drawn again on its own.  What follows the pointer or moves every frame (a
tooltip) is drawn on top each frame (`draw_live`).  An idle table costs one blit.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pygame
from pydantic import BaseModel

from game.i18n.grammar import Named
from game.ui.coach import BASICS, CoachMark
from game.ui.context import UiContext
from game.ui.fit import HoverTexts, noting
from game.ui.fonts import fonts_from
from game.ui.naming import player_name
from game.ui.seat_view import SeatView
from game.ui.theme import MIN_TEXT, PALETTE, rendered
from rules.core import Event, Seat


@dataclass(frozen=True)
class LeaveToComputer:
    """A click asking the computer's default level to take the seat's decisions of these
    `kinds` (as the title's decisions name them), one after the other while the seat is to
    make one: Godzina policyjna's "Deal for me" sets up the whole board.  The play scene has
    the bot choose each from the seat's view (`game.scenes.bot_worker.left_to_computer`):
    the table, which holds no state, cannot play them ahead."""

    kinds: frozenset[str]


Actions = BaseModel | dict[str, Any] | tuple[BaseModel, ...] | LeaveToComputer | None
"""What a click on the table asks for: an action, several in a row, decisions left to the
computer, or nothing."""


@dataclass
class Part:
    """A part of a table drawn into the layer on its own, when its `appearance` changes."""

    rect: pygame.Rect
    appearance: Callable[[], Hashable]
    """What the part's picture depends on (see `TitleScreen.appearance`); None: every frame."""
    draw: Callable[[pygame.Surface], None]
    key: Hashable = None
    """The appearance and pointer tests it was last drawn with."""
    drawn: bool = False
    """Whether it was drawn since the target was last wiped (`TitleScreen.forget`)."""
    hover_tests: list[pygame.Rect] = field(default_factory=list)
    """The rects its drawing asked `TitleScreen.hovered` about."""


class TitleScreen:
    """Base of every title's table. Subclasses override what they need."""

    guide_topics: tuple[str, ...] = (BASICS,)
    """The parts of the title's guide (`game.ui.coach`, `coach_mark`): the first game's
    basics, and what a later game may use for the first time (Stawka's reaction cards)."""
    first_game_level: str | None = None
    """The computer's level the setup offers to a person's first game of the title (None:
    the title's default level)."""

    smallest_text: int = MIN_TEXT
    """The smallest text the table draws: `MIN_TEXT` (18 px, 14.4 px in a 1280x720 window;
    issue 29, point 5: every table is laid out for it)."""

    def __init__(self, ctx: UiContext, seen: SeatView, rect: pygame.Rect) -> None:
        if self.smallest_text != MIN_TEXT:
            ctx = replace(ctx, font=fonts_from(self.smallest_text))
        self.ctx = ctx
        self.rect = rect
        """Where the table is drawn, in logical (1600x900) coordinates."""
        self.seat_view = seen
        """What the seat may see now: its view, its offers, the public view, who plays (the
        play scene hands it over after every change: `refresh`).  The screen holds no more of
        the game: not the state, not the dice, not the other seats' views."""
        self.mouse: tuple[int, int] = (-1, -1)
        """Where the pointer is, in logical coordinates (the play scene keeps it up to date)."""
        self._layer: pygame.Surface | None = None
        self._parts: list[Part] | None = None
        self._drawing: Part | None = None
        self.hint: BaseModel | None = None
        """The action the hint suggests now (`show_hint`), until the state changes."""
        self._hinted_at: tuple[int, int] | None = None
        self.tips = HoverTexts()
        """What the pointer shows over a spot of the table (the play scene draws it): a
        symbol's meaning, a text drawn cut short in whole.  A part's drawing notes its own
        with `tip`; they are forgotten when the part is drawn again."""

    @property
    def seat(self) -> Seat | None:
        """The seat whose eyes the screen shows (None: a spectator, e.g. on game over)."""
        return self.seat_view.seat

    @property
    def view(self) -> BaseModel:
        """The seat's view (`SeatView.view`)."""
        return self.seat_view.view

    @property
    def legal(self) -> Sequence[Any]:
        """The actions the rules offer the seat now (`SeatView.legal`)."""
        return self.seat_view.legal

    def refresh(self, seen: SeatView) -> None:
        """Take what the seat at the screen may see now, after the game or the seat at the
        screen changed (the play scene hands the same `SeatView` again when neither did)."""
        self.seat_view = seen
        if seen.moment != self._hinted_at:
            self.hint = None

    def player(self, seat: Seat) -> Named:
        """The name of the player in `seat`: typed, or the seat's own in the current language."""
        return player_name(self.ctx, self.seat_view, seat)

    def handle_event(self, event: pygame.event.Event) -> Actions:
        """A pygame event (mouse positions already in logical coordinates) -> an action, a
        few to take in a row (an arrangement made at once), or None."""
        return None

    def show_hint(self, action: BaseModel) -> None:
        """Suggest `action` (one of `legal`) to the seat at the screen until the state
        changes.  A title lights it on its table: `hint` is part of what its `appearance`
        should depend on."""
        self.hint = action
        self._hinted_at = self.seat_view.moment

    def hint_text(self, action: BaseModel) -> str:
        """`action` in a few words, in the language shown (the hint's toast says it)."""
        return describe(action)

    def on_events(self, events: Sequence[Event]) -> None:
        """Events that just happened, already filtered for `seat`: start animations."""

    def recap(self, events: Sequence[Event], before: BaseModel) -> None:
        """Show again what happened since a person last looked: the public `events` they
        missed, and `before`, their seat's view of the game as they left it (the view before
        the last hand-over).  By default as if the events had just happened."""
        self.on_events(events)

    def waiver(self, seat: Seat) -> BaseModel | None:
        """The answer the settings give for `seat`'s decision without asking it (a window
        the player chose to skip), or None: ask.  It must not depend on `seat`'s secrets,
        or skipping would tell the others what they are."""
        return None

    def update(self, dt: float) -> None:
        """Advance animations by `dt` seconds. Never changes game state."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table into `self.rect` of `surface`: its layer, then what is over it."""
        surface.blit(self.layer(surface), self.rect, self.rect)
        self.draw_on_top(surface)

    def draw_on_top(self, surface: pygame.Surface) -> None:
        """What is drawn over the layer every frame: what moves (`draw_live`), then the
        rings of a hint."""
        self.draw_live(surface)
        if self.hint is not None:
            self._draw_hint_marks(surface, self.hint_marks(self.hint))

    def hint_marks(self, action: BaseModel) -> Sequence[pygame.Rect]:
        """Where on the table the seat clicks to take `action`, in the order of the clicks:
        the hint rings them (numbered when there are two or more).  () where the table lights
        the hint itself or cannot point at it (the hint's toast names it all the same)."""
        return ()

    def _draw_hint_marks(self, surface: pygame.Surface, marks: Sequence[pygame.Rect]) -> None:
        """A brass ring round each place the hint asks to click, numbered in click order
        when the move takes more than one click."""
        font = self.ctx.font(15, True)
        for order, rect in enumerate(marks, start=1):
            ring = rect.inflate(10, 10)
            pygame.draw.rect(surface, PALETTE["night"], ring.inflate(4, 4), width=3, border_radius=8)
            pygame.draw.rect(surface, PALETTE["brass"], ring, width=3, border_radius=8)
            if len(marks) > 1:
                pygame.draw.circle(surface, PALETTE["brass"], ring.topleft, 12)
                number = rendered(font, str(order), PALETTE["night"])
                surface.blit(number, number.get_rect(center=ring.topleft))

    # -- what a title draws ---------------------------------------------------------------

    def appearance(self) -> Hashable:
        """Everything the table's picture depends on, besides the pointer's place over what
        `draw_table` asked about with `hovered`: the view (the object itself, so a new view
        of the same state does not redraw), the seat, selections, the camera, an animation's
        frame.  ``None``: the table is drawn again every frame (a screen with no cache)."""
        return None

    def draw_table(self, surface: pygame.Surface) -> None:
        """Draw the table into `self.rect` of `surface` (the layer). Never changes anything.

        Ask `hovered` whether the pointer is over something whose look it changes."""

    def parts(self) -> list[Part]:
        """The parts of the table, each drawn again on its own (asked once).  By default one:
        the whole table (`appearance`, `draw_table`)."""
        return [Part(self.rect, self.appearance, self.draw_table)]

    def draw_live(self, surface: pygame.Surface) -> None:
        """Draw what follows the pointer or moves every frame, over the layer (a tooltip)."""

    def tip(self, rect: pygame.Rect, content: str) -> None:
        """Show `content` while the pointer is over `rect` (noted while drawing a part)."""
        self.tips.note(rect, content)

    def hovered(self, rect: pygame.Rect) -> bool:
        """Whether the pointer is over `rect`, for `draw_table` (or a part's drawing): the
        part is drawn again when the answer changes."""
        if self._drawing is not None:
            self._drawing.hover_tests.append(rect)
        return bool(rect.collidepoint(self.mouse))

    # -- the layer ------------------------------------------------------------------------

    def layer(self, ground: pygame.Surface) -> pygame.Surface:
        """A surface the size of `ground` whose `self.rect` holds the table drawn over what
        `ground` shows there (read again only where a part is drawn again)."""
        if self._layer is None or self._layer.get_size() != ground.get_size():
            self._layer = pygame.Surface(ground.get_size()).convert()
            self._layer.blit(ground, self.rect, self.rect)
            self.forget()
        self.paint(self._layer, ground)
        return self._layer

    def paint(self, target: pygame.Surface, ground: pygame.Surface) -> list[pygame.Rect]:
        """Draw into `target` the parts whose appearance changed since they were drawn into
        it (all of them after `forget`), each over what `ground` shows there; their rects.

        `target` must keep what was drawn into it: the other parts are left as they are."""
        if self._parts is None:
            self._parts = self.parts()
        drawn: list[pygame.Rect] = []
        for part in self._parts:
            key = self._key(part)
            if key is not None and key == part.key and part.drawn:
                continue
            target.blit(ground, part.rect, part.rect)
            self.tips.forget(part.rect)
            part.hover_tests = []
            self._drawing = part
            previous = target.get_clip()
            target.set_clip(part.rect)
            with noting(self.tips):
                part.draw(target)
            target.set_clip(previous)
            self._drawing = None
            part.key, part.drawn = self._key(part), True
            drawn.append(part.rect)
        return drawn

    def forget(self) -> None:
        """Whatever was painted is gone: every part is drawn again by the next `paint`."""
        for part in self._parts or ():
            part.drawn = False

    def look(self) -> Hashable:
        """What the table shows now (its parts' keys and `live_look`); None when it cannot say."""
        if self._parts is None:
            return None
        keys = tuple(self._key(part) for part in self._parts)
        return None if None in keys else (keys, self.live_look(), self.hint)

    def live_look(self) -> Hashable:
        """What `draw_live` draws depends on (the pointer, when a tooltip follows it)."""
        return ()

    def _key(self, part: Part) -> Hashable:
        own = part.appearance()
        if own is None:
            return None
        mouse = self.mouse
        settings = (
            getattr(self.ctx.t, "language", None),
            bool(getattr(self.ctx.settings, "colour_blind_patterns", False)),
        )
        return own, settings, tuple([rect.collidepoint(mouse) for rect in part.hover_tests])

    def busy(self) -> bool:
        """Whether something moves on the table now (an animation): the app keeps drawing
        at full speed while it does, and rests when nothing moves."""
        return False

    def showing(self) -> bool:
        """Whether the table still shows what just happened (a figure sliding, dice being
        read): the next computer move and the handover to the next person wait for it."""
        return False

    def status_text(self) -> str:
        """One line for the status bar: what the seat at the screen should do now."""
        return ""

    def coach_mark(self) -> CoachMark | None:
        """What the first-game guide points at for the decision at hand: a spot of the table
        and one short sentence.  Asked only while the seat at the screen is to act, and
        answered from its view and legal actions alone; None: nothing to point at."""
        return None

    def keep_clear(self) -> list[pygame.Rect]:
        """What an overlay (the guide's bubble, a toast) must leave in sight on the table:
        the buttons of the decision at hand and the latest result (issue 30, point 5)."""
        return []

    def at_a_glance(self) -> list[pygame.Rect]:
        """What the table shows at a glance and a toast must not hide for its seconds (the
        stage, whose turn, the score): a toast goes elsewhere (issue 29)."""
        return []

    def coach_marks(self) -> list[CoachMark]:
        """The guide's marks for the decision at hand, the one to show first first: the
        play scene shows the first whose topic the person at the screen has not been
        guided through (`game.ui.coach`).  By default `coach_mark` alone."""
        mark = self.coach_mark()
        return [] if mark is None else [mark]

    def confirmation(self, action: BaseModel | dict[str, Any]) -> tuple[str, str] | None:
        """For an action that cannot be taken back and may be a slip, the question to ask
        first and the label of its yes button; None to act at once."""
        return None

    @classmethod
    def goal_keys(cls, title_id: str, scenario: str | None) -> tuple[str, ...]:
        """Message keys that may state a game's goal in one line, the most particular first:
        ``<title>.goal.<scenario>``, then ``<title>.goal`` for the whole title."""
        return ((f"{title_id}.goal.{scenario}",) if scenario is not None else ()) + (f"{title_id}.goal",)

    def goal_key(self) -> str | None:
        """The first of `goal_keys` the catalogs have: the header and the help show it
        (issue 11, point 5)."""
        keys = self.goal_keys(self.seat_view.title_id, self.seat_view.scenario)
        return next((key for key in keys if self.ctx.t(key) != key), None)

    def help_key(self) -> str:
        """Message key of the title's help for the table (F1)."""
        return f"{self.seat_view.title_id}.help"

    def help_brief(self) -> tuple[str, str, str] | None:
        """F1's first page for the decision at hand (issue 30, point 6): what to do, what it
        costs, what can go wrong, one line each (``<title>.help.<kind>.do``, ``.cost``,
        ``.risk``); None where the catalogs have no such lines (F1 shows the whole help)."""
        kind = self.seat_view.decision_kind
        if kind is None:
            return None
        base = f"{self.seat_view.title_id}.help.{kind}"
        lines = tuple(self.ctx.t(f"{base}.{part}") for part in ("do", "cost", "risk"))
        if any(line.startswith(base) for line in lines):
            return None
        do, cost, risk = lines
        return do, cost, risk

    def help_keys(self) -> tuple[str, ...]:
        """What F1 shows, the keys the catalogs have: the game's goal, the decision at hand
        (``<title>.help.<kind>``, the kind the title's rulebook names), then the table's."""
        goal = self.goal_key()
        keys = [] if goal is None else [goal]
        if self.seat_view.decision_kind is not None:
            keys.append(f"{self.seat_view.title_id}.help.{self.seat_view.decision_kind}")
        keys.append(self.help_key())
        return tuple(key for key in dict.fromkeys(keys) if self.ctx.t(key) != key)


def describe(action: BaseModel) -> str:
    """An action as one short line: its type and its fields (empty ones left out)."""
    data = action.model_dump(mode="json")
    kind = str(data.pop("type", type(action).__name__))
    details = " ".join(f"{key}={_short(value)}" for key, value in data.items() if value is not None)
    return f"{kind} {details}".strip()


def _short(value: Any) -> str:
    raw = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return raw if len(raw) <= 40 else raw[:39] + "…"
