"""The printed components of Stawka większa niż życie, as validated data.

The rulebook (seed 000) describes the rules but not the printed components, so the
numbers and texts in `rules/stawka/data/` are ours, faithful to every name and number the
rulebook gives (see each file's header).  This package holds the pydantic schemas, the
loader (`load_content`) and the cross-reference checks: every location, agent, item and
sector a record names exists, and every count the rulebook states holds.

One module per purpose; the schema of each data file ``data/<name>.toml`` is in the
module of the same name:

* `vocabulary`: sides, colours, edges, tile geometry, bilingual `Text`.
* `sectors`, `locations`, `agents`, `items`, `cards`, `missions`, `threats`,
  `location_cards`, `reactions`, `scenarios`: the schemas of the data files.
* `box`: `StawkaContent`, the whole box validated together, with look-ups by id.
* `validation`: cross-reference and rulebook count checks of the whole box.
* `board`: `assemble_board`, a scenario's faces joined into one `Board`.
* `loader`: `load_content_from` a directory, and the cached `load_content`.

Everything is re-exported here: import from `rules.stawka.content`.

Board geometry (ours; the rulebook only says sector tiles are 22x22 cm squares joined by
streets, "Sectors"): each sector face is drawn in a tile-local square 0..1000 (x to the
right, y down).  Every face has exactly two exits on each of its four edges, at offsets
300 and 700 along the edge, so any two faces laid edge to edge, in any rotation, join:
the exit at offset ``o`` on one tile's east (south) edge meets the exit at the same board
offset on its neighbour's west (north) edge.  A rotation of a quarter turn clockwise maps
offset ``o`` on N to ``o`` on E, on E to ``1000 - o`` on S, and so on; the set {300, 700}
maps onto itself, which is what makes every layout connect (`assemble_board`).
Crossing from one tile to the next is one step along a path, 1 AP like any other.
"""

from __future__ import annotations

from rules.stawka.content.agents import (
    AgentDocument,
    Modifier,
    ModifierKind,
    Thresholds,
    Trait,
    Uses,
    Vehicle,
)
from rules.stawka.content.board import Board, assemble_board, rotate
from rules.stawka.content.box import StawkaContent, built_scenario, register_scenario
from rules.stawka.content.cards import ActionCosts, InvestigationRange, PlanningCard
from rules.stawka.content.items import Evidence, Item, ItemEffect, ItemKind
from rules.stawka.content.loader import DATA_DIR, load_content, load_content_from
from rules.stawka.content.location_cards import (
    NEEDS_AGENT,
    Destination,
    Effect,
    EffectKind,
    LocationCard,
    Target,
)
from rules.stawka.content.locations import DocumentCheck, Location
from rules.stawka.content.missions import Goal, GoalKind, MissionCard
from rules.stawka.content.reactions import (
    REACTION_COLOURS,
    ReactionCard,
    ReactionColour,
    ReactionEffect,
    ReactionHalf,
)
from rules.stawka.content.scenarios import (
    CarryOver,
    FreeScenarioRules,
    PlacedFace,
    Placement,
    Scenario,
    ScenarioAgent,
    ScenarioVehicle,
    Victory,
)
from rules.stawka.content.sectors import MIN_SPACING, Exit, PathSegment, SectorFace, Space
from rules.stawka.content.threats import ThreatKind, ThreatToken
from rules.stawka.content.vocabulary import (
    COLOURS,
    EDGES,
    EXIT_OFFSETS,
    SIDES,
    TILE_SIZE,
    Colour,
    Coordinate,
    Edge,
    MilitaryFunction,
    RuleLevel,
    Side,
    Text,
)

__all__ = [
    "COLOURS",
    "DATA_DIR",
    "EDGES",
    "EXIT_OFFSETS",
    "MIN_SPACING",
    "NEEDS_AGENT",
    "REACTION_COLOURS",
    "SIDES",
    "TILE_SIZE",
    "ActionCosts",
    "AgentDocument",
    "Board",
    "CarryOver",
    "Colour",
    "Coordinate",
    "Destination",
    "DocumentCheck",
    "Edge",
    "Effect",
    "EffectKind",
    "Evidence",
    "Exit",
    "FreeScenarioRules",
    "Goal",
    "GoalKind",
    "InvestigationRange",
    "Item",
    "ItemEffect",
    "ItemKind",
    "Location",
    "LocationCard",
    "MilitaryFunction",
    "MissionCard",
    "Modifier",
    "ModifierKind",
    "PathSegment",
    "PlacedFace",
    "Placement",
    "PlanningCard",
    "ReactionCard",
    "ReactionColour",
    "ReactionEffect",
    "ReactionHalf",
    "RuleLevel",
    "Scenario",
    "ScenarioAgent",
    "ScenarioVehicle",
    "SectorFace",
    "Side",
    "Space",
    "StawkaContent",
    "Target",
    "Text",
    "ThreatKind",
    "ThreatToken",
    "Thresholds",
    "Trait",
    "Uses",
    "Vehicle",
    "Victory",
    "assemble_board",
    "built_scenario",
    "load_content",
    "load_content_from",
    "register_scenario",
    "rotate",
]
