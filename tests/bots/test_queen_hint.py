"""The hint in Queen of Spies (issue 17): the Hard level's suggestion for the person
playing the story, worked out off the frame loop, taken by clicks, counted at the end."""

from __future__ import annotations

from game.app import App
from game.queen_of_spies.screen import QueenScreen
from game.scenes.game_over import GameOverScene
from game.scenes.play import PlayScene
from rules.core import Dice, Match, seed_state
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.actions import Action
from rules.queen_of_spies.bots import HeuristicBot
from rules.queen_of_spies.lookahead import LookAhead
from rules.queen_of_spies.state import SEAT, QueenState
from tests.bots.test_hint import wait_for_hint
from tests.driver import Driver
from tests.queen_of_spies.test_screen import _button, _clicks_for


def test_the_introduction_by_clicks_with_one_hint_from_the_hard_level(app: App) -> None:
    driver = Driver(app)
    match = Match(TITLE, TITLE.default_options("introduction"), 7)
    play = PlayScene(app, match, autosave=False)
    app.reset(play)
    driver.frames(2)
    me = HeuristicBot()
    dice = Dice(seed_state(7))
    hinted: Action | None = None
    while match.to_act() is not None:
        state = match.state
        assert isinstance(state, QueenState)
        screen = play.screen
        assert isinstance(screen, QueenScreen)
        if hinted is None:
            driver.click(play.controls["hint"])
            wait_for_hint(driver, play)
            hinted = next(action for action in TITLE.legal_actions(state) if action == screen.hint)
            view = TITLE.view(state, SEAT)
            legal = TITLE.legal_actions(state)
            assert hinted in LookAhead().rank(view, legal, SEAT, Dice(seed_state(1)))[:3]
            assert [t.text for t in play.toasts.items][-1] == f"Hint: {screen.hint_text(hinted)}"
            action = hinted
        else:
            action = TITLE.bot_action(me, state, dice)
        before = len(match.actions)
        for click in _clicks_for(screen, action):
            driver.click_at(_button(screen, action) if click[0] == "button" else click)
        assert match.actions[before:] == [action], f"clicking did not take {action!r}"
        driver.frames(1)
        assert screen.hint is None, "a hint lasts until the state changes"
    driver.frames(5)
    over = app.top
    assert isinstance(over, GameOverScene) and play.hints_used == 1
    assert over.summary.endswith("Hints used: 1")
