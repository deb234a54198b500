"""An agent's ratings in play: his document plus traits and items ("Agent Document").

A special trait takes precedence over the general rules; items add to ratings while
held (officer's boots to the AP limit, "Movement of Agents", point 4).
"""

from __future__ import annotations

from functools import lru_cache

from rules.stawka.content import AgentDocument, Modifier, ModifierKind, load_content
from rules.stawka.items import item
from rules.stawka.state import AgentState, StawkaState


def document(state: StawkaState, agent_id: str) -> AgentDocument:
    return load_content().document(state.documents[agent_id])


def trait_modifiers(state: StawkaState, agent: AgentState, kind: ModifierKind) -> tuple[Modifier, ...]:
    """The agent's trait modifiers of `kind` that he may still use now."""
    of_kind = modifiers_of(state.documents[agent.id], kind)
    if not of_kind:  # most documents have none of most kinds
        return ()
    found = []
    for modifier in of_kind:
        if modifier.uses == "once_per_stage" and agent.trait_used_stage:
            continue
        if modifier.uses in ("once_per_game", "single_use") and agent.trait_used_game:
            continue
        found.append(modifier)
    return tuple(found)


@lru_cache(maxsize=4096)
def modifiers_of(document_id: str, kind: ModifierKind) -> tuple[Modifier, ...]:
    """The trait modifiers of `kind` on this document, found once."""
    return tuple(m for m in load_content().document(document_id).trait.modifiers if m.kind == kind)


def ap_limit(state: StawkaState, agent: AgentState) -> int:
    """The document's AP limit, plus always-on traits and boots held."""
    return _ap_limit(state.documents[agent.id], agent.items)


@lru_cache(maxsize=256)
def _bare_limit(document_id: str) -> int:
    """`_ap_limit` of an agent holding nothing, most agents most of the time (a string's
    hash is kept with it, a tuple's is worked out each time)."""
    return _ap_limit(document_id, ())


@lru_cache(maxsize=4096)
def _ap_limit(document_id: str, items: tuple[str, ...]) -> int:
    """`ap_limit` of an agent with this document holding these items: an always-on trait
    counts whether or not the agent used his trait, so nothing else matters (reckoned
    once: the rules ask for every agent's AP left many times an action)."""
    card = load_content().document(document_id)
    limit = card.ap_limit
    limit += sum(m.amount for m in card.trait.modifiers if m.kind == "ap_limit" and m.uses == "always")
    limit += sum(item(i).effect.amount for i in items if item(i).effect.kind == "boots")
    return limit


def ap_left(state: StawkaState, agent: AgentState) -> int:
    """AP this agent can still use now: his own limit left (less what an enemy card used
    up of it), within his network's pool.

    (`ap_limit` inlined, without max and min: the rules ask this a dozen times an action.)"""
    items = agent.items
    limit = _ap_limit(state.documents[agent.id], items) if items else _bare_limit(state.documents[agent.id])
    own = limit - agent.ap_used - agent.tired
    pool: int = state.sides[agent.side].ap
    return pool if own > pool else own if own > 0 else 0
