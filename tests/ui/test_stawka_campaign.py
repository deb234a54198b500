"""Stawka's training campaign on the table: a scenario won by clicks, then "Continue the campaign".

Rulebook, "Training Campaign - Scenario 1: Meeting", NOTE: the next scenario starts from
half the evidence (rounded up), the winner's one track kept whole, all items back on the
board; "Scenario 2", Bonus for the winner: one kept item as well.  Each game is moved to
its last moves (Kloss one secret from victory) so the tests stay short; every action from
there is a click on the table.
"""

from __future__ import annotations

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.game_over import GameOverScene
from game.scenes.play import PlayScene
from game.stawka.screen import StawkaScreen
from rules.core import Match, SeatConfig
from rules.stawka.actions import Converse, KeepItemForNextGame, KeepTrackWhole, PlaceAgent, StawkaAction
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.options import StawkaOptions
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from tests.driver import Driver
from tests.stawka.campaign_states import in_activations, placed

SEATS = {"polish": SeatConfig(name="Ola"), "german": SeatConfig(name="Komputer", bot="heuristic")}


def one_secret_from_victory() -> StawkaState:
    """Training 1: Kloss faces Glaubel (4 evidence on him) with sixes to come, one secret won."""
    state = TITLE.new_game(StawkaOptions(scenario="training-1", seats=SEATS), 11)
    return in_activations(
        state,
        {"kloss": "hotel", "glaubel": "hotel"},
        "polish",
        {"ingrid_heizer": ("theatre-2",), "marta_becher": ("courts-1",)},
        polish={"secrets": 1, "evidence": {"yellow": 3, "purple": 7, "blue": 4, "black": 5}},
        german={"evidence": {"yellow": 2, "purple": 0, "blue": 6, "black": 9}},
    )


def on_table(app: App, driver: Driver) -> StawkaScreen:
    """The Polish player's table, past any curtain."""
    driver.frames(2)
    if isinstance(app.top, CurtainScene):
        driver.click(app.top.reveal)
    play = app.top
    assert isinstance(play, PlayScene) and play.viewer == "polish"
    screen = play.screen
    assert isinstance(screen, StawkaScreen)
    return screen


def click_menu(driver: Driver, screen: StawkaScreen, action: StawkaAction) -> None:
    driver.click_at(next(rect.center for rect, offer in screen.menu.buttons if offer.action == action))


def test_winning_training_1_and_continuing_the_campaign_lands_in_training_2(app: App, driver: Driver) -> None:
    match = Match(TITLE, StawkaOptions(scenario="training-1", seats=SEATS), 11)
    match.state = one_secret_from_victory()
    app.push(PlayScene(app, match, autosave=False))
    screen = on_table(app, driver)

    driver.click_at(screen.board.agent_points(screen.stawka_view)["kloss"])
    click_menu(driver, screen, Converse(agent="kloss", target="glaubel"))
    state = match.state
    assert isinstance(state, StawkaState)
    assert state.winner == "polish" and state.sides["polish"].secrets == 2
    screen = on_table(app, driver)
    click_menu(driver, screen, KeepTrackWhole(colour="purple"))
    driver.frames(2)

    over = app.top
    assert isinstance(over, GameOverScene)
    assert over.campaign is not None and over.campaign.text == "Continue the campaign"
    driver.click(over.campaign)
    driver.frames(2)

    plays = [scene for scene in app.scenes if isinstance(scene, PlayScene)]
    assert len(plays) == 1, "the next game replaces the finished one"
    following = plays[0].match
    assert following.options.seats == SEATS, "the same people and bots in the same seats"
    second = following.state
    assert isinstance(second, StawkaState) and second.scenario == "training-2"
    assert following.outcome() is None
    # Training 2 opens with placing the agents, the German first: his bot has placed one.
    assert [type(action) for action in following.actions] == [PlaceAgent]
    assert second.phase == "placement" and following.to_act() == "polish"
    # Purple kept whole; 3 -> 2, blue reset by the secret, 5 -> 3; the German halved: 2 -> 1, 6 -> 3, 9 -> 5.
    assert second.sides["polish"].evidence == {"yellow": 2, "purple": 7, "blue": 0, "black": 3}
    assert second.sides["german"].evidence == {"yellow": 1, "purple": 0, "blue": 3, "black": 5}
    assert second.documents["kloss"] == "kloss-abwehr"
    assert all(not agent.items for agent in second.agents), "all items return to the board"
    content = load_content()
    for location in board_of("training-2").locations:
        assert sorted(second.stacks[location]) == sorted(i.id for i in content.items_at(location))


def test_winning_training_2_on_vp_and_continuing_lands_in_training_3_with_the_bonus(
    app: App, driver: Driver
) -> None:
    """Scenario 2, Bonus for the winner: one kept item (it starts in Jacek's hand) and one
    unhalved track, Brunner's here."""
    options = StawkaOptions(scenario="training-2", seats=SEATS)
    state = placed(TITLE.new_game(options, 6))
    state = in_activations(
        state,
        {"kloss": "hotel", "glaubel": "hotel"},
        "polish",
        {"jacek": ("hotel-4",)},
        polish={"vp": 8, "evidence": {"yellow": 3, "purple": 1, "blue": 4, "black": 7}},
        german={"evidence": {"yellow": 5, "purple": 2, "blue": 0, "black": 9}},
    )
    match = Match(TITLE, options, 6)
    match.state = state
    app.push(PlayScene(app, match, autosave=False))
    screen = on_table(app, driver)

    driver.click_at(screen.board.agent_points(screen.stawka_view)["kloss"])
    click_menu(driver, screen, Converse(agent="kloss", target="glaubel"))
    click_menu(driver, on_table(app, driver), KeepTrackWhole(colour="black"))
    click_menu(driver, on_table(app, driver), KeepItemForNextGame(item="hotel-4"))
    driver.frames(2)
    over = app.top
    assert isinstance(over, GameOverScene) and over.campaign is not None
    driver.click(over.campaign)
    driver.frames(2)

    (play,) = [scene for scene in app.scenes if isinstance(scene, PlayScene)]
    third = play.match.state
    assert isinstance(third, StawkaState) and third.scenario == "training-3"
    assert third.sides["polish"].evidence == {"yellow": 2, "purple": 1, "blue": 0, "black": 7}
    assert third.sides["german"].evidence == {"yellow": 3, "purple": 1, "blue": 0, "black": 5}
    assert third.agent("jacek").items == ("hotel-4",) and "hotel-4" not in third.stacks["hotel"]
    assert {a.id for a in third.agents} >= {"georg", "bruno_dreher", "hermann_brunner"}
