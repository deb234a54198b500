"""Scenarios: board layout, agents, placement, victory and carry-over.

The schema of `data/scenarios.toml` (training scenarios, "I Know Who You Are",
"Top Secret", "Hotel Excelsior", "Free Scenarios").
"""

from __future__ import annotations

from pydantic import Field

from rules.core.model import Frozen
from rules.stawka.content.vocabulary import RuleLevel, Side, Text


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
    offered: bool = False
    """Offered on the setup screen on its own: every rule it needs is written.  Training 3
    is reached only by continuing the campaign (its advanced rules are not written yet)."""
    title: str = "stawka"
    """The title that plays it: Stawka, or a title built on Stawka's rules that reads the
    rest of its set-up from its own data (Godzina policyjna: ``"curfew"``)."""
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
