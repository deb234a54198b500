"""Free scenarios (rulebook, "Free Scenarios", A-L and the NOTE on location card limits).

What the players decide is a `FreeScenario`: the sectors in the order they were laid (the
police sector first, then the German's, then the Polish player's, alternately, each
touching an earlier one by an edge), four agents a side - one of each colour - the rule
level and the number of stages.  `build` turns it into a `Scenario` like the authored
ones: the location card limit by sector count, alternate placement of the figures (the
Polish player first, any space, at most one agent of each network in a sector), and the
basic victory conditions (two secrets; Kloss exposed or the SS officer compromised; three
Polish agents in jail).  A built scenario is registered under an id made from its
contents, so the same choices always give the same scenario, in a save file too.
"""

from __future__ import annotations

import hashlib
import re
from typing import Literal

from pydantic import Field, ValidationError, model_validator

from rules.core import Frozen
from rules.core.model import PlayerName
from rules.stawka.content import (
    COLOURS,
    FreeScenarioRules,
    PlacedFace,
    Placement,
    RuleLevel,
    Scenario,
    ScenarioAgent,
    Text,
    Victory,
    built_scenario,
    load_content,
    register_scenario,
)

FREE_SECTION = "Free Scenarios"
LEVELS: tuple[RuleLevel, ...] = ("basic", "extended", "advanced")


def rules() -> FreeScenarioRules:
    """The free scenarios' numbers (`data/scenarios.toml`, ``[free_scenario]``)."""
    free = load_content().free_scenario
    assert free is not None
    return free


def touches(a: PlacedFace, b: PlacedFace) -> bool:
    """Two grid cells side by side: their tiles share an edge."""
    return abs(a.col - b.col) + abs(a.row - b.row) == 1


class FreeScenario(Frozen):
    """Everything the players chose for their own scenario (A-L)."""

    name: PlayerName | Literal[""] = ""
    """What the players called it (shown in menus and save lists): printable, at most 40
    characters, or nothing."""
    faces: tuple[PlacedFace, ...]
    """The sectors in the order they were laid: the police sector, then alternately the
    German's and the Polish player's."""
    polish: tuple[str, ...]
    german: tuple[str, ...]
    level: RuleLevel = "basic"
    stages: int = Field(default=8, ge=4, le=20)

    @model_validator(mode="after")
    def _as_the_rulebook_says(self) -> FreeScenario:
        free = rules()
        content = load_content()
        count = len(self.faces)
        if not free.min_sectors <= count <= free.max_sectors:
            raise ValueError(f"A free scenario has {free.min_sectors} to {free.max_sectors} sectors.")
        if self.faces[0].face != free.required_face:
            raise ValueError("The police sector is laid first, in every game.")
        names = [f.face for f in self.faces]
        if len(set(names)) != count:
            raise ValueError("Each sector is laid once.")
        # Game Components: "On seven large tiles (including three double-sided)": a laid
        # board holds one face of a tile at most (which faces share one is ours, the data's;
        # the authored scenarios are held to the same by `content.validation`).
        tile_of = {f.id: f.tile for f in content.faces}
        tiles = [tile_of[f] for f in names if f in tile_of]
        if len(set(tiles)) != len(tiles):
            raise ValueError("The two faces of one sector tile cannot both be on the board.")
        cells = [(f.col, f.row) for f in self.faces]
        if len(set(cells)) != count:
            raise ValueError("Two sectors cannot lie on one place.")
        for index, placed in enumerate(self.faces):
            content.face(placed.face)
            if index and not any(touches(placed, earlier) for earlier in self.faces[:index]):
                raise ValueError("Each sector touches an already laid sector by an edge.")
        for side, agents in (("polish", self.polish), ("german", self.german)):
            documents = [content.documents_of(a)[0] if content.documents_of(a) else None for a in agents]
            if any(d is None or d.side != side for d in documents):
                raise ValueError(f"Only agents of the {side} network play on its side.")
            if sorted(d.colour for d in documents if d is not None) != sorted(COLOURS):
                raise ValueError("Each network has four agents, one of each colour.")
        return self

    @property
    def scenario_id(self) -> str:
        """Made from the choices: the name (as the new-game screen shows an id it has no
        message for), then a digest of everything."""
        digest = hashlib.sha1(self.model_dump_json().encode(), usedforsecurity=False).hexdigest()
        slug = re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")
        return f"free-{slug}-{digest[:6]}" if slug else f"free-{digest[:10]}"


_CHOICES: dict[str, FreeScenario] = {}
"""The choices each free scenario built this run was made from, by its id."""


def built_ids() -> tuple[str, ...]:
    """The free scenarios built this run, as the content knows them."""
    return tuple(i for i in _CHOICES if built_scenario(i))


def choices_of(scenario_id: str | None) -> FreeScenario | None:
    return _CHOICES.get(scenario_id or "")


def read(text: str | bytes) -> FreeScenario:
    """A saved free scenario (the builder's JSON), validated like the players' choices.

    Raises ``ValueError`` naming the first thing wrong and where.
    """
    try:
        return FreeScenario.model_validate_json(text)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        problem = str(first["msg"]).removeprefix("Value error, ")
        raise ValueError(f"Not a free scenario: {where + ': ' if where else ''}{problem}") from None


def card_limit(sectors: int) -> int:
    """The NOTE: 4 sectors, 2 cards; 5-6, 3; 7, 4."""
    return rules().location_card_limits[str(sectors)]


def build(free: FreeScenario) -> Scenario:
    """The scenario the choices make, registered so that a game can be started from it."""
    limits = rules()
    title = free.name or "Free scenario"
    scenario = Scenario(
        id=free.scenario_id,
        name=Text(en=title, pl=free.name or "Scenariusz swobodny"),
        section=FREE_SECTION,
        level=free.level,
        board=free.faces,
        agents=tuple(ScenarioAgent(agent=a, side="polish") for a in free.polish)
        + tuple(ScenarioAgent(agent=a, side="german") for a in free.german),
        placement=Placement(alternate=True, first="polish", locations_only=False, max_per_sector_per_side=1),
        stages=free.stages,
        location_card_limit=card_limit(len(free.faces)),
        victory=Victory(
            secrets_to_win=limits.basic_secrets_to_win,
            chief_lost_loses=True,
            three_arrests_german_win=True,
            draw_at_end=True,
        ),
        special_rules=("free_setup",),
    )
    register_scenario(scenario)
    _CHOICES[scenario.id] = free
    return scenario
