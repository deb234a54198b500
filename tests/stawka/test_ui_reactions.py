"""Reaction windows at one screen leak nothing (issue 13): what the acting player sees after
his move - the curtain, the frames, the table once he is back - is the same whether or
not the other player holds a card that could answer it, with or without the "skip
reaction windows" setting."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.play import PlayScene
from rules.core import Match
from rules.core.components import Hand
from rules.stawka.actions import Move, PlayReaction
from rules.stawka.state import ReactionWindow, StawkaState
from rules.stawka.title import TITLE
from tests.driver import Driver
from tests.stawka.build import in_activations

PLAYABLE = "reaction-02"
"""A red card: it answers a move."""
UNPLAYABLE = "reaction-22"
"""A yellow card: it answers only a conversation."""


def _match(held: str) -> Match:
    state = in_activations(
        {"bruno_dreher": "hotel", "jacek": "gestapo", "kloss": "theatre", "hermann_brunner": "gestapo"},
        turn="german",
        scenario="training-3",
    )
    polish = state.sides["polish"].model_copy(update={"reaction_hand": Hand(cards=(held,), limit=3)})
    match = Match(TITLE, TITLE.default_options("training-3"), 1)
    match.state = state.with_side("polish", polish)
    return match


def _frame(app: App) -> bytes:
    surface = pygame.display.get_surface()
    assert surface is not None
    return pygame.image.tobytes(surface, "RGB")


def _move_and_watch(app: App, held: str) -> tuple[list[str], bytes, Match]:
    """The German moves Bruno Dreher; what the screen shows until the German is back at it."""
    driver = Driver(app)
    match = _match(held)
    play = PlayScene(app, match, viewer="german", autosave=False)
    app.reset(play)
    driver.frames(2)
    state = match.state
    assert isinstance(state, StawkaState)
    move = next(a for a in TITLE.legal_actions(state) if isinstance(a, Move) and a.agent == "bruno_dreher")
    play.submit(move)
    seen: list[str] = []
    for _ in range(10):
        driver.frames(2)
        top = app.top
        if isinstance(top, CurtainScene):
            seen.append("curtain")
            # Behind the curtain the pixels must not tell whose card it is.
            seen.append(str(hash(_frame(app))))
            driver.click(top.reveal)
            continue
        assert top is play
        if play.viewer == "polish":
            state = match.state
            assert isinstance(state, StawkaState)
            assert isinstance(state.pending[-1], ReactionWindow)
            play.submit(PlayReaction())
            seen.append("polish let it be")
            continue
        break
    assert play.viewer == "german" and match.to_act() == "german"
    driver.frames(2)
    return seen, _frame(app), match


@pytest.mark.parametrize("skip", [False, True])
def test_the_acting_player_sees_the_same_whatever_the_other_hand_holds(app: App, skip: bool) -> None:
    app.settings.skip_reaction_windows = skip
    seen_playable, frame_playable, match = _move_and_watch(app, PLAYABLE)
    assert "stawka.no_reaction" in [e.key for e in match.log]
    seen_unplayable, frame_unplayable, _ = _move_and_watch(app, UNPLAYABLE)
    assert seen_playable == seen_unplayable
    assert frame_playable == frame_unplayable
    if skip:
        assert seen_playable == [], "a skipped window raises no curtain"
    else:
        assert "polish let it be" in seen_playable
