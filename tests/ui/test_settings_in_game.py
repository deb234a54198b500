"""The settings open from the play scene and the game goes on (issue 11, point 11)."""

from __future__ import annotations

from game.app import App
from game.scenes.play import PlayScene
from game.scenes.settings import SettingsScene
from rules.core import Match
from rules.registry import TITLES
from tests.driver import Driver


def test_a_language_chosen_mid_game_redraws_the_table_and_keeps_the_game(app: App, driver: Driver) -> None:
    title = TITLES["doppelnull"]
    match = Match(title, title.make_options(None, {}, {"starter": "random"}), seed=2)
    for _ in range(3):
        match.act(title.legal_actions(match.state)[0])
    seat = match.to_act()
    play = PlayScene(app, match, viewer=seat, autosave=False)
    app.reset(play)
    driver.frames()
    status = play.screen.status_text()
    before = (list(match.actions), title.dump(match.state))

    driver.click(play.controls["settings"])
    settings = app.top
    assert isinstance(settings, SettingsScene)
    polish = next(widget for widget, choice in settings.choices.items() if choice == ("language", "pl"))
    driver.click(polish)
    assert settings.back is not None
    driver.click(settings.back)

    assert app.top is play and app.settings.language == "pl"
    assert play.controls["settings"].text == "Ustawienia"
    assert play.screen.status_text() != status, "the table speaks the language chosen"
    assert (list(match.actions), title.dump(match.state)) == before
