"""What one seat may see (ARCHITECTURE.md, "Hidden information at one screen").

Public: the board, every figure, every agent's microfilm chips (set-up 4: "Chips must be
kept always openly") and transport cards, how many equipment cards each holds, who has
chosen in an encounter or a fight, and every revealed card.  Secret: another agent's
task card (until he reaches the island), his equipment cards, the encounter card or the
equipment he has put down but not yet revealed, the order of the stacks and the task
cards out of the game.  While a fight's cards lie face down, each hand counts them
still, so nobody learns how many cards an opponent put down before the reveal.  Once the
race is won, every agent's task is shown.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.core import Seat
from rules.island.actions import EncounterCard
from rules.island.content import load_content
from rules.island.race import task_done
from rules.island.state import IslandState, Meeting, TakingChips

Phase = Literal["start_roll", "place", "play", "over"]


class ViewModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TaskView(ViewModel):
    id: str
    code: int
    needs: tuple[int, ...]
    done: bool
    """The chips held now fulfil it."""


class AgentView(ViewModel):
    seat: Seat
    field: int | None
    out: bool
    chips: dict[str, int]
    transport: tuple[str, ...]
    equipment_count: int
    equipment: tuple[str, ...] | None
    """The cards themselves: the owner's own hand only."""
    task: TaskView | None
    """The owner's own task, or anyone's revealed at the island."""


class EncounterView(ViewModel):
    mover: Seat
    other: Seat
    chosen: tuple[Seat, ...]
    """Who has picked an encounter card (not which)."""
    my_card: EncounterCard | None
    fighting: bool
    armed: tuple[Seat, ...]
    """Who has put down equipment for the fight (not what)."""
    my_arms: tuple[str, ...] | None
    cards: dict[Seat, EncounterCard] = {}
    """Every card put down and not yet revealed: a replay's revealed table only."""
    arms: dict[Seat, tuple[str, ...]] = {}
    """Every equipment put down for the fight: a replay's revealed table only."""


class TakingView(ViewModel):
    seat: Seat
    victim: Seat
    count: int


class JourneyView(ViewModel):
    roll: int
    steps_left: int
    played: int


class IslandView(ViewModel):
    seat: Seat | None
    players: tuple[Seat, ...]
    phase: Phase
    to_act: Seat | None
    decision: str | None
    current: Seat | None
    starter: Seat | None
    turns: int
    agents: dict[Seat, AgentView]
    reserve: dict[str, int]
    transport_pile: int
    equipment_pile: int
    tasks_in_play: dict[int, int]
    """Task cards in play by code: the set-up table, known to all."""
    tasks_out: int
    journey: JourneyView | None
    encounter: EncounterView | None
    meeting: Meeting | None
    taking: TakingView | None
    winner: Seat | None
    won_by: str | None


def phase_of(state: IslandState) -> Phase:
    if state.over:
        return "over"
    if state.starter is None:
        return "start_roll"
    if state.current is None:
        return "place"
    return "play"


def make_view(state: IslandState, seat: Seat | None, everything: bool = False) -> IslandView:
    """What `seat` sees; `everything`: every agent's task, equipment and the cards put down,
    for no seat (a replay's "everything revealed", `Title.revealed`)."""
    data = load_content()
    top = state.pending[-1] if state.pending else None
    decision = top.kind if top is not None else ("roll" if state.current and not state.over else None)
    to_act = top.seat if top is not None else (state.current if decision else None)
    return IslandView(
        seat=seat,
        players=state.players,
        phase=phase_of(state),
        to_act=to_act,
        decision=decision,
        current=state.current,
        starter=state.starter,
        turns=state.turns,
        agents={other: _agent_view(state, other, seat, everything) for other in state.players},
        reserve=dict(state.reserve),
        transport_pile=len(state.transport),
        equipment_pile=len(state.equipment),
        tasks_in_play=dict(sorted(data.setup.tasks[len(state.players)].items())),
        tasks_out=len(state.tasks_out),
        journey=None
        if state.journey is None
        else JourneyView(
            roll=state.journey.roll, steps_left=state.journey.steps_left, played=state.journey.played
        ),
        encounter=_encounter_view(state, seat, everything),
        meeting=state.meeting,
        taking=TakingView(seat=top.seat, victim=top.victim, count=top.count)
        if isinstance(top, TakingChips)
        else None,
        winner=state.winner,
        won_by=state.won_by,
    )


def _agent_view(state: IslandState, owner: Seat, seat: Seat | None, everything: bool) -> AgentView:
    agent = state.agent(owner)
    own = everything or owner == seat
    armed = state.encounter.armed.get(owner, ()) if state.encounter is not None else ()
    # Withdrawn agents showed their task at the island; once the race is won nothing is
    # secret any more (ours: the players turn every task card up to see who was close).
    shown = own or agent.out or state.over
    task = load_content().task(agent.task)
    return AgentView(
        seat=owner,
        field=agent.field,
        out=agent.out,
        chips=dict(agent.chips),
        transport=tuple(sorted(agent.transport.cards)),
        equipment_count=len(agent.equipment) + (0 if own else len(armed)),
        equipment=tuple(sorted(agent.equipment.cards)) if own else None,
        task=TaskView(
            id=task.id, code=task.code, needs=task.needs, done=task_done(task.needs, agent.chips, owner)
        )
        if shown
        else None,
    )


def _encounter_view(state: IslandState, seat: Seat | None, everything: bool) -> EncounterView | None:
    meeting = state.encounter
    if meeting is None:
        return None
    fighting = len(meeting.choices) == 2
    return EncounterView(
        mover=meeting.mover,
        other=meeting.other,
        chosen=tuple(s for s in (meeting.mover, meeting.other) if s in meeting.choices),
        my_card=meeting.choices.get(seat) if seat is not None else None,
        fighting=fighting,
        armed=tuple(s for s in (meeting.mover, meeting.other) if s in meeting.armed),
        my_arms=meeting.armed.get(seat) if seat is not None else None,
        cards=dict(meeting.choices) if everything else {},
        arms=dict(meeting.armed) if everything else {},
    )


def hand_counts(cards: tuple[str, ...]) -> dict[str, int]:
    """A hand as card -> copies, for tables that show counts."""
    return dict(Counter(cards))
