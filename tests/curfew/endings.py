"""Where Godzina policyjna's games end and what they score, per level: the figures behind
the title's README (issue 31: "which rule ends the games, at which stage").  Not a test:

    python -m tests.curfew.endings --bot heuristic --games 300 --seed 1 --jobs 2
    python -m tests.curfew.endings --bot passive --games 100 --seed 1

Game i is played on seed + i, as `python -m game simulate` plays it (the same games).
``passive`` is no level of the game: a player who ends every stage at once, the yardstick
of what acting gains.  ``clairvoyant`` is none either: Hard's search handed the real game
instead of worlds re-dealt (every hidden card where it lies, every die the rules will roll,
since they come from the state's own generator), weighing many more of the planner's moves
(``WIDE``) each by the rest of the stage played out by Normal: a yardstick of what Normal's
play-outs could reach if nothing were hidden, not even the dice.  ``seer`` is the same
search seeing every card but not the dice: each of its ``SEER_WORLDS`` worlds is the real
game with dice of its own.  ``oracle`` is Hard itself (its candidates, its 6 worlds
settled after 3) handed worlds that are the real deal, every hidden card where it lies
(the German location deck's order, the item stacks, which check lies where, the Polish
location deck), each with dice of its own: Hard with nothing hidden but the future.
``--reading`` plays curfew rule C another way for the run only (`READINGS`: the
README's "Readings"), never the game's rules: a yardstick of what the reading decides.
``--out FILE`` keeps one JSON line a game (``--pair FILE`` reads
another level's lines and sets them beside these, seed by seed).

Each game's line also counts what its events show (`tally`): the arrests by rule (C on a
street, D on 6 evidence, E a German's secret) and those escaped, the prisoners who
betrayed a secret at an interrogation (Kloss worked out), the conversations each side
began and what they gave, the evidence each side gained and how, the mission cards taken
(passed by Kloss, or from a hideout) and done, the stages ended early; the summary gives
them a game ("where the points go").
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
from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from rules.core import Dice, seed_state
from rules.core.bots import InformationSet
from rules.core.search import Budget, reproducible
from rules.curfew.bots import CurfewBot
from rules.curfew.hard import HARD_BUDGET, CurfewSearch, StageSearchBot
from rules.curfew.scoring import penalty, prisoners, score
from rules.curfew.state import NO_SECTORS, CurfewState, officers_sectors, patrolled
from rules.curfew.title import TITLE
from rules.stawka.actions import GiveUp

PASSIVE = "passive"
CLAIRVOYANT = "clairvoyant"
SEER = "seer"
ORACLE = "oracle"
SEEING = (CLAIRVOYANT, SEER, ORACLE)
WIDE = 40
"""Moves weighed a decision: Normal's, ending the stage, then the planner's next best."""
SEER_WORLDS = 4
"""The seer's worlds a decision (Hard's 6, settled after 3, think-time aside)."""


OURS = "ours"
READINGS = (OURS, "nie", "permission")
"""Curfew rule C, "polscy agenci, którzy uniknęli aresztowania mogą opuszczać sektor, w
którym są niemieccy oficerowie SS" (Polish agents who escaped an arrest may leave a sector
with German SS officers in it), three ways: ours, only they may leave it (the others stay:
`CurfewState.sealed_sectors`); ``nie``, a "nie" lost from the text, they may not leave it
(the others may); ``permission``, the sentence a permission only, nobody held."""


_AS_WRITTEN = {"sealed_sectors": CurfewState.sealed_sectors, "walk_bounds": CurfewState.walk_bounds}
"""The rules' own C (`read_c` puts them back for ``ours``)."""


def read_c(reading: str) -> None:
    """Play curfew rule C as `reading` says (`READINGS`) in this process, from now on."""
    if reading == OURS:
        for name, method in _AS_WRITTEN.items():
            setattr(CurfewState, name, method)
        return

    def sealed(state: CurfewState, agent: Any) -> frozenset[str]:
        if agent.side != "polish" or reading == "permission" or agent.id not in state.escaped:
            return NO_SECTORS
        return officers_sectors(state)

    def bounds(state: CurfewState, agent: Any) -> tuple[frozenset[str], frozenset[str]]:
        if agent.side != "polish":
            return NO_SECTORS, NO_SECTORS
        return sealed(state, agent), patrolled(state)

    played: dict[str, Any] = {"sealed_sectors": sealed, "walk_bounds": bounds}
    for name, method in played.items():
        setattr(CurfewState, name, method)


class Clairvoyant(InformationSet[CurfewState]):
    """The real game as the only world there is (the module's docstring)."""

    __slots__ = ()

    def sample(self, dice: Dice) -> CurfewState:
        return self._state


class Seer(InformationSet[CurfewState]):
    """The real game, dealt as it lies, with dice of the world's own."""

    __slots__ = ()

    def sample(self, dice: Dice) -> CurfewState:
        return self._state.model_copy(update={"rng": dice.next64(), "seed": 0, "previous": None})


class WidePolicy(CurfewSearch):
    candidates = WIDE


def seeing_bot(kind: str) -> StageSearchBot:
    """The search of `clairvoyant`, `seer` or `oracle` (the module's docstring)."""
    if kind == ORACLE:
        return StageSearchBot(TITLE, CurfewSearch(), "polish", replace(HARD_BUDGET, seconds=None))
    worlds = 1 if kind == CLAIRVOYANT else SEER_WORLDS
    return StageSearchBot(TITLE, WidePolicy(), "polish", Budget(iterations=worlds))


def seeing_action(kind: str, bot: StageSearchBot, state: CurfewState, dice: Dice) -> Any:
    """The move of `clairvoyant`, `seer` or `oracle` in `state` (the Polish seat's: the only one
    that decides)."""
    seat = TITLE.to_act(state)
    assert seat is not None
    info = (Clairvoyant if kind == CLAIRVOYANT else Seer)(TITLE, state, seat)
    return bot.choose_in(info, TITLE.legal_actions(state), dice)


class PassiveBot(CurfewBot):
    """Normal's set-up, then every stage ended at once."""

    def choose(self, view: BaseModel, legal: Sequence[Any], dice: Dice) -> Any:
        ending = next((a for a in legal if isinstance(a, GiveUp)), None)
        return ending if ending is not None else super().choose(view, legal, dice)


TALLIED = (
    "arrest_C",
    "arrest_D",
    "arrest_E",
    "escaped",
    "arrested",
    "betrayed",
    "worked_out",
    "talks_polish",
    "secrets_open",
    "talks_german",
    "german_secrets",
    "evidence_polish",
    "evidence_german",
    "evidence_german_talk",
    "evidence_german_curfew",
    "evidence_german_card",
    "curfew_tests",
    "missions_taken",
    "missions_done",
    "missions_held",
    "ended_early",
    "ended_early_ap",
)
"""What `tally` counts, in the summary's order."""


ARRESTS = {
    "curfew.german.arrest_street": "arrest_C",
    "curfew.german.arrest_location": "arrest_D",
    "curfew.german.secret_arrest": "arrest_E",
}


def tally(counts: Counter[str], before: CurfewState, action: Any, events: Sequence[Any]) -> None:
    """Count what one action's `events` show into `counts` (the module's docstring)."""
    if isinstance(action, GiveUp) and TITLE.to_act(before) == "polish":
        counts["ended_early"] += 1
        counts["ended_early_ap"] += before.sides["polish"].ap
    for event in events:
        key, params = event.key, event.params
        if key in (
            "curfew.german.arrest_street",
            "curfew.german.arrest_location",
            "curfew.german.secret_arrest",
        ):
            counts[
                {"street": "arrest_C", "location": "arrest_D"}.get(key.rsplit("_", 1)[-1], "arrest_E")
            ] += 1
        elif key in ("curfew.german.escaped", "stawka.arrested", "curfew.betrayed"):
            counts[key.rsplit(".", 1)[-1]] += 1
        elif key.startswith("stawka.conversation_") and params.get("agent"):
            speaker = before.agent(str(params["agent"]))
            if speaker.side == "polish":
                counts["talks_polish"] += 1
                target = before.agent(str(params["target"]))
                counts["secrets_open"] += before.sides["polish"].evidence.get(target.colour, 0) >= 3
            else:
                counts["talks_german"] += 1
                counts["german_secrets"] += key == "stawka.conversation_secret"
        elif key.startswith(("stawka.evidence.", "curfew.evidence.")) and key != "curfew.evidence.spread":
            side, how = str(params["seat"]), key.rsplit(".", 1)[-1]
            counts[f"evidence_{side}"] += int(params["amount"])
            if side == "german" and how in ("conversation", "curfew", "card"):
                counts[f"evidence_german_{'talk' if how == 'conversation' else how}"] += int(params["amount"])
        elif key in ("curfew.curfew_check_passed", "curfew.curfew_check_failed"):
            counts["curfew_tests"] += 1
        elif key == "stawka.mission_card":
            counts["missions_taken"] += 1
        elif key in ("stawka.mission_basic", "stawka.mission_special"):
            counts["missions_done"] += 1


def one(job: tuple[str, int, str]) -> dict[str, Any]:
    """One game's facts, played as `rules.core.simulate.play_one` plays it (curfew rule C
    read as `READINGS` says)."""
    bot, seed, reading = job
    read_c(reading)
    began = time.process_time()
    seeing = bot in SEEING
    search = seeing_bot(bot) if seeing else None
    player = PassiveBot("polish") if bot == PASSIVE or seeing else TITLE.make_bot(bot, "polish")
    with reproducible():
        state, _ = TITLE.start(TITLE.default_options(None), seed)
        dice = Dice(seed_state(seed ^ 0x5EED))
        actions = 0
        counts: Counter[str] = Counter()
        while TITLE.to_act(state) is not None:
            if search is not None:
                action = seeing_action(bot, search, state, dice)
            else:
                action = TITLE.bot_action(player, state, dice)
            before = state
            state, events = TITLE.apply(state, action)
            tally(counts, before, action, events)
            if state.worked_out and not before.worked_out:
                # The stage the game is in after the step: a stage's closing
                # interrogations mostly count in the next, stage 6's as 7 (the game's end).
                counts["worked_out"] = state.stage
            actions += 1
    counts["missions_held"] = sum(1 for a in state.agents_of("polish") if a.mission is not None)
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
        **{key: counts[key] for key in TALLIED},
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
    if all("arrested" in r for r in rows):
        worked = Counter(r["worked_out"] for r in rows if r["worked_out"])
        lines.append(
            "where the points go, a game: "
            + ", ".join(
                f"{key} {statistics.mean(r[key] for r in rows):.2f}" for key in TALLIED if key != "worked_out"
            )
        )
        lines.append(
            f"Kloss worked out in {sum(worked.values())} games (by the stage after, 7 the game's end: "
            + " ".join(f"s{s}:{n}" for s, n in sorted(worked.items()))
            + f"), a prisoner's betrayal in {sum(1 for r in rows if r['betrayed'])} games"
        )
    lines.append(f"CPU a game {statistics.mean(r['cpu'] for r in rows):.2f} s")
    return lines


def paired(rows: list[dict[str, Any]], other: list[dict[str, Any]]) -> str:
    theirs = {r["seed"]: r["score"] for r in other}
    differences = [r["score"] - theirs[r["seed"]] for r in rows if r["seed"] in theirs]
    mean = statistics.mean(differences)
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    if error == 0:
        return f"paired on {len(differences)} seeds: {mean:+.2f} on every seed"
    better = sum(1 for d in differences if d > 0)
    worse = sum(1 for d in differences if d < 0)
    return (
        f"paired on {len(differences)} seeds: {mean:+.2f} a seed (standard error {error:.2f}, "
        f"{mean / error:.1f} SE; 95% {mean - 1.96 * error:+.2f} to {mean + 1.96 * error:+.2f}), "
        f"better on {better}, worse on {worse}, equal on {len(differences) - better - worse}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--bot", default="heuristic", help="random, heuristic, hard, passive, clairvoyant, seer or oracle"
    )
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--reading", default=OURS, choices=READINGS, help="curfew rule C, for this run only")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="keep each game's facts here, one JSON line a game")
    parser.add_argument("--pair", help="another run's --out file, set beside this one seed by seed")
    args = parser.parse_args(argv)
    jobs = [(args.bot, args.seed + i, args.reading) for i in range(args.games)]
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
