"""The saved games: each game's own file, which of them are in progress, which Continue opens.

Every game has its own file in the saves folder (``<title>-<date>-<time>.json``), written
atomically after each action from the first one on (`GameFile.autosave`).  Nothing
else writes it, and only the person deletes it (Load, Delete): starting a new game never
touches another game's file, and a finished game stays listed.  (Versions before issue 28
kept one ``autosave.json`` that every new game overwrote; it is listed and opened like any
other save.)

A save says, within its first bytes, whether the game is over and whose turn it is
(`Match.status`): the Load list puts the games in progress first and Continue opens the one
played last, each having read `SAVE_HEAD_BYTES` of every file and no more.  A file that
says nothing of it (damaged, or from an older version) is listed with the finished ones.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.storage import read_head, saves_dir
from rules.core.match import SAVE_HEAD_BYTES, Match, SaveStatus

MAX_REMEMBERED = 20_000
"""Statuses remembered per run (by file version): enough for any saves folder, and bounded."""


@dataclass(frozen=True)
class SaveFile:
    """One entry of the saves folder, as one ``stat`` saw it."""

    path: Path
    modified: float
    size: int
    regular: bool
    """False for a FIFO, a device or a broken link: listed as damaged, never read."""


def listed_saves() -> list[SaveFile]:
    """Every ``*.json`` in the saves folder that is not a folder, newest first (no file is read)."""
    found: list[SaveFile] = []
    try:
        entries = list(os.scandir(saves_dir()))
    except OSError:
        return found
    for entry in entries:
        if not entry.name.endswith(".json") or entry.name.startswith("."):
            continue
        try:
            try:
                info = entry.stat()
            except OSError:  # a broken link: listed by its own entry, so it can be deleted
                info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if stat.S_ISDIR(info.st_mode):
            continue  # Delete could not remove it; it is no save
        found.append(SaveFile(Path(entry.path), info.st_mtime, info.st_size, stat.S_ISREG(info.st_mode)))
    return sorted(found, key=lambda save: (save.modified, save.path.name), reverse=True)


_statuses: dict[tuple[Path, float, int], SaveStatus | None] = {}


def status_of(save: SaveFile) -> SaveStatus | None:
    """Whether `save`'s game is over and whose turn it is (None: it does not say), read
    from its first bytes once per version of the file."""
    key = (save.path, save.modified, save.size)
    if key not in _statuses:
        if len(_statuses) >= MAX_REMEMBERED:
            _statuses.clear()
        try:
            _statuses[key] = Match.status(read_head(save.path, SAVE_HEAD_BYTES)) if save.regular else None
        except OSError:
            _statuses[key] = None
    return _statuses[key]


def in_progress(save: SaveFile) -> bool:
    found = status_of(save)
    return found is not None and found.in_progress


def in_order(saves: list[SaveFile]) -> list[SaveFile]:
    """`saves` (newest first) with the games in progress before the others, each newest first."""
    going = [save for save in saves if in_progress(save)]
    return going + [save for save in saves if not in_progress(save)]


def latest_in_progress() -> Path | None:
    """The file of the game in progress played last (Continue opens it), or None."""
    return next((save.path for save in listed_saves() if in_progress(save)), None)


def new_save_path(title_id: str) -> Path:
    """A file for a new game of `title_id`, named by the time it began, taken by no other."""
    folder = saves_dir()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"{title_id}-{stamp}.json"
    number = 2
    while path.exists() or path.is_symlink():  # two games begun within a second
        path = folder / f"{title_id}-{stamp}-{number}.json"
        number += 1
    return path
