"""The heuristic bot's activations in "Hotel Excelsior": the planner with room 217 as the
goal (what is worth holding for it: `bots.hotel`)."""

from __future__ import annotations

from rules.stawka.actions import CardForAP, PlayLocationCard, StawkaAction, UseHideout
from rules.stawka.bots.hotel import NEEDED, ready
from rules.stawka.bots.plans import Planner
from rules.stawka.film.room_217 import HOTEL
from rules.stawka.view import AgentView

WIN = 1000.0
"""Opening room 217."""
HEADING_HOME = 30.0
"""The hotel, for the agent who holds everything once the hotel is open."""
CHURN = 0.6
"""Spending another location card: the hotel card comes up only after all the others."""


class HotelPlanner(Planner):
    """The planner, with room 217 as the goal."""

    def value(self, action: StawkaAction) -> float:
        hotel = f"{self.seat}-{HOTEL}"
        if isinstance(action, (CardForAP, UseHideout)) and action.card == hotel:
            return -WIN
        if isinstance(action, PlayLocationCard) and action.card == hotel:
            return WIN if ready(self._agent(action.agent), self.seat) else -WIN
        value = super().value(action)
        if isinstance(action, (CardForAP, PlayLocationCard, UseHideout)):
            value += CHURN
        return value

    def _searchable(self, agent: AgentView, space: str) -> bool:
        lock = self.view.room_217
        if space == HOTEL and lock is not None and not lock.unlocked[self.seat]:
            return False
        return super()._searchable(agent, space)

    def _target_list(self, agent: AgentView) -> list[tuple[str, float]]:
        targets = [t for t in super()._target_list(agent) if t[0] != HOTEL or self._searchable(agent, HOTEL)]
        lock = self.view.room_217
        if lock is not None and ready(agent, self.seat):
            # Wait near the hotel until it opens; then go in.
            targets.append((HOTEL, HEADING_HOME if lock.unlocked[self.seat] else NEEDED))
        return targets
