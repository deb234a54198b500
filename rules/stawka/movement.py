"""Movement of agents (rulebook, "Movement of Agents").

Agents move only along the paths of the assembled board, one AP a space, never off the
board (the board has no edge beyond its sectors' joined exits), and side-only paths (the
police building for Germans, the city's broken path for Poles) carry only their side.
Any number of agents may share a space.
"""

from __future__ import annotations

import heapq
import threading
from collections import deque
from functools import lru_cache

from rules.core import Dice, Event, IllegalAction, Seat
from rules.stawka import alertness, threats
from rules.stawka.actions import Move, move_of
from rules.stawka.activation import MIN_MOVE_ONLY_AP, activated, settle, spend_ap
from rules.stawka.board import BoardGraph, board_of
from rules.stawka.costs import ap_cost
from rules.stawka.documents import ap_left, modifiers_of, trait_modifiers
from rules.stawka.items import held_of_kind, item, spend
from rules.stawka.state import Activation, AgentState, StawkaState, Turn


def shortest_paths(
    board: BoardGraph, start: str, seat: Seat, max_steps: int, stops: frozenset[str] = frozenset()
) -> dict[str, tuple[str, ...]]:
    """Every space `seat`'s agent at `start` reaches in 1..`max_steps` steps -> a shortest path.

    A path lists the spaces entered, in order (the start excluded).  Ties go to the path
    found first in the board's neighbour order, so the result is deterministic.  Movement
    ends on entering one of `stops` (Movement, 2: traits such as Marta Becher's).
    """
    paths: dict[str, tuple[str, ...]] = {start: ()}
    queue: deque[str] = deque([start])
    while queue:
        here = queue.popleft()
        if len(paths[here]) >= max_steps or (here in stops and here != start):
            continue
        for there in board.exits(here, seat):
            if there not in paths:
                paths[there] = (*paths[here], there)
                queue.append(there)
    del paths[start]
    return paths


def routes(
    board: BoardGraph,
    start: str,
    seat: Seat,
    budget: int,
    stops: frozenset[str] = frozenset(),
    rough: frozenset[str] = frozenset(),
    step_cost: int = 1,
    halts: frozenset[str] = frozenset(),
    halt_left: int = 1,
    sealed: frozenset[str] = frozenset(),
    avoid: frozenset[str] = frozenset(),
) -> dict[str, tuple[tuple[str, ...], int]]:
    """Every space reachable within `budget` AP -> the cheapest path and its cost.

    A step costs `step_cost` AP (the cost list: 1), 1 more onto or off a `rough` space
    (dangerous terrain); movement ends on entering one of `stops`, and on entering one of
    `halts` (enemy threat tokens) with at least `halt_left` AP left (enough to discard it,
    Movement, 5); no step leaves one of the `sealed` sectors (none in Stawka; a scenario
    built on its rules may seal some, `StawkaState.sealed_sectors`).  Of equally cheap
    paths, the one passing (entering and leaving) the fewest `avoid` spaces (none in
    Stawka; `StawkaState.avoided_spaces`); ties go to the path found first in the board's
    neighbour order, so the result is deterministic.
    """
    if avoid and step_cost > 0 and not _passable(board, start, seat, budget, step_cost, avoid):
        avoid = frozenset()  # none lies inside a walk: no path passes one
    if not rough and step_cost > 0:
        if avoid:
            return _even_routes_avoiding(
                board, start, seat, budget, stops, step_cost, halts, halt_left, sealed, avoid
            )
        return _even_routes(board, start, seat, budget, stops, step_cost, halts, halt_left, sealed)
    best: dict[str, tuple[int, int, tuple[str, ...]]] = {start: (0, 0, ())}
    frontier: list[tuple[int, int, int, str]] = [(0, 0, 0, start)]
    counter = 0
    while frontier:
        cost, passed, _, here = heapq.heappop(frontier)
        if (cost, passed) > best[here][:2]:
            continue
        if here != start and (here in stops or (here in halts and budget - cost >= halt_left)):
            continue
        toll = passed + (here in avoid and here != start)
        for there in board.exits(here, seat):
            if sealed and board.sector_of[here] in sealed and board.sector_of[there] != board.sector_of[here]:
                continue
            step = step_cost + (here in rough) + (there in rough)
            total = cost + step
            if total <= budget and (there not in best or (total, toll) < best[there][:2]):
                best[there] = (total, toll, (*best[here][2], there))
                counter += 1
                heapq.heappush(frontier, (total, toll, counter, there))
    return {space: (path, cost) for space, (cost, _, path) in best.items() if space != start}


def _even_routes(
    board: BoardGraph,
    start: str,
    seat: Seat,
    budget: int,
    stops: frozenset[str],
    step_cost: int,
    halts: frozenset[str],
    halt_left: int,
    sealed: frozenset[str],
) -> dict[str, tuple[tuple[str, ...], int]]:
    """`routes` where every step costs the same: breadth-first, one step's spaces after
    another, which finds what the cheapest-first search does, in the same order (spaces of
    equal cost leave its heap in the order they entered it), without the heap.

    Most walks pass no space that ends them: then they are the board's search from
    `start` with nothing in the way, worked out once (`_open`)."""
    if not sealed:
        steps = budget // step_cost
        nearest = _open(board, start, seat, steps, step_cost)
        if _nothing_in_the_way(nearest, steps, stops, halts, budget - halt_left):
            return nearest
    found: dict[str, tuple[tuple[str, ...], int]] = {}
    exits = board.exits_of(seat)
    level: list[tuple[str, tuple[str, ...]]] = [(start, ())]
    cost = 0
    while level and cost + step_cost <= budget:
        total = cost + step_cost
        halting = halts if budget - cost >= halt_left else frozenset()
        reached: list[tuple[str, tuple[str, ...]]] = []
        for here, path in level:
            if here != start and (here in stops or here in halting):
                continue
            leaving = sealed and board.sector_of[here] in sealed
            for there in exits.get(here, ()):
                if there == start or there in found:
                    continue
                if leaving and board.sector_of[there] != board.sector_of[here]:
                    continue
                walked = (*path, there)
                found[there] = (walked, total)
                reached.append((there, walked))
        level, cost = reached, total
    return found


def _passable(
    board: BoardGraph, start: str, seat: Seat, budget: int, step_cost: int, avoid: frozenset[str]
) -> bool:
    """Whether a walk within `budget` could pass (enter and leave) one of `avoid`: one lies
    nearer than the walk's last step in the board's search with nothing in the way (sealed
    sectors, stops and rough ground only make a way longer or end it)."""
    steps = budget // step_cost
    nearest = _open(board, start, seat, steps, step_cost)
    for space in avoid:
        walk = nearest.get(space)
        if walk is not None and len(walk[0]) < steps:
            return True
    return False


def _even_routes_avoiding(
    board: BoardGraph,
    start: str,
    seat: Seat,
    budget: int,
    stops: frozenset[str],
    step_cost: int,
    halts: frozenset[str],
    halt_left: int,
    sealed: frozenset[str],
    avoid: frozenset[str],
) -> dict[str, tuple[tuple[str, ...], int]]:
    """`_even_routes` that, of the paths of one step count, keeps the one passing the
    fewest `avoid` spaces (the first found of those): breadth-first, a space's fewest
    passed known once its whole step is searched."""
    found: dict[str, tuple[tuple[str, ...], int]] = {}
    exits = board.exits_of(seat)
    level: list[tuple[str, tuple[str, ...], int]] = [(start, (), 0)]
    cost = 0
    while level and cost + step_cost <= budget:
        total = cost + step_cost
        halting = halts if budget - cost >= halt_left else frozenset()
        reached: dict[str, tuple[tuple[str, ...], int]] = {}
        for here, path, passed in level:
            if here != start and (here in stops or here in halting):
                continue
            leaving = sealed and board.sector_of[here] in sealed
            toll = passed + (here in avoid and here != start)
            for there in exits.get(here, ()):
                if there == start or there in found:
                    continue
                if leaving and board.sector_of[there] != board.sector_of[here]:
                    continue
                known = reached.get(there)
                if known is None or toll < known[1]:
                    reached[there] = ((*path, there), toll)
        for there, (walked, _) in reached.items():
            found[there] = (walked, total)
        level = [(there, walked, toll) for there, (walked, toll) in reached.items()]
        cost = total
    return found


def _nothing_in_the_way(
    nearest: Routes, steps: int, stops: frozenset[str], halts: frozenset[str], spare: int
) -> bool:
    """Whether a walk of at most `steps` steps goes on from every space it enters as the
    search with nothing in the way does (`nearest`, its walks): no stop, and no halt it
    would reach with `spare` AP more than a discard needs, lies before its last step.
    (Loops, not generators: every walk asks.)"""
    for space in stops:
        walk = nearest.get(space)
        if walk is not None and len(walk[0]) < steps:
            return False
    for space in halts:
        walk = nearest.get(space)
        if walk is not None and len(walk[0]) < steps and walk[1] <= spare:
            return False
    return True


@lru_cache(maxsize=4096)
def _open(board: BoardGraph, start: str, seat: Seat, steps: int, step_cost: int) -> Routes:
    """`_even_routes` of a walk of at most `steps` steps with nothing in the way: the
    board's search from `start`, worked out once."""
    return {
        space: (path, len(path) * step_cost)
        for space, path in shortest_paths(board, start, seat, steps).items()
    }


def all_stops(state: StawkaState, agent: AgentState) -> frozenset[str]:
    """Where this agent's movement must end whatever his AP: traits, the fort's check."""
    traits, checks = stopping_spaces(state, agent), alertness.checked_locations(state, agent)
    if not checks or checks <= traits:  # the same set, not a new one: routes are memoised by it
        return traits
    return checks if not traits else traits | checks


Routes = dict[str, tuple[tuple[str, ...], int]]


class _RouteMemo(threading.local):
    """The routes reckoned on the last state, per thread, by agent (and the agent they
    were reckoned for): the legal moves and the table's offers of one state ask for the
    same agents' routes.  And the routes of the last walks by what they depend on: an
    agent's routes stay the same over many states (the other side's moves, the same
    activation before and after it begins)."""

    state: object = None
    routes: dict[str, tuple[AgentState, Routes]]
    walks: dict[tuple[object, ...], Routes]
    older: dict[tuple[object, ...], Routes]
    """The walks kept before `walks` filled up: one asked for again moves back to `walks`,
    so the walks asked for often outlive a clearing (a game's opening walks, an agent
    waiting where he stands)."""

    def __init__(self) -> None:
        self.walks, self.older = {}, {}


_MEMO = _RouteMemo()
MAX_WALKS_KEPT = 4096
"""Walks in `_RouteMemo.walks` (and as many at most in `older`): about 3 kB each."""


def reachable(state: StawkaState, agent: AgentState) -> Routes:
    """Every space the agent can walk to now -> his path and its AP cost (Movement, 1-5).

    Reckoned once per state and agent; callers must not change the mapping."""
    memo = _MEMO
    if memo.state is not state:
        memo.state, memo.routes = state, {}
    known = memo.routes.get(agent.id)
    if known is not None and known[0] is agent:
        return known[1]
    found = _reckon(state, agent)
    memo.routes[agent.id] = (agent, found)
    return found


def _reckon(state: StawkaState, agent: AgentState) -> Routes:
    board, budget, step_cost = board_of(state.scenario), ap_left(state, agent), ap_cost("move")
    stops, halts = all_stops(state, agent), threats.threat_stops(state, agent)
    sealed, avoid = state.walk_bounds(agent)
    if step_cost > 0 and (stops or halts or sealed or avoid):
        # Only what lies inside the walk counts (`_inside`): the rest is left out of the
        # walk's key, so the same walk is known again when, say, an enemy far away moved.
        spaces, sectors = _inside(board, agent.space, agent.side, budget // step_cost, step_cost)
        stops, halts, avoid = _within(stops, spaces), _within(halts, spaces), _within(avoid, spaces)
        sealed = _within(sealed, sectors)
    walk = (
        board,
        agent.space,
        agent.side,
        budget,
        stops,
        threats.rough_ground(state),
        step_cost,
        halts,
        threats.discard_ap(),
        sealed,
        avoid,
    )
    memo = _MEMO
    found = memo.walks.get(walk)
    if found is None:
        found = memo.older.get(walk)
        if found is None:
            found = routes(*walk)
        if len(memo.walks) >= MAX_WALKS_KEPT:
            memo.older, memo.walks = memo.walks, {}
        memo.walks[walk] = found
    return found


@lru_cache(maxsize=4096)
def _inside(
    board: BoardGraph, start: str, seat: Seat, steps: int, step_cost: int
) -> tuple[frozenset[str], frozenset[str]]:
    """The spaces a walk of at most `steps` steps may go on from (`start`, and those fewer
    than `steps` steps away with nothing in the way), and their sectors.  `routes` asks
    only of these whether a walk stops, halts, leaves a sealed sector or passes a space to
    avoid there (a space a walk enters on its last step is never left; stops, sealed
    sectors and rough ground only make a way longer), so its walks are the same with the
    other spaces and sectors left out of those sets."""
    spaces = frozenset(
        [
            start,
            *(
                space
                for space, (path, _) in _open(board, start, seat, steps, step_cost).items()
                if len(path) < steps
            ),
        ]
    )
    return spaces, frozenset(board.sector_of[space] for space in spaces)


def _within(found: frozenset[str], inside: frozenset[str]) -> frozenset[str]:
    """`found` less what is not `inside`, the same set when nothing is left out (routes
    are remembered by it)."""
    if not found or found <= inside:
        return found
    return found & inside


def path_cost(start: str, path: tuple[str, ...], rough: frozenset[str]) -> int:
    """What walking `path` from `start` costs: 1 AP a step, 1 more onto or off rough ground."""
    steps = zip((start, *path[:-1]), path, strict=True)
    return sum(ap_cost("move") + (here in rough) + (there in rough) for here, there in steps)


CITY_MAP_COST = 2
"""Movement, 4: the city map moves the agent to any location of his sector, "also movement".
Its AP cost is not printed; ours is 2, what an activation of movement alone must use."""


def first_move_allowed(state: StawkaState, agent: AgentState) -> bool:
    """Activating, 2: movement that may be all the activation does needs at least 2 AP."""
    return not _fresh(state.activation) or ap_left(state, agent) >= MIN_MOVE_ONLY_AP


def _fresh(act: Activation | None) -> bool:
    """No activation yet, or one that has neither moved nor acted."""
    return act is None or (act.moved == 0 and not act.acted)


def stopping_spaces(state: StawkaState, agent: AgentState) -> frozenset[str]:
    """Movement, 2: spaces of enemy agents whose trait ends the movement of who enters."""
    stoppers = _stoppers(state.documents)
    if not stoppers:
        return _NO_SPACES
    side = agent.side
    return frozenset(
        enemy.space
        for enemy in state.agents
        if enemy.id in stoppers
        and enemy.side != side
        and enemy.status == "free"
        and trait_modifiers(state, enemy, "stops_enemies")
    )


_NO_SPACES: frozenset[str] = frozenset()

_last_stoppers: tuple[object, tuple[str, ...]] = (None, ())
"""The documents of the last state asked about, and `_stoppers` of them (one tuple, so a
thread reads a matching pair)."""


def _stoppers(documents: dict[str, str]) -> tuple[str, ...]:
    """The agents whose document has a trait that ends an enemy's movement (Marta
    Becher's), found once while the states asked about share their documents (they change
    only when Kloss's does): the other agents' traits need not be asked at every walk."""
    global _last_stoppers
    known, found = _last_stoppers
    if known is documents:
        return found
    found = tuple(agent for agent, card in documents.items() if modifiers_of(card, "stops_enemies"))
    _last_stoppers = (documents, found)
    return found


def may_move(state: StawkaState, agent: AgentState) -> bool:
    """Movement, 3: after movement then an action the agent can no longer move; nor once stopped."""
    act = state.activation
    if act is not None and ((act.acted and act.moved_before_action) or act.stopped):
        return False
    if agent.held:
        return False
    left = ap_left(state, agent)
    return left >= 1 and (left >= MIN_MOVE_ONLY_AP or not _fresh(act))


def legal_moves(state: StawkaState, agent: AgentState) -> list[Move]:
    """A shortest path to every space the agent can reach now, and city-map jumps."""
    if not may_move(state, agent):
        return []
    board = board_of(state.scenario)
    moves = list(_walks_to(agent.id, reachable(state, agent)))
    if ap_left(state, agent) >= CITY_MAP_COST:
        for city_map in held_of_kind(agent, "city_map")[:1]:
            sector = board.sector_of[agent.space]
            moves.extend(
                Move(agent=agent.id, to=loc, item=city_map.id)
                for loc in board.locations_in(sector)
                if loc != agent.space
            )
    return moves


_WALKS_LISTED: dict[str, tuple[Routes, tuple[Move, ...]]] = {}
"""Agent -> the routes his walks were last listed from, and those walks: his routes are
often the very same mapping the next time his seat's actions are listed (`_open`, the
walks remembered), and a random playout lists little else."""


def _walks_to(agent_id: str, found: Routes) -> tuple[Move, ...]:
    """`move_of` each space of `found`, in its order."""
    known = _WALKS_LISTED.get(agent_id)
    if known is not None and known[0] is found:
        return known[1]
    walks = tuple([move_of(agent_id, destination) for destination in found])
    _WALKS_LISTED[agent_id] = (found, walks)
    return walks


def walk_allowed(state: StawkaState, agent: AgentState, action: Move) -> bool:
    """Whether the walk `action` is among `legal_moves(state, agent)`, without listing them:
    they hold `move_of` each space `reachable` names when the agent may move (a save
    replayed checks each move so)."""
    return (
        action.item is None
        and may_move(state, agent)
        and action.to in reachable(state, agent)
        and action == move_of(agent.id, action.to)
    )


def move(state: StawkaState, turn: Turn, action: Move, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """Move the activated agent along `action.path`, 1 AP a space (Movement of Agents)."""
    listed = state
    state, agent = activated(state, turn.seat, action.agent)
    if not may_move(state, agent):
        if state.activation is not None and state.activation.moved_before_action:
            raise IllegalAction(
                "After movement and an action the agent can no longer move.", "stawka.refusal.moved_and_acted"
            )
        raise IllegalAction(
            "An activation of movement alone needs at least 2 AP for this agent.",
            "stawka.refusal.move_alone",
        )
    if action.item is None:
        # The routes the legal moves were listed from: an activation that has just begun
        # changes nothing they depend on (a threat token stops him while his action is
        # still to take, `threats.may_discard`, as before it began).
        routes_now = reachable(listed, agent)
        if action.to not in routes_now:
            raise IllegalAction(
                "The agent cannot reach that space along the paths with the AP he has left.",
                "stawka.refusal.unreachable",
            )
        return _walk(state, agent, *routes_now[action.to], dice)
    state, agent, events = _city_map_move(state, agent, action, board_of(state.scenario))
    return _arrive(state, agent, (action.to,), CITY_MAP_COST, False, (), dice, events)


def _walk(
    state: StawkaState, agent: AgentState, path: tuple[str, ...], cost: int, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """Walk `path` (costing `cost` AP), paying as he goes; on an enemy face-down token he
    passes he halts for its owner's decision, keeping the rest of the path to walk after it
    (Movement, 5)."""
    passing = next((i for i, space in enumerate(path[:-1]) if threats.window_at(state, agent, space)), None)
    leg, onward = (path, ()) if passing is None else (path[: passing + 1], path[passing + 1 :])
    if onward:
        cost = path_cost(agent.space, leg, threats.rough_ground(state))
    end = leg[-1]
    stopped = not onward and (
        end in all_stops(state, agent)
        or (
            ap_left(state, agent) - cost >= threats.discard_ap() and end in threats.threat_stops(state, agent)
        )
    )
    return _arrive(state, agent, leg, cost, stopped, onward, dice, [], pay=cost)


def _arrive(
    state: StawkaState,
    agent: AgentState,
    path: tuple[str, ...],
    cost: int,
    stopped: bool,
    onward: tuple[str, ...],
    dice: Dice,
    events: list[Event],
    pay: int = 0,
) -> tuple[StawkaState, list[Event]]:
    """Put the agent at the end of `path`, paying `pay` AP (a walk's, not paid yet); then
    the fort's check or a token's window."""
    board = board_of(state.scenario)
    previous = path[-2] if len(path) > 1 else agent.space
    destination = path[-1]
    act = state.activation
    assert act is not None
    moved = act.model_copy(update={"moved": act.moved + cost, "stopped": stopped, "onward": onward})
    state, agent = spend_ap(state, agent, pay, {"space": destination}, activation=moved)
    events.append(
        Event.made(
            kind="move",
            key="stawka.moved",
            params={"agent": agent.id, "to": destination, "where": board.where(destination), "cost": cost},
            data={"path": list(path)},
        )
    )
    checked = alertness.fort_check(state, state.agent(agent.id), previous, dice, events)
    if checked is not None:
        return checked
    return settle(threats.entered(state, state.agent(agent.id), previous), events)


def relocate(
    state: StawkaState, agent: AgentState, destination: str, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """A location card's move: the activated agent goes straight to `destination`, at no AP
    ("movement", like the city map's, Movement, 4); arriving is as after any move."""
    return _arrive(state, agent, (destination,), 0, False, (), dice, [])


def go_on(state: StawkaState, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """Movement, 5: once the owner of the token he passes has decided, the agent walks the
    rest of his path, unless the token stopped him (an alarm, a cauldron, a failed check).

    Ours: if the token left him too few AP for the rest of the path (confusion, dangerous
    terrain), he stays on its space and may move on from there as his AP allow.
    """
    act = state.activation
    assert act is not None and act.onward
    rest = act.onward
    state = state.model_copy(update={"activation": act.model_copy(update={"onward": ()})})
    agent = state.agent(act.agent)
    if (
        agent.status != "free"
        or not may_move(state, agent)
        or path_cost(agent.space, rest, threats.rough_ground(state)) > ap_left(state, agent)
    ):
        halted = Event.made(kind="move", key="stawka.move_halted", params={"agent": agent.id})
        return settle(state, [halted])
    return _walk(state, agent, rest, path_cost(agent.space, rest, threats.rough_ground(state)), dice)


def _city_map_move(
    state: StawkaState, agent: AgentState, action: Move, board: BoardGraph
) -> tuple[StawkaState, AgentState, list[Event]]:
    city_map = action.item
    if city_map not in agent.items or item(city_map).effect.kind != "city_map":
        raise IllegalAction("The agent holds no such city map.", "stawka.refusal.no_city_map")
    target = action.to
    if target not in board.locations_in(board.sector_of[agent.space]) or target == agent.space:
        raise IllegalAction(
            "A city map takes the agent to another location of the sector he is in.",
            "stawka.refusal.city_map",
        )
    state, agent = spend_ap(state, agent, CITY_MAP_COST)
    agent, gone = spend(agent, (city_map,))
    state = state.with_agent(agent).model_copy(update={"removed_items": state.removed_items + gone})
    event = Event(
        kind="item_used", key="stawka.item_used", params={"agent": agent.id, "item": city_map}, reveals=True
    )
    return state, agent, [event]
