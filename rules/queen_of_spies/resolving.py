"""Phase 3, Resolve Assignments: skill checks, the Alert Check, success and failure.

Rulebook sections: "3. Resolve Assignments", "Tokens", "Success, Progress, and
Failure", "Going to Jail", "Item Cards".
"""

from __future__ import annotations

from rules.core import IllegalAction, Pending
from rules.queen_of_spies.content import Effect, Token, content
from rules.queen_of_spies.sites import WORKSHOP, site_tasks
from rules.queen_of_spies.state import SEAT, Assignment, Check, QueenState, SendPows
from rules.queen_of_spies.table import Table


def ready(state: QueenState) -> list[Assignment]:
    """Assignments whose last time marker has been removed."""
    return [a for a in state.assignments if not a.fresh and a.time <= 0]


def in_progress(state: QueenState) -> Assignment | None:
    """The location being resolved: its checks must all be done before another's."""
    return next((a for a in ready(state) if any(p.checked for p in a.placements)), None)


def needs_pow_decision(a: Assignment) -> bool:
    return content().location(a.location).pow_capacity > 0 and not a.pows_decided and a.item is None


def checkable(state: QueenState) -> list[tuple[Assignment, str]]:
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


def check_draws(table: Table, operative: str) -> tuple[int, ...]:
    """How many tokens this operative may draw: 2 untrained, 0-3 trained."""
    return (0, 1, 2, 3) if table.is_trained(operative) else (2,)


def send_pows(state: QueenState, table: Table, action: SendPows) -> None:
    """Before resolving the Boat, Train or Border Checkpoint, decide who tries to escape."""
    a = next((a for a in ready(state) if a.location == action.location and needs_pow_decision(a)), None)
    if a is None or in_progress(state) not in (None, a):
        raise IllegalAction("No POWs can be sent there now.")
    capacity = content().location(a.location).pow_capacity
    if not 0 <= action.count <= min(capacity, len(table.pows_safe)):
        raise IllegalAction(f"Send between 0 and {min(capacity, len(table.pows_safe))} POWs there.")
    pows = tuple(table.pows_safe[: action.count])
    del table.pows_safe[: action.count]
    table.replace(a, a.model_copy(update={"pows": pows, "pows_decided": True}))
    table.log("send_pows", location=a.location, count=action.count)


def check(state: QueenState, table: Table, action: Check) -> None:
    pair = next(((a, o) for a, o in checkable(state) if o == action.operative), None)
    if pair is None:
        raise IllegalAction("That operative cannot make a check now.")
    if action.draws not in check_draws(table, action.operative):
        raise IllegalAction("An untrained operative draws 2 tokens; a trained one chooses 0 to 3.")
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
                data = {"operative": operative, "location": location, "item": item, "left": left - 1}
                table.pending.append(Pending(seat=SEAT, kind="escape_plan", data=data))
                return
            arrest(table, operative)
            return
    mark_checked(table, location, item, operative)


def escape_plan(table: Table, use: bool) -> None:
    """The Escape Plan may be discarded instead of going to jail ("Tokens": Troop)."""
    top = table.pending.pop()
    operative, location, item, left = (top.data[k] for k in ("operative", "location", "item", "left"))
    if not use:
        arrest(table, operative)
        return
    table.escape_plan = False
    table.log("escape_plan", who=operative)
    draw_for(table, location, item, operative, left)


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
    progress there lost, no failure effects; the others go back to the hand.
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
    """All checks done at a location: Alert Check, then success or failure."""
    alerts = sum(1 for t in a.drawn if t.alert)
    stealth = sum(1 for o in a.operatives if table.stealth(o))
    bonus = dict.fromkeys(range(len(site_tasks(a.location, a.item))), 0)
    for item in a.items:
        use = content().item(item).use
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
        fail(table, a)


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
    for effect in content().location(a.location).success:
        apply_effect(table, a, effect)


def fail(table: Table, a: Assignment) -> None:
    table.log("failure", location=a.location, item=a.item)
    if a.item is not None:
        return
    for effect in content().location(a.location).failure:
        apply_effect(table, a, effect)
    table.pows_safe.extend(p for p in a.pows if p not in table.jail and p not in table.pows_safe)


def _items_used(table: Table, a: Assignment) -> None:
    for item in a.items:
        table.items[item] = content().item(item).after_use


def _find(table: Table, location: str, item: str | None) -> Assignment:
    return next(a for a in table.assignments if a.location == location and a.item == item)


def apply_effect(table: Table, a: Assignment, effect: Effect) -> None:
    """One effect printed next to a location's success or failure icon (effects are ours)."""
    kind, amount = effect.kind, effect.amount
    if kind == "add_alert":
        table.add_to_bag(Token.ALERT, amount)
    elif kind == "add_troop":
        table.add_to_bag(Token.TROOP, amount)
    elif kind == "remove_alert":
        table.remove_from_bag(Token.ALERT, amount)
    elif kind == "remove_troop":
        table.remove_from_bag(Token.TROOP, amount)
    elif kind == "lose_progress":
        table.progress.pop(a.site, None)
    elif kind == "train":
        # Country House: the assigned operatives whose light icon is this skill flip over.
        skill = content().location(a.location).tasks[0].skill
        for who in a.operatives:
            if content().operative(who).training == skill and who not in table.trained:
                table.trained.append(who)
                table.log("trained", who=who)
    elif kind == "recruit":
        if any(table.decks.values()):
            table.pending.append(Pending(seat=SEAT, kind="recruit"))
    elif kind == "escape_plan":
        table.escape_plan = True
    elif kind == "remove_interrogation":
        # Ours: the guard can be talked down to one marker, never to none while anyone is held.
        table.interrogation = max(1 if table.jail else 0, table.interrogation - amount)
    elif kind == "remove_despair":
        for _ in range(amount):
            worst = max(table.jail, key=lambda who: table.despair.get(who, 0), default=None)
            if worst is None or not table.despair.get(worst):
                break
            table.despair[worst] -= 1
    elif kind == "release_one":
        for _ in range(min(amount, len(table.jail))):
            table.pending.append(Pending(seat=SEAT, kind="release"))
    elif kind == "reveal":
        target = str(effect.target)
        if target not in table.town and target not in table.set_aside:
            table.town.append(target)
            table.log("reveal", location=target)
    elif kind == "victory":
        table.victory = True
    elif kind == "gain_pigeon":
        table.pigeons += min(amount, _pigeon_supply(table))
    elif kind == "gain_trained_pigeon":
        table.trained_pigeons += min(amount, _pigeon_supply(table))
    elif kind == "train_pigeon":
        moved = min(amount, table.pigeons)
        table.pigeons -= moved
        table.trained_pigeons += moved
    elif kind == "send_pigeon":
        if table.trained_pigeons:
            table.trained_pigeons -= 1
            table.pigeons_sent[a.location] = table.pigeons_sent.get(a.location, 0) + 1
            table.log("pigeon_sent", location=a.location)
    elif kind == "pow_escape":
        table.pows_escaped[a.location] = (*table.pows_escaped.get(a.location, ()), *a.pows)
    elif kind == "pow_captured":
        for pow_id in a.pows:
            table.to_jail(pow_id)
    elif kind == "pow_return":
        table.pows_safe.extend(a.pows)
    elif kind == "set_aside":
        table.town.remove(a.location)
        table.set_aside.append(a.location)
    elif kind == "next_eavesdrop":
        table.town.remove(a.location)
        if table.eavesdrop_rest:
            top = table.dice.choice(sorted(table.eavesdrop_rest))
            table.eavesdrop_rest.remove(top)
            table.town.append(top)
            table.log("reveal", location=top)


def _pigeon_supply(table: Table) -> int:
    return content().supply.pigeons - table.pigeons - table.trained_pigeons - sum(table.pigeons_sent.values())


def recruit(table: Table, cell: str) -> None:
    """The Pub: draw an operative at random from the chosen cell's deck."""
    if not table.decks.get(cell):
        raise IllegalAction("That cell has nobody left to recruit.")
    table.pending.pop()
    deck = list(table.decks[cell])
    who = table.dice.choice(deck)
    deck.remove(who)
    table.decks[cell] = tuple(deck)
    table.hand.append(who)
    table.log("recruit", reveals=True, who=who, cell=cell)


def release_choice(table: Table, prisoner: str) -> None:
    if prisoner not in table.jail:
        raise IllegalAction("That person is not in jail.")
    table.pending.pop()
    table.release(prisoner)
    if not table.jail:
        # A Breakout freeing more than one with nobody left: the other decisions lapse.
        table.pending = [p for p in table.pending if p.kind != "release"]


def safe_house_resolved(table: Table) -> None:
    """Resolve every ready assignment without checks (Church Cellar, Safe House)."""
    for a in list(table.assignments):
        if not a.fresh and a.time <= 0 and not site_tasks(a.location, a.item):
            finish_without_checks(table, a)
