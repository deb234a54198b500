"""The selected agent on the Stawka table lasts for his activation: when it ends nothing is
selected, so the person's next click on one of their figures picks that agent, even one
standing on a space the last agent could still reach (a selection that outlived its
activation moved the last agent there instead: issue 33, helper's report)."""

from __future__ import annotations

from game.app import App
from game.scenes.play import PlayScene
from game.stawka.screen import StawkaScreen
from rules.core import Match
from rules.stawka.actions import EndActivation, Move
from rules.stawka.title import TITLE
from tests.driver import Driver
from tests.stawka.build import in_activations


def table(play: PlayScene) -> StawkaScreen:
    screen = play.screen
    assert isinstance(screen, StawkaScreen)
    return screen


def figure(play: PlayScene, agent: str) -> tuple[int, int]:
    """Where `agent`'s figure stands on the table now."""
    screen = table(play)
    return screen.board.agent_points(screen.stawka_view)[agent]


def test_after_an_activation_a_click_on_an_own_figure_picks_that_agent(app: App) -> None:
    """Kloss walks two spaces and his activation is ended; the German network has no AP,
    so the Polish player goes on alone (Stage, F NOTE).  Ingrid Heizer stands on a space
    Kloss can still reach: clicking her figure selects her and moves nobody."""
    driver = Driver(app)
    match = Match(TITLE, TITLE.default_options("training-1"), seed=1)
    state = in_activations({"kloss": "hotel", "ingrid_heizer": "hitlerplatz.9", "glaubel": "theatre"})
    match.state = state.with_side("german", state.sides["german"].model_copy(update={"ap": 0}))
    play = PlayScene(app, match, viewer="polish", autosave=False)
    app.reset(play)
    driver.frames(2)

    driver.click_at(figure(play, "kloss"))
    assert table(play).selected == "kloss"
    driver.click_at(table(play).board.space_point("hitlerplatz.8"))
    assert match.actions == [Move(agent="kloss", to="hitlerplatz.8")]
    assert table(play).selected == "kloss", "he stays selected through his activation"
    end = next(rect.center for rect, o in table(play).menu.buttons if isinstance(o.action, EndActivation))
    driver.click_at(end)
    assert match.actions[-1] == EndActivation() and match.to_act() == "polish"
    assert match.state.activation is None  # type: ignore[attr-defined]
    assert table(play).selected is None, "the selection ended with his activation"
    assert Move(agent="kloss", to="hitlerplatz.9") in TITLE.legal_actions(match.state), (
        "Ingrid Heizer's space is one Kloss may still walk to"
    )

    driver.click_at(figure(play, "ingrid_heizer"))
    assert len(match.actions) == 2, "nobody moved"
    assert table(play).selected == "ingrid_heizer"
    assert match.state.agent("kloss").space == "hitlerplatz.8"  # type: ignore[attr-defined]
