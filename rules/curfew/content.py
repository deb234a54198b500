"""The solo scenario's own content (`data/curfew.toml`), checked against Stawka's box.

Godzina policyjna plays on Stawka's components: documents, sectors, item tiles, threat
tokens and location cards are Stawka's content (`rules.stawka.content`), and the board,
the stage count and the VP of missions are the Stawka scenario record ``curfew``.  What
only this scenario says - who plays, the German location deck, the threat tokens in
play, the evidence to spread, the VP of a secret by colour, the rating table - is here,
each name checked against Stawka's box when loaded.
"""

from __future__ import annotations

from functools import cache

from pydantic import Field, model_validator

from rules.core.content import data_dir, load_data
from rules.core.model import Frozen
from rules.stawka import content as stawka_content
from rules.stawka.board import board_of
from rules.stawka.content import COLOURS, AgentDocument, LocationCard

SCENARIO = "curfew"
"""The Stawka scenario record of the board, the stages and the missions' VP."""


class Rating(Frozen):
    """A band of the rating table ("Ocena wyników"): from `low` VP up to the next band."""

    id: str
    low: int


class Measured(Frozen):
    """A level's mean score over `games` games (`CurfewTitle.level_record`)."""

    mean: float
    games: int = Field(ge=1)


class CurfewContent(Frozen):
    polish_agents: tuple[str, ...] = Field(min_length=4, max_length=4)
    """The scenario's Polish network, Kloss first."""
    german_agents: tuple[str, ...] = Field(min_length=4, max_length=4)
    german_colours: tuple[str, ...]
    """The colours the player assigns the German agents ("Przygotowanie niemieckich agentów")."""
    threat_tokens: tuple[str, ...]
    """The only German threat tokens in play: document checks +1, +1, +2, +3."""
    german_deck: tuple[str, ...]
    """The German location cards of the scenario's deck."""
    evidence_to_spread: int = Field(ge=0, le=40)
    worked_out_at: int = Field(ge=1, le=10)
    """German evidence on Kloss at which he is worked out (the scenario's NOTE: 10)."""
    arrests_to_lose: int = Field(ge=1)
    secret_vp: dict[str, int]
    """VP of a secret learnt from a German agent of each colour (the reading in the data)."""
    ratings: tuple[Rating, ...] = Field(min_length=1)
    measured: dict[str, Measured] = Field(default_factory=dict)
    """The computer's levels (bot ids) -> what they scored when measured."""

    @model_validator(mode="after")
    def _names_exist_in_stawka(self) -> CurfewContent:
        box = stawka_content.load_content()
        board = board_of(SCENARIO)
        for agent, side in [
            *((a, "polish") for a in self.polish_agents),
            *((a, "german") for a in self.german_agents),
        ]:
            documents = [d for d in box.documents if d.agent == agent]
            if not documents or documents[0].side != side:
                raise ValueError(f"{agent} is not a {side} agent of Stawka")
        if (
            box.documents_of(self.polish_agents[0])[0].colour != "black"
            or not box.documents_of(self.polish_agents[0])[0].chief
        ):
            raise ValueError("the first Polish agent must be the network chief, Kloss")
        if sorted(self.german_colours) != sorted(COLOURS) or sorted(self.secret_vp) != sorted(COLOURS):
            raise ValueError("the German colours and the secrets' VP name each colour once")
        kinds = {t.id: (t.side, t.kind) for t in box.threats}
        for token in self.threat_tokens:
            if kinds.get(token) != ("german", "document_check"):
                raise ValueError(f"{token} is not a German document check token")
        cards = {c.id: c for c in box.location_cards}
        for card in self.german_deck:
            found = cards.get(card)
            if found is None or found.side != "german" or found.location not in board.locations:
                raise ValueError(f"{card} is not a German location card of a location on the board")
        if len(set(self.german_deck)) != len(self.german_deck):
            raise ValueError("a German location card is listed twice")
        lows = [r.low for r in self.ratings]
        if lows != sorted(set(lows)):
            raise ValueError("the rating bands must rise")
        return self

    def rating(self, vp: float) -> Rating:
        """The band of the rating table `vp` (a score, or a mean of scores) falls in."""
        return [r for r in self.ratings if r.low <= vp][-1] if vp >= self.ratings[0].low else self.ratings[0]

    def chief(self) -> str:
        return self.polish_agents[0]


@cache
def load_content() -> CurfewContent:
    """The scenario's content, validated against Stawka's (cached: it never changes)."""
    return load_data(CurfewContent, data_dir(__file__), {"curfew.toml": tuple(CurfewContent.model_fields)})


def polish_choices(colour: str) -> tuple[str, ...]:
    """Przygotowanie polskich agentów: the Polish agents of `colour` an advanced player may
    pick instead of the scenario's (one agent of each colour besides Kloss)."""
    return tuple(
        d.agent
        for d in stawka_content.load_content().documents
        if d.side == "polish" and d.colour == colour and not d.chief and d.id == d.agent
    )


def replacements(in_play: tuple[str, ...]) -> tuple[str, ...]:
    """The German characters of the box not in play: an eliminated German agent's successor
    is drawn from these (the scenario's NOTE on eliminated German agents)."""
    return tuple(
        sorted(
            {
                d.agent
                for d in stawka_content.load_content().documents
                if d.side == "german" and d.agent not in in_play
            }
        )
    )


def german_card(card_id: str) -> LocationCard:
    return next(c for c in stawka_content.load_content().location_cards if c.id == card_id)


def document_of(agent: str) -> AgentDocument:
    """The agent's document (only Kloss has several; the option names which he plays)."""
    return stawka_content.load_content().documents_of(agent)[0]
