"""The move: the roll, walking field by field, and the transport fields ("Transport Cards", "1").

The mover walks one field at a time.  On every field he reaches he first meets the
agents standing there (`rules.island.encounters`), then the field offers its transport:
while steps remain, a ride for a matching card (`Passing`); when the last step ends
on a transport field, the landing's choices (`Landing`).  A ride's destination is
reached for its meetings but offers no transport ("From there he can continue his turn
using the remaining movement.  If a further Transport Field is crossed the process may
be repeated once more"); the fields a ride passes over are not reached at all (the
agent travels in the car, the helicopter, the boat).  `advance` runs all of this until
a decision is needed or the movement is over.
"""

from __future__ import annotations

from rules.core import Dice, Event, IllegalAction, Seat
from rules.island.actions import Exchange, GoOn, Jump, Ride, Roll, Stay, TakeTransport
from rules.island.board import ahead, field_family, jump_targets, ride_targets
from rules.island.content import ISLAND, load_content
from rules.island.state import IslandState, Journey, Landing, Passing, RollTurn


def journey(state: IslandState) -> Journey:
    assert state.journey is not None, "no move is under way"
    return state.journey


def mover(state: IslandState) -> Seat:
    assert state.current is not None, "nobody's turn"
    return state.current


def with_journey(state: IslandState, **changes: object) -> IslandState:
    return state.model_copy(update={"journey": journey(state).model_copy(update=changes)})


def position(state: IslandState) -> int:
    field = state.agent(mover(state)).field
    assert field is not None, "the mover is not on the board"
    return field


# -- the roll ---------------------------------------------------------------------------


def legal_roll(state: IslandState, decision: RollTurn) -> list[Roll]:
    return [Roll()]


def roll(state: IslandState, decision: RollTurn, action: Roll, dice: Dice) -> tuple[IslandState, list[Event]]:
    """ "Each player, on their turn, rolls the die and moves his agent forward"."""
    value = dice.randint(1, load_content().movement.die)
    event = Event(kind="roll", key="island.roll", params={"seat": decision.seat, "value": value})
    return state.model_copy(update={"journey": Journey(roll=value, steps_left=value)}), [event]


# -- reaching a field -------------------------------------------------------------------


def arrive(state: IslandState, field: int, offer: bool = True) -> IslandState:
    """The mover reaches `field`: the agents there are to be met, in clockwise order from
    him ("If an Agent lands or passes a Field where stands an opposing Agent an encounter
    takes place"), and the field may offer its transport."""
    seat = mover(state)
    order = state.players[state.players.index(seat) + 1 :] + state.players[: state.players.index(seat)]
    meet = tuple(other for other in order if state.agent(other).field == field and not state.agent(other).out)
    state = state.with_agent(seat, field=field)
    return with_journey(state, meet=meet, offer=offer)


def playable(state: IslandState) -> list[Ride]:
    """Rides the mover may take from his field now: a matching card, fewer than two played
    this turn ("No player may play more than 2 Transport cards in a round": our reading,
    in his turn; only the mover plays transport cards, and each has one turn a round)."""
    data = load_content()
    if journey(state).played >= data.movement.transport_cards_per_turn:
        return []
    field = position(state)
    rides: list[Ride] = []
    for card in sorted(set(state.agent(mover(state)).transport.cards)):
        rides += [
            Ride(card=card, to=to)
            for to in ride_targets(data.board, field, card, data.movement.helicopter_choices)
        ]
    return rides


def transport_offer(state: IslandState) -> Passing | Landing | None:
    """What the field just reached offers the mover, if anything."""
    seat = mover(state)
    if field_family(load_content().board, position(state)) is None:
        return None
    if journey(state).steps_left > 0:
        return Passing(seat=seat) if playable(state) else None
    return Landing(seat=seat) if len(legal_landing(state, Landing(seat=seat))) > 1 else None


def legal_passing(state: IslandState, decision: Passing) -> list[Ride | GoOn]:
    return [*playable(state), GoOn()]


def legal_landing(
    state: IslandState, decision: Landing
) -> list[TakeTransport | Jump | Exchange | Ride | Stay]:
    """ "He can take and keep a Transport Card from the stack ... He can immediately travel
    to the next Transport Field of equal kind without requiring or taking a Transport
    card"; "If a player already owns one or more Transport Cards he can exchange them";
    he may play a card here too, or use none of it."""
    hand = state.agent(mover(state)).transport
    options: list[TakeTransport | Jump | Exchange | Ride | Stay] = []
    if state.transport.pile:
        options.append(TakeTransport())
    options += [Jump(to=to) for to in jump_targets(load_content().board, position(state))]
    if len(hand):
        options.append(Exchange())
    options += playable(state)
    options.append(Stay())
    return options


# -- the transport choices --------------------------------------------------------------


def go_on(state: IslandState, decision: Passing, action: GoOn, dice: Dice) -> tuple[IslandState, list[Event]]:
    """ "If a player does not want to use the Transport Field ... he simply moves over it."""
    return state.model_copy(update={"pending": state.pending[:-1]}), []


def ride(
    state: IslandState, decision: Passing | Landing, action: Ride, dice: Dice
) -> tuple[IslandState, list[Event]]:
    """Play a transport card: travel to its destination, then "continue his turn using the
    remaining movement".  The card goes to the bottom of the stack (ours: the rulebook
    does not say where played transport cards go; equipment goes to the bottom).

    The agents at the destination are met, but the destination offers no ride, landing
    or jump of its own: "If a further Transport Field is crossed the process may be
    repeated once more" - a further field, crossed in the remaining movement, not the
    one the ride ends on (in the rulebook's example Blue, flown to an airport with three
    steps left, walks on and "reaches a gasoline station").  A ride that ends the
    movement ends it there, as taking a card or the free jump does."""
    from rules.island.race import reach_island

    seat = decision.seat
    agent = state.agent(seat)
    if action not in playable(state):
        if action.card not in agent.transport:
            raise IllegalAction("You hold no such transport card.", "island.refusal.no_card")
        if journey(state).played >= load_content().movement.transport_cards_per_turn:
            raise IllegalAction("No more than two transport cards in a turn.", "island.refusal.two_cards")
        raise IllegalAction("That card cannot take you there from this field.", "island.refusal.not_there")
    state = state.with_agent(seat, transport=agent.transport.removing(action.card)).model_copy(
        update={"pending": state.pending[:-1], "transport": state.transport.to_bottom(action.card)}
    )
    state = with_journey(state, played=journey(state).played + 1)
    event = Event(
        kind="ride",
        key="island.ride.island" if action.to == ISLAND else f"island.ride.{action.card}",
        params={"seat": seat, "card": action.card, "to": action.to},
    )
    if action.to == ISLAND:
        return reach_island(state, seat, [event])
    return arrive(state, action.to, offer=False), [event]


def take_transport(
    state: IslandState, decision: Landing, action: TakeTransport, dice: Dice
) -> tuple[IslandState, list[Event]]:
    """ "He can take and keep a Transport Card from the stack. With this his movement ends."""
    if not state.transport.pile:
        raise IllegalAction("The transport stack is empty.", "island.refusal.stack_empty")
    card, deck = state.transport.draw()
    seat = decision.seat
    state = state.with_agent(seat, transport=state.agent(seat).transport.adding(card))
    event = Event(kind="take_transport", key="island.take_transport", params={"seat": seat, "card": card})
    return state.model_copy(update={"transport": deck, "pending": state.pending[:-1]}), [event]


def jump(state: IslandState, decision: Landing, action: Jump, dice: Dice) -> tuple[IslandState, list[Event]]:
    """ "Move directly to the next Transport Field of equal kind ... his turn then ends":
    the movement ends there; agents standing there are met (our reading: "the turn ends"
    ends the movement; meetings and the equipment step still follow)."""
    if action.to not in jump_targets(load_content().board, position(state)):
        raise IllegalAction(
            "Without a card you can only go on to the next field of this kind.", "island.refusal.no_jump"
        )
    state = state.model_copy(update={"pending": state.pending[:-1]})
    event = Event(kind="jump", key="island.jump", params={"seat": decision.seat, "to": action.to})
    return arrive(state, action.to, offer=False), [event]


def exchange(
    state: IslandState, decision: Landing, action: Exchange, dice: Dice
) -> tuple[IslandState, list[Event]]:
    """ "He can exchange them - placing them from his hand to the bottom of the stack and
    drawing an equal number from the top of the stack" (all of them: our reading of
    "exchange them"); the movement ends."""
    seat = decision.seat
    old = state.agent(seat).transport
    if not len(old):
        raise IllegalAction("You have no transport cards to exchange.", "island.refusal.nothing_to_exchange")
    drawn, deck = state.transport.to_bottom(*old.cards).draw_many(len(old))
    state = state.with_agent(seat, transport=old.model_copy(update={"cards": drawn}))
    event = Event(kind="exchange", key="island.exchange", params={"seat": seat, "count": len(drawn)})
    return state.model_copy(update={"transport": deck, "pending": state.pending[:-1]}), [event]


def stay(state: IslandState, decision: Landing, action: Stay, dice: Dice) -> tuple[IslandState, list[Event]]:
    return state.model_copy(update={"pending": state.pending[:-1]}), []


# -- walking ----------------------------------------------------------------------------


def flush_path(state: IslandState, events: list[Event]) -> IslandState:
    """Say where the mover walked since his last stop, in one log line."""
    path = journey(state).path
    if not path:
        return state
    events.append(
        Event(
            kind="move",
            key="island.move",
            params={"seat": mover(state), "steps": len(path), "to": path[-1]},
            data={"path": list(path)},
        )
    )
    return with_journey(state, path=())


def advance(state: IslandState, events: list[Event], dice: Dice) -> IslandState:
    """Run the move until someone must decide or the movement is over (then the turn ends)."""
    from rules.island.encounters import begin_encounter
    from rules.island.race import end_turn

    board = load_content().board
    while not state.pending and not state.over and state.journey is not None:
        step = state.journey
        if step.meet:
            state = flush_path(with_journey(state, meet=step.meet[1:]), events)
            state = begin_encounter(state, mover(state), step.meet[0], events)
        elif step.offer:
            state = with_journey(state, offer=False)
            offer = transport_offer(state)
            if offer is not None:
                state = flush_path(state, events).model_copy(update={"pending": (offer,)})
        elif step.steps_left > 0:
            field = ahead(board, position(state), 1)
            state = with_journey(state, steps_left=step.steps_left - 1, path=(*step.path, field))
            state = arrive(state, field)
        else:
            state = end_turn(flush_path(state, events), events)
    return state
