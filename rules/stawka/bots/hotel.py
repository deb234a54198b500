"""How the heuristic bot plays "Hotel Excelsior" (`rules.stawka.film.room_217`), from its
own view only.

The goal is room 217: 15 VP open the hotel, then an agent in the hotel holding what the
side's hotel card needs (the key to room 217, with a Top Secret card or a valuable)
plays the card and wins.  So on top of the usual worth (VP from missions, secrets and
evidence) the bot values the key and what its card needs, keeps caskets, makes Top
Secret documents, spends its other location cards so the hotel card (the last of its
deck) comes up, walks the agent who holds everything to the hotel once it is open, and
never spends the hotel card on anything else (the planner: `bots.hotel_planner`).
"""

from __future__ import annotations

from rules.core import Seat
from rules.stawka.film.room_217 import HOTEL, TOP_SECRET
from rules.stawka.items import item
from rules.stawka.location_cards import location_card
from rules.stawka.view import AgentView, StawkaView

NEEDED = 5.0
"""Holding one thing the hotel card needs (a key, a valuable, a Top Secret card)."""
COMPLETING = 25.0
"""The last thing an agent lacks for the hotel card once his side has 15 VP: with it he
walks into the hotel and wins.  At `NEEDED` the agents holding one half (the key, a
valuable) went on gathering VP that no longer counted, and a third of the games between
heuristic bots never opened room 217."""


def needs(seat: Seat) -> tuple[str, ...]:
    """What `seat`'s hotel card needs its agent to hold."""
    return location_card(f"{seat}-{HOTEL}").effect.needs


def has(agent: AgentView, need: str) -> bool:
    if need == TOP_SECRET:
        return agent.top_secret > 0
    return any(item(i).effect.kind == need for i in agent.items)


def ready(agent: AgentView, seat: Seat) -> bool:
    """The agent holds everything `seat`'s hotel card needs."""
    return agent.side == seat and agent.status == "free" and all(has(agent, n) for n in needs(seat))


def item_worth(view: StawkaView, seat: Seat, agent: AgentView, item_id: str) -> float:
    """Keeping `item_id`: a thing the hotel card needs that the agent lacks (a casket is a
    Top Secret card; a stamp or a document half of one); the last thing he lacks, once his
    side has the VP that open the hotel, is the game."""
    lock = view.room_217
    if lock is None:
        return 0.0
    kind = item(item_id).effect.kind
    wanted = needs(seat)
    lacking = [need for need in wanted if not has(agent, need)]

    def gain(need: str) -> float:
        if need not in lacking:
            return 1.0
        return COMPLETING if lacking == [need] and lock.unlocked[seat] else NEEDED

    if kind == "casket" and TOP_SECRET in wanted:
        return gain(TOP_SECRET)
    if kind in ("stamp", "document") and TOP_SECRET in wanted:
        return gain(TOP_SECRET) / 2
    if kind in wanted:
        return gain(kind)
    return 0.0
