"""A game watched again: every state from its start to its last action (issue 32).

A save holds the seed, the generator version and the actions; `Replay` replays them through
the rules once, as loading does, and keeps each state on the way, with the events each
action made and who took it.  The table is then moved to any step (`Replay.go`): forward,
back, to the start of a stage (`Replay.marks`, where `Title.progress` changes) or to the
step a log line belongs to (`Replay.step_of`).  Nothing is acted on: the match a replay
shows is moved between the states it already holds, never handed an action.

`state_digest` is the one digest of a game's state: `python -m game replay` prints it, and
the tests compare games by it.
"""

from __future__ import annotations

import bisect
import hashlib
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from rules.core.errors import IllegalAction
from rules.core.match import Match
from rules.core.model import Event, GameOptions, GameState, Progress, Seat
from rules.core.rng import DICE_VERSION
from rules.core.title import Title


def state_digest(title: Title[Any, Any, Any], state: GameState) -> str:
    """The SHA-256 of the state's JSON (`Title.dump`: without the undo chain), in hex."""
    return hashlib.sha256(title.dump(state).encode("utf-8")).hexdigest()


class Replay:
    """Every step of one game, and the match the table reads moved to one of them.

    Step 0 is the game before anyone acted (what automated seats did first included);
    step k follows the k-th action.  Building it replays the actions through the rules
    (`Match.act`): an action that is not legal raises `IllegalAction`, as loading would.
    """

    def __init__(
        self,
        title: Title[Any, Any, Any],
        options: GameOptions,
        seed: int,
        actions: Sequence[BaseModel | dict[str, Any]],
        dice: int = DICE_VERSION,
    ) -> None:
        match = Match(title, options, seed, dice)
        self.states: list[GameState] = [match.state]
        self.actors: list[Seat | None] = [None]
        """Who took the action that led to each step (None at step 0)."""
        self.ends: list[int] = [len(match.log)]
        """How many events the log holds at each step."""
        for action in actions:
            self.actors.append(match.to_act())
            match.act(action)
            self.states.append(match.state)
            self.ends.append(len(match.log))
        self.log: tuple[Event, ...] = tuple(match.log)
        self.actions: tuple[BaseModel, ...] = tuple(match.actions)
        self.match = WatchedMatch(title, options, seed, dice)
        """The match the table reads: its state, actions and log as they stood at `at`."""
        self.at = self.go(self.last)
        """The step shown now."""

    @classmethod
    def of(cls, match: Match) -> Replay:
        """The replay of `match` from its first action to its last (the match is not touched)."""
        replay = cls(match.title, match.options, match.seed, match.actions, match.dice)
        replay.match.pin_misses = dict(match.pin_misses)
        return replay

    @property
    def title(self) -> Title[Any, Any, Any]:
        return self.match.title

    @property
    def last(self) -> int:
        """The last step: the number of actions."""
        return len(self.actions)

    def go(self, step: int) -> int:
        """Show the game after `step` actions (clamped to the game); the step shown."""
        step = max(0, min(step, self.last))
        self.at = step
        self.match.state = self.states[step]
        self.match.actions = list(self.actions[:step])
        self.match.log = list(self.log[: self.ends[step]])
        return step

    def events(self, step: int) -> tuple[Event, ...]:
        """What the action of `step` made happen (step 0: what happened before anyone acted)."""
        start = self.ends[step - 1] if step > 0 else 0
        return self.log[start : self.ends[step]]

    def step_of(self, event: int) -> int:
        """The step whose action made the `event`-th event of the whole log."""
        return bisect.bisect_right(self.ends, event)

    def progress(self, step: int) -> Progress | None:
        return self.title.progress(self.states[step])

    def marks(self) -> list[tuple[int, Progress | None]]:
        """The steps where a stage, round, chapter or turn begins (`Title.progress` changes),
        step 0 first, each with the progress it begins."""
        found: list[tuple[int, Progress | None]] = [(0, self.progress(0))]
        for step in range(1, self.last + 1):
            now = self.progress(step)
            if now != found[-1][1]:
                found.append((step, now))
        return found

    def digest(self, step: int | None = None) -> str:
        """`state_digest` of the state at `step` (default: the last)."""
        return state_digest(self.title, self.states[self.last if step is None else step])


class WatchedMatch(Match):
    """The match a replay shows (`Replay.match`): moved between the states the replay holds,
    never acted on.  The table offers nobody an action, and with `revealed` it shows every
    seat's secrets (`Title.revealed`) whichever seat it is drawn for."""

    revealed = False

    def view_for(self, seat: Seat | None) -> BaseModel:
        return self.title.revealed(self.state) if self.revealed else self.title.view(self.state, seat)

    def legal_for(self, seat: Seat | None) -> list[Any]:
        return []

    def act(self, action: BaseModel | dict[str, Any]) -> list[Event]:
        raise IllegalAction("Nobody acts in a replay: it is watched, not played.", "replay.watching")

    def record(self, before: GameState, action: BaseModel, state: GameState, events: list[Event]) -> None:
        raise IllegalAction("Nobody acts in a replay: it is watched, not played.", "replay.watching")

    def can_undo(self) -> bool:
        return False
