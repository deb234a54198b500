"""The investigation track (rulebook, "Investigation Track").

Each side keeps, per enemy colour, the evidence gathered against the enemy agent of that
colour, 0 to 10.  The five ranges of a track (content data) give a conversation bonus;
from 3 pieces of evidence the agent may reveal a secret; from 6 he may be arrested or
kidnapped (extended rules).
"""

from __future__ import annotations

from rules.core import Event, Seat
from rules.core.components import Track
from rules.stawka.content import InvestigationRange, load_content
from rules.stawka.state import AgentState, SideState, StawkaState, other

TRACK_MAX = 10
SECRET_EVIDENCE = 3
"""Investigation Track, 4: "an agent burdened with at least three pieces of evidence may reveal a secret"."""
ARREST_EVIDENCE = 6
"""Arrest Action, 1 and Release, 1: arrests and kidnappings need at least 6 pieces of evidence."""


def track_range(ranges: tuple[InvestigationRange, ...], evidence: int) -> InvestigationRange:
    for track in ranges:
        if track.low <= evidence <= track.high:
            return track
    raise ValueError(f"no investigation range holds {evidence}")


def conversation_bonus(ranges: tuple[InvestigationRange, ...], evidence: int) -> int:
    """Investigation Track, 4: the modifier to conversation rolls against a burdened agent."""
    return track_range(ranges, evidence).conversation_bonus


def add_evidence(side: SideState, colour: str, amount: int) -> SideState:
    """Investigation Track, 3: move the colour's marker; evidence beyond 10 is counted apart."""
    track, beyond = Track(value=side.evidence.get(colour, 0), high=TRACK_MAX).moved(amount)
    over = max(0, beyond)
    return side.model_copy(
        update={
            "evidence": {**side.evidence, colour: track.value},
            "evidence_over": {**side.evidence_over, colour: side.evidence_over.get(colour, 0) + over}
            if over
            else side.evidence_over,
        }
    )


def add_scoring_evidence(state: StawkaState, seat: Seat, colour: str, amount: int) -> SideState:
    """`add_evidence` for evidence from a conversation or a discarded item: where the
    scenario pays VP for it (the free and film scenarios: "If as a result of a CONVERSATION
    or discarding an item the Player would obtain more than the tenth piece of EVIDENCE, he
    instead receives 1 Victory Point for each evidence above 10"), each piece beyond the
    tenth scores them."""
    side = state.sides[seat]
    before = side.evidence_over.get(colour, 0)
    side = add_evidence(side, colour, amount)
    beyond = side.evidence_over.get(colour, 0) - before
    per = load_content().scenario(state.scenario).victory.vp_per_evidence_over_10
    return side.model_copy(update={"vp": side.vp + per * beyond}) if beyond and per else side


def evidence_event(seat: Seat, colour: str, amount: int, total: int, reason: str) -> Event:
    """The public record of a track moving (the reason item, if any, is told only to its side)."""
    return Event.made(
        kind="evidence",
        key=f"stawka.evidence.{reason}",
        params={"colour": colour, "seat": seat, "amount": amount, "total": total},
        reveals=True,
    )


def lower_evidence(state: StawkaState, agent: AgentState, amount: int, key: str) -> tuple[StawkaState, Event]:
    """The enemy's track of `agent`'s colour goes down by `amount`, not below 0 (a bribe, a
    location or reaction card; `key` says which)."""
    enemy = other(agent.side)
    side = state.sides[enemy]
    total = max(0, side.evidence.get(agent.colour, 0) - amount)
    state = state.with_side(
        enemy, side.model_copy(update={"evidence": {**side.evidence, agent.colour: total}})
    )
    event = Event(
        kind="evidence",
        key=key,
        params={"agent": agent.id, "colour": agent.colour, "total": total},
        reveals=True,
    )
    return state, event
