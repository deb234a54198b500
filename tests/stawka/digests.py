"""Same seeds, same games for Stawka's rules (a speed-up of them, or of a title built on
them, must not change play): final-state and event digests of seeded games in every
scenario, as `tests.curfew.digests` makes them.  Not a test: run it before the change
with ``--write FILE`` and after it with ``--check FILE``.

    python -m tests.stawka.digests --write /tmp/before.json
    python -m tests.stawka.digests --check /tmp/before.json

The games: in each scenario, random play on 12 seeds and Normal on 3, both seats.
"""

from __future__ import annotations

import sys

from rules.stawka.title import TITLE
from tests.curfew.digests import digest, main

GAMES = {"random": range(12), "heuristic": range(100, 103)}


def digests(bots: tuple[str, ...]) -> dict[str, str]:
    return {
        f"{scenario}:{bot}:{seed}": digest(bot, seed, TITLE, scenario)
        for scenario in TITLE.scenarios
        for bot in bots
        for seed in GAMES[bot]
    }


if __name__ == "__main__":
    sys.exit(main(games=GAMES, play=digests))
