"""The whole box: every content record, validated together, with look-ups by id."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Protocol, TypeVar

from pydantic import model_validator

from rules.core.model import Frozen
from rules.stawka.content.agents import AgentDocument, Vehicle
from rules.stawka.content.cards import ActionCosts, InvestigationRange, PlanningCard
from rules.stawka.content.items import Item
from rules.stawka.content.location_cards import LocationCard
from rules.stawka.content.locations import Location
from rules.stawka.content.missions import MissionCard
from rules.stawka.content.reactions import ReactionCard
from rules.stawka.content.scenarios import FreeScenarioRules, Scenario
from rules.stawka.content.sectors import SectorFace
from rules.stawka.content.threats import ThreatToken
from rules.stawka.content.validation import check_cross_references


class StawkaContent(Frozen):
    """All content of the box, validated together."""

    faces: tuple[SectorFace, ...]
    locations: tuple[Location, ...]
    documents: tuple[AgentDocument, ...]
    vehicles: tuple[Vehicle, ...] = ()
    items: tuple[Item, ...]
    planning_cards: tuple[PlanningCard, ...]
    investigation: tuple[InvestigationRange, ...]
    action_costs: ActionCosts
    scenarios: tuple[Scenario, ...]
    free_scenario: FreeScenarioRules | None = None
    missions: tuple[MissionCard, ...]
    threats: tuple[ThreatToken, ...]
    location_cards: tuple[LocationCard, ...]
    reactions: tuple[ReactionCard, ...]

    # -- look-ups
    @cached_property
    def _index(self) -> _Index:
        """Records by id, built once per box: look-ups run in every rule (a document's AP
        limit, a location's name).  The first of a repeated id wins, as a scan finds it
        (the cross-reference checks refuse repeated ids anyway)."""
        return _Index(
            faces=_by_ids(self.faces),
            locations=_by_ids(self.locations),
            documents=_by_ids(self.documents),
            scenarios=_by_ids(self.scenarios),
            threats=_by_ids(self.threats),
            documents_of=_grouped(self.documents),
        )

    def face(self, face_id: str) -> SectorFace:
        return _by_id(self._index.faces, face_id, "sector face")

    def location(self, location_id: str) -> Location:
        return _by_id(self._index.locations, location_id, "location")

    def document(self, document_id: str) -> AgentDocument:
        return _by_id(self._index.documents, document_id, "agent document")

    def documents_of(self, agent: str) -> tuple[AgentDocument, ...]:
        return self._index.documents_of.get(agent, ())

    def scenario(self, scenario_id: str) -> Scenario:
        """An authored scenario, or a free one built this run (`register_scenario`)."""
        if scenario_id in _BUILT:
            return _BUILT[scenario_id]
        return _by_id(self._index.scenarios, scenario_id, "scenario")

    def threat(self, token_id: str) -> ThreatToken:
        return _by_id(self._index.threats, token_id, "threat token")

    def items_at(self, location_id: str) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.location == location_id)

    def missions_of(self, agent: str) -> tuple[MissionCard, ...]:
        return tuple(m for m in self.missions if m.agent == agent)

    def range_for(self, evidence: int) -> InvestigationRange:
        """The investigation range a track value (0-10, higher counts as 10) falls in."""
        value = min(max(evidence, 0), 10)
        for r in self.investigation:
            if r.low <= value <= r.high:
                return r
        raise KeyError(evidence)

    def summary(self) -> dict[str, int]:
        return {
            "sector faces": len(self.faces),
            "locations": len(self.locations),
            "agent documents": len(self.documents),
            "agents": len({d.agent for d in self.documents}),
            "items": len(self.items),
            "planning cards": len(self.planning_cards),
            "investigation ranges": len(self.investigation),
            "scenarios": len(self.scenarios),
            "mission cards": len(self.missions),
            "threat tokens": len(self.threats),
            "location cards": len(self.location_cards),
            "reaction cards": len(self.reactions),
        }

    @model_validator(mode="after")
    def _cross_references(self) -> StawkaContent:
        check_cross_references(self)
        return self


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


_Record = TypeVar("_Record", bound=_HasId)


def _by_ids(records: tuple[_Record, ...]) -> dict[str, _Record]:
    index: dict[str, _Record] = {}
    for record in records:
        index.setdefault(record.id, record)
    return index


def _grouped(documents: tuple[AgentDocument, ...]) -> dict[str, tuple[AgentDocument, ...]]:
    """Each agent's documents, in the order of the data."""
    grouped: dict[str, list[AgentDocument]] = {}
    for document in documents:
        grouped.setdefault(document.agent, []).append(document)
    return {agent: tuple(found) for agent, found in grouped.items()}


@dataclass(frozen=True)
class _Index:
    faces: dict[str, SectorFace]
    locations: dict[str, Location]
    documents: dict[str, AgentDocument]
    scenarios: dict[str, Scenario]
    threats: dict[str, ThreatToken]
    documents_of: dict[str, tuple[AgentDocument, ...]]


_BUILT: dict[str, Scenario] = {}
"""Free scenarios built from the players' choices (`rules.stawka.free`), by their ids: made
from the choices themselves, so the same id always names the same scenario."""


def register_scenario(scenario: Scenario) -> None:
    """Make a built scenario known by its id, as the authored ones are."""
    _BUILT[scenario.id] = scenario


def built_scenario(scenario_id: str) -> bool:
    return scenario_id in _BUILT


def _by_id(index: dict[str, _Record], record_id: str, what: str) -> _Record:
    try:
        return index[record_id]
    except KeyError:
        raise KeyError(f"no {what} {record_id!r}") from None
