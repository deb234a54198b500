"""Which table screen draws each title: title id -> `TitleScreen` subclass.

A title's front-end package lands by adding its import and one entry here, e.g.::

    from game.doppelnull.screen import DoppelnullScreen
    SCREENS["doppelnull"] = DoppelnullScreen

A title without an entry is still playable: the play scene falls back to a plain
screen that lists the legal actions as buttons (`game.scenes.fallback_screen`).

Message catalogs: every ``game/i18n/<lang>/*.json`` file (``app.json``, one per title
such as ``doppelnull.json``) is merged into one flat catalog per language; keys are
namespaced by their file (``"app.menu.new_game"``, ``"doppelnull.swap"``).
See `game.i18n`.
"""

from __future__ import annotations

from game.ui.title_screen import TitleScreen

SCREENS: dict[str, type[TitleScreen]] = {}
