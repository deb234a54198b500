"""The end of a turn and of the race: the equipment step, the next agent, the island ("End of the Game")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.core import Event, Outcome, Seat
from rules.island.board import ring_distance
from rules.island.content import island_data
from rules.island.setup import draw_equipment
from rules.island.state import IslandState


def missing(needs: Sequence[int], chips: Mapping[str, int], own: str) -> int:
    """Microfilms still lacking for a task: `needs` counts of different colours other than
    `own`.  The colours held most cover the largest needs (any other way to match them
    would leave more lacking).

    >>> missing((2, 1, 1), {"red": 10, "blue": 3, "green": 1, "white": 1}, "red")
    0
    >>> missing((2, 2), {"red": 10, "blue": 3, "green": 1}, "red")
    1
    """
    held = sorted((count for colour, count in chips.items() if colour != own), reverse=True)
    held += [0] * max(0, len(needs) - len(held))
    return sum(max(0, need - have) for need, have in zip(needs, held, strict=False))


def task_done(needs: Sequence[int], chips: Mapping[str, int], own: str) -> bool:
    """Whether `chips` hold the task's microfilms ("If he can show the necessary chips")."""
    return missing(needs, chips, own) == 0


def pattern(needs: Sequence[int]) -> str:
    """A task's needs as one id, ``(2, 1, 1)`` -> ``"2-1-1"`` (the catalogs name each pattern)."""
    return "-".join(map(str, needs))


def may_take_equipment(state: IslandState, seat: Seat) -> bool:
    """The distance rule (ours, ``data/rules.toml`` [equipment_taking]): no other agent in
    the race within `distance` fields either way round."""
    data = island_data()
    field = state.agent(seat).field
    assert field is not None
    return all(
        ring_distance(data.board, field, other.field) > data.equipment_taking.distance
        for name, other in state.agents.items()
        if name != seat and not other.out and other.field is not None
    )


def end_turn(state: IslandState, events: list[Event]) -> IslandState:
    """ "As his last action a player may take new Equipment cards - however only if he is
    far enough away from other agents"; then play passes clockwise."""
    seat = state.current
    assert seat is not None
    if may_take_equipment(state, seat):
        state = draw_equipment(state, seat, events)
    else:
        events.append(Event(kind="too_close", key="island.too_close", params={"seat": seat}))
    return pass_turn(state, events)


def pass_turn(state: IslandState, events: list[Event]) -> IslandState:
    """The next agent in the race clockwise from the one whose turn it was."""
    seat = state.current
    assert seat is not None
    index = state.players.index(seat)
    following = state.players[index + 1 :] + state.players[: index + 1]
    nxt = next(other for other in following if not state.agent(other).out)
    events.append(Event(kind="turn", key="island.turn", params={"seat": nxt}))
    return state.model_copy(update={"current": nxt, "journey": None, "turns": state.turns + 1})


def reach_island(state: IslandState, seat: Seat, events: list[Event]) -> tuple[IslandState, list[Event]]:
    """ "This player must then reveal his Mission card: If he can show the necessary chips
    he has won ... If the player does not have the necessary chips he is withdrawn from
    play and the game continues until the next agent reaches the island."

    A withdrawn agent's figure leaves the board; his cards go to the bottom of their
    stacks and his chips stay in front of him, out of play (ours).  When one agent alone
    is left in the race, he wins (ours: nobody is left to race him).
    """
    agent = state.agent(seat)
    task = island_data().task(agent.task)
    done = task_done(task.needs, agent.chips, seat)
    events.append(
        Event(
            kind="island",
            key="island.island",
            params={"seat": seat, "task": task.id, "needs": pattern(task.needs)},
            reveals=True,
        )
    )
    state = state.model_copy(update={"journey": None})
    if done:
        events.append(Event(kind="won", key="island.won", params={"seat": seat}))
        return state.model_copy(update={"winner": seat, "won_by": "task"}), events
    events.append(Event(kind="withdrawn", key="island.withdrawn", params={"seat": seat}))
    state = state.with_agent(
        seat,
        out=True,
        field=None,
        transport=agent.transport.model_copy(update={"cards": ()}),
        equipment=agent.equipment.model_copy(update={"cards": ()}),
    ).model_copy(
        update={
            "transport": state.transport.to_bottom(*agent.transport.cards),
            "equipment": state.equipment.to_bottom(*agent.equipment.cards),
        }
    )
    left = state.in_race()
    if len(left) == 1:
        events.append(Event(kind="last_agent", key="island.last_agent", params={"seat": left[0]}))
        return state.model_copy(update={"winner": left[0], "won_by": "last"}), events
    return pass_turn(state, events), events


def outcome(state: IslandState) -> Outcome | None:
    if state.winner is None:
        return None
    key = "island.outcome.task" if state.won_by == "task" else "island.outcome.last"
    # No scores: the race has a winner and nothing to count.  The reason leaves the
    # winner out; the game-over screen names him once.
    return Outcome(winners=(state.winner,), key=key, params={"seat": state.winner})
