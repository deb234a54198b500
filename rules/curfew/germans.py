"""The German agents' activations, taken by the rules ("Aktywowanie niemieckich agentów").

Right after a Polish agent's activation the German agent of the same colour moves by the
shortest way towards the nearest Polish agent he has not yet talked to, nor tried to
arrest, this stage; when several are equally near, the player says which (a decision
of the player's).  During the activation:

A. He spends half his AP limit, rounded down, the first time in a stage, the rest on a
   second activation; never more than his limit.
B. With each Polish agent he meets he talks or arrests for 1 AP (one conversation per
   pair per stage still holds), and goes on spending his AP afterwards.
C. A Polish agent met on a street space (Kloss excepted: with him he talks) he tries to
   arrest at once, whatever the conversation limit and the evidence, for no AP.
D. A Polish agent with at least 6 evidence met in a location he always tries to arrest
   (whatever the conversation limit; 1 AP, as B says).
E. A secret he learns talking means an immediate arrest (a secret needs 3 evidence,
   which his secret leaves on the track: `CurfewState.secret_spends_evidence`).  Kloss's
   secret exposes Kloss.
F. Ending the activation in a location with a Polish agent he burns it: every item tile
   still there leaves the game, unseen.

Each step is one automated decision (`GermanTurn`), a beginning or a walk taken together
with the step after it (`step`), so a tie stops it for the player's answer; the table
shows the activation step by step from its log lines.  Ours, where the scenario is
silent: he meets every Polish agent on a space he enters, and those on his space when the
activation begins, once per activation; a worked-out Kloss is an ordinary agent (C and D
apply to him); of equally short paths he takes the first in the board's order; an
arrest attempt counts as the pair's conversation, as in Stawka; F counts only agents
standing free, not prisoners lying in the jail.
"""

from __future__ import annotations

from functools import cache

from rules.core import Dice, Event
from rules.curfew.content import load_content
from rules.curfew.options import GERMAN, POLISH
from rules.curfew.state import CurfewState, GermanTurn, Rule, TieBreak, curfew_state
from rules.stawka.actions import converse_of
from rules.stawka.arrest import escape_roll, jail
from rules.stawka.board import board_of
from rules.stawka.conversation import conversation_rolls
from rules.stawka.documents import ap_limit
from rules.stawka.investigation import ARREST_EVIDENCE
from rules.stawka.meetings import have_talked, pair
from rules.stawka.movement import shortest_paths
from rules.stawka.state import AgentState

ACT_COST = 1
"""B: a conversation or an arrest "kosztem 1 PA"."""
FAR = 10_000
ACTIVATED: dict[str, str] = {
    rule: f"curfew.german.activated_{rule.lower()}" for rule in ("A", "G", "H", "card")
}
"""A German activation's log line by why it was taken."""


def german_of(state: CurfewState, colour: str) -> AgentState | None:
    """The German agent of `colour` on the board (None while an eliminated one awaits his successor)."""
    return next((a for a in state.agents_of(GERMAN) if a.colour == colour and a.status == "free"), None)


def ap_left(state: CurfewState, agent: AgentState) -> int:
    """A German agent's AP left this stage: his limit less what he spent (no network pool)."""
    return max(0, ap_limit(state, agent) - agent.ap_used)


def budget(state: CurfewState, agent: AgentState, rule: Rule) -> int:
    """A: half the limit rounded down the first time in a stage, the rest later; G: half
    the limit (ours: rounded down too, outside the stage's AP)."""
    limit = ap_limit(state, agent)
    if rule == "G":
        return limit // 2
    if state.activations.get(agent.id, 0) == 0:
        return min(limit // 2, ap_left(state, agent))
    return ap_left(state, agent)


def activate(state: CurfewState, agent_id: str, rule: Rule) -> CurfewState:
    """Put a German agent's activation on the stack (the rules take it at once)."""
    return state.model_copy(update={"pending": (*state.pending, _turn(agent_id, rule))})


@cache
def _turn(agent_id: str, rule: Rule) -> GermanTurn:
    """A German activation about to begin (frozen: made once an agent and rule)."""
    return GermanTurn(agent=agent_id, rule=rule)


def free_polish_at(state: CurfewState, space: str) -> tuple[AgentState, ...]:
    """The free Polish agents on `space`, in the agents' order (`agents_at`'s, without
    sorting every agent by space: a German's every step asks of one space, and his walk
    changes the agents)."""
    return tuple([a for a in state.agents if a.space == space and a.side == POLISH and a.status == "free"])


def distances(state: CurfewState, start: str) -> dict[str, tuple[str, ...]]:
    """Every space a German agent at `start` can walk to -> a shortest path (its first in
    the board's order); `start` itself -> ().  Callers must not change the mapping."""
    return _distances(state.scenario, start)


@cache
def _distances(scenario: str, start: str) -> dict[str, tuple[str, ...]]:
    """`distances` on the scenario's board, which never changes: worked out once a space
    (every step of every German activation asks)."""
    return {start: (), **shortest_paths(board_of(scenario), start, GERMAN, FAR)}


def nearest_targets(state: CurfewState, agent: AgentState, met: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The nearest Polish agents "z którym jeszcze nie rozmawiał lub nie próbował
    aresztować" (he has not yet talked with nor tried to arrest) this stage, nor met in
    this activation (`met`).  A conversation is the pair's whoever began it: one the
    Polish agent began counts as one the German began does (Stawka's one conversation
    per pair and stage, `have_talked`)."""
    paths = distances(state, agent.space)
    candidates = [
        p
        for p in state.agents_of(POLISH)
        if p.status == "free"
        and p.id not in met
        and p.space in paths
        and (agent.id, p.id) not in state.met
        and not have_talked(state, agent.id, p.id)
    ]
    if not candidates:
        return ()
    nearest = min(len(paths[p.space]) for p in candidates)
    return tuple(p.id for p in candidates if len(paths[p.space]) == nearest)


# -- one step of an activation ------------------------------------------------------------


def step(state: CurfewState, turn: GermanTurn, dice: Dice) -> tuple[CurfewState, list[Event]]:
    """The automated decision: begin, meet who is here, choose a target, or walk on.

    A beginning and a walk are taken together with the steps after them, up to the first
    that may change what the rules look at after a step (`CurfewTitle.settle`): a
    conversation or an arrest, the activation's end, a tie for the player.  Both change
    only the German agent and his activation ("Aktywowanie niemieckich agentów": A, his
    AP; the nearest way towards the nearest Polish agent), which nothing settled after a
    step reads, so the steps and their log lines are those taken one at a time."""
    events: list[Event] = []
    while True:
        state, more, goes_on = _sub_step(state, turn, dice)
        events.extend(more)
        if not goes_on:
            return state, events
        top = state.pending[-1]
        assert isinstance(top, GermanTurn)
        turn = top


def _sub_step(state: CurfewState, turn: GermanTurn, dice: Dice) -> tuple[CurfewState, list[Event], bool]:
    """One step of `step`, and whether the next follows at once (a beginning, a walk)."""
    agent = state.agent(turn.agent)
    if agent.status != "free":
        return _pop(state), [], False
    if not turn.started:
        return (*_begin(state, turn, agent), True)
    met_here = [p for p in free_polish_at(state, agent.space) if p.id not in turn.met]
    if met_here:
        return (*encounter(state, turn, agent, met_here[0], dice), False)
    if turn.budget <= 0:
        return (*_end(state, turn, agent), False)
    targets = nearest_targets(state, agent, turn.met)
    if not targets:
        return (*_end(state, turn, agent, "curfew.german.no_target"), False)
    if turn.target in targets:
        target = turn.target
    elif len(targets) == 1:
        target = targets[0]
    else:
        tie = TieBreak(purpose="target", german=agent.id, options=targets)
        return state.model_copy(update={"pending": (*state.pending, tie)}), [], False
    return (*_walk(state, turn, agent, target), True)


def _begin(state: CurfewState, turn: GermanTurn, agent: AgentState) -> tuple[CurfewState, list[Event]]:
    ap = budget(state, agent, turn.rule)
    started = turn.model_copy(update={"started": True, "budget": ap})
    state = state.model_copy(
        update={
            "pending": (*state.pending[:-1], started),
            "activations": {**state.activations, agent.id: state.activations.get(agent.id, 0) + 1},
        }
    )
    event = Event.made("german", ACTIVATED[turn.rule], {"agent": agent.id, "ap": ap, "rule": turn.rule})
    return state, [event]


def _walk(
    state: CurfewState, turn: GermanTurn, agent: AgentState, target: str
) -> tuple[CurfewState, list[Event]]:
    """The shortest way towards `target`, a step an AP, stopping where he meets a Polish agent."""
    path = distances(state, agent.space)[state.agent(target).space]
    met = turn.met
    meets = {p.space for p in state.agents_of(POLISH) if p.status == "free" and p.id not in met}
    walked: list[str] = []
    for space in path[: turn.budget]:
        walked.append(space)
        if space in meets:  # a free Polish agent he has not met in this activation
            break
    moved = agent.model_copy(update={"space": walked[-1], "ap_used": agent.ap_used + len(walked)})
    turn = turn.model_copy(update={"budget": turn.budget - len(walked), "target": target})
    state = curfew_state(state.with_agent(moved, pending=(*state.pending[:-1], turn)))
    board = board_of(state.scenario)
    event = Event.made(
        "german_move",
        "curfew.german.moved",
        {
            "agent": agent.id,
            "target": target,
            "to": walked[-1],
            "where": board.where(walked[-1]),
            "cost": len(walked),
            "rule": turn.rule,
        },
        data={"path": walked},
    )
    return state, [event]


def _end(
    state: CurfewState, turn: GermanTurn, agent: AgentState, key: str = "curfew.german.done"
) -> tuple[CurfewState, list[Event]]:
    """The activation ends; F: in a location with a Polish agent, he burns it."""
    events = [Event.made("german", key, {"agent": agent.id, "ap": turn.budget, "rule": turn.rule})]
    board = board_of(state.scenario)
    if board.is_location(agent.space) and free_polish_at(state, agent.space):
        location = agent.space
        tiles = state.stacks.get(location, ())
        state = state.model_copy(
            update={
                "stacks": {**state.stacks, location: ()},
                "burnt": {**state.burnt, location: state.burnt.get(location, ()) + tiles},
            }
        )
        events.append(
            Event.made(
                kind="burnt",
                key="curfew.german.burnt",
                params={"agent": agent.id, "location": location, "count": len(tiles), "rule": "F"},
            )
        )
    return _pop(state), events


def _pop(state: CurfewState) -> CurfewState:
    return state.model_copy(update={"pending": state.pending[:-1]})


# -- meeting a Polish agent ---------------------------------------------------------------


def encounter(
    state: CurfewState, turn: GermanTurn, agent: AgentState, target: AgentState, dice: Dice
) -> tuple[CurfewState, list[Event]]:
    """B-E: what a German agent does with a Polish agent he meets."""
    board = board_of(state.scenario)
    shielded = target.id == load_content().chief() and not state.worked_out
    evidence = state.sides[GERMAN].evidence.get(target.colour, 0)
    turn = turn.model_copy(update={"met": (*turn.met, target.id)})
    if not board.is_location(target.space) and not shielded:
        return _arrest(state, turn, agent, target, "C", 0, dice)
    if turn.budget < ACT_COST:
        return _replace(state, turn), []
    if not shielded and evidence >= ARREST_EVIDENCE:
        return _arrest(state, turn, agent, target, "D", ACT_COST, dice)
    if have_talked(state, agent.id, target.id):
        return _replace(state, turn), []
    return _talk(state, turn, agent, target, dice)


def _replace(state: CurfewState, turn: GermanTurn) -> CurfewState:
    return state.model_copy(update={"pending": (*state.pending[:-1], turn)})


def _spend(
    state: CurfewState, turn: GermanTurn, agent: AgentState, cost: int
) -> tuple[CurfewState, GermanTurn]:
    spent = state.agent(agent.id)
    state = curfew_state(state.with_agent(spent.model_copy(update={"ap_used": spent.ap_used + cost})))
    return state, turn.model_copy(update={"budget": turn.budget - cost})


def _met(state: CurfewState, agent: AgentState, target: AgentState) -> CurfewState:
    return state.model_copy(update={"met": (*state.met, (agent.id, target.id))})


def _arrest(
    state: CurfewState,
    turn: GermanTurn,
    agent: AgentState,
    target: AgentState,
    rule: str,
    cost: int,
    dice: Dice,
) -> tuple[CurfewState, list[Event]]:
    """C and D: the Polish agent rolls 2d6; at most his alertness and he is arrested."""
    state, turn = _spend(state, turn, agent, cost)
    state = _met(state, agent, target)
    state = state.model_copy(
        update={"talked": tuple(dict.fromkeys((*state.talked, pair(agent.id, target.id))))}
    )
    street = "street" if rule == "C" else "location"
    caught, roll = escape_roll(state, agent, target, dice, f"curfew.german.arrest_roll_{street}")
    events = [
        Event.made(
            kind="german",
            key=f"curfew.german.arrest_{street}",
            params={"agent": agent.id, "target": target.id, "rule": rule},
        ),
        roll,
    ]
    if not caught:
        state = state.model_copy(update={"escaped": tuple(dict.fromkeys((*state.escaped, target.id)))})
        events.append(
            Event.made(
                kind="arrest", key="curfew.german.escaped", params={"agent": agent.id, "target": target.id}
            )
        )
        return _replace(state, turn), events
    jailed, more = jail(state, agent, state.agent(target.id))
    return _replace(curfew_state(jailed), turn), events + more


def _talk(
    state: CurfewState, turn: GermanTurn, agent: AgentState, target: AgentState, dice: Dice
) -> tuple[CurfewState, list[Event]]:
    """B: a conversation for 1 AP; E: a secret means an arrest (Kloss's: he is exposed)."""
    state, turn = _spend(state, turn, agent, ACT_COST)
    events = [
        Event.made(
            kind="german",
            key="curfew.german.talks",
            params={"agent": agent.id, "target": target.id, "rule": "B"},
        )
    ]
    secrets = state.sides[GERMAN].secrets
    talked, events, took_place = conversation_rolls(
        state,
        GERMAN,
        state.agent(agent.id),
        target,
        converse_of(agent.id, target.id, (), False),
        0,
        dice,
        events,
    )
    state = curfew_state(talked)
    if took_place:
        state = _met(state, agent, target)
    if state.sides[GERMAN].secrets == secrets:
        return _replace(state, turn), events
    if target.id == load_content().chief() and not state.worked_out:
        state = state.model_copy(update={"exposed": True})
        events.append(
            Event.made(
                kind="german",
                key="curfew.exposed",
                params={"agent": agent.id, "target": target.id, "rule": "E"},
            )
        )
        return _replace(state, turn), events
    events.append(
        Event.made(
            kind="german",
            key="curfew.german.secret_arrest",
            params={"agent": agent.id, "target": target.id, "rule": "E"},
        )
    )
    jailed, more = jail(state, state.agent(agent.id), state.agent(target.id))
    return _replace(curfew_state(jailed), turn), events + more
