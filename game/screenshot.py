"""`python -m game screenshot`: the main menu, a menu scene, or a game after K bot actions, to a PNG.

Every argument is checked before anything is drawn: an unknown title, scenario or seat,
a title whose data is broken, or a file that cannot be written is a `ValueError` with a
one-line reason (the command line prints it and exits 2).
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.app import App
from game.settings import Settings, load_settings
from game.ui.scene import Scene

SCENES = ("menu", "setup", "load", "statistics", "settings", "rules")
"""Scenes ``--scene`` opens (over the main menu, as a person would reach them)."""


def screenshot(
    out: Path,
    title_id: str | None = None,
    scenario: str | None = None,
    seed: int = 1,
    steps: int = 0,
    seat: str | None = None,
    language: str | None = None,
    scene: str | None = None,
) -> Path:
    """Render one frame headless and save it; returns the path written."""
    _check(title_id, scenario, steps, scene)
    _check_writable(out)
    settings, _ = load_settings()
    settings = settings.model_copy(update={"fullscreen": False, "window_size": (1600, 900)})
    if language is not None:
        settings = Settings.model_validate({**settings.model_dump(), "language": language})
    app = App(settings)
    if scene is not None or title_id is None:
        from game.scenes.menu import MenuScene

        app.reset(MenuScene(app))
        if scene not in (None, "menu"):
            app.push(_menu_scene(app, scene, title_id, scenario))
    else:
        from game.scenes.play import PlayScene
        from game.scenes.play_files import bot_played_match

        match = bot_played_match(title_id, scenario, seed, steps)
        # Drawn as `seat` sees it (default: whoever acts now), so no curtain is in the way.
        viewer = seat or match.to_act() or match.seats()[0]
        if viewer not in match.seats():
            raise ValueError(f"{title_id} has no seat {viewer!r}; it has {', '.join(match.seats())}")
        app.reset(PlayScene(app, match, viewer=viewer, autosave=False))
    app.bot_delay = 0.0
    app.frame(1 / 60, events=[])
    app.frame(1 / 60, events=[])
    try:
        pygame.image.save(app.canvas, str(out))
    except (pygame.error, OSError) as err:
        raise ValueError(f"cannot write {out}: {err}") from err
    return out


def _check(title_id: str | None, scenario: str | None, steps: int, scene: str | None) -> None:
    """A one-line ValueError for arguments that name nothing there is to draw."""
    from rules.registry import TITLES, content_problem

    if steps < 0:
        raise ValueError(f"--steps must be 0 or more, not {steps}")
    if title_id is None:
        if scenario is not None:
            raise ValueError("--scenario needs --title")
        return
    title = TITLES.get(title_id)
    if title is None:
        raise ValueError(f"unknown title {title_id!r}; known: {', '.join(sorted(TITLES))}")
    if scene in (None, "setup"):  # drawing a game or its setup needs the title's data
        problem = content_problem(title_id)
        if problem is not None:
            raise ValueError(f"{title_id} is unavailable: {problem.splitlines()[0]}")
    if scenario is not None and scenario not in title.scenarios:
        known = ", ".join(title.scenarios) or "none"
        raise ValueError(f"{title_id} has no scenario {scenario!r}; it has {known}")


def _check_writable(out: Path) -> None:
    """Make `out`'s folder and fail now, before drawing, if a file cannot go there."""
    if out.is_dir():
        raise ValueError(f"cannot write {out}: it is a folder")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ValueError(f"cannot write {out}: {err.strerror or err}") from err
    if not os.access(out.parent, os.W_OK):
        raise ValueError(f"cannot write {out}: the folder is not writable")


def _menu_scene(app: App, scene: str | None, title_id: str | None, scenario: str | None) -> Scene:
    """The scene called `scene`; `title_id` picks the title shown in setup and rules, and
    `scenario` the scenario chosen in setup."""
    if scene == "setup":
        from game.scenes.setup import SetupScene

        setup = SetupScene(app, title_id)
        if scenario is not None:
            setup.use_scenario(scenario)
            setup.rebuild()
        return setup
    if scene == "load":
        from game.scenes.load import LoadScene

        return LoadScene(app)
    if scene == "statistics":
        from game.scenes.statistics import StatisticsScene

        return StatisticsScene(app)
    if scene == "settings":
        from game.scenes.settings import SettingsScene

        return SettingsScene(app)
    if scene == "rules":
        from game.scenes.rules_reader import RulesScene

        return RulesScene(app, title_id)
    raise ValueError(f"no scene {scene!r}; there are {', '.join(SCENES)}")
