"""No text a person sees below 14 real pixels, in a 1600x900 window and in a 1280x720 one
(issue 11, point 7; issue 29, point 5), in every scene of every title the app offers
(tests/ui/gallery.py: menu, load, settings, rules, setup, the tables at a few moments, game
over, the curtain), in English and Polish, with the pointer over a few spots of each table
so that what it shows under the pointer is drawn too.

Every scene is drawn once for this and for its layout: tests/ui/test_layout_fits.py's
`test_every_scene_of_every_title_fits_and_no_text_is_below_the_smallest_size` watches its
fonts (tests/ui/small_text.py).  Here: the widgets' fonts (pygame_gui's own, not watched),
checked in the theme they are made from, and the watch itself.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from assets import FONT_REGULAR
from game.ui.context import LOGICAL_SIZE
from game.ui.theme import MIN_REAL_TEXT, gui_theme
from tests.ui import gallery
from tests.ui.party_scenes import party_app, show
from tests.ui.small_text import SMALL, sweep_the_pointer, too_small, watch_scale, watching_fonts

WINDOWS = ((1600, 900), (1280, 720))


def fonts_of(theme: dict[str, Any]) -> dict[str, int]:
    """The size of every font the widgets' theme names, by element."""
    return {element: int(block["font"]["size"]) for element, block in theme.items() if "font" in block}


@pytest.mark.parametrize("window", WINDOWS)
def test_no_widget_text_below_the_smallest_size(window: tuple[int, int]) -> None:
    scale = min(window[0] / LOGICAL_SIZE[0], window[1] / LOGICAL_SIZE[1])
    sizes = fonts_of(gui_theme())
    assert "tool_tip" in sizes and "text_box" in sizes, "the theme names the widgets' fonts"
    small = {element: size for element, size in sizes.items() if size * scale < MIN_REAL_TEXT}
    assert not small, f"on the screen at {window}: {small}"


def test_the_watch_sees_a_text_rendered_too_small_for_the_window() -> None:
    """A text rendered at 16 px on the canvas is fine in a 1600x900 window and too small in a
    1280x720 one (it shows at 80%: 12.8 px), where the watch says so with the text."""
    for window, small in (((1600, 900), False), ((1280, 720), True)):
        with watching_fonts(), party_app("en", window) as app:
            watch_scale(app)
            scene = show(app, gallery.SCENES["table-stawka-training-1"])
            sweep_the_pointer(app, scene)
            SMALL.clear()
            pygame.font.Font(FONT_REGULAR, 16).render("Kloss", True, (0, 0, 0))
            found = too_small(scene)
        assert any("'Kloss'" in text for text in found) is small, found
