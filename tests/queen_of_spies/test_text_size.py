"""Queen of Spies' table draws no text below `MIN_TEXT` (issue 29, point 5: it drew 9-13
px in a 1280x720 window) and cuts none short (issue 29, point 4: "frees all p…",
"uwalnia wi…"), in every story, early, late and at its end, in English and Polish, with
the pointer over each card (its tooltip) and on a crowded table.

Every text the table's drawing renders is noted with the size of its font: the canvas is
scaled to the window, and `MIN_TEXT` (18 px on the canvas) is 14.4 px in a 1280x720 one.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app import App
from game.queen_of_spies import pieces, screen, town
from game.queen_of_spies.screen import QueenScreen
from game.scenes.play_bar import TABLE
from game.ui import fit
from game.ui.fit import ELLIPSIS
from game.ui.seat_view import SeatView
from game.ui.theme import MIN_TEXT
from rules.core import Match
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.content import load_content
from tests.queen_of_spies.helpers import bot_game, story

MOMENTS = (0, 25, 60, 10_000)
"""Bot actions played before each look at the table (the last: to the game's end)."""


@pytest.fixture
def written(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str]]:
    """Every text the table's modules draw: the size of its font and the text."""
    found: list[tuple[int, str]] = []
    for module in (screen, town, pieces, fit):
        real = module.text

        def text(
            surface: pygame.Surface, font: pygame.font.Font, content: str, *args: Any, _real: Any = real
        ) -> pygame.Rect:
            found.append((font.point_size, content))
            rect: pygame.Rect = _real(surface, font, content, *args)
            return rect

        monkeypatch.setattr(module, "text", text)
    return found


def look(app: App, match: Match, language: str) -> QueenScreen:
    """The table drawn, then its tooltip over every card."""
    app.translator.set_language(language)
    table = QueenScreen(app.ctx, SeatView.of(match, "player"), TABLE.copy())
    canvas = pygame.Surface((1600, 900))
    table.draw(canvas)
    for card in [t for t in table.targets if t.kind == "card"]:
        table.hover = card.rect.center
        table.draw_live(canvas)
    return table


def small_or_cut(written: list[tuple[int, str]]) -> list[str]:
    return sorted(
        {
            f"{size} px: {content!r}"
            for size, content in written
            if content.strip() and (size < MIN_TEXT or content.endswith(ELLIPSIS))
        }
    )


@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize("story_id", TITLE.scenarios)
def test_no_text_below_min_text_nor_cut_in_a_whole_game(
    app: App, written: list[tuple[int, str]], story_id: str, language: str
) -> None:
    for match in bot_game(story_id, MOMENTS, 7):
        written.clear()
        look(app, match, language)
        assert written, "the table drew its texts"
        assert not small_or_cut(written), f"{story_id}, over: {match.to_act() is None}"


@pytest.mark.parametrize("language", ["en", "pl"])
def test_no_text_below_min_text_on_a_crowded_table(
    app: App, written: list[tuple[int, str]], language: str
) -> None:
    """Seven operatives in hand, four prisoners (two in despair), every item at the Safe House."""
    operatives = [c.id for c in load_content().operatives]
    match = Match(TITLE, TITLE.default_options("rescuing-the-prisoners"), 5)
    match.state = story(
        "rescuing-the-prisoners",
        hand=tuple(operatives[:7]),
        jail=("hale", "lambert", "oconnor", "marthe"),
        despair={"lambert": 3, "oconnor": 2},
        items={item.id: "safe_house" for item in load_content().items},
    )
    table = look(app, match, language)
    assert len([t for t in table.targets if t.kind == "hand"]) == 7
    assert len([t for t in table.targets if t.kind == "item"]) == len(load_content().items)
    assert not small_or_cut(written)
