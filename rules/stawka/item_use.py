"""Items used on their own (rulebook, "Item Tiles", 3; "Mission Cards", 3B).

Only the activated agent holding an item may use it; it costs no AP; without the *
symbol it leaves the game after one use.  A typewriter draws a random mission card for
its holder (extended rules); a bribe removes evidence against its holder from the enemy's
track (ours); a stamp with a document makes a Top Secret card (`rules.stawka.top_secret`).
Items that strengthen an action (flowers, weapons, a city map) are used
as part of that action.
"""

from __future__ import annotations

from rules.core import Dice, Event, IllegalAction
from rules.stawka import top_secret
from rules.stawka.actions import UseItem
from rules.stawka.activation import activated, settle
from rules.stawka.investigation import lower_evidence
from rules.stawka.items import held_of_kind, item, spend
from rules.stawka.missions import draw_mission
from rules.stawka.state import AgentState, StawkaState, Turn, other


def legal_item_uses(state: StawkaState, agent: AgentState) -> list[UseItem]:
    if not agent.items:  # each use below is of an item held: most agents hold none
        return []
    uses: list[UseItem] = []
    if state.rule_level != "basic" and agent.mission is None and state.missions_left.get(agent.id):
        uses.extend(UseItem(agent=agent.id, item=i.id) for i in held_of_kind(agent, "mission")[:1])
    if state.sides[other(agent.side)].evidence.get(agent.colour, 0) > 0:
        uses.extend(UseItem(agent=agent.id, item=i.id) for i in held_of_kind(agent, "bribe")[:1])
    uses.extend(top_secret.legal_makes(state, agent))
    return uses


def use_item(state: StawkaState, turn: Turn, action: UseItem, dice: Dice) -> tuple[StawkaState, list[Event]]:
    seat = turn.seat
    state, agent = activated(state, seat, action.agent)
    if action not in legal_item_uses(state, agent):
        raise IllegalAction("The agent cannot use that item now.", "stawka.refusal.item_now")
    used = item(action.item)
    if used.effect.kind == "stamp":
        state, events = top_secret.make(state, agent, used.id)
        return settle(state, events)
    events = [
        Event(
            kind="item_used",
            key="stawka.item_used",
            params={"agent": agent.id, "item": used.id},
            reveals=True,
        )
    ]
    if used.effect.kind == "mission":
        state, mission = draw_mission(state, agent, dice)
        events.append(
            Event(
                kind="mission_card",
                key="stawka.mission_card",
                params={"agent": agent.id, "mission": mission or ""},
                visible_to=(seat,),
            )
        )
    else:
        state, event = lower_evidence(state, agent, used.effect.amount, "stawka.bribed")
        events.append(event)
    agent, gone = spend(state.agent(agent.id), (used.id,))
    state = state.with_agent(agent).model_copy(update={"removed_items": state.removed_items + gone})
    return settle(state, events)
