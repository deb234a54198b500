"""Item tiles in play ("Item Tiles", point 3).

An item is kept face down by the agent who found it, unless durable (*), when it lies
face up.  Only the activated agent holding it may use it; using it costs no AP unless
its text says so; a non-durable item goes out of the game after its first use.
"""

from __future__ import annotations

from functools import cache

from rules.stawka.content import Item, ItemKind, load_content
from rules.stawka.state import AgentState, StawkaState


@cache
def _items() -> dict[str, Item]:
    return {item.id: item for item in load_content().items}


def item(item_id: str) -> Item:
    return _items()[item_id]


def held_of_kind(agent: AgentState, kind: ItemKind) -> tuple[Item, ...]:
    """The agent's items whose effect is `kind`, in the order he holds them."""
    if not agent.items:  # most agents, most of the time: every lister of actions asks
        return ()
    return tuple(item(i) for i in agent.items if item(i).effect.kind == kind)


def face_up(item_id: str) -> bool:
    """Durable items lie face up; others face down (Item Tiles, 3)."""
    return item(item_id).durable


def gone_with(state: StawkaState, agent: AgentState) -> StawkaState:
    """`agent`'s items and Top Secret cards leave the game with him (an arrest, a
    liquidation).  The items he kept face down were never shown: they stay his side's
    secret (``removed_face_down``)."""
    unseen = {i: agent.side for i in agent.items if not face_up(i)}
    state = state.with_agent(state.agent(agent.id).model_copy(update={"top_secret": 0}))
    return state.model_copy(
        update={
            "removed_items": state.removed_items + agent.items,
            "removed_face_down": {**state.removed_face_down, **unseen},
        }
    )


def spend(agent: AgentState, item_ids: tuple[str, ...]) -> tuple[AgentState, tuple[str, ...]]:
    """The agent after using `item_ids`, and the non-durable ones that leave the game."""
    gone = tuple(i for i in item_ids if not item(i).durable)
    return agent.model_copy(update={"items": tuple(i for i in agent.items if i not in gone)}), gone
