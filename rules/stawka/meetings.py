"""Who meets whom: enemy agents on the same space, and the once-per-stage conversation.

Conversation, 1-2: a conversation happens when the activated agent meets an enemy agent
on one space.  Our reading of "one conversation per pair per stage" (the arrest NOTE:
"if the German agent has already talked to the Polish agent in this stage, he cannot
arrest him"): each pair of enemy agents has one conversation attempt per stage, whoever
initiates it, and a failed rank roll uses it up.
"""

from __future__ import annotations

from rules.stawka.state import AgentState, StawkaState


def pair(a: str, b: str) -> tuple[str, str]:
    first, second = sorted((a, b))
    return first, second


def have_talked(state: StawkaState, a: str, b: str) -> bool:
    return pair(a, b) in state.talked


def conversation_targets(state: StawkaState, agent: AgentState) -> tuple[AgentState, ...]:
    """Enemy agents on the agent's space he has not yet talked to this stage."""
    return tuple(
        other
        for other in state.agents_at(agent.space)
        if other.side != agent.side and not have_talked(state, agent.id, other.id)
    )
