"""A figure's number reads at 14 px or more on the table (issue 11, point 7) at every size
the table draws figures: on a card, waiting to be placed, and small in the tray of the
unmasked, where the badge grows over the figure to hold it."""

from __future__ import annotations

import pygame
import pytest

from game.doppelnull import figures
from game.doppelnull.layout import FIGURE_SCALE, TRAY_SCALE
from game.ui.theme import MIN_TEXT


@pytest.mark.parametrize("scale", [1.0, FIGURE_SCALE, TRAY_SCALE])
@pytest.mark.parametrize("label", ["7", "10"])
def test_a_figures_number_is_never_below_the_smallest_size(
    scale: float, label: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame.font.init()
    rendered: list[tuple[int, int]] = []
    """The badge font's point size and the number's width in it."""
    real = figures._badge_font

    def font(size: int) -> pygame.font.Font:
        face = real(size)
        rendered.append((face.point_size, face.size(label)[0]))
        return face

    monkeypatch.setattr(figures, "_badge_font", font)
    figures._figure.cache_clear()
    try:
        image = figures.figure("female", label, scale, gold=True)
    finally:
        figures._figure.cache_clear()
    ((size, width),) = rendered
    shrink = image.get_width() / (figures.WIDTH * figures.SUPERSAMPLE)
    assert size * shrink >= MIN_TEXT, f"the number is {size * shrink:.1f} px on the table"
    assert width * shrink < image.get_width(), "the number fits across the figure"
