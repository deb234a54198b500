"""The window: any size shows the 1600x900 picture letterboxed, and clicks map back."""

from __future__ import annotations

import pygame

from game.app import App
from game.scenes.menu import MenuScene
from game.scenes.settings import SettingsScene
from game.settings import Settings
from game.ui.context import LOGICAL_SIZE
from tests.driver import Driver


def test_a_wide_window_letterboxes_and_maps_clicks_back(siatka_home: object) -> None:
    app = App(Settings(language="en", window_size=(2000, 900)))
    app.bot_delay = 0.0
    app.reset(MenuScene(app))
    driver = Driver(app)
    driver.frames()
    # 2000x900 holds a 1600x900 picture with 200-pixel bars left and right.
    assert app.viewport == pygame.Rect(200, 0, 1600, 900)
    assert app.window_to_logical((200, 0)) == (0, 0)
    assert app.window.get_at((100, 450))[:3] == (0, 0, 0)

    settings_button = app.top.buttons["settings"]  # type: ignore[attr-defined]
    driver.click(settings_button)
    assert isinstance(app.top, SettingsScene)


def test_a_small_window_scales_the_picture_down(siatka_home: object) -> None:
    app = App(Settings(language="en", window_size=(800, 600)))
    app.reset(MenuScene(app))
    driver = Driver(app)
    driver.frames()
    assert app.viewport.size == (800, 450) and app.viewport.y == 75
    assert app.canvas.get_size() == LOGICAL_SIZE
    assert app.window_to_logical(app.logical_to_window((1234, 567))) in {
        (x, y) for x in (1233, 1234, 1235) for y in (566, 567, 568)
    }
    driver.click(app.top.buttons["settings"])  # type: ignore[attr-defined]
    assert isinstance(app.top, SettingsScene)


def test_f11_switches_full_screen_and_remembers_it(app: App, driver: Driver) -> None:
    app.reset(MenuScene(app))
    driver.frames()
    driver.key(pygame.K_F11)
    assert app.settings.fullscreen
    driver.key(pygame.K_F11)
    assert not app.settings.fullscreen
    assert app.window.get_size() == app.settings.window_size


def test_resizing_the_window_refits_the_picture(app: App, driver: Driver) -> None:
    app.reset(MenuScene(app))
    driver.frames()
    # What the window manager does when the player drags the edge: a new size, then the event.
    pygame.display.set_mode((1000, 1000), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 1000), w=1000, h=1000))
    driver.frames()
    assert app.viewport == pygame.Rect(0, 219, 1000, 562)
    driver.click(app.top.buttons["settings"])  # type: ignore[attr-defined]
    assert isinstance(app.top, SettingsScene)
