"""The Queen of Spies table's geometry at 1600x900: every card's title, time and effects fit
the card apart from its task slots and the operatives on them, and the hand, the Jail, the
Safe House and the drawn tokens stay in their panels when they are crowded, in English and
in Polish.

What is checked is what `QueenScreen.draw` actually draws: its text and markers are recorded.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.app import App
from game.queen_of_spies import card_face, pieces, town
from game.queen_of_spies import screen as screen_module
from game.queen_of_spies.screen import SIDE_X, QueenScreen
from game.queen_of_spies.town import Target
from game.scenes.play_bar import TABLE
from game.ui.seat_view import SeatView
from game.ui.theme import MIN_TEXT
from rules.core import Match
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.content import Token, load_content
from rules.queen_of_spies.state import QueenState
from tests.queen_of_spies.helpers import bot_game, story

MOMENTS = (0, 15, 40, 80)
"""Bot actions played before each look at the table."""


class Drawn:
    """The text and markers one `draw` put on the canvas."""

    def __init__(self) -> None:
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.markers: list[pygame.Rect] = []
        self.tokens: list[pygame.Rect] = []


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    record = Drawn()
    real_text, real_marker, real_token = screen_module.text, pieces.marker, pieces.token

    def text(surface: pygame.Surface, font: pygame.font.Font, content: str, *args: Any) -> pygame.Rect:
        rect = real_text(surface, font, content, *args)
        record.texts.append((content, rect))
        return rect

    def marker(surface: pygame.Surface, colour: Any, centre: tuple[int, int], radius: int = 5) -> None:
        real_marker(surface, colour, centre, radius)
        record.markers.append(pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius))

    def token(surface: pygame.Surface, font: Any, kind: Token, centre: tuple[int, int], radius: int) -> None:
        real_token(surface, font, kind, centre, radius)
        record.tokens.append(pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius))

    monkeypatch.setattr(screen_module, "text", text)
    monkeypatch.setattr(town, "text", text)
    monkeypatch.setattr(pieces, "marker", marker)
    monkeypatch.setattr(pieces, "token", token)
    yield record


def _screen(app: App, match: Match, language: str) -> QueenScreen:
    app.translator.set_language(language)
    return QueenScreen(app.ctx, SeatView.of(match, "player"), TABLE.copy())


def _draw(screen: QueenScreen, drawn: Drawn) -> None:
    drawn.texts.clear()
    drawn.markers.clear()
    drawn.tokens.clear()
    screen.draw(pygame.Surface((1600, 900)))


def _slots(screen: QueenScreen, card: Target) -> list[pygame.Rect]:
    return [t.rect for t in screen.targets if t.kind == "slot" and t.key.startswith(card.key + "#")]


@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize("story_id", TITLE.scenarios)
def test_every_card_face_fits_its_card(app: App, drawn: Drawn, story_id: str, language: str) -> None:
    """Each card's title (whole), time, effects and task slots lie inside it, apart."""
    for match in bot_game(story_id, MOMENTS, 3):
        screen = _screen(app, match, language)
        _draw(screen, drawn)
        cards = [t for t in screen.targets if t.kind == "card"]
        assert cards
        for card in cards:
            face = screen.face(card)
            full = screen.name(card.item) if card.item else screen.name(card.location)
            where = f"{story_id}/{language}: {card.key}"
            assert 1 <= len(face.title) <= card_face.TITLE_LINES, where
            assert face.title_size >= MIN_TEXT, where  # issue 29, point 5
            # Nothing is cut: every word of the title is shown (the Jail's cards show the part in brackets).
            assert " ".join(line.text for line in face.title) in full, (
                f"{where}: {face.title} cut from {full!r}"
            )
            inside = [(text, r) for text, r in drawn.texts if card.rect.contains(r)]
            lines = [
                r for line in (*face.title, *face.effects) for text, r in inside if r.topleft == line.pos[:2]
            ]
            assert len(lines) >= len(face.title) + len(face.effects), (
                f"{where}: a line is not drawn where laid out"
            )
            clocks = [r for text, r in inside if text.startswith("◷")]
            slots = _slots(screen, card)
            tabs = [t.rect for t in screen.targets if t.kind == "placed" and card.rect.contains(t.rect)]
            marks = [m for m in drawn.markers if card.rect.contains(m)]
            for index, box in enumerate(lines):
                # Neighbouring lines share their blank pixel rows, never their letters.
                assert not any(box.clip(other).height > 2 for other in lines[index + 1 :]), (
                    f"{where}: lines overlap"
                )
                for thing in (*clocks, *slots, *tabs, *marks):
                    assert not box.colliderect(thing), f"{where}: a line {box} runs into {thing}"
            for line in face.title:
                assert all(line.pos[1] + MIN_TEXT <= slot.top for slot in slots), (
                    f"{where}: title over a slot"
                )


def _crowded(story_id: str) -> QueenState:
    """Seven operatives in hand, eight prisoners (three in despair), all eight items at the Safe House."""
    operatives = [c.id for c in load_content().operatives]
    return story(
        story_id,
        hand=tuple(operatives[:7]),
        jail=("hale", "dubois", "maclean", "vermeer", "oconnor", "lambert", "marthe", "felicia"),
        despair={"hale": 3, "oconnor": 2, "lambert": 1},
        items={item.id: "safe_house" for item in load_content().items},
    )


def _panel(screen: QueenScreen, name: str) -> pygame.Rect:
    return screen.panels[name]


@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize("story_id", ["rescuing-the-prisoners", "office-infiltration"])
def test_a_crowded_table_stays_inside_its_panels(
    app: App, drawn: Drawn, story_id: str, language: str
) -> None:
    match = Match(TITLE, TITLE.default_options(story_id), 5)
    match.state = _crowded(story_id)
    screen = _screen(app, match, language)
    screen.drawn = [("marthe", kind) for kind in (*Token, *Token)][:9]
    _draw(screen, drawn)
    assert screen.rect.bottom <= 900 - 56 and screen.rect.right <= 1600

    hand = [t.rect for t in screen.targets if t.kind == "hand"]
    assert len(hand) == 7
    for index, card in enumerate(hand):
        assert screen.rect.contains(card) and card.right <= screen.rect.x + SIDE_X
        assert all(not card.colliderect(other) for other in hand[index + 1 :])
        names = [r for text, r in drawn.texts if r.colliderect(card)] or [card]
        assert all(card.contains(r) for r in names), "an operative's card text leaves the card"

    panels = list(screen.panels.values())
    assert [*screen.panels] == ["bag", "drawn", "jail", "safe", "story"]
    for index, panel in enumerate(panels):
        assert screen.rect.contains(panel) and panel.x == screen.rect.x + SIDE_X
        assert all(not panel.colliderect(other) for other in panels[index + 1 :]), "two panels overlap"
    jail = _panel(screen, "jail")
    prisoners = [t for t in screen.targets if t.kind == "prisoner"]
    assert len(prisoners) == 8
    for prisoner in prisoners:
        assert jail.contains(prisoner.rect), f"{prisoner.key} leaves the Jail panel"
        texts = [r for _, r in drawn.texts if r.colliderect(prisoner.rect)]
        assert texts and all(prisoner.rect.contains(r) for r in texts)
        for mark in (m for m in drawn.markers if m.colliderect(prisoner.rect)):
            assert all(not mark.colliderect(r) for r in texts), f"{prisoner.key}'s name runs into despair"

    safe = _panel(screen, "safe")
    items = [t.rect for t in screen.targets if t.kind == "item"]
    assert len(items) == len(load_content().items)
    for index, chip in enumerate(items):
        assert safe.contains(chip), "an item leaves the Safe House panel"
        assert all(not chip.colliderect(other) for other in items[index + 1 :])

    strip = _panel(screen, "drawn")
    tokens = [r for r in drawn.tokens if strip.colliderect(r)]
    assert len(tokens) == 9
    assert all(strip.contains(r) for r in tokens), "a drawn token leaves its panel"
    labels = [r for _, r in drawn.texts if strip.contains(r)]
    assert all(not a.colliderect(b) for i, a in enumerate(labels) for b in labels[i + 1 :])
