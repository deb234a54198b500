"""The state of a race: agents, stacks, the journey under way, the meeting under way, decisions."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rules.core import Decision, Frozen, GameState, Seat
from rules.core.components import Deck, Hand
from rules.island.actions import EncounterCard


class Agent(Frozen):
    """One player's agent and what lies in front of him."""

    field: int | None = None
    """Where the figure stands; None before it is placed and after it is withdrawn."""
    out: bool = False
    """Withdrawn at the island without the task's microfilms ("End of the Game")."""
    task: str
    """The task card's id: secret from the others until the island."""
    chips: dict[str, int]
    """Microfilm chips held, by colour (always public, set-up 4)."""
    transport: Hand = Hand()
    """Transport cards: open on the table (the rulebook asks secrecy only of the task card)."""
    equipment: Hand = Hand()
    """Equipment cards: secret from the others (their number is public)."""


class Journey(Frozen):
    """The move of the agent whose turn it is, from the roll to the end of his movement."""

    roll: int
    steps_left: int
    played: int = 0
    """Transport cards played this turn (at most two)."""
    path: tuple[int, ...] = ()
    """Fields walked since the last stop, for the log."""
    meet: tuple[Seat, ...] = ()
    """Agents on the field just reached still to be met, one at a time."""
    offer: bool = False
    """The field just reached has yet to offer its transport (after the meetings there)."""


class Encounter(Frozen):
    """Two agents meeting: their secret encounter cards, then perhaps their secret equipment."""

    mover: Seat
    other: Seat
    choices: dict[Seat, EncounterCard] = Field(default_factory=dict)
    """The cards chosen so far: secret until both have chosen."""
    armed: dict[Seat, tuple[str, ...]] = Field(default_factory=dict)
    """Equipment put face down for the fight: secret until both have chosen."""


class Meeting(Frozen):
    """The last encounter, as everyone saw it revealed (for the table)."""

    mover: Seat
    other: Seat
    cards: dict[Seat, EncounterCard]
    armed: dict[Seat, tuple[str, ...]] = Field(default_factory=dict)
    values: dict[Seat, int] = Field(default_factory=dict)
    winner: Seat | None = None
    chips: int = 0
    """Microfilms the winner (or the hostile agent) takes; in a friendship, each gives."""


class StartRoll(Decision):
    """Someone rolls for everyone to see who starts (set-up, 6): the first seat clicks."""

    kind: Literal["start_roll"] = "start_roll"


class PlaceAgent(Decision):
    """Put one's agent on a start space, from the starter on clockwise (set-up, 6)."""

    kind: Literal["place"] = "place"


class RollTurn(Decision):
    """The turn: roll the die."""

    kind: Literal["roll"] = "roll"


class Passing(Decision):
    """The mover crosses a transport field holding a card for it: ride, or walk on."""

    kind: Literal["passing"] = "passing"


class Landing(Decision):
    """The mover's movement ends on a transport field: take a card, jump, exchange, ride or stay."""

    kind: Literal["landing"] = "landing"


class ChoosingEncounter(Decision):
    """One of the two agents meeting picks his encounter card in secret."""

    kind: Literal["encounter"] = "encounter"


class Arming(Decision):
    """One of the two fighters picks up to two equipment cards in secret."""

    kind: Literal["arm"] = "arm"


class TakingChips(Decision):
    """The hostile agent or the fight's winner takes microfilms of his choice, one at a time."""

    kind: Literal["take_chips"] = "take_chips"
    victim: Seat
    count: int = Field(ge=1)


IslandDecision = Annotated[
    StartRoll | PlaceAgent | RollTurn | Passing | Landing | ChoosingEncounter | Arming | TakingChips,
    Field(discriminator="kind"),
]


class IslandState(GameState):
    schema_version: int = 2
    """2 (issue 27): the task cards dealt from each code's shuffled cards, the race that
    nobody wins; a save of version 1 is replayed through today's rules (its deal differs)."""
    pending: tuple[IslandDecision, ...] = ()
    players: tuple[Seat, ...]
    """The seats in clockwise order; a seat's colour is its name."""
    agents: dict[Seat, Agent]
    reserve: dict[str, int]
    """The microfilm chips on the board (set-up, 5: two per colour)."""
    transport: Deck
    equipment: Deck
    tasks_out: tuple[str, ...]
    """The task cards in play that nobody drew: out of the game, unseen (set-up, 2)."""
    starter: Seat | None = None
    current: Seat | None = None
    """Whose turn it is (None during the set-up)."""
    turns: int = 0
    journey: Journey | None = None
    encounter: Encounter | None = None
    meeting: Meeting | None = None
    winner: Seat | None = None
    won_by: Literal["task", "last", "nobody"] | None = None
    """How the race ended (None while it goes on); "nobody": the last agents were
    withdrawn together (`rules.island.race.withdraw_the_hopeless`)."""

    @property
    def over(self) -> bool:
        return self.won_by is not None

    def in_race(self) -> tuple[Seat, ...]:
        """Agents still racing, in clockwise order."""
        return tuple(seat for seat in self.players if not self.agents[seat].out)

    def agent(self, seat: Seat) -> Agent:
        return self.agents[seat]

    def with_agent(self, seat: Seat, **changes: object) -> IslandState:
        agent = self.agents[seat].model_copy(update=changes)
        return self.model_copy(update={"agents": {**self.agents, seat: agent}})
