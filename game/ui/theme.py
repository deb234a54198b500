"""The look: one dark palette, the pygame_gui theme built from it, and shared drawing.

Everything the shell draws takes its colours from `PALETTE`, and pygame_gui widgets get
the same colours and our font (DejaVu Sans, for the Polish letters) through `gui_theme`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pygame

from assets import FONT_BOLD, FONT_REGULAR
from game.ui.context import LOGICAL_SIZE

Colour = tuple[int, int, int]

PALETTE: dict[str, Colour] = {
    "night": (13, 16, 22),
    "ink": (19, 23, 31),
    "panel": (27, 32, 43),
    "panel_hi": (37, 44, 59),
    "line": (55, 64, 82),
    "text": (228, 223, 210),
    "muted": (140, 147, 160),
    "brass": (212, 166, 86),
    "brass_dim": (139, 108, 58),
    "red": (196, 82, 74),
    "green": (112, 168, 122),
    "blue": (96, 140, 196),
}

FONT_NAME = "dejavu"
MIN_REAL_TEXT = 14
"""The smallest text a person sees, in pixels of the screen (issue 11, point 7; issue 29,
point 5): smaller does not read."""
READABLE_WINDOW = (1280, 720)
"""The smallest window in which every text still shows at `MIN_REAL_TEXT` or more."""
MIN_TEXT = math.ceil(MIN_REAL_TEXT * LOGICAL_SIZE[0] / READABLE_WINDOW[0])
"""The smallest text size on the 1600x900 canvas, 18 px: the canvas is scaled to the window,
by 0.8 in a 1280x720 one, where 18 px shows at 14.4 (issue 29, point 5; at 14 px on the
canvas, as before, a text showed at 11.2 px there)."""
NET_GLOW: Colour = (9, 11, 14)
"""What the net's threads add to the backdrop beneath them."""


def hex_colour(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _font(size: int, bold: bool = False) -> dict[str, str]:
    return {
        "name": FONT_NAME,
        "size": str(size),
        "bold": "1" if bold else "0",
        "regular_path": str(FONT_REGULAR),
        "bold_path": str(FONT_BOLD),
    }


def gui_theme() -> dict[str, Any]:
    """The pygame_gui theme: our palette, our font, flat outlined widgets."""
    p = {name: hex_colour(colour) for name, colour in PALETTE.items()}
    widget_colours = {
        "normal_bg": p["panel"],
        "hovered_bg": p["panel_hi"],
        "active_bg": p["brass_dim"],
        "selected_bg": p["brass_dim"],
        "disabled_bg": p["ink"],
        "dark_bg": p["ink"],
        "normal_text": p["text"],
        "hovered_text": "#ffffff",
        "active_text": "#ffffff",
        "selected_text": "#ffffff",
        "disabled_text": "#5c6270",
        "normal_border": p["line"],
        "hovered_border": p["brass"],
        "active_border": p["brass"],
        "selected_border": p["brass"],
        "disabled_border": p["panel"],
        "text_cursor": p["brass"],
        "filled_bar": p["brass"],
        "unfilled_bar": p["panel"],
        "link_text": p["brass"],
        "link_hover": "#ffffff",
        "link_selected": p["brass"],
    }
    # Square corners: pygame_gui's rounded shapes cost ~2 ms per widget to build,
    # which the start-up budget (issue 2: at most 2x a bare window) cannot afford.
    outlined = {"shape": "rectangle", "border_width": "1", "shadow_width": "0"}
    flat = {"shape": "rectangle", "border_width": "0", "shadow_width": "0"}
    # Colours are given once in "defaults" (every widget inherits them); elements only
    # add their font, shape and the colours they change. Each colour costs parsing time.
    return {
        "defaults": {"colours": widget_colours},
        "button": {"font": _font(19, False), "misc": outlined},
        "#primary": {
            "colours": {
                "normal_bg": p["brass"],
                "hovered_bg": "#e6bd72",
                "active_bg": p["brass_dim"],
                "normal_text": p["night"],
                "hovered_text": p["night"],
                "active_text": p["night"],
                "normal_border": p["brass"],
                "hovered_border": "#f3d9a4",
            },
            "font": _font(20, bold=True),
        },
        "#menu": {"font": _font(22, False)},
        "#list_entry": {
            "misc": {**outlined, "text_horiz_alignment": "left", "text_horiz_alignment_padding": "18"}
        },
        "#danger": {
            "colours": {"normal_text": p["red"], "hovered_border": p["red"], "hovered_text": "#ffffff"}
        },
        "#confirm_button": {  # the confirmation dialog's action: deleting a save, giving up a stage
            "colours": {"normal_text": p["red"], "hovered_border": p["red"], "hovered_text": "#ffffff"}
        },
        "label": {"colours": {"dark_bg": "#00000000"}, "font": _font(18, False), "misc": flat},
        "#muted": {"colours": {"normal_text": p["muted"]}, "font": _font(MIN_TEXT, False)},
        "#row_title": {"font": _font(MIN_TEXT, True), "misc": {**flat, "text_horiz_alignment": "left"}},
        "#row_facts": {
            "colours": {"normal_text": p["muted"]},
            "font": _font(MIN_TEXT, False),
            "misc": {**flat, "text_horiz_alignment": "left"},
        },
        "text_box": {"font": _font(MIN_TEXT, False), "misc": {**outlined, "padding": "10,8"}},
        "#reading": {
            "font": _font(19, False),
            "misc": {**outlined, "padding": "24,18", "line_spacing": "1.3"},
        },
        "text_entry_line": {"font": _font(18, False), "misc": {**outlined, "padding": "12,4"}},
        "drop_down_menu": {"font": _font(18, False), "misc": outlined},
        "selection_list": {"font": _font(18, False), "misc": {**outlined, "list_item_height": "40"}},
        "tool_tip": {"colours": {"dark_bg": p["panel_hi"]}, "font": _font(MIN_TEXT, False), "misc": outlined},
        "scroll_bar": {"misc": flat},
    }


def night_background(size: tuple[int, int]) -> pygame.Surface:
    """The shared backdrop: a dark gradient under a faint net (the "siatka"), darker
    towards the corners.  Start-up builds it, and a window-sized surface costs milliseconds
    in a fresh process, so it makes two: the gradient scaled up, the net's threads added in
    place, the vignette scaled up and multiplied in.  Made after the window opens, it has
    the window's format (blitting it needs no conversion); scenes build it once."""
    width, height = size
    gradient = pygame.Surface((1, 2))
    gradient.set_at((0, 0), PALETTE["ink"])
    gradient.set_at((0, 1), PALETTE["night"])
    surface = pygame.transform.smoothscale(gradient, size)
    step = 48
    for x in range(0, width, step):  # where two threads cross, their glows add up: a knot
        surface.fill(NET_GLOW, (x, 0, 1, height), special_flags=pygame.BLEND_RGB_ADD)
    for y in range(0, height, step):
        surface.fill(NET_GLOW, (0, y, width, 1), special_flags=pygame.BLEND_RGB_ADD)
    # Vignette: brightness factors on a coarse grid, scaled up smoothly and multiplied in.
    shade = pygame.Surface((32, 18))
    for gx in range(32):
        for gy in range(18):
            distance = math.hypot((gx - 15.5) / 16, (gy - 8.5) / 9)
            level = 255 - min(150, int(170 * max(0.0, distance - 0.4) ** 1.3))
            shade.set_at((gx, gy), (level, level, level))
    surface.blit(pygame.transform.smoothscale(shade, size), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return surface


def _mix(a: Colour, b: Colour, k: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * k), round(a[1] + (b[1] - a[1]) * k), round(a[2] + (b[2] - a[2]) * k))


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: str = "panel", border: str = "line") -> None:
    """A rounded card with a hairline border."""
    pygame.draw.rect(surface, PALETTE[colour], rect, border_radius=10)
    pygame.draw.rect(surface, PALETTE[border], rect, width=1, border_radius=10)


WATCHERS: list[Callable[[str, pygame.Rect], None]] = []
"""Who is told where texts drawn on surfaces of their own lie (the layout check)."""


def text_at(content: str, rect: pygame.Rect) -> None:
    """`content` drawn on a surface of its own (a board's cached layer, a panel's image)
    now lies at `rect` on the canvas: told to the `WATCHERS`, as `text` is seen drawn."""
    for watcher in WATCHERS:
        watcher(content, rect)


def text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    content: str,
    pos: tuple[int, int],
    colour: str = "text",
    anchor: str = "topleft",
) -> pygame.Rect:
    """Blit one line of text anchored at `pos` (``"center"``, ``"midtop"``...); its rect."""
    image = rendered(font, plain(content), PALETTE[colour])
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=2048)
def rendered(font: pygame.font.Font, content: str, colour: Colour) -> pygame.Surface:
    """One line of text, anti-aliased, rendered once: tables draw the same labels every
    frame.  The surface is shared, so callers blit it and never change it."""
    return font.render(content, True, colour)


SOFT_HYPHEN = "\u00ad"
"""Where a catalog lets a long word break ("przesłu\u00adchanie"): `wrap` breaks it there,
with a hyphen, when the word does not fit its line; never shown otherwise."""


def plain(content: str) -> str:
    """`content` without its soft hyphens."""
    return content.replace(SOFT_HYPHEN, "") if SOFT_HYPHEN in content else content


def wrap(font: pygame.font.Font, content: str, width: int) -> list[str]:
    """Break `content` into lines no wider than `width` (paragraphs kept); a word that does
    not fit its line breaks at a soft hyphen, if it has one that lets its head fit."""
    lines: list[str] = []
    for paragraph in content.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            while True:
                candidate = f"{line} {word}".strip()
                if font.size(plain(candidate))[0] <= width:
                    line = candidate
                    break
                split = _hyphenated(font, line, word, width)
                if split is not None:
                    head, word = split
                    lines.append(plain(f"{line} {head}-".strip()))
                    line = ""
                elif line:
                    lines.append(plain(line))
                    line = ""
                else:
                    line = candidate  # wider than the line, and nowhere to break it
                    break
        lines.append(plain(line))
    return lines


def _hyphenated(font: pygame.font.Font, line: str, word: str, width: int) -> tuple[str, str] | None:
    """`word` broken at its last soft hyphen that lets `line`, the head and a hyphen fit
    `width`: (head, tail), or None."""
    for at in range(len(word) - 1, 0, -1):
        if word[at] == SOFT_HYPHEN and font.size(plain(f"{line} {word[:at]}-".strip()))[0] <= width:
            return word[:at], word[at + 1 :]
    return None
