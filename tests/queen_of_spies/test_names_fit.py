"""Every operative's name reads whole on the table (issue 11, point 3): on every task of
every card, alone or beside another, at `MIN_TEXT` (issue 29, point 5), in English and Polish.

Two long names on one task of a low card (the item cards stacked beside a Country House,
the first task of the Jail's Smuggle and Breakout) go one under the other: an item card
with operatives on it takes the height they need from the cards stacked with it, and a
card's effects give way to its tasks' rows (they stay in the card's tooltip)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.app import App
from game.queen_of_spies import pieces
from game.queen_of_spies.screen import QueenScreen
from game.scenes.play_bar import TABLE
from game.settings import Settings
from game.ui.seat_view import SeatView
from game.ui.theme import MIN_TEXT
from rules.core import Match
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.state import Assignment, Placement, QueenState
from tests.ui.geometry import recording

LONGEST = ("bernadette", "chantell")
"""The two operatives with the widest names, placed together on one task."""


@pytest.fixture(params=["en", "pl"])
def app(request: pytest.FixtureRequest, siatka_home: object) -> Iterator[App]:
    app = App(Settings(language=request.param))
    yield app
    while app.scenes:
        app.scenes.pop().exit()


def placed_everywhere(story: str) -> Iterator[tuple[str, Match]]:
    """The story's opening table with the widest names placed on one task after another,
    alone and together (the state built directly: the table draws whatever it is given)."""
    match = Match(TITLE, TITLE.default_options(story), 1)
    start = match.state
    assert isinstance(start, QueenState)
    for site in TITLE.view(start, "alice").sites:
        for task in range(max(1, len(site.tasks))):
            for placed in (LONGEST[:1], LONGEST):
                placements = tuple(Placement(operative=o, task=task) for o in placed)
                assignment = Assignment(location=site.location, item=site.item, placements=placements)
                match.state = start.model_copy(update={"assignments": (assignment,)})
                yield f"{site.location}/{site.item}#{task} {placed}", match


@pytest.mark.parametrize("story", ["introduction", "office-infiltration"])
def test_operative_names_are_whole_on_every_task(
    app: App, story: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert pieces.CHIP_FONT >= MIN_TEXT
    for where, match in placed_everywhere(story):
        screen = QueenScreen(app.ctx, SeatView.of(match, "alice"), TABLE)
        with recording(monkeypatch) as drawn:
            screen.paint(app.canvas, app.canvas.copy())
        shown = {content for content, _ in drawn.table_boxes()}
        tabs = [t for t in screen.targets if t.kind == "placed"]
        assert len(tabs) == where.count("'") // 2, where
        for tab in tabs:
            name = screen.name(tab.key)
            assert name in shown, f"{where}: {name} not drawn whole"
            card = next(
                t.rect
                for t in screen.targets
                if t.kind == "card" and t.location == tab.location and t.item == tab.item
            )
            assert card.contains(tab.rect), f"{where}: {name}'s tab {tab.rect} leaves its card {card}"
        for index, tab in enumerate(tabs):
            for other in tabs[index + 1 :]:
                assert not tab.rect.colliderect(other.rect), f"{where}: two tabs overlap"
