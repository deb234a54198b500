"""The checks of the whole box that pydantic's field types cannot say: cross-references
and counts.

The box must agree with itself (every location, agent, item and sector a record names
exists) and with every count the rulebook states (`check_cross_references`); a scenario's
board must be one connected street graph.  A face's own drawing is checked with the face
(`rules.stawka.content.sectors`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from rules.stawka.content.board import Faces, assemble_board
from rules.stawka.content.sectors import count_components
from rules.stawka.content.vocabulary import SIDES

if TYPE_CHECKING:
    from rules.stawka.content.agents import AgentDocument, Vehicle
    from rules.stawka.content.cards import InvestigationRange, PlanningCard
    from rules.stawka.content.items import Item
    from rules.stawka.content.location_cards import LocationCard
    from rules.stawka.content.locations import Location
    from rules.stawka.content.missions import MissionCard
    from rules.stawka.content.reactions import ReactionCard
    from rules.stawka.content.scenarios import FreeScenarioRules, Scenario
    from rules.stawka.content.sectors import SectorFace
    from rules.stawka.content.threats import ThreatToken


class Box(Faces, Protocol):
    """What the checks read of the whole box (`rules.stawka.content.box.StawkaContent` is
    one): its records and the look-ups by id.  The box runs these checks when it is made,
    so this module names only what it reads, never the box."""

    @property
    def faces(self) -> tuple[SectorFace, ...]: ...
    @property
    def locations(self) -> tuple[Location, ...]: ...
    @property
    def documents(self) -> tuple[AgentDocument, ...]: ...
    @property
    def vehicles(self) -> tuple[Vehicle, ...]: ...
    @property
    def items(self) -> tuple[Item, ...]: ...
    @property
    def planning_cards(self) -> tuple[PlanningCard, ...]: ...
    @property
    def investigation(self) -> tuple[InvestigationRange, ...]: ...
    @property
    def scenarios(self) -> tuple[Scenario, ...]: ...
    @property
    def free_scenario(self) -> FreeScenarioRules | None: ...
    @property
    def missions(self) -> tuple[MissionCard, ...]: ...
    @property
    def threats(self) -> tuple[ThreatToken, ...]: ...
    @property
    def location_cards(self) -> tuple[LocationCard, ...]: ...
    @property
    def reactions(self) -> tuple[ReactionCard, ...]: ...

    def location(self, location_id: str) -> Location: ...

    def documents_of(self, agent: str) -> tuple[AgentDocument, ...]: ...

    def items_at(self, location_id: str) -> tuple[Item, ...]: ...

    def missions_of(self, agent: str) -> tuple[MissionCard, ...]: ...


def _unique(ids: Iterable[str], what: str) -> set[str]:
    listed = list(ids)
    doubled = sorted({i for i in listed if listed.count(i) > 1})
    if doubled:
        raise ValueError(f"{what} ids appear twice: {', '.join(doubled)}")
    return set(listed)


def check_cross_references(c: Box) -> None:
    face_ids = _unique((f.id for f in c.faces), "sector face")
    location_ids = _unique((loc.id for loc in c.locations), "location")
    document_ids = _unique((d.id for d in c.documents), "agent document")
    _unique((i.id for i in c.items), "item")
    _unique((p.id for p in c.planning_cards), "planning card")
    _unique((s.id for s in c.scenarios), "scenario")
    _unique((m.id for m in c.missions), "mission card")
    _unique((t.id for t in c.threats), "threat token")
    _unique((lc.id for lc in c.location_cards), "location card")
    _unique((r.id for r in c.reactions), "reaction card")
    agents = {d.agent for d in c.documents}

    # Locations and the faces they lie on.
    for loc in c.locations:
        if loc.sector not in face_ids:
            raise ValueError(f"location {loc.id} lies in unknown sector {loc.sector}")
        if loc.id not in c.face(loc.sector).location_ids:
            raise ValueError(f"location {loc.id} is not drawn on sector {loc.sector}")
    for face in c.faces:
        for lid in face.location_ids:
            if lid not in location_ids:
                raise ValueError(f"sector {face.id} draws unknown location {lid}")
            if c.location(lid).sector != face.id:
                raise ValueError(f"sector {face.id} draws {lid}, which lies in another sector")
    street_ids = [s.id for f in c.faces for s in f.spaces if s.kind == "street"]
    _unique(street_ids, "street space")

    # Tiles: at most two faces per tile.
    tiles: dict[str, list[str]] = {}
    for face in c.faces:
        tiles.setdefault(face.tile, []).append(face.id)
    for tile, faces in tiles.items():
        if len(faces) > 2:
            raise ValueError(f"tile {tile} has more than two faces: {faces}")

    # Items.
    for item in c.items:
        if item.location not in location_ids:
            raise ValueError(f"item {item.id} lies in unknown location {item.location}")

    # Documents.
    for d in c.documents:
        if d.chief and d.colour != "black":
            raise ValueError(f"{d.id}: network chiefs are black")
        if d.function == "ss_officer" and not d.can_arrest:
            raise ValueError(f"{d.id}: SS officers can arrest (Arrest Action, point 1)")
        if d.side == "polish" and d.can_arrest:
            raise ValueError(f"{d.id}: only the German player arrests")
    for agent in agents:
        docs = c.documents_of(agent)
        if len({(d.side, d.colour, d.name.en) for d in docs}) != 1:
            raise ValueError(f"documents of {agent} disagree on name, side or colour")

    # Investigation track: five ranges covering 0..10 in order.
    expected = 0
    for r in c.investigation:
        if r.low != expected or r.high < r.low:
            raise ValueError(f"investigation range {r.id} must start at {expected}")
        expected = r.high + 1
    if expected != 11:
        raise ValueError("the investigation ranges must cover 0-10")

    # Missions, threats, cards.
    for m in c.missions:
        if m.agent not in agents:
            raise ValueError(f"mission {m.id} for unknown agent {m.agent}")
        doc = c.documents_of(m.agent)[0]
        if not doc.missions:
            raise ValueError(f"mission {m.id}: {m.agent} takes no missions")
        kinds = {m.basic.kind, m.special.kind}
        if "arrest" in kinds and doc.side != "german":
            raise ValueError(f"mission {m.id}: only German agents arrest (Arrest Action)")
        if "kidnap" in kinds and doc.side != "polish":
            raise ValueError(f"mission {m.id}: only Polish agents kidnap (Release of the Arrested)")
        for goal in (m.basic, m.special):
            if goal.location is not None and goal.location not in location_ids:
                raise ValueError(f"mission {m.id} names unknown location {goal.location}")
    for lc in c.location_cards:
        if lc.location not in location_ids:
            raise ValueError(f"location card {lc.id} for unknown location {lc.location}")

    # Scenarios.
    for s in c.scenarios:
        _check_scenario(c, s, face_ids, location_ids, agents, document_ids)

    scenario_ids = {s.id for s in c.scenarios}
    for s in c.scenarios:
        for linked in (s.starts_from, s.carry_over.next_scenario if s.carry_over else None):
            if linked is not None and linked not in scenario_ids:
                raise ValueError(f"scenario {s.id} links to unknown scenario {linked}")
    if c.free_scenario is not None and c.free_scenario.required_face not in face_ids:
        raise ValueError(f"free scenario: unknown sector {c.free_scenario.required_face}")
    _check_counts(c, agents)


def _check_scenario(
    c: Box,
    s: Scenario,
    face_ids: set[str],
    location_ids: set[str],
    agents: set[str],
    document_ids: set[str],
) -> None:
    faces = [p.face for p in s.board]
    for f in faces:
        if f not in face_ids:
            raise ValueError(f"scenario {s.id}: unknown sector {f}")
    if len({c.face(f).tile for f in faces}) != len(faces):
        raise ValueError(f"scenario {s.id}: two faces of one tile on the board")
    if len({(p.col, p.row) for p in s.board}) != len(s.board):
        raise ValueError(f"scenario {s.id}: two sectors in one grid cell")
    board = assemble_board(c, s.board)
    if count_components(board.spaces, [(a, b) for a, b, side in board.paths if side is None]) != 1:
        raise ValueError(f"scenario {s.id}: the sectors do not form one connected board")
    seen: set[str] = set()
    for a in s.agents:
        if a.agent not in agents:
            raise ValueError(f"scenario {s.id}: unknown agent {a.agent}")
        if a.agent in seen:
            raise ValueError(f"scenario {s.id}: agent {a.agent} listed twice")
        seen.add(a.agent)
        if c.documents_of(a.agent)[0].side != a.side:
            raise ValueError(f"scenario {s.id}: {a.agent} plays for the other side")
        if a.start is not None and a.start not in board.spaces:
            raise ValueError(f"scenario {s.id}: {a.agent} starts at {a.start}, not on the board")
    for side in SIDES:
        colours = [c.documents_of(a.agent)[0].colour for a in s.agents if a.side == side]
        if len(set(colours)) != len(colours):
            raise ValueError(f"scenario {s.id}: two {side} agents of one colour")
    vehicle_ids = {v.id for v in c.vehicles}
    for v in s.vehicles:
        if v.vehicle not in vehicle_ids:
            raise ValueError(f"scenario {s.id}: unknown vehicle {v.vehicle}")
        if v.start not in board.spaces:
            raise ValueError(f"scenario {s.id}: {v.vehicle} starts off the board at {v.start}")
    if s.kloss_document is not None and s.kloss_document not in document_ids:
        raise ValueError(f"scenario {s.id}: unknown Kloss document {s.kloss_document}")
    if s.placement is not None:
        for f in s.placement.forbidden_sectors:
            if f not in faces:
                raise ValueError(f"scenario {s.id}: forbidden sector {f} not on the board")
    if any(a.start is None for a in s.agents) and s.placement is None:
        raise ValueError(f"scenario {s.id}: agents without a start need placement rules")


def _check_counts(c: Box, agents: set[str]) -> None:
    """The counts the rulebook states ("Game Components" and the sections named)."""
    if len(c.faces) != 10 or len({f.tile for f in c.faces}) != 7:
        raise ValueError("the box holds 7 sector tiles, 3 double-sided: 10 faces")
    if len(c.locations) != 26:
        raise ValueError(f"the box holds 26 locations, not {len(c.locations)}")
    for loc in c.locations:
        if len(c.items_at(loc.id)) != 5:
            raise ValueError(f"location {loc.id} needs 5 item tiles (Item Tiles)")
    for side in SIDES:
        if len([p for p in c.planning_cards if p.side == side]) != 5:
            raise ValueError(f"{side}: five planning cards (Cards)")
        if len([t for t in c.threats if t.side == side]) != 18:
            raise ValueError(f"{side}: 18 threat tokens (Threat Tokens)")
        for loc in c.locations:
            cards = [lc for lc in c.location_cards if lc.side == side and lc.location == loc.id]
            if len(cards) != 1:
                raise ValueError(f"{side}: one location card for {loc.id} (Location Cards)")
    if len(c.investigation) != 5:
        raise ValueError("an investigation track has five ranges")
    if len(c.documents_of("kloss")) != 3:
        raise ValueError("Hans Kloss has three documents (Agent Document)")
    for agent in agents:
        doc = c.documents_of(agent)[0]
        wanted = 3 if doc.missions else 0
        if len(c.missions_of(agent)) != wanted:
            raise ValueError(f"{agent} needs {wanted} mission cards (Mission Cards)")
    if not c.reactions:
        raise ValueError("the reaction deck is empty")
