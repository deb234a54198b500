"""The Doppelnull table in the real app: a whole game against the computer, by clicks."""

from __future__ import annotations

import pygame

from game.app import App
from game.doppelnull.screen import DoppelnullScreen
from game.scenes.game_over import GameOverScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.setup import SetupScene
from rules.core import Match, SeatConfig
from rules.doppelnull import TITLE
from rules.doppelnull.actions import EndTurn, Place, Remove, Swap
from rules.doppelnull.options import DoppelnullOptions
from rules.doppelnull.state import DoppelnullState
from tests.driver import Driver


def _play(app: App) -> PlayScene:
    scene = app.top
    assert isinstance(scene, PlayScene)
    return scene


def _screen(app: App) -> DoppelnullScreen:
    screen = _play(app).screen
    assert isinstance(screen, DoppelnullScreen)
    return screen


def _wait_for_me(app: App, driver: Driver) -> None:
    """Let the computer play until it is the person's turn or the game is over."""
    for _ in range(400):
        if isinstance(app.top, GameOverScene):
            return
        if _play(app).my_turn():
            return
        driver.frames(1)
    raise AssertionError("the computer never handed the turn back")


def _good_swap(state: DoppelnullState, legal: list[Swap]) -> Swap:
    """The test's own play as the male seat: take an unmasking, else fetch a needed card."""
    line = state.lines["female"]
    hit = [a for a in legal if line.agents[a.slot] == a.card]
    fetch = [a for a in legal if line.cards[a.slot] in line.agents and line.agents[a.slot] != a.card]
    return (hit or fetch or legal)[0]


def test_a_whole_game_against_the_computer_by_clicks(app: App, driver: Driver) -> None:
    app.reset(MenuScene(app))
    driver.frames()
    driver.click(app.top.buttons["new_game"])  # type: ignore[attr-defined]
    setup = app.top
    assert isinstance(setup, SetupScene)
    button = next(w for w, title_id in setup.title_buttons.items() if title_id == "doppelnull")
    driver.click(button)
    assert setup.players["male"] == "human" and setup.players["female"] != "human"
    driver.click(setup.start)

    play = _play(app)
    screen = _screen(app)
    assert play.viewer == "male"
    # Who starts: against the computer lots are drawn (it has no identity card to compare).
    assert play.match.state.starter in ("male", "female")  # type: ignore[attr-defined]
    _wait_for_me(app, driver)

    # Blind pick: three clicks on the opponent's row, whose numbers are not shown.
    assert all(n is None for n in screen.table.sides["female"].row)
    for position in (0, 4, 8):
        driver.click_at(screen.layout.row_figure(True, position).center)
    assert play.match.state.removed["female"] == (0, 4, 8)  # type: ignore[attr-defined]
    _wait_for_me(app, driver)

    # Placement: an agent, then a highlighted card, seven times.
    while screen.table.phase == "placement":
        agent = screen.table.sides["male"].waiting[0]
        driver.click_at(screen.layout.waiting_figure(0).center)
        assert screen.selected_agent == agent
        target = next(a for a in screen.legal if isinstance(a, Place) and a.agent == agent)
        driver.click_at(screen.layout.card(False, target.slot).center)
        _wait_for_me(app, driver)
    assert screen.table.phase == "play"

    # Play: a hand card, then an opponent's agent, until the game ends.
    swaps = 0
    while not isinstance(app.top, GameOverScene):
        state = play.match.state
        assert isinstance(state, DoppelnullState)
        action = _good_swap(state, [a for a in screen.legal if isinstance(a, Swap)])
        hand = screen.table.sides["male"].hand
        driver.click_at(screen.layout.hand_card(hand.index(action.card)).center)
        assert screen.selected_card == action.card
        driver.click_at(screen.layout.card(True, action.slot).center)
        swaps += 1
        assert swaps < 200
        _wait_for_me(app, driver)

    over = app.top
    assert isinstance(over, GameOverScene)
    outcome = play.match.outcome()
    assert outcome is not None and outcome.winners
    assert over.summary
    driver.frames(3)


def test_the_notebook_is_off_by_default_and_toggles_with_n(app: App, driver: Driver) -> None:
    match = Match(TITLE, DoppelnullOptions(starter="random"), seed=4)
    while match.state.pending:
        match.act(TITLE.legal_actions(match.state)[0])  # type: ignore[arg-type]
    seat = match.to_act()
    app.reset(PlayScene(app, match, viewer=seat, autosave=False))
    driver.frames()
    screen = _screen(app)
    assert not screen.notebook
    driver.key(pygame.K_n)
    assert screen.notebook
    driver.click_at(screen.layout.notebook_toggle().center)
    assert not screen.notebook


def test_a_swap_and_an_unmasking_animate_without_changing_the_game(animated: App, driver: Driver) -> None:
    app = animated
    from tests.doppelnull.tables import playing_state

    options = DoppelnullOptions(seats={"male": SeatConfig(name="Hans"), "female": SeatConfig(name="Ingrid")})
    match = Match(TITLE, options, seed=0)
    match.state = playing_state()
    app.reset(PlayScene(app, match, viewer="male", autosave=False))
    driver.frames()
    screen = _screen(app)
    driver.click_at(screen.layout.hand_card(0).center)  # card 8
    driver.click_at(screen.layout.card(True, 4).center)  # female agent 8: unmasked
    kinds = [m.kind for m in screen.animations.items]
    assert "swap" in kinds and "unmask" in kinds
    before = match.state
    for _ in range(30):
        driver.frames(1)
        assert match.state is before, "animations never change the game"
    assert screen.animations.items, "still animating after half a second"
    driver.frames(120)
    assert not screen.animations.of("swap") and not screen.animations.of("unmask")
    assert match.to_act() == "male", "the extra turn after an unmasking"


def test_two_people_set_up_behind_the_curtain(app: App, driver: Driver) -> None:
    """Blind picks and placements are made one seat at a time, each behind the curtain."""
    from game.scenes.curtain import CurtainScene

    options = DoppelnullOptions(
        starter="random", seats={"male": SeatConfig(name="Hans"), "female": SeatConfig(name="Ingrid")}
    )
    match = Match(TITLE, options, seed=6)
    play = PlayScene(app, match, autosave=False)
    app.reset(play)
    driver.frames()
    curtains: list[str] = []
    for _ in range(40):
        if isinstance(app.top, CurtainScene):
            curtains.append(app.top.name)
            driver.click(app.top.reveal)
        screen = _screen(app)
        if screen.table.phase == "play":
            break
        seat = play.viewer
        assert seat is not None and seat == match.to_act()
        other = "female" if seat == "male" else "male"
        assert all(n is None for n in screen.table.sides[other].row), "the other seat's numbers are hidden"
        assert all(s.agent is None for s in screen.table.sides[other].line)
        if screen.table.phase == "blind_pick":
            position = next(a.position for a in screen.legal if isinstance(a, Remove))
            driver.click_at(screen.layout.row_figure(True, position).center)
        else:
            agent = screen.table.sides[seat].waiting[0]
            driver.click_at(screen.layout.waiting_figure(0).center)
            target = next(a for a in screen.legal if isinstance(a, Place) and a.agent == agent)
            driver.click_at(screen.layout.card(False, target.slot).center)
    assert curtains[:3] == ["Hans", "Ingrid", "Hans"], "male picks; female picks and places; male places"
    assert _screen(app).table.phase == "play"


def test_after_an_unmasking_the_table_offers_to_end_the_turn(app: App, driver: Driver) -> None:
    """Playing the Game: the player "may" play again; the button ends the turn instead."""
    from tests.doppelnull.tables import playing_state

    options = DoppelnullOptions(seats={"male": SeatConfig(name="Hans"), "female": SeatConfig(name="Ingrid")})
    match = Match(TITLE, options, seed=0)
    match.state = playing_state()
    play = PlayScene(app, match, viewer="male", autosave=False)
    app.reset(play)
    driver.frames()
    screen = _screen(app)
    assert not screen.may_end_turn, "an ordinary turn cannot be ended without a swap"
    driver.click_at(screen.layout.end_turn_button().center)
    assert match.to_act() == "male" and len(match.actions) == 0
    driver.click_at(screen.layout.hand_card(0).center)  # card 8
    driver.click_at(screen.layout.card(True, 4).center)  # female agent 8: unmasked
    driver.frames(120)
    assert screen.may_end_turn and screen.table.again
    assert screen.status_text() == app.ctx.t("doppelnull.status.again")
    driver.click_at(screen.layout.end_turn_button().center)
    assert match.actions[-1] == EndTurn()
    assert match.to_act() == "female"
