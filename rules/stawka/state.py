"""The state of a game of Stawka większa niż życie.

Everything that changes during play lives here, as immutable models of plain ids; the
printed components (documents, sectors, item tiles, planning cards) are content data
(`rules.stawka.content`) looked up by id.  Later rule levels add fields with defaults
(missions, threat tokens, location and reaction cards), so a basic game never carries them
and no rewrite is needed: the agent already has a ``status`` for jail and liquidation and
a ``mission`` slot, and the state keeps a pool of threat tokens per side.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from rules.core import Decision, Frozen, GameState, Seat
from rules.core.components import Deck, Hand
from rules.stawka.actions import StawkaAction
from rules.stawka.content import load_content
from rules.stawka.options import CampaignCarry

POLISH: Seat = "polish"
GERMAN: Seat = "german"
SEATS: tuple[Seat, Seat] = (POLISH, GERMAN)

AgentStatus = Literal["unplaced", "free", "arrested", "liquidated"]
Phase = Literal["placement", "planning", "activations", "carry_over", "over"]
RuleLevel = Literal["basic", "extended", "advanced"]


def other(seat: Seat) -> Seat:
    """The opponent of `seat`."""
    return GERMAN if seat == POLISH else POLISH


class AgentState(Frozen):
    """One agent figure on the board (rulebook, "Agents")."""

    id: str
    side: Seat
    colour: str
    """The agent's colour in his network (yellow, purple, blue, black)."""
    space: str
    """Id of the street space or location the figure stands on."""
    ap_used: int = 0
    """AP this agent used this stage, counted against his document's AP limit."""
    items: tuple[str, ...] = ()
    """Item tiles the agent holds (face down unless durable; see `SideState`)."""
    status: AgentStatus = "free"
    mission: str | None = None
    """Mission card held (extended rules); hidden from the opponent."""
    trait_used_stage: bool = False
    """A once-per-stage special trait was used this stage."""
    trait_used_game: bool = False
    """A once-per-game (or single-use) special trait was used."""
    held: bool = False
    """A cauldron stopped him: he may not move again this stage."""
    threats_discarded: int = 0
    """Enemy threat tokens this agent discarded while holding his mission (a mission goal)."""
    tired: int = 0
    """AP of his limit an enemy location card used up this stage ("tire" cards)."""
    top_secret: int = 0
    """Top Secret cards he holds ("Special Items"; `rules.stawka.top_secret`): all alike and
    public, as a hand of cards is."""


class SideState(Frozen):
    """One network's cards and stage bookkeeping."""

    hand: tuple[str, ...]
    """Planning cards that may be chosen (rulebook, "Stage", G)."""
    used: tuple[str, ...] = ()
    """Planning cards put aside this cycle; public once revealed."""
    chosen: str | None = None
    """This stage's planning card; secret until both have chosen (step A)."""
    revealed: bool = False
    ap: int = 0
    """AP left in the network's pool this stage."""
    gave_up: bool = False
    """The player gave up his activations for the rest of the stage (Activating, 1)."""
    secrets: int = 0
    """Secrets gained in conversations."""
    vp: int = 0
    """Victory points (extended scenarios)."""
    evidence: dict[str, int] = Field(default_factory=dict)
    """Enemy colour -> evidence this side holds against that agent (0-10)."""
    evidence_over: dict[str, int] = Field(default_factory=dict)
    """Evidence that would have gone beyond 10 (VP in some scenarios)."""
    evidence_items: tuple[str, ...] = ()
    """Items this side discarded as evidence: the reasons, hidden from the opponent."""
    threat_pool: tuple[str, ...] = ()
    """Own threat tokens not yet drawn (extended rules); the opponent knows only how many."""
    threat_hand: Hand = Hand()
    """Threat tokens drawn this stage, waiting to be placed."""
    location_deck: Deck = Deck()
    """Own location cards not yet drawn (advanced rules, "Location Cards", 1): the order is
    hidden from both players; used cards lie face up on its discard pile."""
    location_hand: Hand = Hand()
    """Location cards drawn (step E); the opponent knows only how many."""
    converted: bool = False
    """A location card was discarded for 2 AP this stage ("Location Cards", 4: one a stage)."""
    talk_bonus: int = 0
    """A location card's bonus to this side's next conversation roll this stage."""
    reaction_hand: Hand = Hand(limit=3)
    """Reaction cards held ("Reaction Cards", 5: at most 3); the opponent knows only how many."""
    reaction_drawn: tuple[str, ...] = ()
    """Reaction cards just drawn beyond the limit, looked at and not yet held: "At no moment
    of the game may a Player hold more than 3 reaction cards ... the Player draws them, may
    look at them, and only then must discard" (point 5); the discard decision keeps 3 of
    the hand and these (`reactions.discard`).  The opponent knows only how many."""


class Activation(Frozen):
    """The agent activated now and what he has done (rulebook, "Activating an Agent")."""

    agent: str
    moved: int = 0
    """AP spent on movement in this activation (a space costs 1, more on dangerous terrain):
    "only movement for at least 2 AP" (Activating an Agent, 1) counts these."""
    acted: bool = False
    """Whether the agent performed his action (one per activation)."""
    moved_before_action: bool = False
    """Movement came first: the action then ends the activation (Movement, 3)."""
    stopped: bool = False
    """An enemy's trait ended the movement (Movement, 2: Marta Becher)."""
    onward: tuple[str, ...] = ()
    """The rest of his path, while the owner of a token he passes decides (Movement, 5)."""
    card_played: bool = False
    """A location card's special action was used in this activation (it may end after it)."""
    red_played: bool = False
    """A movement card was played against his movement (Reaction Cards, 3: "if an agent is
    performing movement, only one movement-type card can be played on him"): no other red
    window opens in this activation, blocked or not."""


class ThreatTest(Frozen):
    """A test in progress (a document check or a discard), waiting for support tokens.

    Threat Tokens, example: before the roll the tester may reveal a support token (+1),
    then the opponent may reveal one (-1).  ``difficulty`` is subtracted from 2d6.
    """

    kind: Literal["discard", "document_check"]
    agent: str
    token: str | None = None
    """The threat token tested (None: the fort's permanent document check)."""
    space: str
    previous: str | None = None
    """Where the agent came from: a failed document check sends him back there."""
    difficulty: int = 0
    support: int = 0


class TopSecret(Frozen):
    """The figures of "Top Secret" (`rules.stawka.film.top_secret`): Dr Pulkowski in the
    factory, the Polish agents who got into it, and the Black Audi."""

    pulkowski: Literal["held", "broken", "aboard", "delivered"] = "held"
    failed: int = 0
    """Interrogations he has resisted: +1 each to the next roll ("Will Pulkowski Cooperate?")."""
    infiltrators: tuple[str, ...] = ()
    """Polish agents who ever got into the factory: -3 each to the roll (Reinforced Factory Security)."""
    audi: str = ""
    """The space the Black Audi stands on."""
    audi_ap: int = 0
    """AP the Audi used this stage, against its AP limit."""
    boarded: int = 0
    """The stage Pulkowski got into the Audi: it sets off from the next one."""
    destroyed: bool = False
    mission_bonus: dict[str, int] = Field(default_factory=dict)
    """Polish agent -> his bonus against the Audi from missions (+2 basic, +4 special)."""
    defence_bonus: int = 0
    """The Audi's defence from German missions (+1 basic, +3 special)."""


# -- the decisions a game waits for ------------------------------------------------------
#
# One typed model per kind (`rules.core.decisions`).  The ``pending`` stack holds the
# out-of-turn ones (top last): a seat's secret planning card, the keep-or-evidence choice
# after a search, the owner's window on a threat token, support tokens before a test
# roll, the prisoner exchange, setting out threat tokens, placing agents, Kloss's
# document, the winner's carry-over choices.  When the stack is empty the decision is
# the activation turn itself (`Turn`, Stage, F).  Who decides, the legal actions and the
# handler of each kind are declared once, in the `Rulebook` (`rules.stawka.rulebook`).
# A kind's string is also what the view shows of the stack and what the table's message
# keys are named after (``stawka.status.<kind>``), so it never changes.


class Planning(Decision):
    """Stage, A: one seat chooses this stage's planning card in secret."""

    kind: Literal["planning"] = "planning"


class Turn(Decision):
    """Stage, F: the seat whose turn it is activates an agent (or goes on with him)."""

    kind: Literal["activation"] = "activation"


_last_sides: tuple[tuple[AgentState, ...], dict[Seat, tuple[AgentState, ...]]] = ((), {})
"""The agents of the last state asked about a side's agents, and those by side, filled
as sides are asked (one tuple, so a thread reads a matching pair)."""

_last_spaces: tuple[tuple[AgentState, ...], dict[str, tuple[AgentState, ...]]] = ((), {})
"""The same for the free agents by space (asked less often than a side's agents)."""


def _of_side(agents: tuple[AgentState, ...], seat: Seat) -> tuple[AgentState, ...]:
    """`agents` of `seat`, in their order, worked out once while the states asked about
    share them (copies of a state that changed other fields do): the rules ask for a
    side's agents many times an action, and the agents change at nearly every step, so
    only the side asked for is looked for."""
    global _last_sides
    known, sides = _last_sides
    if known is not agents:
        sides = {}
        _last_sides = (agents, sides)
    found = sides.get(seat)
    if found is None:
        found = sides[seat] = tuple([agent for agent in agents if agent.side == seat])
    return found


def _by_space(agents: tuple[AgentState, ...]) -> dict[str, tuple[AgentState, ...]]:
    """The free `agents` by space, each in the agents' order (as `_of_side`)."""
    global _last_spaces
    known, spaces = _last_spaces
    if known is agents:
        return spaces
    spaces = {}
    for agent in agents:
        if agent.status == "free":
            spaces[agent.space] = (*spaces.get(agent.space, ()), agent)
    _last_spaces = (agents, spaces)
    return spaces


@cache
def turn_of(seat: Seat) -> Turn:
    """`seat`'s turn, made once per seat: it is frozen, and every state asks for one."""
    return Turn(seat=seat)


class SearchDecision(Decision):
    """Search, 3: keep the tile `agent` just drew, or discard it as evidence."""

    kind: Literal["search"] = "search"
    agent: str


class CarryTrack(Decision):
    """Campaign carry-over: the winner leaves one track unhalved, or none."""

    kind: Literal["carry_over"] = "carry_over"


class CarryItem(Decision):
    """Campaign bonus of training scenario 2: the winner keeps one acquired item, or none."""

    kind: Literal["carry_item"] = "carry_item"


class AgentPlacement(Decision):
    """Training scenarios 2-3, set-up: the seat whose turn it is places any unplaced agent."""

    kind: Literal["placement"] = "placement"


class KlossDocument(Decision):
    """Agent Document: the Polish player picks Kloss's document among `documents`."""

    kind: Literal["kloss_document"] = "kloss_document"
    documents: tuple[str, ...]


class PlaceKidnapped(Decision):
    """Release of the Arrested, 1: the Polish player puts the kidnapped `agent` on a street."""

    kind: Literal["exchange_kidnapped"] = "exchange_kidnapped"
    agent: str


class PlacePrisoner(Decision):
    """Release of the Arrested, 1: the German player frees a jailed Polish agent into a location."""

    kind: Literal["exchange_prisoner"] = "exchange_prisoner"


class ThreatPlacement(Decision):
    """Stage, C: the seat sets out one of the threat tokens it drew."""

    kind: Literal["threat_place"] = "threat_place"


class ThreatWindow(Decision):
    """Threat Tokens, 5: the owner of the face-down token under enemy `agent` brings it into
    play or not; `previous` is the space the agent came from (a failed check sends him back)."""

    kind: Literal["threat_trigger"] = "threat_trigger"
    agent: str
    previous: str | None = None


class ReactionDiscard(Decision):
    """Reaction Cards, 5: over the hand limit after a draw, the seat discards one card."""

    kind: Literal["reaction_discard"] = "reaction_discard"


class ReactionWindow(Decision):
    """Reaction Cards, 3: enemy `agent` moved, or declared a search or a conversation (with
    the seat's `target`): the seat may answer with one card of `colour`.  It opens whether
    or not the seat holds such a card (only its hand's size, which is public, matters)."""

    kind: Literal["reaction_window"] = "reaction_window"
    agent: str
    colour: Literal["red", "purple", "yellow"]
    target: str | None = None


class BlockWindow(Decision):
    """Reaction Cards, 4: a card was played against the seat's activated agent: it may cancel
    it with one of the same colour bearing the block symbol."""

    kind: Literal["reaction_block"] = "reaction_block"


class PlayedReaction(Frozen):
    """A reaction card played and shown: `seat`'s half (`effect`, `amount`) against enemy
    `agent`'s action, with what it chose."""

    seat: Seat
    card: str
    effect: str
    amount: int = 0
    agent: str
    target: str | None = None
    space: str | None = None
    items: tuple[str, ...] = ()


class HideRadio(Decision):
    """I Know Who You Are, "Radio Station": before the game the Polish player hides the radio
    station in a location outside the police and military sectors, in secret."""

    kind: Literal["radio_hide"] = "radio_hide"


class NameRadioSectors(Decision):
    """I Know Who You Are, "Radio station LOCATED", A: the German player's first secret: the
    Polish player names a second sector beside the one that hides the radio station."""

    kind: Literal["radio_sectors"] = "radio_sectors"


class RadioStation(Frozen):
    """The radio station of "I Know Who You Are" (`rules.stawka.film.radio`)."""

    location: str | None = None
    """Where the Polish player hid it; the German player's secret until it is `public`."""
    sectors: tuple[str, ...] = ()
    """The sectors the Polish player named to the German player: two, then its own."""
    clues: int = 0
    """The German secrets already answered by a clue (at most 3: the third locates it)."""
    public: bool = False
    """Its location is known to both: the transmission began, or the German located it."""
    located: bool = False
    """The German player located it himself (his 3rd secret before any transmission)."""
    since: int | None = None
    """The stage the transmission (re)started in, while it is not broken."""
    transmitted: bool = False
    """The report went out: two stages from the start without a break."""

    @property
    def on_air_until(self) -> int | None:
        """The stage to the end of which a Polish agent must hold the station: the next one
        after the transmission began ("Transmitting the report")."""
        return None if self.since is None else self.since + 1


class SupportWindow(Decision):
    """Threat Tokens, example: before a test roll the seat may reveal one of its support tokens."""

    kind: Literal["support"] = "support"


class AudiNudge(Decision):
    """ "Top Secret", Top Secret Cards: the seat that discarded a Top Secret card may move the
    Black Audi 2 spaces."""

    kind: Literal["audi_nudge"] = "audi_nudge"


class SecretThreats(Decision):
    """ "Top Secret", Basic and Special Missions: the seat learnt a secret in a conversation
    and may move two of its threat tokens or draw a new one; `moved` holds the spaces of the
    tokens it has already moved (each token moves once)."""

    kind: Literal["secret_threats"] = "secret_threats"
    moved: tuple[str, ...] = ()


PHASES: dict[str, Phase] = {
    "placement": "placement",
    "planning": "planning",
    "carry_over": "carry_over",
    "carry_item": "carry_over",
}
"""The decisions that hold the game in a part of its own until they are taken, by kind:
placing the agents (training scenarios 2-3), the planning cards (Stage, A), the winner's
carry-over choices (Training Campaign).  Every other decision comes up inside a part."""

StawkaDecision = Annotated[
    Planning
    | SearchDecision
    | CarryTrack
    | CarryItem
    | AgentPlacement
    | KlossDocument
    | PlaceKidnapped
    | PlacePrisoner
    | ThreatPlacement
    | ThreatWindow
    | SupportWindow
    | ReactionDiscard
    | ReactionWindow
    | BlockWindow
    | HideRadio
    | NameRadioSectors
    | AudiNudge
    | SecretThreats,
    Field(discriminator="kind"),
]
"""A decision on the pending stack (the activation `Turn` is never stacked)."""


class StawkaState(GameState):
    """A Stawka game in progress."""

    schema_version: int = 5
    """2: the pending decisions are typed models (see above); 3: the drawn threat tokens are a
    `Hand`, and removed items remember which left the game unseen (``removed_face_down``);
    4: the advanced rules' location and reaction cards; 5: no stored ``phase``, the pending
    stack says it (`phase`)."""
    scenario: str
    pending: tuple[StawkaDecision, ...] = ()
    rule_level: RuleLevel = "basic"
    documents: dict[str, str]
    """Agent -> the agent document in play (Kloss has three to choose from)."""
    stage: int = 1
    stage_count: int = 8
    sides: dict[Seat, SideState]
    first: Seat | None = None
    """Who activates first this stage (steps B and F)."""
    turn: Seat | None = None
    """Whose turn it is to activate an agent (when no decision is pending)."""
    activation: Activation | None = None
    agents: tuple[AgentState, ...]
    stacks: dict[str, tuple[str, ...]]
    """Location -> item tiles left there, top first (order hidden from both)."""
    markers: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    """Location -> colours of its "I was here" markers (at most two)."""
    removed_items: tuple[str, ...] = ()
    """Items out of the game: used up (their faces were shown), or gone with their holder."""
    removed_face_down: dict[str, Seat] = Field(default_factory=dict)
    """Removed items that left the game face down with an arrested or liquidated agent ->
    his side: only that side knows which tiles they are."""
    drawn_item: str | None = None
    """The tile a search just drew, waiting for keep-or-evidence (hidden from the opponent)."""
    talked: tuple[tuple[str, str], ...] = ()
    """Pairs of agents (sorted ids) who already had their conversation this stage."""
    winner: Seat | None = None
    end_key: str | None = None
    """Message key of why the game ended."""
    carry: CampaignCarry | None = None
    """The carry-over for the next training scenario, once the game is over."""
    threats: dict[str, str] = Field(default_factory=dict)
    """Space -> the threat token on it (face down unless listed in ``threats_open``)."""
    threats_open: tuple[str, ...] = ()
    """Tokens lying face up on the board (dangerous terrain, once triggered)."""
    threats_out: tuple[str, ...] = ()
    """Threat tokens used or discarded: out of the game, faces shown."""
    test: ThreatTest | None = None
    declared: Annotated[StawkaAction, Field(discriminator="type")] | None = None
    """An action declared on an enemy token's space, waiting for the owner's window."""
    missions_left: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    """Agent -> his mission cards not yet taken (extended rules); hidden from the opponent."""
    missions_done: tuple[str, ...] = ()
    """Mission cards completed and put aside (public: completing one reveals it)."""
    carry_track: str | None = None
    """The track the winner chose to keep whole, while he still chooses an item to keep."""
    location_card_limit: int = 0
    """How many location cards each player holds after step E (the scenario's limit)."""
    reaction_deck: Deck = Deck()
    """The shared reaction deck ("Reaction Cards"): used cards lie face up on its discard
    pile and are shuffled into a new deck when it runs out (point 6)."""
    reactions_out: tuple[str, ...] = ()
    """Reaction cards "discarded from the game" by a block (point 4): a played card and the
    card that blocked it, face up, never shuffled back."""

    reaction: PlayedReaction | None = None
    """The reaction card played against the action under way, until it has done its part."""
    reaction_due: str | None = None
    """The agent whose move the red window answers once his movement has settled; his
    activation does not end before it (`activation.settle`)."""
    reaction_asked: bool = False
    """The declared action's reaction window has been opened (it opens once)."""
    room_217: Seat | None = None
    """"Hotel Excelsior": the side that opened room 217 and won (`rules.stawka.film.room_217`)."""
    radio: RadioStation | None = None
    """"I Know Who You Are": the radio station (None in every other scenario)."""
    top_secret: TopSecret | None = None
    """"Top Secret"'s Dr Pulkowski and Black Audi (None in every other scenario)."""

    @property
    def phase(self) -> Phase:
        """Where the game is, as what it waits for says (kept once: issue 33, 3): the part
        the lowest decision on the pending stack that opens one holds it in (`PHASES`);
        else the activations (Stage, F), or the end once the game is decided (``end_key``)."""
        if self.pending:
            phases = self.phases
            for decision in self.pending:
                phase = phases.get(decision.kind)
                if phase is not None:
                    return phase
        return "activations" if self.end_key is None else "over"

    def waiting(self, *effects: str) -> PlayedReaction | None:
        """The reaction card waiting for the declared action, if its half is one of
        `effects` (`rules.stawka.reaction_windows`)."""
        played = self.reaction
        return played if played is not None and played.effect in effects else None

    def agent(self, agent_id: str) -> AgentState:
        for agent in self.agents:
            if agent.id == agent_id:
                return agent
        raise KeyError(agent_id)

    def with_agent(self, agent: AgentState, **update: object) -> StawkaState:
        """This state with one agent replaced (and the fields in `update`, in one copy)."""
        agent_id = agent.id  # (a list made into a tuple: a generator costs a third more)
        return self.model_copy(
            update={"agents": tuple([agent if a.id == agent_id else a for a in self.agents]), **update}
        )

    def with_side(self, seat: Seat, side: SideState, **changes: Any) -> StawkaState:
        """This state with `seat`'s side replaced, and any other fields in `changes`, in
        one copy (a placement or a planning card changes the side and what is pending)."""
        return self.model_copy(update={"sides": {**self.sides, seat: side}, **changes})

    def agents_of(self, seat: Seat) -> tuple[AgentState, ...]:
        return _of_side(self.agents, seat)

    def agents_at(self, space: str) -> tuple[AgentState, ...]:
        """The free agents on `space`."""
        return _by_space(self.agents).get(space, ())

    # -- hooks: what a title built on these rules (Godzina policyjna, `rules.curfew`) changes
    # where its scenario overrides the rulebook.  Each returns what Stawka does.

    def sealed_sectors(self, agent: AgentState) -> frozenset[str]:
        """Sectors `agent` may not walk out of now: none ("Movement of Agents")."""
        return frozenset()

    def avoided_spaces(self, agent: AgentState) -> frozenset[str]:
        """Spaces a walk of `agent` passes only where no equally cheap path avoids them:
        none (of equally cheap paths Stawka takes the first in the board's order)."""
        return frozenset()

    def walk_bounds(self, agent: AgentState) -> tuple[frozenset[str], frozenset[str]]:
        """`sealed_sectors` and `avoided_spaces` of `agent`, asked together (every walk
        listed asks both: a title may work them out in one look)."""
        return self.sealed_sectors(agent), self.avoided_spaces(agent)

    def secret_vp(self, seat: Seat, target: AgentState) -> int:
        """VP `seat` scores for learning `target`'s secret: the scenario's VP per secret."""
        return load_content().scenario(self.scenario).victory.vp_per_secret

    phases: ClassVar[Mapping[str, Phase]] = PHASES
    """The part of the game a pending decision holds it in, by kind (`PHASES`; a title
    built on these rules adds its own kinds)."""

    def phase_of(self, kind: str) -> Phase | None:
        """The part of the game a pending decision of `kind` holds it in (`phases`)."""
        return self.phases.get(kind)

    def cards_for_ap(self, seat: Seat) -> bool:
        """Whether `seat` may turn a location card into 2 AP for its pool (Location Cards,
        4): yes, once a stage (`rules.stawka.location_cards.legal_conversions`)."""
        return True

    def secret_spends_evidence(self, seat: Seat) -> bool:
        """Whether a secret `seat` learns spends its evidence against the target's colour
        (our reading: yes, see `rules.stawka.conversation`)."""
        return True
