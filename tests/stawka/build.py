"""Build Stawka states for rule tests: agents where a test wants them, in the activation step.

Dice are set by choosing the generator state (`tests.stawka.dice.rng_rolling`), never by
mocking randomness out of the rules.
"""

from __future__ import annotations

from rules.core import Seat
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.missions import initial_decks
from rules.stawka.options import StawkaOptions
from rules.stawka.state import AgentState, StawkaState
from rules.stawka.title import TITLE

SCENARIO = "training-1"


def next_to(space: str, seat: Seat = "polish") -> str:
    """A space one step from `space` on the training-1 board."""
    return board_of(SCENARIO).exits(space, seat)[0]


def new_game(seed: int = 1) -> StawkaState:
    return TITLE.new_game(TITLE.default_options(SCENARIO), seed)


def in_activations(
    agents: dict[str, str],
    turn: Seat = "polish",
    ap: int = 8,
    rng: int | None = None,
    evidence: dict[Seat, dict[str, int]] | None = None,
    items: dict[str, tuple[str, ...]] | None = None,
    seed: int = 1,
    scenario: str = SCENARIO,
    missions: dict[str, str] | None = None,
) -> StawkaState:
    """A board of `scenario` in step F with `agents` (id -> space), both pools at `ap`.

    `missions` gives agents a mission card (agent -> card id).
    """
    content = load_content()
    base = TITLE.new_game(StawkaOptions(scenario=scenario), seed)
    documents = {}
    placed = []
    for agent_id, space in agents.items():
        document = (
            content.document("kloss-abwehr") if agent_id == "kloss" else content.documents_of(agent_id)[0]
        )
        documents[agent_id] = document.id
        placed.append(
            AgentState(
                id=agent_id,
                side=document.side,
                colour=document.colour,
                space=space,
                items=(items or {}).get(agent_id, ()),
                mission=(missions or {}).get(agent_id),
            )
        )
    held = {i for agent in placed for i in agent.items}
    stacks = {loc: tuple(i for i in stack if i not in held) for loc, stack in base.stacks.items()}
    sides = {
        seat: side.model_copy(
            update={
                "ap": ap,
                "chosen": f"{seat}-3",
                "revealed": True,
                "evidence": {**side.evidence, **(evidence or {}).get(seat, {})},
            }
        )
        for seat, side in base.sides.items()
    }
    return base.model_copy(
        update={
            "pending": (),
            "turn": turn,
            "first": turn,
            "documents": documents,
            "agents": tuple(placed),
            "stacks": stacks,
            "sides": sides,
            "rng": base.rng if rng is None else rng,
            "missions_left": {
                agent: tuple(m for m in cards if m not in (missions or {}).values())
                for agent, cards in initial_decks(tuple(documents), documents).items()
            }
            if base.rule_level != "basic"
            else {},
        }
    )
