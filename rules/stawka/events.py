"""The payload of every Stawka event, by kind (`rules.core.title.EventSchema`).

An event's ``kind`` says what sort of thing happened (the table animates and sounds by
it); its ``key`` the message, which the ``params`` fill.  Some kinds cover several
messages with payloads of their own (a conversation roll and a test roll are both
``roll``): their schema is the union of those shapes, each model naming the messages it
serves.  ``data`` is what the table draws besides the message (the dice, the modifiers,
the path walked).  The conformance suite validates every event of every playout against
these models, so the front end and tests may rely on them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import RootModel

from rules.core import EventSchema, Frozen


class Nothing(Frozen):
    """No payload (``stawka.cards_return``; the data of most events)."""


class Agent(Frozen):
    """``activation_end``, ``declared``, ``dropped`` (the declared action cannot happen any
    more), ``move_halted``, a token's ``check_exempt`` and ``discard_try``, and
    ``frisked_nothing`` (a frisk found no weapon); ``reaction_stop`` and an enemy reaction card's
    ``search_foiled``, ``item_slipped``, ``conversation_foiled``, ``arrest_foiled``,
    ``kidnap_foiled``; ``top_secret`` (the agent got
    a Top Secret card from a casket or a stamped document, or discarded one); ``room_217``
    (the agent opened room 217 of the Hotel Excelsior; with ``item``, `ItemOnly`, the key
    went back to the café)."""

    agent: str


class AgentTarget(Frozen):
    """Agent `agent` acted on `target`: a conversation, an arrest or its escape, a kidnapping
    or its escape, a liquidation (`agent` the killer)."""

    agent: str
    target: str


class AgentItem(Frozen):
    """An item of `agent`'s: used (shown and spent), drawn in a search (his side only),
    kept face up, stolen by a thief token, or taken by a frisk."""

    agent: str
    item: str


class AgentOnly(Frozen):
    """``kept_hidden``: the agent kept the drawn tile face down (which one is his side's secret)."""

    agent: str


class SeatOnly(Frozen):
    """Something a seat did or got: chose its planning card, activates first, gave up, the
    game's end (`seat` the winner, "" for a draw), a token left quiet, no reaction card
    played against an enemy action (``no_reaction``)."""

    seat: str


class Stage(Frozen):
    """A stage ends or begins."""

    stage: int


class Revealed(Frozen):
    """Step A: a seat's planning card turned up, with its priority and AP."""

    seat: str
    card: str
    priority: int
    ap: int


class Evidence(Frozen):
    """A track moved: `seat`'s evidence against `colour` grew by `amount` to `total`."""

    colour: str
    seat: str
    amount: int
    total: int


class Bribed(Frozen):
    """``bribed``, ``evidence_removed``, ``reaction_evidence_removed``: `agent`'s bribe or his
    side's location or reaction card took the enemy's evidence against `colour` down to `total`."""

    agent: str
    colour: str
    total: int


class ItemOnly(Frozen):
    """``evidence_item``: which tile became evidence (told only to its side); ``room_217_key_back``:
    the key to room 217 went back to its location's stack."""

    item: str


class Exchanged(Frozen):
    """A prisoner exchange: `seat` put `agent` on `to` (the place's name)."""

    seat: str
    agent: str
    to: str


class ItemsLost(Frozen):
    """An arrested agent lost his `count` items."""

    agent: str
    count: int


class TrackKept(Frozen):
    """The carry-over: the winner `seat` keeps the track of `colour` whole ("" for none)."""

    colour: str
    seat: str


class ItemKept(Frozen):
    """The campaign bonus: the winner `seat` keeps `item` ("" for none)."""

    item: str
    seat: str


class KlossDocumentChosen(Frozen):
    """The Polish player chose Kloss's document: its rank and AP limit."""

    seat: str
    rank: int
    ap: int


class MissionPassed(Frozen):
    """A mission card passed to `receiver` (which card: ``mission_card``, his side only)."""

    agent: str
    receiver: str


class MissionCard(Frozen):
    """The mission card `agent` took (his side only; "" when none was left)."""

    agent: str
    mission: str


class MissionDone(Frozen):
    """`agent` completed `mission`: `seat` scores `vp`."""

    agent: str
    mission: str
    seat: str
    vp: int


class Moved(Frozen):
    """``moved``: `agent` walked to `to` (`where`, the place's name) for `cost` AP."""

    agent: str
    to: str
    where: str
    cost: int


class Path(Frozen):
    """The spaces entered, in order."""

    path: list[str]


class Placed(Frozen):
    """Set-up: `seat` placed `agent` in `location`."""

    seat: str
    agent: str
    location: str


class Searched(Frozen):
    agent: str
    location: str


class Secret(Frozen):
    """`seat` learnt `target`'s secret: its `secrets`-th."""

    target: str
    seat: str
    secrets: int


class ThreatsDrawn(Frozen):
    """Step C: `seat` drew `count` threat tokens."""

    seat: str
    count: int


class ThreatPlaced(Frozen):
    """``threat_placed``: `seat` set out a face-down token at `where`."""

    seat: str
    where: str


class ThreatMoved(Frozen):
    """``threat_moved``: `seat` moved a face-down token from `origin` to `where` ("Top Secret")."""

    seat: str
    origin: str
    where: str


class ThreatPlacedOwn(Frozen):
    """``threat_placed_own``: which token that was (its owner only)."""

    token: str
    where: str


class ThreatSprung(Frozen):
    """``threat.<kind>``: `seat` brought `token` into play against `agent` (its strength `amount`)."""

    seat: str
    agent: str
    token: str
    amount: int


class SupportUsed(Frozen):
    """``support_used``: `seat` revealed a support token: `amount` +1 on its own test, -1 on the enemy's."""

    seat: str
    amount: int


class Space(Frozen):
    """Where a token now lies face down (the table draws its back)."""

    space: str


class PriorityRoll(Frozen):
    """``priority_roll``: a tie in stage 1, a die each."""

    polish: int
    german: int


class RankRoll(Frozen):
    """``rank_roll``, ``rank_roll_failed``: `agent`'s die (and trait `bonus`) must beat the
    rank `difference` for a conversation to take place."""

    agent: str
    die: int
    bonus: int
    difference: int


class ConversationRoll(Frozen):
    """``conversation_<result>``: the 2d6 `dice` and the `total` against `target`."""

    agent: str
    target: str
    total: int
    dice: list[int]


class InterrogationRoll(Frozen):
    """``interrogation_<result>``: the `total` against the prisoner `target`."""

    agent: str
    target: str
    total: int


class EscapeRoll(Frozen):
    """``arrest_roll``, ``kidnap_roll``: `target` rolls; at most his `alertness` catches him."""

    agent: str
    target: str
    total: int
    alertness: int


class AttackRoll(Frozen):
    """``assassination_hit``, ``assassination_missed``: the attack's `total` against `defence`."""

    agent: str
    target: str
    total: int
    defence: int


class TestRoll(Frozen):
    """``test_<discard|document_check>_<passed|failed>``: `total` above `alertness` passes."""

    agent: str
    total: int
    alertness: int


class BreakRoll(Frozen):
    """``pulkowski_broken``, ``pulkowski_resists`` ("Top Secret"): the interrogation's `total`
    against the `needed` 12."""

    total: int
    needed: int


class PriorityDice(Frozen):
    """The dice of a priority tie."""

    dice: list[int]


class Judged(Frozen):
    """A conversation or interrogation roll: dice, (label, amount) modifiers, the total, the
    result and the target's thresholds it was judged against."""

    dice: list[int]
    modifiers: list[tuple[str, int]]
    total: int
    result: Literal["none", "single", "double", "secret"]
    thresholds: dict[str, int]


class Needed(Frozen):
    """A roll against one number: dice, modifiers, the total, what it `needed` and for what."""

    dice: list[int]
    modifiers: list[tuple[str, int]]
    total: int
    needed: int
    goal: Literal["talk", "escape", "kill", "pass", "break"]


class CardsDrawn(Frozen):
    """``location_cards_drawn``, ``reactions_drawn``: `seat` drew `count` cards (which ones
    his view shows him)."""

    seat: str
    count: int


class SeatCard(Frozen):
    """``reaction_discarded``: `seat` put `card` face up beside the deck; ``reaction_played``,
    ``reaction_blocked``: `seat` played `card` (shown) against an enemy action, or to cancel
    the card played against him."""

    seat: str
    card: str


class CardUsed(Frozen):
    """``location_card_played``, ``hideout``: `seat`'s `agent` used `card` (shown)."""

    seat: str
    agent: str
    card: str


class CardForAP(Frozen):
    """``location_card_ap``: `seat` turned `card` (shown) into `amount` AP."""

    seat: str
    card: str
    amount: int


class AgentAmount(Frozen):
    """``tired``: an enemy card used up `amount` AP of `agent`'s limit this stage."""

    agent: str
    amount: int


class AgentTo(Frozen):
    """``brought``, ``released``, ``shadowed``: a card put `agent` on `to` (the place's name)."""

    agent: str
    to: str


class SeatAmount(Frozen):
    """``talk_bonus``, ``more_ap``, ``more_vp``: `seat`'s card gave it `amount`;
    ``reaction_ap_lost``: an enemy reaction card took `amount` AP from `seat`'s pool."""

    seat: str
    amount: int


class Radio(Frozen):
    """The radio station of "I Know Who You Are": hidden (``radio_hidden``, by `seat`; where
    is the Polish player's secret), the sectors named to the German player
    (``radio_sectors``: `sector` and `other`; ``radio_sector``), located, transmitting
    (``radio_transmit``, by `agent` from `stage`), broken off and transmitted (`location`)."""

    seat: str | None = None
    sector: str | None = None
    other: str | None = None
    location: str | None = None
    agent: str | None = None
    stage: int | None = None


def either(*shapes: type[Frozen]) -> type[RootModel[Frozen]]:
    """A schema accepting exactly one of `shapes` (each forbids fields it does not name)."""
    union = shapes[0]
    for shape in shapes[1:]:
        union = union | shape  # type: ignore[assignment]
    return RootModel[union]  # type: ignore[valid-type]


EVENT_SCHEMAS: Mapping[str, EventSchema] = {
    "activation_end": EventSchema(Agent),
    "bonus": EventSchema(SeatAmount),
    "card_move": EventSchema(AgentTo),
    "card_played": EventSchema(either(CardUsed, CardForAP)),
    "cards_drawn": EventSchema(CardsDrawn),
    "frisk": EventSchema(Agent),
    "arrest": EventSchema(AgentTarget),
    "cards_return": EventSchema(Nothing),
    "carry": EventSchema(either(TrackKept, ItemKept)),
    "conversation": EventSchema(AgentTarget),
    "declared": EventSchema(Agent),
    "drawn": EventSchema(AgentItem),
    "dropped": EventSchema(Agent),
    "evidence": EventSchema(either(Evidence, Bribed)),
    "evidence_reason": EventSchema(ItemOnly),
    "exchange": EventSchema(Exchanged),
    "game_end": EventSchema(SeatOnly),
    "give_up": EventSchema(SeatOnly),
    "item_lost": EventSchema(AgentItem),
    "item_used": EventSchema(AgentItem),
    "items_lost": EventSchema(ItemsLost),
    "kept": EventSchema(either(AgentItem, AgentOnly)),
    "kidnap": EventSchema(AgentTarget),
    "kloss_document": EventSchema(KlossDocumentChosen),
    "liquidated": EventSchema(AgentTarget),
    "mission": EventSchema(MissionPassed),
    "mission_card": EventSchema(MissionCard),
    "mission_done": EventSchema(MissionDone),
    "move": EventSchema(either(Moved, Agent), either(Path, Nothing)),
    "placed": EventSchema(Placed),
    "pulkowski": EventSchema(either(Agent, Nothing)),
    "planned": EventSchema(SeatOnly),
    "priority": EventSchema(SeatOnly),
    "radio": EventSchema(Radio),
    "reaction": EventSchema(either(SeatCard, SeatOnly)),
    "reveal": EventSchema(Revealed),
    "room_217": EventSchema(either(Agent, ItemOnly)),
    "roll": EventSchema(
        either(
            PriorityRoll,
            RankRoll,
            ConversationRoll,
            InterrogationRoll,
            EscapeRoll,
            AttackRoll,
            TestRoll,
            BreakRoll,
        ),
        either(PriorityDice, Judged, Needed),
    ),
    "search": EventSchema(Searched),
    "secret": EventSchema(Secret),
    "stage": EventSchema(Stage),
    "stage_end": EventSchema(Stage),
    "threat": EventSchema(
        either(ThreatPlaced, ThreatMoved, ThreatPlacedOwn, ThreatSprung, SupportUsed, SeatOnly, Agent),
        either(Space, Nothing),
    ),
    "threats": EventSchema(ThreatsDrawn),
    "tired": EventSchema(AgentAmount),
    "top_secret": EventSchema(Agent),
}
"""Event kind -> the models of its params and data."""
