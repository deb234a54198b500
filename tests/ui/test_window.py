"""The window: any size shows the 1600x900 picture letterboxed, and clicks map back."""

from __future__ import annotations

import pygame
import pytest

from game.app import DESKTOP_MARGIN, App, fit_to_desktop
from game.scenes.menu import MenuScene
from game.scenes.settings import SettingsScene
from game.settings import MIN_WINDOW, Settings, load_settings
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


def test_the_window_opens_within_a_small_desktop() -> None:
    # A 1366x768 laptop asked for the default 1600x900 window: the largest window of the
    # same shape that leaves the title bar and the task bar on the screen.
    width, height = fit_to_desktop((1600, 900), (1366, 768))
    assert height <= 768 - DESKTOP_MARGIN[1] and width <= 1366
    assert abs(width / height - 16 / 9) < 0.01 and height >= 768 - DESKTOP_MARGIN[1] - 1
    assert fit_to_desktop((1600, 900), (1920, 1080)) == (1600, 900)
    assert fit_to_desktop((1920, 1080), None) == (1920, 1080)
    assert fit_to_desktop((1600, 900), (640, 480)) == MIN_WINDOW


def test_the_app_opens_its_window_on_the_desktop_it_has(
    siatka_home: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("game.app.desktop_size", lambda: (1280, 720))
    app = App(Settings(language="en", window_size=(1600, 900)))
    width, height = app.window.get_size()
    assert width <= 1280 and height <= 720 - DESKTOP_MARGIN[1]
    assert app.settings.window_size == (1600, 900)  # the wish is kept for a larger screen


def test_a_dragged_window_size_is_kept_for_the_next_start(app: App, driver: Driver) -> None:
    app.reset(MenuScene(app))
    driver.frames()
    pygame.display.set_mode((1200, 700), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1200, 700), w=1200, h=700))
    driver.frames()
    assert load_settings()[0].window_size != (1200, 700)  # a drag writes nothing yet
    app.save_window()  # what closing the app does
    assert load_settings()[0].window_size == (1200, 700)


def test_a_full_screen_size_is_not_kept_as_the_window_s(app: App, driver: Driver) -> None:
    app.reset(MenuScene(app))
    driver.frames()
    driver.key(pygame.K_F11)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 768), w=1024, h=768))
    driver.frames()
    driver.key(pygame.K_F11)
    app.save_window()
    assert load_settings()[0].window_size == app.settings.window_size != (1024, 768)
