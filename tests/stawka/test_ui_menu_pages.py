"""Stawka's side menu shows every action it lists, each button's words whole: buttons that
do not all fit are shown a page at a time, the page button beside the heading (a location
card's many targets cut "End the activation" and "Give up for this stage" off the table,
found by the hint's test: issue 28, point 8); a menu crowded into two columns cut their
words, 'Priorytet 1 · 6 PA · re…', whole only under the pointer (issue 29, point 4)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.app import App
from game.scenes.play import PlayScene
from game.scenes.play_files import bot_played_match
from game.settings import Settings
from game.stawka.labels import Labels
from game.stawka.menu import BUTTON_HEIGHT, GAP, SideMenu, menu_offers
from game.stawka.screen import StawkaScreen
from game.ui.fit import HoverTexts, noting
from game.ui.fonts import fonts_from
from rules.stawka.actions import ChoosePlanningCard, EndActivation, GiveUp, PlayReaction, StawkaAction
from rules.stawka.offers import Offer
from rules.stawka.stage import planning_cards

TOP = 600
ROWS = 3
"""The menu's room: three rows of buttons under its heading."""


def menu(app: App) -> SideMenu:
    """The side menu with the fonts of Stawka's table (`StawkaScreen.smallest_text`)."""
    bottom = TOP + 30 + ROWS * (BUTTON_HEIGHT + GAP) + 6
    ctx = replace(app.ctx, font=fonts_from(StawkaScreen.smallest_text))
    return SideMenu(Labels(ctx), 1200, 378, bottom, lambda surface, colour, rect: None)


def offers() -> list[Offer]:
    cards = [
        ChoosePlanningCard(card=card.id) for seat in ("polish", "german") for card in planning_cards(seat)
    ]
    return [Offer(action=action) for action in [*cards, EndActivation(), GiveUp()]]


def table_after(app: App, scenario: str, seed: int, steps: int) -> StawkaScreen:
    """The table of a game of `scenario` after `steps` random-bot moves, drawn for whoever
    acts (`python -m game screenshot` shows the same)."""
    match = bot_played_match("stawka", scenario, seed, steps)
    play = PlayScene(app, match, viewer=match.to_act(), autosave=False)
    app.reset(play)
    app.frame(1 / 60, events=[])
    screen = play.screen
    assert isinstance(screen, StawkaScreen)
    return screen


def cut_words(side: SideMenu) -> dict[tuple[int, int, int, int], str]:
    """The words the menu draws cut short (noted to be shown whole under the pointer)."""
    tips = HoverTexts()
    with noting(tips):
        side.draw(pygame.Surface((1600, 900)), lambda rect: False)
    return tips.cut


def reachable(side: SideMenu) -> list[StawkaAction]:
    """Every action a person reaches by clicking the page button round the pages, each
    page's buttons inside the menu, apart, and drawn with their words whole."""
    seen: list[StawkaAction] = []
    for _ in range(side.pages()):
        assert cut_words(side) == {}
        rects = [rect for rect, _ in side.buttons] + ([side.more] if side.more else [])
        assert all(side.top < rect.top and rect.bottom <= side.bottom - 6 for rect in rects)
        assert not any(a.colliderect(b) for n, a in enumerate(rects) for b in rects[n + 1 :])
        for rect, offer in side.buttons:
            assert side.click(rect.center) == offer.action
            seen.append(offer.action)
        if side.more is not None:
            side.click(side.more.center)
    return seen


def test_buttons_that_do_not_fit_are_shown_a_page_at_a_time(app: App) -> None:
    side = menu(app)
    listed = offers()
    side.layout(TOP, listed, None, heading="Choose a planning card")
    assert side.more is not None and side.pages() > 1, "a page button turns the pages"
    assert side.more.right == side.left + side.width - 12 and side.more.bottom <= side.room_top
    assert sorted(map(repr, reachable(side))) == sorted(repr(o.action) for o in listed)
    assert side.page % side.pages() == 0, "round the pages back to the first"


def test_words_too_long_for_half_a_row_take_a_whole_one(app: App) -> None:
    """Room for three rows and a side's five planning cards, whose words ('Priority 1 · 6 AP
    · 1 reaction') need more than half a row: two pages either way (in two lines on half
    rows, or lower), so they take whole rows of the full height, in one line."""
    side = menu(app)
    cards = [Offer(action=ChoosePlanningCard(card=card.id)) for card in planning_cards("polish")]
    side.layout(TOP, cards, None)
    assert len(cards) == 5 and side.pages() == 2 and len(side.buttons) == 3
    assert all(rect.width == side.width - 24 and rect.height == BUTTON_HEIGHT for rect, _ in side.buttons)


def test_the_hinted_action_s_page_is_shown_and_the_page_turns_on(app: App) -> None:
    side = menu(app)
    listed = offers()
    side.layout(TOP, listed, None, keep=GiveUp())
    assert GiveUp() in [offer.action for _, offer in side.buttons], "the hint's button is on the page"
    assert side.more is not None
    side.click(side.more.center)
    assert GiveUp() not in [offer.action for _, offer in side.buttons], "the person may turn on"
    side.layout(TOP, listed, None, keep=GiveUp())  # the table laid out again, the hint standing
    assert GiveUp() not in [offer.action for _, offer in side.buttons]


def test_a_menu_that_fits_has_no_pages(app: App) -> None:
    side = menu(app)
    listed = [*offers()[:2], *offers()[-2:]]  # two planning cards, End the activation, Give up
    side.layout(TOP, listed, None)
    assert side.more is None and side.pages() == 1 and len(side.buttons) == 4
    assert cut_words(side) == {}


def test_a_crowded_menu_gives_every_action_a_button_with_its_words_whole(app: App) -> None:
    """Four long actions and room for one row of full buttons under a two-line hint (the
    menu showed the first two only, then four cut to half a row each)."""
    side = menu(app)
    offers = [
        Offer(action=ChoosePlanningCard(card=card.id), cost=cost)
        for cost, card in enumerate(planning_cards("german")[:4], start=1)
    ]
    hint = "Click your agent on the board to see where he can go and what he can do."
    top = side.bottom - 6 - 33 - 2 * 22 - 6 - 62  # the heading, the hint, then 62 px
    side.layout(top, offers, None, hint, heading="Your activation")
    assert side.room_top == side.bottom - 6 - 62
    assert sorted(map(repr, reachable(side))) == sorted(repr(o.action) for o in offers)


@pytest.mark.parametrize("language", ["en", "pl"])
def test_every_button_of_a_top_secret_turn_shows_its_words_whole(language: str) -> None:
    """Top Secret, seed 2 after six moves: the location cards on offer are labelled by a
    card's name and its effect ('Szpital: Przeniesienie do szpitala: +2 PA'), under the
    two-line hint; they were cut to their buttons, and said whole on hover only."""
    app = App(Settings(language=language))
    try:
        screen = table_after(app, "top-secret", 2, 6)
        shown = menu_offers(screen.offers, screen.selected)
        assert len(shown) >= 4
        assert sorted(map(repr, reachable(screen.menu))) == sorted(repr(o.action) for o in shown)
    finally:
        while app.scenes:
            app.scenes.pop().exit()


HANDFUL = [
    pytest.param("hotel-excelsior", 4, 6, "reaction_window", id="hotel-reaction-window-of-four-cards"),
    pytest.param("hotel-excelsior", 1, 170, None, id="hotel-activation"),
    pytest.param("hotel-excelsior", 2, 71, None, id="hotel-activation-of-seven"),
]
"""Menus of a handful of choices in "Hotel Excelsior", the scenario with the most agents
(eight) and the tallest players' rows: a reaction window where four cards may answer, and
two activations' menus (location cards, a threat token to discard, ending the activation,
giving up).  On main before issue 29's fix they took 4, 2 and 4 pages in Polish."""


@pytest.mark.parametrize("window", [(1600, 900), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize(("scenario", "seed", "steps", "window_kind"), HANDFUL)
def test_a_handful_of_choices_fits_on_one_page_above_nothing_else(
    scenario: str,
    seed: int,
    steps: int,
    window_kind: str | None,
    language: str,
    window: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 29: in "Hotel Excelsior" at 1600x900 in Polish a reaction window showed 'Bez
    reakcji' and one card a page, 'Więcej… (1/4)', the eight agents' rows above taking the
    room.  While a menu needs it, the agents are shown as chips (initials and AP, the rest
    under the pointer) and, if need be, in the tracks' place: every button is on one page,
    whole, and no part of the panel lies under the menu; nothing on the table is cut or
    overlaps (tests/ui/test_layout_fits.py's check)."""
    from tests.ui.test_layout_fits import look

    made: list[PlayScene] = []

    def make(app: App) -> PlayScene:
        match = bot_played_match("stawka", scenario, seed, steps)
        made.append(PlayScene(app, match, viewer=match.to_act(), autosave=False))
        return made[-1]

    assert look(make, language, window, monkeypatch) == []
    screen = made[0].screen
    assert isinstance(screen, StawkaScreen)
    view = screen.stawka_view
    assert (view.pending[-1][1] if view.pending else None) == window_kind
    shown = menu_offers(screen.offers, screen.selected)
    assert 5 <= len(shown) <= 8
    side = screen.menu
    assert side.pages() == 1 and side.more is None
    assert sorted(map(repr, reachable(side))) == sorted(repr(o.action) for o in shown)
    table = screen.table
    above = [table.agent_row(index) for index in range(len(view.agents))]
    above += [table.tracks] if table.tracks_shown else []
    assert all(rect.bottom <= side.top for rect in above), "the agents (and tracks) stand above the menu"


def test_copies_of_a_reaction_card_played_alike_are_one_button_and_one_card_s_effect_is_said_once(
    app: App,
) -> None:
    """Training 3, seed 3 after 65 moves: two "Ambush" cards on one street gave two buttons
    alike, and three plays of "Shadowing" said its sentence on every button.  A copy played
    alike is its first copy's button (the hint's rings find it); where every card button
    plays one card, its effect is said once above them, each button naming what it chooses."""
    from rules.stawka.content import Text

    side = menu(app)
    side.bottom = TOP + 280  # room for the four buttons
    ambush = Text(en="Ambush: put one of your threat tokens on a space.", pl="Zasadzka: połóż żeton.")
    shadow = Text(en="Shadowing: follow the moving enemy.", pl="Śledzenie: idź za wrogiem.")
    first, copy = (PlayReaction(card=card, space="police.10") for card in ("reaction-09", "reaction-19"))
    apart = PlayReaction(card="reaction-09", space="police.11")
    listed = [Offer(action=PlayReaction()), *(Offer(action=a, does=ambush) for a in (first, copy, apart))]
    side.layout(TOP, listed, None)
    assert [offer.action for _, offer in side.buttons] == [PlayReaction(), first, apart]
    assert side.stands_for(copy) == first and side.stands_for(apart) == apart
    assert side.hint == ambush.en
    assert side.label(side.buttons[1][1]) == "the streets of Police sector (Gestapo)"
    kloss = PlayReaction(card="reaction-08", target="kloss", space="market")
    side.layout(TOP, [*listed, Offer(action=kloss, does=shadow)], None)
    assert side.hint is None, "two cards: each button says its own effect"
    assert side.label(next(o for _, o in side.buttons if o.action == kloss)).endswith(shadow.en)


def test_the_pointer_over_a_card_s_button_rings_the_space_it_plays_on(app: App) -> None:
    """Training 3, seed 3 after 65 moves: two plays of "Ambush" read alike, 'the streets of
    Police sector (Gestapo): Ambush: …', one on each of two street spaces of that sector.
    The pointer over either button rings its own space on the board, not the other's."""
    screen = table_after(app, "training-3", 3, 65)
    labels = [screen.menu.label(offer) for _, offer in screen.menu.buttons]
    alike = [
        (rect, offer)
        for (rect, offer), label in zip(screen.menu.buttons, labels, strict=True)
        if labels.count(label) > 1
    ]
    spaces = [getattr(offer.action, "space", None) for _, offer in alike]
    assert len(alike) == 2 and None not in spaces and spaces[0] != spaces[1]
    for (rect, _), space, other in zip(alike, spaces, reversed(spaces), strict=True):
        before = screen.live_look()
        screen.handle_event(
            pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))
        )
        assert screen.live_look() != before, "the live layer is drawn again"
        live = pygame.Surface((1600, 900), pygame.SRCALPHA)
        screen.draw_live(live)
        ringed = [
            s for s in (space, other) if live.get_bounding_rect().collidepoint(screen.board.space_point(s))
        ]
        assert ringed == [space]
