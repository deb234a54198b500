"""Your cards at the table (issue 13): pointing at your own row among the players shows
every location and reaction card you hold with its whole text; nothing of the
opponent's, whose hand the view holds only as a count."""

from __future__ import annotations

import pygame

from game.app import App
from game.scenes.play import PlayScene
from game.stawka.screen import StawkaScreen
from rules.core import Match
from rules.core.components import Hand
from rules.stawka.location_cards import location_card
from rules.stawka.reactions import reaction_card
from rules.stawka.title import TITLE
from tests.driver import Driver
from tests.stawka.build import in_activations
from tests.stawka.cards import in_hand

LOCATIONS = ("polish-police_station", "polish-theatre")
REACTIONS = ("reaction-03", "reaction-25")
"""Reaction-03's Polish half (an ambush) differs from its German half (seen): the panel shows
the holder's."""


def _table(app: App, viewer: str) -> tuple[PlayScene, StawkaScreen, Driver]:
    """The Polish player holds the cards; `viewer` is at the screen, his turn."""
    state = in_activations(
        {"jacek": "gestapo", "kloss": "theatre", "bruno_dreher": "hotel", "hermann_brunner": "gestapo"},
        turn=viewer,
        scenario="training-3",
    )
    state = in_hand(state, "polish", *LOCATIONS)
    polish = state.sides["polish"].model_copy(update={"reaction_hand": Hand(cards=REACTIONS, limit=3)})
    match = Match(TITLE, TITLE.default_options("training-3"), 1)
    match.state = state.with_side("polish", polish)
    play = PlayScene(app, match, viewer=viewer, autosave=False)
    app.reset(play)
    driver = Driver(app)
    driver.frames(2)
    screen = play.screen
    assert isinstance(screen, StawkaScreen) and screen.seat == viewer
    return play, screen, driver


def _point(app: App, driver: Driver, pos: tuple[int, int]) -> bytes:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=app.logical_to_window(pos), rel=(0, 0), buttons=(0, 0, 0))
    )
    driver.frames(2)
    surface = pygame.display.get_surface()
    assert surface is not None
    return pygame.image.tobytes(surface, "RGB")


def test_pointing_at_your_row_shows_your_cards_with_their_whole_texts(app: App) -> None:
    _, screen, driver = _table(app, "polish")
    away = _point(app, driver, (screen.side_rect.centerx, screen.side_rect.bottom - 4))
    assert not screen.hover_cards
    shown = _point(app, driver, screen.side_row("polish").center)
    assert screen.hover_cards and shown != away, "the panel is drawn over the table"

    entries = screen.cards.entries(screen.stawka_view, "polish")
    texts = [body for _, _, _, body in entries]
    assert texts == [location_card(c).text.en for c in LOCATIONS] + [
        reaction_card(c).polish.text.en for c in REACTIONS
    ]
    assert reaction_card("reaction-03").polish.text != reaction_card("reaction-03").german.text
    drawn = screen.cards.draw(
        pygame.Surface((1600, 900)), screen.stawka_view, "polish", screen.side_rect.x - 8, 100, screen.rect
    )
    assert drawn is not None and screen.rect.contains(drawn)


def test_the_opponent_sees_none_of_them(app: App) -> None:
    _, screen, driver = _table(app, "german")
    assert screen.cards.entries(screen.stawka_view, "polish") == []
    _point(app, driver, screen.side_row("polish").center)
    assert not screen.hover_cards, "another seat's row opens nothing"
    _point(app, driver, screen.side_row("german").center)
    assert screen.hover_cards and screen.cards.entries(screen.stawka_view, "german") == []
