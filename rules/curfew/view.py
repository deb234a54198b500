"""What the player sees of a game of Godzina policyjna: Stawka's view and the scenario's own.

Hidden from the player: the order of the German location deck and of the Polish
location deck, which document check lies where (the four tokens lie face down), the
item tiles a German agent burnt (nobody saw them), and - as in Stawka - the order of
the item stacks.  The view carries every figure the table shows, computed by the rules:
each German agent's AP left (his limit less what he spent: the Germans have no pool)
and activations this stage, the street spaces the curfew guards, the sectors each
Polish agent may not leave, the score so far and its rating, and the player's own
decisions of this scenario with their options.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

from pydantic import Field

from rules.core import Seat
from rules.curfew.actions import AssignColour, Choose, CurfewAction, SpreadEvidence
from rules.curfew.content import load_content
from rules.curfew.curfew import patrolled
from rules.curfew.germans import ap_left
from rules.curfew.options import GERMAN, POLISH
from rules.curfew.scoring import penalty, score
from rules.curfew.state import ColourChoice, CurfewState, TieBreak
from rules.stawka.actions import StawkaAction
from rules.stawka.view import StawkaView
from rules.stawka.view import view as stawka_view

OwnChoice = Annotated[AssignColour | SpreadEvidence | Choose, Field(discriminator="type")]


class CurfewView(StawkaView):
    german_deck: int
    """German location cards still face down."""
    german_revealed: tuple[str, ...]
    """The German cards revealed so far, the last one this stage's."""
    worked_out: bool
    exposed: bool
    evidence_left: int
    """Of the 10 evidence to spread before play."""
    unassigned: tuple[str, ...]
    """German agents still waiting for their colour (their colour is not theirs yet)."""
    activations: dict[str, int]
    """German agent -> activations this stage (rule A: the first spends half his limit)."""
    patrolled: tuple[str, ...]
    """Street spaces with a German agent: no Polish activation ends there; passing is a test."""
    sealed: dict[str, tuple[str, ...]]
    """Polish agent -> the sectors he may not leave now (curfew C)."""
    escaped: tuple[str, ...]
    burnt: dict[str, int]
    """Location -> how many tiles a German agent burnt there."""
    vp: int
    penalty: int
    score: int
    rating: str
    defeat: str | None
    tie: TieBreak | None
    """A tie the player is asked to break, with its options."""
    choices: tuple[OwnChoice, ...]
    """The player's legal actions of this scenario's own decisions, when he is to act."""


def view(
    state: CurfewState, seat: Seat | None, legal: Sequence[CurfewAction], everything: bool = False
) -> CurfewView:
    """What `seat` sees (`everything`: the German agents' items too, for a replay)."""
    own = tuple(a for a in legal if isinstance(a, (AssignColour, SpreadEvidence, Choose)))
    stawka_legal: list[StawkaAction] = [
        a for a in legal if not isinstance(a, (AssignColour, SpreadEvidence, Choose))
    ]
    base = stawka_view(state, seat, stawka_legal, everything)
    agents = tuple(
        a.model_copy(update={"ap_left": ap_left(state, state.agent(a.id))}) if a.side == GERMAN else a
        for a in base.agents
    )
    top = state.pending[-1] if state.pending else None
    points = score(state)
    return CurfewView(
        # "W grze nie są także używane karty reakcji!" (no reaction cards in the game).
        **{**dict(base), "agents": agents, "reaction_hand_limit": 0},
        german_deck=len(state.german_deck),
        german_revealed=state.german_deck.discard,
        worked_out=state.worked_out,
        exposed=state.exposed,
        evidence_left=state.evidence_left,
        unassigned=tuple(d.agent for d in state.pending if isinstance(d, ColourChoice)),
        activations=dict(state.activations),
        patrolled=tuple(sorted(patrolled(state))),
        sealed={
            a.id: tuple(sorted(state.sealed_sectors(a)))
            for a in state.agents_of(POLISH)
            if a.status == "free" and state.sealed_sectors(a)
        },
        escaped=state.escaped,
        burnt={location: len(tiles) for location, tiles in state.burnt.items()},
        vp=state.sides[POLISH].vp,
        penalty=penalty(state),
        score=points,
        rating=load_content().rating(points).id,
        defeat=state.defeat,
        tie=top if isinstance(top, TieBreak) else None,
        choices=own,
    )
