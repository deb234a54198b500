"""Sites: what operatives can be assigned to, and what each asks (tasks, time).

A site is a location card, or an item card at a location: learning an item at the
Country House, building it at the Workshop ("Item Cards: How to Get and Build Items").
"""

from __future__ import annotations

from functools import lru_cache

from rules.core import IllegalAction
from rules.queen_of_spies.content import Task, load_content
from rules.queen_of_spies.state import Board, ItemPlace

WORKSHOP = "workshop"
SAFE_HOUSE = "safe_house"


def site_tasks(location: str, item: str | None) -> tuple[Task, ...]:
    """The tasks of a site (empty for the Church Cellar and the Safe House)."""
    if item is None:
        return load_content().location(location).tasks
    card = load_content().item(item)
    return card.build.tasks if location == WORKSHOP else card.learn.tasks


def site_time(location: str, item: str | None) -> int:
    """Time markers a site takes (an item's own icon at the Workshop and when learning)."""
    if item is None:
        return load_content().location(location).time
    card = load_content().item(item)
    return card.build.time if location == WORKSHOP else card.learn.time


Site = tuple[str, str | None]
"""A location, and the item learnt or built there (None: the location's own tasks)."""


def sites(state: Board) -> tuple[Site, ...]:
    """Every site in the town now, whether busy or not."""
    return _sites(state.town, tuple(state.items.items()))


@lru_cache(maxsize=1024)
def _sites(town: tuple[str, ...], items: tuple[tuple[str, ItemPlace], ...]) -> tuple[Site, ...]:
    """`sites` of a town with these items where they are, worked out once: every
    assignment the legal actions weigh asks for them."""
    found: list[Site] = []
    for location in town:
        card = load_content().location(location)
        if card.kind == "workshop":
            found.extend((location, item) for item, place in items if place == "workshop")
            continue
        found.append((location, None))
        found.extend(
            (location, item)
            for item, place in items
            if place == "learn" and load_content().item(item).learn_at == location
        )
    return tuple(found)


def blocked(state: Board, location: str, item: str | None) -> IllegalAction | None:
    """Why no operative may be sent to this site now, or None ("1. Assign Operatives").

    A location is available if no operatives are still completing an assignment there
    from an earlier round; one location holds one assignment, except the Workshop,
    where each item is its own assignment.
    """
    for a in state.assignments:
        if a.location != location:
            continue
        if location == WORKSHOP and a.item != item:
            continue
        if not a.fresh:
            return IllegalAction(
                "Operatives are still completing an assignment there.", "queen-of-spies.refusal.busy"
            )
        if a.item != item:
            return IllegalAction(
                "Operatives are already assigned to another assignment at that location this round.",
                "queen-of-spies.refusal.taken",
            )
    return None
