"""Alertness tests: discarding a threat token and document checks ("Threat Tokens", 4-5;
"Sectors": the fort; the example's phases 1 and 2).

A test is 2d6, minus a document check's difficulty, plus traits, forged papers and the
support tokens revealed just before the roll (the tester's +1, then the opponent's -1);
it passes when the total is above the agent's alertness.  Kloss and the black SS
officers pass document checks without a roll.  A failed document check sends the agent
back to the space he came from and ends his activation; a failed discard lets the
token's owner bring it into play.
"""

from __future__ import annotations

from functools import cache

from rules.core import Dice, Event, IllegalAction
from rules.stawka import film_hooks
from rules.stawka.actions import DiscardThreat, UseSupport, discard_threat_of, support_of
from rules.stawka.activation import activated, settle, spend_ap
from rules.stawka.board import board_of
from rules.stawka.content import DocumentCheck, load_content
from rules.stawka.costs import ap_cost
from rules.stawka.documents import ap_left, document, trait_modifiers
from rules.stawka.items import held_of_kind, spend
from rules.stawka.state import AgentState, StawkaState, SupportWindow, ThreatTest, ThreatWindow, Turn, other
from rules.stawka.threats import (
    discard_ap,
    enemy_token_at,
    has_face_down,
    may_discard,
    owner,
    remove_token,
    token,
)


def legal_discards(state: StawkaState, agent: AgentState) -> list[DiscardThreat]:
    if not may_discard(state) or ap_left(state, agent) < discard_ap():
        return []
    return [discard_threat_of(agent.id)] if enemy_token_at(state, agent.space, agent.side) else []


def discard(
    state: StawkaState, turn: Turn, action: DiscardThreat, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    state, agent = activated(state, turn.seat, action.agent)
    act = state.activation
    assert act is not None
    if action not in legal_discards(state, agent):
        raise IllegalAction(
            "There is no enemy threat token on this agent's space to discard.",
            "stawka.refusal.no_threat_here",
        )
    state, agent = spend_ap(state, agent, ap_cost("discard_threat"))
    state = state.model_copy(
        update={"activation": act.model_copy(update={"acted": True, "moved_before_action": act.moved > 0})}
    )
    on = enemy_token_at(state, agent.space, agent.side)
    assert on is not None
    events = [Event(kind="threat", key="stawka.discard_try", params={"agent": agent.id})]
    return start_test(state, "discard", agent, on, None, 0, events, dice)


def exempt_from_checks(state: StawkaState, agent: AgentState) -> bool:
    """Kloss and the black SS officers pass document checks; some traits too."""
    return _chief(state.documents[agent.id]) or bool(trait_modifiers(state, agent, "ignores_document_check"))


@cache
def _chief(document_id: str) -> bool:
    """Whether the document is a network chief's (looked up once: every walk asks)."""
    return load_content().document(document_id).chief


def start_test(
    state: StawkaState,
    kind: str,
    agent: AgentState,
    on: str | None,
    previous: str | None,
    difficulty: int,
    events: list[Event],
    dice: Dice,
) -> tuple[StawkaState, list[Event]]:
    """Begin a test; support windows first (tester, then opponent), then the roll."""
    if kind == "document_check" and exempt_from_checks(state, agent):
        events.append(Event(kind="threat", key="stawka.check_exempt", params={"agent": agent.id}))
        if on is not None:
            state = remove_token(state, on)
        return settle(state, events)
    test = ThreatTest(
        kind="discard" if kind == "discard" else "document_check",
        agent=agent.id,
        token=on,
        space=agent.space,
        previous=previous,
        difficulty=difficulty,
    )
    windows = [
        SupportWindow(seat=seat) for seat in (other(agent.side), agent.side) if has_face_down(state, seat, on)
    ]
    state = state.model_copy(update={"test": test, "pending": (*state.pending, *windows)})
    if windows:
        return state, events
    return roll_test(state, dice, events)


def legal_support(state: StawkaState, decision: SupportWindow) -> list[UseSupport]:
    """No support, or one own face-down support token (never the token being tested)."""
    seat = decision.seat
    tested = state.test.token if state.test is not None else None
    mine = [
        t
        for t in state.threats.values()
        if owner(t) == seat and token(t).kind == "support" and t not in state.threats_open and t != tested
    ]
    return [support_of(None), *(support_of(t) for t in mine[:1])]


def support(
    state: StawkaState, decision: SupportWindow, action: UseSupport, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    seat = decision.seat
    test = state.test
    assert test is not None
    if action not in legal_support(state, decision):
        raise IllegalAction(
            "Only your own support tokens on the board can help a test.", "stawka.refusal.support_own"
        )
    state = state.model_copy(update={"pending": state.pending[:-1]})
    events: list[Event] = []
    if action.token is not None:
        helps = state.agent(test.agent).side == seat
        state = remove_token(state, action.token).model_copy(
            update={"test": test.model_copy(update={"support": test.support + (1 if helps else -1)})}
        )
        events.append(
            Event(
                kind="threat",
                key="stawka.support_used",
                params={"seat": seat, "amount": 1 if helps else -1},
                reveals=True,
            )
        )
    if any(isinstance(p, SupportWindow) for p in state.pending):
        return state, events
    return roll_test(state, dice, events)


def alertness_roll(
    state: StawkaState,
    agent: AgentState,
    dice: Dice,
    key: str,
    difficulty: int = 0,
    support: int = 0,
    special: int = 0,
) -> tuple[StawkaState, bool, Event]:
    """An alertness test of `agent`: 2d6 - difficulty + traits + papers + support (+ a film
    scenario's `special` bonus) must exceed his alertness.  Forged papers help and are
    spent.  Returns the state, whether he passed and the roll's event (`key` with
    ``_passed`` or ``_failed``)."""
    alertness = document(state, agent.id).alertness
    modifiers: list[list[str | int]] = []
    if difficulty:
        modifiers.append(["check", -difficulty])
    trait = sum(m.amount for m in trait_modifiers(state, agent, "alertness_test") if m.uses == "always")
    if trait:
        modifiers.append(["trait", trait])
    papers = held_of_kind(agent, "papers")[:1]
    for paper in papers:
        modifiers.append([paper.id, paper.effect.amount])
    if support:
        modifiers.append(["support", support])
    if special:
        modifiers.append(["evidence_over", special])
    rolled = dice.roll(2)
    total = sum(rolled) + sum(int(m[1]) for m in modifiers)
    passed = total > alertness
    agent, gone = spend(agent, tuple(p.id for p in papers))
    state = state.with_agent(agent).model_copy(update={"removed_items": state.removed_items + gone})
    event = Event.made(
        kind="roll",
        key=f"{key}_{'passed' if passed else 'failed'}",
        params={"agent": agent.id, "total": total, "alertness": alertness},
        data={
            "dice": list(rolled),
            "modifiers": modifiers,
            "total": total,
            "needed": alertness + 1,
            "goal": "pass",
        },
        reveals=True,
    )
    return state, passed, event


def roll_test(state: StawkaState, dice: Dice, events: list[Event]) -> tuple[StawkaState, list[Event]]:
    """The test in progress, once the support windows have closed."""
    test = state.test
    assert test is not None
    tester = state.agent(test.agent)
    special = film_hooks.discard_bonus(state, tester) if test.kind == "discard" else 0
    state, passed, roll = alertness_roll(
        state, tester, dice, f"stawka.test_{test.kind}", test.difficulty, test.support, special
    )
    state = state.model_copy(update={"test": None})
    agent = state.agent(test.agent)
    events.append(roll)
    if test.kind == "discard":
        if passed and test.token is not None:
            state = remove_token(state, test.token).with_agent(
                agent.model_copy(update={"threats_discarded": agent.threats_discarded + 1})
            )
        elif test.token is not None and test.token not in state.threats_open:
            window = ThreatWindow(seat=owner(test.token), agent=agent.id)
            state = state.model_copy(update={"pending": (*state.pending, window)})
            return state, events
        return settle(state, events)
    if passed:
        if test.token is not None:
            state = remove_token(state, test.token)
        return settle(state, events)
    # A failed document check: back to the space before; the activation ends.
    if test.previous:
        state = state.with_agent(agent.model_copy(update={"space": test.previous}))
    if test.token is not None:
        state = remove_token(state, test.token)
    state = state.model_copy(update={"activation": None})
    events.append(Event(kind="activation_end", key="stawka.activation_end", params={"agent": agent.id}))
    return settle(state, events)


def fort_check(
    state: StawkaState, agent: AgentState, previous: str, dice: Dice, events: list[Event]
) -> tuple[StawkaState, list[Event]] | None:
    """Sectors NOTE: entering the fort takes a document check (Kloss and black SS officers pass)."""
    check = _document_check(agent.space)
    if check is None:
        difficulty = film_hooks.checked_spaces(state, agent).get(agent.space)
        if difficulty is None or exempt_from_checks(state, agent):
            return None
        return start_test(state, "document_check", agent, None, previous, difficulty, events, dice)
    if check.chiefs_exempt and exempt_from_checks(state, agent):
        return None
    return start_test(state, "document_check", agent, None, previous, check.difficulty, events, dice)


@cache
def _document_check(space: str) -> DocumentCheck | None:
    """The permanent document check at `space` (a location's), if any: looked up once, as
    every move asks."""
    location = next((loc for loc in load_content().locations if loc.id == space), None)
    return None if location is None else location.document_check


def checked_locations(state: StawkaState, agent: AgentState) -> frozenset[str]:
    """Locations with a permanent document check this agent must stop at (the fort's, and a
    film scenario's: `rules.stawka.film.checked_spaces`)."""
    if exempt_from_checks(state, agent):
        return frozenset()
    fort = _check_locations(state.scenario)
    special = film_hooks.checked_spaces(state, agent)
    return fort | frozenset(special) if special else fort  # the same set: routes are memoised by it


@cache
def _check_locations(scenario: str) -> frozenset[str]:
    """The locations of the scenario's board with a permanent document check."""
    board = board_of(scenario)
    return frozenset(
        loc.id
        for loc in load_content().locations
        if loc.document_check is not None and loc.id in board.locations
    )
