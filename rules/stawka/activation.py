"""Activating an agent and the alternation of activations (rulebook, "Activating an Agent").

An activation is one own agent doing: only movement (at least 2 AP), only an action, an
action then movement, or movement then an action (the action ends the movement).  AP
come from the network's pool, at most the agent's AP limit per stage; an agent with 1 AP
left may be activated only for a 1-AP action.  The players alternate; one whose opponent
is out of AP (or gave up) goes on alone; a player may give up for the rest of the stage.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache

from rules.core import Dice, Event, IllegalAction, Seat
from rules.core.memo import per_state
from rules.stawka import film_hooks
from rules.stawka.actions import EndActivation, GiveUp
from rules.stawka.documents import ap_left
from rules.stawka.meetings import conversation_targets
from rules.stawka.state import Activation, AgentState, StawkaState, Turn, other

MIN_MOVE_ONLY_AP = 2
"""Activating, 2: "When during an activation an agent only wants to move ... at least 2 AP"."""


AgentActions = Callable[[StawkaState, AgentState], Sequence[object]]
"""What lists some actions of one agent where he stands."""


@cache
def _one_ap_listers() -> tuple[AgentActions, ...]:
    """What lists the extended rules' 1-AP actions: passing a mission, an assassination, an
    interrogation, discarding a threat token (AP costs, 3).

    Imported at the first question, not with this module: their modules build on this one
    (they activate, spend AP and settle); nothing registers them from outside."""
    from rules.stawka import alertness, arrest, assassination, missions

    return (
        missions.legal_passes,
        assassination.legal_assassinations,
        arrest.legal_interrogations,
        alertness.legal_discards,
    )


def one_ap_action_here(state: StawkaState, agent: AgentState) -> bool:
    """Whether the agent could spend a last AP on a 1-AP action where he stands (Activating, 2).

    Basic rules: initiating a conversation; extended: passing a mission, an assassination,
    discarding a threat token, an interrogation (ours) (AP costs, 3); a film scenario's own
    (transmitting the report).
    """
    if conversation_targets(state, agent):
        return True
    if state.rule_level == "basic":
        return False
    return any(listed(state, agent) for listed in _one_ap_listers()) or film_hooks.one_ap_action(state, agent)


def can_start(state: StawkaState, agent: AgentState) -> bool:
    """Whether `agent` may begin an activation now."""
    if agent.status != "free":
        return False
    left = ap_left(state, agent)
    if left >= MIN_MOVE_ONLY_AP:
        return True
    return left == 1 and _last_ap_usable(state, agent)


@per_state
def _last_ap_usable(state: StawkaState, agent: AgentState) -> bool:
    """`one_ap_action_here`, once per state and agent: the rules ask whether an agent may
    start many times an action; only this part of the answer costs more than asking."""
    return one_ap_action_here(state, agent)


@per_state
def seat_can_act(state: StawkaState, seat: Seat) -> bool:
    """The seat has AP, has not given up, and some agent of his can be activated."""
    side = state.sides[seat]
    if side.gave_up or side.ap <= 0:
        return False
    return any(can_start(state, a) for a in state.agents_of(seat)) or film_hooks.may_act(state, seat)


def activated(state: StawkaState, seat: Seat, agent_id: str) -> tuple[StawkaState, AgentState]:
    """The state with `agent_id` activated (beginning his activation if none runs).

    Raises IllegalAction if another agent is active or this one may not start.
    """
    try:
        agent = state.agent(agent_id)
    except KeyError as err:
        raise IllegalAction(
            f"There is no agent {agent_id!r} in this game.", "stawka.refusal.no_such_agent"
        ) from err
    if agent.side != seat:
        raise IllegalAction("You may activate only your own agents.", "stawka.refusal.own_agents")
    if state.activation is not None:
        if state.activation.agent != agent_id:
            raise IllegalAction(
                "Another agent is active: finish that activation first.", "stawka.refusal.other_active"
            )
        return state, agent
    if not can_start(state, agent):
        raise IllegalAction("This agent has no AP left for an activation now.", "stawka.refusal.no_ap_left")
    return state.model_copy(update={"activation": _begun(agent_id)}), agent


@cache
def _begun(agent_id: str) -> Activation:
    """A new activation of `agent_id`, made once per agent: it is frozen."""
    return Activation(agent=agent_id)


def may_end(state: StawkaState) -> bool:
    """Activating, 1-2: an activation with only movement must have used at least 2 AP on it
    ("only movement for at least 2 AP"; a step onto dangerous terrain alone costs 2).

    An agent stopped by an enemy's trait after one space may end there (the trait overrides),
    and one who used a location card (its use was the point of the activation).  So may
    one who can no longer reach the 2 spaces: a threat token took AP from his network
    (confusion), dropped his declared action or holds him (cauldron), and nothing else is
    left to him (using an item is no action: Item Tiles, 3).
    """
    act = state.activation
    if act is None:
        return False
    if act.acted or act.moved >= MIN_MOVE_ONLY_AP or act.stopped or act.card_played:
        return True
    agent = state.agent(act.agent)
    return agent.held or ap_left(state, agent) < MIN_MOVE_ONLY_AP - act.moved


def spend_ap(
    state: StawkaState,
    agent: AgentState,
    cost: int,
    changes: Mapping[str, object] | None = None,
    **update: object,
) -> tuple[StawkaState, AgentState]:
    """Take `cost` AP from the pool and from the agent's limit (Movement of Agents).

    `changes` to the agent and `update` to the state are made in the same copies (a walk
    pays and arrives in one)."""
    if ap_left(state, agent) < cost:
        raise IllegalAction(
            f"Not enough AP: this costs {cost}, the agent has {ap_left(state, agent)} left.",
            "stawka.refusal.not_enough_ap",
            cost=cost,
            left=ap_left(state, agent),
        )
    if not cost:
        agent = agent.model_copy(update=changes) if changes else agent
        return state.with_agent(agent, **update), agent
    side = state.sides[agent.side]
    agent = agent.model_copy(update={"ap_used": agent.ap_used + cost, **(changes or {})})
    state = state.with_agent(
        agent, sides={**state.sides, agent.side: side.model_copy(update={"ap": side.ap - cost})}, **update
    )
    return state, agent


def finished(state: StawkaState) -> bool:
    """Whether nothing more can be done in the activation under way: the action followed
    movement (Movement, 3), the agent's AP are gone, or he is no longer free."""
    act = state.activation
    if act is None:
        return True
    agent = state.agent(act.agent)
    return (act.acted and act.moved_before_action) or ap_left(state, agent) == 0 or agent.status != "free"


def settle(state: StawkaState, events: list[Event]) -> tuple[StawkaState, list[Event]]:
    """After a step: end the activation when nothing more can be done in it, pass the turn.

    The activation ends when the action followed movement (Movement, 3) or the agent's
    AP are gone - not while the enemy's red window on his move is still to come
    (`StawkaState.reaction_due`): a card is played during the activation it answers.  Then
    the opponent activates if he can; else the same player goes on alone (Stage, F NOTE);
    when neither can, the stage ends.
    """
    act = state.activation
    if (
        act is not None
        and not state.pending
        and state.reaction_due is None
        and finished(state)
        and may_end(state)
    ):
        state = state.model_copy(update={"activation": None})
        events.append(
            Event.made(kind="activation_end", key="stawka.activation_end", params={"agent": act.agent})
        )
    if state.activation is None and not state.pending and state.phase == "activations":
        state = pass_turn(state)
    return state, events


def pass_turn(state: StawkaState) -> StawkaState:
    """Whose activation comes next, or None when the stage's activations are over."""
    current = state.turn or state.first or "polish"
    for seat in (other(current), current):
        if seat_can_act(state, seat):
            return state if state.turn == seat else state.model_copy(update={"turn": seat})
    return state if state.turn is None else state.model_copy(update={"turn": None})


def end_activation(
    state: StawkaState, turn: Turn, action: EndActivation, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    act = state.activation
    if act is None:
        raise IllegalAction("No agent is active.", "stawka.refusal.none_active")
    if not may_end(state):
        raise IllegalAction(
            "An agent that only moves must use at least 2 AP: move on or act.", "stawka.refusal.move_two_ap"
        )
    state = state.model_copy(update={"activation": None})
    events = [Event.made(kind="activation_end", key="stawka.activation_end", params={"agent": act.agent})]
    return settle(state, events)


def give_up(state: StawkaState, turn: Turn, action: GiveUp, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """Activating, 1: give up activations for the rest of the stage."""
    seat = turn.seat
    if state.activation is not None and not may_end(state):
        raise IllegalAction(
            "Finish this activation first: an agent that only moves must use at least 2 AP.",
            "stawka.refusal.finish_first",
        )
    side = state.sides[seat]
    state = state.with_side(seat, side.model_copy(update={"gave_up": True})).model_copy(
        update={"activation": None}
    )
    return settle(state, [Event.made(kind="give_up", key="stawka.gave_up", params={"seat": seat})])
