"""What a player can do: the actions of Agent Doppelnull (a discriminated union on `type`)."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Frozen, Seat


class ChooseStarter(Frozen):
    """Say who starts ("Playing the Game": the higher identity-card number); None draws lots."""

    type: Literal["choose_starter"] = "choose_starter"
    seat: Seat | None


class Remove(Frozen):
    """Send one of the opponent's agents to the box, blind ("Setup" 2), by row position."""

    type: Literal["remove"] = "remove"
    position: int = Field(ge=0)


class Place(Frozen):
    """Put one of your agents (by its number) on a slot of your line ("Setup" 4)."""

    type: Literal["place"] = "place"
    agent: int = Field(ge=1)
    slot: int = Field(ge=0)


class Swap(Frozen):
    """Swap a hand card with the card under an opponent's agent ("Playing the Game" 1)."""

    type: Literal["swap"] = "swap"
    card: int = Field(ge=1)
    slot: int = Field(ge=0)


class EndTurn(Frozen):
    """End a turn earned by an unmasking without a swap ("Playing the Game": the player
    *may* play their turn again)."""

    type: Literal["end_turn"] = "end_turn"


@cache
def place_of(agent: int, slot: int) -> Place:
    """The `Place` of `agent` on `slot`, made once: it is frozen, so every list of legal
    actions shares it (listing them is most of what a random playout does)."""
    return Place(agent=agent, slot=slot)


@cache
def swap_of(card: int, slot: int) -> Swap:
    """The `Swap` of `card` under `slot`, made once (as `place_of`)."""
    return Swap(card=card, slot=slot)


Action = ChooseStarter | Remove | Place | Swap | EndTurn
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Annotated[Action, Field(discriminator="type")])
