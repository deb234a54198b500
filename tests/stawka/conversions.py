"""Why Normal draws against a random opponent: the figures behind the Stawka README's
"Why Normal draws against a random opponent" (issue 34, point 2).  Not a test:

    python -m tests.stawka.conversions --scenario training-1 --seat polish --games 60 --seed 50001
    python -m tests.stawka.conversions --scenario-file tests/stawka/games/free-five-basic.json \
        --seat polish --games 60 --seed 50001

Game i is played on seed + i with Normal in `--seat` and the random player in the other,
as `python -m game simulate stawka --bots heuristic,random` plays it (the same games).
Per result (won, drawn, lost): the games, Normal's conversations a game, the secrets it
could expect from them (each conversation's chance of a secret as the bot reckons it:
`bots.odds.conversation_odds`, the rank test included), the secrets and VP it had at the
end, and the stage the game ended in.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rules.core import Dice, seed_state
from rules.core.search import reproducible
from rules.stawka import TITLE
from rules.stawka.actions import Converse
from rules.stawka.bots.odds import conversation_odds, optional_bonus
from rules.stawka.items import item
from rules.stawka.view import StawkaView


def secret_chance(view: StawkaView, seat: str, action: Converse) -> float:
    """The chance of a secret from `action`, as Normal reckons it (`conversation_odds`)."""
    speaker = next(a for a in view.agents if a.id == action.agent)
    target = next(a for a in view.agents if a.id == action.target)
    extra = sum(item(i).effect.amount for i in action.items)
    extra += optional_bonus(view, speaker) if action.trait else 0
    odds = conversation_odds(view, seat, speaker, target, extra)
    return odds.talk * odds.secret


def one(options: Any, seat: str, seed: int) -> dict[str, Any]:
    """One game's facts, played as `rules.core.simulate.play_one` plays it."""
    seats = TITLE.seats(options)
    bots = {s: TITLE.make_bot("heuristic" if s == seat else "random", s) for s in seats}
    talks, expected = 0, 0.0
    with reproducible():
        state, _ = TITLE.start(options, seed)
        dice = Dice(seed_state(seed ^ 0x5EED))
        while (acting := TITLE.to_act(state)) is not None:
            action = TITLE.bot_action(bots[acting], state, dice)
            if acting == seat and isinstance(action, Converse):
                talks += 1
                expected += secret_chance(TITLE.view(state, seat), seat, action)
            state, _ = TITLE.apply(state, action)
    outcome = TITLE.outcome(state)
    assert outcome is not None
    result = "won" if seat in outcome.winners else "drawn" if outcome.draw else "lost"
    side = state.sides[seat]
    return {
        "result": result,
        "talks": talks,
        "expected": expected,
        "secrets": side.secrets,
        "vp": side.vp,
        "stage": min(state.stage, state.stage_count),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.stawka.conversions")
    parser.add_argument("--scenario")
    parser.add_argument("--scenario-file", type=Path)
    parser.add_argument("--seat", choices=("polish", "german"), required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    args = parser.parse_args(argv)
    scenario: Any = args.scenario
    if args.scenario_file is not None:
        scenario = TITLE.load_scenario(args.scenario_file.read_bytes())
    options = TITLE.make_options(scenario, choices={})
    games = [one(options, args.seat, args.seed + i) for i in range(args.games)]
    label = args.scenario or str(args.scenario_file)
    print(f"{label}, Normal {args.seat} against random, seeds {args.seed}-{args.seed + args.games - 1}")
    for result in ("won", "drawn", "lost"):
        some = [g for g in games if g["result"] == result]
        if not some:
            continue
        n = len(some)
        print(
            f"{result} {n}: conversations {sum(g['talks'] for g in some) / n:.1f} a game, "
            f"secrets to expect from them {sum(g['expected'] for g in some) / n:.2f}, "
            f"secrets {sum(g['secrets'] for g in some) / n:.2f}, VP {sum(g['vp'] for g in some) / n:.1f}, "
            f"ended in stage {sum(g['stage'] for g in some) / n:.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
