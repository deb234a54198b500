"""The game-over scene continues a campaign (`Title.campaign_next`) with the same people."""

from __future__ import annotations

from game.app import App
from game.scenes.game_over import GameOverScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from rules.core import Match, SeatConfig
from tests.campaign_title import CAMPAIGN, CampaignOptions
from tests.driver import Driver
from tests.toy_title import TOY

SEATS = {"odd": SeatConfig(name="Ola"), "even": SeatConfig(name="Komputer", bot="random")}


def finish(app: App, driver: Driver, match: Match) -> GameOverScene:
    """Put `match` on the screen, concede it for the person, and return the game-over scene."""
    app.reset(MenuScene(app))
    app.push(PlayScene(app, match))
    driver.frames(2)
    play = app.top
    assert isinstance(play, PlayScene)
    play.submit({"type": "concede"})
    driver.frames(2)
    over = app.top
    assert isinstance(over, GameOverScene)
    return over


def test_continue_the_campaign_starts_its_next_game_with_the_same_seats(app: App, driver: Driver) -> None:
    over = finish(app, driver, Match(CAMPAIGN, CampaignOptions(level=1, pace="fast", seats=SEATS), 4))
    assert over.campaign is not None and over.campaign.text == "Continue the campaign"
    driver.click(over.campaign)

    plays = [scene for scene in app.scenes if isinstance(scene, PlayScene)]
    assert len(plays) == 1, "the next game replaces the finished one"
    following = plays[0].match
    assert following is not over.match
    assert following.options.level == 2  # type: ignore[attr-defined]
    assert following.state.level == 2  # type: ignore[attr-defined]
    assert following.options.seats == SEATS, "the same people and bots in the same seats"
    assert following.outcome() is None and following.actions == []


def test_the_last_game_of_a_campaign_offers_no_next_game(app: App, driver: Driver) -> None:
    over = finish(app, driver, Match(CAMPAIGN, CampaignOptions(level=3, seats=SEATS), 4))
    assert over.campaign is None
    assert over.rematch is not None and over.rematch.alive()


def test_a_game_outside_any_campaign_offers_only_a_rematch(app: App, driver: Driver) -> None:
    options = TOY.options_model(seats=SEATS)
    over = finish(app, driver, Match(TOY, options, 4))
    assert over.campaign_options is None and over.campaign is None
    labels = sorted(b.text for b in (over.rematch, over.menu) if b is not None)
    assert labels == ["Main menu", "Rematch"]
