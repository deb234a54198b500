"""What a title's table is handed: what one seat may see, never the game itself (issue 33, point 4).

A title's screen (`game.ui.title_screen.TitleScreen`) draws a `SeatView`: the seat's view
(the rules' `Title.view`, secrets of the other seats removed), the actions the rules
offer that seat now, the public view (what everyone at the screen may see: a window the
settings skip must not depend on a secret), who plays and whose turn it is, how the game
ended, and the kind of the decision at hand (the help names it).  The full state, the
dice, the action list and the other seats' views stay with the play scene, which makes a
`SeatView` after every change (`SeatView.of`) and hands it to the table; what happened
before the last hand-over reaches the table as that seat's view of it (`TitleScreen.recap`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from rules.core import Outcome, Seat

if TYPE_CHECKING:
    from rules.core import Match


@dataclass(frozen=True)
class Cast:
    """Who plays a game, as its names are shown: the title, its seats, the names typed."""

    title_id: str
    catalog_parents: tuple[str, ...]
    """The titles whose catalogs name this one's values too (`Title.catalog_parents`)."""
    seat_order: tuple[Seat, ...]
    typed: tuple[tuple[Seat, str | None], ...]
    """Each seat and the name a person typed for it (None: the table names the seat)."""

    @classmethod
    def of(cls, match: Match) -> Cast:
        seats = tuple(match.seats())
        return cls(
            match.title.id,
            tuple(match.title.catalog_parents),
            seats,
            tuple((seat, match.typed_name(seat)) for seat in seats),
        )

    def seats(self) -> tuple[Seat, ...]:
        return self.seat_order

    def typed_name(self, seat: Seat) -> str | None:
        """The name a person typed for `seat`, or None."""
        return dict(self.typed).get(seat)


@dataclass(frozen=True, eq=False)
class SeatView:
    """What the table of one seat (None: a spectator, everyone at the screen) may show now."""

    cast: Cast
    scenario: str | None
    seat: Seat | None
    """The seat whose eyes the table shows."""
    view: BaseModel
    """The seat's view (`Title.view`; a replay may show every seat's secrets once the game is over)."""
    legal: tuple[Any, ...]
    """The actions the rules offer the seat now (none unless it is to act)."""
    public: BaseModel
    """What every seat may see (`Title.view` for no seat)."""
    to_act: Seat | None
    outcome: Outcome | None
    decision_kind: str | None
    """The kind of the decision at hand as the title's rulebook names it (F1's help)."""
    moment: tuple[int, int]
    """Which state of the game this is (actions and log lines so far): a new one after every
    change, the same when only the seat changed."""
    revealed: bool = False
    """`view` shows every seat's secrets (a replay of a finished game, `Title.revealed`)."""

    @property
    def title_id(self) -> str:
        return self.cast.title_id

    @classmethod
    def of(cls, match: Match, seat: Seat | None) -> SeatView:
        """What `match` lets `seat` see now (the play scene's, the replay's, game over's)."""
        title, state = match.title, match.state
        view = match.view_for(seat)
        decision = title.decision(state)
        kind = None
        if decision is not None and title.rulebook is not None:
            kind = title.rulebook.rule(decision).kind
        revealed = bool(getattr(match, "revealed", False))  # a replay showing every secret
        return cls(
            cast=Cast.of(match),
            scenario=match.options.scenario,
            seat=seat,
            view=view,
            legal=tuple(match.legal_for(seat)),
            public=view if seat is None and not revealed else title.view(state, None),
            to_act=match.to_act(),
            outcome=match.outcome(),
            decision_kind=kind,
            moment=moment_of(match),
            revealed=revealed,
        )

    def shows(self, match: Match, seat: Seat | None) -> bool:
        """Whether this is still what `match` lets `seat` see (neither changed since)."""
        revealed = bool(getattr(match, "revealed", False))
        return self.seat == seat and self.moment == moment_of(match) and self.revealed == revealed


def moment_of(match: Match) -> tuple[int, int]:
    """Which state of `match` this is (`SeatView.moment`): every action adds one, an undo
    takes one back and its log lines with it; the play scene hands its table a new
    `SeatView` after each, so two states never share a moment at the table."""
    return len(match.actions), len(match.log)


def names_of(who: Match | Cast | SeatView) -> Cast:
    """The cast of a game, of a seat's view of it, or the cast itself."""
    if isinstance(who, Cast):
        return who
    if isinstance(who, SeatView):
        return who.cast
    return Cast.of(who)
