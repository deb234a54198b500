"""A whole training-1 game played through the Stawka table with synthetic clicks, headless.

Two people share the screen: every handover passes the curtain.  A sensible bot decides
what each player wants; the test then does it the way a person would: clicks the agent
figure, then a lit space or a button of the side menu.
"""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.game_over import GameOverScene
from game.scenes.play import PlayScene
from game.stawka.screen import StawkaScreen
from game.titles import SCREENS
from game.ui.seat_view import SeatView
from rules.core import Dice, Match, seed_state
from rules.stawka.actions import (
    ChooseKlossDocument,
    ExchangePlace,
    GiveUp,
    Move,
    PlaceAgent,
    PlaceThreat,
    StawkaAction,
)
from rules.stawka.bots import HeuristicBot
from rules.stawka.options import CampaignCarry, StawkaOptions
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from tests.driver import Driver
from tests.stawka.build import in_activations


def test_the_stawka_table_is_registered() -> None:
    assert SCREENS["stawka"] is StawkaScreen


Click = tuple[int, int] | StawkaAction
"""A point on the screen, or an action whose side-menu button to click."""


def clicks_for(screen: StawkaScreen, action: StawkaAction) -> list[Click]:
    """Where a person clicks to take `action` now."""
    view = screen.stawka_view
    clicks: list[Click] = []
    if isinstance(action, (PlaceAgent, ExchangePlace)):
        if screen.selected != action.agent:
            clicks.append(screen.agent_row(action.agent).center)
        space = action.location if isinstance(action, PlaceAgent) else action.space
        return [*clicks, screen.board.space_point(space)]
    if isinstance(action, PlaceThreat):
        if screen.menu.chosen_token() != action.token:
            clicks.append(
                next(rect.center for rect, token in screen.menu.token_buttons if token == action.token)
            )
        return [*clicks, screen.board.space_point(action.space)]
    agent = getattr(action, "agent", None)
    if agent is not None and screen.selected is not None and screen.selected != agent:
        # Another agent is still selected: a lit space of his under this one's figure would
        # move him (the screen's rule); the row selects this one wherever he stands.
        clicks.append(screen.agent_row(agent).center)
    elif agent is not None and screen.selected != agent:
        clicks.append(screen.board.agent_points(view)[agent])
    if isinstance(action, Move):
        return [*clicks, screen.board.space_point(action.to)]
    return [*clicks, played(screen, action)]


def played(screen: StawkaScreen, action: StawkaAction) -> StawkaAction:
    """The action a person's click plays for `action`: a copy of a reaction card played
    alike is one button, its first copy's (`SideMenu.stands_for`)."""
    shown = screen.menu.stands_for(action)
    assert isinstance(shown, StawkaAction)
    return shown


def press(driver: Driver, screen: StawkaScreen, clicks: list[Click]) -> None:
    for click in clicks:
        if isinstance(click, tuple):
            driver.click_at(click)
        else:
            for _ in range(screen.menu.pages()):  # a person turns the menu's pages to the button
                if any(o.action == click for _, o in screen.menu.buttons) or screen.menu.more is None:
                    break
                driver.click_at(screen.menu.more.center)
            driver.click_at(next(rect.center for rect, o in screen.menu.buttons if o.action == click))
        play = driver.app.top
        if isinstance(play, PlayScene) and play.confirm is not None:
            driver.click(play.confirm.confirm_button)  # giving up with AP left asks first
            driver.frames(1)


def test_giving_up_with_ap_left_asks_first_and_going_back_changes_nothing(app: App) -> None:
    """Issue 11, point 8: "Give up for this stage" acted at once, even on a first activation."""
    driver = Driver(app)
    match = Match(TITLE, TITLE.default_options("training-1"), seed=1)
    match.state = in_activations({"kloss": "hotel", "glaubel": "theatre"}, ap=11)
    play = PlayScene(app, match, viewer="polish", autosave=False)
    app.reset(play)
    driver.frames(2)
    screen = play.screen
    assert isinstance(screen, StawkaScreen)
    give_up = next(o.action for _, o in screen.menu.buttons if isinstance(o.action, GiveUp))
    press_once = next(rect.center for rect, o in screen.menu.buttons if o.action == give_up)

    driver.click_at(press_once)
    assert play.confirm is not None and match.actions == []
    assert "11" in play.confirm.confirmation_text.html_text
    driver.click(play.confirm.cancel_button)
    driver.frames(1)  # the dialog's own events come a frame after the click
    assert play.confirm is None and match.actions == []

    driver.click_at(press_once)
    assert play.confirm is not None
    driver.click(play.confirm.confirm_button)
    driver.frames(1)
    assert play.confirm is None and match.actions == [give_up]
    assert match.state.sides["polish"].gave_up


@pytest.mark.parametrize(("scenario", "seed"), [("training-1", 7), ("training-2", 4), ("training-3", 2)])
def test_a_whole_game_by_clicks(app: App, scenario: str, seed: int) -> None:
    driver = Driver(app)
    match = Match(TITLE, TITLE.default_options(scenario), seed=seed)
    play = PlayScene(app, match, autosave=False)
    app.reset(play)
    driver.frames(2)
    bots = {seat: HeuristicBot(seat) for seat in match.seats()}
    dice = Dice(seed_state(seed))
    curtains = moves = menu_clicks = joins = 0
    kinds: set[str] = set()
    for _ in range(5000):
        top = app.top
        if isinstance(top, GameOverScene):
            break
        if isinstance(top, CurtainScene):
            curtains += 1
            driver.click(top.reveal)
            continue
        assert top is play and play.viewer == match.to_act()
        screen = play.screen
        assert isinstance(screen, StawkaScreen)
        seat = match.to_act()
        assert seat is not None
        state = match.state
        assert isinstance(state, StawkaState)
        wanted = TITLE.bot_action(bots[seat], state, dice)
        clicks = clicks_for(screen, wanted)
        if isinstance(wanted, Move) and any(
            a.space == wanted.to and a.side == seat and a.id != wanted.agent for a in state.agents
        ):
            joins += 1
        before = len(match.actions)
        wanted = played(screen, wanted)
        press(driver, screen, clicks)
        assert len(match.actions) == before + 1, f"clicking for {wanted!r} did nothing"
        assert match.actions[-1] == wanted
        kinds.add(wanted.type)
        moves += isinstance(wanted, Move)
        menu_clicks += not isinstance(wanted, Move)
    assert isinstance(app.top, GameOverScene), "the game did not finish"
    assert match.outcome() is not None
    assert curtains >= 16  # two planning choices in each of at least 8 stages, or a win earlier
    assert moves > 5 and menu_clicks > 10
    assert joins >= 1, "the bot's moves onto a space of its own agent were clicked too"
    if scenario == "training-2":
        assert {"place", "place_threat", "trigger"} <= kinds, kinds
    if scenario == "training-3":
        # The advanced rules by clicks: reaction windows answered, location cards used.
        assert {"place", "reaction", "block"} <= kinds, kinds
        assert kinds & {"location_card", "card_ap", "hideout"}, kinds


def test_wheel_zooms_and_drag_pans_the_board(app: App) -> None:
    driver = Driver(app)
    match = Match(TITLE, TITLE.default_options("training-1"), seed=2)
    play = PlayScene(app, match, viewer="polish", autosave=False)
    app.reset(play)
    driver.frames(2)
    screen = play.screen
    assert isinstance(screen, StawkaScreen)
    centre = screen.board_rect.center
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=app.logical_to_window(centre), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    driver.frames(2)
    assert screen.board.zoom > 1.0
    hotel = screen.board.space_point("hotel")
    start = app.logical_to_window(centre)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    end = (start[0] + 60, start[1] + 30)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(60, 30), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    driver.frames(2)
    moved = screen.board.space_point("hotel")
    assert moved != hotel
    assert match.actions == [], "a drag is not a click"


def click(screen: StawkaScreen, pos: tuple[int, int], button: int = 1) -> object:
    """Press and release a mouse button on the table; what the click asks the match to do."""
    assert screen.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)) is None
    return screen.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


@pytest.mark.parametrize(
    ("space", "others"),
    [("hitlerplatz.9", {}), ("officers_apartments", {"glaubel": "officers_apartments"})],
)
def test_a_click_on_a_lit_space_moves_onto_an_own_agent_there(
    app: App, space: str, others: dict[str, str]
) -> None:
    """Any number of agents may share a space: with Kloss selected, clicking Ingrid Heizer
    on a space he can reach moves him there; her row in the panel, or letting go of Kloss
    (right click, Esc) and clicking her figure, still selects her."""
    state = in_activations(
        {"kloss": "hotel", "ingrid_heizer": space, "marta_becher": "theatre", "glaubel": "theatre", **others}
    )
    match = Match(TITLE, TITLE.default_options("training-1"), 1)
    match.state = state
    screen = StawkaScreen(app.ctx, SeatView.of(match, "polish"), pygame.Rect(16, 72, 1168, 772))
    screen.refresh(SeatView.of(match, "polish"))
    figures = screen.board.agent_points(screen.stawka_view)
    assert click(screen, figures["kloss"]) is None and screen.selected == "kloss"
    assert space in screen.targets(), "Ingrid Heizer's space is lit for Kloss"
    go = Move(agent="kloss", to=space)
    assert click(screen, figures["ingrid_heizer"]) == go
    assert click(screen, screen.board.space_point(space)) == go
    assert click(screen, figures["kloss"]) is None and screen.selected == "kloss", "clicking him keeps him"

    assert click(screen, screen.agent_row("ingrid_heizer").center) is None
    assert screen.selected == "ingrid_heizer"
    assert click(screen, figures["kloss"]) == Move(agent="ingrid_heizer", to="hotel"), "and back again"
    assert click(screen, figures["ingrid_heizer"], button=3) is None and screen.selected is None
    assert click(screen, figures["ingrid_heizer"]) is None and screen.selected == "ingrid_heizer"
    screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert screen.selected is None


def test_the_polish_player_picks_an_exposed_kloss_s_new_document_in_the_side_menu(app: App) -> None:
    """Training campaign, Kloss exposed in scenario 2: scenario 3 opens with the Polish
    player's choice of another document, a button per allowed document."""
    carry = CampaignCarry(
        from_scenario="training-2", winner="german", banned_kloss_documents=("kloss-abwehr",)
    )
    match = Match(TITLE, StawkaOptions(scenario="training-3", carry=carry), 4)
    screen = StawkaScreen(app.ctx, SeatView.of(match, "polish"), pygame.Rect(16, 72, 1168, 772))
    screen.refresh(SeatView.of(match, "polish"))
    assert screen.status_text() == app.ctx.t("stawka.status.kloss_document")
    labels = {screen.labels.action(o.action): o.action for _, o in screen.menu.buttons}
    assert set(labels) == {"Kloss: rank 8 · 4 AP", "Kloss: rank 6 · 5 AP"}
    frontline = ChooseKlossDocument(document="kloss-frontline")
    assert labels["Kloss: rank 6 · 5 AP"] == frontline
    button = next(rect.center for rect, o in screen.menu.buttons if o.action == frontline)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button, button=1)
    assert screen.handle_event(down) == frontline, "the side menu answers on the press"
    screen.refresh(SeatView.of(match, "german"))
    assert screen.menu.buttons == [], "the choice is the Polish player's"
