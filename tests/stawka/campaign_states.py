"""Stawka states for campaign tests: games moved into their last moves (rulebook, "Training Campaign").

Dice are set by choosing the generator state (`tests.stawka.dice.rng_rolling`), never by
mocking randomness out of the rules.
"""

from __future__ import annotations

from typing import Any

from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from tests.stawka.dice import rng_rolling

HIGH_ROLLS = rng_rolling(6, 6, 6)
"""A rank die (if one is needed) and 2d6, all sixes: any conversation reaches a secret."""


def placed(state: StawkaState) -> StawkaState:
    """Every agent without a fixed start placed (the first legal placement each time)."""
    while state.phase == "placement":
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    return state


def in_activations(
    state: StawkaState,
    spaces: dict[str, str],
    turn: str,
    items: dict[str, tuple[str, ...]],
    **sides: dict[str, Any],
) -> StawkaState:
    """`state` moved into step F: agents on `spaces` holding `items`, sides updated."""
    held = {item for kept in items.values() for item in kept}
    agents = tuple(
        a.model_copy(update={"space": spaces.get(a.id, a.space), "items": items.get(a.id, a.items)})
        for a in state.agents
    )
    stacks = {location: tuple(i for i in stack if i not in held) for location, stack in state.stacks.items()}
    updated = {
        seat: side.model_copy(
            update={"ap": 8, "revealed": True, "chosen": f"{seat}-3", **sides.get(seat, {})}
        )
        for seat, side in state.sides.items()
    }
    return state.model_copy(
        update={
            "agents": agents,
            "stacks": stacks,
            "sides": updated,
            "pending": (),
            "turn": turn,
            "first": turn,
            "rng": HIGH_ROLLS,
        }
    )
