"""Menu -> Settings -> switch the language -> back: the menu speaks Polish (issue 2)."""

from __future__ import annotations

import json

import pygame

from game.app import App
from game.scenes.menu import MenuScene
from game.scenes.settings import SettingsScene
from game.settings import settings_path
from tests.driver import Driver


def test_language_switch_reaches_the_menu_and_is_saved(app: App, driver: Driver) -> None:
    app.reset(MenuScene(app))
    driver.frames()
    menu = app.top
    assert isinstance(menu, MenuScene)
    assert menu.buttons["new_game"].text == "New game"

    driver.click(menu.buttons["settings"])
    settings = app.top
    assert isinstance(settings, SettingsScene)
    polish = next(w for w, choice in settings.choices.items() if choice == ("language", "pl"))
    driver.click(polish)
    assert app.settings.language == "pl"
    assert settings.back is not None and settings.back.text == "Wstecz"

    driver.click(settings.back)
    assert app.top is menu
    assert menu.buttons["new_game"].text == "Nowa gra"
    assert menu.buttons["settings"].text == "Ustawienia"
    assert json.loads(settings_path().read_text(encoding="utf-8"))["language"] == "pl"


def test_settings_buttons_change_and_persist_each_setting(app: App, driver: Driver) -> None:
    app.reset(MenuScene(app))
    driver.frames()
    driver.click(app.top.buttons["settings"])  # type: ignore[attr-defined]
    scene = app.top
    assert isinstance(scene, SettingsScene)
    for wanted in (("sound", False), ("colour_blind_patterns", True), ("animation_speed", 2.0)):
        widget = next(w for w, choice in scene.choices.items() if choice == wanted)
        driver.click(widget)
    saved = json.loads(settings_path().read_text(encoding="utf-8"))
    assert (saved["sound"], saved["colour_blind_patterns"], saved["animation_speed"]) == (False, True, 2.0)


def test_escape_leaves_settings(app: App, driver: Driver) -> None:
    app.reset(MenuScene(app))
    app.push(SettingsScene(app))
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
