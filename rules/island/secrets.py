"""What each seat cannot see, re-dealt (`Title.scramble`), and what must always hold (invariants).

Hidden from an observer: the other agents' task cards still in the race and the task
cards out of the game, and which cards of each code are in play at all; the other
agents' equipment cards, those put face down for a fight included; the order of both
stacks; an encounter card chosen and not yet revealed.  The observer has seen the cards
played to the bottom of the stacks, but the view keeps no memory of them, so the re-deal
treats the whole stack as unseen.
"""

from __future__ import annotations

from collections import Counter

from rules.core import Dice, Seat
from rules.island.content import load_content
from rules.island.race import can_still_be_done
from rules.island.setup import codes_in_play
from rules.island.state import IslandState


def scramble(state: IslandState, observer: Seat, dice: Dice) -> IslandState:
    others = [seat for seat in state.players if seat != observer]
    hidden = [] if state.over else [s for s in others if not state.agent(s).out]
    state = _redeal_tasks(state, hidden, dice)
    state = _redeal_equipment(state, observer, others, dice)
    transport, _ = state.transport.redeal(observer, dice)
    state = state.model_copy(update={"transport": transport})
    meeting = state.encounter
    if meeting is not None and len(meeting.choices) < 2:
        choices = {
            seat: card if seat == observer else dice.choice(("friendship", "hostility"))
            for seat, card in meeting.choices.items()
        }
        state = state.model_copy(update={"encounter": meeting.model_copy(update={"choices": choices})})
    return state


REDEAL_TRIES = 100
"""Deals of the hidden tasks tried before the true one is kept (`_redeal_tasks`)."""


def _redeal_tasks(state: IslandState, hidden: list[Seat], dice: Dice) -> IslandState:
    """The hidden agents' tasks and the cards out, re-dealt as the observer could
    imagine them: the codes in play are public, but which card of a code each is, and
    which cards of a code were put aside at the set-up, he cannot tell (`deal_tasks`).
    He knows his own card and the cards shown at the island, and that every agent still
    in the race can still do his task (`race.withdraw_the_hopeless`): a deal that breaks
    this is dealt again; if none of `REDEAL_TRIES` holds, the true one is kept (it always
    holds, and so many failures mean few deals would).
    """
    data = load_content()
    unseen = [state.agent(seat).task for seat in hidden] + list(state.tasks_out)
    known = {agent.task for seat, agent in state.agents.items() if seat not in hidden}
    for _ in range(REDEAL_TRIES):
        codes = dice.shuffled(sorted(data.task(task).code for task in unseen))
        piles = {
            code: dice.shuffled([t.id for t in data.tasks if t.code == code and t.id not in known])
            for code in sorted(set(codes))
        }
        pool = [piles[code].pop() for code in codes]
        dealt = state
        for seat in hidden:
            dealt = dealt.with_agent(seat, task=pool.pop())
        if all(can_still_be_done(dealt, seat) for seat in hidden):
            return dealt.model_copy(update={"tasks_out": tuple(pool)})
    return state


def _redeal_equipment(state: IslandState, observer: Seat, others: list[Seat], dice: Dice) -> IslandState:
    meeting = state.encounter
    armed = {} if meeting is None else {s: cards for s, cards in meeting.armed.items() if s != observer}
    hidden = [card for seat in others for card in state.agent(seat).equipment.cards]
    hidden += [card for cards in armed.values() for card in cards]
    deck, pool = state.equipment.redeal(observer, dice, hidden)
    for seat in others:
        hand = state.agent(seat).equipment
        cards = tuple(pool.pop() for _ in hand.cards)
        state = state.with_agent(seat, equipment=hand.model_copy(update={"cards": cards}))
    state = state.model_copy(update={"equipment": deck})
    if meeting is not None and armed:
        dealt = {seat: tuple(pool.pop() for _ in cards) for seat, cards in armed.items()}
        state = state.model_copy(
            update={"encounter": meeting.model_copy(update={"armed": {**meeting.armed, **dealt}})}
        )
    return state


def invariants(state: IslandState) -> list[str]:
    data = load_content()
    problems: list[str] = []
    hands = [state.agent(seat) for seat in state.players]
    transport = Counter(state.transport.pile) + sum((Counter(a.transport.cards) for a in hands), Counter())
    if transport != Counter(data.transport_deck()) or state.transport.discard:
        problems.append("transport cards lost or doubled")
    armed = Counter(
        card for cards in (state.encounter.armed.values() if state.encounter else ()) for card in cards
    )
    equipment = (
        Counter(state.equipment.pile) + sum((Counter(a.equipment.cards) for a in hands), Counter()) + armed
    )
    if equipment != Counter(data.equipment_deck()) or state.equipment.discard:
        problems.append("equipment cards lost or doubled")
    tasks = sorted([a.task for a in hands] + list(state.tasks_out))
    codes = Counter(data.task(task).code for task in tasks)
    if len(set(tasks)) != len(tasks) or codes != codes_in_play(len(state.players)):
        problems.append(f"task cards lost or doubled: {tasks}")
    total = data.setup.chips_per_agent + data.setup.reserve_per_colour
    for colour in state.players:
        held = state.reserve.get(colour, 0) + sum(a.chips.get(colour, 0) for a in hands)
        if held != total:
            problems.append(f"{held} {colour} microfilms instead of {total}")
    for seat, agent in state.agents.items():
        if agent.out != (agent.field is None) and state.current is not None:
            problems.append(f"{seat} is {'out' if agent.out else 'in'} but stands on {agent.field}")
        if agent.equipment.over_limit:
            problems.append(f"{seat} holds more equipment than the hand limit")
        if any(count <= 0 for count in agent.chips.values()):
            problems.append(f"{seat} holds a colour with no chips")
    if not state.over:
        hopeless = [seat for seat in state.in_race() if not can_still_be_done(state, seat)]
        if hopeless:
            problems.append(f"{hopeless} cannot do their tasks but are still in the race")
    if state.journey is not None and state.journey.played > data.movement.transport_cards_per_turn:
        problems.append("more transport cards played than a turn allows")
    return problems
