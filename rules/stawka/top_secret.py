"""Top Secret cards (rulebook, "Special Items": "if an agent 'cracks' a chest with documents,
the Player receives this card instead of an item tile"; "Hotel Excelsior": the caskets and
"the Polish Player can 'create' a Top Secret Document using two items: stamp and document";
"Top Secret": discarding one during the activation of the agent holding it).

They are in play in the scenarios whose special rules name ``top_secret_cards``
(`data/scenarios.toml`); elsewhere a casket, a stamp and a document are plain item tiles,
so the scenarios without the cards play as before.  Our readings:

* a casket drawn in a search is still the searcher's keep-or-evidence decision (Search, 3):
  keeping it gives his agent a Top Secret card and the tile leaves the game, face shown;
* the activated Polish agent holding a stamp and a document uses the stamp (costs no AP,
  like any item used on its own, "Item Tiles", 3): both are shown and spent, and he gets a
  card.  Only the Polish side: "Additionally the Polish Player can 'create' a Top Secret
  Document using two items: stamp and document" ("Hotel Excelsior"; the rulebook gives the
  German player no such use, and the cards are "needed for the Polish Player's victory").
  Until the audit of the film scenarios either side could; a German agent's stamp and
  document are plain tiles (kept, or discarded as evidence).  A Top Secret card from a
  casket is either side's ("the Player receives this card", Special Items);
* the cards are all alike and held by an agent, face up (a hand's size is public, and one
  card is every other); they leave the game with an arrested or liquidated agent, as his
  items do (`items.gone_with`);
* the activated agent may discard one at any moment of his activation (no AP, not an
  action); what follows is the scenario's (`film.top_secret_discarded`).
"""

from __future__ import annotations

from rules.core import Dice, Event, IllegalAction
from rules.stawka import film_hooks
from rules.stawka.actions import DiscardTopSecret, UseItem
from rules.stawka.activation import activated, settle
from rules.stawka.content import load_content
from rules.stawka.items import held_of_kind, item, spend
from rules.stawka.state import POLISH, AgentState, StawkaState, Turn

TOP_SECRET_CARDS = "top_secret_cards"
MAKER = POLISH
"""Hotel Excelsior: "Additionally the Polish Player can 'create' a Top Secret Document using
two items: stamp and document"."""


def in_play(state: StawkaState) -> bool:
    """Whether the scenario uses Top Secret cards."""
    return TOP_SECRET_CARDS in load_content().scenario(state.scenario).special_rules


def is_casket(state: StawkaState, item_id: str) -> bool:
    """A casket that gives a Top Secret card in this scenario."""
    return in_play(state) and item(item_id).effect.kind == "casket"


def _gain(state: StawkaState, agent: AgentState, key: str) -> tuple[StawkaState, Event]:
    agent = state.agent(agent.id)
    state = state.with_agent(agent.model_copy(update={"top_secret": agent.top_secret + 1}))
    return state, Event(kind="top_secret", key=key, params={"agent": agent.id}, reveals=True)


def open_casket(state: StawkaState, agent: AgentState, casket: str) -> tuple[StawkaState, list[Event]]:
    """Special Items: the kept casket becomes a Top Secret card; the tile leaves the game."""
    state = state.model_copy(update={"removed_items": (*state.removed_items, casket)})
    state, event = _gain(state, agent, "stawka.top_secret_casket")
    return state, [event]


def legal_makes(state: StawkaState, agent: AgentState) -> list[UseItem]:
    """Using the Polish agent's first stamp, while he also holds a document (`MAKER`)."""
    stamps = held_of_kind(agent, "stamp")
    if agent.side != MAKER or not in_play(state) or not stamps or not held_of_kind(agent, "document"):
        return []
    return [UseItem(agent=agent.id, item=stamps[0].id)]


def make(state: StawkaState, agent: AgentState, stamp: str) -> tuple[StawkaState, list[Event]]:
    """Stamp + document: both shown and spent, and the agent gets a Top Secret card."""
    document = held_of_kind(agent, "document")[0].id
    events = [
        Event(
            kind="item_used", key="stawka.item_used", params={"agent": agent.id, "item": used}, reveals=True
        )
        for used in (stamp, document)
    ]
    agent, gone = spend(agent, (stamp, document))
    state = state.with_agent(agent).model_copy(update={"removed_items": state.removed_items + gone})
    state, event = _gain(state, agent, "stawka.top_secret_made")
    return state, [*events, event]


def legal_discards(state: StawkaState, agent: AgentState) -> list[DiscardTopSecret]:
    return [DiscardTopSecret(agent=agent.id)] if agent.top_secret > 0 else []


def discard(
    state: StawkaState, turn: Turn, action: DiscardTopSecret, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """ "Top Secret": the activated agent discards one of his Top Secret cards."""
    state, agent = activated(state, turn.seat, action.agent)
    if agent.top_secret <= 0:
        raise IllegalAction("The agent holds no Top Secret card.", "stawka.refusal.no_top_secret")
    state = state.with_agent(agent.model_copy(update={"top_secret": agent.top_secret - 1}))
    events = [
        Event(kind="top_secret", key="stawka.top_secret_discarded", params={"agent": agent.id}, reveals=True)
    ]
    state = film_hooks.top_secret_discarded(state, events, turn.seat, agent.id, dice)
    return settle(state, events)
