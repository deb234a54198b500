"""Once the hint has come, "Thinking about a hint…" is gone: the toast that waited for it
stood on beside the hint, saying the opposite (issue 29); the hint's toast hides none of
the table's buttons nor what the hint rings (Stawka's Hotel Excelsior during an activation,
where the hinted move is one of the side menu's buttons)."""

from __future__ import annotations

import time

import pygame
import pytest

from game.scenes.play import PlayScene
from game.stawka.screen import StawkaScreen
from game.ui.toast import TEXT_WIDTH
from tests.ui import gallery
from tests.ui.party_scenes import party_app, show


@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_hint_replaces_the_thinking_and_hides_no_button(language: str) -> None:
    with party_app(language) as app:
        play = show(app, gallery.SCENES["table-stawka-hotel"])
        assert isinstance(play, PlayScene)
        play.ask_hint()
        thinking = play.ctx.t("app.play.hint_thinking")
        assert [toast.text for toast in play.toasts.items] == [thinking]
        deadline = time.monotonic() + 60
        while play.screen.hint is None:
            assert time.monotonic() < deadline, "no hint came"
            app.frame(1 / 60, events=[])
            time.sleep(0.01)
        hint = play.ctx.t("app.play.hint_shown", move=play.screen.hint_text(play.screen.hint))
        assert [toast.text for toast in play.toasts.items] == [hint]
        app.frame(1 / 60, events=[])
        (box,) = play.toasts.shown
        assert isinstance(play.screen, StawkaScreen)
        marks = list(play.screen.hint_marks(play.screen.hint))
        assert marks, "the hint rings what to click"
        kept = [*marks, *play.screen.keep_clear(), *(widget.rect for widget in play.controls.values())]
        assert not [rect for rect in kept if rect.colliderect(box)]
        # Nor the stage track and the networks' rows: it stood at the top over them (issue 29).
        sides = play.screen.table.sides
        glance = [pygame.Rect(sides.x, sides.y, sides.width, 36)]
        glance += [play.screen.side_row(seat) for seat in ("polish", "german")]
        assert not [rect for rect in glance if rect.colliderect(box)], (box, glance)
        assert box.width <= TEXT_WIDTH + 40, "a long hint wraps onto lines"
