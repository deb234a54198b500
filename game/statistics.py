"""Statistics of the games played (issue 32, points 5-7): one file in the data folder,
every finished game recorded once, figures per person, per title and scenario.

A game is recorded when it ends in play (`record`), not when a finished save is opened or
watched again, and once only: each record carries the game's id (its title and the digest
of its last state, `rules.core.replay.state_digest`), and an id already in the file is not
added again.  A record holds public facts only: the title, the scenario, the date, the
number of moves, and for each seat a person plays or the computer plays (never a seat the
rules play, as Godzina policyjna's Germans) the name typed or the computer's level, the
result and the score, with the rating band the score fell in (`Outcome.bands`).

People are known by the name typed at the table (`game.settings.person_key`: the same name
whatever its case is the same person; a seat nobody named is one person, "no name").

``statistics.json`` is versioned (``version``), written whole or not at all
(`atomic_write_text`), and read defensively: a file that is not a statistics file of this
version (damaged, edited, too large, not a regular file) is kept aside as
``statistics.damaged-<date>.json`` and a new one is started, and the player is told.  It is
bounded: at most `MAX_GAMES` games, the oldest dropped first.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from game.settings import Notice, person_key
from game.storage import UnsafeFile, atomic_write_text, data_dir, read_file
from rules.core import Match, Seat
from rules.core.match import MAX_SAVE_ACTIONS, MAX_SEATS, TitleId
from rules.core.model import MAX_NAME, printable
from rules.core.replay import state_digest

STATISTICS_FILE = "statistics.json"
STATISTICS_VERSION: Literal[1] = 1
MAX_GAMES = 20_000
"""Games the file keeps at most; the oldest go first (a game a day for fifty years)."""
MAX_STATISTICS_BYTES = 24_000_000
"""No file of `MAX_GAMES` records comes near this; a larger one is not read."""


def _finite(value: float | None) -> float | None:
    if value is not None and not math.isfinite(value):
        raise ValueError("a score is a finite number")
    return value


Score = Annotated[float | None, AfterValidator(_finite)]
Short = Annotated[str, Field(max_length=80)]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SeatRecord(_Model):
    """One seat of a finished game: who sat there and how it ended for them."""

    seat: Annotated[str, Field(max_length=40)]
    name: Annotated[str, Field(max_length=MAX_NAME)] | None = None
    """The name typed for a person (None: nobody typed one); None for the computer."""
    level: Annotated[str, Field(max_length=40)] | None = None
    """The computer's level (a bot id); None for a person."""
    result: Literal["win", "draw", "loss", "score"]
    """``score``: a solo game rated by its score, won or lost by no one (Godzina policyjna)."""
    score: Score = None


class GameRecord(_Model):
    """One finished game."""

    id: Annotated[str, Field(pattern=r"^[a-z0-9_-]{1,40}:[0-9a-f]{64}$")]
    title: TitleId
    scenario: Short | None = None
    scenario_name: Annotated[str, Field(max_length=MAX_NAME)] | None = None
    """The name players gave a scenario they built (None: the catalog names it)."""
    ended: Annotated[str, Field(max_length=40)]
    """When it ended: an ISO time in UTC."""
    moves: Annotated[int, Field(ge=0, le=MAX_SAVE_ACTIONS)]
    scored: bool = True
    """Whether the scores are points the game counts (`Outcome.scored`)."""
    rating: Short | None = None
    """The message key of the rating band the score fell in (`Outcome.bands`), if any."""
    seats: tuple[SeatRecord, ...] = Field(min_length=1, max_length=MAX_SEATS)

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1


class StatisticsFile(_Model):
    version: Literal[1] = 1
    app: Literal["siatka"] = "siatka"
    games: tuple[GameRecord, ...] = Field(default=(), max_length=MAX_GAMES)


def statistics_path() -> Path:
    return data_dir() / STATISTICS_FILE


def record_of(match: Match, ended: datetime | None = None) -> GameRecord | None:
    """What the statistics keep of `match`, finished; None when it is not finished, or when
    nobody played it (computers alone: no person's statistics)."""
    title, state = match.title, match.state
    outcome = title.outcome(state)
    if outcome is None or not title.is_over(state):
        return None
    automated = set(title.automated_seats(match.options))
    seats = []
    for seat in match.seats():
        if seat in automated:
            continue
        config = match.options.seats.get(seat)
        level = config.bot if config is not None else None
        seats.append(
            SeatRecord(
                seat=seat,
                name=None if level is not None else match.typed_name(seat),
                level=level,
                result=_result(outcome.winners, outcome.draw, outcome.result, seat),
                score=outcome.scores.get(seat),
            )
        )
    if all(seat.level is not None for seat in seats):
        return None
    built = getattr(match.options, "free", None)
    rating = next((band.key for band in outcome.bands if band.current), None)
    return GameRecord(
        id=f"{title.id}:{state_digest(title, state)}",
        title=title.id,
        scenario=match.options.scenario,
        scenario_name=(printable(str(getattr(built, "name", "")), MAX_NAME) or None) if built else None,
        ended=(ended or datetime.now(UTC)).isoformat(timespec="seconds"),
        moves=len(match.actions),
        scored=outcome.scored,
        rating=rating,
        seats=tuple(seats),
    )


def _result(
    winners: Sequence[Seat], draw: bool, result: str, seat: Seat
) -> Literal["win", "draw", "loss", "score"]:
    if seat in winners:
        return "win"
    if draw:
        return "draw"
    return "score" if result == "score" else "loss"


# -- the file -------------------------------------------------------------------------------


def load() -> tuple[StatisticsFile, list[Notice]]:
    """The games recorded, and what to tell the player: a damaged file is kept aside and a
    new one started (written at once, so the message is said once)."""
    path = statistics_path()
    try:
        raw = read_file(path, MAX_STATISTICS_BYTES)
    except FileNotFoundError:
        return StatisticsFile(), []
    except (UnsafeFile, IsADirectoryError):
        return _start_again(path)
    except OSError as err:
        return StatisticsFile(), [Notice("statistics.unreadable", problem=err)]
    try:
        return StatisticsFile.model_validate_json(raw), []
    except ValidationError:
        return _start_again(path)


def _start_again(path: Path) -> tuple[StatisticsFile, list[Notice]]:
    """`path` kept aside under a name of its own, and a new, empty file in its place."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"statistics.damaged-{stamp}.json")
    number = 2
    while aside.exists() or aside.is_symlink():
        aside = path.with_name(f"statistics.damaged-{stamp}-{number}.json")
        number += 1
    fresh = StatisticsFile()
    try:
        os.replace(path, aside)
        save(fresh)
    except OSError as err:
        return fresh, [Notice("statistics.damaged_kept", problem=err)]
    return fresh, [Notice("statistics.damaged", detail=aside.name)]


def save(book: StatisticsFile) -> None:
    """Write `book` whole or not at all; `OSError` when the disk refuses."""
    atomic_write_text(statistics_path(), book.model_dump_json())


def record(match: Match) -> list[Notice]:
    """Add `match` (finished in play) to the statistics, once; what to tell the player."""
    found = record_of(match)
    if found is None:
        return []
    book, notices = load()
    if any(game.id == found.id for game in book.games):
        return notices
    games = (*book.games, found)[-MAX_GAMES:]
    try:
        save(book.model_copy(update={"games": games}))
    except OSError as err:
        notices.append(Notice("statistics.not_kept", problem=err))
    return notices


def best_before(match: Match) -> float | None:
    """The best score the person playing `match` (solo, scored) made at its title and
    scenario in the games recorded before it (issue 31, 5: the rating table places it);
    None when there are none, when the game is not one person's scored game, or when the
    file cannot be read (the statistics screen says why; a game-over screen does not)."""
    found = record_of(match)
    if found is None or not found.scored or len(found.seats) != 1 or found.seats[0].level is not None:
        return None
    who, place = person_key(found.seats[0].name), (found.title, found.scenario)
    book, _ = load()
    scores = [
        seat.score
        for game in book.games
        if game.id != found.id and game.scored and (game.title, game.scenario) == place
        for seat in game.seats
        if seat.level is None and seat.score is not None and person_key(seat.name) == who
    ]
    return max(scores, default=None)


# -- the figures ----------------------------------------------------------------------------


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, result: str) -> None:
        self.games += 1
        if result == "win":
            self.wins += 1
        elif result == "draw":
            self.draws += 1
        elif result == "loss":
            self.losses += 1

    def as_dict(self) -> dict[str, int]:
        return {"games": self.games, "wins": self.wins, "draws": self.draws, "losses": self.losses}


@dataclass
class Line:
    """One person's games of one title and scenario."""

    title: str
    scenario: str | None
    scenario_name: str | None = None
    tally: Tally = field(default_factory=Tally)
    sides: dict[str, Tally] = field(default_factory=dict)
    """By the seat played."""
    against: dict[str, Tally] = field(default_factory=dict)
    """By the opponents: a computer level, or ``person`` (another person at the table)."""
    points: list[tuple[str, float, str | None]] = field(default_factory=list)
    """Each scored game's (date, score, rating), oldest first: the chart's points."""
    ratings: Counter[str] = field(default_factory=Counter)
    streak: int = 0
    """Wins in a row up to the last game."""
    longest: int = 0
    """The longest run of wins."""
    solo: bool = False

    @property
    def best(self) -> float | None:
        return max((score for _, score, _ in self.points), default=None)

    @property
    def average(self) -> float | None:
        return sum(score for _, score, _ in self.points) / len(self.points) if self.points else None

    def add(self, game: GameRecord, seat: SeatRecord) -> None:
        self.tally.add(seat.result)
        self.sides.setdefault(seat.seat, Tally()).add(seat.result)
        for other in game.seats:
            if other is not seat:
                self.against.setdefault(other.level or "person", Tally()).add(seat.result)
        if game.scored and seat.score is not None:
            self.points.append((game.ended, seat.score, game.rating))
        if game.rating is not None:
            self.ratings[game.rating] += 1
        self.streak = self.streak + 1 if seat.result == "win" else 0
        self.longest = max(self.longest, self.streak)
        self.solo = self.solo or game.solo

    def as_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "scenario": self.scenario,
            "scenario_name": self.scenario_name,
            **self.tally.as_dict(),
            "sides": {seat: tally.as_dict() for seat, tally in self.sides.items()},
            "against": {level: tally.as_dict() for level, tally in self.against.items()},
            "best": self.best,
            "average": self.average,
            "ratings": dict(self.ratings),
            "streak": self.streak,
            "longest_streak": self.longest,
            "scores": [
                {"ended": ended, "score": score, "rating": rating} for ended, score, rating in self.points
            ],
        }


@dataclass
class Person:
    key: str
    name: str | None
    """The name as typed last (None: the seats nobody named)."""
    tally: Tally = field(default_factory=Tally)
    lines: dict[tuple[str, str | None], Line] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            **self.tally.as_dict(),
            "titles": [line.as_dict() for line in self.lines.values()],
        }


def people(games: Iterable[GameRecord]) -> list[Person]:
    """Everyone who played, the most games first; each person's titles and scenarios in the
    order first played."""
    found: dict[str, Person] = {}
    for game in sorted(games, key=lambda game: game.ended):
        for seat in game.seats:
            if seat.level is not None:
                continue
            key = person_key(seat.name)
            person = found.setdefault(key, Person(key, seat.name))
            person.name = seat.name
            person.tally.add(seat.result)
            line = person.lines.setdefault(
                (game.title, game.scenario), Line(game.title, game.scenario, game.scenario_name)
            )
            line.add(game, seat)
    return sorted(found.values(), key=lambda person: (-person.tally.games, person.key))


def summary(book: StatisticsFile) -> dict[str, Any]:
    """What ``python -m game stats --json`` prints."""
    return {
        "file": str(statistics_path()),
        "version": book.version,
        "games": len(book.games),
        "people": [person.as_dict() for person in people(book.games)],
    }


def summary_text(figures: dict[str, Any]) -> str:
    """`summary` as lines to read: each person, then each title and scenario they played."""
    lines = [f"{figures['games']} games recorded in {figures['file']}"]
    for person in figures["people"]:
        lines.append(f"{person['name'] or '(no name)'}: {_tally_text(person)}")
        for line in person["titles"]:
            scenario = line["scenario_name"] or line["scenario"]
            where = f"{line['title']} {scenario}" if scenario else line["title"]
            scores = ""
            if line["best"] is not None:
                scores = f"; best {line['best']:g}, average {line['average']:.2f}"
            lines.append(
                f"  {where}: {_tally_text(line)}{scores}; "
                f"wins in a row {line['streak']} (longest {line['longest_streak']})"
            )
    return "\n".join(lines)


def _tally_text(figures: dict[str, Any]) -> str:
    return (
        f"{figures['games']} games, {figures['wins']} won, {figures['draws']} drawn, {figures['losses']} lost"
    )
