"""The player's settings: what they are, where they live, and how they survive damage.

Settings are JSON in ``settings.json`` of the user data folder, written atomically and
validated by `Settings` when read.  A damaged file never stops the app: it starts with
the defaults and tells the player why (`load_settings` returns a message key).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from game.i18n import system_language
from game.storage import atomic_write_text, data_dir

MIN_WINDOW = (800, 450)
MAX_WINDOW = (7680, 4320)


class Settings(BaseModel):
    """Everything the Settings screen changes."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    language: Literal["en", "pl"] = "en"
    fullscreen: bool = False
    window_size: tuple[int, int] = (1600, 900)
    animation_speed: float = Field(default=1.0, ge=0.25, le=4.0)
    """Multiplies animation and bot-move speed; 2.0 is twice as fast."""
    sound: bool = True
    colour_blind_patterns: bool = False
    """Draw patterns on top of colours (network colours, tracks) so no colour stands alone."""
    skip_reaction_windows: bool = False
    """Skip reaction windows nobody can answer (this knowingly tells who holds a card)."""

    @field_validator("window_size")
    @classmethod
    def _window_fits_a_screen(cls, size: tuple[int, int]) -> tuple[int, int]:
        width, height = size
        if not (MIN_WINDOW[0] <= width <= MAX_WINDOW[0] and MIN_WINDOW[1] <= height <= MAX_WINDOW[1]):
            raise ValueError(f"window size {width}x{height} is outside {MIN_WINDOW}..{MAX_WINDOW}")
        return size


def settings_path() -> Path:
    return data_dir() / "settings.json"


def default_settings() -> Settings:
    """Defaults, in Polish when the system speaks Polish (issue 2)."""
    return Settings(language="pl" if system_language() == "pl" else "en")


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and the message key saying why not."""
    path = settings_path()
    if not path.exists():
        return default_settings(), None
    try:
        return Settings.model_validate_json(path.read_bytes()), None
    except (ValidationError, ValueError, OSError):
        return default_settings(), "app.settings.damaged"


def save_settings(settings: Settings) -> None:
    atomic_write_text(settings_path(), settings.model_dump_json(indent=2))
