"""Fonts, images and sounds the front end shows (no code).

`ASSETS` is the folder, found the same way from a clone and from an installed wheel.
"""

from pathlib import Path

ASSETS = Path(__file__).resolve().parent
FONT_REGULAR = ASSETS / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"
