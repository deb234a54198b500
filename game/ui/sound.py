"""Short sound effects, made by arithmetic (no audio files): dice, a piece set down, a
reveal, a refused click, a handover.

Which rules-core event sounds like what is `SOUND_FOR_KIND`, the one table for every
title.  The mixer is opened when a game starts, not at start-up (the menu must appear
fast), and the effects are synthesised then in a thread of their own, once per process
(each takes a frame's worth of arithmetic: not in the frame that first plays it).
Without an audio device the app stays silent and says so once in the log.  What may be
heard is the play scene's business: it passes only events the seat at the screen may
see, and nothing private while the curtain is up (`game.scenes.play`).
"""

from __future__ import annotations

import logging
import math
import random
import threading
from array import array
from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from rules.core import Event

log = logging.getLogger("siatka.sound")

RATE = 22050
"""Samples per second the effects are made at (and the mixer is asked for)."""

SOUND_FOR_KIND: dict[str, str] = {
    # dice rolled, tokens drawn from a bag
    "roll": "dice",
    "draw": "dice",
    "threats": "dice",
    # a card, tile, token or figure set down or moved
    "swap": "place",
    "place": "place",
    "placed": "place",
    "remove": "place",
    "deal": "place",
    "move": "place",
    "threat": "place",
    "drawn": "place",
    "discard": "place",
    "exchange": "place",
    "mission_card": "place",
    "add_token": "place",
    "remove_token": "place",
    "recruit": "place",
    "attach_item": "place",
    "built": "place",
    "trained": "place",
    "send_pows": "place",
    # something hidden comes to light, or someone is caught
    "unmask": "reveal",
    "reveal": "reveal",
    "evidence": "reveal",
    "arrest": "reveal",
    "kidnap": "reveal",
    "betray": "reveal",
    "betrayal": "reveal",
    "liquidated": "reveal",
    "death": "reveal",
    "interrogation": "reveal",
    "mission_done": "reveal",
    "game_won": "reveal",
    "game_end": "reveal",
    "story_end": "reveal",
}
"""Rules-core `Event.kind` (of any title) -> effect; kinds not listed are silent."""

LOUDEST_FIRST = ("reveal", "dice", "place")
"""One action plays one effect: the most telling of its events'."""

VOLUME = 0.45


def effect_for(events: Iterable[Event]) -> str | None:
    """The one effect a batch of events plays, or None when none of them sounds."""
    effects = {SOUND_FOR_KIND.get(event.kind) for event in events}
    return next((effect for effect in LOUDEST_FIRST if effect in effects), None)


class Sounds:
    """The effects, played when the settings allow and an audio device exists."""

    def __init__(self, enabled: Callable[[], bool]) -> None:
        self.enabled = enabled
        """Asked at every play: the Settings screen may switch sound off at any time."""
        self._effects: dict[str, pygame.mixer.Sound] = {}
        self._rate = RATE
        self._channels = 0
        """Output channels of the open mixer; 0 until it is opened."""
        self._broken = False

    def play(self, effect: str) -> None:
        if not self.enabled() or not self._open():
            return
        sound = self._effects.get(effect)
        if sound is None:
            sound = self._effects[effect] = _sound(effect, self._rate, self._channels)
        sound.play()

    def play_events(self, events: Iterable[Event]) -> None:
        effect = effect_for(events)
        if effect is not None:
            self.play(effect)

    def warm(self) -> None:
        """Open the mixer now (a game starts), if sound is on, and make the effects in the
        background, so the first effect is on time and costs its frame nothing."""
        if not self.enabled() or not self._open():
            return
        key = (self._rate, self._channels)
        with _PREPARING:
            if key in _PREPARED:
                return
            _PREPARED.add(key)
        threading.Thread(target=_prepare, args=key, name="siatka-sound", daemon=True).start()

    def _open(self) -> bool:
        """Whether the mixer is open; opens it the first time, and gives up for good if it fails."""
        if self._channels or self._broken:
            return not self._broken
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            init = pygame.mixer.get_init()
            if init is None:
                raise pygame.error("the mixer did not open")
        except pygame.error as err:
            self._broken = True
            log.warning("No sound: %s", err)
            return False
        self._rate, _, self._channels = init
        return True


_PREPARED: set[tuple[int, int]] = set()
"""The (rate, channels) whose effects are made or being made in the background."""
_PREPARING = threading.Lock()


def _prepare(rate: int, channels: int) -> None:
    """In a thread of its own: every effect's samples, for `_sound` to find made."""
    for effect in SYNTHS:
        _pcm(effect, rate, channels)


@cache
def _pcm(effect: str, rate: int, channels: int) -> bytes:
    """An effect's samples, 16-bit, each repeated per channel: made once per process."""
    samples = SYNTHS[effect](rate)
    return array(
        "h", (int(max(-1.0, min(1.0, s)) * 32000) for s in samples for _ in range(channels))
    ).tobytes()


def _sound(effect: str, rate: int, channels: int) -> pygame.mixer.Sound:
    """A mixer sound of `effect` for the mixer open at `rate` with `channels`."""
    sound = pygame.mixer.Sound(buffer=_pcm(effect, rate, channels))
    sound.set_volume(VOLUME)
    return sound


def _tone(rate: int, seconds: float, partials: tuple[tuple[float, float], ...], decay: float) -> list[float]:
    """Sines (frequency, amplitude) under an exponential decay, with a 5 ms fade-in."""
    count = int(rate * seconds)
    out = []
    for i in range(count):
        t = i / rate
        level = math.exp(-t * decay) * min(1.0, t / 0.005)
        out.append(level * sum(a * math.sin(math.tau * f * t) for f, a in partials))
    return out


def _dice(rate: int) -> list[float]:
    """A rattle: a handful of short, bright clicks at uneven intervals, the last louder."""
    noise = random.Random(6)
    out = [0.0] * int(rate * 0.36)
    start = 0.0
    for hit in range(6):
        strength = 0.35 + 0.1 * hit
        pitch = noise.uniform(1800, 3200)
        for i in range(int(rate * 0.025)):
            t = i / rate
            at = int(start * rate) + i
            if at < len(out):
                click = 0.55 * (noise.uniform(-1, 1) * 0.6 + math.sin(math.tau * pitch * t))
                out[at] += strength * click * math.exp(-t * 180)
        start += noise.uniform(0.035, 0.065)
    return out


def _place(rate: int) -> list[float]:
    """A card or wooden piece set on the table: a low, short knock."""
    return _tone(rate, 0.12, ((180.0, 0.8), (360.0, 0.25), (1250.0, 0.1)), 45)


def _reveal(rate: int) -> list[float]:
    """Two rising notes, bell-like: something comes to light."""
    first = _tone(rate, 0.16, ((659.3, 0.5), (1318.5, 0.15)), 14)
    second = _tone(rate, 0.42, ((987.8, 0.5), (1975.5, 0.15)), 9)
    return first + second


def _error(rate: int) -> list[float]:
    """A low double buzz: that click was not allowed."""
    buzz = [0.25 * math.copysign(1.0, s) * abs(s) ** 0.3 for s in _tone(rate, 0.09, ((196.0, 1.0),), 20)]
    return buzz + [0.0] * int(rate * 0.04) + buzz


def _turn(rate: int) -> list[float]:
    """A soft chord: someone else's turn now."""
    return _tone(rate, 0.6, ((523.3, 0.3), (784.0, 0.22), (1046.5, 0.08)), 6)


SYNTHS: dict[str, Callable[[int], list[float]]] = {
    "dice": _dice,
    "place": _place,
    "reveal": _reveal,
    "error": _error,
    "turn": _turn,
}
"""Every effect and how it is made from the sample rate."""
