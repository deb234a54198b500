""" "Top Secret", The Black Audi (rulebook, "Film Scenario: Top Secret", The Black Audi; its
NOTEs; Victory Conditions).

A German figure starting in the barracks, AP limit 5, its AP from the German pool.  It
drives along street spaces only, and into the factory, where it picks up a broken Dr
Pulkowski, and the barracks, where it started and where bringing him wins.  Until he is
aboard it ignores threat tokens; from the stage after he got in it sets off, subject to
them (not to a document check in the military sector).  If it is not in the barracks
with him by the end of the last stage (15), the Polish player wins.

The barracks, not the proving ground (film audit, README "Top Secret"): "The Black Audi"
says the car is "to ... drive him to the proving ground to carry out tests", but the rules
that decide name the barracks ("drive him to the barracks, in order to win the game";
Victory Conditions: "drives Pulkowski to the barracks").

Ours (README, "Top Secret"): a drive is a whole activation of the car (one action: its
destination, by a shortest way; at least 1 space, unlike an agent's 2).  The Polish
tokens on its way act on it without their owner's decision (he always would): the first
one that can act on a car stops it on its space and is turned up: an alarm ends the
drive; a cauldron also keeps it there for the rest of the stage; confusion also takes
2 AP from the German pool; dangerous terrain stays face up and costs 1 AP more; a
document check is a test of its alertness (7), failed: back to the space before.  A
suspect, a thief and a support token have nothing to act on in a car: it passes them,
face down.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import cache
from typing import ClassVar

from rules.core import Dice, Event, IllegalAction, Seat
from rules.core.decisions import Handler
from rules.stawka import activation, movement, threats
from rules.stawka.actions import AttackAudi, DriveAudi, NudgeAudi, StawkaAction
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.film import audi_attack
from rules.stawka.film.top_secret import AUDI, BARRACKS, FACTORY, audi, figures, with_figures
from rules.stawka.film_rule import SpecialRule, Won
from rules.stawka.state import GERMAN, POLISH, AgentState, AudiNudge, StawkaState, Turn

MILITARY = "military"
STOPS_A_CAR = ("alarm", "cauldron", "confusion", "dangerous_terrain", "document_check")
"""Polish tokens that can act on a car (the others act on an agent's items or evidence)."""
CONFUSION_AP = 2


@cache
def roads(scenario: str) -> dict[str, tuple[str, ...]]:
    """The car's graph: street spaces, the factory and the barracks."""
    board = board_of(scenario)
    allowed = {s for s in board.spaces if not board.is_location(s)} | {FACTORY, BARRACKS}
    return {
        space: tuple(n for n in board.exits(space, GERMAN) if n in allowed)
        for space in board.spaces
        if space in allowed
    }


def ap_left(state: StawkaState) -> int:
    """What the Audi may still drive this stage: its limit's rest, at most the German pool."""
    return max(0, min(audi().ap_limit - figures(state).audi_ap, state.sides[GERMAN].ap))


def may_set_off(state: StawkaState) -> bool:
    """Before Pulkowski is in, it may drive (to fetch him); with him, from the next stage."""
    held = figures(state)
    if held.pulkowski == "delivered" or held.destroyed:
        return False
    return held.pulkowski != "aboard" or state.stage > held.boarded


def routes(state: StawkaState) -> dict[str, tuple[tuple[str, ...], int]]:
    """Every space the Audi can reach now -> the first shortest way there and its AP."""
    if not may_set_off(state):
        return {}
    start = figures(state).audi
    budget = ap_left(state)
    rough = threats.rough_ground(state) if figures(state).pulkowski == "aboard" else frozenset()
    graph = roads(state.scenario)
    found: dict[str, tuple[tuple[str, ...], int]] = {}
    queue: deque[tuple[str, tuple[str, ...]]] = deque([(start, ())])
    seen = {start}
    while queue:
        here, path = queue.popleft()
        for there in graph.get(here, ()):
            if there in seen:
                continue
            seen.add(there)
            way = (*path, there)
            cost = movement.path_cost(start, way, rough)
            if cost <= budget:
                found[there] = (way, cost)
                queue.append((there, way))
    return found


def legal_drives(state: StawkaState, turn: Turn) -> list[DriveAudi]:
    if turn.seat != GERMAN or state.activation is not None:
        return []
    return [DriveAudi(to=space) for space in routes(state)]


def _car_stopper(state: StawkaState, space: str) -> str | None:
    """A Polish face-down token on `space` that acts on the car carrying Pulkowski."""
    on = threats.enemy_token_at(state, space, GERMAN)
    if on is None or on in state.threats_open or threats.token(on).kind not in STOPS_A_CAR:
        return None
    if threats.token(on).kind == "document_check" and board_of(state.scenario).sector_of[space] == MILITARY:
        return None  # NOTE: "not subject to the document check in the military sector"
    return on


def drive(state: StawkaState, turn: Turn, action: DriveAudi, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """The Black Audi's activation: it drives to `action.to`, or as far as a token lets it."""
    if action not in legal_drives(state, turn):
        raise IllegalAction(
            "The Black Audi drives along the streets (and into the factory or the barracks) "
            "as far as its 5 AP a stage and the German pool allow; with Dr Pulkowski aboard, "
            "from the stage after he got in.",
            "stawka.refusal.audi_drive",
        )
    held = figures(state)
    path, _ = routes(state)[action.to]
    aboard = held.pulkowski == "aboard"
    stopper = next((s for s in path if aboard and _car_stopper(state, s)), None)
    leg = path if stopper is None else path[: path.index(stopper) + 1]
    rough = threats.rough_ground(state) if aboard else frozenset()
    cost = movement.path_cost(held.audi, leg, rough)
    state = _drive_to(state, leg, cost)
    events = [
        Event(
            kind="move",
            key="stawka.audi_drove",
            params={
                "agent": AUDI,
                "to": leg[-1],
                "where": board_of(state.scenario).where(leg[-1]),
                "cost": cost,
            },
            data={"path": list(leg)},
        )
    ]
    on = None if stopper is None else _car_stopper(state, stopper)
    if on is not None:
        previous = leg[-2] if len(leg) > 1 else held.audi
        state, more = _stopped(state, on, previous, dice)
        events.extend(more)
    held = figures(state)
    if aboard and held.audi == BARRACKS:
        state = with_figures(state, held.model_copy(update={"pulkowski": "delivered"}))
    return activation.settle(state, events)


def _drive_to(state: StawkaState, leg: tuple[str, ...], cost: int) -> StawkaState:
    held = figures(state)
    side = state.sides[GERMAN]
    state = state.with_side(GERMAN, side.model_copy(update={"ap": side.ap - cost}))
    return with_figures(state, held.model_copy(update={"audi": leg[-1], "audi_ap": held.audi_ap + cost}))


def _stopped(state: StawkaState, on: str, previous: str, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """A Polish token the car ran onto is turned up and acts on it."""
    threat = threats.token(on)
    events = [
        Event(
            kind="threat",
            key=f"stawka.threat.{threat.kind}",
            params={"seat": POLISH, "agent": AUDI, "token": on, "amount": threat.amount},
            reveals=True,
        )
    ]
    held = figures(state)
    if threat.kind == "cauldron":
        state = with_figures(state, held.model_copy(update={"audi_ap": audi().ap_limit}))
    elif threat.kind == "confusion":
        side = state.sides[GERMAN]
        state = state.with_side(GERMAN, side.model_copy(update={"ap": max(0, side.ap - CONFUSION_AP)}))
    elif threat.kind == "dangerous_terrain":
        if ap_left(state) >= 1:
            state = _drive_to(state, (held.audi,), 1)
        return state.model_copy(update={"threats_open": (*state.threats_open, on)}), events
    elif threat.kind == "document_check":
        rolled = dice.roll(2)
        total = sum(rolled) - threat.amount
        passed = total > audi().alertness
        events.append(
            Event(
                kind="roll",
                key=f"stawka.test_document_check_{'passed' if passed else 'failed'}",
                params={"agent": AUDI, "total": total, "alertness": audi().alertness},
                data={
                    "dice": list(rolled),
                    "modifiers": [["check", -threat.amount]],
                    "total": total,
                    "needed": audi().alertness + 1,
                    "goal": "pass",
                },
                reveals=True,
            )
        )
        if not passed:
            state = with_figures(state, figures(state).model_copy(update={"audi": previous}))
    return threats.remove_token(state, on), events


def nudge_spaces(state: StawkaState) -> tuple[str, ...]:
    """Top Secret Cards: where moving the car "2 spaces in a direction of his choice" may
    take it: the spaces exactly 2 steps along its roads."""
    held = figures(state)
    if held.destroyed or held.pulkowski == "delivered":
        return ()
    graph = roads(state.scenario)
    one = set(graph.get(held.audi, ()))
    return tuple(
        sorted({far for near in one for far in graph.get(near, ()) if far != held.audi and far not in one})
    )


def legal_nudges(state: StawkaState, decision: AudiNudge) -> list[NudgeAudi]:
    return [NudgeAudi(), *(NudgeAudi(to=space) for space in nudge_spaces(state))]


def nudge(
    state: StawkaState, decision: AudiNudge, action: NudgeAudi, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """The car moves 2 spaces, at no AP; threat tokens act only on its own drives (ours)."""
    if action not in legal_nudges(state, decision):
        raise IllegalAction(
            "A Top Secret card moves the Black Audi exactly 2 spaces along its roads, or not at all.",
            "stawka.refusal.audi_nudge",
        )
    state = state.model_copy(update={"pending": state.pending[:-1]})
    if action.to is None:
        return activation.settle(state, [])
    held = figures(state)
    state = with_figures(state, held.model_copy(update={"audi": action.to}))
    if held.pulkowski == "aboard" and action.to == BARRACKS:
        state = with_figures(state, figures(state).model_copy(update={"pulkowski": "delivered"}))
    event = Event(
        kind="move",
        key="stawka.audi_nudged",
        params={
            "agent": AUDI,
            "to": action.to,
            "where": board_of(state.scenario).where(action.to),
            "cost": 0,
        },
        reveals=True,
    )
    return activation.settle(state, [event])


class BlackAudi(SpecialRule):
    """The Black Audi: its drives, the attacks on it, the missions' bonuses, and the Polish
    victories (Victory Conditions)."""

    id = "black_audi"
    handlers: ClassVar[dict[type, Handler]] = {DriveAudi: drive, AttackAudi: audi_attack.attack}

    def setup(self, state: StawkaState, dice: Dice) -> StawkaState:
        start = next(v.start for v in load_content().scenario(state.scenario).vehicles if v.vehicle == AUDI)
        return with_figures(state, figures(state).model_copy(update={"audi": start}))

    def actions(self, state: StawkaState, turn: Turn) -> Sequence[StawkaAction]:
        attackers = [
            a
            for a in state.agents_of(turn.seat)
            if (state.activation.agent == a.id if state.activation else activation.can_start(state, a))
        ]
        attacks = [attack for a in attackers for attack in audi_attack.legal_attacks(state, a)]
        return [*legal_drives(state, turn), *attacks]

    def mission_done(self, state: StawkaState, agent: AgentState, level: str) -> StawkaState:
        return audi_attack.mission_done(state, agent, level)

    def top_secret_discarded(
        self, state: StawkaState, seat: Seat, agent: str, dice: Dice
    ) -> tuple[StawkaState, list[Event]]:
        """Top Secret Cards: "he may immediately move the Black Audi 2 spaces"."""
        if not nudge_spaces(state):
            return state, []
        return state.model_copy(update={"pending": (*state.pending, AudiNudge(seat=seat))}), []

    def winner(self, state: StawkaState) -> Won | None:
        """Victory Conditions: the car destroyed with Pulkowski inside."""
        return (POLISH, "stawka.end.audi_destroyed") if figures(state).destroyed else None

    def may_act(self, state: StawkaState, seat: Seat) -> bool:
        return seat == GERMAN and state.activation is None and bool(routes(state))

    def at_stage_end(self, state: StawkaState, dice: Dice) -> tuple[StawkaState, list[Event]]:
        """A new stage, a fresh AP limit for the car."""
        return with_figures(state, figures(state).model_copy(update={"audi_ap": 0})), []

    def at_time_out(self, state: StawkaState) -> Won | None:
        """Victory Conditions: the car not in the barracks by the end of stage 15."""
        return POLISH, "stawka.end.audi_late"


RULES: tuple[SpecialRule, ...] = (BlackAudi(),)
