""" "Top Secret" at the table, by clicks: the German player drives the Black Audi into the
factory, gives up the stage, Dr Pulkowski is broken at its end and gets in; next stage the
car drives off with him."""

from __future__ import annotations

from game.app import App
from game.scenes.play import PlayScene
from game.stawka import film_figures
from game.stawka.screen import StawkaScreen
from rules.core import Match
from rules.stawka.actions import DriveAudi, GiveUp, KeepThreats, MoveThreat
from rules.stawka.content import load_content
from rules.stawka.state import SecretThreats, StawkaState, TopSecret
from rules.stawka.title import TITLE
from tests.driver import Driver
from tests.stawka.build import in_activations

AGENTS = {"kloss": "abwehr", "barbara_reczko": "design_office", "hermann_brunner": "gestapo"}


def _table(app: App, stage: int = 1, **held: object) -> tuple[Driver, PlayScene, StawkaScreen, Match]:
    """The German player's turn in `stage`; the Polish player has given up the stage."""
    state = in_activations(AGENTS, turn="german", scenario="top-secret").model_copy(update={"stage": stage})
    polish = state.sides["polish"].model_copy(update={"gave_up": True})
    figures = (state.top_secret or TopSecret()).model_copy(update=held)
    return _play(app, state.with_side("polish", polish).model_copy(update={"top_secret": figures}), "german")


def _play(app: App, state: StawkaState, viewer: str) -> tuple[Driver, PlayScene, StawkaScreen, Match]:
    match = Match(TITLE, TITLE.default_options("top-secret"), 1)
    match.state = state
    driver = Driver(app)
    play = PlayScene(app, match, viewer=viewer, autosave=False)
    app.reset(play)
    driver.frames(2)
    screen = play.screen
    assert isinstance(screen, StawkaScreen)
    return driver, play, screen, match


def _drive(driver: Driver, screen: StawkaScreen, to: str) -> None:
    """Pick up the car on the board, then click a lit space."""
    held = screen.stawka_view.top_secret
    assert held is not None
    driver.click_at(film_figures.audi_rect(screen.board, held).center)
    assert screen.selected == film_figures.AUDI
    assert to in screen.targets()
    driver.click_at(screen.board.space_point(to))


def _figures(match: Match) -> TopSecret:
    state = match.state
    assert isinstance(state, StawkaState) and state.top_secret is not None
    return state.top_secret


def test_the_audi_fetches_pulkowski_who_is_broken_at_the_stage_s_end(app: App) -> None:
    # He has resisted 11 stages: any roll breaks him now.
    driver, play, screen, match = _table(app, audi="factory.13", failed=11)
    _drive(driver, screen, "factory")
    assert match.actions == [DriveAudi(to="factory")]
    assert _figures(match).audi == "factory"

    give_up = next(rect.center for rect, o in screen.menu.buttons if isinstance(o.action, GiveUp))
    driver.click_at(give_up)
    assert play.confirm is not None
    driver.click(play.confirm.confirm_button)
    driver.frames(2)
    assert (_figures(match).pulkowski, _figures(match).boarded) == ("aboard", 1)
    assert any(e.key == "stawka.pulkowski_broken" for e in match.log)


def test_the_audi_drives_off_with_pulkowski_the_next_stage(app: App) -> None:
    driver, _, screen, match = _table(app, stage=2, audi="factory", pulkowski="aboard", boarded=1)
    _drive(driver, screen, "factory.9")
    assert match.actions == [DriveAudi(to="factory.9")]
    assert (_figures(match).audi, _figures(match).audi_ap) == ("factory.9", 2)


def test_a_secret_s_threat_tokens_move_by_clicks(app: App) -> None:
    """After a Polish secret: the token on the board is picked, then a lit space; the second
    token is left by the panel's button."""
    state = in_activations(AGENTS, scenario="top-secret")
    tokens = [t.id for t in load_content().threats if t.side == "polish"][:2]
    polish = state.sides["polish"].model_copy(
        update={"threat_pool": tuple(t for t in state.sides["polish"].threat_pool if t not in tokens)}
    )
    state = state.with_side("polish", polish).model_copy(
        update={
            "threats": {**state.threats, "city.1": tokens[0], "military.9": tokens[1]},
            "pending": (SecretThreats(seat="polish"),),
        }
    )
    driver, _, screen, match = _play(app, state, "polish")
    labels = {token for _, token in screen.menu.token_buttons}
    assert labels == {"city.1", "military.9"}

    driver.click_at(screen.board.space_point("military.9"))
    assert screen.menu.chosen_token() == "military.9"
    assert "factory.13" in screen.targets() and "military.9" not in screen.targets()
    driver.click_at(screen.board.space_point("factory.13"))
    assert match.actions == [MoveThreat(space="military.9", to="factory.13")]

    keep = next(rect.center for rect, o in screen.menu.buttons if isinstance(o.action, KeepThreats))
    driver.click_at(keep)
    assert match.actions[-1] == KeepThreats()
    after = match.state
    assert isinstance(after, StawkaState) and set(after.threats) >= {"city.1", "factory.13"}
