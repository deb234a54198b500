"""The stage, steps A-H (rulebook, "Planning Cards and Stages", "Stage").

A. Both players choose a planning card in secret (one pending decision per seat, taken
   behind the curtain) and reveal them together.
B. Lower priority activates first; a tie in stage 1 is settled by a die each (lower
   goes first), later ties keep the previous stage's order.
C. Threat tokens (extended rules, `rules.stawka.threats`).
D-E. Reaction cards as the planning card says, location cards up to the scenario's limit
   (advanced rules, `rules.stawka.reactions`, `rules.stawka.location_cards`).
F. Alternate activations while AP lasts (`rules.stawka.activation`).
G. Used planning cards are put aside; they return only when both have used their fourth.
H. The time marker moves on the stage track.
"""

from __future__ import annotations

from functools import cache

from rules.core import Dice, Event, IllegalAction, Progress, Seat
from rules.stawka import location_cards, reactions, threats
from rules.stawka.actions import ChoosePlanningCard, plan_of
from rules.stawka.content import PlanningCard, load_content
from rules.stawka.documents import document
from rules.stawka.items import held_of_kind, item
from rules.stawka.state import GERMAN, POLISH, SEATS, AgentState, Planning, SideState, StawkaState

CARDS_BEFORE_RETURN = 4
"""Stage, G: "Only after both Players have used the fourth planning card (of five) ..."."""


@cache
def planning_cards(seat: Seat) -> tuple[PlanningCard, ...]:
    """The five planning cards of a side, in priority order."""
    return tuple(
        sorted((c for c in load_content().planning_cards if c.side == seat), key=lambda c: c.priority)
    )


def planning_card(card_id: str) -> PlanningCard:
    for seat in SEATS:
        for card in planning_cards(seat):
            if card.id == card_id:
                return card
    raise KeyError(card_id)


PLANNING = (Planning(seat=GERMAN), Planning(seat=POLISH))
"""Step A's decisions, made once: every stage stacks them."""


def planning_pending() -> tuple[Planning, Planning]:
    """Step A: the Polish player chooses first, then the German (top of the stack is last)."""
    return PLANNING


def legal_cards(state: StawkaState, decision: Planning) -> list[ChoosePlanningCard]:
    return list(map(plan_of, state.sides[decision.seat].hand))


def choose_card(
    state: StawkaState, decision: Planning, action: ChoosePlanningCard, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """Step A: one seat's secret choice; when both have chosen, reveal (steps A-B)."""
    seat, card_id = decision.seat, action.card
    side = state.sides[seat]
    if side.chosen is not None:
        raise IllegalAction("You have already chosen this stage's planning card.", "stawka.refusal.planned")
    if card_id not in side.hand:
        raise IllegalAction(
            "That planning card is not in your hand: it was used earlier in this cycle.",
            "stawka.refusal.planning_card",
        )
    state = state.with_side(seat, side.model_copy(update={"chosen": card_id}), pending=state.pending[:-1])
    events = [Event.made(kind="planned", key="stawka.planned", params={"seat": seat})]
    if any(isinstance(p, Planning) for p in state.pending):
        return state, events
    return reveal(state, dice, events)


def reveal(state: StawkaState, dice: Dice, events: list[Event]) -> tuple[StawkaState, list[Event]]:
    """Steps A-B: reveal both cards, fill the AP pools, settle priority."""
    cards = {seat: planning_card(state.sides[seat].chosen or "") for seat in SEATS}
    for seat in SEATS:
        side = state.sides[seat]
        state = state.with_side(seat, side.model_copy(update={"revealed": True, "ap": cards[seat].ap}))
        events.append(
            Event.made(
                kind="reveal",
                key="stawka.card_revealed",
                params={
                    "seat": seat,
                    "card": cards[seat].id,
                    "priority": cards[seat].priority,
                    "ap": cards[seat].ap,
                },
                reveals=True,
            )
        )
    first = first_player(state, cards, dice, events)
    events.append(Event.made(kind="priority", key="stawka.first", params={"seat": first}))
    state = state.model_copy(update={"first": first, "turn": first})
    if state.rule_level != "basic":
        state, dealt = threats.deal(state, first, dice)
        events.extend(dealt)
    if state.rule_level == "advanced":
        for seat in SEATS:
            state, drawn = reactions.draw(state, seat, cards[seat].reaction_cards, dice, after=True)
            events.extend(drawn)
        state, drawn = location_cards.top_up(state)
        events.extend(drawn)
    return state, events


def first_player(
    state: StawkaState, cards: dict[Seat, PlanningCard], dice: Dice, events: list[Event]
) -> Seat:
    """Step B: lower priority first; ties by dice in stage 1, else as in the previous stage."""
    polish, german = cards[POLISH].priority, cards[GERMAN].priority
    if polish != german:
        return POLISH if polish < german else GERMAN
    if state.stage > 1 and state.first is not None:
        return state.first
    while True:
        rolls = {seat: dice.d6() for seat in SEATS}
        events.append(
            Event(
                kind="roll",
                key="stawka.priority_roll",
                params={"polish": rolls[POLISH], "german": rolls[GERMAN]},
                data={"dice": [rolls[POLISH], rolls[GERMAN]]},
                reveals=True,
            )
        )
        if rolls[POLISH] != rolls[GERMAN]:
            return POLISH if rolls[POLISH] < rolls[GERMAN] else GERMAN


def end_stage(state: StawkaState) -> tuple[StawkaState, list[Event]]:
    """Steps G-H: put the cards aside, reset the stage's bookkeeping, move the time marker."""
    events = [Event.made(kind="stage_end", key="stawka.stage_end", params={"stage": state.stage})]
    sides = {}
    for seat in SEATS:
        side = state.sides[seat]
        used = (*side.used, side.chosen) if side.chosen else side.used
        sides[seat] = side.model_copy(
            update={
                "used": used,
                "chosen": None,
                "revealed": False,
                "ap": 0,
                "gave_up": False,
                "converted": False,
                "talk_bonus": 0,
            }
        )
    if all(len(s.used) >= CARDS_BEFORE_RETURN for s in sides.values()):
        events.append(Event.made(kind="cards_return", key="stawka.cards_return"))
        sides = {seat: s.model_copy(update={"used": ()}) for seat, s in sides.items()}
    sides = {
        seat: s.model_copy(update={"hand": tuple(c.id for c in planning_cards(seat) if c.id not in s.used)})
        for seat, s in sides.items()
    }
    agents = tuple(_rested(state, agent) for agent in state.agents)
    removed = state.removed_items + tuple(
        i
        for before, after in zip(state.agents, agents, strict=True)
        for i in before.items
        if i not in after.items
    )
    state = state.model_copy(
        update={
            "sides": sides,
            "agents": agents,
            "removed_items": removed,
            "talked": (),
            "turn": None,
            "activation": None,
            "stage": state.stage + 1,
        }
    )
    return state, events


def _rested(state: StawkaState, agent: AgentState) -> AgentState:
    """A new stage: AP used and per-stage traits reset.

    Officer's boots without the * symbol are spent by the stage in which the agent used
    AP beyond his document's limit (our reading of "Influence of items").
    """
    if not (agent.ap_used or agent.tired or agent.trait_used_stage or agent.held):
        return agent  # rested already (no copy: most agents of a stage never moved)
    items = agent.items
    base = document(state, agent.id).ap_limit
    if agent.ap_used > base:
        spent = [b.id for b in held_of_kind(agent, "boots") if not item(b.id).durable]
        items = tuple(i for i in items if i not in spent[:1])
    return agent.model_copy(
        update={"ap_used": 0, "tired": 0, "trait_used_stage": False, "items": items, "held": False}
    )


def start_planning(state: StawkaState) -> StawkaState:
    """Step A of a new stage."""
    return state.model_copy(update={"pending": planning_pending()})


def fresh_side(seat: Seat, evidence: dict[str, int], threat_pool: tuple[str, ...] = ()) -> SideState:
    return SideState(
        hand=tuple(c.id for c in planning_cards(seat)), evidence=evidence, threat_pool=threat_pool
    )


def progress(state: StawkaState, title_id: str) -> Progress:
    """Where the time marker stands (step H), as a save says how far its game came: for
    Stawka and for a title built on its stages (Godzina policyjna), under its own key."""
    return Progress(key=f"{title_id}.progress", params={"stage": min(state.stage, state.stage_count)})
