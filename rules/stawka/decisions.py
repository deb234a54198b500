"""Every kind of decision a Stawka game waits for, one typed model each (`rules.core.decisions`).

The state's ``pending`` stack holds the out-of-turn ones (top last): a seat's secret
planning card, the keep-or-evidence choice after a search, the owner's window on a
threat token, support tokens before a test roll, the prisoner exchange, setting out
threat tokens, placing agents, Kloss's document, the winner's carry-over choices.
When the stack is empty, the decision is the activation turn itself (`Turn`, Stage, F).
Who decides, the legal actions and the handler of each kind are declared once, in
the title's `Rulebook` (`rules.stawka.title`).

A kind's string is also what the view shows of the stack and what the table's
message keys are named after (``stawka.status.<kind>``), so it never changes.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rules.core import Decision


class Planning(Decision):
    """Stage, A: one seat chooses this stage's planning card in secret."""

    kind: Literal["planning"] = "planning"


class Turn(Decision):
    """Stage, F: the seat whose turn it is activates an agent (or goes on with him)."""

    kind: Literal["activation"] = "activation"


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


class SupportWindow(Decision):
    """Threat Tokens, example: before a test roll the seat may reveal one of its support tokens."""

    kind: Literal["support"] = "support"


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
    | SupportWindow,
    Field(discriminator="kind"),
]
"""A decision on the pending stack (the activation `Turn` is never stacked)."""
