"""Every kind of Queen of Spies event and what it carries (`rules.core.title.EventSchema`).

Events are made by `rules.queen_of_spies.table.Table.log`: ``data`` holds the ids the
table animates (operatives, locations, items, token kinds), ``params`` the same for the
log's message (``queen-of-spies.<kind>``, or ``.<kind>.<token|reason>``), except that a
list of drawn tokens is in ``data`` only and counted in ``params`` (``hits`` with a
Progress icon, ``misses`` without).  The conformance suite validates every event
against these models, so the table and tests may rely on their fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import Field

from rules.core import EventSchema, Frozen
from rules.queen_of_spies.content import Band, Token
from rules.queen_of_spies.state import LossReason


class Nothing(Frozen):
    """No payload."""


class Who(Frozen):
    who: str
    """An operative or a POW, by id."""


class Where(Frozen):
    location: str


class Which(Frozen):
    item: str


class ChapterStart(Frozen):
    chapter: int = Field(ge=1, le=3)
    story: str


class ChapterEnd(Frozen):
    chapter: int = Field(ge=1, le=3)


class Lost(Frozen):
    reason: LossReason
    """The "How to Lose" condition (``queen-of-spies.lost.<reason>``)."""


class TokensMoved(Frozen):
    """Alert or Troop tokens added to the bag from the supply, or taken out."""

    token: Token
    amount: int = Field(ge=1)


class ItemAttached(Frozen):
    item: str
    location: str


class PowsSent(Frozen):
    location: str
    count: int = Field(ge=0)


class CheckMade(Frozen):
    who: str
    location: str
    draws: int = Field(ge=0, le=3)


class TokenDrawn(Frozen):
    who: str
    token: Token


class TroopCancelled(Frozen):
    who: str
    item: str


class Arrest(Frozen):
    who: str
    location: str


class AlertCheck(Frozen):
    location: str
    alerts: int = Field(ge=0)
    stealth: int = Field(ge=0)


class Failure(Frozen):
    location: str
    item: str | None = None
    """The item card being learned or built, when the site is one."""
    reason: Literal["progress", "betrayal"]
    """Why: a task short of its Progress ("Success and failure"; each then says how far,
    `ShortOf`), or an operative's betrayal broke the assignment off."""


class ShortOf(Frozen):
    """A task of a failed assignment and how far its Progress came."""

    location: str
    skill: str
    have: int = Field(ge=0)
    need: int = Field(ge=1)


class Recruited(Frozen):
    who: str
    cell: str


class Despair(Frozen):
    who: str
    total: int = Field(ge=1, le=3)


class Betrayed(Frozen):
    who: str
    """The broken operative."""
    betrayed: str


class StoryEnd(Frozen):
    story: str
    score: int = Field(ge=0)
    band: Band


class Counted(Frozen):
    """Tokens drawn together, as the log counts them."""

    hits: int = Field(ge=0)
    misses: int = Field(ge=0)


class WhoCounted(Counted):
    who: str


class Drawn(Frozen):
    """Tokens drawn together, for the table to show one by one."""

    tokens: list[Token]


class WhoDrew(Drawn):
    who: str


def _same(model: type[Frozen]) -> EventSchema:
    """An event whose ``params`` and ``data`` both hold exactly `model`'s fields."""
    return EventSchema(params=model, data=model)


EVENT_SCHEMAS: Mapping[str, EventSchema] = {
    "chapter_start": _same(ChapterStart),
    "chapter_end": _same(ChapterEnd),
    "out_of_time": _same(Nothing),
    "lost": _same(Lost),
    "story_end": _same(StoryEnd),
    "score_draw": EventSchema(params=Counted, data=Drawn),
    "add_token": _same(TokensMoved),
    "remove_token": _same(TokensMoved),
    "operatives_meet": _same(Where),
    "unused": _same(Who),
    "use_item": _same(Which),
    "attach_item": _same(ItemAttached),
    "send_pows": _same(PowsSent),
    "check": _same(CheckMade),
    "draw": _same(TokenDrawn),
    "troop_cancelled": _same(TroopCancelled),
    "escape_plan": _same(Who),
    "arrest": _same(Arrest),
    "alert_check": _same(AlertCheck),
    "success": _same(Where),
    "failure": _same(Failure),
    "short_of": _same(ShortOf),
    "learned": _same(Which),
    "built": _same(Which),
    "trained": _same(Who),
    "reveal": _same(Where),
    "pigeon_sent": _same(Where),
    "recruit": _same(Recruited),
    "release": _same(Who),
    "interrogation": EventSchema(params=WhoCounted, data=WhoDrew),
    "despair": _same(Despair),
    "death": _same(Who),
    "broken": _same(Who),
    "no_betrayal": _same(Who),
    "betrayal": _same(Betrayed),
}
"""Event kind -> the models of its ``params`` and ``data``."""
