""" "Top Secret" (rulebook, "Film Scenario: Top Secret (Ściśle tajne)"): Dr Pulkowski in the
factory and the factory's security.

* Will Pulkowski Cooperate?: at the end of every stage the German player rolls 2d6 to
  break the doctor; 12 or more breaks him, with +1 for every stage he has already
  resisted.  A broken Pulkowski gets into the Black Audi once it stands in the factory.
* Reinforced Factory Security: the document check (-3) token lies face up on the
  factory from the start; every Polish agent who gets into the factory takes 3 off every
  later interrogation roll, once per agent, for good.

Ours (README, "Top Secret"): the face-up token works like the fort's check for every
Polish agent entering the factory (Kloss passes, as at every document check) for as long
as it lies there; it may be discarded like any token.  An agent "gets in" when he stands
in the factory with no test under way (a failed check sent him back).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from rules.core import Dice, Event, Seat
from rules.stawka.content import Vehicle, load_content
from rules.stawka.film import secret_threats
from rules.stawka.film_rule import SpecialRule, Won
from rules.stawka.state import GERMAN, POLISH, AgentState, StawkaState, TopSecret

AUDI = "black_audi"
FACTORY = "factory"
BARRACKS = "barracks"
BREAK_ROLL = 12
"""Will Pulkowski Cooperate?: "the German Player must roll at least 12 on two dice"."""
INFILTRATION = 3
"""Reinforced Factory Security: -3 per Polish agent who got into the factory."""


def figures(state: StawkaState) -> TopSecret:
    return state.top_secret or TopSecret()


def with_figures(state: StawkaState, figures: TopSecret) -> StawkaState:
    return state.model_copy(update={"top_secret": figures})


@cache
def audi() -> Vehicle:
    """The Black Audi's printed ratings (AP limit 5, defence 6, alertness 7)."""
    return next(v for v in load_content().vehicles if v.id == AUDI)


@cache
def security_token() -> str:
    """The German document check (-3) token (Reinforced Factory Security)."""
    return next(
        t.id
        for t in load_content().threats
        if t.side == GERMAN and t.kind == "document_check" and t.amount == INFILTRATION
    )


def break_modifiers(state: StawkaState) -> list[list[str | int]]:
    """What the next interrogation adds to its 2d6, as (label, amount)."""
    held = figures(state)
    modifiers: list[list[str | int]] = []
    if held.failed:
        modifiers.append(["stages", held.failed])
    if held.infiltrators:
        modifiers.append(["infiltrators", -INFILTRATION * len(held.infiltrators)])
    return modifiers


def break_modifier(state: StawkaState) -> int:
    return sum(int(m[1]) for m in break_modifiers(state))


def interrogate(state: StawkaState, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """Will Pulkowski Cooperate?: the German player's roll at the end of a stage."""
    held = figures(state)
    modifiers = break_modifiers(state)
    rolled = dice.roll(2)
    total = sum(rolled) + sum(int(m[1]) for m in modifiers)
    broken = total >= BREAK_ROLL
    held = held.model_copy(update={"pulkowski": "broken"} if broken else {"failed": held.failed + 1})
    event = Event(
        kind="roll",
        key="stawka.pulkowski_broken" if broken else "stawka.pulkowski_resists",
        params={"total": total, "needed": BREAK_ROLL},
        data={
            "dice": list(rolled),
            "modifiers": modifiers,
            "total": total,
            "needed": BREAK_ROLL,
            "goal": "break",
        },
        reveals=True,
    )
    return with_figures(state, held), [event]


def board_audi(state: StawkaState) -> tuple[StawkaState, list[Event]]:
    """A broken Pulkowski gets into the Black Audi standing in the factory; it sets off on
    the return journey from the next stage."""
    held = figures(state)
    if held.pulkowski != "broken" or held.audi != FACTORY:
        return state, []
    held = held.model_copy(update={"pulkowski": "aboard", "boarded": state.stage})
    return with_figures(state, held), [Event(kind="pulkowski", key="stawka.pulkowski_aboard", reveals=True)]


class Pulkowski(SpecialRule):
    """Will Pulkowski Cooperate?; the German victory (Victory Conditions)."""

    id = "pulkowski"

    def setup(self, state: StawkaState, dice: Dice) -> StawkaState:
        return with_figures(state, figures(state))

    def after_step(self, state: StawkaState, dice: Dice) -> tuple[StawkaState, list[Event]]:
        return board_audi(state)

    def at_stage_end(self, state: StawkaState, dice: Dice) -> tuple[StawkaState, list[Event]]:
        if figures(state).pulkowski != "held":
            return state, []
        state, events = interrogate(state, dice)
        state, more = board_audi(state)
        return state, events + more

    def winner(self, state: StawkaState) -> Won | None:
        """Victory Conditions: Pulkowski driven to the barracks wins for the German player."""
        return (GERMAN, "stawka.end.pulkowski_delivered") if figures(state).pulkowski == "delivered" else None


class FactorySecurity(SpecialRule):
    """Reinforced Factory Security."""

    id = "factory_security"

    def setup(self, state: StawkaState, dice: Dice) -> StawkaState:
        token = security_token()
        side = state.sides[GERMAN]
        side = side.model_copy(update={"threat_pool": tuple(t for t in side.threat_pool if t != token)})
        return state.with_side(GERMAN, side).model_copy(
            update={
                "threats": {**state.threats, FACTORY: token},
                "threats_open": (*state.threats_open, token),
            }
        )

    def checked_spaces(self, state: StawkaState, agent: AgentState) -> Mapping[str, int]:
        token = security_token()
        if agent.side != POLISH or state.threats.get(FACTORY) != token or token not in state.threats_open:
            return {}
        return {FACTORY: load_content().threat(token).amount}

    def after_step(self, state: StawkaState, dice: Dice) -> tuple[StawkaState, list[Event]]:
        if state.test is not None:
            return state, []
        held = figures(state)
        inside = [
            a.id
            for a in state.agents_of(POLISH)
            if a.space == FACTORY and a.status == "free" and a.id not in held.infiltrators
        ]
        if not inside:
            return state, []
        held = held.model_copy(update={"infiltrators": (*held.infiltrators, *inside)})
        events = [
            Event(kind="pulkowski", key="stawka.factory_infiltrated", params={"agent": agent}, reveals=True)
            for agent in inside
        ]
        return with_figures(state, held), events


class SecretsAndEvidence(SpecialRule):
    """Basic and Special Missions: a secret from a conversation, and evidence beyond the tenth.

    "Obtaining a secret from a conversation does not reset the evidence level", and lets
    the side "change the position of two of his own chosen threat tokens or draw a new
    one from the pool": its choice (`film.secret_threats`).  Evidence beyond the tenth gives the
    German player +1 per piece to the alertness rolls discarding threat tokens (the
    Polish player's bonus against the car is in `audi_attack`).
    """

    id = "secrets_and_evidence"

    def secret_spends_evidence(self, state: StawkaState, seat: Seat) -> bool:
        return False

    def after_secret(self, state: StawkaState, seat: Seat, dice: Dice) -> tuple[StawkaState, list[Event]]:
        return secret_threats.offer(state, seat)

    def discard_bonus(self, state: StawkaState, agent: AgentState) -> int:
        return sum(state.sides[GERMAN].evidence_over.values()) if agent.side == GERMAN else 0


RULES: tuple[SpecialRule, ...] = (Pulkowski(), FactorySecurity(), SecretsAndEvidence())
