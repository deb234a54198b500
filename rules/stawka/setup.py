"""Setting up a scenario ("Scenarios"; "Training Campaign", each scenario's steps 1-2).

The scenario's sectors form the board; on every location its five item tiles are
shuffled face down; the agents stand on their start spaces; each side gets its five
planning cards and an investigation track.  A campaign scenario starting from the
previous one's carry-over (`rules.stawka.campaign`) applies all of it: the tracks start
from the carried evidence, a banned agent is replaced (Brunner by Fritz Kopf), an exposed
Kloss plays another document (the Polish player's first decision of the game), and the
winner's kept item starts in his agent's hand instead of on the board.
"""

from __future__ import annotations

from functools import cache

from rules.core import Dice, seed_state
from rules.core.components import Deck
from rules.stawka import film_hooks, reactions
from rules.stawka.board import board_of
from rules.stawka.campaign import carry_for, cast, hand_kept_items, kloss_choice
from rules.stawka.content import COLOURS, load_content
from rules.stawka.location_cards import new_deck
from rules.stawka.missions import initial_decks
from rules.stawka.options import StawkaOptions
from rules.stawka.placement import next_placement
from rules.stawka.stage import fresh_side, planning_pending
from rules.stawka.state import SEATS, AgentState, StawkaState
from rules.stawka.threats import pools

OPEN_ENDED_STAGES = 99
"""Scenarios played "until victory" get a stage limit no game reaches."""


def new_state(options: StawkaOptions, seed: int) -> StawkaState:
    content = load_content()
    if options.scenario is None:
        raise ValueError("a Stawka game needs a scenario")
    scenario = content.scenario(options.scenario)
    carry = carry_for(scenario, options)
    dice = Dice(seed_state(seed))
    documents: dict[str, str] = {}
    agents: list[AgentState] = []
    for placed in cast(scenario, carry):
        # Agent Document: the Kloss document the options hold (validated there).
        document = (
            content.document(options.kloss_document)
            if placed.agent == "kloss" and options.kloss_document is not None
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
    stacks = item_stacks(scenario.id, dice)
    agents, stacks = hand_kept_items(agents, stacks, carry)
    sides = {
        seat: fresh_side(
            seat,
            {colour: (carry.evidence.get(seat, {}).get(colour, 0) if carry else 0) for colour in COLOURS},
            pools()[seat] if scenario.level != "basic" else (),
        )
        for seat in SEATS
    }
    if scenario.level == "advanced":
        # Location Cards, 1; Reaction Cards: the decks of the advanced rules.
        sides = {
            seat: side.model_copy(
                update={"location_deck": new_deck(seat, board.locations, scenario.special_rules, dice)}
            )
            for seat, side in sides.items()
        }
    reaction_deck = reactions.new_deck(dice) if scenario.level == "advanced" else Deck()
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
        location_card_limit=scenario.location_card_limit if scenario.level == "advanced" else 0,
        reaction_deck=reaction_deck,
    )
    state = film_hooks.setup(next_placement(state), dice)
    choice = kloss_choice(scenario, carry)
    if choice is not None:
        # Agent Document: chosen "before every game", so before any placement or planning.
        state = state.model_copy(update={"pending": (*state.pending, choice)})
    return state


def item_stacks(scenario_id: str, dice: Dice) -> dict[str, tuple[str, ...]]:
    """Item Tiles: on every location of the board its five tiles, shuffled, face down."""
    return {
        location: tuple(dice.shuffled(list(_tiles_at(location))))
        for location in board_of(scenario_id).locations
    }


@cache
def _tiles_at(location: str) -> tuple[str, ...]:
    """The item tiles of `location`, in the content's order (looked for once: every game's
    set-up lays them all)."""
    return tuple(i.id for i in load_content().items_at(location))
