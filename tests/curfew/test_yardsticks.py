"""The yardsticks of `tests.curfew.endings` that bound what Hard could reach (issue 31,
point 2; the README's "An upper bound"): ``oracle`` is Hard's own search on the real deal,
and ``--reading`` plays curfew rule C another way for a run only.  The figures rest on
them doing just that."""

from __future__ import annotations

from rules.core import Dice, seed_state
from rules.core.search import Budget
from rules.curfew.hard import HARD_BUDGET, CurfewSearch
from rules.curfew.state import CurfewState, officers_sectors
from rules.curfew.title import TITLE
from rules.stawka.board import board_of
from tests.curfew.endings import ORACLE, OURS, Seer, read_c, seeing_bot
from tests.curfew.games import game


def _inside(state: CurfewState, agent_id: str) -> bool:
    """Whether the agent stands in a sector with an SS officer in it."""
    return board_of(state.scenario).sector_of[state.agent(agent_id).space] in officers_sectors(state)


def _held_turns() -> list[tuple[CurfewState, str]]:
    """States of a sensible player's games with a free Polish agent in a sector with an SS
    officer, who escaped no arrest this stage."""
    return [
        (step.before, agent.id)
        for seed in range(3)
        for step in game(seed, "heuristic")[::5]
        for agent in step.before.agents_of("polish")
        if agent.status == "free" and agent.id not in step.before.escaped and _inside(step.before, agent.id)
    ]


def test_the_oracle_is_hards_search_with_the_real_deal_and_dice_of_its_own() -> None:
    bot = seeing_bot(ORACLE)
    assert type(bot.policy) is CurfewSearch
    assert bot.budget == Budget(iterations=HARD_BUDGET.iterations, settled_after=HARD_BUDGET.settled_after)
    state = game(1, "heuristic")[40].before
    world = Seer(TITLE, state, "polish").sample(Dice(seed_state(7)))
    # Every card, item and check where it lies (the deck's order too); only the dice
    # still to come are the world's own.
    assert world.model_dump(exclude={"rng", "seed", "previous"}) == state.model_dump(
        exclude={"rng", "seed", "previous"}
    )
    assert world.rng != state.rng


def test_a_reading_of_curfew_c_holds_for_the_run_and_ours_comes_back() -> None:
    """Curfew C, "polscy agenci, którzy uniknęli aresztowania mogą opuszczać sektor, w
    którym są niemieccy oficerowie SS" (Polish agents who escaped an arrest may leave a
    sector with German SS officers in it): ours holds the others in it; ``permission``
    holds nobody; ``nie`` ("may not leave") holds only those who escaped."""
    turns = _held_turns()
    assert len(turns) > 10
    try:
        for reading, held, held_if_escaped in (
            ("permission", False, False),
            ("nie", False, True),
            (OURS, True, False),
        ):
            read_c(reading)
            for state, agent_id in turns:
                escaped = state.model_copy(update={"escaped": (*state.escaped, agent_id)})
                for world, holds in ((state, held), (escaped, held_if_escaped)):
                    agent = world.agent(agent_id)
                    sector = board_of(world.scenario).sector_of[agent.space]
                    sealed, _ = world.walk_bounds(agent)
                    assert (sector in world.sealed_sectors(agent)) == holds, (reading, agent_id)
                    assert (sector in sealed) == holds, (reading, agent_id)
    finally:
        read_c(OURS)
