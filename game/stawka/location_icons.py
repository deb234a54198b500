"""Small building pictograms for the location cards, one per kind of place.

The rulebook marks a location with an X on the sector tile; the table keeps the card and
draws what the place is, so "Hospital" and "Jail" differ at a glance.  Every icon is a few
pygame primitives scaled to the box it gets, so it stays sharp at every zoom.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.ui.theme import Colour

INK: Colour = (52, 44, 38)
RED: Colour = (170, 40, 36)
PAPER: Colour = (246, 240, 226)

Icon = Callable[[pygame.Surface, pygame.Rect], None]


def _w(box: pygame.Rect) -> int:
    return max(1, box.width // 16)


def _facade(surface: pygame.Surface, box: pygame.Rect, dark: bool) -> pygame.Rect:
    """A block with a window grid; returns the block."""
    body = pygame.Rect(
        box.x + box.width // 8, box.y + box.height // 4, box.width * 3 // 4, box.height * 3 // 4
    )
    pygame.draw.rect(surface, INK if dark else PAPER, body)
    pygame.draw.rect(surface, INK, body, _w(box))
    cols, rows = 3, 2
    wx, wy = body.width / (cols * 2 + 1), body.height / (rows * 2 + 1)
    for c in range(cols):
        for r in range(rows):
            window = pygame.Rect(
                round(body.x + wx * (1 + 2 * c)),
                round(body.y + wy * (1 + 2 * r)),
                max(1, round(wx)),
                max(1, round(wy)),
            )
            pygame.draw.rect(surface, PAPER if dark else INK, window)
    return body


def office(surface: pygame.Surface, box: pygame.Rect) -> None:
    _facade(surface, box, dark=False)


def office_dark(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A dark headquarters with a flag on the roof (Gestapo, Abwehr)."""
    body = _facade(surface, box, dark=True)
    pole = (body.centerx, body.y)
    pygame.draw.line(surface, INK, pole, (pole[0], box.y), _w(box))
    flag = pygame.Rect(pole[0], box.y, box.width // 4, box.height // 7)
    pygame.draw.rect(surface, RED, flag)


def hotel(surface: pygame.Surface, box: pygame.Rect) -> None:
    body = _facade(surface, box, dark=False)
    sign = pygame.Rect(0, 0, body.width // 2, box.height // 5)
    sign.midbottom = (body.centerx, body.y + 1)
    pygame.draw.rect(surface, RED, sign)
    pygame.draw.rect(surface, INK, sign, 1)


def house(surface: pygame.Surface, box: pygame.Rect) -> None:
    body = pygame.Rect(
        box.x + box.width // 5, box.y + box.height * 2 // 5, box.width * 3 // 5, box.height * 3 // 5
    )
    roof = [
        (box.x + box.width // 10, body.y),
        (box.centerx, box.y + box.height // 10),
        (box.right - box.width // 10, body.y),
    ]
    pygame.draw.rect(surface, PAPER, body)
    pygame.draw.rect(surface, INK, body, _w(box))
    pygame.draw.polygon(surface, RED, roof)
    pygame.draw.polygon(surface, INK, roof, _w(box))
    door = pygame.Rect(0, 0, body.width // 4, body.height // 2)
    door.midbottom = body.midbottom
    pygame.draw.rect(surface, INK, door)


def villa(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A wide house with a tree beside it."""
    house(surface, box.inflate(-box.width // 5, 0).move(-box.width // 10, 0))
    tree(
        surface,
        pygame.Rect(
            box.right - box.width * 2 // 5, box.y + box.height // 3, box.width * 2 // 5, box.height * 2 // 3
        ),
    )


def columns(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A classical front: pediment, four columns, steps (courts, theatre)."""
    top = box.y + box.height // 3
    pediment = [(box.x + 1, top), (box.centerx, box.y + box.height // 10), (box.right - 1, top)]
    pygame.draw.polygon(surface, PAPER, pediment)
    pygame.draw.polygon(surface, INK, pediment, _w(box))
    base = box.bottom - box.height // 8
    pygame.draw.rect(surface, INK, (box.x + 1, base, box.width - 2, box.height // 8))
    for k in range(4):
        x = box.x + box.width * (2 * k + 1) // 8
        pygame.draw.line(surface, INK, (x, top), (x, base), max(2, box.width // 10))


def theatre(surface: pygame.Surface, box: pygame.Rect) -> None:
    columns(surface, box)
    pygame.draw.circle(surface, RED, (box.centerx, box.y + box.height * 5 // 18), max(2, box.width // 12))


def phone(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A telephone receiver (also the rulebook's telephone symbol)."""
    w = max(2, box.width // 6)
    r = box.width // 3
    centre = (box.centerx, box.centery + r // 3)
    arc = pygame.Rect(0, 0, r * 2, r * 2)
    arc.center = centre
    pygame.draw.arc(surface, INK, arc, math.radians(20), math.radians(160), w)
    for side in (-1, 1):
        ear = pygame.Rect(0, 0, w * 2, w + 2)
        ear.center = (round(centre[0] + side * r * 0.85), round(centre[1] - r * 0.2))
        pygame.draw.rect(surface, INK, ear, border_radius=2)
    cradle = pygame.Rect(0, 0, r * 2, box.height // 3)
    cradle.midtop = (centre[0], centre[1] + 1)
    pygame.draw.rect(surface, RED, cradle, border_radius=3)


def bars(surface: pygame.Surface, box: pygame.Rect) -> None:
    frame = box.inflate(-box.width // 4, -box.height // 6)
    pygame.draw.rect(surface, PAPER, frame)
    for k in range(1, 5):
        x = frame.x + frame.width * k // 5
        pygame.draw.line(surface, INK, (x, frame.y), (x, frame.bottom), max(2, box.width // 12))
    pygame.draw.rect(surface, INK, frame, max(2, box.width // 12))


def star(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A police badge."""
    cx, cy = box.center
    outer, inner = box.width * 0.45, box.width * 0.2
    points = [
        (
            cx + (outer if k % 2 == 0 else inner) * math.sin(k * math.pi / 5),
            cy - (outer if k % 2 == 0 else inner) * math.cos(k * math.pi / 5),
        )
        for k in range(10)
    ]
    pygame.draw.polygon(surface, (70, 96, 150), points)
    pygame.draw.polygon(surface, INK, points, _w(box))


def train(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A locomotive on rails."""
    rail = box.bottom - box.height // 6
    pygame.draw.line(surface, INK, (box.x, rail), (box.right, rail), _w(box))
    body = pygame.Rect(
        box.x + box.width // 8, box.y + box.height * 2 // 5, box.width * 3 // 4, box.height * 2 // 5
    )
    cab = pygame.Rect(
        body.right - body.width // 3, box.y + box.height // 5, body.width // 3, body.height + box.height // 5
    )
    pygame.draw.rect(surface, INK, body)
    pygame.draw.rect(surface, INK, cab)
    pygame.draw.rect(
        surface,
        RED,
        (
            body.x + body.width // 6,
            box.y + box.height // 4,
            body.width // 8,
            body.y - box.y - box.height // 4,
        ),
    )
    for k in range(3):
        pygame.draw.circle(
            surface, PAPER, (body.x + body.width * (2 * k + 1) // 6, rail - 2), max(2, box.width // 12)
        )
        pygame.draw.circle(
            surface, INK, (body.x + body.width * (2 * k + 1) // 6, rail - 2), max(2, box.width // 12), 1
        )


def rail_office(surface: pygame.Surface, box: pygame.Rect) -> None:
    office(surface, box.inflate(0, -box.height // 5).move(0, -box.height // 10))
    rail = box.bottom - 2
    pygame.draw.line(surface, INK, (box.x, rail), (box.right, rail), _w(box))
    for k in range(6):
        x = box.x + box.width * (2 * k + 1) // 12
        pygame.draw.line(surface, INK, (x, rail - 3), (x, rail), 1)


def stall(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A market stall with a striped awning."""
    awning = pygame.Rect(box.x + 1, box.y + box.height // 5, box.width - 2, box.height // 4)
    stripes = 5
    for k in range(stripes):
        part = pygame.Rect(
            awning.x + awning.width * k // stripes, awning.y, awning.width // stripes + 1, awning.height
        )
        pygame.draw.rect(surface, RED if k % 2 == 0 else PAPER, part)
    pygame.draw.rect(surface, INK, awning, 1)
    counter = pygame.Rect(
        box.x + box.width // 8, box.bottom - box.height // 3, box.width * 3 // 4, box.height // 4
    )
    pygame.draw.rect(surface, INK, counter)
    for x in (counter.x, counter.right - 1):
        pygame.draw.line(surface, INK, (x, awning.bottom), (x, counter.y), _w(box))


def cross(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A hospital: a red cross on white."""
    field = box.inflate(-box.width // 8, -box.height // 8)
    pygame.draw.rect(surface, PAPER, field, border_radius=3)
    pygame.draw.rect(surface, INK, field, 1, border_radius=3)
    arm = field.width // 4
    pygame.draw.rect(surface, RED, (field.centerx - arm // 2, field.y + 3, arm, field.height - 6))
    pygame.draw.rect(surface, RED, (field.x + 3, field.centery - arm // 2, field.width - 6, arm))


def barracks(surface: pygame.Surface, box: pygame.Rect) -> None:
    """Rows of huts."""
    for k in range(3):
        hut = pygame.Rect(box.x + 2, box.y + box.height * (1 + 3 * k) // 10, box.width - 4, box.height // 5)
        pygame.draw.rect(surface, (96, 104, 70), hut)
        pygame.draw.rect(surface, INK, hut, 1)


def fort(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A wall with battlements and a gate."""
    wall = pygame.Rect(box.x + 1, box.y + box.height * 2 // 5, box.width - 2, box.height * 3 // 5)
    pygame.draw.rect(surface, (130, 120, 104), wall)
    merlon = max(2, box.width // 7)
    for x in range(wall.x, wall.right - merlon + 1, merlon * 2):
        pygame.draw.rect(surface, (130, 120, 104), (x, wall.y - merlon, merlon, merlon))
        pygame.draw.rect(surface, INK, (x, wall.y - merlon, merlon, merlon), 1)
    pygame.draw.rect(surface, INK, wall, 1)
    gate = pygame.Rect(0, 0, wall.width // 3, wall.height * 2 // 3)
    gate.midbottom = wall.midbottom
    pygame.draw.rect(
        surface, INK, gate, border_top_left_radius=gate.width // 2, border_top_right_radius=gate.width // 2
    )


def tree(surface: pygame.Surface, box: pygame.Rect) -> None:
    trunk = pygame.Rect(0, 0, max(2, box.width // 8), box.height // 3)
    trunk.midbottom = (box.centerx, box.bottom - 1)
    pygame.draw.rect(surface, (96, 70, 44), trunk)
    crown = min(box.width, box.height) * 0.36
    centre = (box.centerx, round(box.y + box.height * 0.42))
    pygame.draw.circle(surface, (70, 120, 66), centre, round(crown))
    pygame.draw.circle(surface, INK, centre, round(crown), 1)


def cup(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A café: a cup on a saucer, with steam."""
    body = pygame.Rect(
        box.x + box.width // 5, box.y + box.height * 2 // 5, box.width * 2 // 4, box.height * 2 // 5
    )
    pygame.draw.rect(
        surface,
        PAPER,
        body,
        border_bottom_left_radius=body.width // 3,
        border_bottom_right_radius=body.width // 3,
    )
    pygame.draw.rect(
        surface,
        INK,
        body,
        _w(box),
        border_bottom_left_radius=body.width // 3,
        border_bottom_right_radius=body.width // 3,
    )
    handle = pygame.Rect(body.right - 2, body.y + body.height // 5, body.width // 3, body.height // 2)
    pygame.draw.ellipse(surface, INK, handle, _w(box))
    pygame.draw.line(
        surface, INK, (box.x + 2, body.bottom + 2), (box.right - box.width // 6, body.bottom + 2), _w(box)
    )
    for k in (0, 1):
        x = body.x + body.width * (1 + 2 * k) // 4
        pygame.draw.arc(
            surface,
            (120, 110, 100),
            (x - 3, box.y + 2, 6, body.y - box.y - 3),
            math.pi / 2,
            3 * math.pi / 2,
            1,
        )


def anchor(surface: pygame.Surface, box: pygame.Rect) -> None:
    w = max(2, box.width // 10)
    top = box.y + box.height // 6
    pygame.draw.circle(surface, INK, (box.centerx, top), max(2, box.width // 10), 1)
    pygame.draw.line(surface, INK, (box.centerx, top + 2), (box.centerx, box.bottom - 2), w)
    pygame.draw.line(
        surface,
        INK,
        (box.x + box.width // 4, top + box.height // 5),
        (box.right - box.width // 4, top + box.height // 5),
        w,
    )
    arc = pygame.Rect(
        box.x + box.width // 8, box.y + box.height // 3, box.width * 3 // 4, box.height * 3 // 5
    )
    pygame.draw.arc(surface, (56, 90, 140), arc, math.pi, 2 * math.pi, w)


def grave(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A cemetery: crosses on a green mound."""
    mound = pygame.Rect(box.x, box.bottom - box.height // 3, box.width, box.height // 2)
    pygame.draw.ellipse(surface, (110, 140, 96), mound)
    for k, dx in enumerate((-box.width // 4, box.width // 4, 0)):
        x = box.centerx + dx
        height = box.height // 2 if k == 2 else box.height // 3
        base = mound.y + box.height // 8
        pygame.draw.line(surface, INK, (x, base), (x, base - height), _w(box) + 1)
        pygame.draw.line(
            surface,
            INK,
            (x - height // 3, base - height * 2 // 3),
            (x + height // 3, base - height * 2 // 3),
            _w(box) + 1,
        )


def factory(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A shed with a sawtooth roof and a chimney."""
    base = box.bottom - 1
    shed = box.y + box.height // 2
    teeth = 3
    points = [(box.x + 1, base)]
    for k in range(teeth):
        x0 = box.x + 1 + (box.width * 2 // 3) * k // teeth
        x1 = box.x + 1 + (box.width * 2 // 3) * (k + 1) // teeth
        points += [(x0, shed), (x1, shed - box.height // 6), (x1, shed)]
    points += [(box.right - 1, shed), (box.right - 1, base)]
    pygame.draw.polygon(surface, (120, 110, 100), points)
    pygame.draw.polygon(surface, INK, points, 1)
    chimney = pygame.Rect(
        box.right - box.width // 4, box.y + box.height // 8, box.width // 8, shed - box.y - box.height // 8
    )
    pygame.draw.rect(surface, INK, chimney)
    pygame.draw.circle(
        surface, (150, 146, 140), (chimney.centerx + 3, chimney.y - 3), max(2, box.width // 10)
    )


def compass(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A design office: a drawing board with a set square."""
    board = box.inflate(-box.width // 8, -box.height // 5)
    pygame.draw.rect(surface, (214, 226, 236), board)
    pygame.draw.rect(surface, INK, board, 1)
    square = [
        (board.x + 3, board.bottom - 3),
        (board.x + 3, board.y + 3),
        (board.right - 3, board.bottom - 3),
    ]
    pygame.draw.polygon(surface, (56, 90, 140), square, _w(box) + 1)


def target(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A proving ground: a target."""
    r = min(box.width, box.height) // 2 - 1
    for k, colour in enumerate((RED, PAPER, RED, PAPER)):
        pygame.draw.circle(surface, colour, box.center, max(1, r - k * r // 4))
    pygame.draw.circle(surface, INK, box.center, r, 1)


def bunker(surface: pygame.Surface, box: pygame.Rect) -> None:
    dome = pygame.Rect(
        box.x + 1, box.y + box.height // 4, box.width - 2, box.height * 3 // 2 - box.height // 4
    )
    pygame.draw.ellipse(surface, (128, 128, 120), dome)
    pygame.draw.ellipse(surface, INK, dome, 1)
    slit = pygame.Rect(0, 0, box.width // 2, max(2, box.height // 10))
    slit.center = (box.centerx, box.y + box.height // 2)
    pygame.draw.rect(surface, INK, slit)


ICONS: dict[str, Icon] = {
    "hotel": hotel,
    "theatre": theatre,
    "officers_apartments": house,
    "employment_office": office,
    "courts": columns,
    "telephone_booth": phone,
    "gestapo": office_dark,
    "jail": bars,
    "police_station": star,
    "rail_office": rail_office,
    "railway_station": train,
    "market": stall,
    "hospital": cross,
    "tenement": house,
    "abwehr": office_dark,
    "barracks": barracks,
    "fort": fort,
    "park": tree,
    "cafe": cup,
    "ss_villa": villa,
    "waterfront": anchor,
    "cemetery": grave,
    "factory": factory,
    "design_office": compass,
    "proving_ground": target,
    "bunker": bunker,
}
"""Location id -> its pictogram; a location the table does not know gets an office."""


def draw_icon(surface: pygame.Surface, location: str, box: pygame.Rect) -> None:
    clip = surface.get_clip()
    surface.set_clip(box.clip(clip) if clip else box)
    ICONS.get(location, office)(surface, box)
    surface.set_clip(clip)
