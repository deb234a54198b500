"""A hint is shown on the table (issue 17): the places to click are ringed, in order, and
clicking them takes the hinted move - in every title (issue 29, point 1: Stawka's and
Godzina policyjna's tables ring the agent, then the space or the button)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app import App
from game.scenes.play import PlayScene
from game.ui.theme import PALETTE
from rules.core import Dice, Match, seed_state
from rules.registry import TITLES
from tests.driver import Driver

STATES = 8
"""States a title is looked at in, each a few random moves further into a seeded game."""
WANTED = {
    "doppelnull": ("swap", "end_turn"),
    "island": ("arm", "ride"),
    "stawka": ("move", "search"),
    "curfew": ("assign_colour", "spread_evidence", "move"),
}
"""Kinds of move a random game reaches late: the first state offering each is looked at too."""
GAPS = {"curfew": 5}
"""Random moves at most between two states looked at (else 15): a random Godzina policyjna
is lost early."""


def cases(title_id: str) -> list[tuple[list[Any], str | None]]:
    """Action lists leading to states where a person is to act (the first at the start),
    each with the kind of move to hint there (None: any, sampled)."""
    title = TITLES[title_id]
    options = title.default_options(title.scenarios[0] if title.scenarios else None)
    match, dice = Match(title, options, seed=3), Dice(seed_state(3))
    found: list[tuple[list[Any], str | None]] = []
    wanted = set(WANTED.get(title_id, ()))
    gap = 0
    while (len(found) < STATES or wanted) and match.to_act() is not None:
        legal = title.legal_actions(match.state)
        for kind in sorted(wanted & {action.type for action in legal}):
            found.append((list(match.actions), kind))
            wanted.discard(kind)
        if gap == 0 and len(found) < STATES:
            found.append((list(match.actions), None))
            gap = 1 + dice.below(GAPS.get(title_id, 15))
        match.act(dice.choice(legal))
        gap -= 1
    assert not wanted, f"{title_id}: no state offered {wanted}"
    return found


def ringed(app: App, mark: pygame.Rect) -> bool:
    """Whether the window shows the hint's brass ring along the top of `mark`."""
    ring = mark.inflate(10, 10)
    x, y = app.logical_to_window((ring.centerx, ring.top + 1))
    window = pygame.display.get_surface()
    assert window is not None
    colour = window.get_at((x, y))
    return all(abs(a - b) < 40 for a, b in zip(colour[:3], PALETTE["brass"], strict=True))


@pytest.mark.parametrize("title_id", ["doppelnull", "queen-of-spies", "island", "stawka", "curfew"])
def test_clicking_the_ringed_places_in_order_takes_the_hinted_move(
    app: App, driver: Driver, title_id: str
) -> None:
    title = TITLES[title_id]
    options = title.default_options(title.scenarios[0] if title.scenarios else None)
    dice = Dice(seed_state(11))
    tried = 0
    for prefix, kind in cases(title_id):
        probe = Match(title, options, seed=3)
        for action in prefix:
            probe.act(action)
        legal = title.legal_actions(probe.state)
        if kind is None:
            hints = dice.sample(legal, min(3, len(legal)))
        else:
            # the fullest of its kind (an Arm with cards to pick, not the empty one)
            hints = [max((a for a in legal if a.type == kind), key=lambda a: len(repr(a)))]
        for hinted in hints:
            match = Match(title, options, seed=3)
            for action in prefix:
                match.act(action)
            play = PlayScene(app, match, viewer=match.to_act(), autosave=False)
            app.reset(play)
            driver.frames(1)
            play.screen.show_hint(hinted)
            driver.frames(1)
            assert ringed(app, play.screen.hint_marks(hinted)[0]), f"{title_id}: no ring drawn"
            for _ in range(3):  # a choice may open a question first (Queen of Spies' checks)
                marks = play.screen.hint_marks(hinted)
                assert marks, f"{title_id}: nothing ringed for {hinted!r}"
                for mark in marks:
                    assert play.screen.rect.contains(mark), f"{title_id}: a ring off the table"
                    driver.click_at(mark.center)
                    if play.confirm is not None:  # giving up with AP left asks first
                        driver.click(play.confirm.confirm_button)
                        driver.frames(1)
                if len(match.actions) > len(prefix):
                    break
            assert match.actions[len(prefix) :][:1] == [hinted], f"{title_id}: {hinted!r} not taken"
            tried += 1
    assert tried >= STATES
