"""The options of a game of Godzina policyjna, and its seats.

One person plays the Polish network; the German agents are an automated seat the rules
play ("Założenia ogólne": the scenario is for one player).  Before the game, as in
Stawka, the player picks Kloss's document ("Agent Document"); "Przygotowanie polskich
agentów": advanced players may pick the three Polish agents besides Kloss, each of
another colour - one choice per colour, so no two share one.
"""

from __future__ import annotations

from typing import Any

from pydantic import model_validator

from rules.core import GameOptions, Seat
from rules.curfew.content import load_content, polish_choices
from rules.stawka import content as stawka_content

POLISH: Seat = "polish"
GERMAN: Seat = "german"
SEATS: tuple[Seat, Seat] = (POLISH, GERMAN)
PICKED_COLOURS = ("yellow", "purple", "blue")
"""The colours of the three Polish agents besides Kloss (black)."""


def _default_agent(colour: str) -> str:
    return next(
        a
        for a in load_content().polish_agents
        if stawka_content.load_content().documents_of(a)[0].colour == colour
    )


class CurfewOptions(GameOptions):
    """Kloss's document and the Polish agent of each colour besides Kloss (the title is one
    scenario, so ``scenario`` stays None)."""

    kloss_document: str | None = None
    yellow: str | None = None
    purple: str | None = None
    blue: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _defaults(cls, data: Any) -> Any:
        """The first Kloss document and the scenario's own agents unless chosen otherwise."""
        if not isinstance(data, dict):
            return data
        filled = dict(data)
        if not filled.get("kloss_document"):
            filled["kloss_document"] = stawka_content.load_content().documents_of("kloss")[0].id
        for colour in PICKED_COLOURS:
            if not filled.get(colour):
                filled[colour] = _default_agent(colour)
        return filled

    @model_validator(mode="after")
    def _known(self) -> CurfewOptions:
        if self.scenario is not None:
            raise ValueError("Godzina policyjna is one scenario: it has no others to choose.")
        if self.kloss_document not in {d.id for d in stawka_content.load_content().documents_of("kloss")}:
            raise ValueError(f"There is no Kloss document {self.kloss_document!r}.")
        for colour in PICKED_COLOURS:
            if getattr(self, colour) not in polish_choices(colour):
                raise ValueError(f"{getattr(self, colour)!r} is not a Polish agent of the {colour} colour.")
        return self

    def polish_agents(self) -> tuple[str, ...]:
        """Kloss, then the agent of each picked colour."""
        return ("kloss", *(str(getattr(self, colour)) for colour in PICKED_COLOURS))
