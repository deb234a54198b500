"""Placing the agents without a fixed start ("Training Campaign - Scenario 2", step 2C).

"The remaining agents are placed by the Players in any locations, doing so alternately.
However, no other agents may be placed in the police sector. The first agent (not
necessarily his own) must be placed by the German Player."  Scenario 3 adds: no more than
one agent of each player may begin in one sector.  Each placement is a pending decision
of the player whose turn it is to place; he picks any unplaced agent of either side.
"""

from __future__ import annotations

from rules.core import Dice, Event, IllegalAction
from rules.stawka.actions import PlaceAgent, place_agent_of
from rules.stawka.board import board_of
from rules.stawka.content import Placement, load_content
from rules.stawka.stage import start_planning
from rules.stawka.state import AgentPlacement, StawkaState, other


def rules_of(state: StawkaState) -> Placement:
    placement = load_content().scenario(state.scenario).placement
    assert placement is not None, f"{state.scenario} places no agents"
    return placement


def unplaced(state: StawkaState) -> tuple[str, ...]:
    return tuple(a.id for a in state.agents if a.status == "unplaced")


def next_placement(state: StawkaState) -> StawkaState:
    """The pending placement for the player whose turn it is to place, if any agent is left."""
    waiting = unplaced(state)
    if not waiting:
        return state
    rules = rules_of(state)
    placed = sum(1 for a in load_content().scenario(state.scenario).agents if a.start is None) - len(waiting)
    seat = rules.first if placed % 2 == 0 or not rules.alternate else other(rules.first)
    return state.model_copy(update={"pending": (AgentPlacement(seat=seat),)})


def allowed_locations(state: StawkaState, agent_id: str) -> tuple[str, ...]:
    rules = rules_of(state)
    board = board_of(state.scenario)
    agent = state.agent(agent_id)
    spaces = board.locations if rules.locations_only else board.spaces
    allowed = []
    for space in spaces:
        sector = board.sector_of[space]
        if sector in rules.forbidden_sectors:
            continue
        if rules.max_per_sector_per_side is not None:
            here = [
                a
                for a in state.agents
                if a.side == agent.side and a.status != "unplaced" and board.sector_of[a.space] == sector
            ]
            if len(here) >= rules.max_per_sector_per_side:
                continue
        allowed.append(space)
    return tuple(allowed)


def legal_placements(state: StawkaState, decision: AgentPlacement) -> list[PlaceAgent]:
    return [
        place_agent_of(agent_id, location)
        for agent_id in unplaced(state)
        for location in allowed_locations(state, agent_id)
    ]


def place(
    state: StawkaState, decision: AgentPlacement, action: PlaceAgent, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    seat = decision.seat
    if action.agent not in unplaced(state):
        raise IllegalAction("That agent is already on the board.", "stawka.refusal.placed")
    if action.location not in allowed_locations(state, action.agent):
        raise IllegalAction(
            "Agents are placed in locations outside the forbidden sectors.", "stawka.refusal.placement"
        )
    agent = state.agent(action.agent).model_copy(update={"space": action.location, "status": "free"})
    state = state.with_agent(agent).model_copy(update={"pending": ()})
    event = Event(
        kind="placed",
        key="stawka.placed",
        # A free scenario places figures on street spaces too ("H. ... on any space"): the
        # log names the space as a move's does, a location or its sector's streets.
        params={
            "seat": seat,
            "agent": action.agent,
            "location": board_of(state.scenario).where(action.location),
        },
        reveals=True,
    )
    if unplaced(state):
        return next_placement(state), [event]
    return start_planning(state), [event]
