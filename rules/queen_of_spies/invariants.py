"""What must hold in every Queen of Spies state (the conformance suite checks it after every action).

Every card in one place, the supplies within the rulebook's component counts
("Components"), the despair and interrogation markers within their bounds.
"""

from __future__ import annotations

from rules.queen_of_spies.content import Token, load_content
from rules.queen_of_spies.state import QueenState


def invariants(state: QueenState) -> list[str]:
    """Broken invariants of `state`, as sentences (empty when all hold)."""
    c = load_content()
    problems: list[str] = []
    places: list[str] = [*state.hand, *state.jail, *state.removed]
    places += [o for a in state.assignments for o in a.operatives]
    places += [o for deck in state.decks.values() for o in deck]
    operatives = [o for o in places if c.is_operative(o)]
    if sorted(operatives) != sorted(card.id for card in c.operatives):
        problems.append(f"operatives lost or doubled: {sorted(operatives)}")
    if c.story(state.story).scoring == "pows":
        pows = [p for p in places if not c.is_operative(p)]
        pows += [*state.pows_waiting, *state.pows_safe, *(p for a in state.assignments for p in a.pows)]
        pows += [p for escaped in state.pows_escaped.values() for p in escaped]
        if sorted(pows) != sorted(p.id for p in c.pows):
            problems.append(f"POWs lost or doubled: {sorted(pows)}")
    for kind, limit in ((Token.ALERT, c.supply.alert), (Token.TROOP, c.supply.troop)):
        if state.in_play(kind) > limit:
            problems.append(f"more {kind.value} tokens than the supply holds")
    if state.despair_supply < 0 or any(not 0 < n <= 3 for n in state.despair.values()):
        problems.append("despair markers out of bounds")
    if not 0 <= state.interrogation <= c.supply.interrogation or (state.interrogation and not state.jail):
        problems.append(f"{state.interrogation} interrogation markers with jail {state.jail}")
    pigeons = state.pigeons + state.trained_pigeons + sum(state.pigeons_sent.values())
    if state.time < 0 or pigeons > c.supply.pigeons or any(n < 0 for n in state.bag.counts.values()):
        problems.append("time, pigeons or bag out of bounds")
    return problems
