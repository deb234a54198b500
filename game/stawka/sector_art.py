"""The city under the streets: each sector face drawn with its own character.

The rulebook's tiles show streets (red lines), street spaces and locations on a printed
city; our content gives only the graph.  This module derives a map from it: the ground
between the streets is cut into 50-unit cells, the cells far enough from every street,
space and location card are free, and each face fills its free cells in its own way
(houses round a square, courtyard blocks, rails, a harbour basin, factory sheds, a
runway...) in its own palette.  Everything is seeded by the face id, so a face always
looks the same; the geometry is computed once per face and only scaled per zoom.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass

import pygame

from game.ui.theme import Colour
from rules.stawka.content import TILE_SIZE, SectorFace
from rules.stawka.content.board import rotate

CELL = 50
CELLS = TILE_SIZE // CELL
STREET_CLEARANCE = 48
SPACE_CLEARANCE = 58
CARD_ZONE = (100, 70, 100, 110)
"""Left, up, right, down around a location's point: its card and its name under it."""


@dataclass(frozen=True)
class Look:
    """A face's palette and how its free ground is filled."""

    ground: Colour
    roofs: tuple[Colour, ...]
    style: str


LOOKS: dict[str, Look] = {
    "hitlerplatz": Look((224, 210, 188), ((178, 96, 76), (160, 86, 70), (190, 150, 120)), "plaza"),
    "administrative": Look(
        (212, 216, 220), ((150, 160, 176), (134, 146, 164), (170, 176, 186)), "courtyards"
    ),
    "police": Look((196, 196, 200), ((98, 104, 116), (116, 120, 130), (86, 90, 100)), "courtyards"),
    "railway": Look((216, 202, 178), ((150, 120, 92), (132, 108, 84), (166, 140, 110)), "rails"),
    "city": Look((232, 218, 196), ((190, 104, 80), (176, 92, 72), (200, 128, 96), (160, 120, 100)), "dense"),
    "military": Look((198, 202, 170), ((116, 124, 84), (100, 108, 74), (132, 136, 100)), "military"),
    "villa": Look((206, 220, 184), ((196, 120, 90), (210, 190, 160)), "park"),
    "waterfront": Look((214, 212, 196), ((140, 118, 96), (124, 104, 86), (156, 136, 110)), "water"),
    "factory": Look((206, 198, 182), ((124, 120, 114), (108, 104, 100), (140, 134, 126)), "factory"),
    "airfield": Look((198, 210, 176), ((140, 140, 130), (120, 124, 116)), "airfield"),
}
DEFAULT_LOOK = Look((220, 212, 194), ((150, 140, 128), (136, 126, 116)), "blocks")
WATER: Colour = (122, 164, 196)
TREE: Colour = (92, 140, 84)
PAVING: Colour = (236, 226, 206)
COURTYARD: Colour = (150, 168, 128)


@dataclass(frozen=True)
class Shape:
    """One drawn thing, in face-local units: a rect, a disc (rect = its bounding box),
    a line (from the rect's top left to its bottom right) or a roof ridge."""

    kind: str
    rect: tuple[int, int, int, int]
    colour: Colour
    width: int = 0


def look_of(face_id: str) -> Look:
    return LOOKS.get(face_id, DEFAULT_LOOK)


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    k = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.hypot(p[0] - a[0] - k * dx, p[1] - a[1] - k * dy)


_EDGE_POINT = {
    "N": lambda o: (o, 0),
    "S": lambda o: (o, TILE_SIZE),
    "W": lambda o: (0, o),
    "E": lambda o: (TILE_SIZE, o),
}


def free_cells(face: SectorFace) -> frozenset[tuple[int, int]]:
    """The (column, row) cells of the face that no street, space or location card touches."""
    if face.id not in _FREE:
        _FREE[face.id] = _free_cells(face)
    return _FREE[face.id]


_FREE: dict[str, frozenset[tuple[int, int]]] = {}
_SHAPES: dict[str, tuple[Shape, ...]] = {}


def _free_cells(face: SectorFace) -> frozenset[tuple[int, int]]:
    where = {s.id: (s.x, s.y) for s in face.spaces}
    segments = [(where[p.a], where[p.b]) for p in face.paths]
    segments += [(where[e.space], _EDGE_POINT[e.edge](e.offset)) for e in face.exits]
    streets = [where[s.id] for s in face.spaces if s.kind == "street"]
    cards = [
        pygame.Rect(
            s.x - CARD_ZONE[0], s.y - CARD_ZONE[1], CARD_ZONE[0] + CARD_ZONE[2], CARD_ZONE[1] + CARD_ZONE[3]
        )
        for s in face.spaces
        if s.kind == "location"
    ]
    free = set()
    for col in range(CELLS):
        for row in range(CELLS):
            cell = pygame.Rect(col * CELL, row * CELL, CELL, CELL)
            centre = cell.center
            if any(cell.colliderect(card) for card in cards):
                continue
            if any(math.dist(centre, s) < SPACE_CLEARANCE for s in streets):
                continue
            if any(_segment_distance(centre, a, b) < STREET_CLEARANCE for a, b in segments):
                continue
            free.add((col, row))
    return frozenset(free)


BAND_HALF = 36


def _band(face: SectorFace) -> int | None:
    """The height of a tile-wide band clear of every street space and location card,
    nearest the tile's middle (None when there is none)."""
    streets = [s.y for s in face.spaces if s.kind == "street"]
    cards = [s.y for s in face.spaces if s.kind == "location"]
    clear = [
        y
        for y in range(BAND_HALF + 20, TILE_SIZE - BAND_HALF - 20, 10)
        if all(abs(y - sy) >= BAND_HALF + 30 for sy in streets)
        and all(y + BAND_HALF <= cy - CARD_ZONE[1] or y - BAND_HALF >= cy + CARD_ZONE[3] for cy in cards)
    ]
    return min(clear, key=lambda y: abs(y - TILE_SIZE // 2)) if clear else None


def _runs(cells: frozenset[tuple[int, int]], rows: range) -> Iterator[tuple[int, int, int]]:
    """Horizontal runs of free cells: (row, first column, length)."""
    for row in rows:
        col = 0
        while col < CELLS:
            if (col, row) not in cells:
                col += 1
                continue
            start = col
            while (col, row) in cells:
                col += 1
            yield row, start, col - start


def _macro_blocks(cells: frozenset[tuple[int, int]]) -> list[tuple[int, int, int, int]]:
    """Free 2x2-cell squares merged into horizontal blocks: (x, y, w, h) in units."""
    macros = {
        (c, r)
        for c in range(0, CELLS, 2)
        for r in range(0, CELLS, 2)
        if {(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)} <= cells
    }
    blocks = []
    for r in range(0, CELLS, 2):
        c = 0
        while c < CELLS:
            if (c, r) not in macros:
                c += 2
                continue
            start = c
            while (c, r) in macros and c - start < 6:
                c += 2
            blocks.append((start * CELL, r * CELL, (c - start) * CELL, 2 * CELL))
    return blocks


def _building(
    rng: random.Random, block: tuple[int, int, int, int], look: Look, inset: int = 14
) -> list[Shape]:
    x, y, w, h = block
    a, b = rng.randint(inset // 2, inset), rng.randint(inset // 2, inset)
    rect = (x + a, y + b, w - a - rng.randint(inset // 2, inset), h - b - rng.randint(inset // 2, inset))
    roof = rng.choice(look.roofs)
    return [Shape("building", rect, roof)]


def face_shapes(face: SectorFace) -> tuple[Shape, ...]:
    """Everything drawn on the face's free ground, in face-local units (seeded by its id)."""
    if face.id not in _SHAPES:
        _SHAPES[face.id] = _face_shapes(face)
    return _SHAPES[face.id]


def _face_shapes(face: SectorFace) -> tuple[Shape, ...]:
    look = look_of(face.id)
    cells = free_cells(face)
    rng = random.Random(face.id)
    shapes: list[Shape] = []
    used: set[tuple[int, int]] = set()
    if look.style == "plaza":
        # A paved square round the tile's middle, the statue in its centre.
        shapes.append(Shape("disc", (310, 310, 380, 380), PAVING))
        shapes.append(Shape("ring", (340, 340, 320, 320), (200, 186, 160), 6))
        used = {(c, r) for c, r in cells if math.dist(((c + 0.5) * CELL, (r + 0.5) * CELL), (500, 500)) < 230}
    if look.style == "water":
        # The harbour: the lower free ground is water, with a quay line along it.
        water = {(c, r) for c, r in cells if r >= CELLS * 3 // 5}
        for c, r in water:
            shapes.append(Shape("rect", (c * CELL, r * CELL, CELL, CELL), WATER))
        for c, r in water:
            if (c, r - 1) not in water:
                shapes.append(Shape("line", (c * CELL, r * CELL, CELL, 0), (96, 84, 70), 6))
        for row, start, length in _runs(frozenset(water), range(CELLS)):
            if row % 3 == 0 and length >= 3:
                shapes.append(
                    Shape(
                        "wave",
                        ((start + 1) * CELL - 20, row * CELL + 25, (length - 1) * CELL, 0),
                        (200, 222, 236),
                        2,
                    )
                )
        used = water
    if look.style in ("rails", "airfield"):
        # The tracks (or the runway) cross the whole tile under the streets, in the band
        # nearest the middle that no space or card touches.
        band = _band(face)
        if band is not None:
            top = band - BAND_HALF
            used |= {(c, r) for c, r in cells if r * CELL < band + BAND_HALF and (r + 1) * CELL > top}
            if look.style == "rails":
                shapes.append(Shape("rect", (0, top, TILE_SIZE, 2 * BAND_HALF), (186, 172, 146)))
                for track in (top + 14, top + BAND_HALF, top + 2 * BAND_HALF - 14):
                    shapes.append(Shape("rails", (0, track, TILE_SIZE, 0), (70, 60, 52), 2))
            else:
                shapes.append(Shape("rect", (0, top + 4, TILE_SIZE, 2 * BAND_HALF - 8), (150, 150, 146)))
                shapes.append(Shape("dashes", (20, band, TILE_SIZE - 40, 0), (240, 240, 232), 4))
    free_left = frozenset(cells - used)
    if look.style == "dense":
        for c, r in sorted(free_left):
            shapes += _building(rng, (c * CELL, r * CELL, CELL, CELL), look, inset=8)
        return tuple(shapes)
    for block in _macro_blocks(free_left):
        if look.style == "park":
            if rng.random() < 0.35:
                shapes += _building(rng, block, look, inset=30)
            for _ in range(block[2] // 40):
                x = block[0] + rng.randint(15, block[2] - 15)
                y = block[1] + rng.randint(15, block[3] - 15)
                r = rng.randint(12, 22)
                shapes.append(Shape("tree", (x - r, y - r, 2 * r, 2 * r), TREE))
            continue
        if look.style == "military":
            x, y, w, h = block
            for k in range(3):
                shapes.append(
                    Shape("building", (x + 12, y + 14 + k * 30, w - 24, 18), rng.choice(look.roofs))
                )
            continue
        if look.style == "airfield":
            x, y, w, h = block
            shapes.append(Shape("hangar", (x + 14, y + 30, min(w - 28, 120), h - 44), rng.choice(look.roofs)))
            continue
        building = _building(rng, block, look)[0]
        if look.style == "courtyards" and building.rect[2] >= 150:
            shapes.append(Shape("courtyard", building.rect, building.colour, 22))
        elif look.style == "factory":
            shapes.append(Shape("shed", building.rect, building.colour))
            if rng.random() < 0.5:
                x, y, _, _ = building.rect
                shapes.append(Shape("chimney", (x + 10, y + 8, 16, 16), (70, 66, 62)))
        else:
            shapes.append(building)
    return tuple(shapes)


def _place(
    rect: tuple[int, int, int, int], rotation: int, origin: tuple[int, int], scale: float
) -> pygame.Rect:
    x, y, w, h = rect
    corners = [rotate(x, y, rotation), rotate(x + w, y + h, rotation)]
    left, right = sorted(p[0] for p in corners)
    top, bottom = sorted(p[1] for p in corners)
    return pygame.Rect(
        origin[0] + round(left * scale),
        origin[1] + round(top * scale),
        max(1, round((right - left) * scale)),
        max(1, round((bottom - top) * scale)),
    )


def _darker(colour: Colour, k: float) -> Colour:
    return (round(colour[0] * k), round(colour[1] * k), round(colour[2] * k))


def paint_face(
    surface: pygame.Surface, face: SectorFace, rotation: int, tile: pygame.Rect, scale: float
) -> None:
    """Draw the face's ground and city (no streets) into `tile` at `scale` pixels per unit."""
    look = look_of(face.id)
    pygame.draw.rect(surface, look.ground, tile)
    origin = tile.topleft
    line = max(1, round(3 * scale))
    for shape in face_shapes(face):
        rect = _place(shape.rect, rotation, origin, scale)
        width = max(1, round(shape.width * scale)) if shape.width else 0
        if shape.kind == "rect":
            pygame.draw.rect(surface, shape.colour, rect)
        elif shape.kind == "disc":
            pygame.draw.ellipse(surface, shape.colour, rect)
        elif shape.kind == "ring":
            pygame.draw.ellipse(surface, shape.colour, rect, width)
        elif shape.kind in ("line", "rails", "dashes", "wave"):
            _line(surface, shape, rect, width, scale)
        elif shape.kind == "tree":
            pygame.draw.circle(surface, _darker(shape.colour, 0.8), rect.move(1, 2).center, rect.width // 2)
            pygame.draw.circle(surface, shape.colour, rect.center, rect.width // 2)
        elif shape.kind == "chimney":
            pygame.draw.circle(surface, shape.colour, rect.center, max(2, rect.width // 2))
        else:
            _building_shape(surface, shape, rect, width, line, look.ground)


def _line(surface: pygame.Surface, shape: Shape, rect: pygame.Rect, width: int, scale: float) -> None:
    horizontal = rect.width >= rect.height
    a = rect.topleft
    b = (rect.right, rect.top) if horizontal else (rect.left, rect.bottom)
    if shape.kind == "line":
        pygame.draw.line(surface, shape.colour, a, b, width)
    elif shape.kind == "rails":
        gap = max(2, round(8 * scale))
        ties = max(4, round(18 * scale))
        length = (b[0] - a[0]) if horizontal else (b[1] - a[1])
        for k in range(0, length, ties):
            p = (a[0] + k, a[1]) if horizontal else (a[0], a[1] + k)
            q = (p[0], p[1] + 2 * gap) if horizontal else (p[0] + 2 * gap, p[1])
            start = (p[0], p[1] - gap) if horizontal else (p[0] - gap, p[1])
            pygame.draw.line(surface, (150, 128, 104), start, q, max(1, width))
        for off in (-gap, gap):
            d = (0, off) if horizontal else (off, 0)
            pygame.draw.line(
                surface, shape.colour, (a[0] + d[0], a[1] + d[1]), (b[0] + d[0], b[1] + d[1]), width
            )
    elif shape.kind == "dashes":
        dash = max(4, round(30 * scale))
        length = (b[0] - a[0]) if horizontal else (b[1] - a[1])
        for k in range(0, length, dash * 2):
            end = min(length, k + dash)
            p = (a[0] + k, a[1]) if horizontal else (a[0], a[1] + k)
            q = (a[0] + end, a[1]) if horizontal else (a[0], a[1] + end)
            pygame.draw.line(surface, shape.colour, p, q, width)
    else:
        step = max(4, round(24 * scale))
        length = (b[0] - a[0]) if horizontal else (b[1] - a[1])
        for k in range(0, length - step, step * 2):
            p = (a[0] + k, a[1]) if horizontal else (a[0], a[1] + k)
            arc = (
                pygame.Rect(p[0], p[1] - step // 2, step, step)
                if horizontal
                else pygame.Rect(p[0] - step // 2, p[1], step, step)
            )
            pygame.draw.arc(surface, shape.colour, arc, 0, math.pi, width)


def _building_shape(
    surface: pygame.Surface, shape: Shape, rect: pygame.Rect, width: int, line: int, ground: Colour
) -> None:
    """A roof seen from above with a drop shadow; courtyards, sheds and hangars vary it."""
    shadow = rect.move(max(1, line), max(1, line))
    pygame.draw.rect(surface, _darker(ground, 0.82), shadow, border_radius=2)
    pygame.draw.rect(surface, shape.colour, rect, border_radius=2)
    edge = _darker(shape.colour, 0.75)
    if shape.kind == "courtyard":
        yard = rect.inflate(-2 * max(3, width), -2 * max(3, width))
        if yard.width > 4 and yard.height > 4:
            pygame.draw.rect(surface, COURTYARD, yard)
    elif shape.kind == "shed":
        teeth = max(2, rect.width // max(6, rect.height // 2))
        for k in range(1, teeth):
            x = rect.x + rect.width * k // teeth
            pygame.draw.line(surface, edge, (x, rect.y), (x, rect.bottom - 1), 1)
    elif shape.kind == "hangar":
        for k in range(1, 4):
            y = rect.y + rect.height * k // 4
            pygame.draw.line(surface, edge, (rect.x, y), (rect.right - 1, y), 1)
    else:
        ridge = rect.centery if rect.width >= rect.height else rect.centerx
        if rect.width >= rect.height:
            pygame.draw.line(surface, edge, (rect.x + 2, ridge), (rect.right - 3, ridge), 1)
        else:
            pygame.draw.line(surface, edge, (ridge, rect.y + 2), (ridge, rect.bottom - 3), 1)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=2)
