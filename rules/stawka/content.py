"""The printed components of Stawka większa niż życie, as validated data.

The rulebook (seed 000) describes the rules but not the printed components, so the
numbers and texts in `rules/stawka/data/` are ours, faithful to every name and number the
rulebook gives (see each file's header).  This module holds the pydantic schemas, the
loader (`load_content`) and the cross-reference checks: every location, agent, item and
sector a record names exists, and every count the rulebook states holds.

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

import tomllib
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Annotated, Literal, Protocol, TypeVar

from pydantic import Field, ValidationError, model_validator

from rules.core.model import Frozen

DATA_DIR = Path(__file__).with_name("data")

Side = Literal["polish", "german"]
Colour = Literal["yellow", "purple", "blue", "black"]
COLOURS: tuple[Colour, ...] = ("yellow", "purple", "blue", "black")
SIDES: tuple[Side, ...] = ("polish", "german")
Edge = Literal["N", "E", "S", "W"]
EDGES: tuple[Edge, ...] = ("N", "E", "S", "W")
EXIT_OFFSETS: tuple[int, ...] = (300, 700)
TILE_SIZE = 1000
MilitaryFunction = Literal["private", "officer", "ss_officer", "civilian"]
RuleLevel = Literal["basic", "extended", "advanced"]

Coordinate = Annotated[int, Field(ge=0, le=TILE_SIZE)]


class Text(Frozen):
    """A text in both languages of the app."""

    en: str = Field(min_length=1)
    pl: str = Field(min_length=1)


# -- the board ---------------------------------------------------------------------------


class Space(Frozen):
    """A street space (empty circle) or a location (X) on a sector face ("Sectors").

    Street spaces are named ``<face>.<n>``; a location space carries the location's id.
    """

    id: str = Field(min_length=1)
    kind: Literal["street", "location"]
    x: Coordinate
    y: Coordinate


class PathSegment(Frozen):
    """A stretch of street between two neighbouring spaces (one step, 1 AP: "Movement").

    ``side`` restricts it to one network: the police sector's blue broken path through the
    building (German only) and the city sector's red broken path (Polish only), "Sectors".
    Written in the data as ``"a b"`` or ``"a b german"``.
    """

    a: str
    b: str
    side: Side | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value: object) -> object:
        if isinstance(value, str):
            words = value.split()
            if len(words) not in (2, 3):
                raise ValueError(f"a path is 'a b' or 'a b side', not {value!r}")
            return {"a": words[0], "b": words[1], "side": words[2] if len(words) == 3 else None}
        return value


class Exit(Frozen):
    """Where a street leaves the tile: the edge, the offset along it, the space it leaves from."""

    edge: Edge
    offset: Literal[300, 700]
    space: str


class SectorFace(Frozen):
    """One printed side of a sector tile: its spaces, paths and exits."""

    id: str
    name: Text
    tile: str
    """Seven tiles, three printed on both sides: faces sharing a tile never meet in one game."""
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    """The coloured name plate at the bottom of the tile (ours)."""
    spaces: tuple[Space, ...]
    paths: tuple[PathSegment, ...]
    exits: tuple[Exit, ...]

    def space(self, space_id: str) -> Space:
        for space in self.spaces:
            if space.id == space_id:
                return space
        raise KeyError(space_id)

    @property
    def location_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces if s.kind == "location")

    @model_validator(mode="after")
    def _check_graph(self) -> SectorFace:
        ids = [s.id for s in self.spaces]
        if len(set(ids)) != len(ids):
            raise ValueError(f"sector {self.id}: a space id appears twice")
        known = set(ids)
        for s in self.spaces:
            if s.kind == "street" and not s.id.startswith(f"{self.id}."):
                raise ValueError(f"sector {self.id}: street space {s.id} must be named {self.id}.<n>")
        seen: set[frozenset[str]] = set()
        for p in self.paths:
            for end in (p.a, p.b):
                if end not in known:
                    raise ValueError(f"sector {self.id}: path to unknown space {end}")
            pair = frozenset((p.a, p.b))
            if len(pair) != 2 or pair in seen:
                raise ValueError(f"sector {self.id}: path {p.a}-{p.b} is a loop or doubled")
            seen.add(pair)
        slots = sorted((e.edge, e.offset) for e in self.exits)
        if slots != sorted((edge, off) for edge in EDGES for off in EXIT_OFFSETS):
            raise ValueError(f"sector {self.id}: needs one exit at 300 and 700 on each edge")
        for e in self.exits:
            if e.space not in known or self.space(e.space).kind != "street":
                raise ValueError(f"sector {self.id}: exit from {e.space}, not a street space")
        _check_drawing(self)
        # Every space reachable from every other inside the tile, on unrestricted paths.
        unrestricted = [(p.a, p.b) for p in self.paths if p.side is None]
        if _components(ids, unrestricted) != 1:
            raise ValueError(f"sector {self.id}: the paths do not connect every space")
        return self


MIN_SPACING = 100
"""Closest two spaces may lie on a face (tile units), so circles and labels never touch."""


def _check_drawing(face: SectorFace) -> None:
    """A readable tile: spaces apart, and no two streets (or exit stubs) crossing."""
    for i, s in enumerate(face.spaces):
        for t in face.spaces[i + 1 :]:
            if (s.x - t.x) ** 2 + (s.y - t.y) ** 2 < MIN_SPACING**2:
                raise ValueError(f"sector {face.id}: spaces {s.id} and {t.id} overlap")
    where = {s.id: (s.x, s.y) for s in face.spaces}
    segments = [(p.a, p.b, where[p.a], where[p.b]) for p in face.paths]
    for e in face.exits:
        edge_point = {
            "N": (e.offset, 0),
            "E": (TILE_SIZE, e.offset),
            "S": (e.offset, TILE_SIZE),
            "W": (0, e.offset),
        }[e.edge]
        segments.append((e.space, f"{e.edge}{e.offset}", where[e.space], edge_point))
    for i, (a1, b1, p1, q1) in enumerate(segments):
        for a2, b2, p2, q2 in segments[i + 1 :]:
            if {a1, b1} & {a2, b2}:
                continue
            if _segments_cross(p1, q1, p2, q2):
                raise ValueError(f"sector {face.id}: path {a1}-{b1} crosses {a2}-{b2}")


def _segments_cross(
    p1: tuple[int, int], q1: tuple[int, int], p2: tuple[int, int], q2: tuple[int, int]
) -> bool:
    def turn(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> int:
        value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (value > 0) - (value < 0)

    return (
        turn(p1, q1, p2) * turn(p1, q1, q2) <= 0
        and turn(p2, q2, p1) * turn(p2, q2, q1) <= 0
        and not (turn(p1, q1, p2) == turn(p1, q1, q2) == 0)
    )


def _components(nodes: Iterable[str], pairs: Iterable[tuple[str, str]]) -> int:
    parent = {n: n for n in nodes}

    def root(n: str) -> str:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for a, b in pairs:
        parent[root(a)] = root(b)
    return len({root(n) for n in parent})


class DocumentCheck(Frozen):
    """A permanent document check, as the fort's ("Sectors": military sector).

    It works like the threat token document check: 2d6 minus ``difficulty`` must be
    higher than the agent's alertness to enter.  Network chiefs (Kloss, the black SS
    officers) pass freely.
    """

    difficulty: int = Field(ge=0, le=3)
    chiefs_exempt: bool = True


class Location(Frozen):
    """A location (X) of a sector; 5 item tiles lie on it ("Item Tiles")."""

    id: str
    name: Text
    sector: str
    telephone: bool
    """Telephone symbol ("Sectors", point 2)."""
    document_check: DocumentCheck | None = None


# -- agents ------------------------------------------------------------------------------


ModifierKind = Literal[
    "conversation_roll",
    "rank_roll",
    "rank",
    "defence",
    "alertness_test",
    "ap_limit",
    "arrest_roll",
    "search_twice",
    "stops_enemies",
    "ignores_document_check",
    "threat_discard",
    "evidence_on_conversation",
    "secret_threshold",
    "interrogation_roll",
    "interrogation_resist",
    "assassination_roll",
]
"""What a trait or item changes; the rules engine gives each kind its meaning:

* ``conversation_roll``: ``amount`` added to this agent's conversation effectiveness roll
  (2d6, "Conversation" point 3) when it initiates (``initiator_only``) or in any of its
  conversations.
* ``rank_roll``: ``amount`` added to the die this agent rolls to start a conversation
  with a higher-ranked enemy ("Conversation" point 2).
* ``rank``: ``amount`` added to this agent's rank for the rank comparison.
* ``defence``: ``amount`` added to the defence against assassination/kidnapping.
* ``alertness_test``: ``amount`` added to 2d6 in this agent's alertness tests (discarding
  a threat token, document checks) - positive helps, since those must exceed alertness.
* ``ap_limit``: ``amount`` added to the agent's AP limit each stage.
* ``arrest_roll``: ``amount`` added to the 2d6 this agent rolls against being arrested
  or kidnapped (a higher total escapes).
* ``search_twice``: may draw ``amount`` extra item tile(s) per search, keeping one.
* ``stops_enemies``: an enemy agent entering this agent's space must end its movement
  there ("Movement", point 2 names Marta Becher's trait).
* ``ignores_document_check``: passes document checks without a roll.
* ``threat_discard``: discarding an enemy threat token costs ``amount`` AP instead of 1.
* ``evidence_on_conversation``: ``amount`` extra evidence on a single or double success.
* ``secret_threshold``: ``amount`` added to the enemy's thresholds against this agent.
* ``interrogation_roll``: ``amount`` added to this agent's interrogation rolls.
* ``interrogation_resist``: ``amount`` subtracted from interrogation rolls against it.
* ``assassination_roll``: ``amount`` added to this agent's assassination and combat rolls.
"""

Uses = Literal["always", "once_per_stage", "once_per_game", "single_use"]


class Modifier(Frozen):
    """A machine-readable piece of a trait or item effect."""

    kind: ModifierKind
    amount: int = 0
    uses: Uses = "always"
    initiator_only: bool = False
    """Only when this agent initiates (the conversation, the test)."""


class Trait(Frozen):
    """An agent's special trait ("Agent Document"); it overrides the general rules."""

    id: str
    text: Text
    modifiers: tuple[Modifier, ...] = ()


class Thresholds(Frozen):
    """Conversation success thresholds, printed on the document and the figure.

    A conversation effectiveness total (2d6 + modifiers) at or above ``single`` is a single
    success, at or above ``double`` a double, at or above ``secret`` a secret - the last
    only against an agent with at least 3 evidence ("Investigation Track", 3-5 located).
    The rulebook names single, double and secret; the third threshold is our reading of
    "Success in CONVERSATION" and of the example where 11 extracts Ingrid's secret.
    """

    single: int = Field(ge=2, le=14)
    double: int = Field(ge=3, le=15)
    secret: int = Field(ge=4, le=16)

    @model_validator(mode="after")
    def _ordered(self) -> Thresholds:
        if not self.single < self.double < self.secret:
            raise ValueError("thresholds must rise: single < double < secret")
        return self


class AgentDocument(Frozen):
    """One agent document ("Agent Document").  Kloss has three (``agent`` = ``"kloss"``)."""

    id: str
    agent: str
    """The figure it belongs to; equal to ``id`` except for Kloss's documents."""
    name: Text
    side: Side
    colour: Colour
    rank: int = Field(ge=1, le=9)
    function: MilitaryFunction
    ap_limit: int = Field(ge=1, le=9)
    defence: int = Field(ge=2, le=12)
    alertness: int = Field(ge=4, le=9)
    thresholds: Thresholds
    trait: Trait
    chief: bool
    """Network chief: Kloss, the black SS officers ("Figure", NOTE)."""
    missions: bool
    """Has mission cards (all but Kloss, Brunner, Stedtke: "Mission Cards", point 1)."""
    missions_only_from_items_or_hideouts: bool = False
    """Fritz Kopf, the only black SS officer with missions ("Mission Cards", point 5)."""
    can_arrest: bool
    """SS officers ("Arrest Action", point 1); others only by a mission card."""


class Vehicle(Frozen):
    """The Black Audi of "Top Secret": AP limit 5, defence 6, alertness 7."""

    id: str
    name: Text
    side: Side
    ap_limit: int
    defence: int
    alertness: int


# -- items -------------------------------------------------------------------------------


class Evidence(Frozen):
    """Evidence an item gives when discarded against the enemy agent of ``colour``."""

    colour: Colour
    value: int = Field(ge=1, le=3)


ItemKind = Literal[
    "plain",
    "conversation",
    "weapon",
    "first_aid_kit",
    "boots",
    "city_map",
    "mission",
    "stamp",
    "document",
    "casket",
    "valuable",
    "room_217_key",
    "papers",
    "camera",
    "bribe",
]
"""What an item does ("Item Tiles"); the numbers are in `ItemEffect`:

* ``plain``: only evidence.
* ``conversation``: +``amount`` to a conversation effectiveness roll (flowers +2).
* ``weapon``: an assassination/kidnapping weapon, +``amount`` to the roll, reaching
  ``reach`` spaces (0 = same space; grenade, dynamite, rifle reach further:
  "Assassination Action", point 1); always single-use.
* ``first_aid_kit``: +``amount`` to defence against one assassination.
* ``boots``: +``amount`` to the holder's AP limit each stage (officer's boots).
* ``city_map``: move to any location of the sector the agent is in; the move is movement.
* ``mission``: draw a random mission card for the holder (typewriter).
* ``stamp`` / ``document``: holding both makes a Top Secret card.
* ``casket``: a chest with documents: gives a Top Secret card instead of an item.
* ``valuable``: a valuable (German goal in "Hotel Excelsior").
* ``room_217_key``: the key to room 217 ("Hotel Excelsior").
* ``papers``: +``amount`` to a document check or threat-discard test (forged papers).
* ``camera``: +``amount`` evidence on the holder's next single or double success.
* ``bribe``: remove ``amount`` evidence against the holder from the enemy's track.
"""


class ItemEffect(Frozen):
    kind: ItemKind
    amount: int = 0
    reach: int = Field(default=0, ge=0, le=3)


class Item(Frozen):
    """An item tile ("Item Tiles"): 5 per location, 130 in all."""

    id: str
    location: str
    name: Text
    text: Text
    evidence: tuple[Evidence, ...] = Field(min_length=1)
    durable: bool
    """The * symbol: used many times; without it the item goes after one use."""
    effect: ItemEffect

    @model_validator(mode="after")
    def _weapons_single_use(self) -> Item:
        if self.effect.kind == "weapon" and self.durable:
            raise ValueError(f"item {self.id}: weapons are single-use (Assassination, point 3)")
        return self


# -- cards, tracks ------------------------------------------------------------------------


class PlanningCard(Frozen):
    """A planning card ("Planning Card"): priority (lower first), AP pool, reaction draw."""

    id: str
    side: Side
    priority: int = Field(ge=1, le=9)
    ap: int = Field(ge=1, le=20)
    reaction_cards: int = Field(ge=0, le=3)


class InvestigationRange(Frozen):
    """One of the five ranges of an investigation track ("Investigation Track", point 4)."""

    id: str
    low: int = Field(ge=0, le=10)
    high: int = Field(ge=0, le=10)
    name: Text
    conversation_bonus: int
    """Added to conversation effectiveness rolls against the agent."""
    secrets: bool
    """A conversation may extract a secret (at least 3 evidence)."""
    arrest: bool
    """Arrest and kidnapping allowed (at least 6 evidence)."""
    chief_lost: bool
    """Kloss exposed / the German chief compromised (our reading: the track at 10)."""


class ActionCosts(Frozen):
    """The AP costs list ("Activating an Agent", point 3) and the scenario actions.

    Erratum: the arrest text says 1 AP, the cost list 2 AP "for arrest or kidnapping";
    we take the list's 2 AP (kidnapping is "analogous to an attempted arrest" and costs
    2 in the same line, and the list is the reference players consult).
    """

    move: int = Field(ge=1)
    search: int = Field(ge=1)
    conversation: int = Field(ge=1)
    arrest: int = Field(ge=1)
    kidnap: int = Field(ge=1)
    mission: int = Field(ge=1)
    discard_threat: int = Field(ge=1)
    assassination: int = Field(ge=1)
    transmit_report: int = Field(ge=1)
    """"I Know Who You Are": transmitting the report."""


# -- extended and advanced content ---------------------------------------------------------


GoalKind = Literal[
    "visit_location",
    "search_location",
    "meet_own_agent",
    "converse",
    "secret",
    "assassinate",
    "arrest",
    "kidnap",
    "evidence",
    "hold_item",
    "discard_threat",
]
"""What a mission goal asks of its agent:

* ``visit_location``: end an activation in ``location``.
* ``search_location``: perform a search in ``location``.
* ``meet_own_agent``: share a space with the own agent of ``colour`` in ``location``
  (or anywhere if none).
* ``converse``: a successful conversation (at least single) with an enemy agent of
  ``colour`` (any if none).
* ``secret``: extract a secret from an enemy agent (of ``colour`` if given).
* ``assassinate``: liquidate an enemy agent (of ``colour`` if given); the mission is
  what allows an assassination ("Assassination Action", point 1).
* ``arrest``: arrest a Polish agent (of ``colour`` if given): lets a non-SS German arrest
  ("Arrest Action", point 2).
* ``kidnap``: kidnap a German agent for exchange.
* ``evidence``: reach ``count`` evidence against the enemy agent of ``colour``.
* ``hold_item``: hold ``count`` items at once.
* ``discard_threat``: discard ``count`` enemy threat tokens.
"""


class Goal(Frozen):
    kind: GoalKind
    text: Text
    location: str | None = None
    colour: Colour | None = None
    count: int = Field(default=1, ge=1, le=10)


class MissionCard(Frozen):
    """A mission card ("Mission Cards"): 3 per agent that has them; basic + special."""

    id: str
    agent: str
    basic: Goal
    special: Goal
    special_secret: bool = True
    """Completing the special mission also yields a secret ("Mission Cards": missions
    give an alternative way of obtaining secrets)."""


ThreatKind = Literal[
    "alarm",
    "document_check",
    "cauldron",
    "suspect",
    "thief",
    "confusion",
    "dangerous_terrain",
    "support",
]


class ThreatToken(Frozen):
    """A threat token ("Threat Tokens"): 18 per side; ``amount`` is its number.

    The effects, as the cheat sheet says them, are in ``text``; the numbers the rules
    engine needs are ``amount`` (document check difficulty, support modifier, AP lost...).
    """

    id: str
    side: Side
    kind: ThreatKind
    amount: int = 0
    text: Text


LocationActionKind = Literal[
    "evidence",
    "conversation",
    "search",
    "move",
    "release",
    "arrest",
    "ap",
    "vp",
    "threat",
    "remove_evidence",
    "reaction_cards",
    "telephone",
    "hotel_finale",
]


class LocationCard(Frozen):
    """A location card ("Location Cards"): 26 per side, one per location.

    Every card converts to 2 AP (once per stage) and shows a hideout (take a random
    mission card instead of the action); ``action`` is the special action.
    """

    id: str
    side: Side
    location: str
    text: Text
    action: LocationActionKind
    amount: int = 0
    converts_to_ap: int = 2
    hideout: bool = True


ReactionColour = Literal["red", "purple", "yellow"]
"""red: answers movement, purple: a search, yellow: a conversation ("Reaction Cards")."""


ReactionEffect = Literal[
    "stop",
    "lose_ap",
    "place_threat",
    "move_own",
    "evidence",
    "cancel_search",
    "take_item",
    "cancel_conversation",
    "roll_modifier",
    "reciprocity",
    "remove_evidence",
]
"""What a reaction card half does to the enemy's action it answers:

* ``stop``: the moving agent ends his movement where he is.
* ``lose_ap``: the enemy loses ``amount`` AP from his pool.
* ``place_threat``: put one own threat token (drawn by the opponent) next to the mover.
* ``move_own``: move one own agent up to ``amount`` spaces, free.
* ``evidence``: +``amount`` evidence against the acting enemy agent.
* ``cancel_search``: the search finds nothing; AP spent, no marker.
* ``take_item``: the item found goes back under its stack.
* ``cancel_conversation``: the conversation does not happen; AP spent.
* ``roll_modifier``: -``amount`` to the enemy's conversation roll.
* ``reciprocity``: the reciprocity rule ("Conversation", example 3 continued): after the
  enemy's roll, the player rolls a conversation for his own agent against the initiator.
* ``remove_evidence``: remove ``amount`` evidence against the own agent in the conversation.
"""

REACTION_COLOURS: dict[str, tuple[ReactionEffect, ...]] = {
    "red": ("stop", "lose_ap", "place_threat", "move_own", "evidence"),
    "purple": ("cancel_search", "take_item", "evidence", "lose_ap"),
    "yellow": ("cancel_conversation", "roll_modifier", "reciprocity", "remove_evidence"),
}
"""Which effects answer which kind of action: a half must fit its card's colour."""


class ReactionHalf(Frozen):
    text: Text
    effect: ReactionEffect
    amount: int = Field(default=0, ge=0, le=3)


class ReactionCard(Frozen):
    """A reaction card of the shared deck: a Polish half and a German half."""

    id: str
    colour: ReactionColour
    block: bool
    polish: ReactionHalf
    german: ReactionHalf

    @model_validator(mode="after")
    def _halves_fit_colour(self) -> ReactionCard:
        for half in (self.polish, self.german):
            if half.effect not in REACTION_COLOURS[self.colour]:
                raise ValueError(f"reaction {self.id}: {half.effect} does not answer a {self.colour} action")
        return self


# -- scenarios -----------------------------------------------------------------------------


class PlacedFace(Frozen):
    """A sector face at a grid cell of the board, turned ``rotation`` quarter turns clockwise."""

    face: str
    col: int = Field(ge=0, le=6)
    row: int = Field(ge=0, le=6)
    rotation: int = Field(default=0, ge=0, le=3)


class ScenarioAgent(Frozen):
    """An agent of a scenario; ``start`` is a location or space, or None if placed in play."""

    agent: str
    side: Side
    start: str | None = None


class ScenarioVehicle(Frozen):
    """A vehicle of a scenario (the Black Audi of "Top Secret") and where it starts."""

    vehicle: str
    start: str


class Placement(Frozen):
    """How agents without a fixed start are placed (training 2 and 3, free scenario)."""

    alternate: bool = True
    first: Side = "german"
    """Who places the first agent (not necessarily his own)."""
    locations_only: bool = True
    forbidden_sectors: tuple[str, ...] = ()
    max_per_sector_per_side: int | None = None


class Victory(Frozen):
    """Victory parameters; the scenario-specific rules are in ``Scenario.special_rules``."""

    secrets_to_win: int | None = None
    vp_to_win: int | None = None
    vp_basic_mission: int = 0
    vp_special_mission: int = 0
    vp_per_secret: int = 0
    vp_per_evidence_over_10: int = 0
    finale_vp: int | None = None
    """VP that open the scenario's finale ("Hotel Excelsior": 15 VP to search the hotel)."""
    chief_lost_loses: bool = False
    """Kloss exposed / the named German chief compromised ends the game."""
    three_arrests_german_win: bool = False
    draw_at_end: bool = True
    """At the stage limit without a winner: a draw (else: more VP wins, equal VP draws)."""


class CarryOver(Frozen):
    """What passes to the next scenario of the training campaign."""

    next_scenario: str
    halve_evidence: bool = True
    """Keep half the evidence against every enemy agent, rounded up."""
    winner_keeps_track: bool = True
    """The winner may leave one track unhalved (not Kloss's in scenario 1)."""
    kloss_track_keepable: bool = False
    winner_keeps_items: int = 0
    items_return: bool = True


class Scenario(Frozen):
    id: str
    name: Text
    section: str
    """The rulebook section the scenario comes from."""
    level: RuleLevel
    board: tuple[PlacedFace, ...] = Field(min_length=1)
    agents: tuple[ScenarioAgent, ...] = ()
    vehicles: tuple[ScenarioVehicle, ...] = ()
    kloss_document: str | None = None
    """The Kloss document the scenario sets; None: the Polish player picks one."""
    placement: Placement | None = None
    stages: int | None = Field(default=None, ge=1, le=20)
    """None: until victory."""
    location_card_limit: int = 0
    victory: Victory
    carry_over: CarryOver | None = None
    starts_from: str | None = None
    """A scenario whose carry-over this one may start from."""
    special_rules: tuple[str, ...] = ()
    """Scenario rules the engine implements by id: ``radio_station``, ``room_217``,
    ``black_audi``, ``pulkowski``, ``factory_security``, ``free_setup``."""
    notes: Text | None = None


class FreeScenarioRules(Frozen):
    """ "Free Scenarios": what a players' own scenario may choose."""

    min_sectors: int
    max_sectors: int
    required_face: str
    location_card_limits: dict[str, int]
    """Sector count -> location card limit (4: 2, 5-6: 3, 7: 4)."""
    basic_stages: int
    basic_secrets_to_win: int


# -- the whole box -------------------------------------------------------------------------


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
    def face(self, face_id: str) -> SectorFace:
        return _by_id(self.faces, face_id, "sector face")

    def location(self, location_id: str) -> Location:
        return _by_id(self.locations, location_id, "location")

    def document(self, document_id: str) -> AgentDocument:
        return _by_id(self.documents, document_id, "agent document")

    def documents_of(self, agent: str) -> tuple[AgentDocument, ...]:
        return tuple(d for d in self.documents if d.agent == agent)

    def scenario(self, scenario_id: str) -> Scenario:
        return _by_id(self.scenarios, scenario_id, "scenario")

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
        _check_cross_references(self)
        return self


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


_Record = TypeVar("_Record", bound=_HasId)


def _by_id(records: tuple[_Record, ...], record_id: str, what: str) -> _Record:
    for record in records:
        if record.id == record_id:
            return record
    raise KeyError(f"no {what} {record_id!r}")


def _unique(ids: Iterable[str], what: str) -> set[str]:
    listed = list(ids)
    doubled = sorted({i for i in listed if listed.count(i) > 1})
    if doubled:
        raise ValueError(f"{what} ids appear twice: {', '.join(doubled)}")
    return set(listed)


def _check_cross_references(c: StawkaContent) -> None:
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
    c: StawkaContent,
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
    if _components(board.spaces, [(a, b) for a, b, side in board.paths if side is None]) != 1:
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


def _check_counts(c: StawkaContent, agents: set[str]) -> None:
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


# -- the assembled board -------------------------------------------------------------------


class Board(Frozen):
    """The spaces and paths of a scenario's board, with board-wide coordinates.

    ``paths`` are ``(a, b, side)``; the paths joining neighbouring tiles are included.
    ``position`` gives each space's drawing point on the board, in tile units of 1000.
    """

    spaces: tuple[str, ...]
    paths: tuple[tuple[str, str, Side | None], ...]
    position: dict[str, tuple[int, int]]
    sector_of: dict[str, str]


def rotate(x: int, y: int, rotation: int) -> tuple[int, int]:
    """Tile-local coordinates after ``rotation`` quarter turns clockwise."""
    for _ in range(rotation % 4):
        x, y = TILE_SIZE - y, x
    return x, y


def _exit_slot(edge: Edge, offset: int, rotation: int) -> tuple[Edge, int]:
    """Where an exit ends up after rotating its tile."""
    x, y = {
        "N": (offset, 0),
        "E": (TILE_SIZE, offset),
        "S": (offset, TILE_SIZE),
        "W": (0, offset),
    }[edge]
    x, y = rotate(x, y, rotation)
    if y == 0:
        return "N", x
    if x == TILE_SIZE:
        return "E", y
    if y == TILE_SIZE:
        return "S", x
    return "W", y


def assemble_board(content: StawkaContent, layout: Iterable[PlacedFace]) -> Board:
    """Join the faces of a layout: exits meeting across a shared edge become a path."""
    placed = list(layout)
    spaces: list[str] = []
    paths: list[tuple[str, str, Side | None]] = []
    position: dict[str, tuple[int, int]] = {}
    sector_of: dict[str, str] = {}
    slots: dict[tuple[int, int, Edge, int], str] = {}
    for p in placed:
        face = content.face(p.face)
        for s in face.spaces:
            x, y = rotate(s.x, s.y, p.rotation)
            spaces.append(s.id)
            position[s.id] = (p.col * TILE_SIZE + x, p.row * TILE_SIZE + y)
            sector_of[s.id] = face.id
        paths.extend((seg.a, seg.b, seg.side) for seg in face.paths)
        for e in face.exits:
            edge, offset = _exit_slot(e.edge, e.offset, p.rotation)
            slots[(p.col, p.row, edge, offset)] = e.space
    for (col, row, edge, offset), space in slots.items():
        if edge == "E" and (col + 1, row, "W", offset) in slots:
            paths.append((space, slots[(col + 1, row, "W", offset)], None))
        if edge == "S" and (col, row + 1, "N", offset) in slots:
            paths.append((space, slots[(col, row + 1, "N", offset)], None))
    return Board(spaces=tuple(spaces), paths=tuple(paths), position=position, sector_of=sector_of)


# -- loading -------------------------------------------------------------------------------

_FILES: dict[str, tuple[str, ...]] = {
    "sectors.toml": ("faces",),
    "locations.toml": ("locations",),
    "agents.toml": ("documents", "vehicles"),
    "items.toml": ("items",),
    "cards.toml": ("planning_cards", "investigation", "action_costs"),
    "scenarios.toml": ("scenarios", "free_scenario"),
    "missions.toml": ("missions",),
    "threats.toml": ("threats",),
    "location_cards.toml": ("location_cards",),
    "reactions.toml": ("reactions",),
}


def load_content_from(directory: Path) -> StawkaContent:
    """Read and validate every data file in ``directory``.

    Raises ``ValueError`` naming the file and what is wrong in it.
    """
    merged: dict[str, object] = {}
    for name, keys in _FILES.items():
        path = directory / name
        if not path.exists():
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise ValueError(f"{path.name}: not valid TOML: {error}") from error
        unknown = set(data) - set(keys)
        if unknown:
            raise ValueError(f"{path.name}: unknown tables {sorted(unknown)}")
        for key in keys:
            if key in data:
                merged[key] = data[key]
    try:
        return StawkaContent.model_validate(merged)
    except ValidationError as error:
        raise ValueError(f"Stawka content in {directory} is invalid:\n{error}") from error


@cache
def load_content() -> StawkaContent:
    """The validated content shipped with the app (cached: it never changes at run time)."""
    return load_content_from(DATA_DIR)


__all__ = [
    "COLOURS",
    "EDGES",
    "SIDES",
    "ActionCosts",
    "AgentDocument",
    "Board",
    "CarryOver",
    "Colour",
    "DocumentCheck",
    "Evidence",
    "Exit",
    "FreeScenarioRules",
    "Goal",
    "InvestigationRange",
    "Item",
    "ItemEffect",
    "Location",
    "LocationCard",
    "MissionCard",
    "Modifier",
    "PathSegment",
    "PlacedFace",
    "Placement",
    "PlanningCard",
    "ReactionCard",
    "ReactionHalf",
    "Scenario",
    "ScenarioAgent",
    "ScenarioVehicle",
    "SectorFace",
    "Side",
    "Space",
    "StawkaContent",
    "Text",
    "ThreatToken",
    "Thresholds",
    "Trait",
    "Vehicle",
    "Victory",
    "assemble_board",
    "load_content",
    "load_content_from",
    "rotate",
]
