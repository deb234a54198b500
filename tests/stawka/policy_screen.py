"""Screening Hard's weights: the figures behind the Stawka README's "Hard as German in
training 3: what was tried" (issue 34, point 1).  Not a test:

    python -m tests.stawka.policy_screen --scenario training-3 --seat german --games 200 \
        --seed 61001 '{"vp": 5}' '{"lead_ap": 2}'

Game i is played on seed + i with the heuristic in `--seat` weighed by Normal's weights
with the given changes (`bots.policy.Policy`, one JSON object a candidate; ``{}`` is
Normal itself) against Normal in the other seat, dice as `rules.core.simulate.play_one`
gives them (as in `bots/data/hard_policy.toml`'s header).  Per candidate: W-L-D in the
seat, the share of decided games with its Wilson 95% interval, the mean paired difference
of the results (1 a win, 1/2 a draw) against Normal in that seat on the same seeds with
its 95% interval, how the games ended, and the CPU seconds a game.  Tune on seeds no
figure uses (61001 on), never on 50001 on.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from typing import Any

from rules.core import Dice, seed_state
from rules.core.balance import Z95, wilson
from rules.stawka import TITLE
from rules.stawka.bots.heuristic import HeuristicBot
from rules.stawka.bots.policy import Policy
from rules.stawka.state import SEATS, other


def one(scenario: str, seat: str, policy: Policy, seed: int) -> tuple[float, str]:
    """One game's result in `seat` (1, 1/2 or 0) and how it ended (the outcome's key)."""
    bots = {seat: HeuristicBot(seat, policy), other(seat): HeuristicBot(other(seat))}
    state, _ = TITLE.start(TITLE.default_options(scenario), seed)
    dice = Dice(seed_state(seed ^ 0x5EED))
    while (acting := TITLE.to_act(state)) is not None:
        state, _ = TITLE.apply(state, TITLE.bot_action(bots[acting], state, dice))
    outcome = TITLE.outcome(state)
    assert outcome is not None
    value = 1.0 if seat in outcome.winners else 0.5 if outcome.draw else 0.0
    return value, f"{outcome.key.split('.')[2]} {'/'.join(outcome.winners) or 'draw'}"


def screen(
    scenario: str, seat: str, changes: dict[str, Any], seed: int, games: int
) -> tuple[list[float], str]:
    """Every game's result in `seat`, and a line of the figures."""
    began = time.process_time()
    policy = Policy(**changes)
    results: list[float] = []
    endings: Counter[str] = Counter()
    for game in range(games):
        value, ending = one(scenario, seat, policy, seed + game)
        results.append(value)
        endings[ending] += 1
    wins, losses = results.count(1.0), results.count(0.0)
    low, high = wilson(wins, wins + losses)
    share = 100 * wins / max(1, wins + losses)
    cpu = (time.process_time() - began) / games
    line = (
        f"{json.dumps(changes)}: {wins}-{losses}-{games - wins - losses}, {share:.1f}% of decided "
        f"[{100 * low:.1f}, {100 * high:.1f}], {cpu:.2f} CPU s a game; ended: {dict(sorted(endings.items()))}"
    )
    return results, line


def paired(results: list[float], base: list[float]) -> str:
    """The mean difference of the results against `base`, seed by seed, with its 95% interval."""
    differences = [a - b for a, b in zip(results, base, strict=True)]
    count = len(differences)
    mean = sum(differences) / count
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / max(1, count - 1) / count)
    better = sum(d > 0 for d in differences)
    worse = sum(d < 0 for d in differences)
    low, high = mean - Z95 * spread, mean + Z95 * spread
    return f"against Normal {mean:+.3f} [{low:+.3f}, {high:+.3f}], seeds better {better} / worse {worse}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", required=True)
    parser.add_argument("--seat", required=True, choices=SEATS)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=61001)
    parser.add_argument("candidates", nargs="+", help="weights changed, as JSON objects")
    args = parser.parse_args(argv)
    base, line = screen(args.scenario, args.seat, {}, args.seed, args.games)
    print(f"Normal {line}", flush=True)
    for candidate in args.candidates:
        changes = json.loads(candidate)
        if not changes:
            continue
        results, line = screen(args.scenario, args.seat, changes, args.seed, args.games)
        print(f"{line}; {paired(results, base)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
