"""The state of a game of Godzina policyjna: a Stawka state and what the solo scenario adds.

The scenario plays on Stawka's rules wherever it does not override them, so its state
is a `StawkaState` (every Stawka rule module works on it) with the scenario's own
fields: the German location deck, Kloss worked out, the German agents' activations,
who escaped an arrest (the curfew lets him leave), the burnt locations' tiles.  Where
the scenario changes what a Stawka rule does (the curfew seals sectors; a secret's VP
and evidence), the state's hooks say so.

The decisions of a game (`rules.core.decisions`): Stawka's activation turn (Stage, F)
and the Stawka decisions that can come up (a search's keep-or-evidence, the German
token's window and support window, the prisoner exchange), and this scenario's: the
player's set-up choices, the automated German agents' activations and the steps of a
stage, and the ties the rules leave to the player.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, model_validator

from rules.core import Decision, Seat
from rules.core.components import Deck
from rules.core.memo import per_parts
from rules.curfew.content import SCENARIO, load_content
from rules.curfew.options import GERMAN, POLISH
from rules.stawka import content as stawka_content
from rules.stawka.board import board_of
from rules.stawka.state import (
    PHASES,
    AgentState,
    Phase,
    PlaceKidnapped,
    PlacePrisoner,
    SearchDecision,
    StawkaState,
    SupportWindow,
    ThreatWindow,
)

Rule = Literal["A", "G", "H", "card"]
"""Why a German agent is activated: after a Polish activation (A), for a prisoner at the
end of the stage (G), after the player ended the stage (H), by a German location card."""


class ColourChoice(Decision):
    """Przygotowanie niemieckich agentów: the player assigns `agent` one of the colours left."""

    kind: Literal["german_colour"] = "german_colour"
    seat: Seat = POLISH
    agent: str


class EvidenceSpread(Decision):
    """Before play the player spreads the 10 German evidence over his agents."""

    kind: Literal["evidence_spread"] = "evidence_spread"
    seat: Seat = POLISH


class GermanTurn(Decision):
    """A German agent's activation in progress, taken by the rules ("Aktywowanie niemieckich
    agentów"): `budget` AP left to spend, the Polish agents already met in it, the target
    chosen when several were equally near."""

    kind: Literal["german_turn"] = "german_turn"
    seat: Seat = GERMAN
    agent: str
    rule: Rule
    budget: int = 0
    started: bool = False
    met: tuple[str, ...] = ()
    target: str | None = None


class TieBreak(Decision):
    """A tie the rules leave to the player: which of `options` (agent ids) it is.

    `purpose` says which rule asks: ``target`` (the nearest Polish agent for `german`),
    ``h`` (the German agent with the most AP left), or a German card's id.
    """

    kind: Literal["tie"] = "tie"
    seat: Seat = POLISH
    purpose: str
    german: str | None = None
    options: tuple[str, ...]


StepName = Literal["h", "g", "interrogate", "close", "card", "effect", "turn"]


class StageStep(Decision):
    """A step of the stage the rules take (the end of a stage: H, G, interrogations, the
    next stage; its start: the German card and its effect, then the player's turn); `chosen` is the
    player's answer to a tie the step asked."""

    kind: Literal["stage_step"] = "stage_step"
    seat: Seat = GERMAN
    step: StepName
    chosen: str | None = None
    card: str | None = None
    """The German card whose effect the ``effect`` step applies."""


SETUP_KINDS = frozenset({"german_colour", "evidence_spread"})
"""The kinds of the decisions taken before play (`ColourChoice`, `EvidenceSpread`)."""

CurfewDecision = Annotated[
    ColourChoice
    | EvidenceSpread
    | GermanTurn
    | TieBreak
    | StageStep
    | SearchDecision
    | ThreatWindow
    | SupportWindow
    | PlaceKidnapped
    | PlacePrisoner,
    Field(discriminator="kind"),
]


class CurfewState(StawkaState):
    """A game of Godzina policyjna in progress."""

    schema_version: int = 3
    """2: no stored ``phase``, the pending stack says it (`StawkaState.phase`); 3: the Polish
    location deck is the Polish side's (``sides.polish.location_deck``), its hand drawn from
    it (`_polish_deck_on_the_side` reads a save of 2)."""
    pending: tuple[CurfewDecision, ...] = ()  # type: ignore[assignment]
    german_deck: Deck
    """The nine German location cards, face down; revealed ones go to its discard pile."""
    worked_out: bool = False
    """Kloss is worked out (10 German evidence, or a prisoner betrayed him): for good."""
    exposed: bool = False
    """The German agents learnt Kloss's secret: he is exposed, the game lost."""
    activations: dict[str, int] = Field(default_factory=dict)
    """German agent -> his activations this stage (rule A: half his limit the first time)."""
    met: tuple[tuple[str, str], ...] = ()
    """(German, Polish) pairs who talked or where an arrest was tried this stage: the German
    no longer heads for that agent."""
    escaped: tuple[str, ...] = ()
    """Polish agents who escaped an arrest this stage: the curfew lets them leave a sector."""
    tracked: str | None = None
    """The Polish agent whose activation ran when the rules last looked (its end calls the
    German agent of his colour)."""
    closing: bool = False
    """The end of the stage is under way."""
    evidence_left: int = 0
    """Of the 10 evidence the player spreads before play."""
    burnt: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    """Location -> the item tiles rule F removed there, unseen by anyone."""
    walker: str | None = None
    """The Polish agent whose walk a German token's window halted (curfew A, `walked`)."""
    walked: tuple[str, ...] = ()
    """The spaces the `walker` stood on in his walk before the token's, his start first: a
    failed document check sends him back to the last of them he may end on (curfew A)."""
    defeat: str | None = None
    """Why the game was lost at once: Kloss exposed or arrested, three agents arrested."""

    @model_validator(mode="before")
    @classmethod
    def _polish_deck_on_the_side(cls, data: Any) -> Any:
        """A save of schema 2 kept the Polish location deck beside the sides, and its player
        held no location cards: the deck moves to the Polish side and the game goes on under
        schema 3's reading (his hand topped up from the next stage on)."""
        if not isinstance(data, dict) or data.get("schema_version") != 2 or "location_deck" not in data:
            return data
        data = dict(data)
        deck = data.pop("location_deck")
        sides = data.get("sides")
        if isinstance(sides, dict) and isinstance(sides.get(POLISH), dict):
            data["sides"] = {**sides, POLISH: {**sides[POLISH], "location_deck": deck}}
        data["location_card_limit"] = stawka_content.load_content().scenario(SCENARIO).location_card_limit
        data["schema_version"] = 3
        return data

    # -- the scenario's overrides of Stawka's rules (`StawkaState` hooks) ------------------

    phases: ClassVar[Mapping[str, Phase]] = {**PHASES, **dict.fromkeys(SETUP_KINDS, "placement")}
    """The player's set-up choices (the German agents' colours, the 10 evidence) are the
    placement: the game's part before his first turn."""

    def sealed_sectors(self, agent: AgentState) -> frozenset[str]:
        """Curfew, C: a Polish agent may leave a sector with a German SS officer in it only
        if he escaped an arrest this stage (our reading: the others stay in it)."""
        if agent.side != POLISH or agent.id in self.escaped:
            return NO_SECTORS
        return officers_sectors(self)

    def avoided_spaces(self, agent: AgentState) -> frozenset[str]:
        """Of equally short ways, a Polish walk takes one passing the fewest street spaces
        with a German agent (ours: passing one is curfew B's test, which can only cost
        evidence, so nobody would take it by choice; issue 27, 5)."""
        return patrolled(self) if agent.side == POLISH else frozenset()

    def cards_for_ap(self, seat: Seat) -> bool:
        """No location card turned into 2 AP (Location Cards, 4: "for the network's pool"):
        the scenario has no pool to add them to, the player's AP being his agents' limits
        ("aż do wyczerpania ich limitów PA", `flow.pooled`); his cards serve their
        locations' actions and as hideouts (README, "The Polish location cards")."""
        return False

    def walk_bounds(self, agent: AgentState) -> tuple[frozenset[str], frozenset[str]]:
        """C's sealed sectors and the streets a walk avoids, from one look at the Germans."""
        if agent.side != POLISH:
            return NO_SECTORS, NO_SECTORS
        sectors, streets = _presence(self)
        return (NO_SECTORS if agent.id in self.escaped else sectors), streets

    def secret_vp(self, seat: Seat, target: AgentState) -> int:
        """Cel gry: a secret from a German agent scores 4, 6, 8 or 11 VP by his colour."""
        return load_content().secret_vp[target.colour] if seat == POLISH else 0

    def secret_spends_evidence(self, seat: Seat) -> bool:
        """German rule E: a secret the Germans learn means an arrest, which "still" needs
        3 evidence: so their secret leaves the track as it was; the player's secrets spend
        it as in Stawka."""
        return seat == POLISH


NO_SECTORS: frozenset[str] = frozenset()


@per_parts(lambda state: (state.agents, state.documents, state.scenario))
def _presence(state: StawkaState) -> tuple[frozenset[str], frozenset[str]]:
    """`officers_sectors` and `patrolled`, worked out together once while the agents and
    documents stay the same objects (every Polish agent's walks ask both, and every legal
    action is checked against the streets)."""
    board = board_of(state.scenario)
    sector_of = board.sector_of
    sectors: set[str] = set()
    streets: set[str] = set()
    for g in state.agents:
        if g.side != GERMAN or g.status != "free":
            continue
        if _officer(state.documents[g.id]):
            sectors.add(sector_of[g.space])
        if not board.is_location(g.space):
            streets.add(g.space)
    return frozenset(sectors), frozenset(streets)


@cache
def _officer(document_id: str) -> bool:
    """Whether the document is an SS officer's (looked up once: every walk asks)."""
    return stawka_content.load_content().document(document_id).function == "ss_officer"


def officers_sectors(state: StawkaState) -> frozenset[str]:
    """The sectors with a German SS officer in them (curfew C; worked out once while the
    agents and documents stay: every Polish agent's walks ask)."""
    return _presence(state)[0]


def patrolled(state: StawkaState) -> frozenset[str]:
    """Street spaces with a German agent on them (worked out once while the agents stay:
    every legal action is checked against them)."""
    return _presence(state)[1]


def curfew_state(state: StawkaState) -> CurfewState:
    """`state`, which a Stawka rule returned, as the scenario's state it still is (Stawka's
    rules copy states with ``model_copy``, which keeps their type)."""
    assert isinstance(state, CurfewState)
    return state
