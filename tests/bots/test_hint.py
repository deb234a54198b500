"""The hint button (issue 17): a person playing Hard asks once what to do; the table
suggests the strongest level's move from that person's view, lights its agent, and the
game-over summary counts the hint."""

from __future__ import annotations

import time

import pytest

from game.app import App
from game.scenes.game_over import GameOverScene
from game.scenes.play import PlayScene
from game.stawka import film_figures
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


def _table_for(app: App, match: Match, seat: str) -> tuple[Driver, PlayScene, StawkaScreen]:
    driver = Driver(app)
    play = PlayScene(app, match, viewer=seat, autosave=False)
    app.reset(play)
    driver.frames(2)
    assert isinstance(play.screen, StawkaScreen)
    return driver, play, play.screen


def test_a_hint_to_place_a_figure_on_a_street_of_a_free_scenario_names_the_street(app: App) -> None:
    """Issue 28, point 6: H while placing figures in a free scenario crashed (``KeyError: no
    location 'railway.4'``): "figures go on any space", streets too ("Free Scenarios", E)."""
    from rules.stawka.actions import PlaceAgent
    from rules.stawka.options import StawkaOptions
    from tests.stawka.test_free import free

    match = Match(TITLE, StawkaOptions(free=free("basic")), 3)
    driver, play, screen = _table_for(app, match, "polish")
    street = PlaceAgent(agent="kloss", location="railway.4")
    assert street in TITLE.legal_actions(stawka(match))
    screen.show_hint(street)
    assert screen.hint_text(street) == "Place Hans Kloss on the streets of Railway sector"
    first, second = screen.hint_marks(street)
    assert first == screen.agent_row("kloss"), "the agent first"
    assert second.collidepoint(screen.board.space_point("railway.4")), "then the street space"
    driver.click_at(first.center)
    driver.click_at(second.center)
    assert match.actions == [street], "clicking the rings in order takes the hinted move"
    app.apply_settings(app.settings.model_copy(update={"language": "pl"}))
    assert play.screen.hint_text(street) == "Wyślij agenta Hans Kloss na ulice sektora kolejowego"


def test_a_hint_to_drive_the_black_audi_names_where_and_rings_the_car(app: App) -> None:
    """Issue 28, point 7: when the strongest level advised driving the Black Audi ("Top
    Secret"), the hint raised IndexError: the car has no agent document."""
    from rules.stawka.actions import DriveAudi
    from rules.stawka.state import TopSecret
    from tests.stawka.build import in_activations

    state = in_activations(
        {"kloss": "abwehr", "barbara_reczko": "design_office", "hermann_brunner": "gestapo"},
        turn="german",
        scenario="top-secret",
    )
    state = state.model_copy(
        update={"top_secret": (state.top_secret or TopSecret()).model_copy(update={"audi": "factory.13"})}
    )
    match = Match(TITLE, TITLE.default_options("top-secret"), 1)
    match.state = state
    driver, _, screen = _table_for(app, match, "german")
    drive = DriveAudi(to="factory")
    assert drive in TITLE.legal_actions(state)
    screen.show_hint(drive)
    assert screen.hint_text(drive) == "Drive the Black Audi to Factory"
    car, space = screen.hint_marks(drive)
    held = screen.stawka_view.top_secret
    assert held is not None and car == film_figures.audi_rect(screen.board, held), "the car first"
    assert space.collidepoint(screen.board.space_point("factory")), "then where it goes"
    driver.click_at(car.center)
    driver.click_at(space.center)
    assert match.actions == [drive]
