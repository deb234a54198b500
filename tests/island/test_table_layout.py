"""What the race's table draws stays where it belongs: every text inside the table, the
column's texts inside the column, none running into another (six agents with long names,
English and Polish, at each kind of decision and at game over)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import cast

import pygame
import pytest

from game.app import App
from game.island import column, meeting, pieces, screen
from game.island.screen import IslandScreen
from game.scenes.play import PlayScene
from game.settings import Settings
from rules.core import Dice, Match, SeatConfig, seed_state
from rules.island import TITLE
from rules.island.actions import ChooseEncounter, Roll
from rules.island.state import IslandState
from tests.island.helpers import act, arranged, next_roll
from tests.ui import geometry
from tests.ui.geometry import Drawn, recording

LONG = {
    "red": "Aleksandra Wiśniewska-Kowalczyk",
    "blue": "Bartholomew Featherstonehaugh",
    "green": "Zofia",
    "yellow": "Krzysztof Brzęczyszczykiewicz",
    "violet": "Maximilian von Hohenzollern",
    "white": "Ola",
}
TABLE_MODULES = (column, meeting, screen, pieces)


def _match(stop: Callable[[IslandState], bool], seed: int) -> Match:
    options = TITLE.make_options(None, {s: SeatConfig(name=n) for s, n in LONG.items()}, {"players": 6})
    match = Match(TITLE, options, seed)
    bot = TITLE.make_bot("random", "red")
    dice = Dice(seed_state(seed))
    while match.to_act() is not None and not stop(cast(IslandState, match.state)):
        match.act(TITLE.bot_action(bot, match.state, dice))  # type: ignore[arg-type]
    return match


def _deciding(kind: str) -> Callable[[IslandState], bool]:
    return lambda state: bool(state.pending) and state.pending[-1].kind == kind


MOMENTS: dict[str, Callable[[IslandState], bool]] = {
    "place": _deciding("place"),
    "landing": _deciding("landing"),
    "passing": _deciding("passing"),
    "encounter": _deciding("encounter"),
    "arm": _deciding("arm"),
    "take_chips": _deciding("take_chips"),
    "over": lambda state: False,
}


def _problems(drawn: Drawn, table: IslandScreen) -> list[str]:
    own = [(content, rect) for content, rect in drawn.boxes() if table.rect.colliderect(rect)]
    problems = [f"{c!r} at {r} leaves the table" for c, r in own if not table.rect.contains(r)]
    area = table.layout.column
    problems += [
        f"{c!r} at {r} leaves the column" for c, r in own if r.colliderect(area) and not area.contains(r)
    ]
    box = table.layout.meeting_rect()  # the meeting floats over the board: its texts stay in it
    problems += [
        f"{c!r} at {r} leaves the meeting" for c, r in own if r.colliderect(box) and not box.contains(r)
    ]
    for index, (content, rect) in enumerate(own):
        for other, other_rect in own[index + 1 :]:
            if rect.colliderect(other_rect):
                problems.append(f"{content!r} at {rect} overlaps {other!r} at {other_rect}")
    return problems


@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_the_table_texts_fit_at_six_agents(
    moment: str, language: str, monkeypatch: pytest.MonkeyPatch, siatka_home: object
) -> None:
    monkeypatch.setattr(geometry, "DRAWING_MODULES", (*geometry.DRAWING_MODULES, *TABLE_MODULES))
    app = App(Settings(language=language, window_size=(1600, 900)))
    try:
        match = next(
            m
            for seed in range(1, 40)
            if (m := _match(MOMENTS[moment], seed)).to_act() is not None or moment == "over"
        )
        viewer = match.to_act() or "red"
        app.reset(PlayScene(app, match, viewer=viewer, autosave=False))
        app.bot_delay = 1e9
        app.frame(1 / 60, events=[])  # the board's still layer is drawn once, off the record
        table = getattr(app.top, "screen", None)
        assert isinstance(table, IslandScreen)
        with recording(monkeypatch) as drawn:
            table.draw_table(app.canvas)
        assert drawn.texts, "the table drew its texts"
        assert _problems(drawn, table) == []
    finally:
        while app.scenes:
            app.scenes.pop().exit()


def _seven_choices() -> IslandState:
    """Red lands on the airport at 2 holding a helicopter: a card, the free jump, an
    exchange, three flights and staying put."""
    state = arranged(6, "red", {"red": 1, **FAR}, transport={"red": ("helicopter",)})
    state, _ = act(next_roll(state, 1), Roll())
    assert len(TITLE.legal_actions(state)) == 7
    return state


def _six_colours() -> IslandState:
    """Red ambushes Blue, who holds microfilms of all six colours."""
    chips = {"blue": {seat: 2 for seat in LONG}}
    state = arranged(6, "red", {"red": 30, **FAR, "blue": 32}, chips=chips)
    state, _ = act(next_roll(state, 3), Roll())
    state, _ = act(state, ChooseEncounter(card="hostility"))
    state, _ = act(state, ChooseEncounter(card="friendship"))
    assert len(TITLE.legal_actions(state)) == 6
    return state


FAR = {"blue": 40, "green": 20, "yellow": 44, "violet": 12, "white": 16}


@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize("arrange", [_seven_choices, _six_colours])
def test_the_most_buttons_a_decision_has_fit_under_six_agents(
    arrange: Callable[[], IslandState], language: str, monkeypatch: pytest.MonkeyPatch, siatka_home: object
) -> None:
    """A landing's seven choices and a robbery's six colours stay on the table, readable."""
    monkeypatch.setattr(geometry, "DRAWING_MODULES", (*geometry.DRAWING_MODULES, *TABLE_MODULES))
    app = App(Settings(language=language, window_size=(1600, 900)))
    try:
        options = TITLE.make_options(None, {s: SeatConfig(name=n) for s, n in LONG.items()}, {"players": 6})
        match = Match(TITLE, options, 1)
        match.state = arrange()
        app.reset(PlayScene(app, match, viewer="red", autosave=False))
        app.bot_delay = 1e9
        app.frame(1 / 60, events=[])
        table = getattr(app.top, "screen", None)
        assert isinstance(table, IslandScreen)
        assert len(table.buttons) == len(TITLE.legal_actions(match.state))
        assert all(table.rect.contains(button.rect) for button in table.buttons)
        with recording(monkeypatch) as drawn:
            table.draw_table(app.canvas)
        assert _problems(drawn, table) == []
    finally:
        while app.scenes:
            app.scenes.pop().exit()


def test_the_meeting_panel_stands_in_the_sea_clear_of_the_board_s_pieces() -> None:
    """Issue 29, point 5: the meeting's panel grew for 18 px texts; it stays inside the sea
    (its rounded corners too), clear of every field and of the island, the stacks, the
    microfilms and the die, which stand where it is not."""
    from game.island.layout import FIELD_RADIUS, MEETING_CORNER, Layout
    from game.scenes.play_bar import TABLE
    from rules.island.content import load_content

    layout = Layout(TABLE.copy(), len(load_content().board.fields))
    box = layout.meeting_rect()
    inner = box.inflate(-2 * MEETING_CORNER, -2 * MEETING_CORNER)
    centre = pygame.Vector2(layout.centre)
    for corner in (inner.topleft, inner.topright, inner.bottomleft, inner.bottomright):
        assert centre.distance_to(corner) + MEETING_CORNER <= layout.sea_radius + 4, corner
    assert box.width >= 400, "room for two agents' names side by side"
    for field in range(layout.fields):  # a field's circle and the panel's rounded rectangle
        x, y = layout.field_centre(field)
        nearest = (min(max(x, inner.left), inner.right), min(max(y, inner.top), inner.bottom))
        assert math.dist((x, y), nearest) - MEETING_CORNER > FIELD_RADIUS, field
    pieces = [layout.island_rect(), layout.stack_rect(0), layout.stack_rect(1), layout.die_rect()]
    for index in range(6):
        chip = pygame.Rect(0, 0, 26, 26)
        chip.center = layout.reserve_centre(index, 6)
        pieces.append(chip)
    assert not any(box.colliderect(piece) for piece in pieces)


@pytest.mark.parametrize("language", ["en", "pl"])
def test_every_equipment_card_is_named_whole_in_the_hand(
    language: str, monkeypatch: pytest.MonkeyPatch, siatka_home: object
) -> None:
    """Issue 29, point 5: at 18 px 'Knuckleduster', 'Exploding attaché case' and 'Wybuchowa
    teczka' were cut on their cards in the hand; every card of the game, six to a hand, is
    named whole on its card."""
    from rules.island.content import load_content

    cards = sorted({entry.card for entry in load_content().equipment})
    app = App(Settings(language=language, window_size=(1600, 900)))
    try:
        for first in range(0, len(cards), 6):
            hand = tuple(cards[first : first + 6])
            names = {seat: SeatConfig(name=name) for seat, name in LONG.items()}
            options = TITLE.make_options(None, names, {"players": 6})
            match = Match(TITLE, options, 1)
            match.state = arranged(6, "red", {"red": 1, **FAR}, equipment={"red": hand})
            app.reset(PlayScene(app, match, viewer="red", autosave=False))
            app.bot_delay = 1e9
            app.frame(1 / 60, events=[])
            table = getattr(app.top, "screen", None)
            assert isinstance(table, IslandScreen)
            with recording(monkeypatch) as drawn:
                table.draw_table(app.canvas)
            area = table.layout.hand_rect(6)
            shown = [content for content, rect in drawn.texts if area.contains(rect)]
            assert not [content for content in shown if content.endswith("…")], shown
            words = " ".join(shown).split()
            for card in hand:
                name = app.ctx.t(f"island.value.{card}")
                assert all(word in words for word in name.split()), f"{name!r} not whole: {shown}"
    finally:
        while app.scenes:
            app.scenes.pop().exit()
