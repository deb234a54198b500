"""The first-game guide (issue 11, point 5): coach marks over Stawka's Training 1 (and
Training 3's reaction windows) and the Queen of Spies Introduction point at what to click
next, follow the decisions, go away on "Got it" or Esc, turn off for good on "Don't show
again" and after the first finished game, and never point at anything but the seat at the
screen's own choices."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pygame
import pytest
from pygame_gui.elements import UITooltip

from game.app import App
from game.scenes.play import PlayScene
from game.settings import settings_path
from game.stawka.screen import StawkaScreen
from rules.core import Match, SeatConfig
from rules.core.components import Hand
from rules.queen_of_spies.state import QueenState
from rules.registry import TITLES
from rules.stawka.actions import Move, PlayLocationCard, PlayReaction
from rules.stawka.state import StawkaState
from tests.driver import Driver
from tests.stawka.build import in_activations
from tests.ui.conftest import language_app
from tests.ui.gallery import played


@pytest.fixture(params=["en", "pl"])
def app(request: pytest.FixtureRequest, siatka_home: object) -> Iterator[App]:
    """The real app, headless, in each language, with the guide on as at a first start."""
    yield from language_app(request.param)


def training(app: App, driver: Driver, name: str = "Ola") -> PlayScene:
    """Training 1: a person (Ola) leads the Polish network against the computer."""
    seats = {"polish": SeatConfig(name=name), "german": SeatConfig(name="Komputer", bot="random")}
    match = Match(TITLES["stawka"], TITLES["stawka"].make_options("training-1", seats, {}), 4)
    scene = PlayScene(app, match, autosave=False)
    app.reset(scene)
    driver.frames(3)
    return scene


def shown(scene: PlayScene) -> str | None:
    """The sentence of the mark on screen, None when none is."""
    mark = scene.coach_mark()
    assert (mark is None) == (scene.coach.shown is None), "what is drawn is what the scene asks for"
    return None if mark is None else mark.text


def press(scene: PlayScene, driver: Driver, action: str) -> None:
    """Click the guide's button that does `action` ("dismiss", "never")."""
    bubble = scene.coach.shown
    assert bubble is not None, "the guide shows"
    driver.click_at(next(rect for done, rect, _ in bubble.buttons if done == action).center)


def test_training_1_points_at_each_next_click(app: App, driver: Driver) -> None:
    scene = training(app, driver)
    screen = scene.screen
    assert isinstance(screen, StawkaScreen)
    t = app.ctx.t
    assert shown(scene) == t("stawka.coach.planning")
    cards = [rect for rect, _ in screen.menu.buttons]
    mark = scene.coach_mark()
    assert mark is not None and all(mark.rect.contains(card) for card in cards), "the ring holds the cards"
    driver.click_at(cards[0].center)
    driver.frames(6)  # the computer chooses its card, and activates first if its priority is lower
    assert shown(scene) == t("stawka.coach.pick_agent")
    mark = scene.coach_mark()
    assert mark is not None
    agent = next(a for a in screen.stawka_view.agents if screen.agent_row(a.id) == mark.rect)
    assert agent.side == "polish", "the guide points at one's own agent"
    driver.click_at(mark.rect.center)
    assert screen.selected == agent.id
    assert shown(scene) == t("stawka.coach.target")
    mark = scene.coach_mark()
    assert mark is not None
    driver.click_at(mark.rect.center)
    moved = next(a for a in screen.stawka_view.agents if a.id == agent.id)
    assert screen.board.space_at(mark.rect.center) == moved.space, "the click on the ring moved him there"


def test_got_it_and_esc_hide_the_marks_for_this_game_only(app: App, driver: Driver) -> None:
    scene = training(app, driver)
    press(scene, driver, "dismiss")
    assert shown(scene) is None and not app.settings.guides_seen, "gone from this game, not for good"
    assert isinstance(scene.screen, StawkaScreen)
    assert scene.screen.stawka_view.sides["polish"].has_chosen is False, "the click chose no card"
    again = training(app, driver)
    assert shown(again) is not None
    driver.key(pygame.K_ESCAPE)
    assert shown(again) is None


def queen(app: App, driver: Driver, name: str) -> PlayScene:
    title = TITLES["queen-of-spies"]
    match = Match(title, title.make_options("introduction", {"player": SeatConfig(name=name)}, {}), 5)
    scene = PlayScene(app, match, autosave=False)
    app.reset(scene)
    driver.frames(2)
    return scene


def test_dont_show_again_ends_this_titles_guide_for_this_person_only(app: App, driver: Driver) -> None:
    scene = training(app, driver)
    press(scene, driver, "never")
    assert shown(scene) is None and app.settings.first_game_guide, "the guide as a whole stays on"
    stored = json.loads(settings_path().read_text(encoding="utf-8"))["guides_seen"]
    topics = ("basics", "reactions", "locations")
    assert stored == {f"stawka:{topic}": ["ola"] for topic in topics}, "kept in the settings file"
    assert shown(training(app, driver)) is None, "Ola's next Stawka game is not guided"
    assert shown(training(app, driver, name="Ewa")) is not None, "Ewa's first game still is"
    assert shown(queen(app, driver, "Ola")) is not None, "and so is Ola's first game of another title"


def finish(scene: PlayScene, driver: Driver) -> None:
    """Play the scene's game to its end with random moves, as if clicked."""
    played(scene.match, None)
    scene.settle()
    driver.frames(2)


@pytest.mark.parametrize(
    ("title_id", "scenario", "people"),
    [
        ("stawka", "training-1", {"polish": "Ola", "german": "Ewa"}),
        ("queen-of-spies", "introduction", {"player": "Ola"}),
    ],
)
def test_a_finished_game_ends_the_guide_of_its_title_for_its_people(
    app: App, driver: Driver, title_id: str, scenario: str, people: dict[str, str]
) -> None:
    title = TITLES[title_id]
    seats = {seat: SeatConfig(name=name) for seat, name in people.items()}
    first = Match(title, title.make_options(scenario, seats, {}), 3)
    scene = PlayScene(app, first, viewer=first.to_act(), autosave=False)
    app.reset(scene)
    driver.frames(2)
    assert shown(scene) is not None, "the first game is guided"
    finish(scene, driver)
    assert first.outcome() is not None
    assert app.settings.first_game_guide, "a finished game no longer turns every guide off"
    taught = app.settings.guides_seen[f"{title_id}:basics"]
    assert taught == ["ola"], "what the guide showed is recorded for the person it showed it to"
    second = Match(title, title.make_options(scenario, seats, {}), 4)
    again = PlayScene(app, second, viewer=second.to_act(), autosave=False)
    app.reset(again)
    driver.frames(2)
    assert again.viewer == second.seats()[0] and shown(again) is None, "Ola's second game is not guided"
    other = "queen-of-spies" if title_id == "stawka" else "stawka"
    fresh = training(app, driver) if other == "stawka" else queen(app, driver, "Ola")
    assert shown(fresh) is not None, "her first game of the other title is"


def test_a_game_seen_finished_without_the_guide_records_nothing(app: App, driver: Driver) -> None:
    """A finished game opened again (or played with the marks hidden) taught nobody anything."""
    title = TITLES["stawka"]
    seats = {"polish": SeatConfig(name="Ola"), "german": SeatConfig(name="Ewa")}
    finished = played(Match(title, title.make_options("training-1", seats, {}), 3), None)
    app.reset(PlayScene(app, finished, viewer="polish", autosave=False))
    driver.frames(2)
    assert not app.settings.guides_seen
    assert shown(training(app, driver)) is not None


def test_the_settings_switch_turns_every_guide_off(app: App, driver: Driver) -> None:
    app.apply_settings(app.settings.model_copy(update={"first_game_guide": False}))
    assert shown(training(app, driver)) is None
    assert shown(queen(app, driver, "Ola")) is None


def test_the_introduction_points_at_the_hand_then_a_task(app: App, driver: Driver) -> None:
    title = TITLES["queen-of-spies"]
    match = Match(title, title.make_options("introduction", {"player": SeatConfig(name="Ola")}, {}), 5)
    scene = PlayScene(app, match, autosave=False)
    app.reset(scene)
    driver.frames(2)
    t = app.ctx.t
    assert shown(scene) == t("queen-of-spies.coach.hand")
    mark = scene.coach_mark()
    assert mark is not None
    driver.click_at(mark.rect.center)
    assert shown(scene) == t("queen-of-spies.coach.slot")
    mark = scene.coach_mark()
    assert mark is not None
    driver.click_at(mark.rect.center)
    state = match.state
    assert isinstance(state, QueenState) and state.assignments, "the click on the lit task assigned"
    assert shown(scene) == t("queen-of-spies.coach.hand"), "and the next operative is pointed at"


def test_no_guide_while_another_seat_acts(app: App, driver: Driver) -> None:
    title = TITLES["stawka"]
    seats = {"polish": SeatConfig(name="Ola"), "german": SeatConfig(name="Ewa")}
    first = Match(title, title.make_options("training-1", seats, {}), 4)
    watching = PlayScene(
        app, first, viewer="german" if first.to_act() == "polish" else "polish", autosave=False
    )
    assert watching.coach.on_for(app.settings, "polish") and watching.coach.on_for(app.settings, "german")
    assert watching.coach_mark() is None, "nothing is pointed at for another seat"


def ola_and_ewa(scenario: str, state: StawkaState) -> Match:
    """A Stawka game of `scenario` between two people, Ola (Polish) and Ewa, at `state`."""
    title = TITLES["stawka"]
    seats = {"polish": SeatConfig(name="Ola"), "german": SeatConfig(name="Ewa")}
    match = Match(title, title.make_options(scenario, seats, {}), 1)
    match.state = state
    return match


def ola_at_the_screen(app: App, driver: Driver, match: Match) -> tuple[PlayScene, StawkaScreen]:
    """`match`'s table with Ola, the Polish player, at the screen."""
    scene = PlayScene(app, match, viewer="polish", autosave=False)
    app.reset(scene)
    driver.frames(3)
    screen = scene.screen
    assert isinstance(screen, StawkaScreen)
    return scene, screen


def test_a_reaction_window_says_what_it_is_and_rings_the_cards(app: App, driver: Driver) -> None:
    """Training 3 (the advanced rules' first): the German moves, the Polish person holding a
    red card may answer; the guide says so and rings the card, not the pass button."""
    state = in_activations(
        {"bruno_dreher": "hotel", "jacek": "gestapo", "kloss": "theatre", "hermann_brunner": "gestapo"},
        turn="german",
        scenario="training-3",
    )
    polish = state.sides["polish"].model_copy(update={"reaction_hand": Hand(cards=("reaction-02",), limit=3)})
    match = ola_and_ewa("training-3", state.with_side("polish", polish))
    move = next(
        a for a in match.title.legal_actions(match.state) if isinstance(a, Move) and a.agent == "bruno_dreher"
    )
    match.act(move)
    scene, screen = ola_at_the_screen(app, driver, match)
    t = app.ctx.t
    assert shown(scene) == t("stawka.coach.reaction_window", skip=t("stawka.ui.act.no_reaction"))
    mark = scene.coach_mark()
    assert mark is not None
    cards = [
        rect
        for rect, offer in screen.menu.buttons
        if isinstance(offer.action, PlayReaction) and offer.action.card
    ]
    passing = [rect for rect, offer in screen.menu.buttons if offer.action == PlayReaction()]
    assert cards and passing
    assert all(mark.rect.contains(card) for card in cards), "the cards that may answer are ringed"
    assert not any(mark.rect.colliderect(rect) for rect in passing), "passing is named, not ringed"


def test_location_cards_are_explained_the_first_time_a_game_deals_them(app: App, driver: Driver) -> None:
    """Stawka's advanced rules: a person holding a location card is told at the start of an
    activation where the cards are (the network's row, an agent of theirs ringed to go on),
    and once the agent standing in its location is picked, the button that plays it."""
    from rules.stawka.location_cards import location_card
    from tests.stawka.cards import USER, card_state, scenario_with

    card = "polish-gestapo"
    match = ola_and_ewa(scenario_with(location_card(card).location), card_state(card))
    scene, screen = ola_at_the_screen(app, driver, match)
    t = app.ctx.t
    mark = scene.coach_mark()
    assert mark is not None and mark.topic == "locations"
    assert mark.text == t("stawka.coach.location_hand")
    assert mark.rect == screen.side_row("polish"), "the row whose hover shows the hand"
    app.draw()
    assert scene.coach.shown is not None and not scene.coach.shown.sentence.cut, "the sentence fits"
    driver.click_at(screen.agent_row(USER["polish"]).center)
    mark = scene.coach_mark()
    assert screen.selected == USER["polish"] and mark is not None
    assert mark.text == t("stawka.coach.location_card")
    played = [rect for rect, offer in screen.menu.buttons if isinstance(offer.action, PlayLocationCard)]
    assert played and all(mark.rect.contains(rect) for rect in played), "the button that plays it is ringed"
    app.draw()
    assert scene.coach.shown is not None and not scene.coach.shown.sentence.cut, "the sentence fits"


@pytest.mark.parametrize("title_key", ["island.coach.encounter"])
def test_a_sentence_a_long_name_makes_longer_widens_its_bubble(app: App, title_key: str) -> None:
    """Issue 29: with a name of 40 characters (the longest a person may type) the island's
    encounter sentence took more than the bubble's eight lines at 18 px and was cut
    ('… Obie…'); the bubble grows wider, up to `WIDEST`, and shows it whole."""
    from game.ui.coach import BUBBLE_WIDTH, WIDEST, Coach, CoachMark

    for name in ("Żaneta Wiśniewska-Włodarczyk z Kościerzy", "MAXIMILIAN WOLFGANG VON HOHENZOLLERN-OST"):
        assert len(name) == 40
        sentence = app.ctx.t(title_key, name=name)
        mark = CoachMark(pygame.Rect(900, 700, 180, 38), sentence)
        bubble = Coach("island", {}).place(mark, app.ctx.font, app.ctx.t, pygame.Rect(0, 0, 1600, 900))
        assert not bubble.sentence.cut, bubble.sentence.lines
        assert BUBBLE_WIDTH <= bubble.box.width <= WIDEST


def test_a_buttons_tooltip_shows_whole_over_the_guides_bubble(app: App, driver: Driver) -> None:
    """Seen in a real window: the Help button's tooltip ('F1: the rules of the current
    phase') rose under the bubble beside it, half hidden.  The bubble lies under the
    widgets (it keeps clear of the buttons), so a tooltip, drawn with them, shows whole."""
    scene = training(app, driver)
    bubble = scene.coach.shown
    assert bubble is not None, "the guide shows"
    tip = UITooltip("F1", hover_distance=(0, 0), manager=app.gui)
    tip.set_position(bubble.box.center)
    driver.frames(1)
    face = tip.text_block  # what a tooltip shows: its text box
    assert face is not None
    inside = pygame.Rect(face.rect).clip(bubble.box).inflate(-8, -8)
    assert inside.width > 0 and inside.height > 0, "the tooltip lies over the bubble"
    for point in (inside.topleft, inside.center, (inside.right - 1, inside.bottom - 1)):
        offset = (point[0] - face.rect.x, point[1] - face.rect.y)
        assert app.canvas.get_at(point) == face.image.get_at(offset), f"the tooltip is seen at {point}"
    tip.kill()
