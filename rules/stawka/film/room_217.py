""" "Hotel Excelsior": room 217 (rulebook, "Film Scenario: Hotel Excelsior", "Room 217" and
"Victory Conditions").

* Both location decks hold the hotel card last (`location_cards.new_deck`).
* "Until the moment a given Player gathers 15 VP, nobody may either search the hotel or
  play the hotel card": a side below the scenario's ``finale_vp`` may neither search the
  hotel nor use its hotel card in any way (special action, 2 AP or hideout).
* "If during the activation of his agent he manages to meet the conditions on the hotel
  location card, he automatically wins the game": the conditions are the card's, in the
  data (`data/location_cards.toml`, the hotel cards' ``needs``: the key to room 217 and a
  Top Secret card for the Polish side, the key and a valuable for the German).  Our
  reading: the activated agent, standing in the hotel, plays the hotel card (its 1 AP)
  while holding what it needs; the game is won at once.  Without them the card is a
  search of the hotel for 1 AP, as its text says.

The key to room 217 (ours: one tile, in the hotel's stack - "when the Players manage to find
the key to room 217 in the Hotel Excelsior", which only 15 VP let them search) never leaves
the game: should it go (with an arrested or liquidated holder, stolen, or discarded as
evidence), it goes back under the hotel's stack to be found again - without it nobody
could win.

The game runs "until victory": the scenario names no stage limit, so the rules give it
one no game should reach (`setup.OPEN_ENDED_STAGES`); should two players (or two bots)
get there, the side with more VP wins, equal VP draw (``draw_at_end = false``).
"""

from __future__ import annotations

from functools import cache

from rules.core import Dice, Event, IllegalAction, Seat
from rules.stawka.content import LocationCard, load_content
from rules.stawka.film_rule import SpecialRule, Won
from rules.stawka.items import item
from rules.stawka.state import AgentState, StawkaState

ROOM_217 = "room_217"
HOTEL = "hotel"
OPENED = "stawka.end.room_217"
TOP_SECRET = "top_secret"
"""What a hotel card may need besides item kinds: a Top Secret card."""


@cache
def keys() -> tuple[str, ...]:
    """The key tiles to room 217."""
    return tuple(i.id for i in load_content().items if i.effect.kind == "room_217_key")


def finale_vp(state: StawkaState) -> int:
    """The VP that open the hotel (15)."""
    return load_content().scenario(state.scenario).victory.finale_vp or 0


def unlocked(state: StawkaState, seat: Seat) -> bool:
    """Whether `seat` has the VP to search the hotel and play its hotel card."""
    return state.sides[seat].vp >= finale_vp(state)


def holds(agent: AgentState, need: str) -> bool:
    """Whether `agent` holds one thing a hotel card needs: a Top Secret card or an item kind."""
    if need == TOP_SECRET:
        return agent.top_secret > 0
    return any(item(i).effect.kind == need for i in agent.items)


def meets(state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None) -> bool:
    """The hotel card's conditions: room 217 in play, `seat` unlocked, and `agent` in the
    hotel holding everything the card needs."""
    return (
        agent is not None
        and ROOM_217 in load_content().scenario(state.scenario).special_rules
        and unlocked(state, seat)
        and agent.space == card.location
        and all(holds(agent, need) for need in card.effect.needs)
    )


class Room217(SpecialRule):
    id = ROOM_217

    def search_refusal(self, state: StawkaState, agent: AgentState) -> IllegalAction | None:
        if agent.space != HOTEL or unlocked(state, agent.side):
            return None
        return IllegalAction(
            f"Nobody searches the hotel before his side has {finale_vp(state)} VP.",
            "stawka.refusal.room_217_search",
            vp=finale_vp(state),
        )

    def card_refusal(self, state: StawkaState, seat: Seat, card: str) -> IllegalAction | None:
        if card != f"{seat}-{HOTEL}" or unlocked(state, seat):
            return None
        return IllegalAction(
            f"The hotel card may be played only with {finale_vp(state)} VP.",
            "stawka.refusal.room_217_card",
            vp=finale_vp(state),
        )

    def after_step(self, state: StawkaState, dice: Dice) -> tuple[StawkaState, list[Event]]:
        """A key that left the game goes back under its location's stack."""
        events: list[Event] = []
        for key in keys():
            sides = {seat: side.evidence_items for seat, side in state.sides.items()}
            if key not in state.removed_items and not any(key in items for items in sides.values()):
                continue
            location = item(key).location
            state = state.model_copy(
                update={
                    "removed_items": tuple(i for i in state.removed_items if i != key),
                    "removed_face_down": {i: s for i, s in state.removed_face_down.items() if i != key},
                    "stacks": {**state.stacks, location: (*state.stacks.get(location, ()), key)},
                    "sides": {
                        seat: side.model_copy(
                            update={"evidence_items": tuple(i for i in side.evidence_items if i != key)}
                        )
                        for seat, side in state.sides.items()
                    },
                }
            )
            events.append(
                Event(kind="room_217", key="stawka.room_217_key_back", params={"item": key}, reveals=True)
            )
        return state, events

    def winner(self, state: StawkaState) -> Won | None:
        return None if state.room_217 is None else (state.room_217, OPENED)
