"""Stawka's side menu shows every action it lists: buttons that do not all fit are shown a
page at a time (a location card's many targets cut "End the activation" and "Give up for
this stage" off the table, found by the hint's test: issue 28, point 8)."""

from __future__ import annotations

from game.app import App
from game.stawka.labels import Labels
from game.stawka.menu import BUTTON_HEIGHT, GAP, SideMenu
from rules.stawka.actions import ChoosePlanningCard, EndActivation, GiveUp, StawkaAction
from rules.stawka.offers import Offer
from rules.stawka.stage import planning_cards

TOP = 600
ROWS = 3
"""The menu's room: three rows of buttons under its heading (two columns: six places)."""


def menu(app: App) -> SideMenu:
    bottom = TOP + 30 + ROWS * (BUTTON_HEIGHT + GAP) + 6
    return SideMenu(Labels(app.ctx), 1200, 360, bottom, lambda surface, colour, rect: None)


def offers() -> list[Offer]:
    cards = [
        ChoosePlanningCard(card=card.id) for seat in ("polish", "german") for card in planning_cards(seat)
    ]
    return [Offer(action=action) for action in [*cards, EndActivation(), GiveUp()]]


def reachable(side: SideMenu) -> list[StawkaAction]:
    """Every action a person reaches by clicking the page button round the pages."""
    seen: list[StawkaAction] = []
    for _ in range(side.pages()):
        for rect, offer in side.buttons:
            assert side.click(rect.center) == offer.action
            seen.append(offer.action)
        assert side.more is not None
        side.click(side.more.center)
    return seen


def test_buttons_that_do_not_fit_are_shown_a_page_at_a_time(app: App) -> None:
    side = menu(app)
    listed = offers()
    side.layout(TOP, listed, None)
    assert side.more is not None and len(side.buttons) == 2 * ROWS - 1, "the last place turns the page"
    assert side.pages() == 3
    assert sorted(map(repr, reachable(side))) == sorted(repr(o.action) for o in listed)
    assert side.page % side.pages() == 0, "round the pages back to the first"
    for rect, _ in side.buttons:
        assert rect.bottom <= side.bottom


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
    side.layout(TOP, offers()[:6], None)
    assert side.more is None and side.pages() == 1 and len(side.buttons) == 6
