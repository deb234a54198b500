"""Computer players for the race: `sensible` and `random`.  They see only their seat's view.

The sensible agent knows its own task and counts the microfilms it lacks
(`rules.island.race.missing`).  Until the task is done it hunts for meetings that help:
it uses its transport cards to pass or stand just behind the agents worth meeting, is
friendly to an agent whose own microfilms it still needs, hostile to one carrying what
it needs when its equipment looks the stronger, and takes the microfilms that help it
most, else those the victim needs (any colour but his own).  Once the task is done it
makes for a harbour with a line to the island and sails there with a boat card.  (An
agent whose task can no longer be done is withdrawn by the rules at once,
`rules.island.race.withdraw_the_hopeless`.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from rules.core import Bot, Dice, RandomBot, Seat
from rules.island.actions import (
    Action,
    Arm,
    ChooseEncounter,
    Exchange,
    Jump,
    Place,
    Ride,
    TakeChip,
    TakeTransport,
)
from rules.island.board import ahead, boat_lines, ring_distance
from rules.island.content import ISLAND, load_content
from rules.island.race import missing
from rules.island.view import AgentView, IslandView

HOSTILE_EDGE = 2
"""How much stronger (in combat value) the bot expects to be before it picks a fight."""
CARD_COST = {"boat": 0.6, "helicopter": 0.3, "car": 0.2, "car+1": 0.2, "car+2": 0.2}
"""What playing a card costs the bot while chasing: boats are kept for the island."""
TAKING_A_CARD = 0.4
"""What a transport card taken on landing is worth to the bot while chasing."""
NEAR_WEIGHT = 0.5
"""An agent left just ahead counts this much of one passed now (he may move on first)."""


@cache
def island_harbours() -> frozenset[int]:
    """The harbours with a dotted line to the island."""
    lines = load_content().board.lines
    return frozenset(int(end) for line in lines if ISLAND in line.ends for end in line.ends if end != ISLAND)


def to_island_harbour(field: int) -> int:
    """Fields to walk from `field` to the next harbour with a line to the island."""
    board = load_content().board
    return next(step for step in range(len(board.fields)) if ahead(board, field, step) in island_harbours())


def strength(cards: Sequence[str]) -> int:
    """The combat value of the best two cards."""
    data = load_content()
    return sum(sorted((data.value(card) for card in cards), reverse=True)[:2])


def expected_strength(count: int) -> float:
    """A rough combat value of an unseen hand of `count` cards playing its best two."""
    data = load_content()
    mean = sum(k.value * k.count for k in data.equipment) / sum(k.count for k in data.equipment)
    return min(count, 2) * mean + (1.0 if count > 2 else 0.0)


class SensibleBot:
    def choose(self, view: Any, legal: Sequence[Action], dice: Dice) -> Action:
        return self.ranked(view, legal, dice)[0]

    def ranked(self, view: Any, legal: Sequence[Action], dice: Dice) -> list[Action]:
        """Every legal action, the bot's choice first and the rest best first by the same
        measure (the Hard level's search tries the first few, `rules.island.hard`)."""
        assert isinstance(view, IslandView) and view.seat is not None
        first = legal[0]
        if isinstance(first, Place):
            return self._place(view, [a for a in legal if isinstance(a, Place)])
        if isinstance(first, ChooseEncounter):
            chosen = self._encounter(view, dice)
            return [chosen, *(a for a in legal if a != chosen)]
        if isinstance(first, Arm):
            return _best_first([a for a in legal if isinstance(a, Arm)], lambda a: strength(a.cards))
        if isinstance(first, TakeChip):
            return self._chip(view, [a for a in legal if isinstance(a, TakeChip)])
        if view.decision in ("passing", "landing"):
            return self._transport(view, legal)
        return list(legal)

    def _me(self, view: IslandView) -> AgentView:
        assert view.seat is not None
        return view.agents[view.seat]

    # -- set-up ---------------------------------------------------------------------------

    def _place(self, view: IslandView, places: list[Place]) -> list[Action]:
        """The start spaces farthest from the agents already placed first (room to take
        equipment)."""
        board = load_content().board
        taken = [a.field for a in view.agents.values() if a.field is not None]
        if not taken:
            return list(places)
        return _best_first(places, lambda p: (min(ring_distance(board, p.field, f) for f in taken), -p.field))

    # -- what helps -------------------------------------------------------------------------

    def _need(self, view: IslandView) -> int:
        me = self._me(view)
        assert me.task is not None
        return missing(me.task.needs, me.chips, me.seat)

    def _gain(self, view: IslandView, colour: str) -> int:
        """How much one more microfilm of `colour` shortens the bot's task."""
        me = self._me(view)
        assert me.task is not None
        more = {**me.chips, colour: me.chips.get(colour, 0) + 1}
        return missing(me.task.needs, me.chips, me.seat) - missing(me.task.needs, more, me.seat)

    def _prospects(self, view: IslandView, seat: str) -> tuple[int, int]:
        """What meeting `seat` could bring: his gift in a friendship (his own colour, or
        the board's when he has none), and the best microfilm to take from him."""
        agent = view.agents[seat]
        can_give = agent.chips.get(seat, 0) > 0 or view.reserve.get(seat, 0) > 0
        gift = self._gain(view, seat) if can_give else 0
        loot = max((self._gain(view, colour) for colour, count in agent.chips.items() if count), default=0)
        return gift, loot

    # -- meetings ---------------------------------------------------------------------------

    def _encounter(self, view: IslandView, dice: Dice) -> ChooseEncounter:
        """Hostility when the other carries what we need and we look the stronger;
        Friendship (three times in four) when his gift helps; Hostility when he carries
        what we need and we are not the weaker (or at a coin's toss); else Friendship.
        Once the task is done: hostile unless the weaker, to keep what we hold."""
        assert view.encounter is not None and view.seat is not None
        encounter = view.encounter
        other = encounter.other if encounter.mover == view.seat else encounter.mover
        edge = strength(self._me(view).equipment or ()) - expected_strength(
            view.agents[other].equipment_count
        )
        if self._need(view) == 0:
            return ChooseEncounter(card="hostility" if edge >= 0 else "friendship")
        gift, loot = self._prospects(view, other)
        if loot and edge >= HOSTILE_EDGE:
            return ChooseEncounter(card="hostility")
        if gift and dice.below(4) > 0:
            return ChooseEncounter(card="friendship")
        if loot and (edge >= 0 or dice.below(2) == 0):
            return ChooseEncounter(card="hostility")
        return ChooseEncounter(card="friendship")

    def _chip(self, view: IslandView, takes: list[TakeChip]) -> list[Action]:
        """What helps us first; else a colour not the victim's own (that one he cannot use)."""
        assert view.taking is not None
        victim = view.taking.victim
        return _best_first(takes, lambda action: (self._gain(view, action.colour), action.colour != victim))

    # -- moving -----------------------------------------------------------------------------

    def _transport(self, view: IslandView, legal: Sequence[Action]) -> list[Action]:
        """Once the task is done, the crossing to the island, else the ways
        nearest an island harbour; before, the ways that meet agents worth meeting (the
        island last: it would end the race with the task undone)."""
        if self._need(view) == 0:
            sail = Ride(card="boat", to=ISLAND)
            if sail in legal:
                return [sail, *(a for a in legal if a != sail)]
            return self._make_for_island(view, legal)
        to_island = [a for a in legal if isinstance(a, Ride) and a.to == ISLAND]
        chasing = [a for a in legal if a not in to_island]
        wanted = self._wanted(view)
        return [*_best_first(chasing, lambda action: self._chase(view, action, wanted)), *to_island]

    def _wanted(self, view: IslandView) -> dict[int, float]:
        """The fields of the agents worth meeting, by how many stand there."""
        fields: dict[int, float] = {}
        for seat, agent in view.agents.items():
            if (
                seat != view.seat
                and not agent.out
                and agent.field is not None
                and any(self._prospects(view, seat))
            ):
                fields[agent.field] = fields.get(agent.field, 0.0) + 1.0
        return fields

    def _chase(self, view: IslandView, action: Action, wanted: dict[int, float]) -> float:
        """Agents worth meeting that this choice passes now, plus those it leaves just
        ahead (a next roll may reach them), less what a card costs to play."""
        field = self._me(view).field
        assert field is not None
        board = load_content().board
        steps = view.journey.steps_left if view.journey is not None else 0
        start, cost, bonus = field, 0.0, 0.0
        if isinstance(action, Ride) and action.to != ISLAND:
            start, cost = int(action.to), CARD_COST.get(action.card, 0.3)
        elif isinstance(action, Jump):
            start = action.to
        elif isinstance(action, TakeTransport):
            bonus = TAKING_A_CARD
        path = [start] if start != field else []
        path += [ahead(board, start, step) for step in range(1, steps + 1)]
        end = path[-1] if path else field
        met = sum(wanted.get(place, 0.0) for place in path)
        near = sum(
            worth * (7 - step) / 6
            for place, worth in wanted.items()
            if 0 < (step := (place - end) % len(board.fields)) <= 6
        )
        return met + NEAR_WEIGHT * near + bonus - cost

    def _make_for_island(self, view: IslandView, legal: Sequence[Action]) -> list[Action]:
        """Head for a harbour with a line to the island, keeping a boat card for the crossing."""
        me = self._me(view)
        field = me.field
        assert field is not None
        boats = me.transport.count("boat")
        steps = view.journey.steps_left if view.journey is not None else 0
        board = load_content().board

        def distance(action: Action) -> float:
            """How far from an island harbour the bot would end (lower is better)."""
            if isinstance(action, Ride) and action.to != ISLAND:
                spare = boats - (action.card == "boat")
                there = int(action.to)
                crosses = (
                    steps == 0 and spare > 0 and any(end == ISLAND for end, _ in boat_lines(board, there))
                )
                return -1.0 if crosses else float(to_island_harbour(there))
            if isinstance(action, Jump):
                return to_island_harbour(action.to) + 0.5
            here = float(to_island_harbour(field))
            if isinstance(action, TakeTransport):
                return here - (0.5 if boats == 0 else 0.0)
            if isinstance(action, Exchange):
                return here - (0.7 if boats == 0 and len(me.transport) > 1 else -1.0)
            return here + 0.1

        return sorted(legal, key=distance)


def _best_first(actions: Sequence[Any], key: Callable[[Any], Any]) -> list[Action]:
    """`actions` by `key`, highest first, equals in their order (the first is `max`'s)."""
    return sorted(actions, key=key, reverse=True)


def make_bot(bot_id: str, seat: Seat) -> Bot[Any]:
    if bot_id == "random":
        return RandomBot()
    if bot_id == "sensible":
        return SensibleBot()
    raise KeyError(f"island has no bot called {bot_id!r}")
