"""The player's settings: what they are, where they live, and how they survive damage.

Settings are JSON in ``settings.json`` of the user data folder, written atomically and
validated by `Settings` when read.  A damaged file never stops the app: every field that
is still valid is kept, the others take their defaults, the file is written again
repaired, and the player is told (`load_settings` returns `Notice`s).  A file Siatka
cannot read or write (a folder, a FIFO, a read-only disk) is no different: the app
starts, and says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from game.i18n import system_language
from game.storage import atomic_write_text, data_dir, explain, read_file
from rules.core.model import MAX_NAME

MIN_WINDOW = (800, 450)
MAX_WINDOW = (7680, 4320)
MIN_SPEED = 0.25
"""The slowest animation speed; 0 is instant."""
MAX_SETTINGS_BYTES = 64_000
"""A settings file is a few kilobytes at most; anything larger is not ours."""
MAX_GUIDE_TOPICS = 32
MAX_GUIDED_PEOPLE = 16
"""A guide topic remembers at most this many people (the latest): 32 topics of 16 names
of 40 two-byte letters stay under `MAX_SETTINGS_BYTES`."""
GUIDE_TOPIC = re.compile(r"[a-z0-9-]{1,40}:[a-z0-9_-]{1,40}")


def person_key(name: str | None) -> str:
    """How the guide knows a person: the name typed, without case, or "" for none."""
    return (name or "").strip().casefold()


class Settings(BaseModel):
    """Everything the Settings screen changes."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    language: Literal["en", "pl"] = "en"
    fullscreen: bool = False
    window_size: tuple[int, int] = (1600, 900)
    animation_speed: float = Field(default=1.0, ge=0.0, le=4.0)
    """Multiplies animation and bot-move speed; 2.0 is twice as fast, 0 instant (`game.ui.anim`)."""
    sound: bool = True
    colour_blind_patterns: bool = False
    """Draw patterns on top of colours (network colours, tracks) so no colour stands alone."""
    skip_reaction_windows: bool = False
    """Let every reaction window of a player at this screen pass without asking, whatever he
    holds (so the skip tells the opponent nothing; he then plays no reaction cards)."""
    first_game_guide: bool = True
    """The first-game guide at all (`game.ui.coach`): coach marks over a person's first
    game of each title, and over the first game that uses a part of it they have not
    been guided through (`guides_seen`)."""
    guides_seen: dict[str, list[str]] = Field(default_factory=dict)
    """Per title's guide topic (``"stawka:basics"``, ``"stawka:reactions"``), who has
    finished a game it guided them through, or asked for it no more: people by name
    (`person_key`; ``""`` for a seat whose name nobody typed).  Their next games of the
    title are not guided on that topic; anyone else's first game still is (issue 30)."""
    last_name: str | None = Field(default=None, max_length=MAX_NAME)
    """The name the person at the first seat typed last at a new game's setup: a quick
    match (`game.scenes.menu`) plays under it, and the setup offers it first."""

    @field_validator("guides_seen")
    @classmethod
    def _guides_are_few_and_short(cls, seen: dict[str, list[str]]) -> dict[str, list[str]]:
        if len(seen) > MAX_GUIDE_TOPICS:
            raise ValueError(f"{len(seen)} guide topics, at most {MAX_GUIDE_TOPICS}")
        for topic, people in seen.items():
            if not GUIDE_TOPIC.fullmatch(topic):
                raise ValueError(f"{topic!r} is no guide topic (title:topic)")
            if len(people) > MAX_GUIDED_PEOPLE or any(len(name) > MAX_NAME for name in people):
                raise ValueError(f"too many or too long names for the guide topic {topic!r}")
        return seen

    def guide_seen(self, title: str, topic: str, person: str) -> bool:
        """Whether `person` (`person_key`) has been guided through `topic` of `title`."""
        return person in self.guides_seen.get(f"{title}:{topic}", ())

    def with_guides_seen(self, title: str, seen: Mapping[str, Iterable[str]]) -> Settings:
        """These settings with `seen` (topic -> people) recorded for `title`; the same
        object when nothing is new.  A topic's list keeps its latest `MAX_GUIDED_PEOPLE`."""
        guides = {topic: list(people) for topic, people in self.guides_seen.items()}
        changed = False
        for topic, people in seen.items():
            kept = guides.setdefault(f"{title}:{topic}", [])
            for person in people:
                if person not in kept:
                    kept.append(person)
                    del kept[:-MAX_GUIDED_PEOPLE]
                    changed = True
        if not changed or len(guides) > MAX_GUIDE_TOPICS:
            return self
        return self.model_copy(update={"guides_seen": guides})

    @field_validator("animation_speed")
    @classmethod
    def _instant_or_a_speed(cls, speed: float) -> float:
        if 0 < speed < MIN_SPEED:
            raise ValueError(f"animation speed {speed} is neither 0 (instant) nor {MIN_SPEED}..4")
        return speed

    @field_validator("window_size")
    @classmethod
    def _window_fits_a_screen(cls, size: tuple[int, int]) -> tuple[int, int]:
        width, height = size
        if not (MIN_WINDOW[0] <= width <= MAX_WINDOW[0] and MIN_WINDOW[1] <= height <= MAX_WINDOW[1]):
            raise ValueError(f"window size {width}x{height} is outside {MIN_WINDOW}..{MAX_WINDOW}")
        return size


@dataclass(frozen=True)
class Notice:
    """Something the player is told at start, translated when it is shown."""

    key: str
    fields: tuple[str, ...] = ()
    """Settings fields the message names (``{fields}``), by their Settings-screen labels."""
    problem: OSError | None = None
    """A disk failure the message explains (``{reason}``)."""
    detail: str = ""
    """Text from outside the catalogs the message quotes (``{detail}``)."""

    def text(self, t: Callable[..., str]) -> str:
        params: dict[str, str] = {}
        if self.fields:
            params["fields"] = ", ".join(t(f"app.settings.{name}") for name in self.fields)
        if self.problem is not None:
            params["reason"] = explain(t, self.problem)
        if self.detail:
            params["detail"] = self.detail
        return t(self.key, **params)


def settings_path() -> Path:
    return data_dir() / "settings.json"


def default_settings() -> Settings:
    """Defaults, in Polish when the system speaks Polish (issue 2)."""
    return Settings(language="pl" if system_language() == "pl" else "en")


_JSON_OBJECT: TypeAdapter[dict[str, Any]] = TypeAdapter(dict[str, Any])


def load_settings() -> tuple[Settings, list[Notice]]:
    """The saved settings (damaged fields at their defaults) and what to tell the player."""
    defaults = default_settings()
    try:
        raw = read_file(settings_path(), MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return defaults, []
    except OSError as err:
        return defaults, [Notice("app.settings.unreadable", problem=err)]
    try:
        stored = _JSON_OBJECT.validate_json(raw)  # pydantic's parser bounds the nesting depth
    except ValidationError:
        return defaults, _repair(defaults, Notice("app.settings.damaged"))
    kept: dict[str, Any] = {}
    for name, value in stored.items():
        if name not in Settings.model_fields:
            continue  # a field of another version, or a typo: dropped without a word
        try:
            Settings.model_validate({name: value})
        except ValidationError:
            continue
        kept[name] = value
    settings = Settings.model_validate({**defaults.model_dump(), **kept})
    reset = tuple(name for name in Settings.model_fields if name in stored and name not in kept)
    if not reset:
        return settings, []
    return settings, _repair(settings, Notice("app.settings.repaired", fields=reset))


def _repair(settings: Settings, notice: Notice) -> list[Notice]:
    """Write the repaired `settings` back (the README promises it) and add why that failed."""
    try:
        save_settings(settings)
    except OSError as err:
        return [notice, Notice("app.settings.not_kept", problem=err)]
    return [notice]


def save_settings(settings: Settings) -> None:
    """Write `settings`; `OSError` when the disk refuses (the caller tells the player)."""
    atomic_write_text(settings_path(), settings.model_dump_json(indent=2))
