"""Six seats with long names through the real scenes: the party title ("The house draws",
1 to 6 players and a house the rules play) from the setup scene to the game-over scene."""

from __future__ import annotations

import random

import pygame
import pytest
from pydantic import BaseModel

from game.app import App
from game.scenes import setup as new_game
from game.scenes.curtain import CurtainScene
from game.scenes.game_over import GameOverScene
from game.scenes.load import LoadScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.play_bar import players_area
from game.scenes.setup import SetupScene
from game.storage import saves_dir
from game.ui.fallback_screen import FallbackScreen
from rules.core import Match
from tests.driver import Driver
from tests.party_title import HOUSE, PARTY, Guess, NameTrophy, PartyState
from tests.ui.party_scenes import LONG_NAMES, PEOPLE, party_options, played

pytestmark = pytest.mark.usefixtures("party_registered")

GUESSES = {"p1": 1, "p2": 2, "p4": 3}
"""What each person guesses every round: between them, someone scores every draw."""
SEED = 1
"""The game's seed (the setup scene draws one; the test fixes it): a person wins first."""


def row_labels(setup: SetupScene) -> list[str]:
    return [setup.player_menus[seat].selected_option[0] for seat in setup.player_menus]


def test_the_players_choice_changes_the_rows_at_once(app: App, driver: Driver) -> None:
    setup = driver.new_game("party")
    assert setup.all_seats() == ("p1", "p2", "p3", HOUSE), "three players by default, and the house"
    assert list(setup.player_menus) == ["p1", "p2", "p3"], "the house has no one to choose"
    assert list(setup.name_entries) == ["p1"], "the computers' names are not fields"
    driver.type_into(setup.name_entries["p1"], LONG_NAMES["p1"])
    driver.choose(setup.player_menus["p2"], "Person")
    driver.type_into(setup.name_entries["p2"], "Ola")

    driver.choose(setup.choice_menus["players"], "6 players")
    assert setup.all_seats() == ("p1", "p2", "p3", "p4", "p5", "p6", HOUSE)
    assert list(setup.player_menus) == ["p1", "p2", "p3", "p4", "p5", "p6"]
    assert row_labels(setup) == ["Person", "Person", *["Computer: Easy"] * 4]
    assert setup.name_entries["p1"].get_text() == LONG_NAMES["p1"], "a seat that remains keeps its name"
    assert setup.name_entries["p2"].get_text() == "Ola"
    rows = [menu.rect.y for menu in setup.player_menus.values()]
    assert rows == sorted(rows) and len(set(rows)) == 6

    driver.choose(setup.choice_menus["players"], "1 players")
    assert setup.all_seats() == ("p1", HOUSE)
    assert list(setup.player_menus) == ["p1"] and list(setup.name_entries) == ["p1"]
    driver.choose(setup.choice_menus["players"], "2 players")
    assert setup.name_entries["p2"].get_text() == "Ola", "a seat that comes back has what it had"
    options = setup.options()
    assert set(options.seats) == {"p1", "p2"}, "the options hold real seats only, never the house"
    assert options.players == 2


def test_a_computer_seat_has_no_name_field(app: App, driver: Driver) -> None:
    setup = driver.new_game("party")
    driver.choose(setup.player_menus["p2"], "Person")
    driver.type_into(setup.name_entries["p2"], "Ola")
    driver.choose(setup.player_menus["p2"], "Computer: Easy")
    assert "p2" not in setup.name_entries
    assert setup.options().seats["p2"].name is None, (
        "the name typed was a person's; a computer's seat is named when drawn"
    )
    driver.choose(setup.player_menus["p2"], "Person")
    assert setup.name_entries["p2"].get_text() == "Ola"


def click_action(driver: Driver, play: PlayScene, action: BaseModel) -> None:
    """Click the button of `action` on the plain table the party title is played on."""
    screen = play.screen
    assert isinstance(screen, FallbackScreen)
    driver.click_at(next(rect.center for rect, offered in screen.buttons if offered == action))


def test_six_players_with_long_names_play_through_the_curtain_to_the_trophy_and_game_over(
    app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(new_game.random, "SystemRandom", lambda: random.Random(SEED))
    setup = driver.new_game("party")
    driver.choose(setup.choice_menus["players"], "6 players")
    for seat in PEOPLE:
        if seat != "p1":
            driver.choose(setup.player_menus[seat], "Person")
        driver.type_into(setup.name_entries[seat], LONG_NAMES[seat])
    driver.click(setup.start)

    play = next(scene for scene in app.scenes if isinstance(scene, PlayScene))
    assert set(play.match.options.seats) == set(LONG_NAMES), "six seats, the house not among them"
    assert {seat: config.name for seat, config in play.match.options.seats.items() if config.bot is None} == {
        seat: LONG_NAMES[seat] for seat in PEOPLE
    }
    assert set(play.bots) == {"p3", "p5", "p6"} and HOUSE not in play.humans()
    curtains: list[str] = []
    trophy_chosen_by = None
    while not isinstance(app.top, GameOverScene):
        top = app.top
        if isinstance(top, CurtainScene):
            curtains.append(top.name)
            driver.click(top.reveal)
            continue
        assert top is play
        acting = play.match.to_act()
        assert acting is not None and acting != HOUSE, "the house never acts at the screen"
        if acting not in PEOPLE:
            driver.frames(1)  # the computer moves by itself
            continue
        assert play.viewer == acting
        outcome = play.match.outcome()
        if outcome is None:
            click_action(driver, play, Guess(number=GUESSES[acting]))
            continue
        assert acting == outcome.winners[0], "the first winner names the trophy"
        assert play.status().startswith(LONG_NAMES[acting]), "the status says the game is decided"
        trophy_chosen_by = acting
        click_action(driver, play, NameTrophy(trophy="cup"))

    assert trophy_chosen_by in PEOPLE, "a person made the post-game choice in the play scene"
    assert set(curtains) == {LONG_NAMES[seat] for seat in PEOPLE}, (
        "a curtain for each person, none for the house"
    )
    over = app.top
    assert isinstance(over.match.state, PartyState) and over.match.state.trophy == "cup"
    outcome = over.match.outcome()
    assert outcome is not None and set(outcome.scores) == set(LONG_NAMES)
    assert LONG_NAMES[trophy_chosen_by] in over.summary


def players_pixels(play: PlayScene) -> bytes:
    area = players_area(len(play.match.seats()))
    return pygame.image.tobytes(play.bar.backdrop.subsurface(area), "RGB")


def fresh_players_pixels(app: App, play: PlayScene) -> bytes:
    """The players panel as a scene made now, for the same game and eyes, first draws it."""
    fresh = PlayScene(app, play.match, viewer=play.viewer, autosave=False)
    fresh.bar.update_backdrop(fresh.viewer, fresh.log_box)
    return players_pixels(fresh)


def test_the_players_panel_keeps_no_stale_pixels(app: App, driver: Driver) -> None:
    match = Match(PARTY, party_options(people=("p1",)), seed=3)
    app.reset(MenuScene(app))
    play = PlayScene(app, match, autosave=False)
    app.push(play)
    assert play.viewer == "p1", "one person at the screen: always their eyes"
    shown = set()
    while match.outcome() is None:
        if match.to_act() == "p1":
            play.submit({"type": "guess", "number": 1})
        if len(match.actions) == 12:  # the seats' names and tags change with the language
            app.apply_settings(app.settings.model_copy(update={"language": "pl"}))
            play.rebuild()
        driver.frames(1)
        assert app.top is play
        assert players_pixels(play) == fresh_players_pixels(app, play), f"after {len(match.actions)} moves"
        shown.add(match.to_act())
    assert shown >= {"p1", "p3", "p6"}, "the ▶ went round the table"


def test_a_party_game_saved_and_loaded_through_the_load_list_goes_on(app: App, driver: Driver) -> None:
    match = played(
        Match(PARTY, party_options(), seed=9), lambda m: len(m.actions) > 10 and m.to_act() in PEOPLE
    )
    app.reset(MenuScene(app))
    app.push(PlayScene(app, match, viewer=match.to_act(), autosave=False))
    play = app.top
    assert isinstance(play, PlayScene)
    driver.click(play.controls["save"])
    saved = next(saves_dir().glob("party-*.json"))

    listing = driver.from_menu("load")
    assert isinstance(listing, LoadScene)
    driver.click(next(row for row, path in listing.entries.items() if path == saved))
    loaded = app.top
    if isinstance(loaded, CurtainScene):
        driver.click(loaded.reveal)
        loaded = app.top
    assert isinstance(loaded, PlayScene) and loaded.match is not match
    assert loaded.match.state == match.state, "the house's deck and every guess come back as they were"
    assert loaded.match.options == match.options and loaded.match.log == match.log
    assert loaded.automated == {HOUSE} and set(loaded.bots) == {"p3", "p5", "p6"}
    seat = loaded.match.to_act()
    loaded.submit({"type": "guess", "number": 2})
    assert loaded.match.to_act() != seat, "the loaded game goes on"
