"""Queen of Spies' cards say what they do on the table, not only under the pointer (issue 11,
point 7): in the Introduction's opening town every location card that is checked shows
its success (✓) and failure (✗) lines, an item card alone beside its location its use,
and the pointer over an item card gives its use in full, in English and Polish."""

from __future__ import annotations

import pytest

from game.app import App
from game.queen_of_spies.screen import QueenScreen
from game.scenes.play_bar import TABLE
from game.ui.seat_view import SeatView
from rules.core import Match
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.content import load_content
from tests.ui.geometry import recording


def opening(app: App, language: str) -> QueenScreen:
    app.translator.set_language(language)
    return QueenScreen(
        app.ctx, SeatView.of(Match(TITLE, TITLE.default_options("introduction"), 1), "alice"), TABLE
    )


@pytest.mark.parametrize("language", ["en", "pl"])
def test_every_checked_location_shows_its_success_and_failure(
    app: App, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = opening(app, language)
    with recording(monkeypatch) as drawn:
        screen.paint(app.canvas, app.canvas.copy())
    shown = {content for content, _ in drawn.table_boxes()}
    checked = [
        t
        for t in screen.targets
        if t.kind == "card" and t.item is None and load_content().location(t.location).checked
    ]
    assert len(checked) >= 10
    for card in checked:
        location = load_content().location(card.location)
        face = screen.face(card)
        expected = {"✓"} | ({"✗"} if location.failure else set())
        assert {line.mark for line in face.effects} == expected, card.key
        assert screen.t("ui.success_line", text=screen._effects(location.success)) in {
            line.tip for line in face.effects
        }, card.key
        for line in face.effects:
            words = line.text.removeprefix(line.mark).strip()
            assert words and words in shown, f"{card.key}: {words!r} not drawn"


@pytest.mark.parametrize("language", ["en", "pl"])
def test_an_item_card_shows_its_use_and_the_pointer_gives_it_whole(
    app: App, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = opening(app, language)
    disguise = next(t for t in screen.targets if t.kind == "card" and t.item == "disguise")
    use = screen.t("ui.use_line", text=screen.t("use.stealth", amount=2))
    assert {line.tip for line in screen.face(disguise).effects} == {use}
    with recording(monkeypatch) as drawn:
        screen.paint(app.canvas, app.canvas.copy())
        screen.hover = (disguise.rect.right - 4, disguise.rect.y + 2)
        assert screen.tips.under(screen.hover) is None, "a corner with nothing else to say"
        screen.draw_live(app.canvas)
    assert use in {content for content, _ in drawn.texts}
