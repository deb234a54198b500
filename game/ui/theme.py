"""The look: one dark palette, the pygame_gui theme built from it, and shared drawing.

Everything the shell draws takes its colours from `PALETTE`, and pygame_gui widgets get
the same colours and our font (DejaVu Sans, for the Polish letters) through `gui_theme`.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from assets import FONT_BOLD, FONT_REGULAR

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
    """The pygame_gui theme: our palette, our font, rounded flat widgets."""
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
    rounded = {
        "shape": "rounded_rectangle",
        "shape_corner_radius": "6",
        "border_width": "1",
        "shadow_width": "0",
    }
    flat = {"shape": "rectangle", "border_width": "0", "shadow_width": "0"}
    return {
        "defaults": {"colours": widget_colours, "font": _font(18, False)},
        "button": {"colours": widget_colours, "font": _font(19, False), "misc": rounded},
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
        "#small": {"font": _font(15, False)},
        "label": {
            "colours": {**widget_colours, "dark_bg": "#00000000"},
            "font": _font(18, False),
            "misc": flat,
        },
        "#heading": {"colours": {"normal_text": p["brass"]}, "font": _font(22, bold=True)},
        "#muted": {"colours": {"normal_text": p["muted"]}, "font": _font(16, False)},
        "text_box": {
            "colours": {**widget_colours, "dark_bg": p["ink"], "normal_border": p["line"]},
            "font": _font(16, False),
            "misc": {**rounded, "padding": "10,8"},
        },
        "text_entry_line": {
            "colours": {**widget_colours, "dark_bg": p["ink"]},
            "font": _font(18, False),
            "misc": rounded,
        },
        "drop_down_menu": {"colours": widget_colours, "font": _font(18, False), "misc": rounded},
        "selection_list": {
            "colours": {**widget_colours, "dark_bg": p["ink"]},
            "font": _font(18, False),
            "misc": {**rounded, "list_item_height": "40"},
        },
        "tool_tip": {
            "colours": {**widget_colours, "dark_bg": p["panel_hi"]},
            "font": _font(15, False),
            "misc": rounded,
        },
        "horizontal_slider": {"colours": widget_colours, "misc": rounded},
        "scroll_bar": {"colours": {**widget_colours, "dark_bg": p["ink"]}, "misc": flat},
    }


def night_background(size: tuple[int, int]) -> pygame.Surface:
    """The shared backdrop: a dark gradient under a faint net (the "siatka"), darkened
    towards the corners. Costly to build, so scenes build it once and blit the cache."""
    width, height = size
    surface = pygame.Surface(size)
    top, bottom = PALETTE["ink"], PALETTE["night"]
    for y in range(height):
        k = y / max(1, height - 1)
        pygame.draw.line(surface, _mix(top, bottom, k), (0, y), (width, y))
    net = pygame.Surface(size, pygame.SRCALPHA)
    step = 48
    for x in range(0, width + step, step):
        pygame.draw.line(net, (*PALETTE["line"], 30), (x, 0), (x, height))
    for y in range(0, height + step, step):
        pygame.draw.line(net, (*PALETTE["line"], 30), (0, y), (width, y))
    surface.blit(net, (0, 0))
    # A vignette computed on a small grid and smoothly scaled up: cheap and banding-free.
    small = pygame.Surface((64, 36), pygame.SRCALPHA)
    for gx in range(64):
        for gy in range(36):
            distance = math.hypot((gx - 31.5) / 32, (gy - 17.5) / 18)
            small.set_at((gx, gy), (0, 0, 0, min(200, int(150 * max(0.0, distance - 0.35) ** 1.4))))
    surface.blit(pygame.transform.smoothscale(small, size), (0, 0))
    return surface


def _mix(a: Colour, b: Colour, k: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * k), round(a[1] + (b[1] - a[1]) * k), round(a[2] + (b[2] - a[2]) * k))


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: str = "panel", border: str = "line") -> None:
    """A rounded card with a hairline border."""
    pygame.draw.rect(surface, PALETTE[colour], rect, border_radius=10)
    pygame.draw.rect(surface, PALETTE[border], rect, width=1, border_radius=10)


def text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    content: str,
    pos: tuple[int, int],
    colour: str = "text",
    anchor: str = "topleft",
) -> pygame.Rect:
    """Blit one line of text anchored at `pos` (``"center"``, ``"midtop"``...); its rect."""
    image = font.render(content, True, PALETTE[colour])
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(font: pygame.font.Font, content: str, width: int) -> list[str]:
    """Break `content` into lines no wider than `width` (paragraphs kept)."""
    lines: list[str] = []
    for paragraph in content.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}".strip()
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
