"""Win rates of the expert bot and its think time per move (a benchmark, not a test).

    python -m tests.doppelnull.benchmark_expert [games]

Plays `games` (default 400) games, seed 1, for each pairing the issue names and prints
the wins per seat, the mean number of actions per game and the expert's mean time per
decision.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any

from rules.core import Dice
from rules.core.simulate import simulate
from rules.doppelnull import TITLE
from rules.doppelnull.bots import ExpertBot

PAIRINGS = (("expert", "random"), ("random", "expert"), ("expert", "deductive"), ("deductive", "expert"))


class TimedExpert(ExpertBot):
    decisions = 0
    seconds = 0.0

    def choose(self, view: Any, legal: Sequence[Any], dice: Dice) -> Any:
        started = time.perf_counter()
        action = super().choose(view, legal, dice)
        TimedExpert.seconds += time.perf_counter() - started
        TimedExpert.decisions += 1
        return action


def main(games: int) -> None:
    original = TITLE.make_bot

    def make_bot(bot_id: str, seat: str) -> Any:
        return TimedExpert() if bot_id == "expert" else original(bot_id, seat)

    TITLE.make_bot = make_bot  # type: ignore[method-assign]
    for pairing in PAIRINGS:
        TimedExpert.decisions, TimedExpert.seconds = 0, 0.0
        result = simulate(TITLE, None, games, 1, list(pairing))
        expert_seat = "male" if pairing[0] == "expert" else "female"
        share = result["wins"][expert_seat] / games
        think = 1000 * TimedExpert.seconds / max(1, TimedExpert.decisions)
        print(
            f"{','.join(pairing):18} wins {result['wins']}  expert {share:.1%}  "
            f"mean actions {result['mean_actions']:.1f}  expert think {think:.2f} ms/decision"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
