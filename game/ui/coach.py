"""The first-game guide (issues 11 and 30): coach marks that point at what to click next,
a ring round the spot and one short sentence beside it, over a person's first game of
each title.

A title says what to point at for the decision at hand (`TitleScreen.coach_mark`); the
play scene asks only while the seat at the screen is to act, and the title answers from
that seat's view and legal actions, so a mark never shows another seat's secret.

Each mark belongs to a topic of its title's guide (``"basics"``; Stawka's reaction and
location cards have their own, shown the first time a game uses them).  `Coach` keeps
what one game showed to whom: "Got it" (or Esc) hides the marks from that seat for the
rest of the game; once the game is finished, the topics each person was shown are
recorded in the settings (`Settings.guides_seen`, by the name typed), and that person's
next games of the title no longer show them; "Don't show again" records the title's
every topic for that person at once.  The Settings screen's switch turns the whole guide
off (and on again, for everyone).  A settings file that cannot be written changes nothing
but that this run alone remembers it.

The bubble never covers what it points at, nor what the title says must stay in sight
(`CoachMark.keep_clear`: the latest result, the buttons to press), nor the play scene's
own (`Coach.place`'s `avoid`): it stands in the title's bare room when that is clear, else
beside the ring, else wherever on the screen is clear, nearest the ring.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from game.settings import Settings, person_key
from game.ui.fit import Fitted, Font, fit, fit_lines
from game.ui.theme import MIN_TEXT, PALETTE, text
from rules.core import Match

BUBBLE_WIDTH = 300
PADDING = 12
BUTTON_HEIGHT = 30
GAP = 26
"""Between the ring round the spot and the bubble: room for the arrow."""
TEXT_SIZE = MIN_TEXT
MOST_LINES = 8
"""A mark's sentence wraps to at most this many lines (a test checks every one fits)."""
WIDEST = 420
"""The widest a bubble grows for a sentence that a long name makes longer than `MOST_LINES`."""
BUTTON_SIZE = MIN_TEXT
SCAN_STEP = 24
"""The step of the search for a clear place when none beside the ring is."""
BASICS = "basics"
"""The topic of a title's first game: what every mark belongs to unless it says otherwise."""


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
    topic: str = BASICS
    """The part of the title's guide the mark belongs to (`TitleScreen.guide_topics`)."""
    keep_clear: tuple[pygame.Rect, ...] = ()
    """What the bubble must leave in sight besides the spot: the latest result on the
    table, the other buttons of the decision, the spaces lit as targets."""
    spots: tuple[pygame.Rect, ...] = ()
    """The things to click the ring holds, when it holds several (cards, buttons): one
    of them is the click the guide asks for; none: the ring's own `rect`."""

    @property
    def targets(self) -> tuple[pygame.Rect, ...]:
        """Where a click does what the mark says: each spot, else the ringed rect."""
        return self.spots or (self.rect,)


@dataclass(frozen=True)
class Bubble:
    """A mark laid out: the ring, the bubble beside it, its sentence and buttons."""

    ring: pygame.Rect
    box: pygame.Rect
    sentence: Fitted
    buttons: tuple[tuple[str, pygame.Rect, str], ...]
    """(what it does, where, its label): "dismiss", "never"."""


def people_of(match: Match, seats: Iterable[str]) -> dict[str, str]:
    """Who sits in each of `seats` (those people take), as the guide knows them: the name
    typed (`game.settings.person_key`)."""
    config = match.options.seats
    return {seat: person_key(config[seat].name if seat in config else None) for seat in seats}


@dataclass
class Coach:
    """The guide of one game: who sits where, what it showed them, who said "Got it"."""

    title: str
    people: Mapping[str, str]
    """Seat -> the person in it (`game.settings.person_key`), for the seats people take."""
    topics: tuple[str, ...] = (BASICS,)
    """Every topic of the title's guide ("Don't show again" records them all)."""
    hidden: set[str] = field(default_factory=set)
    """Seats whose person said "Got it" (or Esc) in this game."""
    taught: dict[str, set[str]] = field(default_factory=dict)
    """Seat -> the topics a mark was shown to it in this game."""
    shown: Bubble | None = None
    """The bubble drawn last (None: none), for clicks and the layout check."""
    _placed: tuple[object, Bubble] | None = None
    """The last mark laid out, and where (the search for a clear place is not redone
    every frame)."""

    def wants(self, settings: Settings, seat: str, topic: str) -> bool:
        """Whether a mark of `topic` is for the person in `seat` now."""
        person = self.people.get(seat)
        if person is None or seat in self.hidden or not settings.first_game_guide:
            return False
        return not settings.guide_seen(self.title, topic, person)

    def mark(
        self, settings: Settings, seat: str | None, table_marks: Callable[[], Sequence[CoachMark]]
    ) -> CoachMark | None:
        """What the guide points at for the person in `seat` (None: nobody at the screen
        is to act with nothing open over the table): the first of the table's marks for
        the decision at hand (`table_marks`) whose topic that person has not been guided
        through."""
        if seat is None or not self.on_for(settings, seat):
            return None
        return next((mark for mark in table_marks() if self.wants(settings, seat, mark.topic)), None)

    def on_for(self, settings: Settings, seat: str) -> bool:
        """Whether any topic of the guide is still for the person in `seat`."""
        return any(self.wants(settings, seat, topic) for topic in self.topics)

    def note(self, seat: str, topic: str) -> None:
        """A mark of `topic` is shown to `seat` (recorded when the game is finished)."""
        self.taught.setdefault(seat, set()).add(topic)

    def finished(self, settings: Settings) -> Settings:
        """`settings` with what this game taught each person recorded: their next games
        of the title do not show it again."""
        return settings.with_guides_seen(self.title, self._by_topic(self.taught))

    def never(self, settings: Settings, seat: str) -> Settings:
        """`settings` with every topic of the title recorded for the person in `seat`."""
        self.hidden.add(seat)
        return settings.with_guides_seen(self.title, self._by_topic({seat: set(self.topics)}))

    def _by_topic(self, taught: Mapping[str, Iterable[str]]) -> dict[str, list[str]]:
        seen: dict[str, list[str]] = {}
        for seat, topics in taught.items():
            person = self.people.get(seat)
            if person is None:
                continue
            for topic in sorted(topics):
                seen.setdefault(topic, []).append(person)
        return seen

    def place(
        self,
        mark: CoachMark,
        font: Font,
        t: Callable[..., str],
        bounds: pygame.Rect,
        avoid: Sequence[pygame.Rect] = (),
        spare: pygame.Rect | None = None,
    ) -> Bubble:
        """The bubble where it covers neither the ring round `mark.rect`, nor the mark's
        `keep_clear`, nor `avoid`: in the mark's bare room, else (a room that holds what
        must stay in sight) in the `spare` room the scene offers, else beside the ring
        (right, left, below, above), else the clear place nearest the ring inside
        `bounds`; when no place is clear, the one that covers least."""
        labels = (("dismiss", t("app.coach.dismiss")), ("never", t("app.coach.never")))
        spare = spare if mark.room is not None else None  # a title without a room: beside the ring
        shape = (tuple(mark.rect), mark.text, mark.room, mark.keep_clear, tuple(bounds), tuple(avoid))
        key = (*shape, labels, None if spare is None else tuple(spare))
        if self._placed is not None and self._placed[0] == key:
            return self._placed[1]
        ring = mark.rect.inflate(12, 12)
        face = font(BUTTON_SIZE, True)
        # As wide as its two buttons side by side need, in every language; wider, up to
        # `WIDEST`, when the sentence needs more than `MOST_LINES` lines (a long name in it).
        width = max(BUBBLE_WIDTH, sum(face.size(label)[0] + 16 for _, label in labels) + 8 + 2 * PADDING)
        fitted = fit(font, mark.text, width - 2 * PADDING, TEXT_SIZE, max_lines=MOST_LINES)
        while fitted.cut and width < WIDEST:
            width = min(WIDEST, width + 40)
            fitted = fit(font, mark.text, width - 2 * PADDING, TEXT_SIZE, max_lines=MOST_LINES)
        height = PADDING + fitted.height + 10 + BUTTON_HEIGHT + PADDING
        clear = [ring, *mark.keep_clear, *avoid]
        box = _best_place(pygame.Rect(0, 0, width, height), ring, (mark.room, spare), bounds, clear)
        buttons = []
        x = box.x + PADDING
        for action, label in labels:
            width = face.size(label)[0] + 16
            buttons.append(
                (action, pygame.Rect(x, box.bottom - PADDING - BUTTON_HEIGHT, width, BUTTON_HEIGHT), label)
            )
            x += width + 8
        bubble = Bubble(ring, box, fitted, tuple(buttons))
        self._placed = (key, bubble)
        return bubble

    def draw(
        self,
        surface: pygame.Surface,
        mark: CoachMark | None,
        font: Font,
        t: Callable[..., str],
        avoid: Sequence[pygame.Rect] = (),
        spare: pygame.Rect | None = None,
    ) -> None:
        """Draw `mark` (nothing when there is none)."""
        self.shown = None
        if mark is None:
            return
        bubble = self.place(mark, font, t, surface.get_rect(), avoid, spare)
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


def _covered(box: pygame.Rect, clear: Sequence[pygame.Rect]) -> int:
    """How much of what must stay clear `box` covers (in pixels)."""
    total = 0
    for rect in clear:
        overlap = box.clip(rect)
        total += overlap.width * overlap.height
    return total


def _best_place(
    box: pygame.Rect,
    ring: pygame.Rect,
    rooms: Sequence[pygame.Rect | None],
    bounds: pygame.Rect,
    clear: Sequence[pygame.Rect],
) -> pygame.Rect:
    """Where `box` goes (see `Coach.place`): `rooms` are tried first, in turn."""
    candidates: list[pygame.Rect] = []
    for room in rooms:
        if room is not None and room.width >= box.width and room.height >= box.height:
            candidates.append(box.copy())
            candidates[-1].center = ring.center
            candidates[-1].clamp_ip(room)
    for anchor, point in (
        ("midleft", (ring.right + GAP, ring.centery)),
        ("midright", (ring.left - GAP, ring.centery)),
        ("midtop", (ring.centerx, ring.bottom + GAP)),
        ("midbottom", (ring.centerx, ring.top - GAP)),
    ):
        beside = box.copy()
        setattr(beside, anchor, point)
        if bounds.contains(beside):
            candidates.append(beside)
    for candidate in candidates:
        if not _covered(candidate, clear):
            return candidate
    # Nothing beside the ring is clear: the clear place nearest it, else the least covering.
    best: tuple[tuple[int, float], pygame.Rect] | None = None
    centre = pygame.Vector2(ring.center)
    for y in range(bounds.top, bounds.bottom - box.height + 1, SCAN_STEP):
        for x in range(bounds.left, bounds.right - box.width + 1, SCAN_STEP):
            spot = pygame.Rect(x, y, box.width, box.height)
            score = (_covered(spot, clear), centre.distance_to(spot.center))
            if best is None or score < best[0]:
                best = (score, spot)
    if best is None:
        fallback = candidates[0] if candidates else box.copy()
        fallback.clamp_ip(bounds)
        return fallback
    return best[1]


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
