"""Play through the real scenes: setup, the curtain, actions, undo, saves, bots, game over."""

from __future__ import annotations

import time
import weakref
from collections.abc import Sequence
from typing import Any

import pygame
import pytest

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.game_over import GameOverScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.play_bar import TABLE
from game.storage import saves_dir
from game.ui import heap
from game.ui.fallback_screen import FallbackScreen
from game.ui.naming import player_name
from game.ui.theme import PALETTE
from rules.core import Dice, Match, SeatConfig
from tests.driver import Driver
from tests.toy_title import TOY, ToyState

pytestmark = pytest.mark.usefixtures("toy_registered")


def fallback_button(play: PlayScene, action: dict[str, Any]) -> tuple[int, int]:
    screen = play.screen
    assert isinstance(screen, FallbackScreen)
    return next(rect.center for rect, a in screen.buttons if a.model_dump() == action)


class DrawSpy:
    """Counts the times a table of the play scene's kind is drawn (into its layer: drawn
    again when it changes), the table the curtain's reveal makes anew included."""

    def __init__(self, play: PlayScene, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        kind = type(play.screen)
        original = kind.draw_table

        def draw(screen: Any, surface: pygame.Surface) -> None:
            self.calls += 1
            original(screen, surface)

        monkeypatch.setattr(kind, "draw_table", draw)


def test_two_people_hand_over_behind_the_curtain(
    app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = driver.new_game("toy")
    driver.choose(setup.player_menus["even"], "Person")
    assert setup.players == {"odd": "human", "even": "human"}
    driver.click(setup.start)

    curtain = app.top
    assert isinstance(curtain, CurtainScene)
    play = app.scenes[-2]
    assert isinstance(play, PlayScene)
    assert curtain.name == player_name(play.ctx, play.match, "odd")
    spy = DrawSpy(play, monkeypatch)
    driver.frames(3)
    # Nothing of the table behind the curtain: not drawn, no widget alive, plain backdrop.
    assert spy.calls == 0
    assert play._container is None
    assert app.canvas.get_at((TABLE.x + 40, TABLE.y + 40))[:3] == PALETTE["night"]

    driver.click(curtain.reveal)
    assert app.top is play and play.viewer == "odd"
    assert spy.calls > 0

    driver.click_at(fallback_button(play, {"type": "pick", "number": 2}))
    assert play.match.state.picks == {"odd": 2}  # type: ignore[attr-defined]
    assert app.top is play, "picking keeps the turn: no curtain"
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert play.match.actions == [], "Ctrl+Z takes the pick back"

    driver.click_at(fallback_button(play, {"type": "pick", "number": 3}))
    assert play.log_box is not None and "toy.picked" in play.log_box.html_text, "odd sees its own pick"
    driver.click_at(fallback_button(play, {"type": "confirm"}))
    second = app.top
    assert isinstance(second, CurtainScene)
    assert second.name == player_name(play.ctx, play.match, "even")
    calls_before = spy.calls
    driver.frames(3)
    assert spy.calls == calls_before
    driver.click(second.reveal)
    assert play.viewer == "even"
    assert play.screen.view.my_pick is None  # type: ignore[attr-defined]
    # The log panel is filtered for the seat at the screen: the other's secret pick is not in it.
    assert play.log_box is not None
    assert "toy.confirmed" in play.log_box.html_text
    assert "toy.picked" not in play.log_box.html_text


def test_one_person_against_a_bot_sees_no_curtain(app: App, driver: Driver) -> None:
    setup = driver.new_game("toy")
    driver.click(setup.start)
    play = app.top
    assert isinstance(play, PlayScene) and play.viewer == "odd"
    play.bots["even"] = PickThenConfirm()
    curtains = 0
    for _ in range(3):
        driver.click_at(fallback_button(play, {"type": "pick", "number": _free_number(play)}))
        driver.click_at(fallback_button(play, {"type": "confirm"}))
        driver.frames(3)
        curtains += isinstance(app.top, CurtainScene)
        if isinstance(app.top, GameOverScene):
            break
    assert curtains == 0
    assert len(play.match.actions) >= 4, "the bot answered each confirmed pick"
    assert any(event.key == "toy.roll" for event in play.match.log)


class PickThenConfirm:
    """A bot that never concedes, so the game goes on for as long as the test needs."""

    def choose(self, view: Any, legal: Sequence[Any], dice: Dice) -> Any:
        return next(a for a in legal if a.type == ("confirm" if view.my_pick else "pick"))


def _free_number(play: PlayScene) -> int:
    last = play.match.state.last.get("odd")  # type: ignore[attr-defined]
    return 1 if last != 1 else 2


def test_a_refused_action_is_a_toast_and_changes_nothing(app: App, driver: Driver) -> None:
    match = Match(TOY, TOY.default_options(), seed=3)
    app.reset(PlayScene(app, match, viewer="odd"))
    driver.frames()
    before = match.state
    app.top.submit({"type": "confirm"})  # type: ignore[attr-defined]
    assert match.state is before and match.actions == []
    assert [t.text for t in app.top.toasts.items] == ["Pick a number before you confirm."]


def test_every_action_is_autosaved_and_continue_opens_it(app: App, driver: Driver) -> None:
    setup = driver.new_game("toy")
    driver.click(setup.start)
    play = app.top
    assert isinstance(play, PlayScene)
    driver.click_at(fallback_button(play, {"type": "pick", "number": 1}))
    assert play.save_path is not None
    saved = Match.from_json(play.save_path.read_bytes(), titles={TOY.id: TOY})
    assert saved.actions == play.match.actions

    driver.click(play.controls["menu"])
    menu = app.top
    assert isinstance(menu, MenuScene)
    driver.click(menu.buttons["continue"])
    resumed = app.top
    assert isinstance(resumed, PlayScene)
    assert resumed.match.state == play.match.state


def test_ctrl_s_writes_a_save_file_and_f1_opens_help(app: App, driver: Driver) -> None:
    app.reset(PlayScene(app, Match(TOY, TOY.default_options(), seed=5), viewer="odd"))
    driver.frames()
    driver.key(pygame.K_s, pygame.KMOD_LCTRL)
    files = [p for p in saves_dir().glob("toy-*.json")]
    assert len(files) == 1
    assert Match.from_json(files[0].read_bytes(), titles={TOY.id: TOY}).actions == []
    driver.key(pygame.K_F1)
    assert app.top.help_open  # type: ignore[attr-defined]
    driver.key(pygame.K_F1)
    assert not app.top.help_open  # type: ignore[attr-defined]


def test_h_asks_for_a_hint_as_the_button_does(app: App, driver: Driver) -> None:
    app.reset(PlayScene(app, Match(TOY, TOY.default_options(), seed=5), viewer="odd"))
    driver.frames()
    play = app.top
    assert isinstance(play, PlayScene) and play.my_turn()
    driver.key(pygame.K_h)
    for _ in range(500):  # the hint is worked out off the frame loop
        if play.screen.hint is not None:
            break
        driver.frames(1)
        time.sleep(0.01)
    state = play.match.state
    assert isinstance(state, ToyState)
    assert play.screen.hint in TOY.legal_actions(state)
    assert play.hints_used == 1


def test_bots_play_to_the_end_and_the_game_over_scene_offers_a_rematch(app: App, driver: Driver) -> None:
    seats = {s: SeatConfig(name=f"Bot {s}", bot="random") for s in TOY.seats(TOY.default_options())}
    options = TOY.options_model(seats=seats)
    app.reset(MenuScene(app))
    app.push(PlayScene(app, Match(TOY, options, seed=11)))
    for _ in range(400):
        driver.frames(1)
        if isinstance(app.top, GameOverScene):
            break
    over = app.top
    assert isinstance(over, GameOverScene)
    assert "won" in over.summary
    driver.click(over.rematch)
    plays = [scene for scene in app.scenes if isinstance(scene, PlayScene)]
    assert len(plays) == 1, "the rematch replaces the finished game"
    assert plays[0].match is not over.match and plays[0].match.options == over.match.options


def test_the_curtain_picture_holds_nothing_of_the_game(app: App, driver: Driver) -> None:
    """Pixel for pixel, the curtain over a game equals a curtain over nothing at all."""
    options = TOY.options_model(seats={s: SeatConfig(name=s.title()) for s in ("odd", "even")})
    match = Match(TOY, options, seed=2)
    match.act({"type": "pick", "number": 1})
    match.act({"type": "confirm"})
    app.reset(MenuScene(app))
    app.push(PlayScene(app, match, viewer="odd"))
    driver.frames(3)
    assert isinstance(app.top, CurtainScene) and app.top.name == "Even"
    over_the_game = pygame.image.tobytes(app.canvas, "RGB")

    app.reset(CurtainScene(app, "Even", lambda: None, lambda: None))
    driver.frames(3)
    assert pygame.image.tobytes(app.canvas, "RGB") == over_the_game


def test_the_status_bar_names_whose_eyes_in_a_two_seat_game(app: App, driver: Driver) -> None:
    setup = driver.new_game("toy")
    driver.click(setup.start)
    play = app.top
    assert isinstance(play, PlayScene) and play.viewer == "odd"
    assert play._status_shown()[1] == play.ctx.t(
        "app.play.viewer", name=player_name(play.ctx, play.match, "odd")
    )


class Cycle:
    """An object in a reference cycle: only a collector's pass frees it."""

    def __init__(self) -> None:
        self.me = self


def test_a_game_keeps_its_objects_out_of_the_collectors_passes_while_it_is_on_the_table(
    app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full garbage collection walked the whole heap in the middle of a frame (a Stawka
    Normal turn's worst frame 43-47 ms in `python -m game bench`, 4-7 ms with this): the
    game's objects are frozen when its table comes up and given back when the game leaves
    (to a game over, or the menu)."""
    import gc

    monkeypatch.setattr(heap, "HOLDING", True)  # the suite turns it off (tests/conftest.py)
    app.reset(MenuScene(app))
    assert gc.get_freeze_count() == 0, "nothing frozen at the menu"
    holder = [Cycle()]
    ref = weakref.ref(holder[0])
    gc.collect()  # alive: it moves to the oldest generation
    holder.clear()  # garbage now, where only a full pass looks
    match = Match(TOY, TOY.options_model(seats={"odd": SeatConfig(name="Ola")}), seed=3)
    app.reset(PlayScene(app, match, viewer="odd"))
    driver.frames(2)
    play = app.top
    assert isinstance(play, PlayScene)
    assert gc.get_freeze_count() > 0, "the game's objects are out of the collector's passes"
    assert ref() is None, "the garbage before the game was collected, not frozen with it"
    assert all(o is not play for o in gc.get_objects()), "the scene is not walked by a pass"
    app.reset(MenuScene(app))
    assert gc.get_freeze_count() == 0, "given back when the game leaves the table"
