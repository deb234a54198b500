"""Every decision a Stawka player takes, as one discriminated union on ``type``."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Frozen


class ChoosePlanningCard(Frozen):
    """Step A: pick this stage's planning card in secret."""

    type: Literal["plan"] = "plan"
    card: str


@cache
def plan_of(card: str) -> ChoosePlanningCard:
    """Choosing `card`, made once (as `move_of`)."""
    return ChoosePlanningCard(card=card)


class Move(Frozen):
    """Move the agent to `to` by a shortest path along the streets, 1 AP per space.

    The rules pick the path (the first shortest one in the board's order), so each
    destination is one action.
    """

    type: Literal["move"] = "move"
    agent: str
    to: str
    item: str | None = None
    """A city map used to go straight to a location of the agent's sector."""


@cache
def move_of(agent: str, to: str) -> Move:
    """The walk of `agent` to `to`, made once: it is frozen, so every list of legal actions
    shares it (listing them is most of what a random playout does)."""
    return Move(agent=agent, to=to)


class Converse(Frozen):
    """Initiate a conversation with an enemy agent on the same space (1 AP)."""

    type: Literal["converse"] = "converse"
    agent: str
    target: str
    items: tuple[str, ...] = ()
    """Held items whose conversation bonus the agent uses (revealed and, unless durable, spent)."""
    trait: bool = False
    """Use the agent's special trait (e.g. Ingrid Heizer's +2)."""


@cache
def converse_of(agent: str, target: str, items: tuple[str, ...], trait: bool) -> Converse:
    """A conversation, made once (as `move_of`): every listing of a meeting lists them."""
    return Converse(agent=agent, target=target, items=items, trait=trait)


class Search(Frozen):
    """Search the location the agent stands on (2 AP)."""

    type: Literal["search"] = "search"
    agent: str


@cache
def search_of(agent: str) -> Search:
    """`agent`'s search, made once (as `move_of`)."""
    return Search(agent=agent)


class PassMission(Frozen):
    """Mission Cards, 3A/4: the network chief and an own agent meet in a sector without enemy
    agents; the activated one of them passes `mission` (chosen by the player) to `receiver` (1 AP)."""

    type: Literal["pass_mission"] = "pass_mission"
    agent: str
    receiver: str
    mission: str


class UseItem(Frozen):
    """Use an item whose effect is not part of another action (a typewriter, a bribe)."""

    type: Literal["use_item"] = "use_item"
    agent: str
    item: str


class DiscardTopSecret(Frozen):
    """Discard a Top Secret card the activated agent holds ("Top Secret": the Black Audi)."""

    type: Literal["discard_top_secret"] = "discard_top_secret"
    agent: str


class Arrest(Frozen):
    """Arrest Action: an agent able to arrest, on a space with a Polish agent with >= 6 evidence."""

    type: Literal["arrest"] = "arrest"
    agent: str
    target: str
    interrogate: bool = False
    """Interrogate at once if the arrest succeeds (the example's "decides to perform an interrogation")."""


class Interrogate(Frozen):
    """Interrogate an arrested agent: an SS officer in the jail, once per stage per pair (1 AP)."""

    type: Literal["interrogate"] = "interrogate"
    agent: str
    prisoner: str


class Kidnap(Frozen):
    """Release of the Arrested, 1: kidnap a lone non-SS German agent (>= 6 evidence) for exchange."""

    type: Literal["kidnap"] = "kidnap"
    agent: str
    target: str


class ExchangePlace(Frozen):
    """The prisoner exchange after a kidnapping: where the freed agent goes (and which one)."""

    type: Literal["exchange"] = "exchange"
    agent: str
    space: str


class Assassinate(Frozen):
    """Assassination Action: with a mission that orders it and a weapon (1 AP)."""

    type: Literal["assassinate"] = "assassinate"
    agent: str
    target: str
    weapon: str


class PlaceThreat(Frozen):
    """Step C: set out a drawn threat token (German: locations; Polish: streets without enemies)."""

    type: Literal["place_threat"] = "place_threat"
    token: str
    space: str


@cache
def place_threat_of(token: str, space: str) -> PlaceThreat:
    """Setting out `token` on `space`, made once (as `move_of`)."""
    return PlaceThreat(token=token, space=space)


class TriggerThreat(Frozen):
    """The owner's answer when an enemy agent is on his face-down token: bring it into play or not."""

    type: Literal["trigger"] = "trigger"
    trigger: bool


TRIGGER, NO_TRIGGER = TriggerThreat(trigger=True), TriggerThreat(trigger=False)
"""The owner's two answers, made once (as `move_of`'s walks)."""


class DiscardThreat(Frozen):
    """Threat Tokens, 4: try to discard the enemy token on the agent's space (1 AP; 2d6 > alertness)."""

    type: Literal["discard_threat"] = "discard_threat"
    agent: str


@cache
def discard_threat_of(agent: str) -> DiscardThreat:
    """`agent`'s try at the token on his space, made once (as `move_of`)."""
    return DiscardThreat(agent=agent)


class UseSupport(Frozen):
    """Before a test roll: reveal one of your support tokens from the board (+1 own test, -1 enemy's)."""

    type: Literal["support"] = "support"
    token: str | None = None


@cache
def support_of(token: str | None) -> UseSupport:
    """Revealing `token` (None: no support), made once (as `move_of`)."""
    return UseSupport(token=token)


class KeepItem(Frozen):
    """After a search: keep the drawn item."""

    type: Literal["keep"] = "keep"


class ItemAsEvidence(Frozen):
    """After a search: discard the drawn item as evidence against the enemy agent of `colour`."""

    type: Literal["evidence"] = "evidence"
    colour: str


class EndActivation(Frozen):
    type: Literal["end_activation"] = "end_activation"


class GiveUp(Frozen):
    """Give up activating agents for the rest of the stage."""

    type: Literal["give_up"] = "give_up"


END_ACTIVATION, GIVE_UP = EndActivation(), GiveUp()
"""Made once, as `move_of`'s walks: most lists of legal actions hold one or both."""


class KeepTrackWhole(Frozen):
    """Campaign carry-over: the winner leaves one track unhalved (`colour`), or none."""

    type: Literal["keep_track"] = "keep_track"
    colour: str | None = None


class PlaceAgent(Frozen):
    """Set-up of training scenarios 2 and 3: place an agent (either side's) in a location."""

    type: Literal["place"] = "place"
    agent: str
    location: str


@cache
def place_agent_of(agent: str, location: str) -> PlaceAgent:
    """Placing `agent` in `location`, made once (as `move_of`)."""
    return PlaceAgent(agent=agent, location=location)


class KeepItemForNextGame(Frozen):
    """Campaign bonus of training scenario 2: the winner keeps one acquired item (or none)."""

    type: Literal["keep_for_next"] = "keep_for_next"
    item: str | None = None


class ChooseKlossDocument(Frozen):
    """Agent Document, before the game: the Polish player picks Kloss's document (offered at
    the table when an exposed Kloss "must be changed to another", Training Campaign)."""

    type: Literal["kloss_document"] = "kloss_document"
    document: str


class PlayLocationCard(Frozen):
    """Location Cards, 3: the activated `agent`, standing in the card's location, uses its
    special action on `target` (an agent or a colour) and, where it puts a figure, `space`."""

    type: Literal["location_card"] = "location_card"
    agent: str
    card: str
    target: str | None = None
    space: str | None = None


@cache
def card_use_of(agent: str, card: str, target: str | None, space: str | None) -> PlayLocationCard:
    """A location card's use, made once (as `move_of`): every listing in its location lists it."""
    return PlayLocationCard(agent=agent, card=card, target=target, space=space)


class CardForAP(Frozen):
    """Location Cards, 4: discard a location card for 2 AP in the pool (one a stage)."""

    type: Literal["card_ap"] = "card_ap"
    card: str


class UseHideout(Frozen):
    """Location Cards, 5: `agent`, in the card's location, discards it and draws a random
    mission card instead of the special action."""

    type: Literal["hideout"] = "hideout"
    agent: str
    card: str


class HideRadioStation(Frozen):
    """I Know Who You Are: the Polish player hides the radio station in `location` (secret)."""

    type: Literal["hide_radio"] = "hide_radio"
    location: str


class NameRadioSector(Frozen):
    """I Know Who You Are: the second sector the Polish player names beside the radio's own."""

    type: Literal["radio_sector"] = "radio_sector"
    sector: str


class Transmit(Frozen):
    """I Know Who You Are: Kloss, with two Polish secrets, transmits the report from the radio
    station's location (1 AP)."""

    type: Literal["transmit"] = "transmit"
    agent: str


class DiscardReaction(Frozen):
    """Reaction Cards, 5: over the limit of 3 after a draw, discard one reaction card."""

    type: Literal["discard_reaction"] = "discard_reaction"
    card: str


class PlayReaction(Frozen):
    """Reaction Cards, 3: answer the enemy action the window opened for with `card` (None:
    no reaction); `target` (an own agent), `space` and `items` as its half asks."""

    type: Literal["reaction"] = "reaction"
    card: str | None = None
    target: str | None = None
    space: str | None = None
    items: tuple[str, ...] = ()
    """Conversation items the own agent reveals for the reciprocity rule's roll."""


class BlockReaction(Frozen):
    """Reaction Cards, 4: cancel the card played against you with `card`, one of the same
    colour with the block symbol (None: let it take effect)."""

    type: Literal["block"] = "block"
    card: str | None = None


class DriveAudi(Frozen):
    """ "Top Secret", The Black Audi: the German player drives the car to `to` along the
    streets (the factory and the barracks too), 1 AP a space from his pool, at most 5 a
    stage; a whole activation."""

    type: Literal["drive_audi"] = "drive_audi"
    to: str
    agent: Literal["black_audi"] = "black_audi"
    """The figure driven: the table picks the car up as it picks up an agent."""


class AttackAudi(Frozen):
    """ "Top Secret", The Black Audi: Polish `agent` (not Kloss) attacks the car carrying
    Dr Pulkowski with `weapon`, without a mission (an assassination)."""

    type: Literal["attack_audi"] = "attack_audi"
    agent: str
    weapon: str


class NudgeAudi(Frozen):
    """ "Top Secret", Top Secret Cards: after discarding a Top Secret card, move the Black Audi
    2 spaces to `to` (None: leave it)."""

    type: Literal["nudge_audi"] = "nudge_audi"
    to: str | None = None


class MoveThreat(Frozen):
    """ "Top Secret", after a secret from a conversation: move the own face-down threat token
    on `space` to `to`, a space where the seat may set one out."""

    type: Literal["move_threat"] = "move_threat"
    space: str
    to: str


class DrawThreat(Frozen):
    """ "Top Secret", after a secret from a conversation: draw a new threat token and set it out."""

    type: Literal["draw_threat"] = "draw_threat"


class KeepThreats(Frozen):
    """ "Top Secret", after a secret from a conversation: leave the threat tokens as they stand."""

    type: Literal["keep_threats"] = "keep_threats"


StawkaAction = (
    ChoosePlanningCard
    | Move
    | Converse
    | Search
    | KeepItem
    | ItemAsEvidence
    | EndActivation
    | GiveUp
    | KeepTrackWhole
    | PlaceAgent
    | KeepItemForNextGame
    | PassMission
    | UseItem
    | DiscardTopSecret
    | Arrest
    | Interrogate
    | Kidnap
    | ExchangePlace
    | Assassinate
    | PlaceThreat
    | TriggerThreat
    | DiscardThreat
    | UseSupport
    | ChooseKlossDocument
    | PlayLocationCard
    | CardForAP
    | UseHideout
    | DiscardReaction
    | PlayReaction
    | BlockReaction
    | HideRadioStation
    | NameRadioSector
    | Transmit
    | DriveAudi
    | AttackAudi
    | NudgeAudi
    | MoveThreat
    | DrawThreat
    | KeepThreats
)

ACTION_ADAPTER: TypeAdapter[StawkaAction] = TypeAdapter(Annotated[StawkaAction, Field(discriminator="type")])
