"""How "Top Secret" ends: the figures behind the Stawka README's "Top Secret: why the German
side loses" (issue 34, point 1).  Not a test:

    python -m tests.stawka.top_secret_endings --games 40 --seed 61001
    python -m tests.stawka.top_secret_endings --games 40 --seed 61001 '{"arrest_gain": 25}'

Game i is played on seed + i, Normal against Normal (or the German side weighed by
Normal's weights with the given changes, `bots.policy.Policy`), dice as
`tests.stawka.policy_screen` gives them (the same games).  Per game: who won and how
(the outcome's key), the stage Dr Pulkowski was broken in ("Will Pulkowski Cooperate?",
rolled at a stage's end: stage 16 is the end of the 15th) and the Polish agents who got
into the factory (Reinforced Factory Security: each takes 3 off every later roll), with
the stage each got in; then the German wins by the number of agents who got in.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

from rules.core import Dice, seed_state
from rules.stawka import TITLE
from rules.stawka.bots.heuristic import HeuristicBot
from rules.stawka.bots.policy import Policy
from rules.stawka.state import GERMAN, POLISH


def one(seed: int, changes: dict[str, Any]) -> dict[str, Any]:
    """One game of Top Secret and how it ended."""
    bots = {GERMAN: HeuristicBot(GERMAN, Policy(**changes)), POLISH: HeuristicBot(POLISH)}
    state, _ = TITLE.start(TITLE.default_options("top-secret"), seed)
    dice = Dice(seed_state(seed ^ 0x5EED))
    broken: int | None = None
    got_in: dict[str, int] = {}
    while (acting := TITLE.to_act(state)) is not None:
        state, _ = TITLE.apply(state, TITLE.bot_action(bots[acting], state, dice))
        held = state.top_secret
        assert held is not None
        if held.pulkowski != "held" and broken is None:
            broken = state.stage
        for agent in held.infiltrators:
            got_in.setdefault(agent, state.stage)
    outcome = TITLE.outcome(state)
    assert outcome is not None
    return {
        "seed": seed,
        "ended": f"{outcome.key.split('.')[2]} {'/'.join(outcome.winners) or 'draw'}",
        "german_won": GERMAN in outcome.winners,
        "broken": broken,
        "got_in": got_in,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=61001)
    parser.add_argument("changes", nargs="?", default="{}", help="the German side's weights changed (JSON)")
    args = parser.parse_args(argv)
    games = [one(args.seed + i, json.loads(args.changes)) for i in range(args.games)]
    for game in games:
        print(game)
    print("ended:", dict(Counter(g["ended"] for g in games)))
    print("broken in stage:", dict(sorted(Counter(g["broken"] or 0 for g in games).items())), "(0: never)")
    by_count: dict[int, list[bool]] = {}
    for game in games:
        by_count.setdefault(len(game["got_in"]), []).append(game["german_won"])
    for count, won in sorted(by_count.items()):
        print(f"{count} Polish agents got in: {len(won)} games, German won {sum(won)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
