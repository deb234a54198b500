"""The payload of every event of a game of Godzina policyjna, by kind (`EventSchema`).

Stawka's rules report what they do with Stawka's events (`rules.stawka.events`); the
scenario adds its own kinds: the set-up choices, the German agents' steps (each naming
the rule, A-H or the card, that caused it), the German cards, the ties, the score.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import EventSchema, Frozen
from rules.stawka.events import EVENT_SCHEMAS as STAWKA_EVENTS
from rules.stawka.events import Agent, Path, either


class ColourAssigned(Frozen):
    """``colour_assigned``: the player gave the German `agent` his `colour`."""

    agent: str
    colour: str


class GermanAp(Frozen):
    """``german.activated_<rule>``, ``german.done``, ``german.no_target``: a German agent's
    activation begins with (or ends with) `ap` AP to spend; `rule` is why he is activated."""

    agent: str
    ap: int
    rule: str


class GermanAct(Frozen):
    """A German agent acts on the Polish `target` by `rule`: ``german.talks`` (B),
    ``german.arrest_street`` (C), ``german.arrest_location`` (D), ``german.secret_arrest``
    and ``exposed`` (E); ``german.interrogates`` (a prisoner at the stage's end, `rule`
    ``prisoners``)."""

    agent: str
    target: str
    rule: str


class GermanMoved(Frozen):
    """``german.moved``: `agent` walked `cost` AP towards `target`, to `to` (`where`)."""

    agent: str
    target: str
    to: str
    where: str
    cost: int
    rule: str


class Burnt(Frozen):
    """``german.burnt`` (F): `agent` burnt `location`: its `count` tiles left the game unseen."""

    agent: str
    location: str
    count: int
    rule: str


class SentBack(Frozen):
    """``sent_back`` (curfew A): a failed check would have left `agent` on a German's
    street: he is sent back along his walk to `to` (`where`)."""

    agent: str
    to: str
    where: str


class Successor(Frozen):
    """``successor``: the German `agent` replaces an eliminated one in `colour`, at `where`."""

    agent: str
    colour: str
    where: str


class Card(Frozen):
    """A German location card revealed (``card``), or finding nobody (``card_nothing``)."""

    card: str


class CardTarget(Frozen):
    """``card_target``: the scenario's interpretation of `card` picked `target`."""

    card: str
    target: str


class Tie(Frozen):
    """``tie.<purpose>``: the player broke a tie: `option` (for `german`, if one asked)."""

    option: str
    german: str
    purpose: str


class Scored(Frozen):
    """``scored``: the game's VP, less the `penalty` of the prisoners' evidence: `score`."""

    vp: int
    penalty: int
    score: int
    rating: str


EVENT_SCHEMAS: Mapping[str, EventSchema] = {
    **STAWKA_EVENTS,
    "colour": EventSchema(ColourAssigned),
    "german": EventSchema(either(GermanAp, GermanAct, Successor)),
    "german_move": EventSchema(GermanMoved, Path),
    "burnt": EventSchema(Burnt),
    "sent_back": EventSchema(SentBack),
    "card": EventSchema(either(Card, CardTarget)),
    "tie": EventSchema(Tie),
    "score": EventSchema(Scored),
    "kloss": EventSchema(Agent),
}
"""Event kind -> the models of its params and data."""
