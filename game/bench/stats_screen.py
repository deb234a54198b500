"""The Statistics screen over many recorded games (issue 32 asks it to open in under 0.3 s
with 10,000), in a fresh process, and the sample games it is measured on.

The sample is made of real records: one game of every title and scenario played to its
end by random bots (`game.statistics.record_of`), then copied with other people's names,
results, scores (and the rating band each score falls in) and dates, one game every few
hours.  The tests and the screenshots use the same sample.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from game.bench.startup import child_env

if TYPE_CHECKING:
    from game.statistics import GameRecord

PEOPLE = ("Ola", "Piotr", "Kasia", "Tomek", "Zosia")


def templates() -> list[tuple[GameRecord, tuple[tuple[str, int | None, int | None], ...]]]:
    """One record of every title and scenario (a person in every seat the rules do not
    play), with its rating bands (key, low, high)."""
    from game.scenes.play_files import bot_played_match
    from game.statistics import record_of
    from rules.registry import TITLES

    found = []
    for title_id, title in sorted(TITLES.items()):
        for scenario in title.scenarios or (None,):
            match = bot_played_match(title_id, scenario, seed=2, steps=20_000)
            record, outcome = record_of(match), match.outcome()
            if record is not None and outcome is not None:
                bands = tuple((band.key, band.low, band.high) for band in outcome.bands)
                found.append((record, bands))
    return found


def sample_games(count: int, seed: int = 1) -> list[GameRecord]:
    """`count` games shaped like real ones, the oldest first."""
    from game.statistics import GameRecord, SeatRecord

    rng = random.Random(seed)
    shapes = templates()
    start = datetime(2024, 1, 1, tzinfo=UTC)
    games = []
    for number in range(count):
        record, bands = rng.choice(shapes)
        names = rng.sample(PEOPLE, k=min(len(PEOPLE), len(record.seats)))
        winner = rng.randrange(len(record.seats) + 1)  # the last: a draw, or a solo game lost
        seats = []
        for index, seat in enumerate(record.seats):
            score = None if seat.score is None else float(round(rng.gauss(8 if bands else 2, 5)))
            if seat.result == "score":
                result = "score"
            elif len(record.seats) == 1:
                result = "win" if winner == 0 else "loss"
            else:
                result = "win" if index == winner else ("draw" if winner == len(record.seats) else "loss")
            level = rng.choice((None, None, "random", "heuristic")) if index > 0 else None
            name = None if level is not None else names[index % len(names)]
            seats.append(SeatRecord(seat=seat.seat, name=name, level=level, result=result, score=score))
        score = seats[0].score
        rating = next(
            (
                key
                for key, low, high in bands
                if score is not None and (low is None or score >= low) and (high is None or score <= high)
            ),
            None,
        )
        games.append(
            GameRecord(
                id=f"{record.title}:{number:064x}",
                title=record.title,
                scenario=record.scenario,
                ended=(start + timedelta(hours=3 * number)).isoformat(timespec="seconds"),
                moves=record.moves,
                scored=record.scored,
                rating=rating,
                seats=tuple(seats),
            )
        )
    return games


OPEN_SCREEN = """
import json, time
from game.app import App
from game.scenes.menu import MenuScene
from game.scenes.statistics import StatisticsScene
app = App()
app.reset(MenuScene(app))
app.frame(0.0, events=[])
started, started_cpu = time.perf_counter(), time.process_time()
app.push(StatisticsScene(app))
app.frame(0.0, events=[])
elapsed, cpu = time.perf_counter() - started, time.process_time() - started_cpu
print(json.dumps({"open_ms": elapsed * 1000, "open_cpu_ms": cpu * 1000}))
"""


def measure_statistics(games: int, runs: int) -> dict[str, float]:
    """The Statistics screen opened over `games` recorded games, in a fresh process each run
    (the file read, checked and counted, the first frame drawn): the median and the worst."""
    from game.statistics import StatisticsFile

    text = StatisticsFile(games=tuple(sample_games(games))).model_dump_json()
    opened: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory(prefix="siatka-bench-stats-") as home:
        (Path(home) / "statistics.json").write_text(text, encoding="utf-8")
        env = {**child_env(), "SIATKA_HOME": home}
        for _ in range(runs):
            result = subprocess.run(
                [sys.executable, "-c", OPEN_SCREEN], env=env, capture_output=True, text=True, check=True
            )
            opened.append(json.loads(result.stdout.strip().splitlines()[-1]))
    walls = sorted(run["open_ms"] for run in opened)
    return {
        "games": games,
        "file_bytes": len(text),
        "open_ms": walls[len(walls) // 2],
        "open_worst_ms": walls[-1],
        "open_cpu_ms": sorted(run["open_cpu_ms"] for run in opened)[len(opened) // 2],
        "runs": runs,
    }
