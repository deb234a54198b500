"""Random input through the whole app, headless: clicks anywhere, keys (the hint, help,
undo, save, Esc, digits, Enter), the wheel, pauses of any length, from the main menu on.
Nothing a person can do with a mouse and a keyboard may crash the app (issue 28: the hint
crash in a free scenario was found this way).

``python -m tests.trust.test_random_input SEED EVENTS`` runs a longer session and prints
what it went through."""

from __future__ import annotations

import random
import sys
from collections import Counter

import pygame
import pytest
from pygame_gui.elements import UIButton

from game.app import App
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.settings import Settings

KEYS = (
    (pygame.K_h, 0),
    (pygame.K_F1, 0),
    (pygame.K_ESCAPE, 0),
    (pygame.K_z, pygame.KMOD_LCTRL),
    (pygame.K_s, pygame.KMOD_LCTRL),
    (pygame.K_RETURN, 0),
    (pygame.K_TAB, 0),
    (pygame.K_UP, 0),
    (pygame.K_DOWN, 0),
    (pygame.K_PAGEDOWN, 0),
    (pygame.K_HOME, 0),
    (pygame.K_1, 0),
    (pygame.K_4, 0),
)


def towards_a_game(scene: object, rng: random.Random) -> tuple[int, int] | None:
    """Where a person who wants to play clicks now and then: New game or Continue in the
    menu, a title and Start in the setup; None: anywhere."""
    if isinstance(scene, MenuScene) and rng.random() < 0.5:
        return scene.buttons[rng.choice(("new_game", "continue"))].rect.center
    if isinstance(scene, SetupScene) and rng.random() < 0.4:
        if rng.random() < 0.5 and scene.title_buttons:
            return rng.choice(list(scene.title_buttons)).rect.center
        if scene.start is not None:
            return scene.start.rect.center
    return None


def random_session(seed: int, events: int, language: str = "en") -> Counter[str]:
    """`events` random inputs into a fresh app; the scenes it went through, counted."""
    rng = random.Random(seed)
    app = App(Settings(language=language, animation_speed=rng.choice([0.0, 1.0, 4.0]), sound=False))
    app.bot_delay = 0.0
    app.reset(MenuScene(app))
    seen: Counter[str] = Counter()
    try:
        for _ in range(events):
            if not app.running or not app.scenes:
                app.running = True
                app.reset(MenuScene(app))
            roll = rng.random()
            pos = app.logical_to_window((rng.randrange(1600), rng.randrange(900)))
            buttons = [
                sprite
                for sprite in app.gui.get_sprite_group().sprites()
                if isinstance(sprite, UIButton) and sprite.is_enabled and sprite.visible
            ]
            aim = towards_a_game(app.top, rng)
            if aim is not None:  # most of the time is spent playing
                pos = app.logical_to_window(aim)
                roll = 0.0
            elif buttons and rng.random() < 0.3:  # a button, as a person aims at one
                pos = app.logical_to_window(rng.choice(buttons).rect.center)
                roll = 0.0
            if roll < 0.6:
                pygame.event.post(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
                )
                button = rng.choice((1, 1, 1, 3))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
            elif roll < 0.85:
                key, mod = rng.choice(KEYS)
                unicode = chr(key) if 32 <= key < 127 and not mod else ""
                pygame.event.post(
                    pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
                )
                pygame.event.post(
                    pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
                )
                if unicode:
                    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=unicode))
            elif roll < 0.95:
                wheel = rng.choice((-1, 1))
                pygame.mouse.set_pos(pos)
                pygame.event.post(
                    pygame.event.Event(
                        pygame.MOUSEWHEEL, x=0, y=wheel, flipped=False, precise_x=0.0, precise_y=float(wheel)
                    )
                )
            else:
                pygame.mouse.set_pos(pos)
            for _ in range(rng.choice((1, 1, 2, 5))):
                app.frame(rng.choice((1 / 60, 1 / 60, 0.1, 0.6)))
            seen[type(app.top).__name__] += 1
    finally:
        while app.scenes:
            app.scenes.pop().exit()
    return seen


@pytest.mark.parametrize(("seed", "language"), [(1, "en"), (2, "pl")])
def test_random_input_never_crashes_the_app(seed: int, language: str) -> None:
    seen = random_session(seed, 400, language)
    assert sum(seen.values()) == 400 and seen["PlayScene"] > 0, seen


if __name__ == "__main__":
    print(random_session(int(sys.argv[1]), int(sys.argv[2])))
