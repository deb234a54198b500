"""The Stawka board on screen: the assembled sector tiles, zoom and pan, and the figures.

The static layer (tiles, streets, spaces, location cards and names) is drawn once per
zoom level into a cached surface; each frame blits it and draws what moves on top:
item stacks, "I was here" markers, agent figures and the highlighted reachable spaces.
Board coordinates are the content's tile units (1000 per sector tile).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.ui.theme import PALETTE, Colour
from rules.stawka.content import TILE_SIZE, Board, StawkaContent, assemble_board
from rules.stawka.view import AgentView, StawkaView

ZOOM_MIN = 1.0
ZOOM_MAX = 3.0
ZOOM_STEP = 1.2

AGENT_COLOURS: dict[str, Colour] = {
    "yellow": (226, 190, 60),
    "purple": (142, 88, 176),
    "blue": (70, 120, 200),
    "black": (38, 38, 42),
}
BASE_COLOURS: dict[str, Colour] = {"polish": (196, 44, 44), "german": (22, 22, 24)}
STREET: Colour = (150, 48, 44)
PAPER: Colour = (214, 205, 184)
SIDE_PATH: dict[str, Colour] = {"german": (60, 100, 190), "polish": (200, 52, 52)}


def _mix(a: Colour, b: Colour, k: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * k), round(a[1] + (b[1] - a[1]) * k), round(a[2] + (b[2] - a[2]) * k))


def _hex(colour: str) -> Colour:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


class BoardView:
    """Camera, cached static layer and hit-testing for one scenario's board."""

    def __init__(
        self,
        content: StawkaContent,
        scenario_id: str,
        viewport: pygame.Rect,
        font: Callable[[int, bool], pygame.font.Font],
        sector_name: Callable[[str], str],
    ) -> None:
        self.content = content
        self.scenario = content.scenario(scenario_id)
        self.board: Board = assemble_board(content, self.scenario.board)
        self.viewport = viewport
        self.font = font
        self.sector_name = sector_name
        self.kinds = {s.id: s.kind for face in content.faces for s in face.spaces}
        cols = max(p.col for p in self.scenario.board) + 1
        rows = max(p.row for p in self.scenario.board) + 1
        self.world = (cols * TILE_SIZE, rows * TILE_SIZE)
        self.fit = min(viewport.width / self.world[0], viewport.height / self.world[1]) * 0.98
        self.zoom = 1.0
        self.pan = (0.0, 0.0)
        self._center()
        self._static: tuple[float, pygame.Surface] | None = None

    # -- camera -------------------------------------------------------------------------

    @property
    def scale(self) -> float:
        return self.fit * self.zoom

    def _center(self) -> None:
        w, h = self.world[0] * self.scale, self.world[1] * self.scale
        self.pan = ((self.viewport.width - w) / 2, (self.viewport.height - h) / 2)

    def to_screen(self, point: tuple[int, int]) -> tuple[int, int]:
        return (
            round(self.viewport.x + self.pan[0] + point[0] * self.scale),
            round(self.viewport.y + self.pan[1] + point[1] * self.scale),
        )

    def space_point(self, space: str) -> tuple[int, int]:
        return self.to_screen(self.board.position[space])

    def zoom_at(self, pos: tuple[int, int], steps: int) -> None:
        """Zoom by `steps` wheel notches keeping the board point under `pos` still."""
        old = self.scale
        self.zoom = max(ZOOM_MIN, min(ZOOM_MAX, self.zoom * ZOOM_STEP**steps))
        if self.zoom == ZOOM_MIN:
            self._center()
            return
        k = self.scale / old
        local = (pos[0] - self.viewport.x, pos[1] - self.viewport.y)
        self.pan = (local[0] - (local[0] - self.pan[0]) * k, local[1] - (local[1] - self.pan[1]) * k)
        self._clamp()

    def drag(self, rel: tuple[int, int]) -> None:
        self.pan = (self.pan[0] + rel[0], self.pan[1] + rel[1])
        self._clamp()

    def _clamp(self) -> None:
        """Keep at least a quarter of the viewport covered by the board."""
        w, h = self.world[0] * self.scale, self.world[1] * self.scale
        vw, vh = self.viewport.width, self.viewport.height
        x = min(max(self.pan[0], vw * 0.75 - w), vw * 0.25)
        y = min(max(self.pan[1], vh * 0.75 - h), vh * 0.25)
        self.pan = (x, y)

    def figure_radius(self) -> int:
        return max(13, min(26, round(16 * self.zoom**0.6)))

    def space_at(self, pos: tuple[int, int]) -> str | None:
        """The space under `pos` (within its drawn size), if any."""
        best: tuple[float, str] | None = None
        for space, point in self.board.position.items():
            sx, sy = self.to_screen(point)
            reach = self.location_half() if self.kinds.get(space) == "location" else max(12, 26 * self.scale)
            d = math.hypot(pos[0] - sx, pos[1] - sy)
            if d <= reach and (best is None or d < best[0]):
                best = (d, space)
        return best[1] if best else None

    def location_half(self) -> float:
        return max(22.0, 66 * self.scale)

    def agent_points(self, view: StawkaView) -> dict[str, tuple[int, int]]:
        """Where each agent figure stands: agents sharing a space fan out around it."""
        by_space: dict[str, list[AgentView]] = {}
        for agent in view.agents:
            if agent.status not in ("liquidated", "unplaced"):
                by_space.setdefault(agent.space, []).append(agent)
        points: dict[str, tuple[int, int]] = {}
        radius = self.figure_radius()
        for space, agents in by_space.items():
            cx, cy = self.space_point(space)
            if len(agents) == 1:
                points[agents[0].id] = (cx, cy - (radius // 2 if self.kinds.get(space) == "location" else 0))
                continue
            if self.kinds.get(space) == "location":
                # A row along the top of the location card, leaving its name readable.
                step = radius * 1.7
                left = cx - step * (len(agents) - 1) / 2
                top = cy - round(self.location_half() * 0.75)
                for index, agent in enumerate(agents):
                    points[agent.id] = (round(left + index * step), top)
                continue
            for index, agent in enumerate(agents):
                angle = -math.pi / 2 + 2 * math.pi * index / len(agents)
                spread = radius * 1.15
                points[agent.id] = (
                    round(cx + spread * math.cos(angle)),
                    round(cy + spread * math.sin(angle)),
                )
        return points

    def agent_at(self, view: StawkaView, pos: tuple[int, int]) -> str | None:
        radius = self.figure_radius()
        for agent_id, (x, y) in self.agent_points(view).items():
            if math.hypot(pos[0] - x, pos[1] - y) <= radius + 2:
                return agent_id
        return None

    # -- drawing -----------------------------------------------------------------------

    def static_layer(self) -> pygame.Surface:
        """The tiles, streets, spaces and location cards at the current zoom (cached)."""
        if self._static is not None and self._static[0] == self.scale:
            return self._static[1]
        s = self.scale
        surface = pygame.Surface(
            (math.ceil(self.world[0] * s) + 2, math.ceil(self.world[1] * s) + 2), pygame.SRCALPHA
        )
        for placed in self.scenario.board:
            face = self.content.face(placed.face)
            tile = pygame.Rect(
                round(placed.col * TILE_SIZE * s),
                round(placed.row * TILE_SIZE * s),
                round(TILE_SIZE * s),
                round(TILE_SIZE * s),
            )
            ground = _mix(PAPER, _hex(face.colour), 0.18)
            pygame.draw.rect(surface, ground, tile)
            step = max(8, round(100 * s))
            grid = _mix(ground, (0, 0, 0), 0.06)
            for gx in range(tile.x, tile.right, step):
                pygame.draw.line(surface, grid, (gx, tile.y), (gx, tile.bottom))
            for gy in range(tile.y, tile.bottom, step):
                pygame.draw.line(surface, grid, (tile.x, gy), (tile.right, gy))
            pygame.draw.rect(surface, _mix(ground, (0, 0, 0), 0.45), tile, width=2)
            label = self.font(max(11, round(26 * s)), True).render(
                self.sector_name(face.id).upper(), True, (245, 240, 228)
            )
            plate = pygame.Rect(
                0, 0, max(round(TILE_SIZE * s * 0.5), label.get_width() + 16), max(18, round(46 * s))
            )
            plate.midbottom = (tile.centerx, tile.bottom - 4)
            pygame.draw.rect(surface, _hex(face.colour), plate, border_radius=4)
            surface.blit(label, label.get_rect(center=plate.center))
        width = max(3, round(14 * s))
        for a, b, side in self.board.paths:
            pa = self._local(a)
            pb = self._local(b)
            if side is None:
                pygame.draw.line(surface, _mix(STREET, (0, 0, 0), 0.35), pa, pb, width + 2)
                pygame.draw.line(surface, STREET, pa, pb, width)
            else:
                _dashed(surface, SIDE_PATH[side], pa, pb, max(2, width - 1), max(6, round(30 * s)))
        half = round(self.location_half())
        for space in self.board.spaces:
            point = self._local(space)
            if self.kinds.get(space) == "location":
                card = pygame.Rect(0, 0, half * 2, round(half * 1.5))
                card.center = point
                pygame.draw.rect(surface, (246, 240, 226), card, border_radius=5)
                pygame.draw.rect(surface, (60, 52, 44), card, width=2, border_radius=5)
                k = round(half * 0.35)
                cross = (90, 40, 36)
                pygame.draw.line(
                    surface, cross, (point[0] - k, point[1] - k), (point[0] + k, point[1] + k), 3
                )
                pygame.draw.line(
                    surface, cross, (point[0] - k, point[1] + k), (point[0] + k, point[1] - k), 3
                )
            else:
                r = max(5, round(20 * s))
                pygame.draw.circle(surface, (250, 247, 238), point, r)
                pygame.draw.circle(surface, (70, 40, 36), point, r, 2)
        self._static = (s, surface)
        return surface

    def _local(self, space: str) -> tuple[int, int]:
        x, y = self.board.position[space]
        return round(x * self.scale) + 1, round(y * self.scale) + 1

    def draw_static(self, surface: pygame.Surface) -> None:
        layer = self.static_layer()
        surface.blit(
            layer, (round(self.viewport.x + self.pan[0]) - 1, round(self.viewport.y + self.pan[1]) - 1)
        )

    def location_names(self, surface: pygame.Surface, names: dict[str, str]) -> None:
        """Location names under their cards, in screen pixels (crisp at every zoom)."""
        font = self.font(max(12, min(18, round(22 * self.scale))), True)
        half = self.location_half()
        for space, name in names.items():
            x, y = self.space_point(space)
            image = font.render(name, True, (35, 30, 26))
            rect = image.get_rect(midtop=(x, round(y + half * 0.75) + 2))
            back = rect.inflate(8, 2)
            pygame.draw.rect(surface, (246, 240, 226), back, border_radius=3)
            pygame.draw.rect(surface, (60, 52, 44), back, width=1, border_radius=3)
            surface.blit(image, rect)

    def stacks_and_markers(self, surface: pygame.Surface, view: StawkaView, letters: dict[str, str]) -> None:
        font = self.font(13, True)
        half = round(self.location_half())
        for location, count in view.stacks.items():
            x, y = self.space_point(location)
            badge = pygame.Rect(0, 0, 30, 20)
            badge.topright = (x + half - 3, y - round(half * 0.75) + 3)
            pygame.draw.rect(surface, (52, 60, 78), badge, border_radius=4)
            for offset in (4, 2):
                pygame.draw.rect(surface, (120, 130, 150), badge.move(-offset, -offset).inflate(-22, -12), 1)
            label = font.render(str(count), True, (240, 236, 226))
            surface.blit(label, label.get_rect(center=badge.center))
            for index, colour in enumerate(view.markers.get(location, ())):
                mark = pygame.Rect(0, 0, 18, 18)
                mark.topright = (x - half - 2, y - round(half * 0.75) + index * 21)
                pygame.draw.rect(surface, AGENT_COLOURS[colour], mark)
                pygame.draw.rect(surface, (250, 250, 250), mark, 2)
                letter = font.render(letters[colour], True, _text_on(AGENT_COLOURS[colour]))
                surface.blit(letter, letter.get_rect(center=mark.center))

    def threat_tokens(
        self, surface: pygame.Surface, tokens: dict[str, tuple[str, str]], seat: str | None
    ) -> None:
        """Threat tokens: a diamond in the owner's base colour; the kind's letter if the viewer
        may know it, "?" when it lies face down for him."""
        font = self.font(12, True)
        half = round(self.location_half())
        for space, (side, letter) in tokens.items():
            x, y = self.space_point(space)
            if self.kinds.get(space) == "location":
                centre = (x - half + 10, y + round(half * 0.75) - 10)
            else:
                centre = (x - max(14, round(26 * self.scale)), y + max(14, round(26 * self.scale)))
            r = 12
            pygame.draw.polygon(surface, (0, 0, 0), _diamond((centre[0] + 1, centre[1] + 2), r))
            pygame.draw.polygon(surface, BASE_COLOURS[side], _diamond(centre, r))
            pygame.draw.polygon(
                surface, PALETTE["brass"] if side == seat else (235, 230, 220), _diamond(centre, r), 2
            )
            label = font.render(letter, True, (245, 242, 235))
            surface.blit(label, label.get_rect(center=centre))

    def highlights(self, surface: pygame.Surface, costs: dict[str, int | None], hover: str | None) -> None:
        font = self.font(14, True)
        for space, cost in costs.items():
            x, y = self.space_point(space)
            r = (
                max(12, round(26 * self.scale))
                if self.kinds.get(space) != "location"
                else round(self.location_half())
            )
            glow = pygame.Surface((r * 2 + 8, r * 2 + 8), pygame.SRCALPHA)
            alpha = 150 if space == hover else 90
            pygame.draw.circle(glow, (*PALETTE["brass"], alpha), (r + 4, r + 4), r + 3)
            surface.blit(glow, (x - r - 4, y - r - 4))
            pygame.draw.circle(surface, PALETTE["brass"], (x, y), r + 3, 2)
            if cost is None:
                continue
            tag = font.render(f"{cost}", True, (20, 20, 20))
            bubble = tag.get_rect(center=(x + r, y - r)).inflate(10, 4)
            pygame.draw.rect(surface, PALETTE["brass"], bubble, border_radius=8)
            surface.blit(tag, tag.get_rect(center=bubble.center))

    def figures(
        self,
        surface: pygame.Surface,
        view: StawkaView,
        initials: dict[str, str],
        letters: dict[str, str],
        selected: str | None,
        active: str | None,
    ) -> None:
        radius = self.figure_radius()
        small = self.font(max(10, radius * 2 // 3), True)
        tiny = self.font(11, True)
        for agent_id, (x, y) in self.agent_points(view).items():
            agent = next(a for a in view.agents if a.id == agent_id)
            if agent_id in (selected, active):
                pygame.draw.circle(surface, PALETTE["brass"], (x, y), radius + 6, 3)
            pygame.draw.circle(surface, (0, 0, 0), (x + 2, y + 3), radius + 1)
            pygame.draw.circle(surface, BASE_COLOURS[agent.side], (x, y), radius)
            if agent.side == "german":
                # Black bases get a thin white rim and notches; red ones a plain rim: side by shape too.
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
            pygame.draw.circle(
                surface, (240, 236, 226) if agent.colour == "black" else (20, 20, 20), (x, y), inner, 1
            )
            label = small.render(initials.get(agent_id, "?"), True, _text_on(colour))
            surface.blit(label, label.get_rect(center=(x, y)))
            tag = tiny.render(letters[agent.colour], True, _text_on(colour))
            box = tag.get_rect(center=(x + radius - 2, y + radius - 2)).inflate(6, 2)
            pygame.draw.rect(surface, colour, box, border_radius=3)
            pygame.draw.rect(surface, (240, 236, 226), box, 1, border_radius=3)
            surface.blit(tag, tag.get_rect(center=box.center))
            if agent.status == "arrested":
                pygame.draw.line(
                    surface, (240, 236, 226), (x - radius, y - radius), (x + radius, y + radius), 3
                )


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


def _diamond(centre: tuple[int, int], r: int) -> list[tuple[int, int]]:
    x, y = centre
    return [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
