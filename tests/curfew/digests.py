"""Same seeds, same games: final-state digests of seeded Godzina policyjna games, for a
change that must not change play (a speed-up).  Not a test (it has no expected values of
its own): run it before the change with ``--write FILE`` and after it with ``--check
FILE``; every game's digest must be the same.

    python -m tests.curfew.digests --write /tmp/before.json
    python -m tests.curfew.digests --check /tmp/before.json

A game's digest is a hash of its final state's JSON, with the number of actions it took
and a hash of every action's events (what the table shows), so a change in how a game
went, not only how it ended, is found.  The games: random play on 40 seeds, Normal on 12,
Hard on 2 (Hard searches by iterations here, never the clock: `reproducible`).
Stawka's rules, which this title is built on, have the same check (`tests.stawka.digests`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.core import Dice, Title, seed_state
from rules.core.search import reproducible
from rules.curfew.title import TITLE

GAMES = {"random": range(40), "heuristic": range(100, 112), "hard": range(200, 202)}


def digest(bot: str, seed: int, title: Title[Any, Any, Any] = TITLE, scenario: str | None = None) -> str:
    """One game's digest (as `rules.core.simulate.play_one` plays it, the events hashed
    too), `bot` in every seat the rules do not play."""
    with reproducible():
        options = title.default_options(scenario)
        state, _ = title.start(options, seed)
        automated = title.automated_seats(options)
        players = {seat: title.make_bot(bot, seat) for seat in title.seats(options) if seat not in automated}
        dice = Dice(seed_state(seed ^ 0x5EED))
        events = hashlib.sha256()
        actions = 0
        while (seat := title.to_act(state)) is not None:
            action = title.bot_action(players[seat], state, dice)
            state, happened = title.apply(state, action)
            events.update(json.dumps([e.model_dump(mode="json") for e in happened], sort_keys=True).encode())
            actions += 1
    final = hashlib.sha256(state.model_dump_json().encode()).hexdigest()[:16]
    return f"{actions}:{final}:{events.hexdigest()[:16]}"


def digests(bots: tuple[str, ...]) -> dict[str, str]:
    return {f"{bot}:{seed}": digest(bot, seed) for bot in bots for seed in GAMES[bot]}


def main(
    argv: list[str] | None = None,
    games: Mapping[str, Sequence[int]] = GAMES,
    play: Callable[[tuple[str, ...]], dict[str, str]] = digests,
) -> int:
    """Write or check the digests `play` gives for the bots asked of `games` (bot -> seeds)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--write", metavar="FILE")
    which.add_argument("--check", metavar="FILE")
    parser.add_argument("--bots", default=",".join(games), help=f"which of {','.join(games)}")
    args = parser.parse_args(argv)
    bots = tuple(args.bots.split(","))
    began = time.process_time()
    found = play(bots)
    spent = time.process_time() - began
    if args.write:
        with open(args.write, "w", encoding="utf-8") as out:
            json.dump(found, out, indent=1)
        print(f"{len(found)} games written to {args.write} ({spent:.1f} CPU s)")
        return 0
    with open(args.check, encoding="utf-8") as kept:
        before = json.load(kept)
    differ = [key for key in found if before.get(key) != found[key]]
    for key in differ:
        print(f"{key}: {before.get(key)} -> {found[key]}")
    print(f"{len(found) - len(differ)} of {len(found)} games identical ({spent:.1f} CPU s)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
