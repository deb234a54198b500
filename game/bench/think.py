"""How long the computer's strongest level thinks (issues 17 and 34.3): per decision, as
at the table, in every scenario and every seat.

The positions come from a game of the title's default level in every seat (one game a
scenario, reproducible).  At each decision with a choice the strongest level is asked
whether it would search there (its ranking gives it more than one candidate); from
each seat's decisions up to `per_kind` where it searches and `per_kind` where it does
not are spread over the game, and the level decides each of them on the clock, as at
the table (not `reproducible`): its budget's time limit cuts a search short on a busy
machine, and the figures say how often (`cut`).  Where it searches is usually where it
thinks longest (the last stages of a Stawka scenario, every decision of Hotel Excelsior),
so those are sampled apart: the p99 of the searched decisions bounds everyone's.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from rules.core import Dice, InformationSet, seed_state
from rules.core.search import SearchBot, reproducible
from rules.core.simulate import default_bots
from rules.registry import TITLES

SEED = 34


def measure_think(
    per_kind: int, quick: bool = False, search_worlds: int | None = None
) -> dict[str, dict[str, Any]]:
    """Per title and scenario (``"stawka:training-2"``; the title alone without
    scenarios): the strongest level's think time, p50 / p99 / max in ms wall, of the
    decisions sampled and of those where it searched, with the CPU p99, the worlds a
    search looked at and how many searches the clock cut short.  `quick`: the first
    scenario of each title; `search_worlds`: a search compares that many worlds, off the clock
    (None: as the level does at the table)."""
    report: dict[str, dict[str, Any]] = {}
    for title_id, title in TITLES.items():
        scenarios = title.scenarios or (None,)
        for scenario in scenarios[:1] if quick else scenarios:
            key = f"{title_id}:{scenario}" if scenario is not None else title_id
            report[key] = _scenario(title, scenario, per_kind, search_worlds)
    return report


def _scenario(title: Any, scenario: str | None, per_kind: int, search_worlds: int | None) -> dict[str, Any]:
    options = title.default_options(scenario)
    level = title.hint_bot
    samples: list[tuple[float, float, bool, int, bool]] = []
    seats: dict[str, dict[str, float]] = {}
    for seat, (searched, others) in _positions(title, options, level, per_kind).items():
        bot = title.make_bot(level, seat)
        if search_worlds is not None and isinstance(bot, SearchBot):
            bot.budget = replace(bot.budget, iterations=search_worlds, seconds=None)
        timed = []
        for index, state in enumerate([*_spread(searched, per_kind), *_spread(others, per_kind)]):
            timed.append(_decide(title, bot, state, SEED + index))
        samples += timed
        seats[seat] = {
            "decisions": float(len(timed)),
            "max": max((t[0] for t in timed), default=0.0) * 1000,
        }
    walls = sorted(s[0] for s in samples)
    searched_walls = sorted(s[0] for s in samples if s[2])
    worlds = [s[3] for s in samples if s[2]]
    return {
        "level": level,
        "decisions": float(len(samples)),
        "searched": float(len(searched_walls)),
        "cut": float(sum(1 for s in samples if s[4])),
        "p50": _at(walls, 0.5),
        "p99": _at(walls, 0.99),
        "max": walls[-1] * 1000 if walls else 0.0,
        "searched_p50": _at(searched_walls, 0.5),
        "searched_p99": _at(searched_walls, 0.99),
        "cpu_p99": _at(sorted(s[1] for s in samples), 0.99),
        "worlds": sum(worlds) / len(worlds) if worlds else 0.0,
        "seats": seats,
    }


GAMES = 4
"""The most games of the default level played for positions where the level searches (a
training-1 game won early never reaches the last stages, where Hard searches)."""


def _positions(title: Any, options: Any, level: str, wanted: int) -> dict[str, tuple[list[Any], list[Any]]]:
    """Each playing seat's decisions with a choice along games of the default level,
    those where `level` would search apart from the others; more games (up to `GAMES`)
    while a seat has fewer than `wanted` of the first kind."""
    bots = default_bots(title, options)
    seats = [seat for seat in title.seats(options) if seat not in set(title.automated_seats(options))]
    made = {seat: title.make_bot(bot, seat) for seat, bot in zip(seats, bots, strict=True)}
    judges = {seat: title.make_bot(level, seat) for seat in seats}
    found: dict[str, tuple[list[Any], list[Any]]] = {seat: ([], []) for seat in seats}
    for seed in range(SEED, SEED + GAMES):
        state, _ = title.start(options, seed)
        dice = Dice(seed_state(seed))
        with reproducible():
            while (seat := title.to_act(state)) is not None:
                if len(title.legal_actions(state)) > 1:
                    searched, others = found[seat]
                    (searched if _searches(title, judges[seat], state, seat) else others).append(state)
                state, _ = title.apply(state, title.bot_action(made[seat], state, dice))
        if all(len(searched) >= wanted for searched, _ in found.values()):
            break
    return found


def _searches(title: Any, bot: Any, state: Any, seat: str) -> bool:
    """Whether the level would search at `state`: its ranking keeps two candidates."""
    if not isinstance(bot, SearchBot):
        return False
    info = InformationSet(title, state, seat)
    ranked = bot.policy.rank(info.view, title.legal_actions(state), seat, Dice(seed_state(SEED)))
    return len(ranked[: bot.policy.candidates]) > 1


def _spread(states: list[Any], count: int) -> list[Any]:
    """`count` of `states` spread evenly over them, the first and the last among them."""
    if len(states) <= count:
        return states
    if count == 1:
        return [states[len(states) // 2]]
    return [states[round(i * (len(states) - 1) / (count - 1))] for i in range(count)]


def _decide(title: Any, bot: Any, state: Any, seed: int) -> tuple[float, float, bool, int, bool]:
    """Wall and CPU seconds of one decision on the clock, whether it searched, its worlds,
    and whether the clock cut it short."""
    started, cpu = time.perf_counter(), time.thread_time()
    title.bot_action(bot, state, Dice(seed_state(seed)))
    wall, used = time.perf_counter() - started, time.thread_time() - cpu
    worlds = getattr(bot, "last_iterations", 0)
    return wall, used, worlds > 0, worlds, bool(getattr(bot, "last_cut", False))


def _at(ordered: list[float], share: float) -> float:
    """The `share` quantile of `ordered` seconds, in ms (0 with none)."""
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000


def think_text(report: dict[str, dict[str, Any]]) -> list[str]:
    lines = [
        "The strongest level's think time per decision with a choice, on the clock"
        " (ms wall p50 / p99 / max; where it searched p50 / p99; CPU p99):"
    ]
    for key, figures in report.items():
        lines.append(
            f"  {key:<34} {figures['p50']:6.0f} / {figures['p99']:6.0f} / {figures['max']:6.0f};"
            f" searched {figures['searched_p50']:6.0f} / {figures['searched_p99']:6.0f};"
            f" CPU {figures['cpu_p99']:6.0f}  ({figures['decisions']:.0f} decisions, "
            f"{figures['searched']:.0f} searched, {figures['worlds']:.1f} worlds each,"
            f" {figures['cut']:.0f} cut by the clock; {figures['level']})"
        )
    return lines
