"""The hint button (issue 17): a person playing Hard asks once what to do; the table
suggests the strongest level's move from that person's view, lights its agent, and the
game-over summary counts the hint."""

from __future__ import annotations

import time

import pytest

from game.app import App
from game.scenes.game_over import GameOverScene
from game.scenes.play import PlayScene
from game.stawka.screen import StawkaScreen
from rules.core import Dice, Match, SeatConfig, seed_state
from rules.core.search import Budget, SearchBot
from rules.stawka.actions import Move
from rules.stawka.bots import HeuristicBot
from rules.stawka.bots.hard import hard_bot
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from tests.driver import Driver
from tests.stawka.test_ui import clicks_for, press

SEATS = {"polish": SeatConfig(name="Ola"), "german": SeatConfig(name="Komputer", bot="hard")}


def stawka(match: Match) -> StawkaState:
    assert isinstance(match.state, StawkaState)
    return match.state


def wait_for_hint(driver: Driver, play: PlayScene) -> None:
    """Frames until the hint's worker has answered (it thinks off the frame loop)."""
    deadline = time.monotonic() + 60
    while play.screen.hint is None:
        assert time.monotonic() < deadline, "no hint came"
        driver.frames(1)
        time.sleep(0.01)


def test_a_game_against_hard_by_clicks_with_one_hint(app: App) -> None:
    driver = Driver(app)
    match = Match(TITLE, TITLE.make_options("training-1", SEATS), seed=8)
    play = PlayScene(app, match, autosave=False)
    assert isinstance(play.bots["german"], SearchBot), "the computer plays at the Hard level"
    # Hard as the table makes it, on a smaller budget of worlds and no clock, so the game is
    # the same however busy the machine is: the test plays a whole game.
    play.bots["german"] = hard_bot(TITLE, "german", Budget(iterations=2))
    app.reset(play)
    driver.frames(2)
    me = HeuristicBot("polish")

    def state() -> StawkaState:
        return stawka(match)

    dice = Dice(seed_state(8))
    hinted = None
    deadline = time.monotonic() + 600  # only against a hang: the computer thinks off the frame loop
    while time.monotonic() < deadline:
        if isinstance(app.top, GameOverScene):
            break
        if match.to_act() != "polish":
            driver.frames(1)
            time.sleep(0.002)
            continue
        screen = play.screen
        assert isinstance(screen, StawkaScreen) and play.viewer == "polish"
        legal = TITLE.legal_actions(state())
        if hinted is None and len(legal) > 2 and isinstance(legal[0], Move):
            driver.click(play.controls["hint"])
            wait_for_hint(driver, play)
            hinted = next(action for action in legal if action == screen.hint)
            assert [t.text for t in play.toasts.items][-1] == f"Hint: {screen.hint_text(hinted)}"
            agent = getattr(hinted, "agent", None)
            if agent is not None:
                assert screen.selected == agent, "the hinted agent is picked up on the table"
            wanted = hinted
        else:
            wanted = TITLE.bot_action(me, state(), dice)
        before = len(match.actions)
        press(driver, screen, clicks_for(screen, wanted))
        # The computer may answer within the click's frames: the person's move comes first.
        assert match.actions[before:][:1] == [wanted], f"clicking for {wanted!r} did nothing"
        assert screen.hint is None, "a hint lasts until the state changes"
    over = app.top
    assert isinstance(over, GameOverScene), "the game did not finish"
    assert hinted is not None and play.hints_used == 1
    assert over.summary.endswith("Hints used: 1")


def test_no_hint_out_of_turn_nor_for_a_seat_not_to_act(app: App) -> None:
    driver = Driver(app)
    match = Match(TITLE, TITLE.make_options("training-1", SEATS), seed=8)
    play = PlayScene(app, match, autosave=False)
    app.reset(play)
    driver.frames(2)
    while match.to_act() == "polish":
        play.submit(TITLE.bot_action(HeuristicBot("polish"), stawka(match), Dice(seed_state(1))))
    play.ask_hint()
    assert [t.text for t in play.toasts.items][-1] == "It is not your turn."
    with pytest.raises(ValueError):
        TITLE.hint(stawka(match), "polish", Dice(seed_state(1)))
