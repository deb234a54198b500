"""The base of a film scenario's special rule (`rules.stawka.film_hooks`): each hook does what
plain Stawka does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from rules.core import Dice, Event, IllegalAction, Seat
from rules.core.decisions import Handler
from rules.stawka.actions import StawkaAction
from rules.stawka.state import AgentState, StawkaState, Turn

Won = tuple[Seat | None, str]
"""A decided game: the winner (None for a draw) and the key that says why."""


class SpecialRule:
    """One special rule of a film scenario; each hook does what plain Stawka does."""

    id: ClassVar[str]
    handlers: ClassVar[Mapping[type, Handler]] = {}
    """The action types this rule adds to an activation -> what carries each out."""

    def setup(self, state: StawkaState, dice: Dice) -> StawkaState:
        """The new game, with this rule's figures and tokens laid out before the first stage."""
        return state

    def actions(self, state: StawkaState, turn: Turn) -> Sequence[StawkaAction]:
        """Actions this rule adds to what the seat whose turn it is may do now."""
        return ()

    def may_act(self, state: StawkaState, seat: Seat) -> bool:
        """Whether `seat` may still activate a figure of this rule this stage."""
        return False

    def checked_spaces(self, state: StawkaState, agent: AgentState) -> Mapping[str, int]:
        """Spaces where `agent` must stop for a standing document check -> its difficulty."""
        return {}

    def mission_done(self, state: StawkaState, agent: AgentState, level: str) -> StawkaState:
        """`agent` completed his mission at `level` ("basic" or "special")."""
        return state

    def discard_bonus(self, state: StawkaState, agent: AgentState) -> int:
        """What this rule adds to `agent`'s alertness roll to discard a threat token."""
        return 0

    def secret_spends_evidence(self, state: StawkaState, seat: Seat) -> bool:
        """Whether a secret `seat` learns spends its evidence against the target (Stawka: yes)."""
        return True

    def after_secret(self, state: StawkaState, seat: Seat, dice: Dice) -> tuple[StawkaState, list[Event]]:
        """What follows `seat` learning a secret in a conversation."""
        return state, []

    def after_step(self, state: StawkaState, dice: Dice) -> tuple[StawkaState, list[Event]]:
        """What follows from the state after a handled decision."""
        return state, []

    def one_ap_action(self, state: StawkaState, agent: AgentState) -> bool:
        """Whether `agent` could spend a last AP on an action of this rule where he stands: no."""
        return False

    def assassin_without_mission(self, state: StawkaState, agent: AgentState, target: AgentState) -> bool:
        """Whether `agent` may assassinate `target` with no mission ordering it: no."""
        return False

    def arrest_anyone(self, state: StawkaState, agent: AgentState, target: AgentState) -> bool:
        """Whether `agent` may arrest `target` whatever the evidence against him, Kloss too: no."""
        return False

    def scramble(self, state: StawkaState, observer: Seat, dice: Dice) -> StawkaState:
        """This rule's figures `observer` cannot see, dealt anew: none."""
        return state

    def at_stage_end(self, state: StawkaState, dice: Dice) -> tuple[StawkaState, list[Event]]:
        """What happens at the end of a stage, before steps G-H."""
        return state, []

    def top_secret_discarded(
        self, state: StawkaState, seat: Seat, agent: str, dice: Dice
    ) -> tuple[StawkaState, list[Event]]:
        """What follows `seat`'s agent `agent` discarding a Top Secret card: nothing more."""
        return state, []

    def search_refusal(self, state: StawkaState, agent: AgentState) -> IllegalAction | None:
        """Why `agent` may not search where he stands, besides Search, 1-2: no reason."""
        return None

    def card_refusal(self, state: StawkaState, seat: Seat, card: str) -> IllegalAction | None:
        """Why `seat` may not use its location card `card` now, in any way: no reason."""
        return None

    def winner(self, state: StawkaState) -> Won | None:
        """A side that has won at once by this rule."""
        return None

    def at_time_out(self, state: StawkaState) -> Won | None:
        """Who wins by this rule when the last stage is over (None: the usual conditions)."""
        return None
