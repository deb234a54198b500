"""Bot-against-bot games, for balance checks and benchmarks (`python -m game simulate`)."""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from rules.core.errors import IllegalAction
from rules.core.model import GameOptions, SetupValue
from rules.core.rng import Dice, seed_state
from rules.core.search import reproducible
from rules.core.title import Title

MAX_ACTIONS_PER_GAME = 100_000


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


def simulate(
    title: Title[Any, Any, Any],
    scenario: str | None,
    games: int,
    seed: int,
    bot_ids: Sequence[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    choices: dict[str, SetupValue] | None = None,
) -> dict[str, Any]:
    """Play `games` games and summarise them as the `simulate` command prints them.

    `choices` set the title's setup choices (`Title.setup_choices`), e.g. ``{"games": 3}``.
    """
    options = title.make_options(scenario, choices=choices)
    automated = set(title.automated_seats(options))
    chosen = (
        list(bot_ids) if bot_ids else ["random"] * sum(1 for s in title.seats(options) if s not in automated)
    )
    seats = playing_seats(title, options, len(chosen))
    wins: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    scores: dict[str, list[float]] = {seat: [] for seat in seats}
    draws = 0
    total_actions = 0
    started = time.perf_counter()
    for index in range(games):
        state, actions = play_one(title, options.scenario, seed + index, chosen, options)
        total_actions += actions
        outcome = title.outcome(state)
        if outcome is None:
            raise RuntimeError(f"{title.id}: game {seed + index} stopped without an outcome")
        endings[outcome.key] += 1
        if outcome.draw:
            draws += 1
        for winner in outcome.winners:
            wins[winner] += 1
        for seat, score in outcome.scores.items():
            scores.setdefault(seat, []).append(score)
        if progress is not None:
            progress(index + 1, games)
    elapsed = time.perf_counter() - started
    return {
        "title": title.id,
        "scenario": options.scenario,
        "options": dict(choices or {}),
        "games": games,
        "bots": dict(zip(seats, chosen, strict=True)),
        "wins": {seat: wins.get(seat, 0) for seat in title.seats(options)},
        "draws": draws,
        "scores": {seat: _summary(values) for seat, values in scores.items() if values},
        "distribution": {
            seat: {f"{score:g}": n for score, n in sorted(Counter(values).items())}
            for seat, values in scores.items()
            if values
        },
        "endings": dict(sorted(endings.items())),
        "mean_actions": total_actions / games if games else 0.0,
        "actions_per_second": total_actions / elapsed if elapsed > 0 else 0.0,
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


def stderr_progress(done: int, total: int) -> None:
    """Progress on stderr, one line rewritten in place."""
    sys.stderr.write(f"\r{done}/{total} games")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()
