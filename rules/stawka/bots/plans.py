"""Planning one activation of a Stawka bot: every legal action priced as a gain in worth.

An activation picks the agent and the plan - act here, walk to a target and act there,
or walk toward the best targets - with the greatest gain in worth (see `worth`), less
what its AP cost and the enemy conversations its end space invites.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cached_property

from rules.core import Seat
from rules.stawka.actions import (
    Arrest,
    Assassinate,
    AttackAudi,
    CardForAP,
    Converse,
    DiscardThreat,
    DiscardTopSecret,
    DriveAudi,
    EndActivation,
    GiveUp,
    Interrogate,
    Kidnap,
    Move,
    PassMission,
    PlayLocationCard,
    Search,
    StawkaAction,
    UseHideout,
    UseItem,
)
from rules.stawka.activation import MIN_MOVE_ONLY_AP
from rules.stawka.board import FAR, board_of, step_counts
from rules.stawka.bots import cards, top_secret, worth
from rules.stawka.bots.odds import always, at_least, at_most, conversation_odds, doc, optional_bonus
from rules.stawka.bots.policy import NORMAL, Policy
from rules.stawka.bots.reach import chief_of, seen_routes, tokens_passed
from rules.stawka.content import Goal
from rules.stawka.costs import ap_cost
from rules.stawka.investigation import ARREST_EVIDENCE
from rules.stawka.items import item
from rules.stawka.missions import card
from rules.stawka.state import other
from rules.stawka.view import AgentView, StawkaView

EXPOSURE = NORMAL.exposure
"""How much of an enemy's expected gain from reaching our agent counts against a space, as
Normal weighs it (`Policy.exposure`)."""


def _talked(view: StawkaView, a: str, b: str) -> bool:
    return (a, b) in view.talked or (b, a) in view.talked


class Planner:
    """One activation decision: every legal action priced as a gain over standing still."""

    def __init__(self, seat: Seat, view: StawkaView, policy: Policy = NORMAL) -> None:
        self.seat = seat
        self.view = view
        self.policy = policy
        self.enemy: Seat = other(seat)
        self.table = step_counts(view.scenario, seat)
        self.enemy_table = step_counts(view.scenario, self.enemy)
        self.board = board_of(view.scenario)
        self.extended = worth.extended(view)
        self._targets: dict[str, list[tuple[str, float]]] = {}
        self._threats: dict[str, list[tuple[AgentView, int, float]]] = {}
        self._positions: dict[tuple[str, str], float] = {}
        self._searches: dict[tuple[str, str], float] = {}
        self._paths: dict[str, dict[str, tuple[tuple[str, ...], int]]] = {}
        self._ap_left: dict[str, int] = {}

    # -- the choice ------------------------------------------------------------------

    def best(self, legal: Sequence[StawkaAction]) -> StawkaAction:
        best_value = float("-inf")
        chosen: StawkaAction | None = None
        for action in legal:
            value = self.value(action)
            if value > best_value:
                best_value, chosen = value, action
        assert chosen is not None
        return chosen

    def value(self, action: StawkaAction) -> float:
        if isinstance(action, (EndActivation, GiveUp)):
            return self._stop_value(action)
        if isinstance(action, CardForAP):
            return cards.card_worth(self.policy, self.view, self.seat, None, action)
        if isinstance(action, DriveAudi):
            return top_secret.drive_value(self.view, action)
        if isinstance(action, DiscardTopSecret):
            return top_secret.discard_value(self.view, self.seat)
        agent = self._agent(getattr(action, "agent", ""))
        if isinstance(action, Move):
            return self._move_value(agent, action)
        if isinstance(action, AttackAudi):
            return top_secret.attack_value(self.view, agent, action) - self.policy.ap_price
        gain = self._act_value(agent, action)
        cost = self._act_cost(action)
        return gain - self.policy.ap_price * cost

    def _stop_value(self, action: StawkaAction) -> float:
        """Ending or giving up keeps every agent where he stands: no gain.  Giving up in
        the middle of an activation also forfeits the stage's remaining AP."""
        if isinstance(action, GiveUp) and self.view.activation is not None:
            return -0.05
        if isinstance(action, EndActivation):
            act = self.view.activation
            agent = self._agent(act.agent) if act else None
            if agent is not None:
                return self._visit_bonus(agent, agent.space) + 0.01
        return 0.0

    def _agent(self, agent_id: str) -> AgentView:
        return next(a for a in self.view.agents if a.id == agent_id)

    def _left(self, agent: AgentView) -> int:
        """AP the agent may still spend this activation (asked once per move priced)."""
        known = self._ap_left.get(agent.id)
        if known is None:
            limit = doc(self.view, agent.id).ap_limit + always(doc(self.view, agent.id), "ap_limit")
            limit += sum(item(i).effect.amount for i in agent.items if item(i).effect.kind == "boots")
            pool = self.view.sides[self.seat].ap
            known = self._ap_left[agent.id] = max(0, min(limit - agent.ap_used, pool))
        return known

    # -- actions ---------------------------------------------------------------------

    def _act_cost(self, action: StawkaAction) -> int:
        if isinstance(action, Search):
            return ap_cost("search")
        if isinstance(action, (Arrest, Kidnap)):
            return ap_cost("arrest")
        if isinstance(action, (PlayLocationCard, UseHideout)):
            return cards.card_cost(action)
        return 1

    def _act_value(self, agent: AgentView, action: StawkaAction) -> float:
        view, seat, policy = self.view, self.seat, self.policy
        if isinstance(action, Converse):
            return self._converse_value(agent, action)
        if isinstance(action, Search):
            return self._search(agent, agent.space)
        if isinstance(action, PassMission):
            return self._mission_value(self._agent(action.receiver), action.mission)
        if isinstance(action, Arrest):
            return worth.arrest_worth(policy, view, seat, agent, self._agent(action.target))
        if isinstance(action, Assassinate):
            bonus = item(action.weapon).effect.amount
            return worth.assassination_worth(policy, view, seat, agent, self._agent(action.target), bonus)
        if isinstance(action, Kidnap):
            target = self._agent(action.target)
            chance = at_most(doc(view, target.id).alertness)
            loss = worth.evidence_worth(policy, view, self.enemy, agent.colour, 3)
            return chance * policy.arrest_gain - (1 - chance) * loss
        if isinstance(action, Interrogate):
            prisoner = self._agent(action.prisoner)
            odds = conversation_odds(view, seat, agent, prisoner, 0, initiating=False)
            return worth.talk_worth(policy, view, seat, agent, prisoner, odds)
        if isinstance(action, DiscardThreat):
            document = doc(view, agent.id)
            chance = at_least(document.alertness + 1 - always(document, "alertness_test"))
            gain = 1.0 + worth.goal_worth(policy, view, seat, agent, "discard_threat") / 2
            return chance * (gain + top_secret.opening_worth(view, seat, agent))
        if isinstance(action, UseItem):
            return 2.0
        if isinstance(action, (PlayLocationCard, UseHideout)):
            return cards.card_worth(policy, view, seat, agent, action)
        return 0.0

    def _converse_value(self, agent: AgentView, action: Converse) -> float:
        target = self._agent(action.target)
        extra = sum(item(i).effect.amount for i in action.items)
        spent = sum(
            worth.item_worth(self.policy, self.view, self.seat, agent, i)
            for i in action.items
            if not item(i).durable
        )
        trait_cost = 0.0
        if action.trait:
            extra += optional_bonus(self.view, agent)
            stage_only = all(
                m.uses in ("always", "once_per_stage")
                for m in doc(self.view, agent.id).trait.modifiers
                if m.kind == "conversation_roll"
            )
            trait_cost = 0.2 if stage_only else 1.5
        odds = conversation_odds(self.view, self.seat, agent, target, extra)
        return worth.talk_worth(self.policy, self.view, self.seat, agent, target, odds) - spent - trait_cost

    def _mission_value(self, receiver: AgentView, mission_id: str) -> float:
        """A mission card's promise on this board: goals whose places, agents and
        colours are in play, weighted by how soon they may be met."""
        mission = card(mission_id)
        value = 0.0
        for level, goal in worth.levels(mission):
            pays = worth.mission_worth(self.policy, self.view, self.seat, level)
            value = max(value, pays * self._goal_chance(receiver, goal))
        return value

    def _goal_chance(self, agent: AgentView, goal: Goal) -> float:
        view = self.view
        foes = worth.enemies(view, self.seat)
        coloured = [e for e in foes if goal.colour is None or e.colour == goal.colour]
        if goal.kind in ("visit_location", "search_location"):
            if goal.location not in view.stacks:
                return 0.0
            steps = self.table[agent.space].get(goal.location, FAR)
            return 0.9 * self.policy.decay ** (steps / 2)
        if goal.kind == "meet_own_agent":
            chief = chief_of(view, self.seat)
            if chief is not None and chief.id != agent.id and goal.colour in (None, chief.colour):
                return 1.0  # the chief passing the card stands beside him
            mates = [
                a for a in view.agents if a.side == self.seat and a.id != agent.id and a.status == "free"
            ]
            return 0.8 if any(goal.colour is None or m.colour == goal.colour for m in mates) else 0.0
        if goal.kind == "converse":
            return 0.6 if coloured else 0.0
        if goal.kind == "secret":
            return 0.3 if coloured else 0.0
        if goal.kind == "evidence" and goal.colour is not None:
            have = view.sides[self.seat].evidence.get(goal.colour, 0)
            on_board = any(e.colour == goal.colour for e in view.agents if e.side != self.seat)
            return min(0.9, 0.2 + have / goal.count * 0.6) if on_board else 0.1 + have / goal.count * 0.4
        if goal.kind == "hold_item":
            return max(0.1, 0.7 - 0.2 * (goal.count - len(agent.items)))
        if goal.kind == "discard_threat":
            return 0.3 if self.extended else 0.0
        if goal.kind == "assassinate":
            armed = any(item(i).effect.kind == "weapon" for i in agent.items)
            return (0.35 if armed else 0.15) if coloured else 0.0
        if goal.kind == "arrest":
            return 0.25 if coloured else 0.0
        return 0.05

    # -- movement --------------------------------------------------------------------

    def _move_value(self, agent: AgentView, move: Move) -> float:
        here = self._position(agent, agent.space)
        path: tuple[str, ...] = (move.to,)
        steps = 2
        if move.item is None:
            path, steps = self._routes(agent).get(move.to, (path, self.table[agent.space].get(move.to, FAR)))
        left = self._left(agent) - steps
        there = self._position(agent, move.to)
        act = max(0.0, self._best_act_at(agent, move.to, left))
        done = self.view.activation
        moved = (done.moved if done else 0) + steps
        stop = self._stops(move.to)
        if act <= 0 and moved < MIN_MOVE_ONLY_AP and left > 0 and not (done and done.acted) and not stop:
            # Movement alone must use 2 AP (Activating, 2): he could not stop there.
            return -1.0
        passed = tokens_passed(self.view, self.seat, path[:-1])
        token = self.policy.token_risk * (
            passed + (self.view.threats.get(move.to, (self.seat, None))[0] != self.seat)
        )
        price = self.policy.ap_price * steps
        cover = self._cover(agent, move.to) if self.policy.cover else 0.0
        return act + there - here + self._visit_bonus(agent, move.to) - price - token + cover

    def _cover(self, agent: AgentView, space: str) -> float:
        """`Policy.cover` for the sector the agent leaves and the one he enters: a sector
        with none of ours in it is one where the enemy may pass a mission (Mission Cards,
        3A)."""
        held = self._held_sectors
        sector_from, sector_to = self.board.sector_of.get(agent.space), self.board.sector_of.get(space)
        if held is None or sector_from == sector_to:
            return 0.0
        counted = agent.side == self.seat and agent.status == "free"  # himself, leaving
        value = 0.0 if held[sector_from] - counted > 0 else -self.policy.cover
        return value if held[sector_to] > 0 else value + self.policy.cover

    @cached_property
    def _held_sectors(self) -> Counter[str | None] | None:
        """Our free agents by sector, counted once a decision; None when no sector needs
        covering (not the extended rules, or no enemy agent may still take a mission)."""
        view = self.view
        if not self.extended or not any(a.mission is None for a in worth.enemies(view, self.seat)):
            return None
        sector_of = self.board.sector_of
        return Counter(
            sector_of.get(a.space) for a in view.agents if a.side == self.seat and a.status == "free"
        )

    def _routes(self, agent: AgentView) -> dict[str, tuple[tuple[str, ...], int]]:
        """The agent's paths and their AP costs as the rules count them (Movement, 1-5)."""
        found = self._paths.get(agent.id)
        if found is None:
            found = self._paths[agent.id] = seen_routes(self.view, agent, self._left(agent))
        return found

    def _stops(self, space: str) -> bool:
        """Whether movement must end on `space`: an enemy threat token or an enemy agent
        whose trait stops those who enter (Movement, 2 and 5)."""
        if self.view.threats.get(space, (self.seat, None))[0] != self.seat:
            return True
        return any(
            foe.space == space
            and any(m.kind == "stops_enemies" for m in doc(self.view, foe.id).trait.modifiers)
            for foe in worth.enemies(self.view, self.seat)
        )

    def _visit_bonus(self, agent: AgentView, space: str) -> float:
        """Ending the activation here completes a visit or meeting goal of his mission."""
        if agent.mission is None or not self.extended:
            return 0.0
        bonus = 0.0
        for level, goal in worth.levels(card(agent.mission)):
            pays = worth.mission_worth(self.policy, self.view, self.seat, level)
            if goal.kind == "visit_location" and goal.location == space:
                bonus = max(bonus, pays)
            if goal.kind == "meet_own_agent" and any(
                a.side == self.seat
                and a.id != agent.id
                and a.space == space
                and a.status == "free"
                and (goal.colour is None or a.colour == goal.colour)
                for a in self.view.agents
            ):
                bonus = max(bonus, pays)
        return bonus

    def _best_act_at(self, agent: AgentView, space: str, left: int) -> float:
        """The best action the agent could take on arriving at `space` with `left` AP."""
        view, seat, price = self.view, self.seat, self.policy.ap_price
        best = 0.0
        if left >= 1:
            for foe in worth.enemies(view, seat):
                if foe.space == space and not _talked(view, agent.id, foe.id):
                    best = max(best, self._talk_estimate(agent, foe) - price)
                    if left >= 2 and self._may_arrest(agent, foe):
                        best = max(best, worth.arrest_worth(self.policy, view, seat, agent, foe) - 2 * price)
            if self.extended:
                best = max(best, self._meeting_value(agent, space) - price)
        if left >= 2 and self._searchable(agent, space):
            best = max(best, self._search(agent, space) - 2 * price)
        return max(best, cards.visit_worth(view, seat, space))

    def _searchable(self, agent: AgentView, space: str) -> bool:
        return bool(self.view.stacks.get(space)) and agent.colour not in self.view.markers.get(space, ())

    def _may_arrest(self, agent: AgentView, foe: AgentView) -> bool:
        document = doc(self.view, agent.id)
        allowed = (
            document.can_arrest or worth.goal_worth(self.policy, self.view, self.seat, agent, "arrest") > 0
        )
        return (
            allowed
            and self.extended
            and not doc(self.view, foe.id).chief
            and self.view.sides[self.seat].evidence.get(foe.colour, 0) >= ARREST_EVIDENCE
        )

    def _talk_estimate(self, agent: AgentView, foe: AgentView) -> float:
        durable = sum(
            item(i).effect.amount
            for i in agent.items
            if item(i).effect.kind == "conversation" and item(i).durable
        )
        odds = conversation_odds(self.view, self.seat, agent, foe, optional_bonus(self.view, agent) + durable)
        return worth.talk_worth(self.policy, self.view, self.seat, agent, foe, odds)

    def _meeting_value(self, agent: AgentView, space: str) -> float:
        """A mission the chief could pass on `space` (chief and an own agent there, no
        enemy agent in the sector): the best card's promise."""
        view = self.view
        sector = self.board.sector_of.get(space)
        if any(self.board.sector_of.get(e.space) == sector for e in worth.enemies(view, self.seat)):
            return 0.0
        mates = [a for a in view.agents if a.side == self.seat and a.space == space and a.status == "free"]
        people = [*mates, agent]
        if not any(doc(view, p.id).chief for p in people):
            return 0.0
        return max((self._mission_hope(p) for p in people if self._wants_mission(p)), default=0.0)

    def _wants_mission(self, agent: AgentView) -> bool:
        document = doc(self.view, agent.id)
        left = self.view.missions_left.get(agent.id)
        return (
            agent.mission is None
            and document.missions
            and not document.missions_only_from_items_or_hideouts
            and isinstance(left, tuple)
            and bool(left)
        )

    # -- where an agent stands well --------------------------------------------------

    def _position(self, agent: AgentView, space: str) -> float:
        """The worth of the agent's best targets seen from `space`, less the enemy's
        chances of reaching him there first."""
        known = self._positions.get((agent.id, space))
        if known is None:
            known = self._positions[(agent.id, space)] = self._position_now(agent, space)
        return known

    def evidence_worth(self, colour: str, amount: int, agent: AgentView | None = None) -> float:
        """Gaining `amount` evidence against `colour` (a search's tile, `worth.evidence_worth`;
        a scenario's planner may price it its way)."""
        return worth.evidence_worth(self.policy, self.view, self.seat, colour, amount, agent)

    def _search(self, agent: AgentView, location: str) -> float:
        known = self._searches.get((agent.id, location))
        if known is None:
            known = self._searches[(agent.id, location)] = worth.search_worth(
                self.policy, self.view, self.seat, agent, location, self.evidence_worth
            )
        return known

    def _position_now(self, agent: AgentView, space: str) -> float:
        targets = self._targets.get(agent.id)
        if targets is None:
            targets = self._target_list(agent)
            self._targets[agent.id] = targets
        row = self.table.get(space, {})
        decay = self.policy.decay
        values = sorted((v * decay ** row.get(t, FAR) for t, v in targets), reverse=True)
        second = self.policy.second_target * (values[1] if len(values) > 1 else 0.0)
        value = (values[0] if values else 0.0) + second
        return value - self._exposure(agent, space)

    def _target_list(self, agent: AgentView) -> list[tuple[str, float]]:
        view, seat = self.view, self.seat
        targets: list[tuple[str, float]] = []
        for foe in worth.enemies(view, seat):
            value = self._talk_estimate(agent, foe)
            if _talked(view, agent.id, foe.id):
                value *= self.policy.talked_again
            if self._may_arrest(agent, foe):
                value = max(value, worth.arrest_worth(self.policy, view, seat, agent, foe))
            targets.append((foe.space, value))
        for location, left in view.stacks.items():
            if left and agent.colour not in view.markers.get(location, ()):
                targets.append((location, self._search(agent, location)))
        if self.extended:
            targets.extend(self._mission_targets(agent))
        targets.extend(top_secret.targets(view, seat, agent))
        return targets

    def _mission_targets(self, agent: AgentView) -> list[tuple[str, float]]:
        view, seat = self.view, self.seat
        found: list[tuple[str, float]] = []
        if agent.mission is not None:
            for level, goal in worth.levels(card(agent.mission)):
                pays = worth.mission_worth(self.policy, view, seat, level)
                if goal.kind in ("visit_location", "search_location") and goal.location in view.stacks:
                    found.append((goal.location, pays))
                if goal.kind == "discard_threat":
                    found.extend(
                        (space, pays / goal.count)
                        for space, (owner, _) in view.threats.items()
                        if owner != seat
                    )
                if goal.kind == "meet_own_agent":
                    found.extend(
                        (a.space, pays)
                        for a in view.agents
                        if a.side == seat
                        and a.id != agent.id
                        and a.status == "free"
                        and (goal.colour is None or a.colour == goal.colour)
                    )
            return found
        chief = chief_of(view, seat)
        if chief is None:
            return found
        if chief.id == agent.id:
            for mate in view.agents:
                if (
                    mate.side == seat
                    and mate.id != agent.id
                    and mate.status == "free"
                    and self._wants_mission(mate)
                ):
                    found.append((self._meeting_point(chief, mate), self._mission_hope(mate)))
        elif self._wants_mission(agent):
            found.append((self._meeting_point(chief, agent), self._mission_hope(agent)))
        return found

    def _meeting_point(self, chief: AgentView, mate: AgentView) -> str:
        """Where chief and agent best meet to pass a mission: the space of a sector without
        enemy agents nearest to both (Mission Cards, 3A); the chief's space if none is free."""
        busy = {self.board.sector_of.get(e.space) for e in worth.enemies(self.view, self.seat)}
        chief_row, mate_row = self.table[chief.space], self.table[mate.space]
        free = [s for s in self.board.spaces if self.board.sector_of.get(s) not in busy]
        if not free:
            return chief.space
        return min(
            free, key=lambda s: (max(chief_row.get(s, FAR), mate_row.get(s, FAR)), chief_row.get(s, FAR))
        )

    def _mission_hope(self, receiver: AgentView) -> float:
        """The best card the chief could pass to `receiver` now."""
        left = self.view.missions_left.get(receiver.id)
        if not isinstance(left, tuple) or not left:
            return 0.0
        return max(self._mission_value(receiver, m) for m in left)

    def _exposure(self, agent: AgentView, space: str) -> float:
        """What enemies who can still reach `space` this stage (with AP to act) expect from us."""
        threats = self._threats.get(agent.id)
        if threats is None:
            threats = self._threat_list(agent)
            self._threats[agent.id] = threats
        risk = 0.0
        for foe, reach, value in threats:
            if self.enemy_table[foe.space].get(space, FAR) + 1 <= reach:
                risk = max(risk, value)
        return self.policy.exposure * risk

    def _threat_list(self, agent: AgentView) -> list[tuple[AgentView, int, float]]:
        view = self.view
        enemy_side = view.sides[self.enemy]
        if enemy_side.gave_up or enemy_side.ap <= 0:
            return []
        found = []
        for foe in worth.enemies(view, self.seat):
            if _talked(view, agent.id, foe.id):
                continue
            document = doc(view, foe.id)
            reach = min(document.ap_limit - foe.ap_used, enemy_side.ap)
            odds = conversation_odds(view, self.enemy, foe, agent, optional_bonus(view, foe))
            value = worth.talk_worth(self.policy, view, self.enemy, foe, agent, odds)
            if (
                self.extended
                and document.can_arrest
                and not doc(view, agent.id).chief
                and enemy_side.evidence.get(agent.colour, 0) >= ARREST_EVIDENCE
            ):
                value = max(value, worth.arrest_worth(self.policy, view, self.enemy, foe, agent))
            found.append((foe, reach, value))
        return found
