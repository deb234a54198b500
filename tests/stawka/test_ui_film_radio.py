""" "I Know Who You Are" by clicks, headless: the Polish player hides the radio station behind
the curtain (the German player's table never shows where), and Kloss transmits the report,
which wins after the next stage."""

from __future__ import annotations

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.game_over import GameOverScene
from game.scenes.play import PlayScene
from game.stawka import radio
from game.stawka.screen import StawkaScreen
from rules.core import Dice, Match, seed_state
from rules.stawka.actions import EndActivation, GiveUp, StawkaAction, Transmit
from rules.stawka.bots import HeuristicBot
from rules.stawka.film.radio import TRANSMITTED
from rules.stawka.options import StawkaOptions
from rules.stawka.state import GERMAN, POLISH, RadioStation, StawkaState
from rules.stawka.title import TITLE
from tests.driver import Driver
from tests.stawka.build import in_activations
from tests.stawka.test_film_radio import HIDING_PLACES
from tests.stawka.test_ui import Click, clicks_for, press

SCENARIO = "i-know-who-you-are"


def table(driver: Driver, play: PlayScene) -> StawkaScreen:
    """Past the curtain, if one is up: the table of the seat to act."""
    if isinstance(driver.app.top, CurtainScene):
        driver.click(driver.app.top.reveal)
    assert driver.app.top is play
    screen = play.screen
    assert isinstance(screen, StawkaScreen)
    return screen


def test_the_radio_station_is_hidden_behind_the_curtain_by_a_click_on_the_board(app: App) -> None:
    driver = Driver(app)
    match = Match(TITLE, StawkaOptions(scenario=SCENARIO), seed=5)
    play = PlayScene(app, match, autosave=False)
    app.reset(play)
    driver.frames(2)
    assert isinstance(app.top, CurtainScene), "the hiding place is chosen behind the curtain"
    screen = table(driver, play)
    assert play.viewer == POLISH
    assert set(screen.targets()) == HIDING_PLACES
    assert radio.caption_lines(screen.stawka_view, screen.labels) == [
        "Radio station: hidden",
        "German secrets toward it: 0 of 3",
    ]
    driver.click_at(screen.board.space_point("gestapo"))
    assert match.actions == [], "the police sector is no hiding place"
    driver.click_at(screen.board.space_point("market"))
    state = match.state
    assert isinstance(state, StawkaState) and state.radio == RadioStation(location="market")
    # The German player's table, after the curtain, shows no station and no hint of it.
    while match.to_act() != GERMAN:
        screen = table(driver, play)
        planning = match.state
        assert isinstance(planning, StawkaState)
        first: list[Click] = [TITLE.legal_actions(planning)[0]]  # the first planning card
        press(driver, screen, first)
    screen = table(driver, play)
    assert play.viewer == GERMAN
    assert screen.stawka_view.radio == RadioStation()
    assert "Market" not in " ".join(radio.caption_lines(screen.stawka_view, screen.labels))
    assert "market" not in repr([e for e in match.log if e.seen_by(GERMAN)])


def test_kloss_transmits_by_clicks_and_wins_after_the_next_stage(app: App) -> None:
    driver = Driver(app)
    state = in_activations(
        {"kloss": "market", "irena": "railway_station", "stedtke": "gestapo", "old_lady": "courts"},
        scenario=SCENARIO,
    )
    polish = state.sides[POLISH].model_copy(update={"secrets": 2})
    match = Match(TITLE, StawkaOptions(scenario=SCENARIO), seed=2)
    match.state = state.with_side(POLISH, polish).model_copy(
        update={"radio": RadioStation(location="market")}
    )
    play = PlayScene(app, match, viewer=POLISH, autosave=False)
    app.reset(play)
    driver.frames(2)
    screen = table(driver, play)
    assert radio.caption_lines(screen.stawka_view, screen.labels)[0] == "Radio station: Market"
    press(driver, screen, clicks_for(screen, Transmit(agent="kloss")))
    assert match.actions == [Transmit(agent="kloss")]
    on_air = match.state.radio
    assert on_air is not None and on_air.public and on_air.since == 1
    assert radio.caption_lines(screen.stawka_view, screen.labels)[1].startswith("On air since stage 1")
    # Both players then give up their stages (the German has no way to stop it here); the
    # rest (planning cards, threat tokens) as a sensible player would, by clicks.
    bots = {seat: HeuristicBot(seat) for seat in match.seats()}
    dice = Dice(seed_state(2))
    for _ in range(200):
        if isinstance(app.top, GameOverScene):
            break
        screen = table(driver, play)
        current = match.state
        assert isinstance(current, StawkaState)
        decision = TITLE.decision(current)
        assert decision is not None
        wanted: StawkaAction
        if decision.kind == "activation":
            wanted = EndActivation() if current.activation is not None else GiveUp()
        else:
            wanted = TITLE.bot_action(bots[decision.seat], current, dice)
        press(driver, screen, clicks_for(screen, wanted))
        assert match.actions[-1] == wanted, f"clicking for {wanted!r} did nothing"
    assert isinstance(app.top, GameOverScene), "the game did not end"
    final = match.state
    assert isinstance(final, StawkaState)
    assert (final.winner, final.end_key, final.stage) == (POLISH, TRANSMITTED, 3)
