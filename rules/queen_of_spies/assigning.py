"""Phase 1, Assign Operatives, and phase 2, Remove Time (rulebook "Flow of Play").

Nothing here touches the dice: every assignment decision can be undone until the
first token is drawn.
"""

from __future__ import annotations

from functools import cache, lru_cache

from rules.core import Dice, Event, IllegalAction
from rules.queen_of_spies.actions import Action, Assign, Done, EndChapter, Unassign, UseItem, assign_of
from rules.queen_of_spies.content import Token, load_content
from rules.queen_of_spies.sites import Site, blocked, site_tasks, site_time, sites
from rules.queen_of_spies.state import Assigning, Assignment, Placement, QueenState
from rules.queen_of_spies.table import ALICE, Table


def legal_actions(state: QueenState, turn: Assigning) -> list[Action]:
    """Every assignment allowed now, the operatives that may be taken back, the items
    ready to use, ending the chapter (after the first round) and saying done."""
    open_sites = tuple(site for site in sites(state) if blocked(state, *site) is None)
    actions: list[Action] = list(_hand_assignments(open_sites, state.hand))
    actions.extend(Unassign(operative=o) for a in state.assignments if a.fresh for o in a.operatives)
    for item, place in sorted(state.items.items()):
        if place == "safe_house":
            actions.extend(use for use in _item_uses(state, item) if item_problem(state, use) is None)
    if state.round > 1 and not any(a.fresh for a in state.assignments):
        actions.append(EndChapter())
    actions.append(Done())
    return actions


@lru_cache(maxsize=4096)
def _hand_assignments(open_sites: tuple[Site, ...], hand: tuple[str, ...]) -> tuple[Assign, ...]:
    """Every assignment of an operative in `hand` to a site open now (`assign_problem`'s
    checks, those of the site weighed once for every operative): the same sites and hand
    come back often (a look-ahead replays a round in every world), so they are listed once."""
    return tuple(
        action
        for location, item in open_sites
        for operative in hand
        for action in _assignments(operative, location, item)
    )


@cache
def _assignments(operative: str, location: str, item: str | None) -> tuple[Assign, ...]:
    """The tasks of a site `operative` has the skill for, as assignments (the site's only
    one when it has no tasks): they depend on the content alone, so they are made once."""
    tasks = site_tasks(location, item)
    if not tasks:
        return (assign_of(operative, location, item, 0),)
    skills = load_content().operative(operative).skills
    return tuple(
        assign_of(operative, location, item, task)
        for task, needed in enumerate(tasks)
        if needed.skill in skills
    )


def _item_uses(state: QueenState, item: str) -> list[UseItem]:
    """The ways to use an item, each with only the fields that item takes."""
    use = load_content().item(item).use
    if use.kind == "release_one":
        return [UseItem(item=item, prisoner=who) for who in state.jail]
    if use.kind == "release_all":
        return [UseItem(item=item)]
    fresh = [a for a in state.assignments if a.fresh]
    return [UseItem(item=item, location=a.location, site_item=a.item) for a in fresh]


def assign_problem(state: QueenState, action: Assign) -> IllegalAction | None:
    """Why this assignment is not allowed, or None."""
    if action.operative not in state.hand:
        return IllegalAction("That operative is not in your hand.", "queen-of-spies.refusal.not_in_hand")
    if (action.location, action.item) not in sites(state):
        return IllegalAction(
            "That assignment is not available in the town.", "queen-of-spies.refusal.no_site"
        )
    reason = blocked(state, action.location, action.item)
    if reason is not None:
        return reason
    tasks = site_tasks(action.location, action.item)
    if not tasks:
        return (
            None
            if action.task == 0
            else IllegalAction(
                "That location has no tasks to choose from.", "queen-of-spies.refusal.no_tasks"
            )
        )
    if not 0 <= action.task < len(tasks):
        return IllegalAction("That assignment has no such task.", "queen-of-spies.refusal.no_such_task")
    # "Assignments consist of one or more tasks to which Operatives must be assigned": each
    # operative goes to one task (our reading: a task may be left without anyone this round;
    # success still needs every task's Progress, which stays from earlier rounds; README).
    skill = tasks[action.task].skill
    if skill not in load_content().operative(action.operative).skills:
        # "It is not permitted to send an Operative on an assignment if they do not
        # possess any of the necessary skills."
        return IllegalAction(
            f"That operative has no {skill.value} skill.",
            "queen-of-spies.refusal.no_skill",
            skill=skill.value,
        )
    return None


def assign(state: QueenState, turn: Assigning, action: Assign, dice: Dice) -> tuple[QueenState, list[Event]]:
    problem = assign_problem(state, action)
    if problem is not None:
        raise problem
    placement = Placement(operative=action.operative, task=action.task)
    assignments = list(state.assignments)
    for index, a in enumerate(assignments):
        if a.location == action.location and a.item == action.item:
            assignments[index] = a.model_copy(update={"placements": (*a.placements, placement)})
            break
    else:
        assignments.append(Assignment(location=action.location, item=action.item, placements=(placement,)))
    hand = tuple(o for o in state.hand if o != action.operative)
    return state.model_copy(update={"hand": hand, "assignments": tuple(assignments)}), []


def unassign(
    state: QueenState, turn: Assigning, action: Unassign, dice: Dice
) -> tuple[QueenState, list[Event]]:
    """Take back an operative assigned this round; an emptied assignment gives its items back."""
    operative = action.operative
    found = next((a for a in state.assignments if a.fresh and operative in a.operatives), None)
    if found is None:
        raise IllegalAction(
            "Only operatives assigned this round can be taken back.", "queen-of-spies.refusal.not_fresh"
        )
    placements = tuple(p for p in found.placements if p.operative != operative)
    assignments = list(state.assignments)
    items = dict(state.items)
    if placements:
        assignments[assignments.index(found)] = found.model_copy(update={"placements": placements})
    else:
        assignments.remove(found)
        for item in found.items:
            items[item] = "safe_house"
    update = {"hand": (*state.hand, operative), "assignments": tuple(assignments), "items": items}
    return state.model_copy(update=update), []


def item_problem(state: QueenState, action: UseItem) -> IllegalAction | None:
    """Why this item cannot be used so, or None (the item cards' own rules, ours).

    An item takes only its own fields (`rules.queen_of_spies.actions.UseItem`): a use
    naming a prisoner or an assignment the item does not act on is refused.
    """
    if state.items.get(action.item) != "safe_house":
        return IllegalAction(
            "That item is not ready at the Safe House.", "queen-of-spies.refusal.item_not_ready"
        )
    use = load_content().item(action.item).use
    aimed = action.location is not None or action.site_item is not None
    if use.kind == "release_all":
        if action.prisoner is not None or aimed:
            return IllegalAction(
                "That item frees everyone in jail: it is not used on anyone or anywhere.",
                "queen-of-spies.refusal.frees_all",
            )
        return (
            None if state.jail else IllegalAction("Nobody is in jail.", "queen-of-spies.refusal.jail_empty")
        )
    if use.kind == "release_one":
        if aimed:
            return IllegalAction(
                "That item frees a prisoner: it is not used on an assignment.",
                "queen-of-spies.refusal.frees_one",
            )
        if action.prisoner not in state.jail:
            return IllegalAction(
                "Choose someone in jail to release.", "queen-of-spies.refusal.choose_prisoner"
            )
        return None
    if action.prisoner is not None:
        return IllegalAction(
            "That item helps an assignment: it frees nobody.", "queen-of-spies.refusal.helps_assignment"
        )
    target = next(
        (
            a
            for a in state.assignments
            if a.fresh and a.location == action.location and a.item == action.site_item
        ),
        None,
    )
    if target is None:
        return IllegalAction(
            "Use this item on an assignment made this round.", "queen-of-spies.refusal.choose_assignment"
        )
    if action.item in target.items:
        return IllegalAction("That item is already used there.", "queen-of-spies.refusal.item_used")
    tasks = site_tasks(target.location, target.item)
    if use.kind == "progress" and not any(t.skill == use.skill for t in tasks):
        return IllegalAction(
            f"That assignment has no {use.skill} task.",
            "queen-of-spies.refusal.no_skill_task",
            skill=str(use.skill),
        )
    if use.kind in ("stealth", "cancel_troop", "progress") and not tasks:
        return IllegalAction("Nobody draws tokens at that location.", "queen-of-spies.refusal.no_draws")
    return None


def use_item(table: Table, turn: Assigning, action: UseItem) -> None:
    """Use an item from the Safe House: release prisoners or help an assignment of this round."""
    problem = item_problem(table.state, action)
    if problem is not None:
        raise problem
    card = load_content().item(action.item)
    if card.use.releases:
        # The Bomb and the Jail Key ("Breaking Out of Jail").
        table.items[action.item] = card.after_use
        prisoners = list(table.jail) if action.prisoner is None else [action.prisoner]
        table.log("use_item", item=action.item)
        for who in prisoners:
            table.release(who)
        return
    table.items[action.item] = "in_use"
    for index, a in enumerate(table.assignments):
        if a.fresh and a.location == action.location and a.item == action.site_item:
            table.assignments[index] = a.model_copy(update={"items": (*a.items, action.item)})
            table.log("attach_item", item=action.item, location=a.location)


def finish_assigning(table: Table, turn: Assigning, action: Done) -> None:
    """The end of phase 1 and phase 2 (Remove Time).

    Operatives of different cells meeting at a location add an Alert unless Alice is
    there ("When Operatives Meet"); each operative left in the hand costs a time
    marker; new assignments get their time markers; then one marker leaves each card.
    """
    for location in sorted({a.location for a in table.assignments if a.fresh}):
        met = [o for a in table.assignments if a.fresh and a.location == location for o in a.operatives]
        if ALICE not in met and len({load_content().operative(o).cell for o in met}) > 1:
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
            use = load_content().item(item).use
            if use.kind == "save_time":
                time = max(1, time - use.amount)
        table.spend_time(time)
        table.assignments[index] = a.model_copy(update={"fresh": False, "time": time})
    table.assignments = [a.model_copy(update={"time": a.time - 1}) for a in table.assignments]
    table.phase = "resolve"
