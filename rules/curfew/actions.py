"""The player's actions: Stawka's, and the three only this scenario asks for."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Frozen
from rules.stawka.actions import StawkaAction


class AssignColour(Frozen):
    """Przygotowanie niemieckich agentów: the player gives a German agent one of the four
    colours (an "I was here" marker on his document) for the whole game."""

    type: Literal["assign_colour"] = "assign_colour"
    agent: str
    colour: str


class SpreadEvidence(Frozen):
    """Before play the player puts `amount` of the 10 German evidence on his own `agent`."""

    type: Literal["spread_evidence"] = "spread_evidence"
    agent: str
    amount: int = Field(ge=1)


@cache
def spread_of(agent: str, amount: int) -> SpreadEvidence:
    """`amount` evidence on `agent`, made once: it is frozen, and the spread's every step
    lists all of them again."""
    return SpreadEvidence(agent=agent, amount=amount)


class Choose(Frozen):
    """Where the rules leave a tie to the player (the nearest Polish agent, the most AP
    left, a card's target): the one chosen."""

    type: Literal["choose"] = "choose"
    option: str


@cache
def choose_of(option: str) -> Choose:
    """The choice of `option`, made once: it is frozen, and a tie's every listing lists it."""
    return Choose(option=option)


CurfewAction = StawkaAction | AssignColour | SpreadEvidence | Choose

ACTION_ADAPTER: TypeAdapter[CurfewAction] = TypeAdapter(Annotated[CurfewAction, Field(discriminator="type")])
