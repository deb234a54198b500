"""Setting up a scenario ("Scenarios"; "Training Campaign - Scenario 1", steps 1-2).

The scenario's sectors form the board; on every location its five item tiles are
shuffled face down; the agents stand on their start spaces; each side gets its five
planning cards and an investigation track (starting from a campaign carry-over if the
options hold one for this scenario).
"""

from __future__ import annotations

from rules.core import Dice, IllegalAction, seed_state
from rules.stawka.board import board_of
from rules.stawka.content import COLOURS, AgentDocument, Scenario, load_content
from rules.stawka.missions import initial_decks
from rules.stawka.options import StawkaOptions
from rules.stawka.placement import next_placement
from rules.stawka.stage import fresh_side, planning_pending
from rules.stawka.state import SEATS, AgentState, StawkaState
from rules.stawka.threats import pools

OPEN_ENDED_STAGES = 99
"""Scenarios played "until victory" get a stage limit no game reaches."""


def kloss_document(scenario: Scenario, options: StawkaOptions) -> AgentDocument:
    """Agent Document: the Polish player picks one of Kloss's three; some scenarios set it."""
    content = load_content()
    banned = options.carry.banned_kloss_documents if options.carry else ()
    chosen = options.kloss_document or scenario.kloss_document
    documents = [d for d in content.documents_of("kloss") if d.id not in banned]
    for document in documents:
        if document.id == chosen:
            return document
    if chosen is not None and chosen not in banned:
        raise IllegalAction(f"There is no Kloss document {chosen!r}.")
    return documents[0]


def new_state(options: StawkaOptions, seed: int) -> StawkaState:
    content = load_content()
    if options.scenario is None:
        raise ValueError("a Stawka game needs a scenario")
    scenario = content.scenario(options.scenario)
    dice = Dice(seed_state(seed))
    documents: dict[str, str] = {}
    agents: list[AgentState] = []
    for placed in scenario.agents:
        document = (
            kloss_document(scenario, options)
            if placed.agent == "kloss"
            else content.documents_of(placed.agent)[0]
        )
        documents[placed.agent] = document.id
        agents.append(
            AgentState(
                id=placed.agent,
                side=placed.side,
                colour=document.colour,
                space=placed.start or "",
                status="free" if placed.start else "unplaced",
            )
        )
    board = board_of(scenario.id)
    stacks = {
        location: tuple(dice.shuffled([i.id for i in content.items_at(location)]))
        for location in board.locations
    }
    carry = options.carry if options.carry and scenario.starts_from == options.carry.from_scenario else None
    sides = {
        seat: fresh_side(
            seat,
            {colour: (carry.evidence.get(seat, {}).get(colour, 0) if carry else 0) for colour in COLOURS},
            pools()[seat] if scenario.level != "basic" else (),
        )
        for seat in SEATS
    }
    state = StawkaState(
        seed=seed,
        rng=dice.state,
        scenario=scenario.id,
        rule_level=scenario.level,
        documents=documents,
        stage_count=scenario.stages or OPEN_ENDED_STAGES,
        sides=sides,
        agents=tuple(agents),
        stacks=stacks,
        pending=planning_pending(),
        missions_left=initial_decks(tuple(documents), documents) if scenario.level != "basic" else {},
    )
    return next_placement(state)
