"""Who sits at the play scene's screen, without pygame: the curtain, the moment before it
(the hand-over) and what the recap tells (issue 33, point 4).

In a game with secrets, people take turns at one screen, and nobody's view may stay up
while it is not their turn (ARCHITECTURE.md, "Hidden information at one screen").  After
every change the play scene asks `Seating.next` what comes next and carries it out:

* ``over``: no decision is left, the game-over scene follows;
* ``stay``: the view at the screen stays (a bot or nobody acts, or the person at it again);
* ``leave``: a person's turn ended and the computers play next: the table shows only what
  everyone may see until the next person's curtain (`leave`; issue 28, point 2);
* ``come_back``: the person who left the table to the computers acts again, nobody else
  having come between: their view, without a curtain (`come_back`);
* ``hold``: the one who just acted still sees what came of it (their roll, their figure
  walking) for `HANDOVER_SECONDS` or until their OK (`hold`; issue 11, point 4);
* ``curtain``: the curtain goes up for the next person (`curtain`), their view is shown
  only after their click (`reveal`);
* ``switch``: a game without secrets (or one person among bots) just shows the next
  person's view;
* ``wait``: a hand-over is already under way.

Whoever leaves the screen has seen everything so far (`looked`): the next time they look,
the recap tells the public events since (`since`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rules.core import Event, Match, Seat

Step = Literal["over", "stay", "leave", "come_back", "hold", "curtain", "switch", "wait"]

HANDOVER_SECONDS = 1.2
"""How long, at the normal speed, a person still sees what their action showed (their
roll) before the curtain, unless they press OK sooner (issue 11, point 4)."""


class Seating:
    """Whose eyes the table shows, who waits for the screen, and what each person saw."""

    def __init__(self, match: Match, humans: Sequence[Seat], viewer: Seat | None) -> None:
        self.match = match
        self.humans = tuple(humans)
        """The seats people take: neither a bot's nor played by the rules."""
        self.viewer: Seat | None = viewer if viewer is not None or len(self.humans) != 1 else self.humans[0]
        """The seat whose eyes the table shows; None while nobody has been shown a view.
        With one person at the screen it is always theirs, even while the bots move."""
        self.away: Seat | None = None
        """The person whose turn ended when the computers began to play (the table shows
        only public things meanwhile); None once another person came to the screen."""
        self.handing_to: Seat | None = None
        """The person the screen goes to once the one who just acted has seen what came of
        it (`HANDOVER_SECONDS`, or their OK); None when nobody waits."""
        self.handover_wait = 0.0
        """Seconds left of the hand-over's moment."""
        self.marks: dict[Seat, tuple[int, object]] = {}
        """Per person: how long the log was, and the state, when they last left the screen."""
        for seat in self.humans:
            self.looked(seat)

    # -- what comes next ------------------------------------------------------------------

    @property
    def shared(self) -> bool:
        """Whether people take turns at this screen in a game with secrets: nobody's view
        may stay up while it is not their turn."""
        return self.match.title.has_secrets and len(self.humans) > 1

    def next(self, showing: bool) -> Step:
        """What the screen does after a change (see the module's docstring); `showing`:
        whether the table still shows something moving (a roll, a figure walking).

        The game ends when no decision is left, not when it is decided: a winner's
        post-game choice (a trophy, a campaign's carry-over) is still made here."""
        match = self.match
        if match.title.is_over(match.state):
            return "over"
        seat = match.to_act()
        bot = seat is not None and match.is_bot(seat)
        if bot and self.viewer is not None and self.shared:
            return "leave"
        if seat is None or bot or seat == self.viewer:
            return "stay"
        if self.viewer is None and seat == self.away:
            return "come_back"
        if not (match.title.has_secrets and (self.viewer is not None or len(self.humans) > 1)):
            return "switch"
        if self.handing_to is not None:
            return "wait"
        return "hold" if self.viewer is not None and showing else "curtain"

    # -- the moves of the screen ------------------------------------------------------------

    def leave(self) -> None:
        """The person at the screen leaves it to the computers: what they saw is theirs,
        the recap starts from here."""
        assert self.viewer is not None
        self.looked(self.viewer)
        self.away, self.viewer = self.viewer, None

    def come_back(self, seat: Seat) -> None:
        """`seat`, who left the table to the computers, is at it again (they watched the
        computers' moves, which everyone may see)."""
        self.away, self.viewer = None, seat
        self.looked(seat)

    def switch(self, seat: Seat) -> None:
        """The table shows `seat`'s view at once (nothing there is secret from the others)."""
        self.viewer = seat

    def hold(self, seat: Seat, seconds: float) -> None:
        """The one who just acted sees what came of it for `seconds` (or until OK) before
        the curtain goes up for `seat`."""
        self.handing_to, self.handover_wait = seat, seconds

    def tick(self, dt: float, showing: bool) -> bool:
        """Time passes during the hand-over's moment; whether it is over (the time is up
        and nothing moves on the table any more)."""
        self.handover_wait -= dt
        return self.handover_wait <= 0 and not showing

    def end_hold(self) -> Seat | None:
        """The moment is over: the person to put the curtain up for, if it is still their
        turn (else None: what comes next is asked anew)."""
        seat, self.handing_to = self.handing_to, None
        return seat if seat is not None and seat == self.match.to_act() else None

    def curtain(self) -> None:
        """The curtain goes up: nobody's view is shown; whoever leaves the screen has seen
        everything so far."""
        if self.viewer is not None:
            self.looked(self.viewer)
        self.viewer, self.away = None, None

    def reveal(self, seat: Seat) -> tuple[list[Event], object] | None:
        """`seat` clicked behind the curtain: their view is shown; what the recap tells
        them (`since`)."""
        self.viewer = seat
        return self.since(seat)

    def missed(self, seat: Seat, count: int) -> None:
        """`seat` has now typed `count` wrong PINs in a row (kept with the game)."""
        self.match.pin_misses[seat] = count

    # -- the recap ------------------------------------------------------------------------

    def looked(self, seat: Seat) -> None:
        """`seat` leaves the screen having seen everything so far."""
        self.marks[seat] = (len(self.match.log), self.match.state)

    def since(self, seat: Seat) -> tuple[list[Event], object] | None:
        """The public events since `seat` last looked, and the state then; None before
        `seat` has ever left the screen, or when nothing public happened since.

        Only public events (`Event.visible_to` is None): the recap is read by the person
        whose view was just revealed, but it says nothing the rules keep from anyone."""
        mark = self.marks.get(seat)
        if mark is None:
            return None
        events = [event for event in self.match.log[mark[0] :] if event.visible_to is None]
        return (events, mark[1]) if events else None
