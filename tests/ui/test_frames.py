"""Frames that cost nothing when nothing changes: the table drawn into a layer only when
what it shows changes, a still frame not drawn again, and an app that rests when idle."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.doppelnull.screen import DoppelnullScreen
from game.scenes.play import PlayScene
from game.scenes.play_bar import TABLE
from game.scenes.play_files import bot_played_match
from game.stawka.screen import StawkaScreen
from rules.stawka.actions import Move


class Calls:
    """Counts the calls of one drawing method of a table, and keeps their first arguments."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> None:
        self.count = 0
        self.firsts: list[object] = []
        original = getattr(owner, name)

        def counted(*args: object) -> None:
            self.count += 1
            self.firsts.append(args[0])
            original(*args)

        monkeypatch.setattr(owner, name, counted)


def play_scene(app: App, title: str, scenario: str | None = None, steps: int = 40) -> PlayScene:
    """A game after `steps` random moves, shown to the seat to act (every seat a person)."""
    match = bot_played_match(title, scenario, seed=7, steps=steps)
    play = PlayScene(app, match, viewer=match.to_act(), autosave=False)
    app.reset(play)
    return play


def point(app: App, pos: tuple[int, int]) -> None:
    """One frame with the pointer moved to `pos`."""
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))])


def picture(app: App) -> bytes:
    return pygame.image.tobytes(app.canvas, "RGB")


def test_a_still_table_is_drawn_once_and_a_still_frame_is_not_drawn_again(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    play = play_scene(app, "doppelnull")
    bands = Calls(monkeypatch, play.screen, "_draw_band")
    app.frame(1 / 60, [])
    assert app.drawn and bands.firsts == ["top", "middle", "bottom"]
    app.frame(1 / 60, [])  # the first frame's pointer tests are now the layer's
    shown = picture(app)
    for _ in range(5):
        app.frame(1 / 60, [])
        assert not app.drawn, "nothing changed: the frame on the screen stays"
    assert bands.count == 3 and picture(app) == shown


def test_doppelnull_draws_again_only_the_band_of_the_card_under_the_pointer(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    play = play_scene(app, "doppelnull")
    screen = play.screen
    assert isinstance(screen, DoppelnullScreen) and screen.table.phase == "play" and screen.legal
    bands = Calls(monkeypatch, screen, "_draw_band")
    point(app, (TABLE.x + 8, TABLE.bottom - 8))
    point(app, (TABLE.x + 12, TABLE.bottom - 10))
    drawn = bands.count
    point(app, (TABLE.x + 16, TABLE.bottom - 12))
    assert bands.count == drawn and not app.drawn, "moving over nothing that lights up draws nothing"
    card = screen.layout.hand_card(0)
    ring = (card.left - 5, card.centery)  # where the lit outline of a hovered hand card runs
    unlit = app.canvas.get_at(ring)
    point(app, card.center)
    assert bands.firsts[drawn:] == ["middle"] and app.drawn, "the hand's band only"
    assert app.canvas.get_at(ring) != unlit, "the card under the pointer lights up"
    point(app, (card.centerx + 3, card.centery + 2))
    assert bands.count == drawn + 1, "still over the same card: the layer stays"
    point(app, (TABLE.x + 16, TABLE.bottom - 12))
    assert bands.firsts[drawn:] == ["middle", "middle"] and app.canvas.get_at(ring) == unlit


def test_stawka_draws_again_only_the_menu_or_rings_the_space_under_the_pointer(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    play = play_scene(app, "stawka", "training-1")
    screen = play.screen
    assert isinstance(screen, StawkaScreen) and screen.selected is not None and screen.menu.buttons
    app.frame(1 / 60, [])
    board = Calls(monkeypatch, screen, "_draw_board")
    side = Calls(monkeypatch, screen, "_draw_side")
    menu = Calls(monkeypatch, screen, "_draw_menu_part")
    point(app, screen.menu.buttons[0][0].center)
    assert (board.count, side.count, menu.count) == (0, 0, 1), "a menu button lights up: nothing else"
    lit = {
        o.action.to for o in screen.offers if isinstance(o.action, Move) and o.action.agent == screen.selected
    }
    space = next(iter(sorted(lit)))
    x, y = screen.board.space_point(space)
    ring = (x - screen.board.lit_radius(space) - 7, y)  # where the pointer's ring runs
    unringed = app.canvas.get_at(ring)
    point(app, (x, y))
    assert screen.hover_space == space and app.drawn
    assert (board.count, side.count, menu.count) == (0, 0, 2), "off the button (menu); the board stays"
    assert app.canvas.get_at(ring) != unringed, "the lit space under the pointer is ringed"
    spaces = screen.board.board.position
    on_board = (s for s in spaces if screen.board_rect.collidepoint(screen.board.space_point(s)))
    dark, darker = [
        s
        for s in on_board
        if s not in lit and screen.board.agent_at(screen.stawka_view, screen.board.space_point(s)) is None
    ][:2]
    point(app, screen.board.space_point(dark))
    assert screen.hover_space == dark and app.drawn and board.count == 0
    assert app.canvas.get_at(ring) == unringed, "the ring goes with the pointer"
    point(app, screen.board.space_point(darker))
    assert screen.hover_space == darker and not app.drawn, "from space to space not to click: nothing drawn"


def test_the_app_rests_when_nothing_moves_and_not_while_a_bot_is_about_to_move(app: App) -> None:
    play = play_scene(app, "doppelnull")
    app.frame(1 / 60, [])
    assert app.resting(since_input=1.0) and not app.resting(since_input=0.1)
    play.toasts.show("Saved.")
    assert not app.resting(since_input=1.0), "a toast fades: keep drawing"
    play.toasts.clear()
    seat = play.match.to_act()
    assert seat is not None
    play.bots[seat] = play.match.title.make_bot("random", seat)
    assert not app.resting(since_input=1.0), "a bot moves after its pause: keep the clock running"
