"""The selected agent on the Stawka table lasts for his activation: when it ends nothing is
selected, so the person's next click on one of their figures picks that agent, even one
standing on a space the last agent could still reach (a selection that outlived its
activation moved the last agent there instead: issue 33, helper's report)."""

from __future__ import annotations

import pygame

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


def at_the_table(app: App, kloss: str = "hotel", german_ap: bool = True) -> tuple[Match, PlayScene, Driver]:
    """Training 1 in its activations at the Polish seat: Kloss at `kloss`, Ingrid Heizer
    on hitlerplatz.9, Glaubel in the theatre; the German network without AP unless
    `german_ap` (the Polish player then goes on alone: Stage, F NOTE)."""
    driver = Driver(app)
    match = Match(TITLE, TITLE.default_options("training-1"), seed=1)
    state = in_activations({"kloss": kloss, "ingrid_heizer": "hitlerplatz.9", "glaubel": "theatre"})
    if not german_ap:
        state = state.with_side("german", state.sides["german"].model_copy(update={"ap": 0}))
    match.state = state
    play = PlayScene(app, match, viewer="polish", autosave=False)
    app.reset(play)
    driver.frames(2)
    return match, play, driver


def test_after_an_activation_a_click_on_an_own_figure_picks_that_agent(app: App) -> None:
    """Kloss walks two spaces and his activation is ended; the German network has no AP,
    so the Polish player goes on alone (Stage, F NOTE).  Ingrid Heizer stands on a space
    Kloss can still reach: clicking her figure selects her and moves nobody."""
    match, play, driver = at_the_table(app, german_ap=False)

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


def test_a_click_on_a_spaces_cost_takes_that_space(app: App) -> None:
    """Each lit space's AP cost stands in a bubble at its upper right, outside the space's
    own disc (over no other lit space here): a person clicks the number.  The click moves
    the selected agent there (it let the agent go and moved nobody); the pointer over the
    number rings that space."""
    match, play, driver = at_the_table(app)
    driver.click_at(figure(play, "kloss"))
    screen = table(play)
    costs = screen._target_costs()
    bubbles = screen.board.cost_bubbles(costs, screen.stawka_view)
    off_the_space = {
        space: bubble.center
        for space, bubble in bubbles.items()
        if screen.board.space_at(bubble.center) not in costs and screen.board_rect.contains(bubble)
    }
    assert off_the_space, "the costs stand beside their spaces"
    space, centre = sorted(off_the_space.items())[0]
    driver.point_at(centre)
    assert screen._lit_hover() == space, "the pointer over the cost rings its space"
    driver.click_at(centre)
    assert match.actions == [Move(agent="kloss", to=space)]


def test_the_status_line_says_what_to_do_with_the_selected_agent(app: App) -> None:
    """Before his first action a selected agent's activation has not begun: the status
    line said 'Activate an agent: click one of yours' though one was picked."""
    _, play, driver = at_the_table(app)
    assert table(play).status_text() == app.ctx.t("stawka.status.activate")
    driver.click_at(figure(play, "kloss"))
    assert table(play).status_text() == "Hans Kloss: click a lit space, or choose an action on the right"


def test_an_agent_who_walked_one_space_is_told_to_walk_on_or_act(app: App) -> None:
    """After one step the rules offer no end to the activation ("he must use at least 2
    AP"): the menu showed the agent's name over nothing.  Its hint says why."""
    match, play, driver = at_the_table(app, kloss="hitlerplatz.8", german_ap=False)
    driver.click_at(figure(play, "kloss"))
    assert table(play).menu.hint is None, "nothing to explain before he moves"
    driver.click_at(table(play).board.space_point("hitlerplatz.9"))
    assert match.actions == [Move(agent="kloss", to="hitlerplatz.9")]
    assert EndActivation() not in TITLE.legal_actions(match.state)
    assert table(play).menu.hint == app.ctx.t("stawka.refusal.move_two_ap")
    driver.click_at(table(play).board.space_point("hitlerplatz.8"))
    assert EndActivation() in TITLE.legal_actions(match.state)
    assert table(play).menu.hint is None


def test_a_figure_under_a_name_shows_over_it_while_pointed_at(app: App) -> None:
    """Names are drawn over the pieces (issue 29), and on a crowded board a figure may lie
    wholly under one: in Hotel Excelsior Erik Kopf starts under 'Employment office'.
    Pointed at, his figure is drawn over the name (and his document beside it)."""
    match = Match(TITLE, TITLE.default_options("hotel-excelsior"), seed=1)
    while match.state.phase != "activations":  # type: ignore[attr-defined]
        match.act(TITLE.legal_actions(match.state)[0])
    play = PlayScene(app, match, viewer=match.to_act(), autosave=False)
    app.reset(play)
    driver = Driver(app)
    driver.frames(2)
    screen = table(play)
    names = [rect for _, rect in screen.board.label_rects(screen.stawka_view)]
    centre = figure(play, "erik_kopf")
    assert any(rect.collidepoint(centre) for rect in names), "his figure's middle lies under a name"
    window = pygame.display.get_surface()
    assert window is not None
    at = app.logical_to_window(centre)
    hidden = window.get_at(at)
    driver.point_at(centre)
    assert screen.hover_agent == "erik_kopf"
    assert window.get_at(at) != hidden, "his figure is drawn over the name"
    driver.point_at(screen.board_rect.bottomright)
    assert window.get_at(at) == hidden, "and under it again once the pointer leaves"
