"""Phase 1, Assign Operatives, and phase 2, Remove Time (rulebook "Flow of Play").

Nothing here touches the dice: every assignment decision can be undone until the
first token is drawn.
"""

from __future__ import annotations

from rules.core import IllegalAction
from rules.queen_of_spies.content import Token, content
from rules.queen_of_spies.sites import SAFE_HOUSE, blocked, site_tasks, site_time, sites
from rules.queen_of_spies.state import Assign, Assignment, Placement, QueenState, UseItem
from rules.queen_of_spies.table import ALICE, Table


def assign_problem(state: QueenState, action: Assign) -> str | None:
    """Why this assignment is not allowed, or None."""
    if action.operative not in state.hand:
        return "That operative is not in your hand."
    if (action.location, action.item) not in sites(state):
        return "That assignment is not available in the town."
    reason = blocked(state, action.location, action.item)
    if reason:
        return reason
    tasks = site_tasks(action.location, action.item)
    if not tasks:
        return None if action.task == 0 else "That location has no tasks to choose from."
    if not 0 <= action.task < len(tasks):
        return "That assignment has no such task."
    skill = tasks[action.task].skill
    if skill not in content().operative(action.operative).skills:
        # "It is not permitted to send an Operative on an assignment if they do not
        # possess any of the necessary skills."
        return f"That operative has no {skill.value} skill."
    return None


def assign(state: QueenState, action: Assign) -> QueenState:
    problem = assign_problem(state, action)
    if problem:
        raise IllegalAction(problem)
    placement = Placement(operative=action.operative, task=action.task)
    assignments = list(state.assignments)
    for index, a in enumerate(assignments):
        if a.location == action.location and a.item == action.item:
            assignments[index] = a.model_copy(update={"placements": (*a.placements, placement)})
            break
    else:
        assignments.append(Assignment(location=action.location, item=action.item, placements=(placement,)))
    hand = tuple(o for o in state.hand if o != action.operative)
    return state.model_copy(update={"hand": hand, "assignments": tuple(assignments)})


def unassign(state: QueenState, operative: str) -> QueenState:
    """Take back an operative assigned this round; an emptied assignment gives its items back."""
    found = next((a for a in state.assignments if a.fresh and operative in a.operatives), None)
    if found is None:
        raise IllegalAction("Only operatives assigned this round can be taken back.")
    placements = tuple(p for p in found.placements if p.operative != operative)
    assignments = list(state.assignments)
    items = dict(state.items)
    if placements:
        assignments[assignments.index(found)] = found.model_copy(update={"placements": placements})
    else:
        assignments.remove(found)
        for item in found.items:
            items[item] = "safe_house"
    return state.model_copy(
        update={"hand": (*state.hand, operative), "assignments": tuple(assignments), "items": items}
    )


def item_problem(state: QueenState, action: UseItem) -> str | None:
    """Why this item cannot be used so, or None (the item cards' own rules, ours)."""
    if state.items.get(action.item) != "safe_house":
        return "That item is not ready at the Safe House."
    use = content().item(action.item).use
    if use.kind == "release_one":
        if action.prisoner not in state.jail:
            return "Choose someone in jail to release."
        return None
    if use.kind == "release_all":
        return None if state.jail else "Nobody is in jail."
    target = next(
        (
            a
            for a in state.assignments
            if a.fresh and a.location == action.location and a.item == action.site_item
        ),
        None,
    )
    if target is None:
        return "Use this item on an assignment made this round."
    if action.item in target.items:
        return "That item is already used there."
    tasks = site_tasks(target.location, target.item)
    if use.kind == "progress" and not any(t.skill == use.skill for t in tasks):
        return f"That assignment has no {use.skill} task."
    if use.kind in ("stealth", "cancel_troop", "progress") and not tasks:
        return "Nobody draws tokens at that location."
    return None


def use_item(table: Table, action: UseItem) -> None:
    """Use an item (its problems were checked by `item_problem` on the state)."""
    card = content().item(action.item)
    if card.use.releases:
        # The Bomb and the Jail Key ("Breaking Out of Jail").
        table.items[action.item] = card.after_use
        prisoners = list(table.jail) if card.use.kind == "release_all" else [str(action.prisoner)]
        table.log("use_item", item=action.item)
        for who in prisoners:
            table.release(who)
        return
    table.items[action.item] = "in_use"
    for index, a in enumerate(table.assignments):
        if a.fresh and a.location == action.location and a.item == action.site_item:
            table.assignments[index] = a.model_copy(update={"items": (*a.items, action.item)})
            table.log("attach_item", item=action.item, location=a.location)


def finish_assigning(table: Table) -> None:
    """The end of phase 1 and phase 2 (Remove Time).

    Operatives of different cells meeting at a location add an Alert unless Alice is
    there ("When Operatives Meet"); each operative left in the hand costs a time
    marker; new assignments get their time markers; then one marker leaves each card.
    """
    for location in sorted({a.location for a in table.assignments if a.fresh}):
        met = [o for a in table.assignments if a.fresh and a.location == location for o in a.operatives]
        if ALICE not in met and len({content().operative(o).cell for o in met}) > 1:
            table.log("operatives_meet", location=location)
            table.add_to_bag(Token.ALERT, 1)
    for operative in list(table.hand):
        table.log("unused", who=operative)
        table.spend_time()
    for index, a in enumerate(table.assignments):
        if not a.fresh:
            continue
        time = site_time(a.location, a.item)
        for item in a.items:
            use = content().item(item).use
            if use.kind == "save_time":
                time = max(1, time - use.amount)
        table.spend_time(time)
        table.assignments[index] = a.model_copy(update={"fresh": False, "time": time})
    table.assignments = [a.model_copy(update={"time": a.time - 1}) for a in table.assignments]
    table.phase = "resolve"


def safe_house_operatives(table: Table) -> set[str]:
    return {o for a in table.assignments if a.location == SAFE_HOUSE for o in a.operatives}
