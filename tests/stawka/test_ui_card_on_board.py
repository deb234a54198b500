"""A location card that puts a figure on a space the player picks is one button, and its
spaces are clicked on the board: "Waterfront: Boat" ("move this agent to any street space
of this sector") gave fourteen buttons alike in Hotel Excelsior, each "the streets of
Waterfront sector" (issue 29, helper's report: sixteen in Godzina policyjna)."""

from __future__ import annotations

import pygame

from game.app import App
from game.scenes.play import PlayScene
from game.stawka.screen import StawkaScreen
from rules.core import Match
from rules.stawka.actions import PlayLocationCard
from rules.stawka.options import StawkaOptions
from rules.stawka.title import TITLE
from tests.driver import Driver
from tests.stawka.build import in_activations
from tests.stawka.cards import in_hand

HOTEL = "hotel-excelsior"
BOAT = "polish-waterfront"


def prepared(app: App) -> tuple[Match, PlayScene, StawkaScreen, Driver]:
    state = in_activations({"kloss": "waterfront", "fritz_kopf": "gestapo"}, scenario=HOTEL)
    match = Match(TITLE, StawkaOptions(scenario=HOTEL), 1)
    match.state = in_hand(state, "polish", BOAT)
    play = PlayScene(app, match, viewer="polish", autosave=False)
    app.reset(play)
    driver = Driver(app)
    driver.frames(2)
    screen = play.screen
    assert isinstance(screen, StawkaScreen)
    driver.click_at(screen.agent_row("kloss").center)
    assert screen.selected == "kloss"
    return match, play, screen, driver


def boat_plays(match: Match) -> list[PlayLocationCard]:
    return [a for a in TITLE.legal_actions(match.state) if isinstance(a, PlayLocationCard) and a.card == BOAT]


def boat_buttons(screen: StawkaScreen) -> list[tuple[pygame.Rect, PlayLocationCard]]:
    return [
        (rect, offer.action)
        for rect, offer in screen.menu.buttons
        if isinstance(offer.action, PlayLocationCard) and offer.action.card == BOAT
    ]


def test_the_boat_is_one_button_and_its_street_spaces_are_clicked_on_the_board(app: App) -> None:
    match, _, screen, driver = prepared(app)
    plays = boat_plays(match)
    assert len(plays) > 2, "the boat goes to any street space of the sector"
    buttons = boat_buttons(screen)
    assert len(buttons) == 1, [screen.menu.label(offer) for _, offer in screen.menu.buttons]
    rect, _ = buttons[0]
    words = next(screen.menu.label(offer) for r, offer in screen.menu.buttons if r == rect)
    assert words.endswith(app.ctx.t("stawka.ui.act.lit_space")), words
    assert screen.menu.pages() == 1

    look = screen._board_look()
    driver.click_at(rect.center)
    assert match.actions == [], "pressing the card plays nothing yet"
    assert screen._board_look() != look, "the board is drawn again with the card's spaces lit"
    lit = screen.targets()
    assert set(lit) == {play.space for play in plays}
    assert screen.menu.hint == app.ctx.t("stawka.ui.card_pick", card=screen.labels.card(BOAT))

    target = plays[-1]
    assert target.space is not None
    driver.click_at(screen.board.space_point(target.space))
    assert match.actions == [target]


def test_right_click_puts_the_card_down(app: App) -> None:
    match, _, screen, driver = prepared(app)
    rect, _ = boat_buttons(screen)[0]
    driver.click_at(rect.center)
    assert screen.card_pick is not None
    pos = app.logical_to_window(screen.board_rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
    driver.frames(2)
    assert screen.card_pick is None and screen.selected == "kloss"
    assert not any(isinstance(a, PlayLocationCard) for a, _ in screen.targets().values())
    assert match.actions == []


def test_the_hint_rings_the_cards_button_then_its_space(app: App) -> None:
    match, _, screen, driver = prepared(app)
    plays = boat_plays(match)
    hinted = plays[3]
    screen.show_hint(hinted)
    driver.frames(1)
    marks = screen.hint_marks(hinted)
    assert marks[1] == boat_buttons(screen)[0][0], "the card's button after the agent"
    for mark in marks:
        driver.click_at(mark.center)
    assert match.actions == [hinted]
