"""Stawka bots: they see only their seat's view and the legal actions.

`HeuristicBot` plays the basic rules sensibly: it converses whenever it can (using its
trait and conversation items when the target could reveal a secret), searches unblocked
locations, keeps useful items and turns the rest into evidence, and walks its agents
toward the nearest enemy agent it has not talked to or the nearest location it may
search.  Simple, fast, and good enough to make `simulate` figures mean something.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import cache

from pydantic import BaseModel

from rules.core import Dice, Seat
from rules.stawka.actions import (
    Arrest,
    Assassinate,
    ChoosePlanningCard,
    Converse,
    DiscardThreat,
    EndActivation,
    ExchangePlace,
    GiveUp,
    Interrogate,
    ItemAsEvidence,
    KeepItem,
    KeepItemForNextGame,
    KeepTrackWhole,
    Kidnap,
    Move,
    PassMission,
    PlaceAgent,
    PlaceThreat,
    Search,
    StawkaAction,
    TriggerThreat,
    UseItem,
    UseSupport,
)
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.investigation import SECRET_EVIDENCE
from rules.stawka.items import item
from rules.stawka.missions import card
from rules.stawka.stage import planning_card
from rules.stawka.view import AgentView, StawkaView

USEFUL_ITEMS = frozenset({"conversation", "boots", "city_map", "camera"})
FAR = 99
EARLY_STAGES = 2
"""Stages in which an agent without a mission first goes to get one."""


@cache
def distances(scenario: str, seat: Seat) -> dict[str, dict[str, int]]:
    """All-pairs step counts on a scenario's board for one side's agents."""
    board = board_of(scenario)
    table: dict[str, dict[str, int]] = {}
    for start in board.spaces:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in board.exits(here, seat):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        table[start] = seen
    return table


class HeuristicBot:
    def __init__(self, seat: Seat) -> None:
        self.seat = seat

    def choose(self, view: BaseModel, legal: Sequence[StawkaAction], dice: Dice) -> StawkaAction:
        assert isinstance(view, StawkaView)
        first = legal[0]
        if isinstance(first, ChoosePlanningCard):
            return self._plan(legal)
        if isinstance(first, (KeepItem, ItemAsEvidence)):
            return self._decide(view, legal)
        if isinstance(first, KeepTrackWhole):
            return self._carry(view, legal)
        if isinstance(first, KeepItemForNextGame):
            return legal[-1]
        if isinstance(first, PlaceAgent):
            return self._place(view, legal, dice)
        if isinstance(first, PlaceThreat):
            return self._place_threat(view, legal, dice)
        if isinstance(first, (TriggerThreat, UseSupport, ExchangePlace)):
            return self._answer(legal, dice)
        return self._activate(view, legal, dice)

    def _answer(self, legal: Sequence[StawkaAction], dice: Dice) -> StawkaAction:
        """Set off every token that can be set off, spend support, exchange anywhere."""
        for action in legal:
            if isinstance(action, TriggerThreat) and action.trigger:
                return action
            if isinstance(action, UseSupport) and action.token is not None:
                return action
        if isinstance(legal[0], ExchangePlace):
            return dice.choice(legal)
        return legal[0]

    def _place_threat(self, view: StawkaView, legal: Sequence[StawkaAction], dice: Dice) -> StawkaAction:
        """Put tokens where enemy agents are likely to step: near them."""
        table = distances(view.scenario, self.seat)
        enemies = [a.space for a in view.agents if a.side != self.seat and a.status == "free"]
        placements = [a for a in legal if isinstance(a, PlaceThreat)]
        return min(
            placements,
            key=lambda a: (min((table[e].get(a.space, FAR) for e in enemies), default=FAR), dice.below(100)),
        )

    def _plan(self, legal: Sequence[StawkaAction]) -> StawkaAction:
        cards = [a for a in legal if isinstance(a, ChoosePlanningCard)]
        return max(cards, key=lambda a: (planning_card(a.card).ap, -planning_card(a.card).priority))

    def _decide(self, view: StawkaView, legal: Sequence[StawkaAction]) -> StawkaAction:
        drawn = item(view.drawn_item) if view.drawn_item else None
        if drawn is not None and drawn.effect.kind in USEFUL_ITEMS:
            return KeepItem()
        evidence = view.sides[self.seat].evidence
        on_board = {a.colour for a in view.agents if a.side != self.seat}
        choices = [a for a in legal if isinstance(a, ItemAsEvidence)]
        if not choices:
            return KeepItem()
        values: dict[str, int] = {e.colour: e.value for e in drawn.evidence} if drawn else {}
        return max(
            choices, key=lambda a: (a.colour in on_board, values.get(a.colour, 0), -evidence.get(a.colour, 0))
        )

    def _place(self, view: StawkaView, legal: Sequence[StawkaAction], dice: Dice) -> StawkaAction:
        """Own agents first, each on a location with items left; enemy agents anywhere."""
        own = {a.id for a in view.agents if a.side == self.seat}
        mine = [a for a in legal if isinstance(a, PlaceAgent) and a.agent in own]
        if mine:
            return max(mine, key=lambda a: (view.stacks.get(a.location, 0), dice.below(100)))
        return dice.choice(legal)

    def _carry(self, view: StawkaView, legal: Sequence[StawkaAction]) -> StawkaAction:
        evidence = view.sides[self.seat].evidence
        return max(
            (a for a in legal if isinstance(a, KeepTrackWhole)),
            key=lambda a: evidence.get(a.colour, 0) if a.colour else 0,
        )

    def _activate(self, view: StawkaView, legal: Sequence[StawkaAction], dice: Dice) -> StawkaAction:
        passes = [a for a in legal if isinstance(a, PassMission)]
        if passes:
            return max(passes, key=lambda a: self._mission_value(view, a.mission))
        for strong in (Assassinate, Arrest, Kidnap, Interrogate, UseItem):
            chosen = [a for a in legal if isinstance(a, strong)]
            if chosen:
                return chosen[-1]
        talks = [a for a in legal if isinstance(a, Converse)]
        if talks:
            return max(talks, key=lambda a: self._talk_value(view, a))
        searches = [a for a in legal if isinstance(a, Search)]
        if searches:
            return searches[0]
        discards = [a for a in legal if isinstance(a, DiscardThreat)]
        if discards:
            return discards[0]
        if view.activation is not None and view.activation.acted and EndActivation() in legal:
            return EndActivation()
        moves = [a for a in legal if isinstance(a, Move)]
        best = self._best_move(view, moves)
        if best is not None:
            return best
        if EndActivation() in legal:
            return EndActivation()
        if GiveUp() in legal:
            return GiveUp()
        return dice.choice(legal)

    def _talk_value(self, view: StawkaView, talk: Converse) -> tuple[int, int, int]:
        target = next(a for a in view.agents if a.id == talk.target)
        evidence = view.sides[self.seat].evidence.get(target.colour, 0)
        boost = len(talk.items) + int(talk.trait)
        # Spend helpers only where a secret is possible; otherwise save them.
        return (evidence, boost if evidence >= SECRET_EVIDENCE else -boost, 0)

    def _goals(self, view: StawkaView, agent: AgentView) -> set[str]:
        talked = {b if a == agent.id else a for a, b in view.talked if agent.id in (a, b)}
        goals = {
            e.space for e in view.agents if e.side != self.seat and e.status == "free" and e.id not in talked
        }
        goals |= {
            loc for loc, left in view.stacks.items() if left and agent.colour not in view.markers.get(loc, ())
        }
        missions = self._mission_goals(view, agent)
        if missions and agent.mission is None and view.stage <= EARLY_STAGES:
            return missions  # early on, a mission first: it pays more than a chance conversation
        return goals | missions

    def _mission_goals(self, view: StawkaView, agent: AgentView) -> set[str]:
        """Where missions send an agent: his goal's location, or his chief to get one."""
        if agent.mission is not None:
            mission = card(agent.mission)
            return {g.location for g in (mission.basic, mission.special) if g.location in view.stacks}
        own_left = view.missions_left.get(agent.id)
        chief = self._chief(view)
        if isinstance(own_left, tuple) and own_left and chief is not None and chief.id != agent.id:
            return {chief.space}
        if chief is not None and chief.id == agent.id:
            return {
                a.space
                for a in view.agents
                if a.side == self.seat
                and a.id != agent.id
                and a.mission is None
                and a.status == "free"
                and isinstance(view.missions_left.get(a.id), tuple)
                and view.missions_left[a.id]
            }
        return set()

    def _chief(self, view: StawkaView) -> AgentView | None:
        content = load_content()
        return next(
            (
                a
                for a in view.agents
                if a.side == self.seat and a.status == "free" and content.document(view.documents[a.id]).chief
            ),
            None,
        )

    def _mission_value(self, view: StawkaView, mission_id: str) -> int:
        """Prefer missions whose goals this board makes easy: places on it, talks, evidence."""
        mission = card(mission_id)
        value = 0
        for goal in (mission.basic, mission.special):
            if goal.location is not None:
                value += 3 if goal.location in view.stacks else -3
            elif goal.kind in ("converse", "meet_own_agent", "hold_item"):
                value += 2
            elif goal.kind in ("secret", "evidence"):
                value += 1
        return value

    def _best_move(self, view: StawkaView, moves: list[Move]) -> Move | None:
        best: tuple[float, Move] | None = None
        for move in moves:
            agent = next(a for a in view.agents if a.id == move.agent)
            table = distances(view.scenario, self.seat)
            goals = self._goals(view, agent)
            here = min((table[agent.space].get(g, FAR) for g in goals), default=FAR)
            there = min((table[move.to].get(g, FAR) for g in goals), default=FAR)
            if there >= here and view.activation is None:
                continue
            score = there * 10 + table[agent.space].get(move.to, FAR) + (5 if move.item else 0)
            if best is None or score < best[0]:
                best = (score, move)
        return best[1] if best else None
