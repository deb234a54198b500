"""Where Siatka keeps its files, and how it writes them without ever half-writing one.

Settings and saves are the front end's business: the rules core never touches a disk.

Saves are JSON, never pickle (a save file from someone else must not run code).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from platformdirs import user_data_dir


def data_dir() -> Path:
    """The user data folder (``SIATKA_HOME`` overrides it, for tests and portable use)."""
    override = os.environ.get("SIATKA_HOME")
    path = Path(override) if override else Path(user_data_dir("siatka", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    """The game autosaved after every action; "Continue last game" opens it."""
    return saves_dir() / "autosave.json"


def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` to `path` so that a crash leaves either the old file or the new one.

    The text goes to a temporary file in the same folder, is flushed to disk, and then
    replaces `path` in one rename.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
