"""The effects printed next to a location's success and failure icons, and the decisions
they open: whom a Breakout frees, which cell the Pub recruits from.

The rulebook names the effects of its examples; every card's effects are ours
(``data/locations.toml``).  Rulebook sections: "Success, Progress, and Failure",
"Breaking Out of Jail", each story's cards.
"""

from __future__ import annotations

from rules.core import IllegalAction
from rules.queen_of_spies.actions import Recruit, Release
from rules.queen_of_spies.content import Effect, Token, load_content
from rules.queen_of_spies.state import Assignment, BreakoutChoice, QueenState, RecruitChoice
from rules.queen_of_spies.table import Table


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
        skill = load_content().location(a.location).tasks[0].skill
        for who in a.operatives:
            if load_content().operative(who).training == skill and who not in table.trained:
                table.trained.append(who)
                table.log("trained", who=who)
    elif kind == "recruit":
        if any(table.decks.values()):
            table.pending.append(RecruitChoice())
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
            table.pending.append(BreakoutChoice())
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
    return (
        load_content().supply.pigeons
        - table.pigeons
        - table.trained_pigeons
        - sum(table.pigeons_sent.values())
    )


def recruit_options(state: QueenState, choice: RecruitChoice) -> list[Recruit]:
    return [Recruit(cell=cell) for cell, deck in state.decks.items() if deck]


def recruit(table: Table, choice: RecruitChoice, action: Recruit) -> None:
    """The Pub: draw an operative at random from the chosen cell's deck."""
    cell = action.cell
    if not table.decks.get(cell):
        raise IllegalAction("That cell has nobody left to recruit.", "queen-of-spies.refusal.cell_empty")
    table.pending.pop()
    deck = list(table.decks[cell])
    who = table.dice.choice(deck)
    deck.remove(who)
    table.decks[cell] = tuple(deck)
    table.hand.append(who)
    table.log("recruit", reveals=True, who=who, cell=cell)


def release_options(state: QueenState, choice: BreakoutChoice) -> list[Release]:
    return [Release(prisoner=who) for who in state.jail]


def release(table: Table, choice: BreakoutChoice, action: Release) -> None:
    """A Breakout frees the chosen prisoner ("Breaking Out of Jail")."""
    if action.prisoner not in table.jail:
        raise IllegalAction("That person is not in jail.", "queen-of-spies.refusal.not_jailed")
    table.pending.pop()
    table.release(action.prisoner)
    if not table.jail:
        # A Breakout freeing more than one with nobody left: the other decisions lapse.
        table.pending = [p for p in table.pending if not isinstance(p, BreakoutChoice)]
