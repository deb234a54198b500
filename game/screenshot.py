"""`python -m game screenshot`: the main menu, or a game after K bot actions, to a PNG."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.app import App
from game.settings import Settings, load_settings


def screenshot(
    out: Path,
    title_id: str | None = None,
    scenario: str | None = None,
    seed: int = 1,
    steps: int = 0,
    seat: str | None = None,
    language: str | None = None,
) -> Path:
    """Render one frame headless and save it; returns the path written."""
    settings, _ = load_settings()
    settings = settings.model_copy(update={"fullscreen": False, "window_size": (1600, 900)})
    if language is not None:
        settings = Settings.model_validate({**settings.model_dump(), "language": language})
    app = App(settings)
    if title_id is None:
        from game.scenes.menu import MenuScene

        app.reset(MenuScene(app))
    else:
        from game.scenes.play import PlayScene, bot_played_match

        match = bot_played_match(title_id, scenario, seed, steps)
        # Drawn as `seat` sees it (default: whoever acts now), so no curtain is in the way.
        viewer = seat or match.to_act() or match.seats()[0]
        if viewer not in match.seats():
            raise SystemExit(f"{title_id} has no seat {viewer!r}; it has {', '.join(match.seats())}")
        app.reset(PlayScene(app, match, viewer=viewer, autosave=False))
    app.bot_delay = 0.0
    app.frame(1 / 60, events=[])
    app.frame(1 / 60, events=[])
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.canvas, str(out))
    return out
