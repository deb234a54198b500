"""The Queen of Spies table driven like a person would: synthetic clicks in the real play scene."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.queen_of_spies.screen import QueenScreen
from game.queen_of_spies.town import Target
from game.scenes import setup as setup_scene
from game.scenes.game_over import GameOverScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.setup import SetupScene
from rules.core import Dice, Match, seed_state
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.actions import Action, Assign, Check, Done, UseItem
from rules.queen_of_spies.content import load_content
from rules.queen_of_spies.sites import site_tasks
from rules.queen_of_spies.state import QueenState
from tests.driver import Driver


def _shots_dir(tmp_path: Path) -> Path:
    """Where screenshots go: $SIATKA_SCREENSHOTS if set (to look at them), else a temp dir."""
    folder = Path(os.environ.get("SIATKA_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _state(match: Match) -> QueenState:
    assert isinstance(match.state, QueenState)
    return match.state


def _target(
    screen: QueenScreen, kind: str, key: str, location: str = "", item: str | None = None, task: int = 0
) -> Target:
    found = [t for t in screen.targets if t.kind == kind and t.key == key]
    if kind in ("slot", "placed"):
        found = [t for t in found if (t.location, t.item, t.task) == (location, item, task)] or found
    assert found, f"no {kind} {key} on the table"
    return found[0]


def _button(screen: QueenScreen, action: Action) -> tuple[int, int]:
    return next(rect.center for rect, _, a in screen.buttons if a == action)


def _clicks_for(screen: QueenScreen, action: Action) -> list[tuple[int, int]]:
    """Where a person clicks to take this action on the table."""
    if isinstance(action, Assign):
        slot = (
            f"{action.location if action.item is None else action.location + '/' + action.item}#{action.task}"
        )
        return [
            _target(screen, "hand", action.operative).rect.center,
            _target(screen, "slot", slot, action.location, action.item, action.task).rect.center,
        ]
    if isinstance(action, Check):
        chip = _target(screen, "placed", action.operative).rect.center
        legal = [a for a in screen.legal if isinstance(a, Check) and a.operative == action.operative]
        return [chip] if len(legal) == 1 else [chip, ("button", action)]  # type: ignore[list-item]
    if isinstance(action, UseItem):
        clicks = [_target(screen, "item", action.item).rect.center]
        if action.prisoner is not None:
            clicks.append(_target(screen, "prisoner", action.prisoner).rect.center)
        elif action.location is not None:
            key = action.location if action.site_item is None else f"{action.location}/{action.site_item}"
            clicks.append(_target(screen, "card", key).rect.center)
        return clicks
    return [_button(screen, action)]


def _play_by_clicks(app: App, play: PlayScene, shots_dir: Path, prefix: str) -> None:
    """Click the heuristic bot's every action on the table until the story ends."""
    driver = Driver(app)
    match = play.match
    bot = TITLE.make_bot("heuristic", "player")
    dice = Dice(seed_state(11))
    shots = 0
    while match.to_act() is not None:
        screen = play.screen
        assert isinstance(screen, QueenScreen)
        action = TITLE.bot_action(bot, _state(match), dice)
        before = len(match.actions)
        for click in _clicks_for(screen, action):
            if click[0] == "button":
                click = _button(screen, action)
            driver.click_at(click)
        if play.confirm is not None:  # ending the chapter asks first
            driver.click(play.confirm.confirm_button)
            driver.frames(2)  # the dialog's yes reaches the scene a frame later
        assert len(match.actions) == before + 1, f"clicking did not take {action!r}"
        assert match.actions[-1] == action
        if shots < 2 and _state(match).phase == "resolve":
            driver.frames(30)
            pygame.image.save(app.canvas, str(shots_dir / f"{prefix}-{shots}.png"))
            shots += 1
    driver.frames(5)
    pygame.image.save(app.canvas, str(shots_dir / f"{prefix}-end.png"))


def test_the_introduction_played_to_its_end_by_clicks(app: App, tmp_path: Path) -> None:
    """Every action of a whole Introduction is made by clicking the table, never submitted directly."""
    match = Match(TITLE, TITLE.default_options("introduction"), 7)
    play = PlayScene(app, match, autosave=False)
    app.reset(play)
    Driver(app).frames()
    _play_by_clicks(app, play, _shots_dir(tmp_path), "introduction")
    assert match.outcome() is not None
    assert isinstance(app.top, GameOverScene)


def test_the_introduction_from_the_main_menu_to_game_over(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Main menu, New game, Queen of Spies (its first story, the Introduction, for one
    person), Start; then the whole story by clicks, to the game-over scene."""
    monkeypatch.setattr(setup_scene.random, "SystemRandom", lambda: random.Random(7))
    driver = Driver(app)
    app.reset(MenuScene(app))
    driver.frames()
    driver.click(app.top.buttons["new_game"])  # type: ignore[attr-defined]
    setup = app.top
    assert isinstance(setup, SetupScene)
    button = next(w for w, title_id in setup.title_buttons.items() if title_id == TITLE.id)
    driver.click(button)
    assert setup.scenario == "introduction" and setup.players == {"player": "human"}
    driver.click(setup.start)
    play = app.top
    assert isinstance(play, PlayScene) and play.match.title is TITLE
    assert _state(play.match).story == "introduction"
    driver.frames()
    _play_by_clicks(app, play, _shots_dir(tmp_path), "introduction-from-menu")
    assert play.match.outcome() is not None
    assert isinstance(app.top, GameOverScene)


def _introduction_on_the_table(app: App, seed: int = 3) -> tuple[Match, PlayScene, Driver, QueenScreen]:
    """The Introduction on `seed`, opened in the real play scene and drawn once."""
    match = Match(TITLE, TITLE.default_options("introduction"), seed)
    play = PlayScene(app, match, autosave=False)
    app.reset(play)
    driver = Driver(app)
    driver.frames()
    screen = play.screen
    assert isinstance(screen, QueenScreen)
    return match, play, driver, screen


def test_a_selected_operative_lights_only_legal_slots(app: App) -> None:
    match, _, driver, screen = _introduction_on_the_table(app)
    felicia_or_first = next(o for o in _state(match).hand if o != "alice")
    driver.click_at(_target(screen, "hand", felicia_or_first).rect.center)
    assert screen.selected == felicia_or_first
    lit = {(t.location, t.item, t.task) for t in screen.targets if t.kind == "slot" and screen.slot_lit(t)}
    legal = {
        (a.location, a.item, a.task)
        for a in screen.legal
        if isinstance(a, Assign) and a.operative == felicia_or_first
    }
    assert lit == legal and lit


def test_the_status_bar_names_no_viewer_in_a_one_seat_game(app: App) -> None:
    """'You see the table as …' tells hot-seat eyes apart; a solo story has only one pair."""
    match = Match(TITLE, TITLE.default_options("introduction"), 3)
    play = PlayScene(app, match, autosave=False)
    app.reset(play)
    Driver(app).frames()
    assert play.viewer is not None
    doing, seen = play._status_shown()
    assert doing and seen == ""


def test_after_a_trained_operative_is_clicked_the_status_asks_how_many_to_draw(app: App) -> None:
    """Once a trained operative's check is chosen the table offers 'draws 0' to 'draws 3'
    (002: a trained operative chooses 0-3 tokens); the status line then asks for that
    count, not again for an operative to click."""
    _, play, driver, screen = _introduction_on_the_table(app)
    for click in _clicks_for(screen, Assign(operative="alice", location="cafe", task=0)):
        driver.click_at(click)
    driver.click_at(next(rect.center for rect, _, action in screen.buttons if isinstance(action, Done)))
    resolving = play.screen
    assert isinstance(resolving, QueenScreen)
    assert play._status_shown()[0] == app.ctx.t("queen-of-spies.status.resolve")
    driver.click_at(_target(resolving, "placed", "alice").rect.center)
    counts = sorted(a.draws for _, _, a in resolving.buttons if isinstance(a, Check))
    assert counts == [0, 1, 2, 3]
    assert play._status_shown()[0] == app.ctx.t("queen-of-spies.status.checking", who="Alice")


def test_a_click_the_rules_refuse_says_why_and_changes_nothing(app: App) -> None:
    """002, "1. Assign Operatives": "It is not permitted to send an Operative on an assignment
    if they do not possess any of the necessary skills", and "Operatives may not be sent to a
    location where one or more Operatives are still completing an assignment from an earlier
    round." A person who clicks such a slot with the operative selected, or clicks to take
    back an operative still at work, is told why in a toast (the house rule: bad input gets
    a clear message in the player's language and changes nothing); the table used to ignore
    the click."""
    match, play, driver, screen = _introduction_on_the_table(app)
    before = _state(match)
    operative, slot, skill = next(
        (o, t, task.skill)
        for o in before.hand
        for t in screen.targets
        if t.kind == "slot" and t.item is None and t.location in before.town
        for task in site_tasks(t.location, None)[t.task : t.task + 1]
        if task.skill not in load_content().operative(o).skills
    )
    driver.click_at(_target(screen, "hand", operative).rect.center)
    driver.click_at(slot.rect.center)
    shown = [t.text for t in play.toasts.items]
    assert shown[-1] == app.ctx.t("queen-of-spies.refusal.no_skill", skill=skill.value)
    assert _state(match) == before

    # The Local Roads take 2 time: after one round Alice is still there.
    driver.click_at(_target(screen, "hand", operative).rect.center)  # deselect
    for click in _clicks_for(screen, Assign(operative="alice", location="local_roads", task=0)):
        driver.click_at(click)
    driver.click_at(_button(screen, Done()))
    later = play.screen
    assert isinstance(later, QueenScreen)
    busy = _state(match)
    assert busy.phase == "assign" and busy.assignment_at("local_roads", None) is not None
    driver.click_at(_target(later, "placed", "alice").rect.center)
    assert [t.text for t in play.toasts.items][-1] == app.ctx.t("queen-of-spies.refusal.not_fresh")
    others = [o for o in busy.hand if "tech" in load_content().operative(o).skills]
    if others:
        driver.click_at(_target(later, "hand", others[0]).rect.center)
        driver.click_at(_target(later, "slot", "local_roads#0", "local_roads", None, 0).rect.center)
        assert [t.text for t in play.toasts.items][-1] == app.ctx.t("queen-of-spies.refusal.busy")
    assert _state(match) == busy
