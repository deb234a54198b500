"""The assembled board: a scenario's sector faces joined into one street graph.

How the exits of neighbouring faces meet, in any rotation, is explained in the package
docstring of `rules.stawka.content`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from rules.core.model import Frozen
from rules.stawka.content.vocabulary import TILE_SIZE, Edge, Side

if TYPE_CHECKING:
    from rules.stawka.content.scenarios import PlacedFace
    from rules.stawka.content.sectors import SectorFace


class Faces(Protocol):
    """Where a layout's faces are looked up by id: the box (`StawkaContent.face`)."""

    def face(self, face_id: str) -> SectorFace: ...


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


def assemble_board(content: Faces, layout: Iterable[PlacedFace]) -> Board:
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
