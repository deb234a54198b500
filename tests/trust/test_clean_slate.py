"""Issue 28, point 1: the curtain carries nothing over.

For every title with secrets played by people at one screen, the same moves are played
twice before the curtain: once by a person who only makes them, once by one who also
points everywhere, clicks about the table, scrolls the log, asks for a hint, opens the
help and leaves a button's tooltip up.  The next person's first frame after "Show my
view" must be the same picture, pixel for pixel.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.play_bar import SIDE, TABLE
from rules.core import Dice, Match, SeatConfig, seed_state
from rules.registry import TITLES
from tests.driver import Driver

GAMES = {
    "stawka": ("training-1", {}),
    "doppelnull": (None, {}),
    "island": (None, {"players": 3}),
}
"""The titles with secrets that people play at one screen, each at its first scenario."""
HANDOVERS = 4
"""Curtains compared, after the first (nobody was at the screen before it)."""


def secret_titles() -> list[str]:
    found = []
    for title_id, title in TITLES.items():
        options = title.default_options(title.scenarios[0] if title.scenarios else None)
        people = [s for s in title.seats(options) if s not in title.automated_seats(options)]
        if title.has_secrets and len(people) > 1:
            found.append(title_id)
    return sorted(found)


def test_every_title_with_secrets_is_tried() -> None:
    assert secret_titles() == sorted(GAMES)


def new_match(title_id: str) -> Match:
    title = TITLES[title_id]
    scenario, choices = GAMES[title_id]
    names = iter(("Ania", "Bartek", "Celina", "Darek", "Ewa", "Franek"))
    options = title.make_options(scenario, {}, choices)
    seats = {seat: SeatConfig(name=next(names)) for seat in title.seats(options)}
    return Match(title, title.make_options(scenario, seats, choices), seed=11)


def reveal(driver: Driver) -> None:
    """The person whose curtain is up moves the pointer to "Show my view" and clicks it."""
    curtain = driver.app.top
    assert isinstance(curtain, CurtainScene) and curtain.reveal is not None
    driver.point_at(curtain.reveal.rect.center)
    driver.click(curtain.reveal)


def busy_hands(driver: Driver, play: PlayScene) -> None:
    """Everything a person may do at the table without making a move."""
    app = driver.app
    for x in range(TABLE.left + 40, TABLE.right, 150):
        for y in range(TABLE.top + 30, TABLE.bottom, 110):
            driver.point_at((x, y))  # hover
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # a click the table keeps to itself
                play.screen.handle_event(pygame.event.Event(kind, pos=(x, y), button=1))
            play.screen.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=3))
    driver.point_at(play.log_box.rect.center)
    for _ in range(3):
        wheel = {"x": 0, "y": -1, "flipped": False, "precise_x": 0.0, "precise_y": -1.0}
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, wheel))
        driver.frames(1)
    if "hint" in play.controls:
        driver.key(pygame.K_h)
        for _ in range(600):
            if play.hint.job is None:
                break
            play.hint.wait(0.1)
            driver.frames(1)
    for key in (pygame.K_LEFT, pygame.K_DOWN, pygame.K_TAB, pygame.K_1, pygame.K_a):
        driver.key(key)
    driver.key(pygame.K_F1)  # the help, left open
    driver.point_at(play.controls["undo"].rect.center)
    app.frame(2.0)  # long enough for the button's tooltip
    driver.frames(2)
    driver.point_at((SIDE.centerx, TABLE.centery))


def first_frames_after_curtains(title_id: str, busy: bool, app: App) -> list[pygame.Surface]:
    """The first frame after each of the first `HANDOVERS` curtains but the game's first."""
    driver = Driver(app)
    match = new_match(title_id)
    title = match.title
    bots = {seat: title.make_bot("random", seat) for seat in match.seats()}
    dice = Dice(seed_state(5))
    app.reset(MenuScene(app))
    play = PlayScene(app, match, autosave=False)
    app.push(play)
    driver.frames()
    frames: list[pygame.Surface] = []
    for _ in range(400):
        top = app.top
        if isinstance(top, CurtainScene):
            if len(frames) == HANDOVERS:
                return frames
            first = play.match.actions == []
            reveal(driver)
            assert app.top is play and play.viewer == match.to_act()
            if not first:
                frames.append(app.canvas.copy())
            continue
        assert top is play, f"{title_id}: {type(top).__name__} on top"
        seat = match.to_act()
        assert seat is not None and seat == play.viewer
        action = title.bot_action(bots[seat], match.state, dice)
        if busy:
            busy_hands(driver, play)
            for mark in play.screen.hint_marks(action):  # the pointer goes where the move is clicked
                driver.point_at(mark.center)
        play.submit(action)
        driver.frames(2)
    raise AssertionError(f"{title_id}: {len(frames)} curtains in 400 moves")


@pytest.mark.parametrize("title_id", sorted(GAMES))
def test_nothing_of_the_last_person_survives_the_curtain(title_id: str, app: App, tmp_path: Path) -> None:
    quiet = first_frames_after_curtains(title_id, busy=False, app=app)
    busy = first_frames_after_curtains(title_id, busy=True, app=app)
    differences = []
    for number, (one, other) in enumerate(zip(quiet, busy, strict=True), start=1):
        if pygame.image.tobytes(one, "RGB") == pygame.image.tobytes(other, "RGB"):
            continue
        pygame.image.save(one, str(tmp_path / f"quiet-{number}.png"))
        pygame.image.save(other, str(tmp_path / f"busy-{number}.png"))
        differ = [
            (x, y)
            for x in range(0, one.get_width(), 2)
            for y in range(0, one.get_height(), 2)
            if one.get_at((x, y)) != other.get_at((x, y))
        ]
        xs, ys = [x for x, _ in differ], [y for _, y in differ]
        where = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        differences.append(f"curtain {number}: the frames differ in {where}")
    assert not differences, f"{title_id}: {'; '.join(differences)} (see {tmp_path})"


def test_while_computers_play_between_two_people_the_table_shows_only_public_things(
    app: App, driver: Driver
) -> None:
    """Issue 28, point 2: the island, Piotr and Ola with two computers between them.  From
    the moment Piotr's turn ends, while the computers play, the table is everyone's view
    (his task card and equipment gone) until Ola's curtain."""
    title = TITLES["island"]
    seats = {
        "red": SeatConfig(name="Piotr"),
        "blue": SeatConfig(bot="random"),
        "green": SeatConfig(bot="random"),
        "yellow": SeatConfig(name="Ola"),
    }
    match = Match(title, title.make_options(None, seats, {"players": 4}), seed=3)
    play = PlayScene(app, match, autosave=False)
    app.reset(MenuScene(app))
    app.push(play)
    driver.frames()
    people = {"red", "yellow"}
    bot, dice = title.make_bot("random", "red"), Dice(seed_state(2))
    curtains: list[str] = []
    computers_seen = 0
    while len(curtains) < 5:
        top = app.top
        if isinstance(top, CurtainScene):
            curtains.append(top.name)
            reveal(driver)
            continue
        seat = match.to_act()
        assert seat is not None
        if seat in people:
            assert play.viewer == seat
            play.submit(title.bot_action(bot, match.state, dice))
        driver.frames(1)
        if match.to_act() not in people and isinstance(app.top, PlayScene):
            computers_seen += 1
            assert play.viewer is None, "a computer plays: nobody's view is up"
            assert play.screen.seat is None
            assert play.screen.view == title.view(match.state, None), "only what everyone may see"
            assert all(event.visible_to is None for event in match.log_for(play.viewer))
    assert "Ola" in curtains and "Piotr" in curtains[1:] and computers_seen > 0
