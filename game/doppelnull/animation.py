"""Short animations of the table: a swap, an unmasking, a banner.

They run on time alone (`update(dt)`); drawing reads their progress and never changes
the game.  The state is already the new one when an animation starts, so an animation
says where things *were* and the drawing interpolates from there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

SWAP_SECONDS = 0.55
UNMASK_SECONDS = 1.3
BANNER_SECONDS = 2.4


@dataclass
class Motion:
    kind: str
    """``"swap"``, ``"unmask"`` or ``"banner"``."""
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def progress(self) -> float:
        """0 before it starts, 1 when done."""
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration


class Animations:
    def __init__(self) -> None:
        self.items: list[Motion] = []

    def add(self, motion: Motion) -> None:
        self.items.append(motion)

    def update(self, dt: float) -> None:
        for motion in self.items:
            motion.elapsed += dt
        self.items = [m for m in self.items if not m.done]

    def of(self, kind: str) -> list[Motion]:
        return [m for m in self.items if m.kind == kind]

    def busy_delay(self) -> float:
        """How long until every running animation has finished (to queue the next)."""
        return max((m.delay + m.duration - m.elapsed for m in self.items), default=0.0)

    def clear(self) -> None:
        self.items = []


def ease(t: float) -> float:
    """Smooth start and stop."""
    return 0.5 - 0.5 * math.cos(math.pi * t)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t
