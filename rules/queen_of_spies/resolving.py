"""Phase 3, Resolve Assignments: skill checks, the Alert Check, success and failure.

Rulebook sections: "3. Resolve Assignments", "Tokens", "Success, Progress, and
Failure", "Going to Jail", "Item Cards".
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rules.core import IllegalAction
from rules.queen_of_spies.actions import Action, Check, EscapePlan, SendPows
from rules.queen_of_spies.content import Task, Token, load_content
from rules.queen_of_spies.effects import apply_effect
from rules.queen_of_spies.sites import WORKSHOP, site_tasks
from rules.queen_of_spies.state import Assignment, Board, EscapeChoice, QueenState, Resolving
from rules.queen_of_spies.table import Table


def legal_actions(state: QueenState, turn: Resolving) -> list[Action]:
    """The POWs to send before an escape is resolved, and every check that may come next."""
    actions: list[Action] = []
    current = in_progress(state)
    for a in ready(state):
        if needs_pow_decision(a) and current in (None, a):
            top = min(load_content().location(a.location).pow_capacity, len(state.pows_safe))
            actions.extend(SendPows(location=a.location, count=n) for n in range(top + 1))
    for _, operative in checkable(state):
        actions.extend(Check(operative=operative, draws=n) for n in check_draws(state.trained, operative))
    return actions


def ready(state: Board) -> list[Assignment]:
    """Assignments whose last time marker has been removed."""
    return [a for a in state.assignments if not a.fresh and a.time <= 0]


def in_progress(state: Board) -> Assignment | None:
    """The location being resolved: its checks must all be done before another's."""
    return next((a for a in ready(state) if any(p.checked for p in a.placements)), None)


def needs_pow_decision(a: Assignment) -> bool:
    return load_content().location(a.location).pow_capacity > 0 and not a.pows_decided and a.item is None


def checkable(state: Board) -> list[tuple[Assignment, str]]:
    """(assignment, operative) pairs whose check may be made next.

    Locations, tasks and operatives may be taken in any order, but all checks at a
    location come before the next location, and all checks of a task before the next
    task ("When you are performing assignments...").
    """
    current = in_progress(state)
    candidates = [current] if current else [a for a in ready(state) if site_tasks(a.location, a.item)]
    found: list[tuple[Assignment, str]] = []
    for a in candidates:
        if needs_pow_decision(a):
            continue
        open_tasks = {p.task for p in a.placements if not p.checked}
        started = {p.task for p in a.placements if p.checked} & open_tasks
        allowed = started or open_tasks
        found.extend((a, p.operative) for p in a.placements if not p.checked and p.task in allowed)
    return found


def check_draws(trained: Collection[str], operative: str) -> tuple[int, ...]:
    """How many tokens this operative may draw: 2 untrained, 0-3 trained ("3. Resolve
    Assignments"). Trained is the card's side ("To flip them to their "trained" side"), so a
    trained operative chooses 0-3 at any task it has the skill for (our reading, README)."""
    return (0, 1, 2, 3) if operative in trained else (2,)


def send_pows(table: Table, turn: Resolving, action: SendPows) -> None:
    """Before resolving the Boat, Train or Border Checkpoint, decide who tries to escape."""
    state = table.state
    a = next((a for a in ready(state) if a.location == action.location and needs_pow_decision(a)), None)
    if a is None or in_progress(state) not in (None, a):
        raise IllegalAction("No POWs can be sent there now.", "queen-of-spies.refusal.no_pows_there")
    capacity = load_content().location(a.location).pow_capacity
    most = min(capacity, len(table.pows_safe))
    if not 0 <= action.count <= most:
        raise IllegalAction(
            f"Send between 0 and {most} POWs there.", "queen-of-spies.refusal.pows_count", most=most
        )
    pows = tuple(table.pows_safe[: action.count])
    del table.pows_safe[: action.count]
    table.replace(a, a.model_copy(update={"pows": pows, "pows_decided": True}))
    table.log("send_pows", location=a.location, count=action.count)


def check(table: Table, turn: Resolving, action: Check) -> None:
    """An operative's skill check: draw the tokens one at a time."""
    pair = next(((a, o) for a, o in checkable(table.state) if o == action.operative), None)
    if pair is None:
        raise IllegalAction("That operative cannot make a check now.", "queen-of-spies.refusal.no_check")
    if action.draws not in check_draws(table.trained, action.operative):
        raise IllegalAction(
            "An untrained operative draws 2 tokens; a trained one chooses 0 to 3.",
            "queen-of-spies.refusal.draws",
        )
    assignment, operative = pair
    table.log("check", who=operative, location=assignment.location, draws=action.draws)
    draw_for(table, assignment.location, assignment.item, operative, action.draws)


def draw_for(table: Table, location: str, item: str | None, operative: str, draws: int) -> None:
    """Draw tokens one at a time for an operative's check and apply each ("Tokens")."""
    for left in range(draws, 0, -1):
        a = _find(table, location, item)
        token = table.draw()
        if token is None:
            break
        placement = next(p for p in a.placements if p.operative == operative)
        a = a.model_copy(update={"drawn": (*a.drawn, token)})
        table.replace(_find(table, location, item), a)
        table.log("draw", reveals=True, who=operative, token=token.value)
        if token.progress:
            # The components' 15 Progress Markers are no limit: the rulebook gives no rule for
            # running out of them, as it does for Despair, Alert and Troop (our reading, README).
            progress = list(table.progress.get(a.site, (0,) * len(site_tasks(location, item))))
            progress[placement.task] += 1
            table.progress[a.site] = tuple(progress)
        if token.time:
            table.spend_time()
        if token == Token.TROOP:
            if "false_papers" in a.items and not a.troop_cancelled:
                table.replace(a, a.model_copy(update={"troop_cancelled": True}))
                table.log("troop_cancelled", who=operative, item="false_papers")
                continue
            if table.escape_plan:
                choice = EscapeChoice(operative=operative, location=location, item=item, left=left - 1)
                table.pending.append(choice)
                return
            arrest(table, operative)
            return
    mark_checked(table, location, item, operative)


def escape_options(state: QueenState, choice: EscapeChoice) -> list[EscapePlan]:
    return [EscapePlan(use=True), EscapePlan(use=False)]


def escape_plan(table: Table, choice: EscapeChoice, action: EscapePlan) -> None:
    """The Escape Plan may be discarded instead of going to jail ("Tokens": Troop)."""
    table.pending.pop()
    if not action.use:
        arrest(table, choice.operative)
        return
    table.escape_plan = False
    table.log("escape_plan", who=choice.operative)
    draw_for(table, choice.location, choice.item, choice.operative, choice.left)


def mark_checked(table: Table, location: str, item: str | None, operative: str) -> None:
    a = _find(table, location, item)
    placements = tuple(
        p.model_copy(update={"checked": True}) if p.operative == operative else p for p in a.placements
    )
    a = a.model_copy(update={"placements": placements})
    table.replace(_find(table, location, item), a)
    if all(p.checked for p in placements):
        finish(table, a)


def arrest(table: Table, operative: str) -> None:
    """A Troop was drawn: "Going to Jail".

    The operative goes to jail (bringing an interrogation marker if there is none), every
    Troop returns to the supply, the assignment is interrupted: no other checks, no
    Alert Check (our reading: the checks at the location were not completed), all
    progress there lost, no failure effects; the others go back to the hand. Our readings
    (README): items lent to the assignment count as used; POWs waiting beside an escape
    card go back to the Safe House.
    """
    a = table.assignment_of(operative)
    assert a is not None
    table.log("arrest", reveals=True, who=operative, location=a.location)
    table.replace(a, None)
    table.to_jail(operative)
    table.remove_all_troops()
    table.return_tokens([t for t in a.drawn if t != Token.TROOP])
    table.hand.extend(o for o in a.operatives if o != operative)
    table.progress.pop(a.site, None)
    _items_used(table, a)
    table.pows_safe.extend(a.pows)


def finish(table: Table, a: Assignment) -> None:
    """All checks done at a location: Alert Check, then success or failure.

    "Once the checks at a location have been completed, you must perform an Alert Check";
    the success or failure text comes after it (our reading, README: so a success that
    removes Troops, the Train Station's, also removes the Alert Check's).
    """
    alerts = sum(1 for t in a.drawn if t.alert)
    stealth = sum(1 for o in a.operatives if table.stealth(o))
    bonus = dict.fromkeys(range(len(site_tasks(a.location, a.item))), 0)
    for item in a.items:
        use = load_content().item(item).use
        if use.kind == "stealth":
            stealth += use.amount
        if use.kind == "progress":
            task = next(i for i, t in enumerate(site_tasks(a.location, a.item)) if t.skill == use.skill)
            bonus[task] += use.amount
    table.log("alert_check", location=a.location, alerts=alerts, stealth=stealth)
    if alerts > stealth:
        table.add_to_bag(Token.TROOP, 1)
    table.replace(_find(table, a.location, a.item), None)
    table.return_tokens(a.drawn)
    table.hand.extend(a.operatives)
    _items_used(table, a)
    tasks = site_tasks(a.location, a.item)
    progress = table.progress.get(a.site, (0,) * len(tasks))
    if all(progress[i] + bonus[i] >= task.progress for i, task in enumerate(tasks)):
        table.progress.pop(a.site, None)
        succeed(table, a)
    else:
        short = [
            (task, progress[i] + bonus[i])
            for i, task in enumerate(tasks)
            if progress[i] + bonus[i] < task.progress
        ]
        fail(table, a, short)


def finish_without_checks(table: Table, a: Assignment) -> None:
    """The Church Cellar and the Safe House: no checks, just the effect."""
    table.replace(a, None)
    table.hand.extend(a.operatives)
    succeed(table, a)


def succeed(table: Table, a: Assignment) -> None:
    if a.item is not None:
        # Learned: the item card goes next to the Workshop; built: to the Safe House.
        built = a.location == WORKSHOP
        table.items[a.item] = "safe_house" if built else "workshop"
        table.log("built" if built else "learned", item=a.item)
        return
    table.log("success", location=a.location)
    for effect in load_content().location(a.location).success:
        apply_effect(table, a, effect)


def fail(table: Table, a: Assignment, short: Sequence[tuple[Task, int]]) -> None:
    """The assignment fails ("Success and failure"): the log says which tasks fell short of
    their Progress and by how much, then the card's failure text applies."""
    table.log("failure", location=a.location, item=a.item, reason="progress")
    for task, have in short:
        table.log("short_of", location=a.location, skill=task.skill.value, have=have, need=task.progress)
    if a.item is not None:
        return
    for effect in load_content().location(a.location).failure:
        apply_effect(table, a, effect)
    table.pows_safe.extend(p for p in a.pows if p not in table.jail and p not in table.pows_safe)


def _items_used(table: Table, a: Assignment) -> None:
    for item in a.items:
        table.items[item] = load_content().item(item).after_use


def _find(table: Table, location: str, item: str | None) -> Assignment:
    return next(a for a in table.assignments if a.location == location and a.item == item)


def safe_house_resolved(table: Table) -> None:
    """Resolve every ready assignment without checks (Church Cellar, Safe House)."""
    for a in list(table.assignments):
        if not a.fresh and a.time <= 0 and not site_tasks(a.location, a.item):
            finish_without_checks(table, a)
