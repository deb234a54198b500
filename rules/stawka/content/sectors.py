"""Sector faces: the printed sides of the sector tiles ("Sectors").

The schema of `data/sectors.toml`: each face's spaces, paths and exits, checked to form
one readable, connected street graph.  `board.py` joins faces into a scenario's board.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field, model_validator

from rules.core.model import Frozen
from rules.stawka.content.vocabulary import EDGES, EXIT_OFFSETS, TILE_SIZE, Coordinate, Edge, Side, Text


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
        check_drawing(self)
        # Every space reachable from every other inside the tile, on unrestricted paths.
        unrestricted = [(p.a, p.b) for p in self.paths if p.side is None]
        if count_components(ids, unrestricted) != 1:
            raise ValueError(f"sector {self.id}: the paths do not connect every space")
        return self


MIN_SPACING = 100
"""Closest two spaces may lie on a face (tile units), so circles and labels never touch."""


def check_drawing(face: SectorFace) -> None:
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


def count_components(nodes: Iterable[str], pairs: Iterable[tuple[str, str]]) -> int:
    parent = {n: n for n in nodes}

    def root(n: str) -> str:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for a, b in pairs:
        parent[root(a)] = root(b)
    return len({root(n) for n in parent})
