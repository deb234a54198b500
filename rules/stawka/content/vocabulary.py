"""The words every Stawka content schema shares: sides, colours, tile geometry, texts.

The tile geometry (a face drawn in a square of ``TILE_SIZE``, two exits per edge at
``EXIT_OFFSETS``) is explained in the package docstring of `rules.stawka.content`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rules.core.model import Frozen

Side = Literal["polish", "german"]
Colour = Literal["yellow", "purple", "blue", "black"]
COLOURS: tuple[Colour, ...] = ("yellow", "purple", "blue", "black")
SIDES: tuple[Side, ...] = ("polish", "german")
Edge = Literal["N", "E", "S", "W"]
EDGES: tuple[Edge, ...] = ("N", "E", "S", "W")
EXIT_OFFSETS: tuple[int, ...] = (300, 700)
TILE_SIZE = 1000
MilitaryFunction = Literal["private", "officer", "ss_officer", "civilian"]
RuleLevel = Literal["basic", "extended", "advanced"]

Coordinate = Annotated[int, Field(ge=0, le=TILE_SIZE)]


class Text(Frozen):
    """A text in both languages of the app."""

    en: str = Field(min_length=1)
    pl: str = Field(min_length=1)
