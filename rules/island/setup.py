"""The set-up (rulebook, "1)" to "7)"): tasks, chips, the roll for the start, start spaces, equipment."""

from __future__ import annotations

from collections import Counter

from rules.core import Dice, Event, IllegalAction, Seat, seed_state
from rules.core.components import Deck, Hand
from rules.island.actions import Place, RollOff
from rules.island.board import start_fields
from rules.island.content import load_content
from rules.island.options import IslandOptions, seats_for
from rules.island.state import Agent, IslandState, PlaceAgent, RollTurn, StartRoll


def codes_in_play(players: int) -> Counter[int]:
    """How many task cards of each code a race of `players` agents has in play (the
    set-up table, "1)"): nine in all."""
    return Counter(load_content().setup.tasks[players])


def deal_tasks(players: int, dice: Dice) -> list[str]:
    """The nine task cards in play, shuffled (set-up "1)" and "2)").

    "The 21 Task/Mission cards are separated according to their Code number": each
    code's cards are shuffled and the set-up table's number of them taken from the top
    ("The remaining Task cards are put aside ... Do not look at these"); then "The 9
    selected Task cards are shuffled face down (unseen)", and each agent takes one.
    Which cards of a code are in play is as secret as the cards themselves.
    """
    data = load_content()
    chosen: list[str] = []
    for code, count in sorted(codes_in_play(players).items()):
        pile = dice.shuffled([task.id for task in data.tasks if task.code == code])
        chosen += pile[:count]
    return dice.shuffled(chosen)


def new_race(options: IslandOptions, seed: int) -> IslandState:
    """Set-up 1-5: the nine task cards dealt (`deal_tasks`), one each in secret, the rest out unseen;
    two encounter cards each (always one of each kind, so not stored: the rulebook's "The
    Encounter Cards are also shuffled but not separated" is undone by "Each player receives
    2 Encounter cards - one of each", our reading); ten chips each in
    the seat's colour, two of each colour on the board; the stacks shuffled."""
    data = load_content()
    dice = Dice(seed_state(seed))
    players = seats_for(options.players)
    tasks = deal_tasks(options.players, dice)
    chips = data.setup.chips_per_agent
    agents = {
        seat: Agent(
            task=tasks[index], chips={seat: chips}, equipment=Hand(limit=data.equipment_taking.hand_limit)
        )
        for index, seat in enumerate(players)
    }
    return IslandState(
        seed=seed,
        rng=dice.state,
        pending=(StartRoll(seat=players[0]),),
        players=players,
        agents=agents,
        reserve=dict.fromkeys(players, data.setup.reserve_per_colour),
        transport=Deck.shuffled(data.transport_deck(), dice),
        equipment=Deck.shuffled(data.equipment_deck(), dice),
        tasks_out=tuple(tasks[len(players) :]),
    )


def clockwise_from(state: IslandState, first: Seat) -> tuple[Seat, ...]:
    """The seats in the race in clockwise order, beginning with `first`."""
    seats = state.in_race()
    index = seats.index(first)
    return seats[index:] + seats[:index]


def roll_off(
    state: IslandState, decision: StartRoll, action: RollOff, dice: Dice
) -> tuple[IslandState, list[Event]]:
    """ "Everyone rolls the dice, the player rolling highest begins the game" (set-up, 6):
    the highest rollers roll again until one is highest."""
    rolling = state.players
    events: list[Event] = []
    while len(rolling) > 1:
        rolls = [dice.randint(1, load_content().movement.die) for _ in rolling]
        events.append(
            Event(kind="start_roll", key="island.start_roll", params={"seats": list(rolling), "rolls": rolls})
        )
        best = max(rolls)
        rolling = tuple(seat for seat, roll in zip(rolling, rolls, strict=True) if roll == best)
    starter = rolling[0]
    events.append(Event(kind="starter", key="island.starter", params={"seat": starter}))
    order = clockwise_from(state, starter)
    # The starter places first, then the others clockwise: the stack's top decides first.
    pending = tuple(PlaceAgent(seat=seat) for seat in reversed(order))
    return state.model_copy(update={"starter": starter, "pending": pending}), events


def free_starts(state: IslandState) -> tuple[int, ...]:
    taken = {agent.field for agent in state.agents.values()}
    return tuple(field for field in start_fields(load_content().board) if field not in taken)


def legal_places(state: IslandState, decision: PlaceAgent) -> list[Place]:
    return [Place(field=field) for field in free_starts(state)]


def place(
    state: IslandState, decision: PlaceAgent, action: Place, dice: Dice
) -> tuple[IslandState, list[Event]]:
    """ "The starting player puts his game figure on any start space - one with an "S" -
    then the other players place their pieces (clockwise rotation)" (set-up, 6)."""
    if action.field not in free_starts(state):
        raise IllegalAction("Choose a free start space (marked S).", "island.refusal.start_taken")
    state = state.with_agent(decision.seat, field=action.field).model_copy(
        update={"pending": state.pending[:-1]}
    )
    events = [Event(kind="place", key="island.place", params={"seat": decision.seat, "field": action.field})]
    if not state.pending:
        state = deal_equipment(state, events)
    return state, events


def deal_equipment(state: IslandState, events: list[Event]) -> IslandState:
    """ "Each player takes, in turn, two cards from the stack" (set-up, 7); then the
    starter's first turn."""
    assert state.starter is not None
    for _ in range(load_content().setup.equipment_at_start):
        for seat in clockwise_from(state, state.starter):
            state = draw_equipment(state, seat, events)
    events.append(Event(kind="turn", key="island.turn", params={"seat": state.starter}))
    return state.model_copy(update={"current": state.starter, "turns": 1})


def draw_equipment(state: IslandState, seat: Seat, events: list[Event]) -> IslandState:
    """`seat` takes the top equipment card, if the stack has one and his hand has room."""
    hand = state.agent(seat).equipment
    if not state.equipment.pile or (hand.limit is not None and len(hand) >= hand.limit):
        events.append(Event(kind="no_equipment", key="island.no_equipment", params={"seat": seat}))
        return state
    card, deck = state.equipment.draw()
    events.append(Event(kind="equipment", key="island.equipment", params={"seat": seat}))
    events.append(
        Event(
            kind="equipment_card",
            key="island.equipment_card",
            params={"seat": seat, "card": card},
            visible_to=(seat,),
        )
    )
    return state.with_agent(seat, equipment=hand.adding(card)).model_copy(update={"equipment": deck})


def turn_decision(state: IslandState) -> RollTurn | None:
    """The decision when nothing is pending: the current agent rolls (the turn, 1)."""
    if state.over or state.current is None or state.journey is not None:
        return None
    return RollTurn(seat=state.current)
