"""Real games of Godzina policyjna for the rule tests: seeded games played to their end by
the random and the sensible bot, every step kept (the state before, the action, the state
after, the events), so a rule is checked wherever it came up in play, not on a state
made by hand."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

from rules.core import Dice, Event, seed_state
from rules.core.rng import DICE_VERSION, dice_version
from rules.curfew.actions import AssignColour, CurfewAction, SpreadEvidence
from rules.curfew.content import german_card
from rules.curfew.state import CurfewState
from rules.curfew.title import TITLE

SEEDS = {"random": range(120), "heuristic": range(8)}
"""The games every rule test looks through: random play reaches the rare corners (a
secret in a German conversation, an arrest in a location), the sensible bot the long games."""
BOTS = ("random", "heuristic")
GERMANS = ("hermann_brunner", "stedtke", "fritz_kopf", "erik_kopf")


@dataclass(frozen=True)
class Step:
    before: CurfewState
    action: CurfewAction
    after: CurfewState
    events: tuple[Event, ...]

    def event_keys(self) -> list[str]:
        return [e.key for e in self.events]


@cache
def game(seed: int, bot: str = "random") -> tuple[Step, ...]:
    state, _ = TITLE.start(TITLE.default_options(None), seed)
    player = TITLE.make_bot(bot, "polish")
    dice = Dice(seed_state(seed ^ 0x5EED))
    steps = []
    while TITLE.to_act(state) is not None:
        action = TITLE.bot_action(player, state, dice)
        after, events = TITLE.apply(state, action)
        steps.append(Step(state, action, after, tuple(events)))
        state = after
    return tuple(steps)


def opened(seed: int, colours: str, spread: dict[str, int], dice: int = DICE_VERSION) -> CurfewState:
    """A new game of `seed` after its set-up: the German agents' `colours`, in the order the
    rules ask for them (Brunner, Stedtke, Fritz Kopf, Erik Kopf), then the evidence `spread`;
    its dice by the generator's version `dice` (the issues' reproductions: 1)."""
    with dice_version(dice):
        state, _ = TITLE.start(TITLE.default_options(None), seed)
    for german, colour in zip(GERMANS, colours.split(), strict=True):
        state, _ = TITLE.apply(state, AssignColour(agent=german, colour=colour))
    for agent, amount in spread.items():
        state, _ = TITLE.apply(state, SpreadEvidence(agent=agent, amount=amount))
    return state


def acted(state: CurfewState, *actions: CurfewAction) -> tuple[CurfewState, list[Event]]:
    """`state` after `actions` (the player's, in turn), and the last one's events."""
    events: list[Event] = []
    for action in actions:
        state, events = TITLE.apply(state, action)
    return state, events


def games(bots: tuple[str, ...] = BOTS) -> Iterator[tuple[Step, ...]]:
    for bot in bots:
        for seed in SEEDS[bot]:
            yield game(seed, bot)


def steps_where(test: Callable[[Step], bool], bots: tuple[str, ...] = BOTS) -> list[Step]:
    """Every step of the real games for which `test` holds."""
    return [step for played in games(bots) for step in played if test(step)]


def has_key(key: str) -> Callable[[Step], bool]:
    return lambda step: any(e.key == key for e in step.events)


class Walk:
    """Where every figure stands and what the Germans hold, followed through a step's events."""

    def __init__(self, state: CurfewState) -> None:
        self.space = {a.id: a.space for a in state.agents}
        self.status = {a.id: a.status for a in state.agents}
        self.evidence = dict(state.sides["german"].evidence)
        self.worked_out = state.worked_out
        self.card_location = ""
        self.came_from: dict[str, str] = {}

    def see(self, event: object) -> None:
        key = getattr(event, "key", "")
        params = getattr(event, "params", {})
        if key in ("stawka.moved", "curfew.german.moved"):
            self.came_from[params["agent"]] = (
                self.space[params["agent"]],
                *getattr(event, "data", {})["path"],
            )[-2]
            self.space[params["agent"]] = params["to"]
        elif key == "stawka.test_document_check_failed" and params["agent"] in self.came_from:
            # Sent back to where he came from (a check on entering a location); a threat's
            # check (in the jail, say) leaves him where he stands.
            self.space[params["agent"]] = self.came_from.pop(params["agent"])
        elif key == "curfew.sent_back":
            self.space[params["agent"]] = params["to"]  # on back, off a German's street (A)
        elif key == "curfew.card":
            self.card_location = german_card(params["card"]).location
        elif key == "stawka.brought":
            self.space[params["agent"]] = self.card_location  # a card brings him to its location
        elif key == "stawka.arrested":
            self.space[params["target"]] = "jail"
            self.status[params["target"]] = "arrested"
        elif key == "stawka.interrogation_secret":
            self.status[params["target"]] = "free"  # let go, standing in the jail
        elif getattr(event, "kind", "") == "evidence" and params.get("seat") == "german":
            self.evidence[params["colour"]] = params["total"]
        elif key in ("curfew.worked_out", "curfew.betrayed"):
            self.worked_out = True
