"""How long the computer's Hard level thinks (issue 17): per decision, as in a game.

Hard plays Normal in each of the title's scenarios, on either side in turn, on the
clock as at the table (not `reproducible`): its budget cuts a search short on a busy
machine.  Only decisions with a choice count (a single legal action costs nothing).
"""

from __future__ import annotations

import time
from typing import Any

from rules.core import Dice, seed_state
from rules.core.search import SearchBot
from rules.registry import TITLES

HARD = "hard"


def measure_think(decisions: int) -> dict[str, dict[str, float]]:
    """Per title with a Hard level: think time p50 / p99 / max in ms over about
    `decisions` decisions, and the mean worlds a decision looked at."""
    report = {}
    for title_id, title in TITLES.items():
        if HARD not in title.bot_ids:
            continue
        times: list[float] = []
        worlds: list[int] = []
        seed = 0
        while len(times) < decisions:
            scenario = title.scenarios[seed % len(title.scenarios)] if title.scenarios else None
            options = title.default_options(scenario)
            seats = [s for s in title.seats(options) if s not in title.automated_seats(options)]
            hard_seat = seats[(seed // max(len(title.scenarios), 1)) % len(seats)]
            _play(title, scenario, seed, hard_seat, times, worlds, decisions)
            seed += 1
        ordered = sorted(times)
        report[title_id] = {
            "decisions": float(len(ordered)),
            "p50": ordered[len(ordered) // 2] * 1000,
            "p99": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000,
            "max": ordered[-1] * 1000,
            "worlds": sum(worlds) / len(worlds),
        }
    return report


def _play(
    title: Any, scenario: str | None, seed: int, seat: str, times: list[float], worlds: list[int], limit: int
) -> None:
    """One game of Hard (in `seat`) against Normal (the title's default level), timing
    Hard until `limit` decisions."""
    options = title.default_options(scenario)
    state, _ = title.start(options, seed)
    bots = {s: title.make_bot(HARD if s == seat else title.default_bot, s) for s in title.seats(options)}
    dice = Dice(seed_state(seed))
    while (acting := title.to_act(state)) is not None and len(times) < limit:
        bot = bots[acting]
        started = time.perf_counter()
        action = title.bot_action(bot, state, dice)
        if isinstance(bot, SearchBot) and len(title.legal_actions(state)) > 1:
            times.append(time.perf_counter() - started)
            worlds.append(bot.last_iterations)
        state, _ = title.apply(state, action)


def think_text(report: dict[str, dict[str, float]]) -> list[str]:
    lines = ["Hard's think time per decision with a choice (p50 / p99 / max ms, on the clock):"]
    for title_id, figures in report.items():
        lines.append(
            f"  {title_id:<24} {figures['p50']:6.0f} / {figures['p99']:6.0f} / {figures['max']:6.0f}"
            f"  ({figures['decisions']:.0f} decisions, {figures['worlds']:.1f} worlds each)"
        )
    return lines
