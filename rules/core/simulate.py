"""Bot-against-bot games, for balance checks and benchmarks (`python -m game simulate`).

Game i of a run is played on seed + i, and each game is independent of the others (the
seed is mixed, `rules.core.rng`), so `play_games` may share them out among processes
(`jobs`) and gather the results in seed order: the same seeds give the same results
however many processes play them.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import IllegalAction
from rules.core.model import GameOptions, Seat, SetupValue
from rules.core.rng import Dice, seed_state
from rules.core.search import reproducible
from rules.core.title import Title

MAX_ACTIONS_PER_GAME = 100_000

Progress = Callable[[int, int], None]
"""Told (games done, games in all) after every game or batch of games."""


@dataclass(frozen=True)
class Played:
    """One finished game as the summaries read it."""

    seed: int
    winners: tuple[Seat, ...]
    draw: bool
    ending: str
    """The outcome's message key (``"stawka.end.secrets.why"``)."""
    scores: dict[Seat, float] = field(default_factory=dict)
    actions: int = 0
    cpu_seconds: float = 0.0

    def value(self, seat: Seat) -> float:
        """The game for `seat`: 1 a win, 1/2 a draw, 0 a loss (a solo game lost has no
        winner and is no draw)."""
        if seat in self.winners:
            return 1.0
        return 0.5 if self.draw else 0.0


def play_one(
    title: Title[Any, Any, Any],
    scenario: str | None,
    seed: int,
    bot_ids: Sequence[str],
    options: GameOptions | None = None,
) -> tuple[Any, int]:
    """Play one game to its end with the given bots (one id per seat, in seat order).

    `options` default to the scenario's.  Seats the rules play (`Title.automated_seats`)
    need no bot: the ids may name only the others.  Returns the final state and the
    number of actions taken.  Searching bots think by their iterations alone, never the
    clock, so the same seed gives the same game however busy the machine (`reproducible`).
    """
    with reproducible():
        return _play(
            title, seed, bot_ids, options if options is not None else title.default_options(scenario)
        )


def _play(
    title: Title[Any, Any, Any], seed: int, bot_ids: Sequence[str], options: GameOptions
) -> tuple[Any, int]:
    seats = playing_seats(title, options, len(bot_ids))
    bots = {seat: title.make_bot(bot_id, seat) for seat, bot_id in zip(seats, bot_ids, strict=True)}
    dice = Dice(seed_state(seed ^ 0x5EED))
    state, _ = title.start(options, seed)
    actions = 0
    while (seat := title.to_act(state)) is not None:
        if actions >= MAX_ACTIONS_PER_GAME:
            raise RuntimeError(f"{title.id} game with seed {seed} did not end in {actions} actions")
        action = title.bot_action(bots[seat], state, dice)
        try:
            state, _ = title.apply(state, action)
        except IllegalAction as err:
            raise RuntimeError(f"bot {bots[seat]!r} chose an illegal action {action!r}: {err}") from err
        actions += 1
    return state, actions


def playing_seats(title: Title[Any, Any, Any], options: GameOptions, bots: int) -> tuple[str, ...]:
    """The seats `bots` bot ids stand for: every seat, or those the rules do not play."""
    seats = title.seats(options)
    automated = set(title.automated_seats(options))
    playing = tuple(seat for seat in seats if seat not in automated)
    if bots == len(seats):
        return seats
    if bots == len(playing):
        return playing
    raise ValueError(f"{title.id} needs {len(playing)} bots ({', '.join(playing)}), got {bots}")


def default_bots(title: Title[Any, Any, Any], options: GameOptions) -> list[str]:
    """The title's default level (`Title.default_bot`, Normal) in every seat a person
    could take: what a game against the computer gets unless a level is chosen."""
    automated = set(title.automated_seats(options))
    return [title.default_bot for seat in title.seats(options) if seat not in automated]


def default_jobs() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def play_game(title: Title[Any, Any, Any], options: GameOptions, seed: int, bot_ids: Sequence[str]) -> Played:
    """One game on `seed`, summed up."""
    began = time.process_time()
    state, actions = play_one(title, options.scenario, seed, bot_ids, options)
    outcome = title.outcome(state)
    if outcome is None:
        raise RuntimeError(f"{title.id}: game {seed} stopped without an outcome")
    return Played(
        seed=seed,
        winners=tuple(outcome.winners),
        draw=outcome.draw,
        ending=outcome.key,
        scores=dict(outcome.scores),
        actions=actions,
        cpu_seconds=time.process_time() - began,
    )


def play_games(
    title: Title[Any, Any, Any],
    options: GameOptions,
    seeds: Sequence[int],
    bot_ids: Sequence[str],
    jobs: int = 1,
    progress: Progress | None = None,
) -> list[Played]:
    """Play a game on each of `seeds`, in `jobs` processes; the results in seed order.

    With more than one job the games are shared out in small batches among worker
    processes; an exception in a game, Ctrl+C or SIGTERM ends the workers at once.
    """
    seats = playing_seats(title, options, len(bot_ids))  # a wrong count is refused before any game
    for seat, bot_id in zip(seats, bot_ids, strict=True):
        # An unknown level is refused here too, before any worker is forked: a pool ended
        # by a worker's exception could hang in `Pool.terminate` when this process runs
        # other threads (seen under pytest-xdist: the pool's task handler never joined).
        title.make_bot(bot_id, seat)
    total = len(seeds)
    if jobs <= 1 or total <= 1:
        results = []
        for seed in seeds:
            results.append(play_game(title, options, seed, bot_ids))
            if progress is not None:
                progress(len(results), total)
        return results
    return _in_parallel(title, options, list(seeds), list(bot_ids), min(jobs, total), progress)


def _batches(seeds: list[int], jobs: int) -> Iterator[list[int]]:
    """Batches small enough to share the games out evenly and report progress often, large
    enough that a fast game is not dwarfed by handing it to a process."""
    size = max(1, min(20, len(seeds) // (jobs * 8)))
    for start in range(0, len(seeds), size):
        yield seeds[start : start + size]


def _worker_start() -> None:
    """A worker leaves Ctrl+C to the parent, which ends the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_batch(job: tuple[Title[Any, Any, Any], GameOptions, list[int], list[str]]) -> list[Played]:
    title, options, seeds, bot_ids = job
    return [play_game(title, options, seed, bot_ids) for seed in seeds]


def _in_parallel(
    title: Title[Any, Any, Any],
    options: GameOptions,
    seeds: list[int],
    bot_ids: list[str],
    jobs: int,
    progress: Progress | None,
) -> list[Played]:
    methods = multiprocessing.get_all_start_methods()
    # Fork starts a worker at once and shares what the parent registered (a free scenario
    # built from a file); the options carry the same, for a platform without it.
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    by_seed: dict[int, Played] = {}
    pool = context.Pool(jobs, initializer=_worker_start)
    try:
        work = [(title, options, batch, bot_ids) for batch in _batches(seeds, jobs)]
        for played in pool.imap_unordered(_play_batch, work):
            for game in played:
                by_seed[game.seed] = game
            if progress is not None:
                progress(len(by_seed), len(seeds))
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
    return [by_seed[seed] for seed in seeds]


def simulate(
    title: Title[Any, Any, Any],
    scenario: str | None,
    games: int,
    seed: int,
    bot_ids: Sequence[str] | None = None,
    progress: Progress | None = None,
    choices: dict[str, SetupValue] | None = None,
    jobs: int = 1,
) -> dict[str, Any]:
    """Play `games` games (seeds `seed` to `seed + games - 1`) and summarise them as the
    `simulate` command prints them.

    `bot_ids` default to the title's default level in every seat (`default_bots`).
    `choices` set the title's setup choices (`Title.setup_choices`), e.g. ``{"games": 3}``.
    `jobs` processes play the games (`play_games`): the same summary but for the speed.
    """
    options = title.make_options(scenario, choices=choices)
    chosen = list(bot_ids) if bot_ids else default_bots(title, options)
    seats = playing_seats(title, options, len(chosen))
    started = time.perf_counter()
    played = play_games(title, options, range(seed, seed + games), chosen, jobs, progress)
    elapsed = time.perf_counter() - started
    summary = summarise(title, options, played)
    return {
        "title": title.id,
        "scenario": options.scenario,
        "options": dict(choices or {}),
        "games": games,
        "seed": seed,
        "bots": dict(zip(seats, chosen, strict=True)),
        **summary,
        "actions_per_second": sum(game.actions for game in played) / elapsed if elapsed > 0 else 0.0,
    }


def summarise(title: Title[Any, Any, Any], options: GameOptions, played: Sequence[Played]) -> dict[str, Any]:
    """Wins per seat, draws, scores, endings and mean actions of `played`."""
    wins: Counter[str] = Counter(winner for game in played for winner in game.winners)
    scores: dict[str, list[float]] = {}
    for game in played:
        for seat, score in game.scores.items():
            scores.setdefault(seat, []).append(score)
    return {
        "wins": {seat: wins.get(seat, 0) for seat in title.seats(options)},
        "draws": sum(1 for game in played if game.draw),
        "scores": {seat: _summary(values) for seat, values in scores.items() if values},
        "distribution": {
            seat: {f"{score:g}": n for score, n in sorted(Counter(values).items())}
            for seat, values in scores.items()
            if values
        },
        "endings": dict(sorted(Counter(game.ending for game in played).items())),
        "mean_actions": sum(game.actions for game in played) / len(played) if played else 0.0,
        "cpu_seconds_a_game": sum(game.cpu_seconds for game in played) / len(played) if played else 0.0,
    }


def _summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    n = len(ordered)
    return {
        "mean": sum(ordered) / n,
        "min": ordered[0],
        "median": ordered[n // 2],
        "max": ordered[-1],
    }


class StderrProgress:
    """Progress on stderr: games done, time taken and time left.  On a terminal one line
    rewritten in place; into a file or a pipe a line every tenth of the games or so."""

    def __init__(self, label: str = "") -> None:
        self.label = label
        self.started = time.perf_counter()
        self._width = 0
        self._said = 0
        self._live = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        taken = time.perf_counter() - self.started
        left = taken / done * (total - done) if done else 0.0
        line = f"{self.label}{done}/{total} games, {_clock(taken)}"
        if done < total:
            line += f", about {_clock(left)} left"
        if self._live:
            sys.stderr.write(f"\r{line:<{self._width}}" + ("\n" if done == total else ""))
            self._width = len(line)
        elif done == total or done - self._said >= max(1, total // 10):
            sys.stderr.write(line + "\n")
            self._said = done
        sys.stderr.flush()


def _clock(seconds: float) -> str:
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
