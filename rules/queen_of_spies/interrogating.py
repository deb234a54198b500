"""Phase 4, Resolve Interrogation: despair, death, breaking and betrayal.

Rulebook sections: "4. Resolve Interrogation", "Breaking During Interrogation",
"Dying During Interrogation", "How to Lose".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rules.core import IllegalAction
from rules.queen_of_spies.actions import Betray
from rules.queen_of_spies.content import Token, load_content
from rules.queen_of_spies.effects import apply_effect
from rules.queen_of_spies.sites import SAFE_HOUSE
from rules.queen_of_spies.state import Assignment, Betrayal, QueenState
from rules.queen_of_spies.table import ALICE, GameLost, Table

MAX_DESPAIR = 3


def interrogate(table: Table) -> None:
    """One Interrogation Check per prisoner, then breaking; betrayals become decisions.

    "Interrogation Checks are performed separately for each imprisoned Operative, one at a
    time": in the order they came to jail (our reading, README: the rulebook names no order).
    """
    for who in list(table.jail):
        if who not in table.jail:
            continue
        drawn = [token for token in (table.draw() for _ in range(table.interrogation)) if token is not None]
        table.log("interrogation", reveals=True, who=who, tokens=drawn)
        # The Escape Plan is no help here: it saves "the Operative who is currently resolving
        # their success check" ("Tokens"), not a prisoner (our reading, README).
        if Token.TROOP in drawn:
            # "Dying During Interrogation": removed with their despair; all Troops and
            # interrogation markers go back to the supply.
            table.return_tokens([t for t in drawn if t != Token.TROOP])
            table.lose_prisoner(who)
            table.remove_all_troops()
            table.interrogation = 0
            table.log("death", who=who)
            if who == ALICE:
                raise GameLost("alice_died")
            continue
        for token in drawn:
            if token.progress or table.despair.get(who, 0) >= MAX_DESPAIR:
                continue
            if table.despair_supply == 0:
                raise GameLost("no_despair")
            table.despair[who] = table.despair.get(who, 0) + 1
            table.log("despair", who=who, total=table.despair[who])
        table.return_tokens(drawn)
    broken = [who for who in table.jail if table.despair.get(who, 0) >= MAX_DESPAIR]
    for who in broken:
        table.lose_prisoner(who)
        table.log("broken", who=who)
        if who == ALICE:
            raise GameLost("alice_broken")
        if table.is_pow(who):
            continue  # A broken POW perishes and betrays nobody (Rescuing the Prisoners).
        if betrayable(table, who):
            table.pending.insert(0, Betrayal(broken=who))
        else:
            table.log("no_betrayal", who=who)


class Whereabouts(Protocol):
    """Where the free operatives are: the state, or the table while a decision is carried out."""

    @property
    def hand(self) -> Sequence[str]: ...

    @property
    def assignments(self) -> Sequence[Assignment]: ...


def candidates(board: Whereabouts, broken: str) -> list[str]:
    """Alice and the broken operative's cell-mates still free (in hand or assigned)."""
    cell = load_content().operative(broken).cell
    free = set(board.hand) | {o for a in board.assignments for o in a.operatives}
    names = [ALICE, *load_content().cell_members(cell)]
    return [o for o in names if o in free and o != broken]


def betrayable(board: Whereabouts, broken: str) -> list[str]:
    """Those who can actually be arrested: operatives at the Safe House are hidden."""
    hidden = {o for a in board.assignments if a.location == SAFE_HOUSE for o in a.operatives}
    return [o for o in candidates(board, broken) if o not in hidden]


def betrayal_options(state: QueenState, betrayal: Betrayal) -> list[Betray]:
    return [Betray(operative=who) for who in betrayable(state, betrayal.broken)]


def betray(table: Table, betrayal: Betrayal, action: Betray) -> None:
    """The broken operative gives up someone ("Breaking During Interrogation").

    At a location: the assignment resolves as a failure at once, everyone else goes
    back to the hand. The interrogation markers go back to the supply (our reading:
    in every case of betrayal, the interrogators got what they wanted); the betrayed
    operative is jailed after the interrogations, so is not questioned this round.
    Our readings (README): items lent to the assignment go back to the Safe House unused
    (nobody drew a token), POWs waiting beside an escape card too.
    """
    broken, operative = betrayal.broken, action.operative
    if operative not in betrayable(table, broken):
        raise IllegalAction(
            "A broken operative betrays Alice or a free operative of their own cell.",
            "queen-of-spies.refusal.betrayal",
        )
    table.pending.pop()
    table.log("betrayal", reveals=True, who=broken, betrayed=operative)
    a = table.assignment_of(operative)
    if a is None:
        table.hand.remove(operative)
    else:
        table.replace(a, None)
        table.return_tokens(a.drawn)
        table.hand.extend(o for o in a.operatives if o != operative)
        for item in a.items:
            table.items[item] = "safe_house"
        if a.item is None:
            for effect in load_content().location(a.location).failure:
                apply_effect(table, a, effect)
        table.pows_safe.extend(p for p in a.pows if p not in table.jail)
        table.log("failure", location=a.location, item=a.item, reason="betrayal")
    table.interrogation = 0
    table.to_jail(operative, mark=False)


def drop_hopeless_betrayals(table: Table) -> None:
    """A betrayal waiting while an earlier one jailed the last one who could be betrayed."""
    while table.pending and isinstance(top := table.pending[-1], Betrayal):
        if betrayable(table, top.broken):
            return
        table.pending.pop()
        table.log("no_betrayal", who=top.broken)


def finish_interrogation(table: Table) -> None:
    """Interrogation markers rise by one (to 3) while anyone is held, else all go back."""
    table.interrogation = min(3, table.interrogation + 1) if table.jail else 0
    table.round += 1
    table.phase = "assign"
