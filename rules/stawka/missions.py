"""Mission cards (rulebook, "Mission Cards", EXTENDED; training scenario 2's VP).

An agent holds at most one mission card.  He gets one when his network chief and he meet
in a sector without enemy agents (the activated one of them spends 1 AP; the player
chooses the card), or at random from an item (a typewriter) or a hideout (advanced).
Fritz Kopf, the only black SS officer with missions, takes them only from items or
hideouts; Kloss, Brunner and Stedtke have none.  Missions stay hidden from the opponent
until completed.  Completing the basic or the special mission pays the scenario's VP
(training 2: 2 and 4); a special mission also yields a secret (the content says which
do).  Our reading: the card is then put aside and the agent may take another.

Goals are checked from what just happened (the events of an action) and from the state
(evidence gathered, items held) after every action.
"""

from __future__ import annotations

from functools import cache

from rules.core import Dice, Event, IllegalAction
from rules.stawka import film_hooks
from rules.stawka.actions import PassMission
from rules.stawka.activation import activated, settle, spend_ap
from rules.stawka.board import board_of
from rules.stawka.content import Goal, MissionCard, load_content
from rules.stawka.costs import ap_cost
from rules.stawka.documents import ap_left, document
from rules.stawka.state import AgentState, StawkaState, Turn


def card(mission_id: str) -> MissionCard:
    return _cards()[mission_id]  # KeyError for a card that is none of the box's


@cache
def _cards() -> dict[str, MissionCard]:
    """The mission cards by id, the first of an id (found once: every step of the rules
    checks the missions held; callers must not change the mapping)."""
    cards: dict[str, MissionCard] = {}
    for mission in load_content().missions:
        cards.setdefault(mission.id, mission)
    return cards


def initial_decks(agent_ids: tuple[str, ...], documents: dict[str, str]) -> dict[str, tuple[str, ...]]:
    content = load_content()
    return {
        agent: tuple(m.id for m in content.missions_of(agent))
        for agent in agent_ids
        if content.document(documents[agent]).missions
    }


def sector_free_of_enemies(state: StawkaState, agent: AgentState) -> bool:
    """Mission Cards, 3A: "In a sector without enemy agents": no free enemy agent on any of
    the sector's spaces; a prisoner in the jail does not count (our reading, README)."""
    board = board_of(state.scenario)
    sector = board.sector_of[agent.space]
    return not any(
        e.side != agent.side and e.status == "free" and board.sector_of[e.space] == sector
        for e in state.agents
    )


def may_receive_from_chief(state: StawkaState, agent: AgentState) -> bool:
    doc = document(state, agent.id)
    return (
        agent.mission is None
        and doc.missions
        and not doc.missions_only_from_items_or_hideouts
        and bool(state.missions_left.get(agent.id))
    )


def legal_passes(state: StawkaState, agent: AgentState) -> list[PassMission]:
    """Mission, 3A: the chief with an own agent on his space, no enemy agent in the sector."""
    act = state.activation
    if (
        state.rule_level == "basic"
        or (act is not None and act.acted)
        or ap_left(state, agent) < ap_cost("mission")
    ):
        return []
    mates = [a for a in state.agents_at(agent.space) if a.side == agent.side and a.id != agent.id]
    if not mates or not sector_free_of_enemies(state, agent):  # no mate here: most of the time
        return []
    chief_here = document(state, agent.id).chief
    passes: list[PassMission] = []
    for mate in mates:
        if not (chief_here or document(state, mate.id).chief):
            continue
        receivers = [
            r for r in (agent, mate) if not document(state, r.id).chief and may_receive_from_chief(state, r)
        ]
        for receiver in receivers:
            passes.extend(
                PassMission(agent=agent.id, receiver=receiver.id, mission=m)
                for m in state.missions_left[receiver.id]
            )
    return passes


def pass_mission(
    state: StawkaState, turn: Turn, action: PassMission, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    seat = turn.seat
    state, agent = activated(state, seat, action.agent)
    act = state.activation
    assert act is not None
    if action not in legal_passes(state, agent):
        raise IllegalAction(
            "A mission passes when the network chief meets an own agent in a sector without enemy agents, "
            "to an agent without a mission.",
            "stawka.refusal.mission_pass",
        )
    state, agent = spend_ap(state, agent, ap_cost("mission"))
    receiver = state.agent(action.receiver)
    state = give_mission(state, receiver, action.mission).model_copy(
        update={"activation": act.model_copy(update={"acted": True, "moved_before_action": act.moved > 0})}
    )
    events = [
        Event(
            kind="mission", key="stawka.mission_passed", params={"agent": agent.id, "receiver": receiver.id}
        ),
        Event(
            kind="mission_card",
            key="stawka.mission_card",
            params={"agent": receiver.id, "mission": action.mission},
            visible_to=(seat,),
        ),
    ]
    return settle(state, events)


def give_mission(state: StawkaState, agent: AgentState, mission_id: str) -> StawkaState:
    left = tuple(m for m in state.missions_left[agent.id] if m != mission_id)
    return state.with_agent(
        agent.model_copy(update={"mission": mission_id, "threats_discarded": 0})
    ).model_copy(update={"missions_left": {**state.missions_left, agent.id: left}})


def draw_mission(state: StawkaState, agent: AgentState, dice: Dice) -> tuple[StawkaState, str | None]:
    """Mission, 5: from an item or a hideout the card is drawn at random."""
    left = state.missions_left.get(agent.id, ())
    if agent.mission is not None or not left:
        return state, None
    mission = dice.choice(left)
    return give_mission(state, agent, mission), mission


# -- completing missions -------------------------------------------------------------


def _colour_ok(goal: Goal, colour: str | None) -> bool:
    return goal.colour is None or goal.colour == colour


def goal_met(state: StawkaState, agent: AgentState, goal: Goal, events: list[Event]) -> bool:
    """Whether `goal` is met by `agent` now, given what just happened."""
    side = state.sides[agent.side]
    mine = [e for e in events if e.params.get("agent") == agent.id]
    if goal.kind == "visit_location":
        return any(e.key == "stawka.activation_end" for e in mine) and agent.space == goal.location
    if goal.kind == "search_location":
        return any(e.key == "stawka.searched" and e.params.get("location") == goal.location for e in mine)
    if goal.kind == "meet_own_agent":
        here = [
            a
            for a in state.agents_at(agent.space)
            if a.side == agent.side and a.id != agent.id and _colour_ok(goal, a.colour)
        ]
        return bool(here) and (goal.location is None or agent.space == goal.location)
    if goal.kind == "converse":
        return any(
            e.key
            in ("stawka.conversation_single", "stawka.conversation_double", "stawka.conversation_secret")
            and _colour_ok(goal, state.agent(str(e.params["target"])).colour)
            for e in mine
        )
    if goal.kind in ("secret", "assassinate", "arrest", "kidnap"):
        key = {
            "secret": "stawka.conversation_secret",
            "assassinate": "stawka.liquidated_by",
            "arrest": "stawka.arrested",
            "kidnap": "stawka.kidnapped",
        }[goal.kind]
        return any(
            e.key == key and _colour_ok(goal, state.agent(str(e.params["target"])).colour) for e in mine
        )
    if goal.kind == "evidence":
        return goal.colour is not None and side.evidence.get(goal.colour, 0) >= goal.count
    if goal.kind == "hold_item":
        return len(agent.items) >= goal.count
    if goal.kind == "discard_threat":
        return agent.threats_discarded >= goal.count
    return False


def check_missions(state: StawkaState, events: list[Event]) -> tuple[StawkaState, list[Event]]:
    """Pay every mission completed by what just happened (special first: it pays more)."""
    if state.rule_level == "basic":
        return state, []
    found: list[Event] = []
    for agent in state.agents:
        if agent.mission is None or agent.status == "liquidated":
            continue
        mission = card(agent.mission)
        for level, goal in (("special", mission.special), ("basic", mission.basic)):
            if agent.status == "arrested" or not goal_met(state, agent, goal, events):
                continue
            side = state.sides[agent.side]
            victory = load_content().scenario(state.scenario).victory
            vp = victory.vp_special_mission if level == "special" else victory.vp_basic_mission
            secret = level == "special" and mission.special_secret
            side = side.model_copy(update={"vp": side.vp + vp, "secrets": side.secrets + int(secret)})
            state = state.with_side(agent.side, side).with_agent(agent.model_copy(update={"mission": None}))
            state = state.model_copy(update={"missions_done": (*state.missions_done, mission.id)})
            state = film_hooks.mission_done(state, agent, level)
            found.append(
                Event(
                    kind="mission_done",
                    key=f"stawka.mission_{level}",
                    params={"agent": agent.id, "mission": mission.id, "seat": agent.side, "vp": vp},
                    reveals=True,
                )
            )
            break
    return state, found
