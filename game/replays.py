"""Games replayed from their files (issue 32, point 4): ``python -m game replay FILE``
replays a save through the rules and prints its number of actions, final digest and outcome.

A save is read by the same `Match.from_json` as loading, so a hostile one is refused as a
save is: too large, too deep, not valid, a move the rules refuse, a state that does not
match its moves.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.storage import read_file
from rules.core import Match
from rules.core.match import MAX_SAVE_BYTES
from rules.core.replay import state_digest


def read_game(path: Path) -> Match:
    """The game a save or replay file holds, replayed through the rules and checked.

    `OSError` when the file cannot be read (not a regular file, too large, missing);
    `SaveError` when it is not a game this version can replay."""
    from rules.registry import TITLES

    return Match.from_json(read_file(path, MAX_SAVE_BYTES), TITLES)


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
