"""The radio station of "I Know Who You Are" on the table: its token on the board where the
viewer knows it lies, and a caption with what is known of it (the sectors named, the
transmission's stages, the German secrets toward it).  Every figure is the view's
(`rules.stawka.film.radio`); nothing here decides a rule."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.stawka.labels import Labels
from game.ui.theme import MIN_TEXT, panel, text, wrap
from rules.stawka.view import StawkaView

ON_AIR = (196, 52, 44)
"""The token's colour while the report goes out."""
QUIET = (52, 60, 78)
LINE = 22
CAPTION_PADDING = 20


def token(surface: pygame.Surface, centre: tuple[int, int], radius: int, on_air: bool) -> None:
    """A round token with an aerial and its waves, red while transmitting."""
    x, y = centre
    pygame.draw.circle(surface, (0, 0, 0), (x + 1, y + 2), radius)
    pygame.draw.circle(surface, ON_AIR if on_air else QUIET, centre, radius)
    pygame.draw.circle(surface, (246, 240, 226), centre, radius, 2)
    width = max(2, radius // 6)
    pygame.draw.line(surface, (246, 240, 226), (x, y + radius // 2), (x, y - radius // 3), width)
    pygame.draw.circle(surface, (246, 240, 226), (x, y - radius // 3), width)
    for step in (1, 2):
        arc = pygame.Rect(0, 0, radius * step * 0.7, radius * step * 0.7)
        arc.center = (x, y - radius // 3)
        pygame.draw.arc(surface, (246, 240, 226), arc, math.radians(30), math.radians(150), width - 1)


def caption_lines(view: StawkaView, labels: Labels) -> list[str]:
    """What the viewer knows of the station, one line each."""
    radio = view.radio
    if radio is None:
        return []
    t = labels.ctx.t
    if radio.location is not None:
        lines = [t("stawka.ui.radio.at", location=labels.location(radio.location))]
    elif len(radio.sectors) == 1:
        lines = [t("stawka.ui.radio.sector", sector=labels.sector(radio.sectors[0]))]
    elif radio.sectors:
        first, second = (labels.sector(s) for s in radio.sectors)
        lines = [t("stawka.ui.radio.sectors", sector=first, other=second)]
    else:
        lines = [t("stawka.ui.radio.hidden")]
    if radio.since is not None:
        lines.append(t("stawka.ui.radio.on_air", stage=radio.since, until=radio.on_air_until))
    elif not radio.public:
        lines.append(t("stawka.ui.radio.clues", clues=radio.clues, count=view.clues_to_locate))
    return lines


def draw(
    surface: pygame.Surface,
    view: StawkaView,
    labels: Labels,
    room: pygame.Rect,
    point: Callable[[str], tuple[int, int]],
    half: int,
    font: Callable[[int, bool], pygame.font.Font],
) -> None:
    """The token on its location (if the viewer knows it; `half` is half a location's size)
    and the caption at the top left of `room` (the board's empty tile place, or the board)."""
    radio = view.radio
    if radio is None:
        return
    if radio.location is not None:
        # The location's bottom-right corner: its item stack's badge is top right, the
        # "I was here" markers bottom left, the figures around its middle.
        x, y = point(radio.location)
        size = max(11, half * 2 // 5)
        token(surface, (x + half - size, y + round(half * 0.75) - size), size, radio.since is not None)
    face = font(MIN_TEXT, False)
    most = room.width - 20 - CAPTION_PADDING
    # The first line (where it is) in brass, wrapped or not.
    lines = [
        (part, "brass" if index == 0 else "text")
        for index, line in enumerate(caption_lines(view, labels))
        for part in wrap(face, line, most)
    ]
    width = max(face.size(line)[0] for line, _ in lines) + CAPTION_PADDING
    box = pygame.Rect(room.x + 10, room.y + 10, width, 12 + LINE * len(lines))
    panel(surface, box, "ink", "brass" if radio.since is not None else "line")
    for index, (line, colour) in enumerate(lines):
        text(surface, face, line, (box.x + 10, box.y + 6 + LINE * index), colour)
