"""Seeded games the bot tests look at."""

from __future__ import annotations

from typing import Any

from rules.core import Dice, Title, seed_state


def bot_states(title: Title[Any, Any, Any], options: Any, seed: int, bot: Any) -> list[Any]:
    """Every state of a game in which `bot` plays every seat, from `seed`, before each move."""
    state, _ = title.start(options, seed)
    dice = Dice(seed_state(seed))
    states = []
    while title.to_act(state) is not None:
        states.append(state)
        state, _ = title.apply(state, title.bot_action(bot, state, dice))
    return states
