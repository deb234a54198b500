"""No text below `MIN_TEXT` on the 1600x900 canvas (issue 11, point 7; issue 29, point 5:
18 px, 14.4 px in a 1280x720 window): every font the play scene and the Stawka table
open while they draw, with an
agent's document and the player's cards open under the pointer, in both languages, for
the boards of every shape."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.scenes.play import PlayScene
from game.scenes.play_files import bot_played_match
from game.settings import Settings
from game.stawka.screen import StawkaScreen
from game.ui.fonts import Fonts
from game.ui.theme import MIN_TEXT


@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize("scenario", ["training-1", "training-3", "i-know-who-you-are", "top-secret"])
def test_the_stawka_table_draws_no_text_below_the_smallest_size(
    scenario: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: set[int] = set()
    real = Fonts.__call__

    def font(self: Fonts, size: int, bold: bool = False) -> pygame.font.Font:
        opened = real(self, size, bold)
        asked.add(opened.point_size)
        return opened

    monkeypatch.setattr(Fonts, "__call__", font)
    app = App(Settings(language=language, animation_speed=0.0))
    try:
        match = bot_played_match("stawka", scenario, seed=3, steps=30)
        play = PlayScene(app, match, viewer=match.to_act() or match.seats()[0], autosave=False)
        app.reset(play)
        app.frame(1 / 60, events=[])
        screen = play.screen
        assert isinstance(screen, StawkaScreen)
        view = screen.stawka_view
        assert screen.seat is not None
        for point in (
            next(iter(screen.board.agent_points(view).values())),
            screen.side_row(screen.seat).center,
        ):
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
            )
            app.frame(1 / 60)
        assert screen.hover_cards, "the cards were drawn too"
        assert asked, "the drawing was watched"
        assert screen.smallest_text == MIN_TEXT
        assert min(asked) >= MIN_TEXT, sorted(asked)
    finally:
        while app.scenes:
            app.scenes.pop().exit()
