"""What the bots know of "Top Secret"'s goal (`rules.stawka.film.top_secret`, `black_audi`).

The German player fetches Dr Pulkowski with the Black Audi and drives him to the
barracks: a drive is worth the spaces it gains toward the factory (before he is aboard)
or the barracks (after); the car waits in the factory once there.  The Polish player
slows the interrogation by getting agents into the factory, and, once the car is to carry
him, goes after it with armed agents (not Kloss) to attack it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import cache

from rules.core import Seat
from rules.stawka.actions import AttackAudi, DriveAudi, NudgeAudi, StawkaAction
from rules.stawka.bots.odds import always, at_least, doc
from rules.stawka.film import black_audi
from rules.stawka.film.top_secret import BARRACKS, FACTORY, audi
from rules.stawka.items import item
from rules.stawka.state import POLISH, StawkaState, TopSecret
from rules.stawka.view import AgentView, StawkaView, TopSecretView

DRIVE_STEP = 1.0
"""A space gained toward the factory or, with Pulkowski, toward the barracks."""
DELIVERY = 50.0
"""Bringing him in wins the game."""
INFILTRATION = 8.0
"""A Polish agent getting into the factory: 3 off every interrogation from now on."""
CAR_KILL = 40.0
"""Destroying the car with Pulkowski wins the game."""


@cache
def car_distances(scenario: str, goal: str) -> dict[str, int]:
    """Steps along the car's roads from every space to `goal`."""
    roads = black_audi.roads(scenario)
    found = {goal: 0}
    queue = deque([goal])
    while queue:
        here = queue.popleft()
        for there in roads.get(here, ()):
            if there not in found:
                found[there] = found[here] + 1
                queue.append(there)
    return found


def _goal(held: TopSecretView) -> str:
    return BARRACKS if held.pulkowski == "aboard" else FACTORY


def nudge_choice(view: StawkaView, seat: Seat, legal: Sequence[StawkaAction]) -> StawkaAction:
    """Two spaces toward the car's goal (German), or away from it once Pulkowski is broken
    (Polish); else leave it."""
    held = view.top_secret
    nudges = [a for a in legal if isinstance(a, NudgeAudi)]
    if held is None or (seat == POLISH and held.pulkowski == "held"):
        return nudges[0]
    row = car_distances(view.scenario, _goal(held))
    sign = 1 if seat == POLISH else -1
    return max(nudges, key=lambda a: sign * row.get(a.to or held.audi, 99))


def discard_value(view: StawkaView, seat: Seat) -> float:
    """A Top Secret card's worth here: two spaces of the car's way (German), or of its
    delay once Pulkowski is broken (Polish)."""
    held = view.top_secret
    if held is None or (seat == POLISH and held.pulkowski == "held"):
        return -1.0
    return 2 * DRIVE_STEP - 0.5


def drive_value(view: StawkaView, action: DriveAudi) -> float:
    held = view.top_secret
    if held is None:
        return 0.0
    row = car_distances(view.scenario, _goal(held))
    gained = row.get(held.audi, 99) - row.get(action.to, 99)
    if action.to == BARRACKS and held.pulkowski == "aboard":
        return DELIVERY
    return DRIVE_STEP * gained - 0.05


def kill_chance(view: StawkaView, agent: AgentView, weapon: str) -> float:
    """The odds of destroying the car with `weapon` (a German support token unknown)."""
    held = view.top_secret
    assert held is not None
    bonus = item(weapon).effect.amount + always(doc(view, agent.id), "assassination_roll")
    bonus += held.mission_bonus.get(agent.id, 0) + sum(view.sides[POLISH].evidence_over.values())
    return at_least(audi().defence + held.defence_bonus + 1 - bonus)


def attack_value(view: StawkaView, agent: AgentView, action: AttackAudi) -> float:
    return CAR_KILL * kill_chance(view, agent, action.weapon)


def opening_worth(view: StawkaView, seat: Seat, agent: AgentView) -> float:
    """Discarding the factory's check opens it to the Polish agents not yet in."""
    held = view.top_secret
    if held is None or seat != POLISH or agent.space != FACTORY or held.pulkowski != "held":
        return 0.0
    outside = [
        a for a in view.agents if a.side == POLISH and a.status == "free" and a.id not in held.infiltrators
    ]
    return INFILTRATION * len(outside)


BROKEN = 8.0
"""Hard's progress: Pulkowski broken (German), in pieces of evidence that matter."""


def progress(state: StawkaState, seat: Seat) -> float:
    """How far `seat` is toward Top Secret's victory (Hard's play-outs): the German by
    breaking Pulkowski and bringing the car home, the Polish by agents in the factory."""
    held = state.top_secret
    if held is None:
        return 0.0
    if seat == POLISH:
        return INFILTRATION / 2 * len(held.infiltrators)
    if held.pulkowski == "held":
        return 0.0
    row = car_distances(state.scenario, BARRACKS)
    return BROKEN + DRIVE_STEP * max(0, 10 - row.get(held.audi, 10))


def targets(view: StawkaView, seat: Seat, agent: AgentView) -> list[tuple[str, float]]:
    """Spaces worth walking to in this scenario, for `agent` of `seat`."""
    held: TopSecret | None = view.top_secret
    if held is None or seat != POLISH:
        return []
    found: list[tuple[str, float]] = []
    if agent.id not in held.infiltrators and held.pulkowski == "held":
        found.append((FACTORY, INFILTRATION))
    armed = [i for i in agent.items if item(i).effect.kind == "weapon"]
    if held.pulkowski in ("broken", "aboard") and armed and agent.id != "kloss":
        found.append((held.audi, max(CAR_KILL * kill_chance(view, agent, w) for w in armed)))
    return found
