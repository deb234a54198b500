"""What the player sees: the open table and the figures the rules work out for it.

Queen of Spies hides nothing from its one player but the generator (which would foretell
the draws), so the view holds the whole `Board`; with it come what the table shows and
the rules decide: each site in the town with its tasks, its time and why it is closed
now, the supplies left, the decision at hand.  The table draws these and looks content
up by id only for names and pictures.
"""

from __future__ import annotations

from pydantic import Field

from rules.core import Decision, Frozen
from rules.queen_of_spies.content import Task, Token, load_content
from rules.queen_of_spies.sites import blocked, site_tasks, site_time, sites
from rules.queen_of_spies.state import Board, QueenDecision, QueenState, site_key


class SiteView(Frozen):
    """A site operatives can be assigned to: a location card, or an item card at a location."""

    key: str
    """Where its progress markers lie (`rules.queen_of_spies.state.site_key`)."""
    location: str
    item: str | None = None
    tasks: tuple[Task, ...]
    """Its tasks, in order (none at the Church Cellar and the Safe House: no checks there)."""
    time: int
    """The time markers it takes."""
    blocked: str | None = None
    """Why nobody may be sent there now (operatives still busy there), or None."""


class Supplies(Frozen):
    """Pieces left in the supply (the rest are in play)."""

    alert: int
    troop: int
    despair: int


class QueenView(Board):
    """The table as the player sees it."""

    chapters: int = Field(ge=1)
    """Chapters of the story."""
    decision: QueenDecision | None
    """What the player must decide now (None: the story is over)."""
    sites: tuple[SiteView, ...]
    """Every site in the town now, busy or not (the order the rules list them in)."""
    supplies: Supplies
    pows_lost: int = 0
    """POWs gone for good (Rescuing the Prisoners)."""

    def site(self, location: str, item: str | None) -> SiteView | None:
        key = site_key(location, item)
        return next((s for s in self.sites if s.key == key), None)


def view(state: QueenState, decision: Decision | None) -> QueenView:
    """The view of `state`, where `decision` (one of `QueenDecision`) is to be taken (`Title.decision`)."""
    c = load_content()
    board = {name: getattr(state, name) for name in Board.model_fields}
    return QueenView(
        **board,
        chapters=len(c.story(state.story).chapters),
        decision=decision,
        sites=tuple(
            SiteView(
                key=site_key(location, item),
                location=location,
                item=item,
                tasks=site_tasks(location, item),
                time=site_time(location, item),
                blocked=_why(state, location, item),
            )
            for location, item in sites(state)
        ),
        supplies=Supplies(
            alert=c.supply.alert - state.in_play(Token.ALERT),
            troop=c.supply.troop - state.in_play(Token.TROOP),
            despair=state.despair_supply,
        ),
        pows_lost=sum(1 for who in state.removed if not c.is_operative(who)),
    )


def _why(state: Board, location: str, item: str | None) -> str | None:
    reason = blocked(state, location, item)
    return None if reason is None else str(reason)
