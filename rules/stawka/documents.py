"""An agent's ratings in play: his document plus traits and items ("Agent Document").

A special trait takes precedence over the general rules; items add to ratings while
held (officer's boots to the AP limit, "Movement of Agents", point 4).
"""

from __future__ import annotations

import threading

from rules.stawka.content import AgentDocument, Modifier, ModifierKind, load_content
from rules.stawka.items import held_of_kind
from rules.stawka.state import AgentState, StawkaState


def document(state: StawkaState, agent_id: str) -> AgentDocument:
    return load_content().document(state.documents[agent_id])


def trait_modifiers(state: StawkaState, agent: AgentState, kind: ModifierKind) -> tuple[Modifier, ...]:
    """The agent's trait modifiers of `kind` that he may still use now."""
    found = []
    for modifier in document(state, agent.id).trait.modifiers:
        if modifier.kind != kind:
            continue
        if modifier.uses == "once_per_stage" and agent.trait_used_stage:
            continue
        if modifier.uses in ("once_per_game", "single_use") and agent.trait_used_game:
            continue
        found.append(modifier)
    return tuple(found)


class _Limits(threading.local):
    """AP limits reckoned, by agent (per thread).  A limit depends only on the agent and his
    document, and an agent nobody changed is the same object in every later state, so
    the rules asking for it many times in each state find it here."""

    def __init__(self) -> None:
        self.by_agent: dict[int, tuple[AgentState, str, int]] = {}


_LIMITS = _Limits()
MAX_LIMITS_KEPT = 1024


def ap_limit(state: StawkaState, agent: AgentState) -> int:
    """The document's AP limit, plus always-on traits and boots held."""
    document_id = state.documents[agent.id]
    known = _LIMITS.by_agent.get(id(agent))
    if known is not None and known[0] is agent and known[1] == document_id:
        return known[2]
    limit = document(state, agent.id).ap_limit
    limit += sum(m.amount for m in trait_modifiers(state, agent, "ap_limit") if m.uses == "always")
    limit += sum(i.effect.amount for i in held_of_kind(agent, "boots"))
    if len(_LIMITS.by_agent) >= MAX_LIMITS_KEPT:
        _LIMITS.by_agent.clear()
    _LIMITS.by_agent[id(agent)] = (agent, document_id, limit)
    return limit


def ap_left(state: StawkaState, agent: AgentState) -> int:
    """AP this agent can still use now: his own limit left (less what an enemy card used
    up of it), within his network's pool."""
    own = max(0, ap_limit(state, agent) - agent.ap_used - agent.tired)
    return min(own, state.sides[agent.side].ap)
