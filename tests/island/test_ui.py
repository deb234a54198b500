"""The race's table in the real app: a whole 4-player game, two people and two computers, by clicks."""

from __future__ import annotations

import random

import pygame
import pytest
from pydantic import BaseModel

from game.app import App
from game.island.screen import IslandScreen
from game.scenes import setup as new_game
from game.scenes.curtain import CurtainScene
from game.scenes.game_over import GameOverScene
from game.scenes.play import PlayScene
from rules.core import Match, SeatConfig
from rules.island import TITLE
from rules.island.actions import (
    Arm,
    ChooseEncounter,
    GoOn,
    Place,
    Ride,
    Roll,
    RollOff,
    Stay,
    TakeChip,
    TakeTransport,
)
from rules.island.content import ISLAND
from rules.island.state import IslandState
from tests.driver import Driver
from tests.island.helpers import arranged, next_roll

PEOPLE = {"red": "Ola", "blue": "Jan"}
SEED = 5


def _screen(play: PlayScene) -> IslandScreen:
    assert isinstance(play.screen, IslandScreen)
    return play.screen


def _button(screen: IslandScreen, kind: type) -> tuple[int, int]:
    return next(b.rect.center for b in screen.buttons if isinstance(b.action, kind))


def _click_a_move(driver: Driver, play: PlayScene) -> str:
    """One person's decision, made the way a person would: on the board or a button.

    Ola is friendly, Jan hostile; both sail for the island whenever they can (without the
    task done that withdraws them: the game ends either way).  Returns what was done.
    """
    screen = _screen(play)
    legal = screen.legal
    first = legal[0]
    if isinstance(first, RollOff | Roll):
        driver.click_at(_button(screen, type(first)))
        return "roll"
    if isinstance(first, Place):
        driver.click_at(screen.layout.field_rect(first.field).center)
        return "place"
    if Ride(card="boat", to=ISLAND) in legal:
        driver.click_at(screen.layout.island_rect().center)
        return "island"
    if isinstance(first, ChooseEncounter):
        card = "friendship" if play.viewer == "red" else "hostility"
        driver.click_at(next(b.rect.center for b in screen.buttons if b.action == ChooseEncounter(card=card)))
        return card
    if isinstance(first, Arm):
        if screen.my_cards():
            driver.click_at(screen.layout.tile(len(screen.table.players), 0).center)
            assert screen.picked == {0}
        driver.click_at(_button(screen, Arm))
        return "arm"
    if isinstance(first, TakeChip):
        driver.click_at(_button(screen, TakeChip))
        return "chip"
    for kind in (TakeTransport, GoOn):
        if any(isinstance(action, kind) for action in legal):
            driver.click_at(_button(screen, kind))
            return kind.__name__
    driver.click_at(screen.buttons[-1].rect.center)
    return "other"


def test_a_whole_four_player_game_two_people_two_computers_by_clicks(
    app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(new_game.random, "SystemRandom", lambda: random.Random(SEED))
    setup = driver.new_game("island")
    assert setup.all_seats() == ("red", "blue", "green", "yellow"), "four agents by default"
    driver.choose(setup.choice_menus["players"], "6 agents")
    assert setup.all_seats() == ("red", "blue", "green", "yellow", "violet", "white")
    driver.choose(setup.choice_menus["players"], "4 agents")
    assert setup.all_seats() == ("red", "blue", "green", "yellow")
    driver.choose(setup.player_menus["blue"], "Person")
    for seat, name in PEOPLE.items():
        driver.type_into(setup.name_entries[seat], name)
    driver.click(setup.start)

    play = next(scene for scene in app.scenes if isinstance(scene, PlayScene))
    assert set(play.bots) == {"green", "yellow"} and set(play.humans()) == set(PEOPLE)
    curtains: list[str] = []
    done: list[str] = []
    while not isinstance(app.top, GameOverScene):
        assert len(done) < 2000, "the game never ended"
        top = app.top
        if isinstance(top, CurtainScene):
            curtains.append(top.name)
            assert play.viewer is None, "nothing of anyone's view behind the curtain"
            driver.click(top.reveal)
            continue
        assert top is play
        acting = play.match.to_act()
        if acting not in PEOPLE:
            driver.frames(1)
            continue
        assert play.viewer == acting
        view = _screen(play).table
        if view.encounter is not None and view.decision == "encounter":
            other = view.encounter.other if view.encounter.mover == acting else view.encounter.mover
            if other in view.encounter.chosen:
                assert view.encounter.my_card is None, "the other's card is not shown before the reveal"
        before = len(play.match.actions)
        done.append(_click_a_move(driver, play))
        assert len(play.match.actions) > before, f"the click ({done[-1]}) made no move"

    assert set(curtains) == set(PEOPLE.values()), "a curtain for each person"
    assert {"roll", "place"} <= set(done)
    outcome = play.match.outcome()
    assert outcome is not None and len(outcome.winners) == 1
    assert app.top.summary


def _ola_at(
    app: App, driver: Driver, state: IslandState, *actions: BaseModel
) -> tuple[PlayScene, IslandScreen]:
    """Ola (red, alone at the screen with the computers) at an arranged race, after `actions`."""
    options = TITLE.make_options(
        None, {"red": SeatConfig(name="Ola"), "blue": SeatConfig(name="Jan", bot="random")}
    )
    match = Match(TITLE, options, seed=2)
    match.state = state
    for action in actions:
        match.act(action)
    play = PlayScene(app, match, viewer="red", autosave=False)
    app.reset(play)
    app.bot_delay = 1e9
    driver.frames()
    return play, _screen(play)


def _fight(app: App, driver: Driver) -> tuple[PlayScene, IslandScreen]:
    """Red in a fight, holding a grenade and a knife."""
    fields = {"red": 30, "blue": 32, "green": 8, "yellow": 16}
    state = arranged(
        current="red", fields=fields, equipment={"red": ("grenade", "knife"), "blue": ("pistol",)}
    )
    hostile = ChooseEncounter(card="hostility")
    return _ola_at(app, driver, next_roll(state, 3), Roll(), hostile, hostile)


def test_equipment_is_picked_on_the_cards_then_the_fight_button(app: App, driver: Driver) -> None:
    play, screen = _fight(app, driver)
    assert play.match.to_act() == "red"
    tiles = [screen.layout.tile(4, i) for i in range(2)]
    driver.click_at(tiles[0].center)
    driver.click_at(tiles[1].center)
    assert screen.picked == {0, 1}
    assert screen.buttons[0].action == Arm(cards=("grenade", "knife"))
    driver.click_at(tiles[0].center)
    assert screen.picked == {1} and screen.buttons[0].action == Arm(cards=("knife",))
    driver.click_at(tiles[0].center)
    driver.click_at(screen.buttons[0].rect.center)
    assert play.match.to_act() == "blue"
    state = play.match.state
    assert state.encounter is not None and state.encounter.armed["red"] == ("grenade", "knife")  # type: ignore[attr-defined]


def test_a_click_on_nothing_lit_does_nothing_and_the_help_follows_the_decision(
    app: App, driver: Driver
) -> None:
    play, screen = _fight(app, driver)
    before = len(play.match.actions)
    driver.click_at(screen.layout.field_rect(0).center)
    driver.click_at(screen.layout.island_rect().center)
    assert len(play.match.actions) == before
    assert screen.help_key() == "island.help.arm"
    assert app.ctx.t(screen.help_key()) != screen.help_key()
    driver.key(pygame.K_F1)
    assert play.help_open


def test_the_last_movers_route_stays_on_the_board_until_the_next_roll(app: App, driver: Driver) -> None:
    fields = {"red": 1, "blue": 30, "green": 20, "yellow": 40}
    state = next_roll(arranged(current="red", fields=fields, transport={"red": ("helicopter",)}), 4)
    play, screen = _ola_at(app, driver, state)
    driver.click_at(_button(screen, Roll))
    assert screen.trail == [(2, False)] and screen.trail_seat == "red"
    driver.click_at(screen.layout.field_rect(12).center)  # the helicopter to the airport at 12
    route = [(2, False), (12, True), (13, False), (14, False), (15, False)]
    assert screen.trail == route
    driver.click_at(_button(screen, Stay))  # the harbour at 15: stay
    assert play.match.to_act() == "blue", "Red's turn is over"
    assert screen.trail == route and screen.trail_seat == "red", "his route stays on the board"
