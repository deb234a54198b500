"""Dice odds a Stawka bot reckons with, from the documents and its own view only.

Conversation ("Conversation", 2-3): a rank test when the initiator ranks lower (a die
that must exceed the difference), then 2d6 plus modifiers against the target's single,
double and secret thresholds; a secret only against an agent with 3+ evidence
("Investigation Track", 4).  Tests against alertness (arrest: 2d6 at most alertness;
discarding a threat token: 2d6 above it) and assassination (2d6 plus a weapon above
defence) are single 2d6 comparisons.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.stawka.content import AgentDocument, ModifierKind, load_content
from rules.stawka.view import AgentView, StawkaView


@cache
def at_least(total: int) -> float:
    """P(2d6 >= total)."""
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= total)
    return hits / 36


def at_most(total: int) -> float:
    """P(2d6 <= total)."""
    return 1.0 - at_least(total + 1)


def doc(view: StawkaView, agent_id: str) -> AgentDocument:
    return document(view.documents[agent_id])


@cache
def document(document_id: str) -> AgentDocument:
    return load_content().document(document_id)


def always(document: AgentDocument, kind: ModifierKind, initiating: bool = True) -> int:
    """The document's always-on trait modifiers of `kind`."""
    return sum(
        m.amount
        for m in document.trait.modifiers
        if m.kind == kind and m.uses == "always" and (initiating or not m.initiator_only)
    )


def optional_bonus(view: StawkaView, agent: AgentView) -> int:
    """A limited-use conversation trait the agent could still use now (Ingrid's +2 a stage)."""
    total = 0
    for m in doc(view, agent.id).trait.modifiers:
        if m.kind != "conversation_roll" or m.uses == "always":
            continue
        if m.uses == "once_per_stage" and agent.trait_used_stage:
            continue
        if m.uses in ("once_per_game", "single_use") and agent.trait_used_game:
            continue
        total += m.amount
    return total


@dataclass(frozen=True)
class TalkOdds:
    """The chances of one conversation: it happens, and then each result."""

    talk: float
    secret: float
    double: float
    single: float

    @property
    def success(self) -> float:
        return self.secret + self.double + self.single


def talk_chance(view: StawkaView, speaker: AgentView, target: AgentView) -> float:
    """Conversation, 2: certain unless the speaker ranks lower; then a die above the gap."""
    mine, theirs = doc(view, speaker.id), doc(view, target.id)
    gap = theirs.rank + always(theirs, "rank") - mine.rank - always(mine, "rank")
    if gap <= 0:
        return 1.0
    bonus = always(mine, "rank_roll")
    return sum(1 for die in range(1, 7) if die + bonus > gap) / 6


def conversation_odds(
    view: StawkaView, seat: str, speaker: AgentView, target: AgentView, extra: int, initiating: bool = True
) -> TalkOdds:
    """The odds of `speaker` (of `seat`) talking to `target` with `extra` from items or a trait."""
    content = load_content()
    evidence = view.sides[seat].evidence.get(target.colour, 0)
    track = content.range_for(evidence)
    bonus = always(doc(view, speaker.id), "conversation_roll", initiating) + extra + track.conversation_bonus
    target_doc = doc(view, target.id)
    harder = always(target_doc, "secret_threshold")
    thresholds = target_doc.thresholds
    secret = at_least(thresholds.secret + harder - bonus) if track.secrets else 0.0
    double = at_least(thresholds.double + harder - bonus) - secret
    single = at_least(thresholds.single + harder - bonus) - secret - double
    chance = talk_chance(view, speaker, target) if initiating else 1.0
    return TalkOdds(talk=chance, secret=secret, double=max(0.0, double), single=max(0.0, single))
