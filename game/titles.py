"""Which table screen draws each title: title id -> `TitleScreen` subclass.

A title's front-end package lands by adding its import and one entry here (`python -m game
new-title` writes both for a new title), e.g.::

    from game.doppelnull.screen import DoppelnullScreen
    SCREENS["doppelnull"] = DoppelnullScreen

A title without an entry is still playable: the play scene falls back to a plain
screen that lists the legal actions as buttons (`game.ui.fallback_screen`).

Message catalogs: every ``game/i18n/<lang>/*.json`` file (``app.json``, one per title
such as ``doppelnull.json``) is merged into one flat catalog per language; keys are
namespaced by their file (``"app.menu.new_game"``, ``"doppelnull.swap"``).
See `game.i18n`.  Which keys a title needs is worked out from the title by
`game.title_needs.title_needs` (the one list; ``python -m game content check`` and the
tests use it).  String params equal to a seat id are shown as that player's name.
"""

from __future__ import annotations

from collections.abc import Callable

from game.curfew.screen import CurfewScreen
from game.doppelnull.screen import DoppelnullScreen
from game.island.screen import IslandScreen
from game.queen_of_spies.screen import QueenScreen
from game.settings import Settings, person_key
from game.stawka.builder import BuilderScene
from game.stawka.screen import StawkaScreen
from game.ui.coach import BASICS
from game.ui.scene import Host, Scene
from game.ui.title_screen import TitleScreen

SCREENS: dict[str, type[TitleScreen]] = {
    "doppelnull": DoppelnullScreen,
    "stawka": StawkaScreen,
    "queen-of-spies": QueenScreen,
    "island": IslandScreen,
    "curfew": CurfewScreen,
}

BUILDERS: dict[str, Callable[[Host, Callable[[str], None]], Scene]] = {"stawka": BuilderScene}
"""Titles whose players may build a scenario of their own: the new-game screen offers a
button that opens the builder, which hands back the id of the scenario it built."""


def first_game_level(settings: Settings, title_id: str, name: str | None) -> str:
    """The computer's level for a game of `title_id` with `name` in the first seat: the
    title's default, or the level its screen offers a first game (`TitleScreen.
    first_game_level`) while the guide has not yet seen that person through one."""
    from rules.registry import TITLES  # a title's rules load when a game is chosen

    title = TITLES[title_id]
    screen = SCREENS.get(title_id)
    first = screen.first_game_level if screen is not None else None
    if first is None or first not in title.bot_ids or not settings.first_game_guide:
        return title.default_bot
    return first if not settings.guide_seen(title_id, BASICS, person_key(name)) else title.default_bot
