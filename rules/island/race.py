"""The end of a turn and of the race: the equipment step, the next agent, the island ("End of the Game")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.core import Event, Outcome, Seat
from rules.island.board import ring_distance
from rules.island.content import load_content
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
    data = load_content()
    field = state.agent(seat).field
    assert field is not None
    return all(
        ring_distance(data.board, field, other.field) > data.equipment_taking.distance
        for name, other in state.agents.items()
        if name != seat and not other.out and other.field is not None
    )


def end_turn(state: IslandState, events: list[Event]) -> IslandState:
    """ "As his last action a player may take new Equipment cards - however only if he is
    far enough away from other agents"; then play passes clockwise.

    Our reading of "may": the card is taken without asking, one a turn ("the player can
    take an Equipment card", the turn's step 4).  A card never harms its holder (the hand
    is secret and holds six at most; a withdrawn agent's cards go back to the stack), so
    a choice would only cost a click."""
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


def in_play(state: IslandState) -> dict[str, int]:
    """The microfilms still in play, by colour: those held by agents in the race, and the
    board's chips of a colour whose agent is still racing (only he can give them, in a
    friendship).  Chips move only among these, except at a withdrawal, when the
    withdrawn agent's chips leave play: so the pool only ever shrinks.
    """
    pool: dict[str, int] = {}
    for seat in state.in_race():
        for colour, count in state.agent(seat).chips.items():
            pool[colour] = pool.get(colour, 0) + count
        pool[seat] = pool.get(seat, 0) + state.reserve.get(seat, 0)
    return pool


def can_still_be_done(state: IslandState, seat: Seat) -> bool:
    """Whether `seat`'s task could still be done if every microfilm in play came to him
    (house rule, `withdraw_the_hopeless`)."""
    return task_done(load_content().task(state.agent(seat).task).needs, in_play(state), seat)


def withdraw(state: IslandState, seat: Seat) -> IslandState:
    """`seat` leaves the race: his figure leaves the board, his cards go to the bottom of
    their stacks, his chips stay in front of him, out of play (ours)."""
    agent = state.agent(seat)
    return state.with_agent(
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


def task_shown(state: IslandState, seat: Seat) -> dict[str, str | int]:
    """The params of the event in which `seat` turns his task card up: at the island, or
    when it can no longer be done."""
    task = load_content().task(state.agent(seat).task)
    return {"seat": seat, "task": task.id, "needs": pattern(task.needs)}


def withdraw_the_hopeless(state: IslandState, events: list[Event]) -> IslandState:
    """House rule (issue 27), after a withdrawal: an agent whose task can no longer be done
    with the microfilms left in play (`can_still_be_done`) shows his task and is withdrawn
    at once, as at the island; the last agent in the race wins if his microfilms do his
    task, and when the last agents are withdrawn nobody wins.

    Why: with a withdrawn agent's microfilms leaving play, two agents could be left
    neither of whom can ever do his task; the first to sail would hand the race to the
    other, so nobody would, and the game would never end.  A task can only become
    impossible when microfilms leave play, at a withdrawal, so the check is made then,
    and every agent left in the race can always still win by his task.

    The last agent is checked too: "the game continues until the next agent reaches the
    island", and there "If he can show the necessary chips he has won"; "If the player
    does not have the necessary chips he is withdrawn".  Alone in the race he meets
    nobody, so his microfilms can no longer change (the microfilms in play are his own):
    he wins at once if they do his task, as he would at the island, else he shows it and
    is withdrawn, and nobody wins ("Only one player can fulfil his task and win the
    game" allows a race that nobody wins).  (Until the audit of 5 December 2026 the last
    agent won whatever his task.)
    """
    while left := state.in_race():
        hopeless = [seat for seat in left if not can_still_be_done(state, seat)]
        if not hopeless:
            if len(left) > 1:
                return state
            events.append(Event(kind="last_agent", key="island.last_agent", params={"seat": left[0]}))
            return state.model_copy(update={"winner": left[0], "won_by": "last"})
        for seat in hopeless:
            events.append(
                Event(kind="hopeless", key="island.hopeless", params=task_shown(state, seat), reveals=True)
            )
        for seat in hopeless:
            state = withdraw(state, seat)
    events.append(Event(kind="nobody", key="island.nobody"))
    return state.model_copy(update={"won_by": "nobody"})


def reach_island(state: IslandState, seat: Seat, events: list[Event]) -> tuple[IslandState, list[Event]]:
    """ "This player must then reveal his Mission card: If he can show the necessary chips
    he has won ... If the player does not have the necessary chips he is withdrawn from
    play and the game continues until the next agent reaches the island."

    A withdrawn agent's figure leaves the board; his cards go to the bottom of their
    stacks and his chips stay in front of him, out of play (ours, `withdraw`).  Then
    agents whose tasks can no longer be done are withdrawn too, and when one agent alone
    is left in the race, he wins if his microfilms do his task, else nobody wins (ours,
    `withdraw_the_hopeless`).
    """
    agent = state.agent(seat)
    done = task_done(load_content().task(agent.task).needs, agent.chips, seat)
    events.append(Event(kind="island", key="island.island", params=task_shown(state, seat), reveals=True))
    state = state.model_copy(update={"journey": None})
    if done:
        events.append(Event(kind="won", key="island.won", params={"seat": seat}))
        return state.model_copy(update={"winner": seat, "won_by": "task"}), events
    events.append(Event(kind="withdrawn", key="island.withdrawn", params={"seat": seat}))
    state = withdraw_the_hopeless(withdraw(state, seat), events)
    if state.won_by is not None:
        return state, events
    return pass_turn(state, events), events


def outcome(state: IslandState) -> Outcome | None:
    if state.won_by == "nobody":
        return Outcome(result="loss", key="island.outcome.nobody")
    if state.winner is None:
        return None
    key = "island.outcome.task" if state.won_by == "task" else "island.outcome.last"
    # No scores: the race has a winner and nothing to count.  The reason leaves the
    # winner out; the game-over screen names him once.
    return Outcome(winners=(state.winner,), key=key, params={"seat": state.winner})
