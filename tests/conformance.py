"""The conformance checks every title must pass (ARCHITECTURE.md, "Tests that hold the whole thing").

`check_playout` plays one seeded random game (or one of the title's default bots, `bots`)
and checks, after every action:
save -> load gives an equal state; the title's invariants hold; every seat's view is
JSON and unchanged when everything hidden from that seat is re-dealt (`Title.scramble`);
actions that are not legal now raise `IllegalAction`, leave the state unchanged and are not
let through by the decision's quick check (`DecisionRule.allows`); no
automated seat is ever asked to act; every event matches the schema its title documents;
an outcome, once known, never changes.
At the end: replaying seed + actions gives the same state, and a `Match` survives a
save file round trip.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from rules.core import Dice, GameOptions, IllegalAction, Match, Title, seed_state
from rules.core.search import reproducible
from rules.core.simulate import default_bots


@dataclass
class PlayoutReport:
    actions: int = 0
    scrambles_that_changed: int = 0
    illegal_checked: int = 0
    seats_seen: set[str] = field(default_factory=set)


def check_playout(
    title: Title[Any, Any, Any],
    scenario: str | None,
    seed: int,
    max_actions: int = 5000,
    options: GameOptions | None = None,
    bots: bool = False,
) -> PlayoutReport:
    """One seeded random game of `scenario` (with `options` when given: a setup choice made);
    with `bots`, every seat is played by the title's default level instead, seeded (a game
    played for a win ends by a rule where a random one may run to a backstop)."""
    if options is None:
        options = title.default_options(scenario)
    choose = _bot_chooser(title, options, seed) if bots else None
    match = Match(title, options, seed)
    state = match.state
    assert title.dump(title.start(options, seed)[0]) == title.dump(state), "start is not deterministic"
    automated = set(title.automated_seats(options))
    seats = title.seats(options)
    low, high = title.seat_range
    assert low <= len(seats) - len(automated) <= high, f"{len(seats)} seats, outside {title.seat_range}"
    assert automated <= set(seats), "an automated seat is not one of the seats"
    _check_events(title, match.log)
    dice = Dice(seed_state(seed + 991))
    report = PlayoutReport()
    pool: list[Any] = []
    dumped = title.dump(state)
    while (seat := title.to_act(state)) is not None:
        assert report.actions < max_actions, f"no end after {max_actions} actions"
        assert seat in seats, f"to_act gave {seat!r}, not a seat"
        assert seat not in automated, f"to_act gave the automated seat {seat!r}"
        report.seats_seen.add(seat)
        legal = title.legal_actions(state)
        assert legal, f"{seat} must act but has no legal action"

        # `dumped` is the state now: dumped at the start, or by the last `_check_state`.
        allows = _quick_check(title, state)
        # Actions legal earlier but not now must be refused, leaving the state untouched
        # (and the decision's quick check, when it has one, must not let them through).
        for candidate in dice.sample(pool, min(3, len(pool))):
            if candidate in legal:
                continue
            assert not allows(candidate), f"the quick check allows {candidate!r}, which is not legal"
            with pytest.raises(IllegalAction):
                title.apply(state, candidate)
            assert title.dump(state) == dumped, "a refused action changed the state"
            report.illegal_checked += 1

        action = choose(state, seat) if choose is not None else dice.choice(legal)
        pool.append(action)
        if len(pool) > 60:
            pool.pop(0)
        decided = title.outcome(state)
        events = match.act(action)
        state = match.state
        report.actions += 1
        _check_events(title, events)
        if decided is not None:
            assert title.outcome(state) == decided, "the outcome changed after the game was decided"
        dumped = _check_state(title, state, seats, dice, report)

    assert title.outcome(state) is not None, "to_act is None but there is no outcome"
    assert title.legal_actions(state) == [], "legal actions after the game ended"

    replayed = Match(title, options, seed)
    for action in match.actions:
        replayed.act(action)
    assert title.dump(replayed.state) == title.dump(state), "seed + actions did not replay exactly"

    reloaded = Match.from_json(match.to_json(), titles={title.id: title})
    assert title.dump(reloaded.state) == title.dump(state), "save file round trip changed the state"
    assert [e.model_dump() for e in reloaded.log] == [e.model_dump() for e in match.log]
    return report


def _bot_chooser(title: Title[Any, Any, Any], options: GameOptions, seed: int) -> Callable[[Any, str], Any]:
    """The action the title's default level takes in each seat, on dice of their own (the
    checks' dice stay as they are)."""
    seats = [seat for seat in title.seats(options) if seat not in set(title.automated_seats(options))]
    bots = default_bots(title, options)
    made = {seat: title.make_bot(bot, seat) for seat, bot in zip(seats, bots, strict=True)}
    dice = Dice(seed_state(seed))

    def choose(state: Any, seat: str) -> Any:
        with reproducible():  # the same game on any machine, however busy
            return title.bot_action(made[seat], state, dice)

    return choose


def _quick_check(title: Title[Any, Any, Any], state: Any) -> Callable[[Any], bool]:
    """The current decision's `DecisionRule.allows`, or a check that allows nothing."""
    decision = title.decision(state)
    rule = None if title.rulebook is None or decision is None else title.rulebook.rule(decision)
    if rule is None or rule.allows is None:
        return lambda action: False
    allows = rule.allows
    return lambda action: allows(state, decision, action)


def _check_events(title: Title[Any, Any, Any], events: list[Any]) -> None:
    """Every event's payload fits its documented schema (titles that document them)."""
    if not title.event_schemas:
        return
    for event in events:
        schema = title.event_schemas.get(event.kind)
        assert schema is not None, f"event kind {event.kind!r} has no schema in {title.id}.event_schemas"
        schema.params.model_validate(event.params)
        if schema.data is not None:
            schema.data.model_validate(event.data)
        else:
            assert not event.data, f"event {event.kind!r} carries data its schema does not document"


def _check_state(
    title: Title[Any, Any, Any], state: Any, seats: tuple[str, ...], dice: Dice, report: PlayoutReport
) -> Any:
    """The checks after an action (see the module's docstring); the state, dumped."""
    dumped = title.dump(state)
    assert title.dump(title.load(dumped)) == dumped, "dump -> load -> dump is not stable"
    problems = title.invariants(state)
    assert not problems, f"invariants broken: {problems}"
    for seat in seats:
        view = title.view(state, seat)
        view.model_dump_json()
        scrambled = title.scramble(state, seat, dice)
        assert title.view(scrambled, seat) == view, f"{seat}'s view leaks something hidden from {seat}"
        if title.dump(scrambled) != dumped:
            report.scrambles_that_changed += 1
    if title.has_secrets:
        # A spectator (the curtain's view) sees only what every seat sees.
        title.view(state, None).model_dump_json()
    return dumped
