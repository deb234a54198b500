"""Encounters ("Encounters", abridged rules 2 and 3): secret cards, the fight, microfilms changing hands.

The two agents choose their encounter cards in secret, one seat at a time (the mover
first, a fixed order that tells nobody anything), and both are revealed together;
Hostility against Hostility is a fight, where each puts up to two equipment cards face
down the same way.  What each pair of cards does is ours (the rulebook's table is
lost; see ``data/rules.toml``).
"""

from __future__ import annotations

from itertools import combinations

from rules.core import Dice, Event, IllegalAction, Seat
from rules.island.actions import Arm, ChooseEncounter, TakeChip
from rules.island.content import load_content
from rules.island.state import (
    Arming,
    ChoosingEncounter,
    Encounter,
    IslandState,
    Meeting,
    TakingChips,
)


def encounter(state: IslandState) -> Encounter:
    assert state.encounter is not None, "nobody is meeting"
    return state.encounter


def begin_encounter(state: IslandState, mover: Seat, other: Seat, events: list[Event]) -> IslandState:
    """ "The mover pauses, both choose Friendship or Hostility secretly and reveal together."""
    events.append(Event(kind="encounter", key="island.encounter", params={"seat": mover, "other": other}))
    pending = (*state.pending, ChoosingEncounter(seat=other), ChoosingEncounter(seat=mover))
    return state.model_copy(update={"encounter": Encounter(mover=mover, other=other), "pending": pending})


def legal_encounter_cards(state: IslandState, decision: ChoosingEncounter) -> list[ChooseEncounter]:
    """Each player always holds both encounter cards: they come back to the hand after use."""
    return [ChooseEncounter(card="friendship"), ChooseEncounter(card="hostility")]


def choose(
    state: IslandState, decision: ChoosingEncounter, action: ChooseEncounter, dice: Dice
) -> tuple[IslandState, list[Event]]:
    seat = decision.seat
    meeting = encounter(state)
    meeting = meeting.model_copy(update={"choices": {**meeting.choices, seat: action.card}})
    state = state.model_copy(update={"encounter": meeting, "pending": state.pending[:-1]})
    events = [
        Event(kind="chosen", key="island.chosen", params={"seat": seat}),
        Event(
            kind="chosen_own",
            key=f"island.chosen_own.{action.card}",
            params={"seat": seat},
            visible_to=(seat,),
        ),
    ]
    if len(meeting.choices) == 2:
        state = reveal(state, events)
    return state, events


def reveal(state: IslandState, events: list[Event]) -> IslandState:
    """Both cards face up: Friendship-Friendship trades, Friendship-Hostility is an ambush,
    Hostility-Hostility a fight (our outcomes, ``data/rules.toml`` [encounters])."""
    meeting = encounter(state)
    mover, other = meeting.mover, meeting.other
    cards = meeting.choices
    events.append(
        Event(
            kind="reveal",
            key=f"island.reveal.{cards[mover]}.{cards[other]}",
            params={"seat": mover, "other": other, "seat_card": cards[mover], "other_card": cards[other]},
            reveals=True,
        )
    )
    rules = load_content().encounters
    shown = Meeting(mover=mover, other=other, cards=dict(cards))
    if cards[mover] == cards[other] == "friendship":
        state = befriend(state, mover, other, events)
        shown = shown.model_copy(update={"chips": rules.friendship_chips})
        return state.model_copy(update={"encounter": None, "meeting": shown})
    if cards[mover] != cards[other]:
        hostile = mover if cards[mover] == "hostility" else other
        friendly = other if hostile == mover else mover
        shown = shown.model_copy(update={"winner": hostile, "chips": rules.ambush_chips})
        state = state.model_copy(update={"encounter": None, "meeting": shown})
        return rob(state, hostile, friendly, rules.ambush_chips)
    # The fight: whoever holds no equipment puts up nothing, without being asked.
    armed = {seat: () for seat in (mover, other) if not len(state.agent(seat).equipment)}
    meeting = meeting.model_copy(update={"armed": armed})
    asked = tuple(Arming(seat=seat) for seat in (other, mover) if seat not in armed)
    state = state.model_copy(
        update={"encounter": meeting, "pending": (*state.pending, *asked), "meeting": shown}
    )
    return fight(state, events) if not asked else state


def befriend(state: IslandState, mover: Seat, other: Seat, events: list[Event]) -> IslandState:
    """Friendship-Friendship: each hands the other microfilms of his own colour (from the
    board's chips of that colour when he has none left).

    No equipment changes hands: "A player can receive new Equipment cards, only on his
    turn and if it is his last action" (and only far enough from the others), so a
    meeting, which comes mid-move and is the other agent's too, gives none (issue 27).
    """
    rules = load_content().encounters
    for giver, taker in ((mover, other), (other, mover)):
        for _ in range(rules.friendship_chips):
            state = give_own_chip(state, giver, taker, events)
    return state


def give_own_chip(state: IslandState, giver: Seat, taker: Seat, events: list[Event]) -> IslandState:
    colour = giver
    if state.agent(giver).chips.get(colour, 0) > 0:
        state = move_chip(state, giver, taker, colour)
        events.append(
            Event(kind="gift", key="island.gift", params={"seat": giver, "other": taker, "colour": colour})
        )
    elif state.reserve.get(colour, 0) > 0:
        chips = state.agent(taker).chips
        state = state.with_agent(taker, chips={**chips, colour: chips.get(colour, 0) + 1}).model_copy(
            update={"reserve": {**state.reserve, colour: state.reserve[colour] - 1}}
        )
        events.append(
            Event(
                kind="gift",
                key="island.gift_reserve",
                params={"seat": giver, "other": taker, "colour": colour},
            )
        )
    return state


def move_chip(state: IslandState, source: Seat, target: Seat, colour: str) -> IslandState:
    lost = dict(state.agent(source).chips)
    lost[colour] -= 1
    if not lost[colour]:
        del lost[colour]
    state = state.with_agent(source, chips=lost)
    gained = state.agent(target).chips
    return state.with_agent(target, chips={**gained, colour: gained.get(colour, 0) + 1})


def rob(state: IslandState, taker: Seat, victim: Seat, count: int) -> IslandState:
    """`taker` is to take `count` microfilms of his choice from `victim` (as many as he has)."""
    if count <= 0 or not state.agent(victim).chips:
        return state
    return state.model_copy(
        update={"pending": (*state.pending, TakingChips(seat=taker, victim=victim, count=count))}
    )


def legal_arms(state: IslandState, decision: Arming) -> list[Arm]:
    """ "Each player can play a maximum of 2 Equipment cards that he selects and conceals"."""
    hand = sorted(state.agent(decision.seat).equipment.cards)
    picks = {(), *((card,) for card in hand), *combinations(hand, 2)}
    return [Arm(cards=pick) for pick in sorted(picks, key=lambda p: (len(p), p))]


def arm(state: IslandState, decision: Arming, action: Arm, dice: Dice) -> tuple[IslandState, list[Event]]:
    seat = decision.seat
    hand = state.agent(seat).equipment
    for card in action.cards:
        if card not in hand:
            raise IllegalAction(
                "You can fight only with equipment cards in your hand.", "island.refusal.not_held"
            )
        hand = hand.removing(card)
    meeting = encounter(state)
    meeting = meeting.model_copy(update={"armed": {**meeting.armed, seat: action.cards}})
    state = state.with_agent(seat, equipment=hand).model_copy(
        update={"encounter": meeting, "pending": state.pending[:-1]}
    )
    events = [
        Event(kind="armed", key="island.armed", params={"seat": seat}),
        Event(
            kind="armed_own",
            key="island.armed_own",
            params={"seat": seat, "count": len(action.cards)},
            visible_to=(seat,),
        ),
    ]
    if len(meeting.armed) == 2:
        state = fight(state, events)
    return state, events


def fight(state: IslandState, events: list[Event]) -> IslandState:
    """Both players' equipment face up: "The combat values are compared and the difference
    determines how the fight goes"; "All of the Equipment cards played are returned to
    the bottom of the stack"; the encounter cards go back to the hands."""
    data = load_content()
    meeting = encounter(state)
    mover, other = meeting.mover, meeting.other
    values = {seat: sum(data.value(card) for card in meeting.armed[seat]) for seat in (mover, other)}
    winner = None if values[mover] == values[other] else max((mover, other), key=values.__getitem__)
    chips = data.encounters.chips_for(abs(values[mover] - values[other]))
    events.append(
        Event(
            kind="fight",
            key="island.fight" if winner else "island.fight_drawn",
            params={
                "seat": mover,
                "other": other,
                "seat_value": values[mover],
                "other_value": values[other],
                "seat_cards": list(meeting.armed[mover]),
                "other_cards": list(meeting.armed[other]),
                "winner": winner or "",
                "chips": chips,
            },
            reveals=True,
        )
    )
    shown = Meeting(
        mover=mover,
        other=other,
        cards=dict(meeting.choices),
        armed=dict(meeting.armed),
        values=values,
        winner=winner,
        chips=chips,
    )
    played = (*meeting.armed[mover], *meeting.armed[other])
    state = state.model_copy(
        update={"equipment": state.equipment.to_bottom(*played), "encounter": None, "meeting": shown}
    )
    if winner is None:
        return state
    return rob(state, winner, other if winner == mover else mover, chips)


def legal_chips(state: IslandState, decision: TakingChips) -> list[TakeChip]:
    held = state.agent(decision.victim).chips
    return [TakeChip(colour=colour) for colour in state.players if held.get(colour, 0) > 0]


def take_chip(
    state: IslandState, decision: TakingChips, action: TakeChip, dice: Dice
) -> tuple[IslandState, list[Event]]:
    if state.agent(decision.victim).chips.get(action.colour, 0) <= 0:
        raise IllegalAction("Take a microfilm of a colour that agent holds.", "island.refusal.no_such_chip")
    state = move_chip(state, decision.victim, decision.seat, action.colour)
    event = Event(
        kind="take_chip",
        key="island.take_chip",
        params={"seat": decision.seat, "other": decision.victim, "colour": action.colour},
    )
    rest = state.pending[:-1]
    if decision.count > 1 and state.agent(decision.victim).chips:
        rest = (*rest, decision.model_copy(update={"count": decision.count - 1}))
    return state.model_copy(update={"pending": rest}), [event]
