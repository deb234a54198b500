"""Motion on a table (issue 11, point 4): pieces sliding along the path the rules moved
them on, and pauses that keep what just happened on screen long enough to read.

Every duration is a time at normal speed, scaled by the animation speed setting
(`Settings.animation_speed`, 0 for instant: nothing moves, nothing waits).  A motion
runs on time alone (`Motions.update`); a table reads where its pieces are now and never
changes the game.  The state is already the new one when a motion starts: a motion
says where a piece came from and by which stops, the drawing interpolates.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import pairwise

Point = tuple[float, float]

INSTANT = 0.0
"""The animation speed that shows every change at once."""
FRAMES_PER_SECOND = 60
"""How finely a motion's progress is told apart (`Motions.look`): one picture a frame."""


INSTANT_RATE = 1e9
"""Seconds of animation an instant frame passes: any animation ends in it (finite, so a
frame of no time passes none)."""


def rate(settings: object) -> float:
    """Seconds of animation that pass in one second: the speed setting; instant: all of them."""
    speed = float(getattr(settings, "animation_speed", 1.0))
    return speed if speed > INSTANT else INSTANT_RATE


def seconds(base: float, settings: object) -> float:
    """`base` seconds at normal speed, at the player's animation speed (instant: 0)."""
    speed = float(getattr(settings, "animation_speed", 1.0))
    return base / speed if speed > INSTANT else 0.0


def ease(fraction: float) -> float:
    """Smooth start and stop."""
    return 0.5 - 0.5 * math.cos(math.pi * min(1.0, max(0.0, fraction)))


def along(points: Sequence[Point], fraction: float) -> Point:
    """The point `fraction` (0..1) of the way along the polyline through `points`, by length."""
    if len(points) == 1 or fraction <= 0:
        return points[0]
    legs = [math.dist(a, b) for a, b in pairwise(points)]
    left = sum(legs) * min(1.0, fraction)
    for (a, b), leg in zip(pairwise(points), legs, strict=True):
        if left <= leg and leg > 0:
            part = left / leg
            return a[0] + (b[0] - a[0]) * part, a[1] + (b[1] - a[1]) * part
        left -= leg
    return points[-1]


@dataclass
class Slide:
    """A piece going by `stops` (where it stood first, then each space it entered)."""

    stops: tuple[Hashable, ...]
    duration: float
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        """0 when it sets off, 1 when it has arrived (eased: it starts and stops gently)."""
        return 1.0 if self.duration <= 0 else ease(self.elapsed / self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration


class Motions:
    """What moves on one table now: slides by piece, and a pause after them (a roll read)."""

    def __init__(self, settings: object) -> None:
        self.settings = settings
        """The player's settings, read when a motion starts (they may change mid-game)."""
        self.slides: dict[Hashable, Slide] = {}
        self.pause = 0.0
        """Seconds the table keeps still what it shows, after the slides (`busy` meanwhile)."""

    def slide(self, piece: Hashable, stops: Sequence[Hashable], seconds_per_step: float) -> None:
        """Slide `piece` by `stops` (its start first); a piece already sliding goes on from
        where it was going.  Instant, or a piece that goes nowhere: nothing moves."""
        running = self.slides.get(piece)
        if running is not None:
            stops = (*running.stops, *stops[1:])
        duration = seconds(seconds_per_step * (len(stops) - 1), self.settings)
        if duration <= 0 or len(stops) < 2:
            self.slides.pop(piece, None)
            return
        self.slides[piece] = Slide(tuple(stops), duration)

    def hold(self, base: float) -> None:
        """Keep the table busy `base` seconds (at normal speed) after the slides end."""
        self.pause = max(self.pause, seconds(base, self.settings))

    def update(self, dt: float) -> None:
        for slide in self.slides.values():
            slide.elapsed += dt
        self.slides = {piece: slide for piece, slide in self.slides.items() if not slide.done}
        if not self.slides:
            self.pause = max(0.0, self.pause - dt)

    def moving(self) -> dict[Hashable, Slide]:
        return self.slides

    def busy(self) -> bool:
        """Something slides, or what just happened is still being read."""
        return bool(self.slides) or self.pause > 0

    def look(self) -> Hashable:
        """What the moving pieces' picture depends on: which slide, how far (by frame)."""
        return tuple(
            (piece, round(slide.elapsed * FRAMES_PER_SECOND)) for piece, slide in self.slides.items()
        )

    def clear(self) -> None:
        self.slides, self.pause = {}, 0.0
