"""The pygame front end of Siatka: window, scenes, widgets, drawing, input -> actions."""

import os

# pygame prints a greeting to stdout when imported; every command's stdout is ours
# (`simulate` prints exactly one JSON line), so it is hushed before anything imports it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
