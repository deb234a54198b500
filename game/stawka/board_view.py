"""The Stawka board on screen: the assembled sector tiles, zoom and pan, and the pieces.

The static layer (each sector's city, the streets, spaces, location cards with their
pictograms and names, the sector names) is drawn once per zoom level into one cached
surface; each frame blits it and draws what moves on top: item stacks, "I was here"
markers, threat tokens, agent figures and the highlighted reachable spaces.

Names are placed where no piece can stand: the static layer keeps a mask of every
street, space (with the room its fanned-out pieces take) and card, and each name goes
to the free spot nearest its preferred place.  Where the board leaves no such spot (the
whole 3x2 boards at the fitted zoom), the names are still drawn over every piece, as a
printed board's place names would be on a plate above the figures, and a piece steps
aside from a name within its own space (issue 29: figures hid 'Kamienica', 'Szpital',
'SEKTOR POLICYJNY').  Board coordinates are the content's tile
units (1000 per sector tile).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

import pygame

from game.stawka.location_icons import draw_icon
from game.stawka.patterns import AGENT_COLOURS, fill_disc, fill_rect
from game.stawka.sector_art import paint_face
from game.ui.fonts import Fonts
from game.ui.hit_index import HitIndex
from game.ui.theme import MIN_TEXT, PALETTE, Colour, text, text_at, wrap
from rules.stawka.content import TILE_SIZE, Board, Scenario, StawkaContent, assemble_board
from rules.stawka.view import AgentView, StawkaView

ZOOM_MIN = 1.0
ZOOM_MAX = 3.0
ZOOM_STEP = 1.2
PAD = 8
"""Pixels kept free round the board when it is fitted to its rect."""
TRAY = 140
"""A fitted board leaving at least this much height free sits at the top: the roll box
and the hint get the band under it instead of covering the board."""
TOKEN_R = 13
TAG_OVERHANG = 8
"""How far a figure's letter tag reaches below its disc."""
COST_TAG = (30, 22)
"""The largest bubble of a lit space's AP cost (two digits), at the space's upper right."""
COST_SPOTS = (
    *((1, -1), (-1, -1), (1, 1), (-1, 1)),
    *((0, -1.4), (1.6, 0), (0, 1.4), (-1.6, 0)),
    *((1.5, -1.5), (-1.5, -1.5), (1.5, 1.5), (-1.5, 1.5)),
)
"""Where a lit space's cost may go, in its radii: its upper right, its other corners, above,
right, under and left of it, then its corners a little farther (`BoardView.cost_bubble`)."""
TURNS = ((1, 1), (-1, 1), (1, -1), (-1, -1))
"""A threat token's corner beside a lone figure, and the other three (`BoardView._aside`)."""
SIDES = ((-1, 0), (1, 0), (0, 1), (0, -1))
"""Then beside him: left, right, under, above."""
SETTLE_FRAMES = 6
"""While the zoom keeps changing, frames show the last layer scaled; the layer (and the
names placed on it) is rebuilt once the zoom has rested this many frames."""

__all__ = ["AGENT_COLOURS", "BASE_COLOURS", "BoardView", "Piece", "world_of"]

BASE_COLOURS: dict[str, Colour] = {"polish": (196, 44, 44), "german": (22, 22, 24)}
STREET: Colour = (160, 44, 40)
CARD: Colour = (246, 240, 226)
CARD_EDGE: Colour = (60, 52, 44)
LAST_MOVE: Colour = (120, 214, 230)
"""The ring round the last-moved agent and his target: a cyan no board art uses."""
SIDE_PATH: dict[str, Colour] = {"german": (60, 100, 190), "polish": (200, 52, 52)}


def world_of(scenario: Scenario) -> tuple[int, int]:
    """The size of a scenario's board in board units: its sector grid's columns and rows."""
    cols = max(p.col for p in scenario.board) + 1
    rows = max(p.row for p in scenario.board) + 1
    return cols * TILE_SIZE, rows * TILE_SIZE


@dataclass(frozen=True)
class Piece:
    """Something standing on the board, in screen pixels: an agent figure or a threat token."""

    kind: str
    id: str
    centre: tuple[int, int]
    radius: int

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(
            self.centre[0] - self.radius, self.centre[1] - self.radius, 2 * self.radius, 2 * self.radius
        )


@dataclass
class Label:
    """A name on the board: its plate and where it lies, in layer pixels."""

    text: str
    rect: pygame.Rect
    image: pygame.Surface


@dataclass
class _Plate:
    text: str
    image: pygame.Surface
    size: tuple[int, int]


@dataclass
class _Static:
    """A board's static layer at one zoom, with the masks and plates its names are placed
    with, and the names once placed: the same for every board of the same scenario, zoom,
    names and fonts (`BoardView._static_key`).  Only read, but for `free` and `placed`,
    which are filled as asked."""

    content: StawkaContent
    surface: pygame.Surface
    cards: pygame.mask.Mask
    street_mask: pygame.mask.Mask
    pieces: pygame.mask.Mask
    only_cards: pygame.mask.Mask
    faces: pygame.mask.Mask
    grounds: tuple[pygame.mask.Mask, ...]
    free: dict[tuple[int, tuple[int, int, int, int], tuple[int, int]], _FreeSpots]
    names: list[list[tuple[_Plate, tuple[tuple[int, int], ...], int]]]
    plates: list[tuple[pygame.Rect, list[_Plate]]]
    placed: list[Label] | None = None


STATICS_KEPT = 8
"""How many static layers are kept for the next board (`_STATICS`): the zooms a player
steps through, and the fitted board of a few scenarios (some 4 MB each)."""
_STATICS: dict[Hashable, _Static] = {}
"""The static layers kept, oldest used first (`BoardView.static_layer`)."""


class BoardView:
    """Camera, cached static layer, piece layout and hit-testing for one scenario's board."""

    def __init__(
        self,
        content: StawkaContent,
        scenario_id: str,
        viewport: pygame.Rect,
        font: Callable[[int, bool], pygame.font.Font],
        sector_name: Callable[[str], str],
        location_name: Callable[[str], str],
        patterns: Callable[[], bool],
    ) -> None:
        self.content = content
        self.scenario = content.scenario(scenario_id)
        self.board: Board = assemble_board(content, self.scenario.board)
        self.viewport = viewport
        self.font = font
        self.sector_name = sector_name
        self.location_name = location_name
        self.patterns = patterns
        self.kinds = {s.id: s.kind for face in content.faces for s in face.spaces}
        self.world = world_of(self.scenario)
        self.fit = min(
            (viewport.width - 2 * PAD) / self.world[0], (viewport.height - 2 * PAD) / self.world[1]
        )
        self.zoom = 1.0
        self.pan = (0.0, 0.0)
        self.home()
        self._static: tuple[float, pygame.Surface] | None = None
        self._cards = self._street_mask = pygame.mask.Mask((1, 1))
        self._grounds: tuple[pygame.mask.Mask, ...] = (self._cards, self._cards)
        """What a sector's plate keeps off, best first: the cards, the streets and where pieces
        stand; the cards and the streets; the cards (with the spaces and cost tags); the
        cards and the spaces."""
        self._free: dict[tuple[int, tuple[int, int, int, int], tuple[int, int]], _FreeSpots] = {}
        """The spots each plate size may take in a tile on each ground, found as asked."""
        self._previewing = False
        self._laid: (
            tuple[
                StawkaView,
                tuple[float, tuple[float, float], bool],
                tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]],
            ]
            | None
        ) = None
        self._names: list[list[tuple[_Plate, tuple[tuple[int, int], ...], int]]] = []
        """Each location's name plates, best first (on one line or two), with their spots."""
        self._plates: list[tuple[pygame.Rect, list[_Plate]]] = []
        self._placed: list[Label] | None = None
        self._kept: _Static | None = None
        """The static layer now shown, with its masks and plates (`_STATICS`)."""
        self._pieces_ground = self._card_ground = self._face_ground = pygame.mask.Mask((1, 1))
        self._hits: tuple[object, HitIndex] | None = None
        self._agent_hits: tuple[dict[str, tuple[int, int]], HitIndex] | None = None
        self._bubbles: tuple[tuple[object, ...], dict[str, pygame.Rect]] | None = None

    # -- camera -------------------------------------------------------------------------

    @property
    def scale(self) -> float:
        return self.fit * self.zoom

    def home(self) -> None:
        """Zoom to fit: the whole board in the rect, centred, at the top when a tray is left."""
        self.zoom = 1.0
        self._rest = 0
        w, h = self.world[0] * self.scale, self.world[1] * self.scale
        spare = self.viewport.height - h
        top = PAD if spare >= TRAY + PAD else spare / 2
        self.pan = ((self.viewport.width - w) / 2, top)

    def tray(self) -> pygame.Rect | None:
        """The free band under the fitted board (None when zoomed or when there is none)."""
        bottom = self.viewport.y + self.pan[1] + self.world[1] * self.scale
        if self.zoom != ZOOM_MIN or self.viewport.bottom - bottom < TRAY:
            return None
        return pygame.Rect(
            self.viewport.x, round(bottom), self.viewport.width, self.viewport.bottom - round(bottom)
        )

    def hole(self) -> pygame.Rect | None:
        """The empty bottom-right tile place of a fitted board that leaves one (screen
        pixels), where the roll box can sit without covering a sector."""
        cols, rows = self.world[0] // TILE_SIZE, self.world[1] // TILE_SIZE
        if self.zoom != ZOOM_MIN or any(p.col == cols - 1 and p.row == rows - 1 for p in self.scenario.board):
            return None
        x, y = self.to_screen(((cols - 1) * TILE_SIZE, (rows - 1) * TILE_SIZE))
        return pygame.Rect(x, y, round(TILE_SIZE * self.scale), round(TILE_SIZE * self.scale))

    def board_rect(self) -> pygame.Rect:
        """Where the board is drawn on the screen now."""
        x, y = self.to_screen((0, 0))
        return pygame.Rect(x, y, round(self.world[0] * self.scale), round(self.world[1] * self.scale))

    def to_screen(self, point: tuple[int, int]) -> tuple[int, int]:
        return (
            round(self.viewport.x + self.pan[0] + point[0] * self.scale),
            round(self.viewport.y + self.pan[1] + point[1] * self.scale),
        )

    def space_point(self, space: str) -> tuple[int, int]:
        return self.to_screen(self.board.position[space])

    def zoom_at(self, pos: tuple[int, int], steps: int) -> None:
        """Zoom by `steps` notches keeping the board point under `pos` still."""
        old = self.scale
        self.zoom = max(ZOOM_MIN, min(ZOOM_MAX, self.zoom * ZOOM_STEP**steps))
        self._rest = 0
        if self.zoom == ZOOM_MIN:
            self.home()
            return
        k = self.scale / old
        local = (pos[0] - self.viewport.x, pos[1] - self.viewport.y)
        self.pan = (local[0] - (local[0] - self.pan[0]) * k, local[1] - (local[1] - self.pan[1]) * k)
        self._clamp()

    def zoom_keys(self, steps: int) -> None:
        """The + and - keys: zoom round the middle of the part of the board in view."""
        seen = self.board_rect().clip(self.viewport)
        self.zoom_at(seen.center if seen.width and seen.height else self.viewport.center, steps)

    def drag(self, rel: tuple[int, int]) -> None:
        self.pan = (self.pan[0] + rel[0], self.pan[1] + rel[1])
        self._clamp()

    def _clamp(self) -> None:
        """A board smaller than the view along an axis stays wholly inside it; a larger one
        keeps covering at least three quarters of the view."""
        pan = []
        for offset, size, view in (
            (self.pan[0], self.world[0] * self.scale, self.viewport.width),
            (self.pan[1], self.world[1] * self.scale, self.viewport.height),
        ):
            if size <= view:
                pan.append(min(max(offset, 0.0), view - size))
            else:
                pan.append(min(max(offset, view * 0.75 - size), view * 0.25))
        self.pan = (pan[0], pan[1])

    def figure_radius(self) -> int:
        return max(17, min(28, round(40 * self.scale)))

    def location_half(self) -> float:
        """Half the width of a location card (its height is 1.5 halves)."""
        return max(30.0, 70 * self.scale)

    def space_at(self, pos: tuple[int, int]) -> str | None:
        """The space under `pos` (within its drawn size), if any: the nearest, found from
        an index made once per camera (`HitIndex`: the pointer asks at every move)."""
        camera = (self.scale, self.pan, tuple(self.viewport))
        if self._hits is None or self._hits[0] != camera:
            street = max(12, 26 * self.scale)
            spots = [
                (
                    space,
                    *self.to_screen(point),
                    self.location_half() if self.kinds.get(space) == "location" else street,
                )
                for space, point in self.board.position.items()
            ]
            self._hits = (camera, HitIndex(spots))
        return self._hits[1].nearest(pos)

    # -- where pieces stand ----------------------------------------------------------------

    def _row(self, centre: tuple[int, int], slots: int) -> list[tuple[int, int]]:
        """Points for `slots` pieces on a location: in rows standing on the card's top edge,
        wrapping upwards, so the card (its pictogram, stack and telephone) stays visible."""
        r = self.figure_radius()
        cx, cy = centre
        step = round(r * 2.15)
        per_row = max(3, math.floor((2 * self.location_half() + r) / step))
        # Above the card's top edge, the letter's tag too: the card's stack badge stays clear.
        top = cy - self.location_half() * 0.75 - r - TAG_OVERHANG
        points = []
        for index in range(slots):
            row, col = divmod(index, per_row)
            in_row = min(per_row, slots - row * per_row)
            left = cx - step * (in_row - 1) / 2
            points.append((round(left + col * step), round(top - row * step)))
        return points

    def _ring(self, centre: tuple[int, int], count: int) -> list[tuple[int, int]]:
        """Points for `count` figures on a street space: one stands on it, more ring it
        (no two overlapping) leaving a gap at the bottom for a threat token."""
        cx, cy = centre
        if count == 1:
            return [centre]
        ring = self.figure_radius() * 1.12 / math.sin(math.pi / count)
        points = []
        for index in range(count):
            angle = math.pi / 2 + math.pi / count + 2 * math.pi * index / count
            points.append((round(cx + ring * math.cos(angle)), round(cy + ring * math.sin(angle))))
        return points

    def _street_token(self, centre: tuple[int, int], agents: int) -> tuple[int, int]:
        cx, cy = centre
        r = self.figure_radius()
        if agents == 0:
            return centre
        if agents == 1:
            return cx - r - 4, cy + r + 4
        ring = r * 1.12 / math.sin(math.pi / agents)
        return cx, round(cy + ring + r * 0.6 + 8)

    def _standing(self, view: StawkaView) -> dict[str, list[AgentView]]:
        by_space: dict[str, list[AgentView]] = {}
        for agent in view.agents:
            if agent.status not in ("liquidated", "unplaced"):
                by_space.setdefault(agent.space, []).append(agent)
        return by_space

    def _layout(self, view: StawkaView) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
        """Where every figure (by agent) and every threat token (by space) is drawn
        (remembered for the same view and camera: a frame asks several times)."""
        key = (self.scale, self.pan, self._names_hidden())
        if self._laid is not None and self._laid[0] is view and self._laid[1] == key:
            return self._laid[2]
        laid = self._lay_out(view)
        self._laid = (view, key, laid)
        return laid

    def _lay_out(self, view: StawkaView) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
        standing = self._standing(view)
        agents: dict[str, tuple[int, int]] = {}
        tokens: dict[str, tuple[int, int]] = {}
        # In the view's order (agents, then tokens), never a set's: where figures overlap,
        # the one drawn last is on top, and a set of strings orders by the process's hash seed.
        for space in dict.fromkeys([*standing, *view.threats]):
            here = standing.get(space, [])
            centre = self.space_point(space)
            if self.kinds.get(space) == "location":
                spots = self._row(centre, len(here) + (space in view.threats))
                if space in view.threats:
                    tokens[space] = spots.pop()
            else:
                spots = self._ring(centre, len(here)) if here else []
                if space in view.threats:
                    tokens[space] = self._street_token(centre, len(here))
            agents.update((agent.id, spot) for agent, spot in zip(here, spots, strict=True))
        agents, tokens = self._aside(view, agents, tokens)
        r = self.figure_radius()
        agents = {agent: self._on_board(point, r, True) for agent, point in agents.items()}
        return agents, {space: self._on_board(point, TOKEN_R, False) for space, point in tokens.items()}

    def _on_board(self, point: tuple[int, int], radius: int, tagged: bool) -> tuple[int, int]:
        """`point` moved in just enough that a piece there lies whole on the board and its
        margin, as the whole-board zoom shows them (issue 29: figures and tokens on the
        outer streets of the 3x3 boards were cut by the board's edge)."""
        bounds = self.board_rect().inflate(2 * PAD - 4, 2 * PAD - 4)
        # A figure's letter tag reaches past his disc at the lower right (`footprint`).
        right = radius + (TAG_OVERHANG - 1 if tagged else 0)
        bottom = radius + (TAG_OVERHANG + 1 if tagged else 0)
        x = min(max(point[0], bounds.left + radius), bounds.right - right)
        y = min(max(point[1], bounds.top + radius), bounds.bottom - bottom)
        return x, y

    def _aside(
        self,
        view: StawkaView,
        agents: dict[str, tuple[int, int]],
        tokens: dict[str, tuple[int, int]],
    ) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
        """Each figure and threat token stepped aside from the names (issue 29: a figure
        beside a card covered part of its name): the least step, in one of 16 directions,
        that leaves every name clear, no farther than keeps its space under it (a figure
        standing alone on a street space) or half a figure (fanned out, on a location's
        row), touching no other piece of its space and no card it did not touch.  Where no
        such step clears every name, the one that covers least of them; the names are
        drawn over the pieces, so a name is never hidden (`names`).  Found from the names
        and the space alone, so a piece stands in the same place whenever it stands there."""
        # While a zoom settles the names are not drawn (and are not placed yet).
        names = [] if self._names_hidden() else [rect for _, rect in self.label_rects(view)]
        if not names:
            return agents, tokens
        r = self.figure_radius()
        half = round(self.location_half())
        cards = []
        for space in self.board.spaces:
            if self.kinds.get(space) == "location":
                card = pygame.Rect(0, 0, 2 * half, round(half * 1.5))
                card.center = self.space_point(space)
                cards.append(card)
        standing = self._standing(view)
        moved = dict(agents)
        # As tuples, the step's cache's key (`_stepped_aside`).
        ground = (tuple(tuple(rect) for rect in names), tuple(tuple(card) for card in cards))
        for space, here in standing.items():
            alone = self.kinds.get(space) != "location" and len(here) == 1
            reach = r - max(5, round(20 * self.scale)) if alone else r // 2
            for agent in here:
                others = [(moved[a.id], r) for a in here if a is not agent]
                if space in tokens:
                    others.append((tokens[space], TOKEN_R))
                point = moved[agent.id]
                if self.kinds.get(space) == "location":
                    point = _slid(point, r, half, names, cards, others)
                moved[agent.id] = _stepped_aside(point, r, True, reach, *ground, tuple(others))
        moved_tokens = {}
        for space, point in tokens.items():
            reach = TOKEN_R // 2 if self.kinds.get(space) == "location" else TOKEN_R
            others = [(moved[a.id], r) for a in standing.get(space, [])]
            if self.kinds.get(space) != "location" and len(others) == 1:
                # Beside a lone figure: at the first of his four corners no name touches (the
                # lower left first), where he stands or where he stepped to; else at his side.
                cx, cy = self.space_point(space)
                dx, dy = point[0] - cx, point[1] - cy
                fx, fy = others[0][0]
                far = r + TOKEN_R + 1
                corners = [
                    *(
                        (x + sx * dx, y + sy * dy)
                        for x, y in dict.fromkeys([(cx, cy), (fx, fy)])
                        for sx, sy in TURNS
                    ),
                    *((fx + sx * far, fy + sy * far) for sx, sy in SIDES),
                ]
                point = next(
                    (
                        corner
                        for corner in corners
                        if math.dist(corner, others[0][0]) >= r + TOKEN_R - 1
                        and not _covered(corner, TOKEN_R, False, names)
                    ),
                    point,
                )
            moved_tokens[space] = _stepped_aside(point, TOKEN_R, False, reach, *ground, tuple(others))
        return moved, moved_tokens

    def agent_points(self, view: StawkaView) -> dict[str, tuple[int, int]]:
        """Where each agent figure stands: agents sharing a space fan out around it."""
        return self._layout(view)[0]

    def pieces(self, view: StawkaView) -> list[Piece]:
        """Every figure and threat token as drawn now."""
        radius = self.figure_radius()
        agents, tokens = self._layout(view)
        pieces = [Piece("agent", a, p, radius) for a, p in agents.items()]
        return pieces + [Piece("token", space, p, TOKEN_R) for space, p in tokens.items()]

    def agent_at(self, view: StawkaView, pos: tuple[int, int]) -> str | None:
        """The figure under `pos` (the first in the view's order where they overlap), found
        from an index made once per layout of the figures (`HitIndex`)."""
        agents = self.agent_points(view)
        if self._agent_hits is None or self._agent_hits[0] is not agents:
            reach = self.figure_radius() + 2
            self._agent_hits = (agents, HitIndex((a, x, y, reach) for a, (x, y) in agents.items()))
        return self._agent_hits[1].first(pos)

    # -- the static layer -------------------------------------------------------------------

    def label_rects(self, view: StawkaView | None = None) -> list[tuple[str, pygame.Rect]]:
        """The location and sector names on the board now, in screen pixels."""
        origin = self._layer_origin()
        return [(label.text, label.rect.move(origin)) for label in self._labels(view)]

    def static_layer(self) -> pygame.Surface:
        """The city, streets, spaces and cards at the current zoom (cached with the masks and
        name plates the names are placed with).

        Kept for the next board of the same scenario, zoom, names and fonts too
        (`_STATICS`): the table is built again for every seat at each hand-over, and what
        it would build is the same."""
        if self._static is not None and self._static[0] == self.scale:
            return self._static[1]
        key = self._static_key()
        kept = _STATICS.pop(key, None)
        if kept is None or kept.content is not self.content:
            kept = self._build_static()
        _STATICS[key] = kept  # the latest used last: the oldest goes first
        while len(_STATICS) > STATICS_KEPT:
            del _STATICS[next(iter(_STATICS))]
        self._kept = kept
        self._cards, self._street_mask = kept.cards, kept.street_mask
        self._pieces_ground, self._card_ground, self._face_ground = kept.pieces, kept.only_cards, kept.faces
        self._grounds, self._free = kept.grounds, kept.free
        self._names, self._plates, self._placed = kept.names, kept.plates, kept.placed
        self._static = (self.scale, kept.surface)
        return kept.surface

    def _static_key(self) -> Hashable:
        """What the static layer and the names' places depend on besides the content: the
        scenario's board, the zoom, the names in the language shown and the fonts (every
        `Fonts` of one floor opens the same faces; another font function only its own)."""
        faces = dict.fromkeys(placed.face for placed in self.scenario.board)
        locations = [space for space in self.board.spaces if self.kinds.get(space) == "location"]
        fonts = (Fonts, self.font.floor) if isinstance(self.font, Fonts) else self.font
        return (
            id(self.content),
            self.scenario.board,
            self.scale,
            tuple(self.sector_name(face) for face in faces),
            tuple(self.location_name(space) for space in locations),
            fonts,
        )

    def _build_static(self) -> _Static:
        """The static layer at the current zoom, with the masks and plates names are placed with."""
        s = self.scale
        size = (math.ceil(self.world[0] * s) + 2, math.ceil(self.world[1] * s) + 2)
        surface = pygame.Surface(size, pygame.SRCALPHA)
        tiles = []
        for placed in self.scenario.board:
            face = self.content.face(placed.face)
            tile = pygame.Rect(
                round(placed.col * TILE_SIZE * s) + 1,
                round(placed.row * TILE_SIZE * s) + 1,
                round(TILE_SIZE * s),
                round(TILE_SIZE * s),
            )
            paint_face(surface, face, placed.rotation, tile, s)
            tiles.append((face, tile))
        self._streets(surface)
        for _, tile in tiles:
            pygame.draw.rect(surface, (70, 60, 52), tile, width=2)
        self._cards, self._street_mask = self._masks(size)
        off_streets = self._cards.copy()
        off_streets.draw(self._street_mask, (0, 0))
        clear = off_streets.copy()
        clear.draw(self._pieces_ground, (0, 0))
        # Across a street but off every place a piece may take (issue 29: a sector's plate
        # off the streets lay over the figures standing on them at the whole-board zoom).
        unpieced = self._cards.copy()
        unpieced.draw(self._pieces_ground, (0, 0))
        grounds = (clear, unpieced, off_streets, self._cards, self._face_ground)
        self._grounds, self._free = grounds, {}
        self._names = [
            self._name_plate(space, [tile for _, tile in tiles])
            for space in self.board.spaces
            if self.kinds.get(space) == "location"
        ]
        self._plates = [self._plate_variants(face.id, face.colour, tile) for face, tile in tiles]
        return _Static(
            self.content,
            surface,
            self._cards,
            self._street_mask,
            self._pieces_ground,
            self._card_ground,
            self._face_ground,
            self._grounds,
            self._free,
            self._names,
            self._plates,
        )

    def _streets(self, surface: pygame.Surface) -> None:
        s = self.scale
        width = max(3, round(14 * s))
        for a, b, side in self.board.paths:
            pa, pb = self._local(a), self._local(b)
            if side is None:
                pygame.draw.line(surface, (90, 30, 28), pa, pb, width + 2)
                pygame.draw.line(surface, STREET, pa, pb, width)
            else:
                _dashed(surface, SIDE_PATH[side], pa, pb, max(2, width - 1), max(6, round(30 * s)))
        half = round(self.location_half())
        telephones = {loc.id for loc in self.content.locations if loc.telephone}
        for space in self.board.spaces:
            point = self._local(space)
            if self.kinds.get(space) == "location":
                card = pygame.Rect(0, 0, half * 2, round(half * 1.5))
                card.center = point
                pygame.draw.rect(surface, (40, 34, 30), card.move(2, 3), border_radius=5)
                pygame.draw.rect(surface, CARD, card, border_radius=5)
                pygame.draw.rect(surface, CARD_EDGE, card, width=2, border_radius=5)
                icon = card.inflate(-card.width // 2, -card.height // 3)
                icon.width = icon.height = min(icon.width, icon.height)
                icon.center = card.center
                draw_icon(surface, space, icon)
                if space in telephones:
                    # The rulebook's telephone symbol, in the card's bottom-right corner.
                    badge = pygame.Rect(0, 0, max(12, half // 2), max(12, half // 2))
                    badge.bottomright = (card.right - 3, card.bottom - 3)
                    pygame.draw.rect(surface, (52, 44, 38), badge, border_radius=3)
                    _receiver(surface, badge)
            else:
                r = max(5, round(20 * s))
                pygame.draw.circle(surface, (250, 247, 238), point, r)
                pygame.draw.circle(surface, (70, 40, 36), point, r, 2)

    def _masks(self, size: tuple[int, int]) -> tuple[pygame.mask.Mask, pygame.mask.Mask]:
        """Where no name may go (every card, every street space as far as a figure's face
        reaches from it, each space's cost tag), and the streets, which
        location names may cross but sector names keep off; and (`_pieces_ground`) where a
        piece may stand or a lit space's cost be drawn, which a name keeps off where it
        can: the row of figures above each card, a figure with its letter's tag on each
        street space, each space's cost tag (issue 29, point 5); and (`_face_ground`) the
        cards and the spaces alone, the last ground a name or sector plate keeps off."""
        cards = pygame.mask.Mask(size)
        pieces = pygame.mask.Mask(size)
        only_cards = pygame.mask.Mask(size)
        faces = pygame.mask.Mask(size)
        half = self.location_half()
        figure = self.figure_radius()
        card = pygame.mask.Mask((round(half * 2) + 6, round(half * 1.5) + 6), fill=True)
        above = pygame.mask.Mask((round(half * 2 + 2 * figure), 2 * figure + TAG_OVERHANG + 4), fill=True)
        cost = pygame.mask.Mask((COST_TAG[0] + 4, COST_TAG[1] + 4), fill=True)
        # A figure standing on a street space keeps its face (colour and initials) clear of
        # every name: no name comes nearer the space than the face reaches (issue 29).
        space, r = _disc(max(max(5, round(20 * self.scale)) + 4, round(figure * 0.68) + 4))
        stand, reach = _disc(figure + TAG_OVERHANG)
        for place in self.board.spaces:
            x, y = self._local(place)
            lit = self.lit_radius(place)
            cards.draw(cost, (x + lit - cost.get_size()[0] // 2, y - lit - cost.get_size()[1] // 2))
            if self.kinds.get(place) == "location":
                for mask in (cards, only_cards, faces):
                    mask.draw(card, (x - card.get_size()[0] // 2, y - card.get_size()[1] // 2))
                top = round(y - half * 0.75)
                pieces.draw(above, (x - above.get_size()[0] // 2, top - above.get_size()[1]))
            else:
                cards.draw(space, (x - r, y - r))
                faces.draw(space, (x - r, y - r))
                pieces.draw(stand, (x - reach, y - reach))
        self._pieces_ground, self._card_ground, self._face_ground = pieces, only_cards, faces
        # Streets are drawn on a one-byte surface: a mask of a large 32-bit one costs more.
        streets = pygame.Surface(size, depth=8)
        streets.set_colorkey(0)
        width = max(3, round(14 * self.scale)) + 6
        for a, b, _ in self.board.paths:
            pygame.draw.line(streets, 1, self._local(a), self._local(b), width)
        return cards, pygame.mask.from_surface(streets)

    def _name_plate(
        self, space: str, tiles: Sequence[pygame.Rect]
    ) -> list[tuple[_Plate, tuple[tuple[int, int], ...], int]]:
        """A location's name plates (its name on one line or two, the shape that suits its
        card first), each with the spots it may take (layer pixels) nearest the middle
        under its card first, in its own sector, and how many of them lie close by."""
        font = self.font(max(MIN_TEXT, min(18, round(24 * self.scale))), True)
        half = self.location_half()
        name = self.location_name(space)
        x, y = self._local(space)
        # In the card's own sector: a name beside another sector's cards names the wrong place.
        home = next((tile for tile in tiles if tile.collidepoint(x, y)), None)
        width, height = self._cards.get_size()
        area = home.inflate(-4, -4) if home is not None else pygame.Rect(0, 0, width, height)
        bounds = (area.x, area.y, area.right, area.bottom)
        shapes = dict.fromkeys((round(3 * half), 10**6 if font.size(name)[0] > 3 * half else 0))
        plates: list[tuple[_Plate, tuple[tuple[int, int], ...], int]] = []
        for room in shapes:
            image = _name_lines(font, name, room)
            box = pygame.Rect((0, 0), image.get_rect().inflate(10, 4).size)
            if any(plate.size == box.size for plate, _, _ in plates):
                continue
            plate = pygame.Surface(box.size, pygame.SRCALPHA)
            _plate(plate, box, CARD, CARD_EDGE, image)
            spots = _close_spots((x, y), box.size, half, bounds)
            farther = set(spots)
            # Farther, but no farther than the name still reads as the card's.
            reach = 3.5 * half + box.width / 2
            wider = [
                spot
                for spot in _close_spots((x, y), box.size, half, bounds, 2.0)
                if spot not in farther
                and math.dist((spot[0] + box.width / 2, spot[1] + box.height / 2), (x, y)) < reach
            ]
            plates.append((_Plate(name, plate, box.size), (*spots, *wider), len(spots)))
        return plates

    def _labels(self, view: StawkaView | None = None) -> list[Label]:
        """Every name where it lies (layer pixels), placed once per zoom by the board alone,
        never by what stands on it (issue 29, point 5: names jumped between turns, and
        "Budka telefoniczna" went to the villa sector when its corner was crowded): each
        location's name at the first of its spots near its card, in its sector, that no
        card, space, place a piece may take or other name touches; then each sector's
        plate in the free ground nearest its tile's lower middle, off the streets too."""
        self.static_layer()
        if self._placed is not None:
            return self._placed
        labels, failed = self._arrange(plates_first=False)
        if failed:
            # A sector's plate found no place clear of the names: the plates first, then the
            # names round them, when that leaves fewer without a place of their own.
            other, failed_other = self._arrange(plates_first=True)
            if failed_other < failed:
                labels = other
        self._placed = labels
        if self._kept is not None:
            self._kept.placed = labels
        return labels

    def _arrange(self, plates_first: bool) -> tuple[list[Label], int]:
        """The location names, then the sectors' plates (or the plates first), placed; and
        how many of them found no place clear of the others.

        The names are placed in the board's order; a name that finds no free place goes
        first at the next try (a name placed earlier may have taken the only place near its
        card), for as many tries as there are names, the try leaving fewest names without
        one kept."""
        plates: list[Label] = []
        if plates_first:
            occupied = self._cards.copy()
            occupied.draw(self._pieces_ground, (0, 0))
            named = pygame.mask.Mask(occupied.get_size())
            plates = self._place_plates(occupied, named, [])
        order = list(range(len(self._names)))
        best: tuple[int, list[Label], tuple[pygame.mask.Mask, pygame.mask.Mask, list[pygame.Rect]]] | None = (
            None
        )
        for _ in range(len(order) + 1):
            placed, failed, grounds = self._place_names(order, [plate.rect for plate in plates])
            if best is None or len(failed) < best[0]:
                best = (len(failed), placed, grounds)
            if not failed or set(order[: len(failed)]) == set(failed):
                break
            order = failed + [index for index in order if index not in failed]
        assert best is not None
        missing, names, (occupied, named, taken) = best
        if not plates_first:
            plates = self._place_plates(occupied, named, taken)
            missing += sum(1 for plate in plates if plate.rect.collidelist(taken) >= 0)
        return names + plates, missing

    def _place_plates(
        self, occupied: pygame.mask.Mask, named: pygame.mask.Mask, taken: list[pygame.Rect]
    ) -> list[Label]:
        """Each sector's plate in its tile (`_place_plate`), each kept clear of the next."""
        plates = []
        taken = list(taken)
        for tile, variants in self._plates:
            placed = self._place_plate(occupied, named, taken, tile, variants)
            for mask in (occupied, named):
                mask.draw(pygame.mask.Mask(placed.rect.size, fill=True), placed.rect.topleft)
            taken.append(placed.rect)
            plates.append(placed)
        return plates

    def _place_names(
        self, order: list[int], reserved: Sequence[pygame.Rect] = ()
    ) -> tuple[list[Label], list[int], tuple[pygame.mask.Mask, pygame.mask.Mask, list[pygame.Rect]]]:
        """The location names placed in `order` (indexes of `_names`), round the `reserved`
        rects (plates placed before): the labels, in the names' own order; the names that
        found no free place; what the sector plates are then placed round (`_arrange`)."""
        occupied = self._cards.copy()
        occupied.draw(self._pieces_ground, (0, 0))
        hard = self._cards.copy()
        faces = self._face_ground.copy()
        plain = self._card_ground.copy()
        taken: list[pygame.Rect] = []
        labels: dict[int, Label] = {}
        failed = []
        named = pygame.mask.Mask(occupied.get_size())
        for rect in reserved:
            cover = pygame.mask.Mask(rect.inflate(4, 4).size, fill=True)
            for mask in (occupied, named, hard, faces, plain):
                mask.draw(cover, rect.inflate(4, 4).topleft)
        for index in order:
            variants = self._names[index]
            # Close by, clear of everything; else clear of the cards, the spaces and the names
            # (a piece comes there only when the game crowds it), close by, then a little
            # farther (issue 29, point 5: "Budka telefoniczna" lay over "Urząd pracy"); else
            # over a street space rather than over another name or card (a piece standing
            # there steps aside from it where it can: `_aside`); else the least covered: a
            # name far from its card would name another.  Each way on one line or two,
            # whichever finds a place.
            tries = (
                (occupied, False),
                (hard, False),
                (faces, False),
                (faces, True),
                (plain, False),
                (plain, True),
            )
            found = next(
                (
                    (plate, spot)
                    for mask, far in tries
                    for plate, spots, near in variants
                    if (spot := _first_free(mask, plate.size, spots[near:] if far else spots[:near]))
                    is not None
                ),
                None,
            )
            if found is None:
                failed.append(index)
                plate, spots, near = variants[0]
                close = spots[:near]
                box = pygame.mask.Mask(plate.size, fill=True)
                apart = [p for p in close if self._card_ground.overlap(box, p) is None] or close
                spot = min(apart, key=lambda p: tuple(m.overlap_area(box, p) for m in (named, faces, hard)))
            else:
                plate, spot = found
            label = Label(plate.text, pygame.Rect(spot, plate.size), plate.image)
            cover = pygame.mask.Mask(label.rect.inflate(4, 4).size, fill=True)
            for mask in (occupied, named, hard, faces, plain):
                mask.draw(cover, label.rect.inflate(4, 4).topleft)
            taken.append(label.rect.inflate(4, 4))
            labels[index] = label
        return [labels[index] for index in sorted(labels)], failed, (occupied, named, taken)

    def _plate_variants(
        self, face_id: str, colour: str, tile: pygame.Rect
    ) -> tuple[pygame.Rect, list[_Plate]]:
        """The sector's name plate drawn a few ways, best first: on one line, on two, smaller."""
        name = self.sector_name(face_id).upper()
        words = name.split()
        split = max(1, len(words) // 2)
        layouts = [[name]]
        if len(words) > 1:
            layouts.append([" ".join(words[:split]), " ".join(words[split:])])
        if len(words) > 2:
            layouts.append([words[0], " ".join(words[1:-1]), words[-1]])
        variants = []
        for size in dict.fromkeys((max(MIN_TEXT, min(22, round(30 * self.scale))), MIN_TEXT)):
            font = self.font(size, True)
            for lines in layouts:
                images = [font.render(line, True, (248, 244, 232)) for line in lines]
                box = pygame.Rect(
                    0,
                    0,
                    max(i.get_width() for i in images) + 4 + size,
                    sum(i.get_height() for i in images) + 4,
                )
                if box.width > tile.width - 8 or box.height > tile.height - 8:
                    continue
                plate = pygame.Surface((box.width + 2, box.height + 2), pygame.SRCALPHA)
                pygame.draw.rect(plate, (30, 26, 24), box.move(2, 2), border_radius=5)
                pygame.draw.rect(plate, _hex(colour), box, border_radius=5)
                pygame.draw.rect(plate, (248, 244, 232), box.inflate(-4, -4), 1, border_radius=4)
                y = 2
                for image in images:
                    plate.blit(image, image.get_rect(midtop=(box.centerx, y)))
                    y += image.get_height()
                variants.append(_Plate(name, plate, box.size))
        return tile, variants

    def _place_plate(
        self,
        occupied: pygame.mask.Mask,
        named: pygame.mask.Mask,
        taken: list[pygame.Rect],
        tile: pygame.Rect,
        variants: list[_Plate],
    ) -> Label:
        """The first variant that fits in free ground off the streets; else one that fits
        across a street; else the least covered spot of the smallest that covers no other
        name (`named`: names are read, a card or a street under a plate is seen round it;
        pieces go on top).

        `taken` is what covers the ground now (pieces, names); `occupied` the same with
        the cards, as a mask."""
        box = (tile.x, tile.y, tile.width, tile.height)
        for ground in range(len(self._grounds)):
            for variant in variants:
                free = self._free.get((ground, box, variant.size))
                if free is None:
                    free = _FreeSpots(self._grounds[ground], variant.size, _spots_near(box, variant.size))
                    self._free[ground, box, variant.size] = free
                spot = free.first_clear(taken)
                if spot is not None:
                    return Label(variant.text, pygame.Rect(spot, variant.size), variant.image)
        last = min(variants, key=lambda v: v.size[0] * v.size[1])
        cover = pygame.mask.Mask(last.size, fill=True)
        tried = _spots_near(box, last.size)
        clear = [spot for spot in tried if named.overlap(cover, spot) is None] or tried
        faces = self._face_ground
        spot = min(
            clear,
            key=lambda p: (
                named.overlap_area(cover, p),
                faces.overlap_area(cover, p),
                occupied.overlap_area(cover, p),
            ),
        )
        return Label(last.text, pygame.Rect(spot, last.size), last.image)

    def names(self, surface: pygame.Surface, view: StawkaView) -> None:
        """The location and sector names, drawn over the pieces: nothing hides a name (not
        while a zoom is settling: they come back with the rebuilt layer)."""
        if self._previewing:
            return
        origin = self._layer_origin()
        for label in self._labels(view):
            where = label.rect.move(origin)
            surface.blit(label.image, where)
            seen = where.clip(self.viewport)
            if seen.width and seen.height:
                text_at(label.text, seen)

    def _local(self, space: str) -> tuple[int, int]:
        x, y = self.board.position[space]
        return round(x * self.scale) + 1, round(y * self.scale) + 1

    def _layer_origin(self) -> tuple[int, int]:
        return round(self.viewport.x + self.pan[0]) - 1, round(self.viewport.y + self.pan[1]) - 1

    def _settling(self) -> bool:
        return self._static is not None and self._static[0] != self.scale and self._rest < SETTLE_FRAMES

    def _names_hidden(self) -> bool:
        """Whether the names are not drawn now: a zoom is settling, or this frame shows
        the scaled layer (the names come back with the layer rebuilt)."""
        return self._previewing or self._settling()

    def settling(self) -> bool:
        """Whether a zoom is settling: the board is shown scaled for a few more frames, or
        the last frame drawn showed it scaled (the next draws it rebuilt, with its names)."""
        return self._names_hidden()

    def camera(self) -> tuple[float, tuple[float, float]]:
        """Where the board is seen from."""
        return self.zoom, self.pan

    def draw_static(self, surface: pygame.Surface) -> None:
        self._previewing = self._settling()
        if self._static is not None and self._previewing:
            self._rest += 1
            self._preview(surface, self._static[0], self._static[1])
            return
        surface.blit(self.static_layer(), self._layer_origin())

    def _preview(self, surface: pygame.Surface, built: float, layer: pygame.Surface) -> None:
        """The part of the layer built at scale `built` that the view shows, scaled to now."""
        k = self.scale / built
        ox, oy = self._layer_origin()
        view = self.viewport
        source = pygame.Rect(
            math.floor((view.x - ox) / k),
            math.floor((view.y - oy) / k),
            math.ceil(view.width / k) + 2,
            math.ceil(view.height / k) + 2,
        ).clip(layer.get_rect())
        if source.width <= 0 or source.height <= 0:
            return
        size = (max(1, round(source.width * k)), max(1, round(source.height * k)))
        image = pygame.transform.scale(layer.subsurface(source), size)
        surface.blit(image, (round(ox + source.x * k), round(oy + source.y * k)))

    # -- what moves -------------------------------------------------------------------------

    def stacks_and_markers(self, surface: pygame.Surface, view: StawkaView, letters: dict[str, str]) -> None:
        font = self.font(MIN_TEXT, True)
        half = round(self.location_half())
        for location, count in view.stacks.items():
            x, y = self.space_point(location)
            badge = pygame.Rect(0, 0, 22, 18)
            badge.topright = (x + half - 6, y - round(half * 0.75) + 6)
            for offset in (4, 2):
                pygame.draw.rect(surface, (150, 156, 170), badge.move(offset, -offset), border_radius=3)
                pygame.draw.rect(surface, (40, 44, 56), badge.move(offset, -offset), 1, border_radius=3)
            pygame.draw.rect(surface, (52, 60, 78), badge, border_radius=3)
            label = font.render(str(count), True, (240, 236, 226))
            surface.blit(label, label.get_rect(center=badge.center))
        for location, colours in view.markers.items():
            x, y = self.space_point(location)
            for index, colour in enumerate(colours):
                mark = pygame.Rect(0, 0, 18, 18)
                mark.bottomleft = (x - half + 3 + index * 20, y + round(half * 0.75) - 3)
                pygame.draw.rect(surface, AGENT_COLOURS[colour], mark)
                if self.patterns():
                    fill_rect(surface, colour, mark)
                pygame.draw.rect(surface, (250, 250, 250), mark, 2)
                letter = font.render(letters[colour], True, _text_on(AGENT_COLOURS[colour]))
                surface.blit(letter, letter.get_rect(center=mark.center))

    def threat_tokens(
        self, surface: pygame.Surface, view: StawkaView, tokens: dict[str, tuple[str, str]], seat: str | None
    ) -> None:
        """Threat tokens: a diamond in the owner's base colour; the kind's letter if the viewer
        may know it, "?" when it lies face down for him."""
        font = self.font(MIN_TEXT, True)
        points = self._layout(view)[1]
        for space, (side, letter) in tokens.items():
            centre = points[space]
            pygame.draw.polygon(surface, (0, 0, 0), _diamond((centre[0] + 1, centre[1] + 2), TOKEN_R))
            pygame.draw.polygon(surface, BASE_COLOURS[side], _diamond(centre, TOKEN_R))
            pygame.draw.polygon(
                surface, PALETTE["brass"] if side == seat else (235, 230, 220), _diamond(centre, TOKEN_R), 2
            )
            label = font.render(letter, True, (245, 242, 235))
            surface.blit(label, label.get_rect(center=centre))

    def highlights(self, surface: pygame.Surface, costs: dict[str, int | None]) -> None:
        """A glow and a ring on each space to click (their costs: `cost_tags`)."""
        for space in costs:
            x, y = self.space_point(space)
            r = self.lit_radius(space)
            surface.blit(_glow(r, 90), (x - r - 4, y - r - 4))
            pygame.draw.circle(surface, PALETTE["brass"], (x, y), r + 3, 2)

    def cost_tags(self, surface: pygame.Surface, costs: dict[str, int | None], view: StawkaView) -> None:
        """Each lit space's AP cost (`cost_bubbles`); the names go over all."""
        for space, bubble in self.cost_bubbles(costs, view).items():
            self._draw_bubble(surface, bubble, costs[space])

    def cost_bubbles(self, costs: dict[str, int | None], view: StawkaView) -> dict[str, pygame.Rect]:
        """Where each lit space's cost is drawn: over the pieces of `view`, and beside them
        where a corner of the space is clear of them (issue 29: a figure standing by a lit
        space hid a third of its costs in "Hotel Excelsior").  Worked out once per camera,
        view and costs: the pointer over a cost points at its space (`cost_space_at`)."""
        key = (self.scale, self.pan, tuple(self.viewport), self._names_hidden(), tuple(costs.items()))
        if self._bubbles is not None and self._bubbles[0][0] is view and self._bubbles[0][1:] == key:
            return self._bubbles[1]
        pieces = [
            shape
            for piece in self.pieces(view)
            for shape in footprint(piece.centre, piece.radius, piece.kind == "agent")
        ]
        font = self.font(MIN_TEXT, True)
        bubbles = {
            space: self.cost_bubble(
                self.space_point(space), self.lit_radius(space), font.size(f"{cost}"), pieces
            )
            for space, cost in costs.items()
            if cost is not None
        }
        self._bubbles = ((view, *key), bubbles)
        return bubbles

    def cost_space_at(
        self, pos: tuple[int, int], costs: dict[str, int | None], view: StawkaView
    ) -> str | None:
        """The lit space whose cost is drawn under `pos`: a cost stands at its space's
        upper right, where a click on the number must take the space, not miss it."""
        bubbles = self.cost_bubbles(costs, view)
        return next((space for space, bubble in bubbles.items() if bubble.collidepoint(pos)), None)

    def hover_mark(self, surface: pygame.Surface, space: str, cost: int | None) -> None:
        """The space to click under the pointer: a brass ring edged dark round its lit one,
        its cost over it (drawn over the table's layer, so the pointer going from space to
        space redraws nothing else)."""
        point, r = self.space_point(space), self.lit_radius(space)
        ring = _ring(r + 8)
        surface.blit(ring, ring.get_rect(center=point))
        self._cost_tag(surface, point, r, cost)

    def _cost_tag(self, surface: pygame.Surface, point: tuple[int, int], r: int, cost: int | None) -> None:
        """A lit space's AP cost in a brass bubble at its upper right (`cost_bubble`)."""
        if cost is None:
            return
        size = self.font(MIN_TEXT, True).size(f"{cost}")
        self._draw_bubble(surface, self.cost_bubble(point, r, size), cost)

    def _draw_bubble(self, surface: pygame.Surface, bubble: pygame.Rect, cost: int | None) -> None:
        tag = self.font(MIN_TEXT, True).render(f"{cost}", True, (20, 20, 20))
        pygame.draw.rect(surface, (30, 26, 22), bubble.inflate(2, 2), border_radius=8)
        pygame.draw.rect(surface, PALETTE["brass"], bubble, border_radius=8)
        surface.blit(tag, tag.get_rect(center=bubble.center))

    def cost_bubble(
        self, point: tuple[int, int], r: int, size: tuple[int, int], pieces: Sequence[pygame.Rect] = ()
    ) -> pygame.Rect:
        """Where a lit space's cost goes: at its upper right, or the first other place of
        `COST_SPOTS` that no name covers (the names are drawn over the pieces: a cost under
        one would be hidden) and no piece's disc or tag touches; else the first no name
        covers."""
        names = [] if self._names_hidden() else [rect for _, rect in self.label_rects()]
        bubble = pygame.Rect((0, 0), size).inflate(10, 4)
        unnamed = None
        for dx, dy in COST_SPOTS:
            bubble.center = (round(point[0] + dx * r), round(point[1] + dy * r))
            if bubble.collidelist(names) < 0:
                if bubble.collidelist(pieces) < 0:
                    return bubble
                unnamed = unnamed or bubble.copy()
        if unnamed is not None:
            return unnamed
        bubble.center = (point[0] + r, point[1] - r)
        return bubble

    def lit_radius(self, space: str) -> int:
        """The radius of the glow round a space to click."""
        if self.kinds.get(space) == "location":
            return round(self.location_half())
        return max(12, round(26 * self.scale))

    def figures(
        self,
        surface: pygame.Surface,
        view: StawkaView,
        initials: dict[str, str],
        letters: dict[str, str],
        selected: str | None,
        active: str | None,
        away: frozenset[str] = frozenset(),
    ) -> dict[str, pygame.Rect]:
        """Every figure where it stands, but those `away` (sliding: `figure` draws them);
        where each one's colour letter is, by agent."""
        agents = {a.id: a for a in view.agents}
        tags = {}
        for agent_id, point in self.agent_points(view).items():
            if agent_id not in away:
                ringed = agent_id in (selected, active)
                tags[agent_id] = self.figure(surface, agents[agent_id], point, initials, letters, ringed)
        return tags

    def figure(
        self,
        surface: pygame.Surface,
        agent: AgentView,
        point: tuple[int, int],
        initials: dict[str, str],
        letters: dict[str, str],
        ringed: bool = False,
    ) -> pygame.Rect:
        """One agent's figure at `point`: his side's base, his colour, initials and letter;
        the letter's tag."""
        radius = self.figure_radius()
        small = self.font(max(MIN_TEXT, radius * 2 // 3), True)
        tiny = self.font(MIN_TEXT, True)
        patterns = self.patterns()
        x, y = point
        if ringed:
            pygame.draw.circle(surface, PALETTE["brass"], (x, y), radius + 5, 3)
        pygame.draw.circle(surface, (0, 0, 0), (x + 2, y + 3), radius + 1)
        pygame.draw.circle(surface, BASE_COLOURS[agent.side], (x, y), radius)
        if agent.side == "german":
            # Black bases get notches in their white rim, red ones a plain rim: side by shape too.
            for k in range(4):
                angle = math.pi / 4 + k * math.pi / 2
                pygame.draw.line(
                    surface,
                    (230, 230, 230),
                    (x + (radius - 4) * math.cos(angle), y + (radius - 4) * math.sin(angle)),
                    (x + radius * math.cos(angle), y + radius * math.sin(angle)),
                    2,
                )
        pygame.draw.circle(surface, (240, 236, 226), (x, y), radius, 2)
        inner = round(radius * 0.68)
        colour = AGENT_COLOURS[agent.colour]
        pygame.draw.circle(surface, colour, (x, y), inner)
        if patterns:
            fill_disc(surface, agent.colour, (x, y), inner)
        pygame.draw.circle(
            surface, (240, 236, 226) if agent.colour == "black" else (20, 20, 20), (x, y), inner, 1
        )
        label = small.render(initials.get(agent.id, "?"), True, _text_on(colour))
        if patterns:
            back = label.get_rect(center=(x, y)).inflate(2, -2)
            pygame.draw.rect(surface, colour, back, border_radius=3)
        surface.blit(label, label.get_rect(center=(x, y)))
        tag = tiny.render(letters[agent.colour], True, _text_on(colour))
        box = tag.get_rect(center=(x + radius - 2, y + radius - 2)).inflate(6, 2)
        pygame.draw.rect(surface, colour, box, border_radius=3)
        pygame.draw.rect(surface, (240, 236, 226), box, 1, border_radius=3)
        surface.blit(tag, tag.get_rect(center=box.center))
        if agent.status == "arrested":
            pygame.draw.line(surface, (240, 236, 226), (x - radius, y - radius), (x + radius, y + radius), 3)
        return box

    def last_move(self, surface: pygame.Surface, view: StawkaView, agent: str, target: str | None) -> None:
        """Rings the last-moved agent and his target (an agent, or the space he went to)
        in the colour nothing else on the board uses, so "what just happened" stands out."""
        points = self.agent_points(view)
        radius = self.figure_radius()
        if agent in points:
            pygame.draw.circle(surface, LAST_MOVE, points[agent], radius + 9, 3)
        if target is None:
            return
        if target in points:
            pygame.draw.circle(surface, LAST_MOVE, points[target], radius + 9, 2)
            return
        if target in self.kinds:
            ring = max(radius + 12, round(self.location_half() * 0.9))
            _dashed_circle(surface, LAST_MOVE, self.space_point(target), ring)


LEGEND = ("street", "location", "side_paths", "agents", "letter", "token", "marker")
"""The key's entries: each of the board's symbols (its word is `stawka.ui.legend.<entry>`,
its short name `stawka.ui.legend.short.<entry>`)."""
ICON_WIDTH = 32


LEGEND_TOP = 28
"""The key's title, above its rows."""
LEGEND_LINE = 22
LEGEND_GAP = 3


def legend_height(width: int, texts: dict[str, str], font: pygame.font.Font) -> int:
    """How high the key drawn `width` wide is (`legend`)."""
    lines = sum(min(2, len(wrap(font, texts[entry], width - 44))) for entry in LEGEND)
    return LEGEND_TOP + LEGEND_LINE * lines + LEGEND_GAP * len(LEGEND)


def legend(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    texts: dict[str, str],
    font: pygame.font.Font,
    letter: str,
) -> None:
    """A key to the board's symbols, drawn with the board's own shapes, in `rect`;
    `letter`: the blue agents' colour letter (the texts' images are cached by `text`)."""
    text(surface, font, title, rect.topleft, "brass")
    y = rect.y + LEGEND_TOP
    for entry in LEGEND:
        lines = wrap(font, texts[entry], rect.width - 44)[:2]
        legend_icon(surface, entry, rect.x, y + 11, font, letter)
        for line in lines:
            text(surface, font, line, (rect.x + 42, y), "muted")
            y += LEGEND_LINE
        y += LEGEND_GAP


def legend_icon(
    surface: pygame.Surface, entry: str, left: int, middle: int, font: pygame.font.Font, letter: str
) -> pygame.Rect:
    """The key's picture of one symbol, `ICON_WIDTH` wide from `left`, centred on `middle`."""
    centre = (left + 16, middle)
    if entry == "street":
        pygame.draw.line(surface, STREET, (left, middle), (left + 32, middle), 4)
        pygame.draw.circle(surface, (250, 247, 238), centre, 7)
        pygame.draw.circle(surface, (70, 40, 36), centre, 7, 2)
    elif entry == "location":
        card = pygame.Rect(0, 0, 30, 21)
        card.center = centre
        pygame.draw.rect(surface, CARD, card, border_radius=3)
        draw_icon(surface, "hotel", card.inflate(-14, -6))
        badge = pygame.Rect(card.right - 10, card.y + 2, 8, 8)
        pygame.draw.rect(surface, (52, 60, 78), badge)
    elif entry == "side_paths":
        _dashed(surface, SIDE_PATH["german"], (left, middle - 4), (left + 32, middle - 4), 3, 6)
        _dashed(surface, SIDE_PATH["polish"], (left, middle + 4), (left + 32, middle + 4), 3, 6)
    elif entry == "agents":
        for dx, side in ((8, "polish"), (24, "german")):
            pygame.draw.circle(surface, BASE_COLOURS[side], (left + dx, middle), 8)
            pygame.draw.circle(surface, (240, 236, 226), (left + dx, middle), 8, 1)
    elif entry == "letter":
        # A figure's corner tag, as `BoardView.figure` draws it (a blue agent's).
        pygame.draw.circle(surface, BASE_COLOURS["polish"], (left + 11, middle - 1), 9)
        pygame.draw.circle(surface, AGENT_COLOURS["blue"], (left + 11, middle - 1), 6)
        tag = font.render(letter, True, _text_on(AGENT_COLOURS["blue"]))
        box = tag.get_rect(center=(left + 22, middle + 2)).inflate(6, 2)
        pygame.draw.rect(surface, AGENT_COLOURS["blue"], box, border_radius=3)
        pygame.draw.rect(surface, (240, 236, 226), box, 1, border_radius=3)
        surface.blit(tag, tag.get_rect(center=box.center))
    elif entry == "token":
        pygame.draw.polygon(surface, BASE_COLOURS["german"], _diamond(centre, 9))
        pygame.draw.polygon(surface, (235, 230, 220), _diamond(centre, 9), 2)
    else:
        mark = pygame.Rect(0, 0, 14, 14)
        mark.center = centre
        pygame.draw.rect(surface, AGENT_COLOURS["blue"], mark)
        pygame.draw.rect(surface, (250, 250, 250), mark, 2)
    return pygame.Rect(left, middle - 11, ICON_WIDTH, 22)


class _FreeSpots:
    """The spots, in their order, where a box of `size` lies inside `ground` and clear of
    it: found as far as a placing asks, then kept (the ground is fixed at one scale)."""

    def __init__(self, ground: pygame.mask.Mask, size: tuple[int, int], spots: list[tuple[int, int]]) -> None:
        self.ground, self.size, self.spots = ground, size, spots
        self.free: list[tuple[int, int]] = []
        self.scanned = 0

    def first_clear(self, taken: list[pygame.Rect]) -> tuple[int, int] | None:
        """The first free spot that touches none of `taken` (as `_first_free` would find
        on the ground with `taken` drawn in)."""
        w, h = self.size
        for spot in self.free:
            if pygame.Rect(spot, self.size).collidelist(taken) < 0:
                return spot
        box = pygame.mask.Mask(self.size, fill=True)
        width, height = self.ground.get_size()
        while self.scanned < len(self.spots):
            x, y = spot = self.spots[self.scanned]
            self.scanned += 1
            inside = x >= 0 and y >= 0 and x + w <= width and y + h <= height
            if inside and self.ground.overlap(box, spot) is None:
                self.free.append(spot)
                if pygame.Rect(spot, self.size).collidelist(taken) < 0:
                    return spot
        return None


@lru_cache(maxsize=512)
def _spots_near(tile: tuple[int, int, int, int], size: tuple[int, int]) -> list[tuple[int, int]]:
    """Where a plate of `size` may lie in `tile`, nearest its lower middle first: the same
    for every placing at one scale (only which are free changes), so worked out once.
    Callers only read the list."""
    x0, y0, tile_w, tile_h = tile
    want = (x0 + tile_w // 2, y0 + tile_h * 0.8)  # as Rect.centerx
    step = max(4, tile_w // 48)
    w, h = size
    found = [
        (x, y)
        for x in range(x0 + 4, x0 + tile_w - w - 3, step)
        for y in range(y0 + 4, y0 + tile_h - h - 3, step)
    ]
    found.sort(key=lambda p: math.dist((p[0] + w / 2, p[1] + h / 2), want))
    return found


def footprint(centre: tuple[int, int], radius: int, tagged: bool) -> list[pygame.Rect]:
    """What a piece covers: its disc's square and, for a figure, its letter's tag at the
    lower right (as `BoardView.figure` draws it)."""
    x, y = centre
    shapes = [pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius)]
    if tagged:
        shapes.append(pygame.Rect(x + radius - 10, y + radius - 12, 17, 12 + TAG_OVERHANG + 1))
    return shapes


def touches(centre: tuple[int, int], radius: int, tagged: bool, rect: pygame.Rect) -> bool:
    """Whether a piece's disc (or a figure's letter tag) touches `rect`.

    Called a million times when a board is laid out at a new zoom (`_step_aside`): the
    disc's test is `math.dist` written out, and the tag is `footprint`'s second shape, made
    only when the disc does not touch."""
    x, y = centre
    left, top, right, bottom = rect.left, rect.top, rect.right, rect.bottom
    dx = min(max(x, left), right) - x
    dy = min(max(y, top), bottom) - y
    if math.hypot(dx, dy) < radius:
        return True
    if not tagged:
        return False
    return pygame.Rect(x + radius - 10, y + radius - 12, 17, 12 + TAG_OVERHANG + 1).colliderect(rect)


def _covered(centre: tuple[int, int], radius: int, tagged: bool, rects: Sequence[pygame.Rect]) -> int:
    """How much of a piece `rects` cover (its disc counted as its square where it touches)."""
    total = 0
    for rect in rects:
        if touches(centre, radius, tagged, rect):
            for shape in footprint(centre, radius, tagged):
                clipped = shape.clip(rect)
                total += max(1, clipped.width * clipped.height)
    return total


_DIRECTIONS = [(math.cos(k * math.pi / 8), math.sin(k * math.pi / 8)) for k in range(16)]


def _step_aside(
    point: tuple[int, int],
    radius: int,
    tagged: bool,
    reach: int,
    names: Sequence[pygame.Rect],
    cards: Sequence[pygame.Rect],
    others: Sequence[tuple[tuple[int, int], int]],
) -> tuple[int, int]:
    """Where a piece at `point` stands clear of `names` (see `BoardView._aside`)."""
    covered = _covered(point, radius, tagged, names)
    if not covered:
        return point
    touched = [card for card in cards if touches(point, radius, tagged, card)]
    untouched = [card for card in cards if card not in touched]
    best, least = point, covered
    for distance in range(2, reach + 1, 2):
        for dx, dy in _DIRECTIONS:
            spot = (round(point[0] + dx * distance), round(point[1] + dy * distance))
            if any(math.dist(spot, other) < radius + size - 1 for other, size in others):
                continue
            if any(touches(spot, radius, tagged, card) for card in untouched):
                continue
            cover = _covered(spot, radius, tagged, names)
            if cover == 0:
                return spot
            if cover < least:
                best, least = spot, cover
    return best


def _slid(
    point: tuple[int, int],
    radius: int,
    half: int,
    names: Sequence[pygame.Rect],
    cards: Sequence[pygame.Rect],
    others: Sequence[tuple[tuple[int, int], int]],
) -> tuple[int, int]:
    """A figure on a location's row slid along it, at most half a card either way (still
    over its card), to the nearest place no name touches, clear of the pieces beside it and
    of the cards it did not touch (issue 29: a name beside a card lay over the figure
    standing on it); where it is, where none is."""
    if not _covered(point, radius, True, names):
        return point
    untouched = [card for card in cards if not touches(point, radius, True, card)]
    for distance in range(2, half + 1, 2):
        for side in (1, -1):
            spot = (point[0] + side * distance, point[1])
            if any(math.dist(spot, other) < radius + size - 1 for other, size in others):
                continue
            if any(touches(spot, radius, True, card) for card in untouched):
                continue
            if not _covered(spot, radius, True, names):
                return spot
    return point


@lru_cache(maxsize=4096)
def _stepped_aside(
    point: tuple[int, int],
    radius: int,
    tagged: bool,
    reach: int,
    names: tuple[tuple[int, int, int, int], ...],
    cards: tuple[tuple[int, int, int, int], ...],
    others: tuple[tuple[tuple[int, int], int], ...],
) -> tuple[int, int]:
    """`_step_aside`, remembered: a pure function of where the piece is, the names, the cards
    and the pieces beside it, which stay the same between most layouts (every table built
    again at a hand-over lays out the same pieces; most pieces do not move at a step)."""
    return _step_aside(
        point, radius, tagged, reach, [pygame.Rect(n) for n in names], [pygame.Rect(c) for c in cards], others
    )


def _disc(radius: int) -> tuple[pygame.mask.Mask, int]:
    disc = pygame.Surface((2 * radius + 1, 2 * radius + 1), pygame.SRCALPHA)
    pygame.draw.circle(disc, (255, 255, 255, 255), (radius, radius), radius)
    return pygame.mask.from_surface(disc), radius


@lru_cache(maxsize=1024)
def _close_spots(
    point: tuple[int, int],
    size: tuple[int, int],
    half: float,
    area: tuple[int, int, int, int],
    far: float = 1.0,
) -> tuple[tuple[int, int], ...]:
    """The spots (layer pixels, on a 3-pixel grid) a name plate of `size` may take for the
    card at `point` of half-width `half`, inside `area` (left, top, right, bottom): those no
    farther than a card and a half (times `far`) from the middle under the card, nearest first.

    A pure function of its arguments, kept: the table is built again for every seat at a
    hand-over, and its names are placed on these spots again."""
    x, y = point
    w, h = size
    left, top, right, bottom = area
    want = (x - w // 2, round(y + half * 0.75) + 3)
    reach = round((3 * half + w // 2) * far)
    limit = (half * 1.5 + h) * far
    step = 3
    # Within reach, the close spots only: a spot farther along one axis than `limit`
    # (above the card: `limit / 1.6`, the distance below) is skipped before its distance.
    columns = range(max(left, want[0] - reach), min(right - w, want[0] + reach) + 1, step)
    rows = range(max(top, y - reach - h), min(bottom - h, want[1] + reach) + 1, step)
    rows_near = [sy for sy in rows if -limit / 1.6 - 1 <= sy - want[1] <= limit]
    # A spot's distance from where the plate is wanted, above the card counting 1.6 times,
    # worked out once a spot (millions of them at a new zoom); the spots are sorted by it,
    # and the sort is stable: equal distances keep their order.
    wx, wy = want
    weighted = [(sy - wy) * (1.0 if sy >= wy else 1.6) for sy in rows_near]
    hypot = math.hypot
    spots = []
    for sx in columns:
        dx = sx - wx
        if abs(dx) <= limit:
            for sy, dy in zip(rows_near, weighted, strict=True):
                if (distance := hypot(dx, dy)) <= limit:
                    spots.append((distance, sx, sy))
    spots.sort(key=itemgetter(0))
    return tuple((sx, sy) for _, sx, sy in spots)


def _first_free(
    occupied: pygame.mask.Mask, size: tuple[int, int], spots: Sequence[tuple[int, int]]
) -> tuple[int, int] | None:
    box = pygame.mask.Mask(size, fill=True)
    width, height = occupied.get_size()
    for spot in spots:
        inside = spot[0] >= 0 and spot[1] >= 0 and spot[0] + size[0] <= width and spot[1] + size[1] <= height
        if inside and occupied.overlap(box, spot) is None:
            return spot
    return None


def _name_lines(font: pygame.font.Font, name: str, width: int) -> pygame.Surface:
    """A location's name on one line, or on two when one line is wider than `width` (a
    name plate no wider than the card's neighbourhood leaves the figures room)."""
    words = name.split()
    if len(words) < 2 or font.size(name)[0] <= width:
        return font.render(name, True, (35, 30, 26))
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    lines = min(splits, key=lambda pair: max(font.size(pair[0])[0], font.size(pair[1])[0]))
    images = [font.render(line, True, (35, 30, 26)) for line in lines]
    step = font.get_linesize() - 2
    surface = pygame.Surface(
        (max(i.get_width() for i in images), step + images[1].get_height()), pygame.SRCALPHA
    )
    for index, image in enumerate(images):
        surface.blit(image, image.get_rect(midtop=(surface.get_width() // 2, index * step)))
    return surface


def _plate(
    surface: pygame.Surface, box: pygame.Rect, back: Colour, edge: Colour, image: pygame.Surface
) -> None:
    pygame.draw.rect(surface, back, box, border_radius=3)
    pygame.draw.rect(surface, edge, box, width=1, border_radius=3)
    surface.blit(image, image.get_rect(center=box.center))


def _receiver(surface: pygame.Surface, badge: pygame.Rect) -> None:
    """A white telephone receiver on the badge."""
    w = max(2, badge.width // 6)
    arc = badge.inflate(-badge.width // 4, -badge.height // 4).move(0, badge.height // 6)
    pygame.draw.arc(surface, (246, 240, 226), arc, math.radians(10), math.radians(170), w)


def _hex(colour: str) -> Colour:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _text_on(colour: Colour) -> Colour:
    light = 0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2]
    return (20, 20, 20) if light > 140 else (245, 242, 235)


def _dashed(
    surface: pygame.Surface, colour: Colour, a: tuple[int, int], b: tuple[int, int], width: int, dash: int
) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0:
        return
    steps = max(1, int(length // dash))
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        pygame.draw.line(surface, colour, p0, p1, width)


@lru_cache(maxsize=16)
def _ring(r: int) -> pygame.Surface:
    """The ring round the lit space under the pointer: brass, edged dark (once per size)."""
    ring = pygame.Surface((r * 2 + 2, r * 2 + 2), pygame.SRCALPHA)
    centre = (r + 1, r + 1)
    pygame.draw.circle(ring, PALETTE["night"], centre, r + 1)
    pygame.draw.circle(ring, PALETTE["brass"], centre, r - 1)
    pygame.draw.circle(ring, PALETTE["night"], centre, r - 4)
    pygame.draw.circle(ring, (0, 0, 0, 0), centre, r - 5)
    return ring


@lru_cache(maxsize=64)
def _glow(r: int, alpha: int) -> pygame.Surface:
    """The translucent disc under a lit space (made once per size and strength)."""
    glow = pygame.Surface((r * 2 + 8, r * 2 + 8), pygame.SRCALPHA)
    pygame.draw.circle(glow, (*PALETTE["brass"], alpha), (r + 4, r + 4), r + 3)
    return glow


def _diamond(centre: tuple[int, int], r: int) -> list[tuple[int, int]]:
    x, y = centre
    return [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]


def _dashed_circle(surface: pygame.Surface, colour: Colour, centre: tuple[int, int], radius: int) -> None:
    """A circle of 16 dashes (a place, not a piece: the agent's own ring is whole)."""
    dashes = 16
    for k in range(dashes):
        start = 2 * math.pi * k / dashes
        pygame.draw.arc(
            surface,
            colour,
            (centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius),
            start,
            start + math.pi / dashes,
            3,
        )
