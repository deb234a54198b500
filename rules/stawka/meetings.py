"""Who meets whom: enemy agents on the same space, and the once-per-stage conversation.

Conversation, 1-2: a conversation happens when the activated agent meets an enemy agent
on one space.  Our reading of "one conversation per pair per stage", implied by the
arrest NOTE ("if the German agent has already talked to the Polish agent in this stage,
he cannot arrest him"): each pair of enemy agents talks at most once per stage, whoever
initiates it; an arrest or a kidnapping counts as that conversation.  A failed rank die
is no conversation (Conversation, 2: "In every other case no conversation takes
place"): the pair may still talk, or be arrested, later in the stage.
"""

from __future__ import annotations

from rules.stawka.state import AgentState, StawkaState


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)  # sorted (no list made: every listing asks)


def have_talked(state: StawkaState, a: str, b: str) -> bool:
    return pair(a, b) in state.talked


def conversation_targets(state: StawkaState, agent: AgentState) -> tuple[AgentState, ...]:
    """Enemy agents on the agent's space he has not yet talked to this stage."""
    return tuple(
        other
        for other in state.agents_at(agent.space)
        if other.side != agent.side and not have_talked(state, agent.id, other.id)
    )
