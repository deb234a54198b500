""" "Hotel Excelsior" by clicks, headless: the Polish side reaches 15 VP, the hotel opens, and
Kloss, in the hotel with the key to room 217 and a Top Secret card, plays the hotel card
and wins (rulebook, "Film Scenario: Hotel Excelsior", Room 217 and Victory Conditions)."""

from __future__ import annotations

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.game_over import GameOverScene
from game.scenes.play import PlayScene
from game.stawka.screen import StawkaScreen
from rules.core import Match
from rules.stawka.actions import EndActivation, GiveUp, ItemAsEvidence, PlayLocationCard, Search, StawkaAction
from rules.stawka.options import StawkaOptions
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from tests.driver import Driver
from tests.stawka.build import in_activations
from tests.stawka.cards import in_hand
from tests.stawka.test_ui import press

HOTEL = "hotel-excelsior"
HOTEL_CARD = PlayLocationCard(agent="kloss", card="polish-hotel")


def prepared() -> Match:
    """14 VP and a full purple track for the Polish side; Georg in the theatre over a camera
    (3 purple evidence); Kloss in the hotel with the key and a Top Secret card, the hotel
    card in hand."""
    state = in_activations(
        {"georg": "theatre", "kloss": "hotel", "fritz_kopf": "gestapo", "johannes_lemner": "park"},
        scenario=HOTEL,
        evidence={"polish": {"purple": 10}},
        items={"kloss": ("hotel-5",)},
    )
    state = state.with_agent(state.agent("kloss").model_copy(update={"top_secret": 1}))
    state = state.with_side("polish", state.sides["polish"].model_copy(update={"vp": 14}))
    state = state.model_copy(update={"stacks": {**state.stacks, "theatre": ("theatre-4", "theatre-2")}})
    match = Match(TITLE, StawkaOptions(scenario=HOTEL), 1)
    match.state = in_hand(state, "polish", "polish-hotel", "polish-park")
    return match


def menu_actions(screen: StawkaScreen) -> list[StawkaAction]:
    return [offer.action for _, offer in screen.menu.buttons]


def test_15_vp_open_the_hotel_and_room_217_wins(app: App) -> None:
    driver = Driver(app)
    match = prepared()
    play = PlayScene(app, match, viewer="polish", autosave=False)
    app.reset(play)
    driver.frames(2)
    screen = play.screen
    assert isinstance(screen, StawkaScreen)

    # Below 15 VP: Kloss, selected in the hotel, is offered neither the hotel card nor a search.
    driver.click_at(screen.agent_row("kloss").center)
    assert screen.selected == "kloss"
    assert HOTEL_CARD not in menu_actions(screen) and Search(agent="kloss") not in menu_actions(screen)
    assert screen.stawka_view.room_217 is not None
    assert screen.stawka_view.room_217.unlocked["polish"] is False

    # Georg searches the theatre and discards the camera as evidence: 3 beyond the tenth.
    driver.click_at(screen.agent_row("georg").center)
    press(driver, screen, [Search(agent="georg")])
    press(driver, screen, [ItemAsEvidence(colour="purple")])
    state = match.state
    assert isinstance(state, StawkaState)
    assert state.sides["polish"].vp == 17
    assert screen.stawka_view.room_217.unlocked["polish"] is True

    # Georg ends his activation, the German player gives up the stage; back at the screen,
    # Kloss plays the hotel card.
    press(driver, screen, [EndActivation()])
    for _ in range(10):
        top = app.top
        if isinstance(top, CurtainScene):
            driver.click(top.reveal)
            screen = play.screen  # drawn anew for the person who came to the screen
            assert isinstance(screen, StawkaScreen)
            continue
        assert top is play
        if match.to_act() == "german":
            press(driver, screen, [GiveUp()])
            continue
        if screen.selected != "kloss":
            driver.click_at(screen.agent_row("kloss").center)
        break
    assert match.to_act() == "polish" and match.state.sides["german"].gave_up
    press(driver, screen, [HOTEL_CARD])
    driver.frames(4)
    state = match.state
    assert isinstance(state, StawkaState)
    assert (state.winner, state.end_key) == ("polish", "stawka.end.room_217")
    assert isinstance(app.top, GameOverScene)
