"""Replay files: a finished game to watch again, shared with another copy of Siatka (issue 32).

A replay file is a save file (the same JSON, read by the same `Match.from_json`, so a
hostile one is refused as a save is: too large, too deep, not valid, a move the rules
refuse, a state that does not match its moves) with what is no one else's business left
out: the PINs' hashes and the count of wrong PINs.  Only a finished game is exported: an
unfinished one still has secrets to keep.

Exported files go to the ``replays`` folder of the data folder; importing one checks it
and copies it into the saves folder, where the Load list shows it with the finished games
(from there: Watch).  ``python -m game replay FILE`` replays a save or a replay file
through the rules and prints its number of actions, final digest and outcome.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from game.saves import new_save_path
from game.storage import atomic_write_text, data_dir, read_file
from rules.core import Match, SaveError
from rules.core.match import MAX_SAVE_BYTES
from rules.core.replay import state_digest

REPLAYS_FOLDER = "replays"
SUFFIX = ".json"


def replays_dir() -> Path:
    """Where exported replays go (``<data folder>/replays``), made if it can be."""
    path = data_dir() / REPLAYS_FOLDER
    with contextlib.suppress(OSError):  # the write that needs it says why
        path.mkdir(parents=True, exist_ok=True)
    return path


def read_game(path: Path) -> Match:
    """The game a save or replay file holds, replayed through the rules and checked.

    `OSError` when the file cannot be read (not a regular file, too large, missing);
    `SaveError` when it is not a game this version can replay."""
    from rules.registry import TITLES

    return Match.from_json(read_file(path, MAX_SAVE_BYTES), TITLES)


def shared(match: Match) -> Match:
    """`match` as a replay file holds it: the same game, without the PINs' hashes and the
    wrong PINs counted (a copy; `match` is not touched)."""
    seats = {seat: config.model_copy(update={"pin": None}) for seat, config in match.options.seats.items()}
    copied = copy.copy(match)
    copied.options = match.options.model_copy(update={"seats": seats})
    copied.pin_misses = {}
    return copied


class Unfinished(SaveError):
    """A game still being played: it is no replay to share."""

    def __init__(self) -> None:
        super().__init__(
            "Only a finished game can be shared as a replay: this one is still being played.",
            "replay.unfinished",
        )


def export_replay(match: Match) -> Path:
    """Write `match` (finished) as a replay file in `replays_dir`; the file written.

    `Unfinished` for a game still being played, `OSError` when the disk refuses."""
    if not match.title.is_over(match.state):
        raise Unfinished()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    folder = replays_dir()
    path = folder / f"{match.title.id}-{stamp}{SUFFIX}"
    number = 2
    while path.exists() or path.is_symlink():
        path = folder / f"{match.title.id}-{stamp}-{number}{SUFFIX}"
        number += 1
    atomic_write_text(path, shared(match).to_json())
    return path


def import_replay(path: Path) -> Path:
    """Check the replay file `path` and copy it into the saves folder (the Load list then
    shows it with the finished games); the save written.

    Refused as a save would be (`OSError`, `SaveError`), and `Unfinished` for a game still
    being played; nothing is written then."""
    match = read_game(path)
    if not match.title.is_over(match.state):
        raise Unfinished()
    target = new_save_path(match.title.id)
    atomic_write_text(target, shared(match).to_json())
    return target


def importable() -> list[Path]:
    """The ``*.json`` files in `replays_dir`, newest first (none is read here)."""
    found: list[tuple[float, Path]] = []
    try:
        entries = list(os.scandir(replays_dir()))
    except OSError:
        return []
    for entry in entries:
        if not entry.name.endswith(SUFFIX) or entry.name.startswith("."):
            continue
        try:
            if entry.is_file():
                found.append((entry.stat().st_mtime, Path(entry.path)))
        except OSError:
            continue
    return [path for _, path in sorted(found, reverse=True)]


@dataclass(frozen=True)
class Replayed:
    """What ``python -m game replay`` prints of a file."""

    title: str
    scenario: str | None
    actions: int
    digest: str
    over: bool
    outcome: dict[str, Any] | None

    def as_json(self) -> str:
        return json.dumps(self.__dict__)

    def as_text(self) -> str:
        scenario = f" {self.scenario}" if self.scenario else ""
        result = "unfinished" if self.outcome is None else json.dumps(self.outcome)
        return f"{self.title}{scenario}: {self.actions} actions, digest {self.digest}, outcome {result}"


def replayed(path: Path) -> Replayed:
    """Replay the save or replay file `path` through the rules (`OSError`, `SaveError`)."""
    match = read_game(path)
    outcome = match.outcome()
    return Replayed(
        title=match.title.id,
        scenario=match.options.scenario,
        actions=len(match.actions),
        digest=state_digest(match.title, match.state),
        over=match.title.is_over(match.state),
        outcome=None if outcome is None else outcome.model_dump(mode="json"),
    )
