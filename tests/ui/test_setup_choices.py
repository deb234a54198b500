"""The setup scene shows a title's setup choices and builds the options from them."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIDropDownMenu

from game.app import App
from game.scenes.play import PlayScene
from game.scenes.setup import BUTTONS_TOP, PANEL, SetupScene
from rules.registry import TITLES
from tests.campaign_title import CAMPAIGN
from tests.driver import Driver


def choose_item(driver: Driver, menu: UIDropDownMenu, index: int) -> None:
    """Open a drop-down with a click and click its item number `index`."""
    driver.click(menu)
    listing = menu.current_state.options_selection_list  # type: ignore[union-attr]
    assert listing is not None, "the drop-down did not open"
    driver.click(listing.item_list[index]["button_element"])
    driver.frames(3)


def toggle(setup: SetupScene, field: str, value: object) -> object:
    return next(w for w, chosen in setup.choice_toggles.items() if chosen == (field, value))


def test_doppelnull_options_are_chosen_on_screen_and_start_the_game(app: App, driver: Driver) -> None:
    setup = driver.new_game("doppelnull")
    assert setup.choices == {"starter": "choose", "games": 1, "blind_pick": "pick"}
    draw_lots = toggle(setup, "starter", "random")
    assert draw_lots.text == "Draw lots"  # type: ignore[attr-defined]
    driver.click(draw_lots)
    assert setup.choices["starter"] == "random"
    assert toggle(setup, "starter", "random").is_selected  # type: ignore[attr-defined]
    series = setup.choice_menus["games"]
    assert series.selected_option[0] == "A single game"
    choose_item(driver, series, 4)
    assert setup.choices["games"] == 5
    assert setup.choice_menus["games"].selected_option[0] == "A series of 5 games"

    driver.click(setup.start)
    play = next(scene for scene in app.scenes if isinstance(scene, PlayScene))
    options = play.match.options
    assert (options.games, options.starter) == (5, "random")  # type: ignore[attr-defined]
    assert play.match.state.games == 5  # type: ignore[attr-defined]


def test_choices_survive_a_name_typed_and_reset_with_another_title(app: App, driver: Driver) -> None:
    setup = driver.new_game("doppelnull")
    setup.name_entries["male"].set_text("Ola")
    driver.click(toggle(setup, "starter", "random"))
    assert setup.name_entries["male"].get_text() == "Ola", "a rebuild keeps what was typed"
    other = next(
        w for w, t in setup.title_buttons.items() if t != "doppelnull" and not TITLES[t].setup_choices(None)
    )
    driver.click(other)
    assert setup.choices == {} and setup.choice_toggles == {} and setup.choice_menus == {}


@pytest.fixture
def campaign_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(TITLES, CAMPAIGN.id, CAMPAIGN)


@pytest.mark.usefixtures("campaign_registered")
def test_options_the_title_refuses_are_explained_and_start_nothing(app: App, driver: Driver) -> None:
    setup = driver.new_game(CAMPAIGN.id)
    assert setup.choice_menus == {}, "three values or fewer are toggle buttons"
    driver.click(toggle(setup, "level", 3))
    driver.click(toggle(setup, "pace", "fast"))
    assert setup.choices == {"level": 3, "pace": "fast"}
    driver.click(setup.start)
    assert app.top is setup, "no game starts"
    assert [toast.text for toast in setup.toasts.items] == [
        "These options cannot be played: Level 3 cannot be played at the fast pace."
    ]
    assert setup.toasts.items[0].kind == "error"
    driver.click(toggle(setup, "pace", "calm"))
    driver.click(setup.start)
    play = app.top
    assert isinstance(play, PlayScene)
    assert play.match.options.level == 3  # type: ignore[attr-defined]


def test_a_still_setup_is_not_drawn_again_until_a_choice_changes_it(app: App, driver: Driver) -> None:
    """The setup scene says what it shows (`still`): no frame while nothing changes; a level
    chosen for a seat is drawn at once, as a frame drawn from nothing would show it."""
    setup = driver.new_game("doppelnull")
    driver.frames(2)
    assert not app.drawn, "nothing changed: the frame shown stays"
    driver.point_at((PANEL.x + 200, BUTTONS_TOP - 60))  # under the titles' buttons
    assert not app.drawn, "the pointer over the panel's plain parts changes nothing"
    seat, hardest = setup.seats()[0], TITLES["doppelnull"].bot_ids[-1]
    shown = pygame.image.tobytes(app.canvas, "RGB")
    driver.choose(setup.player_menus[seat], setup.player_label(hardest))
    assert setup.players[seat] == hardest
    changed = pygame.image.tobytes(app.canvas, "RGB")
    assert changed != shown, "the level's description appears beside the seat"
    app.frame(1 / 60, [pygame.event.Event(pygame.VIDEOEXPOSE)])
    assert app.drawn and pygame.image.tobytes(app.canvas, "RGB") == changed
