"""How the heuristic Stawka bot weighs what it may do: one `Policy` of weights.

Normal plays `NORMAL` (the values the heuristic was built with); Hard plays
`hard_policy()`, weights found by play against Normal and kept as data
(``bots/data/hard_policy.toml``, whose header says how they were found and measured).
Every weight is in the heuristic's unit, a piece of evidence that matters (`worth`); a
scenario may set some weights otherwise (`Policy.scenarios`), and a seat in a scenario
some more (`Policy.seats`: the two sides play different games, a race for the same
secrets in training 1 but with other agents, documents and odds).
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, model_validator

from rules.core import Seat
from rules.core.content import data_dir, load_data
from rules.stawka.state import SEATS


class Policy(BaseModel):
    """The heuristic's weights; the defaults are Normal's."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    vp: float = 2.0
    """One victory point."""
    secret_first: float = 12.0
    """A secret that does not yet win a secrets scenario (training 1 needs two)."""
    off_board: float = 0.15
    """Evidence against a colour with no enemy agent in play: it only carries to the next game."""
    open_bonus: float = 1.0
    """Reaching 3 evidence on a track, from which a conversation may take a secret."""
    arrest_gain: float = 10.0
    """An enemy agent out of play (arrested, kidnapped or liquidated)."""
    cleared: float = 0.5
    """What a secret costs per piece of evidence it clears from the target's track."""
    chief_pressure: float = 0.4
    """Where losing the chief loses the game (training 2: his track at 10), each piece of
    evidence on the enemy chief's track is worth this more, times the track's fill."""
    decay: float = 0.85
    """A target's worth shrinks by this for every space still to walk."""
    ap_price: float = 0.1
    """What spending one AP costs: AP left at the stage's end are lost, so little."""
    token_risk: float = 0.3
    """What entering an enemy threat token's space may cost (it may go off; ending there,
    it also stops the agent)."""
    exposure: float = 0.35
    """How much of an enemy's expected gain from reaching our agent counts against a space."""
    second_target: float = 0.25
    """How much the second-best target seen from a space adds to its worth."""
    talked_again: float = 0.5
    """An enemy agent already talked to this stage, as a target: this share of his worth."""
    lead_ap: float = 0.0
    """The most AP a planning card may give up, against the side's richest card, to
    activate first in the stage (Planning Cards and Stages, step B; in AP, not evidence):
    0 takes the richest card whoever goes first."""
    cover: float = 0.0
    """A sector of the board with an agent of ours in it, while the enemy may still pass
    missions: a mission card passes only in a sector free of enemy agents (Mission Cards,
    3A), so a move that leaves a sector without one of ours costs this, one into a sector
    without one gains it.  0 (Normal) leaves it to the targets."""
    scenarios: dict[str, dict[str, float]] = {}
    """Weights a scenario (by id) sets otherwise; the rest are this policy's."""
    seats: dict[Seat, dict[str, dict[str, float]]] = {}
    """Weights a seat sets otherwise in a scenario (seat, then scenario id), over the
    scenario's."""

    @model_validator(mode="after")
    def _known_weights(self) -> Policy:
        unknown_seats = sorted(set(self.seats) - set(SEATS))
        if unknown_seats:
            raise ValueError(f"no such seats {unknown_seats}")
        places = [(f"scenario {s!r}", w) for s, w in self.scenarios.items()]
        places += [(f"seat {seat!r} in {s!r}", w) for seat, ws in self.seats.items() for s, w in ws.items()]
        for place, changes in places:
            unknown = sorted(set(changes) - WEIGHTS)
            if unknown:
                raise ValueError(f"{place}: no such weights {unknown}")
        return self

    def within(self, scenario: str, seat: Seat) -> Policy:
        """The weights `seat` plays in `scenario`."""
        changes = {**self.scenarios.get(scenario, {}), **self.seats.get(seat, {}).get(scenario, {})}
        if not changes:
            return self
        return self.model_copy(update={**changes, "scenarios": {}, "seats": {}})


WEIGHTS = frozenset(Policy.model_fields) - {"scenarios", "seats"}
"""The names of the weights a scenario or a seat may set."""


NORMAL = Policy()


class _PolicyFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    policy: Policy


@cache
def hard_policy() -> Policy:
    """Hard's weights (``bots/data/hard_policy.toml``)."""
    return load_data(_PolicyFile, data_dir(__file__), {"hard_policy.toml": ("policy",)}).policy


__all__ = ["NORMAL", "Policy", "hard_policy"]
