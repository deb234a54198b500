"""The heuristic bot's activations in "I Know Who You Are" (`rules.stawka.film.radio`):
Kloss with two secrets walks to the station and transmits; on air, the Polish agents hold
its space and the German agents go there to break the transmission (an arrest or an
assassination of the last Polish agent on it)."""

from __future__ import annotations

from rules.stawka.actions import Arrest, Assassinate, Move, StawkaAction, Transmit
from rules.stawka.bots import worth
from rules.stawka.bots.odds import at_least, at_most, doc
from rules.stawka.bots.plans import Planner
from rules.stawka.film.radio import SECRETS_TO_TRANSMIT, TRANSMITTER
from rules.stawka.items import item
from rules.stawka.state import POLISH
from rules.stawka.view import AgentView

ON_AIR = worth.WIN
"""Transmitting: two stages from a win."""
STATION = 20.0
"""Kloss, with the secrets, standing on the station."""
HOLD = 15.0
"""A Polish agent on the station while it transmits."""
NEAR = 6.0
"""Kloss near the station with part of the secrets (times the share he has)."""
BREAK = 25.0
"""Breaking a transmission (the German player's only stop to it)."""


class RadioPlanner(Planner):
    def value(self, action: StawkaAction) -> float:
        if isinstance(action, Transmit):
            return ON_AIR
        value = super().value(action)
        radio = self.view.radio
        if radio is None or radio.since is None:
            return value
        if isinstance(action, Move) and self.seat == POLISH and self._last_on_station(action.agent):
            return value - ON_AIR
        if isinstance(action, (Arrest, Assassinate)) and self._last_on_station(action.target):
            target = self._agent(action.target)
            if isinstance(action, Arrest):
                chance = at_most(doc(self.view, target.id).alertness)
            else:
                chance = at_least(doc(self.view, target.id).defence + 1 - item(action.weapon).effect.amount)
            return value + chance * BREAK
        return value

    def _last_on_station(self, agent_id: str) -> bool:
        """Whether `agent_id` is the only Polish agent holding the station."""
        radio = self.view.radio
        assert radio is not None
        holders = [
            a.id
            for a in self.view.agents
            if a.side == POLISH and a.status == "free" and a.space == radio.location
        ]
        return holders == [agent_id]

    def _best_act_at(self, agent: AgentView, space: str, left: int) -> float:
        best = super()._best_act_at(agent, space, left)
        if left >= 1 and self._may_transmit(agent) and space == self.view.radio.location:  # type: ignore[union-attr]
            best = max(best, ON_AIR)
        return best

    def _may_transmit(self, agent: AgentView) -> bool:
        radio = self.view.radio
        return (
            radio is not None
            and agent.id == TRANSMITTER
            and radio.since is None
            and radio.location is not None
            and self.view.sides[POLISH].secrets >= SECRETS_TO_TRANSMIT
        )

    def _target_list(self, agent: AgentView) -> list[tuple[str, float]]:
        targets = super()._target_list(agent)
        radio = self.view.radio
        if radio is None or radio.location is None:
            return targets
        if self.seat == POLISH:
            if radio.since is not None:
                targets.append((radio.location, HOLD))
            elif self._may_transmit(agent):
                targets.append((radio.location, STATION))
            elif agent.id == TRANSMITTER and radio.location is not None:
                # Short of the secrets, Kloss keeps near the station to transmit soon after.
                have = self.view.sides[POLISH].secrets
                targets.append((radio.location, NEAR * have / SECRETS_TO_TRANSMIT))
        elif radio.since is not None:
            targets.append((radio.location, BREAK))
        return targets
