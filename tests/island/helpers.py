"""Races arranged for the tests: agents on chosen fields, chosen cards, the next die roll fixed."""

from __future__ import annotations

from typing import Any, cast

from rules.core import Dice, Event, Match, seed_state
from rules.core.components import Hand
from rules.island import TITLE
from rules.island.actions import Action
from rules.island.content import load_content
from rules.island.state import IslandState


def started(players: int = 4, seed: int = 1) -> IslandState:
    """A race after the roll-off and the placement (each agent on the first free start space)."""
    state, _ = TITLE.start(TITLE.make_options(None, choices={"players": players}), seed)
    while state.current is None:
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    return state


def arranged(
    players: int = 4,
    current: str = "red",
    fields: dict[str, int] | None = None,
    transport: dict[str, tuple[str, ...]] | None = None,
    equipment: dict[str, tuple[str, ...]] | None = None,
    chips: dict[str, dict[str, int]] | None = None,
    tasks: dict[str, str] | None = None,
) -> IslandState:
    """A race in play at `current`'s roll, everything else as given (unnamed hands empty).

    The cards given are taken out of their stacks, so every card stays accounted for.
    """
    state = started(players)
    transport, equipment = transport or {}, equipment or {}
    transport_pile = list(state.transport.pile) + [
        c for a in state.agents.values() for c in a.transport.cards
    ]
    equipment_pile = list(state.equipment.pile) + [
        c for a in state.agents.values() for c in a.equipment.cards
    ]
    for seat in state.players:
        for card in transport.get(seat, ()):
            transport_pile.remove(card)
        for card in equipment.get(seat, ()):
            equipment_pile.remove(card)
        changes: dict[str, Any] = {
            "transport": Hand(cards=transport.get(seat, ())),
            "equipment": state.agent(seat).equipment.model_copy(update={"cards": equipment.get(seat, ())}),
        }
        if fields and seat in fields:
            changes["field"] = fields[seat]
        if chips and seat in chips:
            changes["chips"] = chips[seat]
        state = state.with_agent(seat, **changes)
    for seat, task in (tasks or {}).items():
        state = _give_task(state, seat, task)
    return state.model_copy(
        update={
            "current": current,
            "transport": state.transport.model_copy(update={"pile": tuple(transport_pile)}),
            "equipment": state.equipment.model_copy(update={"pile": tuple(equipment_pile)}),
        }
    )


def _give_task(state: IslandState, seat: str, task: str) -> IslandState:
    """`seat` holds `task`; whoever held it (an agent, or the cards out) gets `seat`'s card.

    A card the deal put aside first takes the place of a card of its code in play (the
    deal could have chosen it), so the codes in play stay the set-up table's.
    """
    in_play = [agent.task for agent in state.agents.values()] + list(state.tasks_out)
    if task not in in_play:
        code = load_content().task(task).code
        aside = next(t for t in in_play if load_content().task(t).code == code)
        holder = next((other for other, agent in state.agents.items() if agent.task == aside), None)
        if holder is None:
            out = tuple(task if t == aside else t for t in state.tasks_out)
            state = state.model_copy(update={"tasks_out": out})
        else:
            state = state.with_agent(holder, task=task)
    old = state.agent(seat).task
    if old == task:
        return state
    if task in state.tasks_out:
        out = tuple(old if t == task else t for t in state.tasks_out)
        return state.with_agent(seat, task=task).model_copy(update={"tasks_out": out})
    holder = next(other for other, agent in state.agents.items() if agent.task == task)
    return state.with_agent(holder, task=old).with_agent(seat, task=task)


def next_roll(state: IslandState, value: int) -> IslandState:
    """The state with its generator set so that the next die shows `value`."""
    for seed in range(1000):
        if Dice(seed_state(seed)).randint(1, 6) == value:
            return state.model_copy(update={"rng": seed_state(seed)})
    raise AssertionError("no seed rolls that")


def act(state: IslandState, action: Action | dict[str, Any]) -> tuple[IslandState, list[Event]]:
    return TITLE.apply(state, action)


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def random_match(players: int, seed: int, most: int = 100_000) -> Match:
    """A race played by random bots from `seed` for at most `most` actions (to the end by default)."""
    match = Match(TITLE, TITLE.make_options(None, choices={"players": players}), seed)
    bot = TITLE.make_bot("random", "red")
    dice = Dice(seed_state(seed))
    while match.to_act() is not None and len(match.actions) < most:
        match.act(TITLE.bot_action(bot, cast(IslandState, match.state), dice))
    return match
