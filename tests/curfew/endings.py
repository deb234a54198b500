"""Where Godzina policyjna's games end and what they score, per level: the figures behind
the title's README (issue 31: "which rule ends the games, at which stage").  Not a test:

    python -m tests.curfew.endings --bot heuristic --games 300 --seed 1 --jobs 2
    python -m tests.curfew.endings --bot passive --games 100 --seed 1

Game i is played on seed + i, as `python -m game simulate` plays it (the same games).
``passive`` is no level of the game: a player who ends every stage at once, the yardstick
of what acting gains.  ``--out FILE`` keeps one JSON line a game (``--pair FILE`` reads
another level's lines and sets them beside these, seed by seed).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from rules.core import Dice, seed_state
from rules.core.search import reproducible
from rules.curfew.bots import CurfewBot
from rules.curfew.scoring import penalty, prisoners, score
from rules.curfew.title import TITLE
from rules.stawka.actions import GiveUp

PASSIVE = "passive"


class PassiveBot(CurfewBot):
    """Normal's set-up, then every stage ended at once."""

    def choose(self, view: BaseModel, legal: Sequence[Any], dice: Dice) -> Any:
        ending = next((a for a in legal if isinstance(a, GiveUp)), None)
        return ending if ending is not None else super().choose(view, legal, dice)


def one(job: tuple[str, int]) -> dict[str, Any]:
    """One game's facts, played as `rules.core.simulate.play_one` plays it."""
    bot, seed = job
    began = time.process_time()
    player = PassiveBot("polish") if bot == PASSIVE else TITLE.make_bot(bot, "polish")
    with reproducible():
        state, _ = TITLE.start(TITLE.default_options(None), seed)
        dice = Dice(seed_state(seed ^ 0x5EED))
        actions = 0
        while TITLE.to_act(state) is not None:
            state, _ = TITLE.apply(state, TITLE.bot_action(player, state, dice))
            actions += 1
    return {
        "seed": seed,
        "ending": str(state.end_key).rsplit(".", 1)[-1],
        "stage": min(state.stage, state.stage_count),
        "vp": state.sides["polish"].vp,
        "penalty": penalty(state),
        "score": score(state),
        "secrets": state.sides["polish"].secrets,
        "missions": len(state.missions_done),
        "prisoners": len(prisoners(state)),
        "actions": actions,
        "cpu": time.process_time() - began,
    }


def band(points: float) -> str:
    return next(
        name
        for low, name in (
            (18, "masterly"),
            (14, "excellent"),
            (10, "satisfactory"),
            (5, "defeat"),
            (-math.inf, "severe defeat"),
        )
        if points >= low
    )


def summary(rows: list[dict[str, Any]]) -> list[str]:
    scores = [r["score"] for r in rows]
    mean, error = statistics.mean(scores), statistics.stdev(scores) / math.sqrt(len(scores))
    rated = [r for r in rows if r["ending"] == "time"]
    lines = [
        f"{len(rows)} games: mean score {mean:.2f} "
        f"(95% {mean - 1.96 * error:.2f} to {mean + 1.96 * error:.2f}), "
        f"median {statistics.median(scores)}, {sum(1 for s in scores if s <= 0)} at 0 or below",
        "immediate defeats by stage: "
        + ", ".join(
            f"{ending} {sum(n for (e, _), n in stages.items() if e == ending)} "
            f"({' '.join(f's{s}:{n}' for (e, s), n in sorted(stages.items()) if e == ending)})"
            for ending in sorted({e for e, _ in stages})
        )
        if (stages := Counter((r["ending"], r["stage"]) for r in rows if r["ending"] != "time"))
        else "immediate defeats: none",
        f"rated {len(rated)}: "
        + ", ".join(f"{b} {n}" for b, n in Counter(band(r["score"]) for r in rated).most_common()),
        f"satisfactory or better: {sum(1 for r in rated if r['score'] >= 10)} of {len(rows)}",
    ]
    if rated:
        lines.append(
            "rated games, a game: "
            + ", ".join(
                f"{key} {statistics.mean(r[key] for r in rated):.2f}"
                for key in ("vp", "penalty", "secrets", "missions", "prisoners")
            )
        )
    lines.append(f"CPU a game {statistics.mean(r['cpu'] for r in rows):.2f} s")
    return lines


def paired(rows: list[dict[str, Any]], other: list[dict[str, Any]]) -> str:
    theirs = {r["seed"]: r["score"] for r in other}
    differences = [r["score"] - theirs[r["seed"]] for r in rows if r["seed"] in theirs]
    mean = statistics.mean(differences)
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    better = sum(1 for d in differences if d > 0)
    worse = sum(1 for d in differences if d < 0)
    return (
        f"paired on {len(differences)} seeds: {mean:+.2f} a seed (standard error {error:.2f}, "
        f"{mean / error:.1f} SE; 95% {mean - 1.96 * error:+.2f} to {mean + 1.96 * error:+.2f}), "
        f"better on {better}, worse on {worse}, equal on {len(differences) - better - worse}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="heuristic", help="random, heuristic, hard or passive")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="keep each game's facts here, one JSON line a game")
    parser.add_argument("--pair", help="another run's --out file, set beside this one seed by seed")
    args = parser.parse_args(argv)
    jobs = [(args.bot, args.seed + i) for i in range(args.games)]
    rows: list[dict[str, Any]] = []
    with multiprocessing.get_context("fork").Pool(max(1, args.jobs)) as pool:
        for row in pool.imap(one, jobs):
            rows.append(row)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    out.write(json.dumps(row) + "\n")
    print("\n".join(summary(rows)))
    if args.pair:
        with open(args.pair, encoding="utf-8") as kept:
            print(paired(rows, [json.loads(line) for line in kept]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
