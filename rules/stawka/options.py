"""The options of a Stawka game and what one training scenario hands to the next.

Rulebook, "Training Campaign - Scenario 1: Meeting", final NOTE: after the scenario the
players keep half the evidence gathered against every enemy agent (rounded up); the
winner may leave one track unhalved (not Kloss's); all items return to the board.
Scenario 2's "Bonus for the winner" adds a kept item and the bans (Brunner compromised,
Kloss exposed).  `CampaignCarry` is that result; the next scenario starts from it when
its options hold one (`rules.stawka.setup`).

"Agent Document": "Before every game the Polish Player must choose which Hans Kloss
document will be used" - the ``kloss_document`` option, made on the setup screen (the
choice is no secret: documents lie open on the table, and the German player must be able
to see that an exposed Kloss changed his document).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from rules.core import Frozen, GameOptions, Seat
from rules.stawka.content import built_scenario, load_content
from rules.stawka.free import FreeScenario, build


class CampaignCarry(Frozen):
    """What the training campaign carries from one scenario to the next."""

    from_scenario: str
    winner: Seat | None = None
    """``None`` after a draw."""
    evidence: dict[Seat, dict[str, int]] = Field(default_factory=dict)
    """Seat -> enemy colour -> evidence that seat keeps against the agent of that colour."""
    kept_whole: str | None = None
    """The colour whose track the winner chose not to halve."""
    kept_items: dict[Seat, tuple[str, ...]] = Field(default_factory=dict)
    """Items a winner may keep for the next game (scenario 2's bonus; none after scenario 1)."""
    kept_by: dict[str, str] = Field(default_factory=dict)
    """Kept item -> the agent who held it when the game ended (he starts with it)."""
    banned_agents: tuple[str, ...] = ()
    """Agents the next game may not use (scenario 2: a compromised Brunner)."""
    banned_kloss_documents: tuple[str, ...] = ()
    """Kloss documents the next game may not use (scenario 2: an exposed Kloss)."""


class StawkaOptions(GameOptions):
    """Scenario, the chosen Kloss document and an optional campaign carry-over."""

    kloss_document: str | None = None
    """Which of the three Kloss documents to play.  Left out, it becomes the one the scenario
    sets, else the first the carry does not ban; ``None`` only when Kloss does not play."""
    carry: CampaignCarry | None = None
    """Start from a previous training scenario's result."""
    free: FreeScenario | None = None
    """The players' own scenario ("Free Scenarios"): ``scenario`` is then the id it is built
    under (`rules.stawka.free.build`)."""

    def built_scenario_name(self) -> str | None:
        """A free scenario goes by the name its players gave it."""
        return (self.free.name or None) if self.free is not None else None

    @model_validator(mode="before")
    @classmethod
    def _known_scenario_and_kloss_document(cls, data: Any) -> Any:
        """Build a free scenario; refuse an unknown scenario; give Kloss the first document
        allowed if none is chosen."""
        if not isinstance(data, dict):
            return data
        if data.get("free") is not None:
            free = FreeScenario.model_validate(data["free"])
            data = {**data, "free": free, "scenario": build(free).id}
        if not data.get("scenario"):
            return data
        stawka = {s.id for s in load_content().scenarios if s.title == "stawka"}
        if data["scenario"] not in stawka and not built_scenario(data["scenario"]):
            raise ValueError(f"Stawka has no scenario {data['scenario']!r}.")
        if data.get("kloss_document"):
            return data
        carry = data.get("carry")
        if isinstance(carry, dict):
            banned = tuple(carry.get("banned_kloss_documents", ()))
        else:
            banned = carry.banned_kloss_documents if isinstance(carry, CampaignCarry) else ()
        allowed = kloss_documents(data["scenario"], banned)
        return {**data, "kloss_document": allowed[0]} if allowed else data

    @model_validator(mode="after")
    def _kloss_document_allowed(self) -> StawkaOptions:
        """A Kloss document that exists, that the scenario does not set, that no carry bans."""
        if self.kloss_document is None:
            return self
        if self.kloss_document not in {d.id for d in load_content().documents_of("kloss")}:
            raise ValueError(f"There is no Kloss document {self.kloss_document!r}.")
        if self.carry is not None and self.kloss_document in self.carry.banned_kloss_documents:
            raise ValueError("Kloss was exposed last game: he must play another document.")
        if self.scenario is not None and self.kloss_document not in kloss_documents(self.scenario, ()):
            raise ValueError("This scenario sets which Kloss document is played.")
        return self


def kloss_documents(scenario_id: str, banned: tuple[str, ...]) -> tuple[str, ...]:
    """Agent Document: the Kloss documents the Polish player may pick from in a scenario.

    None when Kloss does not play; only the indicated one in training scenario 1 ("the
    Polish Player chooses the indicated Hans Kloss document"); never one an exposed Kloss
    used last game ("must be changed to another", scenario 2, Bonus for the winner).
    """
    content = load_content()
    scenario = content.scenario(scenario_id)
    if not any(placed.agent == "kloss" for placed in scenario.agents):
        return ()
    allowed = tuple(d.id for d in content.documents_of("kloss") if d.id not in banned)
    if scenario.kloss_document is not None:
        return tuple(d for d in allowed if d == scenario.kloss_document)
    return allowed
