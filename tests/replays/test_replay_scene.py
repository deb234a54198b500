"""Watching a replay in the real scenes (issue 32, points 1 and 2, "Done when"): from the
game-over screen and the Load list, a seat's view or everything revealed, stepping, playing,
the stage buttons, a log line; the table a seat is shown is the view that seat had in
play, and never more; the save is never written, no autosave is made, nobody acts."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame
import pytest
from pydantic import BaseModel

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.game_over import GameOverScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.replay import ReplayChooser, ReplayScene
from game.storage import atomic_write_text, saves_dir
from game.ui.naming import event_text
from rules.core import Dice, IllegalAction, Match, SeatConfig, seed_state
from rules.core.model import hash_pin
from rules.registry import TITLES
from tests.driver import Driver
from tests.replays.games import played


def play_in_the_scene(
    app: App, driver: Driver, title_id: str, scenario: str | None, person: str, seed: int, limit: int = 0
) -> tuple[Match, dict[int, BaseModel]]:
    """A game in the play scene, `person` moved by a random choice and the computer in every
    other seat, to its end (or, with `limit`, that many moves: then back to the main menu,
    the game saved); the views `person`'s table showed, by the moves made when shown."""
    title = TITLES[title_id]
    options = title.default_options(scenario)
    seats = {
        seat: SeatConfig(name="Ola") if seat == person else SeatConfig(bot="random")
        for seat in title.seats(options)
    }
    options = title.make_options(scenario, seats)
    match = Match(title, options, seed)
    app.reset(MenuScene(app))
    app.push(PlayScene(app, match))
    dice = Dice(seed_state(seed))
    seen: dict[int, BaseModel] = {}
    for _ in range(20_000):
        scene = app.top
        if not isinstance(scene, PlayScene):
            break
        if limit and len(match.actions) >= limit:
            scene.back_to_menu()
            return match, seen
        if scene.viewer == person:
            seen[len(match.actions)] = scene.screen.view
        if scene.my_turn():
            scene.submit(dice.choice(title.legal_actions(match.state)))
        driver.frames(1)
    assert isinstance(app.top, GameOverScene), "the game did not end"
    return match, seen


def watch_from_game_over(app: App, driver: Driver) -> ReplayChooser:
    over = app.top
    assert isinstance(over, GameOverScene) and over.watch is not None
    driver.click(over.watch)
    chooser = app.top
    assert isinstance(chooser, ReplayChooser)
    return chooser


def pick(driver: Driver, chooser: ReplayChooser, label: str) -> Any:
    button = next(b for b, choice in chooser.picks.items() if chooser.caption(choice) == label)
    driver.click(button)
    return driver.app.top


def log_lines(scene: ReplayScene) -> list[str]:
    return list(scene.log_box.lines)


@pytest.mark.parametrize(
    ("title_id", "scenario", "person", "limit"),
    [
        ("doppelnull", None, "male", 0),
        ("stawka", "training-1", "german", 0),
        ("island", None, "blue", 120),
        ("curfew", None, "polish", 12),
        ("queen-of-spies", None, "player", 80),
    ],
)
def test_a_seat_s_replay_shows_only_what_that_seat_saw_in_play(
    app: App, driver: Driver, title_id: str, scenario: str | None, person: str, limit: int
) -> None:
    """To the end, watched from the game-over screen; the island's race, and the solo
    titles' games (whose hidden cards and decks the player never sees), broken off and
    watched from the Load list (one person against the computer: their own seat only)."""
    match, seen = play_in_the_scene(app, driver, title_id, scenario, person, seed=5, limit=limit)
    assert seen, "the person's table was never shown"
    title = match.title
    if limit:
        listing = driver.load_list()
        driver.click(next(iter(listing.watches)))
        replay = app.top
    else:
        chooser = watch_from_game_over(app, driver)
        labels = [chooser.caption(choice) for choice in chooser.found]
        assert labels[-1] == "Everything revealed" and len(labels) == len(match.seats()) + 1
        replay = pick(driver, chooser, "As Ola saw it")
    assert isinstance(replay, ReplayScene) and replay.replay.at == 0
    assert replay.replay.last == len(match.actions)
    for step in range(replay.replay.last + 1):
        if step:
            driver.key(pygame.K_RIGHT)
        state = replay.replay.states[step]
        assert replay.replay.at == step and replay.match.state is state
        assert replay.screen.seat == person and not replay.screen.legal
        assert replay.screen.view == title.view(state, person)
        if step in seen:
            assert replay.screen.view == seen[step], f"step {step}: not the view {person} had in play"
        shown = [
            event_text(app.ctx, match, e) for e in match.log[: replay.replay.ends[step]] if e.seen_by(person)
        ]
        assert log_lines(replay) == list(reversed(shown))[: len(log_lines(replay))]
    assert replay.replay.at == replay.replay.last


def test_everything_revealed_shows_every_seat_s_secrets_and_its_table_draws_them(
    app: App, driver: Driver
) -> None:
    """Everything revealed is the title's revealed view at every step, with every log line;
    and the same table draws what that view holds: mid-game, Doppelnull's table with
    everything revealed differs from what the seat's table shows. (One game played in the
    scene for both checks, which were two tests playing the same seed.)"""
    match, _ = play_in_the_scene(app, driver, "doppelnull", None, "male", seed=6)
    title = match.title
    replay = pick(driver, watch_from_game_over(app, driver), "Everything revealed")
    assert isinstance(replay, ReplayScene)
    for step in (0, 20, 40, replay.replay.last):
        replay.show(step)
        driver.frames(1)
        assert replay.screen.view == title.revealed(replay.replay.states[step]) and not replay.screen.legal
        assert replay.viewer is None and "everything revealed" in replay.status()
    assert len(log_lines(replay)) == min(len(match.log), 300)  # every line, whoever saw it
    pictures = {}
    for label in ("As Ola saw it", "Everything revealed"):
        app.reset(MenuScene(app))
        app.push(GameOverScene(app, match))
        driver.frames()
        replay = pick(driver, watch_from_game_over(app, driver), label)
        replay.show(30)
        driver.point_at((5, 5))
        pictures[label] = pygame.image.tobytes(app.canvas.subsurface(replay.screen.rect), "RGB")
    assert pictures["As Ola saw it"] != pictures["Everything revealed"]


def test_the_controls_step_play_jump_and_go_to_a_log_line(app: App, driver: Driver) -> None:
    match, _ = play_in_the_scene(app, driver, "stawka", "training-1", "polish", seed=7)
    replay = pick(driver, watch_from_game_over(app, driver), "Everything revealed")
    assert isinstance(replay, ReplayScene)
    steps = replay.replay
    buttons = replay.replay_buttons
    driver.click(buttons["end"])
    assert steps.at == steps.last
    driver.click(buttons["back"])
    assert steps.at == steps.last - 1
    driver.click(buttons["start"])
    assert steps.at == 0 and not buttons["back"].is_enabled
    marks = [step for step, _ in steps.marks()]
    assert len(marks) > 2
    driver.click(buttons["forward_mark"])
    assert steps.at == marks[1]
    driver.click(buttons["forward_mark"])
    driver.click(buttons["back_mark"])
    assert steps.at == marks[1]
    driver.key(pygame.K_PAGEUP)
    assert steps.at == 0
    # A log line: the game right after the action that wrote it.
    replay.show(marks[2] + 5)
    driver.frames(1)
    line = 3
    rows = [i for i, shown in enumerate(replay.log_box._row_lines) if shown == line]
    point = (replay.log_box.rect.x + 40, replay.log_box.rect.y + 10 + rows[0] * replay.log_box.row_height + 5)
    wanted = replay.steps_shown[line]
    assert wanted < marks[2] + 5
    driver.click_at(point)
    assert steps.at == wanted
    written = log_lines(replay)[0]
    assert written == event_text(app.ctx, match, steps.events(wanted)[-1]) or wanted == 0
    # Play: on to the end at the animation speed (instant here), then it stops.
    driver.key(pygame.K_SPACE)
    assert replay.playing
    for _ in range(steps.last + 5):
        driver.frames(1)
    assert steps.at == steps.last and not replay.playing


def test_nobody_acts_in_a_replay(app: App, driver: Driver) -> None:
    _match, _ = play_in_the_scene(app, driver, "doppelnull", None, "male", seed=8)
    replay = pick(driver, watch_from_game_over(app, driver), "As Ola saw it")
    assert isinstance(replay, ReplayScene)
    replay.show(25)
    driver.frames(1)
    at, state = replay.replay.at, replay.match.state
    for x in range(60, 1160, 90):
        for y in range(100, 840, 90):
            driver.click_at((x, y))
    assert (replay.replay.at, replay.match.state) == (at, state)
    with pytest.raises(IllegalAction):
        replay.match.act(TITLES["doppelnull"].legal_actions(replay.replay.states[24])[0])
    assert not replay.can_undo() and replay.write_autosave() is None


def saved_game(path_name: str, match: Match) -> Path:
    path = saves_dir() / path_name
    atomic_write_text(path, match.to_json())
    os.utime(path, (1_700_000_000, 1_700_000_000))
    return path


def two_people(pins: bool, limit: int) -> Match:
    title = TITLES["doppelnull"]
    game = played("doppelnull", title.default_options(None), seed=9, limit=limit)
    seats = {
        "male": SeatConfig(name="Ola", pin=hash_pin("1234") if pins else None),
        "female": SeatConfig(name="Piotr", pin=hash_pin("9876") if pins else None),
    }
    match = Match(title, title.make_options(None, seats), game.seed)
    for action in game.actions:
        match.act(action)
    return match


def test_watching_from_the_load_list_changes_no_file(app: App, driver: Driver) -> None:
    path = saved_game("doppelnull-finished.json", two_people(pins=False, limit=5000))
    before = (path.read_bytes(), path.stat().st_mtime_ns, sorted(os.listdir(saves_dir())))
    listing = driver.load_list()
    watch = next(button for button, shown in listing.watches.items() if shown == path)
    driver.click(watch)
    chooser = app.top
    assert isinstance(chooser, ReplayChooser)
    replay = pick(driver, chooser, "As Piotr saw it")
    assert isinstance(replay, ReplayScene) and replay.screen.seat == "female"
    driver.click(replay.replay_buttons["end"])
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_SPACE)
    driver.frames(30)
    driver.click(replay.replay_buttons["leave"])
    assert app.top is chooser
    driver.key(pygame.K_ESCAPE)
    assert app.top is listing
    assert (path.read_bytes(), path.stat().st_mtime_ns, sorted(os.listdir(saves_dir()))) == before


def test_an_unfinished_game_is_watched_behind_the_curtain_with_the_pin(app: App, driver: Driver) -> None:
    path = saved_game("doppelnull-going.json", two_people(pins=True, limit=30))
    before = path.read_bytes()
    listing = driver.load_list()
    driver.click(next(button for button, shown in listing.watches.items() if shown == path))
    chooser = app.top
    assert isinstance(chooser, ReplayChooser)
    assert [chooser.caption(choice) for choice in chooser.found] == ["As Ola saw it", "As Piotr saw it"]
    curtain = pick(driver, chooser, "As Piotr saw it")
    assert isinstance(curtain, CurtainScene)
    replay = app.scenes[-2]
    assert isinstance(replay, ReplayScene) and replay.viewer is None and replay.screen.seat is None
    assert curtain.pin is not None and curtain.reveal is not None
    driver.type_into(curtain.pin, "1234")  # Ola's, not Piotr's
    driver.click(curtain.reveal)
    assert app.top is curtain and curtain.wrong == 1
    # Leaving and watching again does not start the wait afresh.
    curtain.on_menu()
    driver.frames()
    listing = driver.load_list()
    driver.click(next(button for button, shown in listing.watches.items() if shown == path))
    curtain = pick(driver, app.top, "As Piotr saw it")  # type: ignore[arg-type]
    assert isinstance(curtain, CurtainScene) and curtain.wrong == 1 and curtain.locked > 0
    curtain.locked = 0.01  # the wait it earned, gone by
    driver.frames(2)
    driver.type_into(curtain.pin, "9876")
    driver.click(curtain.reveal)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.viewer == "female"
    assert replay.screen.view == TITLES["doppelnull"].view(replay.match.state, "female")
    assert path.read_bytes() == before, "the wrong PIN was not written into the save"
