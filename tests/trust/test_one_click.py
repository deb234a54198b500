"""Issue 28, point 5: one click never ends a game.  Ending a chapter asks first, and a
button that appeared under the pointer where another was clicked a moment ago is not
pressed by the next click (a double click, an impatient second click)."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.curfew.screen import CurfewScreen
from game.queen_of_spies.screen import QueenScreen
from game.scenes.play import PlayScene
from game.ui.scene import SETTLE_SECONDS
from rules.core import Dice, Match, seed_state
from rules.curfew.title import TITLE as CURFEW
from rules.queen_of_spies import TITLE as QUEEN
from rules.queen_of_spies.actions import Done, EndChapter
from tests.driver import Driver


def press(app: App, logical: tuple[int, int]) -> None:
    """A click as fast as a hand makes it: no pause before it, two frames (1/60 s each)."""
    pos = app.logical_to_window(logical)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.frame(1 / 60)
    app.frame(1 / 60)


def queen_at_a_chapters_end(app: App) -> PlayScene:
    """Queen of Spies' Introduction at the start of its second round: the person may say
    Done or end the chapter."""
    match = Match(QUEEN, QUEEN.default_options("introduction"), 7)
    bot, dice = QUEEN.make_bot("heuristic", "player"), Dice(seed_state(3))
    while EndChapter() not in QUEEN.legal_actions(match.state):
        match.act(QUEEN.bot_action(bot, match.state, dice))
    play = PlayScene(app, match, autosave=False)
    app.reset(play)
    Driver(app).frames()
    return play


def test_ending_the_chapter_asks_first(app: App, driver: Driver) -> None:
    play = queen_at_a_chapters_end(app)
    screen = play.screen
    assert isinstance(screen, QueenScreen)
    end = next(rect for rect, _, action in screen.buttons if isinstance(action, EndChapter))
    before = len(play.match.actions)
    driver.click_at(end.center)
    assert play.confirm is not None and len(play.match.actions) == before, "asked, nothing ended yet"
    driver.click(play.confirm.cancel_button)
    driver.frames(2)  # the dialog tells the scene it closed a frame later
    assert play.confirm is None and len(play.match.actions) == before
    driver.click_at(end.center)
    assert play.confirm is not None
    driver.click(play.confirm.confirm_button)
    driver.frames(2)
    assert play.match.actions[-1] == EndChapter()


def test_done_double_clicked_does_not_press_what_appears_in_its_place(app: App) -> None:
    """Done at the start of the first round; at the start of the next, "End the chapter" is
    where Done was.  A double click on Done says Done once; nothing ends."""
    match = Match(QUEEN, QUEEN.default_options("introduction"), 7)
    play = PlayScene(app, match, autosave=False)
    app.reset(play)
    Driver(app).frames()
    screen = play.screen
    assert isinstance(screen, QueenScreen)
    done = next(rect for rect, _, action in screen.buttons if isinstance(action, Done))
    press(app, done.center)
    assert match.actions == [Done()]
    under = [action for rect, _, action in screen.buttons if rect.collidepoint(done.center)]
    press(app, done.center)
    assert match.actions == [Done()], f"the second click ({under}) came too soon: ignored"
    assert play.confirm is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_colour_buttons_that_shift_take_no_click_meant_for_the_last_one(app: App, seed: int) -> None:
    """Godzina policyjna's set-up: a colour for each German agent.  After each pick the
    buttons close up: a second click at once on the same place is ignored, the same click
    after a moment (`SETTLE_SECONDS`) picks the colour now there."""
    match = Match(CURFEW, CURFEW.default_options(None), seed)
    play = PlayScene(app, match, autosave=False)
    app.reset(play)
    Driver(app).frames()
    screen = play.screen
    assert isinstance(screen, CurfewScreen)
    rect, first, _ = screen.choice_buttons[0]
    press(app, rect.center)
    assert match.actions == [first]
    now_there = [action for shown, action, _ in screen.choice_buttons if shown.collidepoint(rect.center)]
    assert now_there and now_there[0] != first, "another button stands where the first was"
    press(app, rect.center)
    assert match.actions == [first], "a click on a button that appeared under the pointer is ignored"
    app.frame(SETTLE_SECONDS)
    press(app, rect.center)
    assert match.actions == [first, now_there[0]], "after a moment the click is meant"


@pytest.mark.usefixtures("toy_registered")
def test_a_curtain_that_came_up_under_a_click_takes_no_click_for_a_moment(app: App) -> None:
    """Confirming a move hands the screen over at once: a double click there must not also
    press "Show my view", which shows the next person's view to the one who just moved."""
    from game.scenes.curtain import CurtainScene
    from rules.core import SeatConfig
    from tests.toy_title import TOY
    from tests.ui.test_play import fallback_button

    seats = {"odd": SeatConfig(name="Ola"), "even": SeatConfig(name="Ewa")}
    play = PlayScene(app, Match(TOY, TOY.options_model(seats=seats), seed=2), viewer="odd", autosave=False)
    app.reset(play)
    Driver(app).frames()
    press(app, fallback_button(play, {"type": "pick", "number": 1}))
    app.frame(SETTLE_SECONDS)
    press(app, fallback_button(play, {"type": "confirm"}))
    curtain = app.top
    assert isinstance(curtain, CurtainScene) and curtain.reveal is not None
    press(app, curtain.reveal.rect.center)
    app.frame(1 / 60)
    assert app.top is curtain and play.viewer is None, "the second click of a double click: ignored"
    app.frame(SETTLE_SECONDS)
    press(app, curtain.reveal.rect.center)
    app.frame(1 / 60)
    assert app.top is play and play.viewer == "even"
