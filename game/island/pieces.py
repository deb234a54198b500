"""The race's pieces, drawn by us: fields, agents' figures, microfilm chips, cards, buttons."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame
from pydantic import BaseModel

from game.ui.fit import clip_text
from game.ui.theme import PALETTE, Colour, rendered, text

SEAT_COLOURS: dict[str, Colour] = {
    "red": (206, 72, 62),
    "blue": (74, 124, 214),
    "green": (82, 172, 94),
    "yellow": (232, 202, 72),
    "violet": (154, 96, 204),
    "white": (232, 232, 226),
}
FIELD_FILL: dict[str, Colour] = {
    "plain": (58, 66, 84),
    "start": (88, 74, 46),
    "station": (156, 98, 46),
    "airport": (62, 104, 156),
    "harbour": (40, 124, 122),
    "water": (36, 78, 128),
}
FIELD_MARK = {"start": "S", "station": "T", "airport": "✈", "harbour": "⚓", "water": "≈"}
SEA = (18, 40, 64)
SEA_EDGE = (30, 62, 92)
ISLAND = (112, 146, 78)
SAND = (196, 176, 116)
INK = (22, 24, 30)
PAPER = (236, 229, 212)
FRIEND = (96, 168, 112)
FOE = (196, 82, 74)


def darker(colour: Colour, k: float = 0.55) -> Colour:
    return (round(colour[0] * k), round(colour[1] * k), round(colour[2] * k))


def ink_on(colour: Colour) -> Colour:
    """Dark ink on a light colour, light on a dark one."""
    return INK if sum(colour) > 420 else PAPER


def draw_field(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, kind: str, font: pygame.font.Font
) -> None:
    fill = FIELD_FILL[kind]
    pygame.draw.circle(surface, fill, centre, radius)
    pygame.draw.circle(surface, PALETTE["brass"] if kind == "start" else darker(fill, 1.5), centre, radius, 2)
    mark = FIELD_MARK.get(kind)
    if mark:
        text(surface, font, mark, centre, "text", "center")


def draw_figure(
    surface: pygame.Surface,
    centre: tuple[int, int],
    colour: Colour,
    scale: float = 1.0,
    mark: tuple[str, pygame.font.Font] | None = None,
) -> pygame.Rect:
    """An agent's figure: a head over a cloaked body, in the seat's colour."""
    x, y = centre
    head = max(3, round(5 * scale))
    body = pygame.Rect(0, 0, round(16 * scale), round(14 * scale))
    body.midbottom = (x, y + round(9 * scale))
    outline = darker(colour, 0.35)
    pygame.draw.ellipse(surface, outline, body.inflate(4, 4))
    pygame.draw.ellipse(surface, colour, body)
    head_centre = (x, body.top - head + 2)
    pygame.draw.circle(surface, outline, head_centre, head + 2)
    pygame.draw.circle(surface, colour, head_centre, head)
    if mark is not None:
        letter, font = mark
        image = rendered(font, letter, ink_on(colour))
        surface.blit(image, image.get_rect(center=body.center))
    return body.union(pygame.Rect(head_centre[0] - head, head_centre[1] - head, 2 * head, 2 * head))


def draw_chip(
    surface: pygame.Surface,
    centre: tuple[int, int],
    colour: Colour,
    radius: int,
    label: str,
    font: pygame.font.Font,
) -> None:
    """A microfilm chip: a disc of the colour with a film-reel rim and its count."""
    pygame.draw.circle(surface, darker(colour, 0.45), centre, radius + 1)
    pygame.draw.circle(surface, colour, centre, radius)
    for spoke in range(6):
        a = spoke * math.pi / 3
        dot = (round(centre[0] + (radius - 3) * math.cos(a)), round(centre[1] + (radius - 3) * math.sin(a)))
        pygame.draw.circle(surface, darker(colour, 0.7), dot, 1)
    if label:
        image = rendered(font, label, ink_on(colour))
        surface.blit(image, image.get_rect(center=centre))


def draw_card_back(
    surface: pygame.Surface, rect: pygame.Rect, colour: Colour, count: int, font: pygame.font.Font
) -> None:
    """A face-down stack with how many cards it holds."""
    for depth in (4, 2, 0):
        layer = rect.move(depth, -depth)
        pygame.draw.rect(surface, darker(colour, 0.6 + depth * 0.05), layer, border_radius=6)
        pygame.draw.rect(surface, PALETTE["line"], layer, 1, border_radius=6)
    pygame.draw.rect(surface, colour, rect.inflate(-12, -12), 2, border_radius=4)
    text(surface, font, str(count), rect.center, "text", "center")


@dataclass
class Button:
    """Something to click on the table: a decision's answer, or a card to pick."""

    rect: pygame.Rect
    label: str
    action: BaseModel | None = None
    tone: str = "plain"
    """``"plain"``, ``"primary"``, ``"friend"``, ``"foe"``."""
    selected: bool = False
    colour: Colour | None = None
    """A chip drawn at the left of the label (taking a microfilm of that colour)."""


def draw_button(surface: pygame.Surface, button: Button, font: pygame.font.Font, hovered: bool) -> None:
    fill = {
        "primary": PALETTE["brass"],
        "friend": darker(FRIEND, 0.8),
        "foe": darker(FOE, 0.8),
    }.get(button.tone, PALETTE["panel_hi"] if hovered else PALETTE["panel"])
    border = PALETTE["brass"] if hovered or button.selected else PALETTE["line"]
    pygame.draw.rect(surface, fill, button.rect, border_radius=6)
    pygame.draw.rect(surface, border, button.rect, 3 if button.selected else 1, border_radius=6)
    left = button.rect.x + 10
    if button.colour is not None:
        draw_chip(surface, (left + 8, button.rect.centery), button.colour, 8, "", font)
        left += 22
    colour = "night" if button.tone == "primary" else "text"
    room = button.rect.right - 8 - left
    if button.colour is None:
        clip_text(surface, font, button.label, button.rect.center, room, colour, "center")
    else:
        clip_text(surface, font, button.label, (left, button.rect.centery), room, colour, "midleft")
