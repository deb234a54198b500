"""What a location card's special action does ("Location Cards", 2A and 3): one function
per kind of effect (`rules.stawka.content.EffectKind`).

"The interpretation of the card text takes precedence over the rules in the rulebook":
each function carries out its kind for the side playing the card.  The same functions
serve a player whose activated agent stands in the card's location (`agent` given) and
a card revealed by the rules with nobody there (`agent` None: the German deck of the
solo scenario "Godzina policyjna"); kinds done by the agent himself (`NEEDS_AGENT`: a
move, a search, a call, an arrest) have no choices without him.

Each kind has two halves: `choices` lists what the player may choose now - pairs of
(target, space): an agent id or a colour, and where a figure goes - in a stable order,
empty when the card can do nothing; `carry_out` does it for one of them.  Whoever plays
the card chooses: a player among the legal actions, an automated seat by its own
priorities among the same choices.

Readings (ours, as the texts are): a card's move is movement that costs no AP (the
fort's check and an enemy token's window still come on arriving); a card's search,
conversation or arrest is the agent's action of the activation, at the card's cost;
a conversation by telephone or summons uses no items and no optional trait; "this
sector" is the sector of the card's location.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.core import Dice, Event, Seat
from rules.stawka import arrest, conversation, movement, reactions, search, threats
from rules.stawka.actions import Converse
from rules.stawka.activation import spend_ap
from rules.stawka.board import BoardGraph, board_of
from rules.stawka.content import COLOURS, LocationCard, load_content
from rules.stawka.costs import ap_cost
from rules.stawka.documents import ap_left, ap_limit, document
from rules.stawka.film import room_217
from rules.stawka.investigation import add_evidence, evidence_event, lower_evidence
from rules.stawka.items import held_of_kind
from rules.stawka.meetings import have_talked
from rules.stawka.state import AgentState, StawkaState, other

Choice = tuple[str | None, str | None]
"""(target, space): an agent id or a colour (or None), and where a figure goes (or None)."""

NOTHING: Choice = (None, None)


EffectChooser = Callable[[StawkaState, Seat, LocationCard, "AgentState | None"], list[Choice]]
EffectDoer = Callable[
    [StawkaState, Seat, LocationCard, "AgentState | None", Choice, Dice], tuple[StawkaState, list[Event]]
]


@dataclass(frozen=True)
class EffectRule:
    """How one kind of effect is chosen and carried out."""

    choices: EffectChooser
    carry_out: EffectDoer
    cost: Callable[[LocationCard], int | None] = lambda card: None
    """AP the effect costs the agent (a search, a conversation, an arrest), else None."""
    settled: bool = False
    """The effect already ran the activation's bookkeeping (`activation.settle`), as a move
    does on arriving; the others leave it to the caller, who runs it once."""


# -- whom a card may choose ----------------------------------------------------------------


def _sector(state: StawkaState, card: LocationCard) -> str:
    return board_of(state.scenario).sector_of[card.location]


def _free(state: StawkaState, seat: Seat) -> list[AgentState]:
    return [a for a in state.agents_of(seat) if a.status == "free"]


def targets(state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None) -> list[str | None]:
    """The agents (or colours) the card's ``target`` names, in table order."""
    board = board_of(state.scenario)
    enemies = _free(state, other(seat))
    sector = _sector(state, card)
    kind = card.effect.target
    found: list[str | None]
    if kind == "enemy_colour":
        found = list(COLOURS)
    elif kind == "enemy_agent":
        found = [a.id for a in enemies]
    elif kind in ("enemy_in_sector", "enemies_in_sector"):
        found = [a.id for a in enemies if board.sector_of[a.space] == sector]
        if kind == "enemies_in_sector":
            found = [None] if found else []
    elif kind == "enemy_in_location":
        found = [a.id for a in enemies if board.is_location(a.space)]
    elif kind == "enemy_on_street":
        found = [a.id for a in enemies if not board.is_location(a.space)]
    elif kind == "enemy_arrested":
        found = [a.id for a in state.agents_of(other(seat)) if a.status == "arrested"]
    elif kind == "enemy_here":
        found = [a.id for a in enemies if agent is not None and a.space == agent.space]
    elif kind == "enemy_on_telephone":
        phones = telephone_locations(state)
        found = [a.id for a in enemies if a.space in phones]
    elif kind == "own_agent":
        found = [a.id for a in state.agents_of(seat) if a.status != "liquidated" and a.status != "unplaced"]
    elif kind == "own_arrested":
        found = [a.id for a in state.agents_of(seat) if a.status == "arrested"]
    elif kind == "self":
        found = [agent.id] if agent is not None else []
    else:
        found = [None]
    return found


def telephone_locations(state: StawkaState) -> tuple[str, ...]:
    """ "Sectors", 2: the locations of the board with a telephone symbol."""
    content = load_content()
    return tuple(loc for loc in board_of(state.scenario).locations if content.location(loc).telephone)


def neighbour_sectors(board: BoardGraph, sector: str) -> frozenset[str]:
    """Sectors a street leads to from `sector` (they touch by an edge)."""
    found = set()
    for a, b, _ in board.board.paths:
        sa, sb = board.sector_of[a], board.sector_of[b]
        if sa != sb and sector in (sa, sb):
            found.add(sb if sa == sector else sa)
    return frozenset(found)


def destinations(state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None) -> list[str]:
    """The spaces the card's ``destination`` names, in board order."""
    board = board_of(state.scenario)
    sector = _sector(state, card)
    where = card.effect.destination
    here = agent.space if agent is not None else card.location
    if where == "here":
        return [card.location]
    if where == "location_in_sector":
        return [loc for loc in board.locations_in(sector) if loc != here]
    if where == "street_in_sector":
        # A street the side may leave again (not the police building's German path for a Pole).
        return [
            s
            for s in board.spaces
            if board.sector_of[s] == sector and not board.is_location(s) and board.exits(s, seat)
        ]
    if where == "telephone_location":
        return [loc for loc in telephone_locations(state) if loc != here]
    if where == "location_next_sector":
        near = neighbour_sectors(board, sector)
        return [loc for loc in board.locations if board.sector_of[loc] in near]
    if where == "location_no_ss":
        guarded = {
            board.sector_of[a.space]
            for a in _free(state, other(seat))
            if document(state, a.id).function == "ss_officer"
        }
        return [loc for loc in board.locations if board.sector_of[loc] not in guarded]
    return []


# -- the kinds -----------------------------------------------------------------------------


def _amount(card: LocationCard) -> int:
    return card.effect.amount


def _no_choice(state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None) -> list[Choice]:
    return [NOTHING]


def _evidence_choices(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None
) -> list[Choice]:
    return [(t, None) for t in targets(state, seat, card, agent)]


def _colours_of(state: StawkaState, seat: Seat, card: LocationCard, target: str | None) -> list[str]:
    if card.effect.target == "enemy_colour":
        return [str(target)]
    if card.effect.target == "enemies_in_sector":
        board = board_of(state.scenario)
        sector = _sector(state, card)
        return [a.colour for a in _free(state, other(seat)) if board.sector_of[a.space] == sector]
    return [state.agent(str(target)).colour]


def evidence(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None, choice: Choice, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """+amount evidence against the chosen enemy colour or agent (or every one in the sector)."""
    events = []
    side = state.sides[seat]
    for colour in _colours_of(state, seat, card, choice[0]):
        side = add_evidence(side, colour, _amount(card))
        events.append(evidence_event(seat, colour, _amount(card), side.evidence[colour], "card"))
    return state.with_side(seat, side), events


def _relief_choices(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None
) -> list[Choice]:
    against = state.sides[other(seat)].evidence
    return [
        (t, None)
        for t in targets(state, seat, card, agent)
        if t is not None and against.get(state.agent(t).colour, 0) > 0
    ]


def remove_evidence(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None, choice: Choice, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """The enemy's track of the chosen own agent's colour goes down by amount (not below 0)."""
    state, event = lower_evidence(
        state, state.agent(str(choice[0])), _amount(card), "stawka.evidence_removed"
    )
    return state, [event]


def _spare(state: StawkaState, target: AgentState) -> int:
    """AP of his limit an agent has not used yet this stage."""
    return max(0, ap_limit(state, target) - target.ap_used - target.tired)


def _tire_choices(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None
) -> list[Choice]:
    if card.effect.target == "enemies_in_sector":
        return [(t, None) for t in targets(state, seat, card, agent)]
    return [(t, None) for t in targets(state, seat, card, agent) if t and _spare(state, state.agent(t)) > 0]


def tire(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None, choice: Choice, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """The chosen enemy agent (or every one in the sector) uses up amount AP of his limit."""
    if card.effect.target == "enemies_in_sector":
        board = board_of(state.scenario)
        sector = _sector(state, card)
        tired = [a for a in _free(state, other(seat)) if board.sector_of[a.space] == sector]
    else:
        tired = [state.agent(str(choice[0]))]
    events = []
    for target in tired:
        used = min(_amount(card), _spare(state, target))
        state = state.with_agent(target.model_copy(update={"tired": target.tired + used}))
        events.append(Event(kind="tired", key="stawka.tired", params={"agent": target.id, "amount": used}))
    return state, events


def _bring_choices(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None
) -> list[Choice]:
    return [
        (t, card.location)
        for t in targets(state, seat, card, agent)
        if t is not None and state.agent(t).status == "free" and state.agent(t).space != card.location
    ]


def bring(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None, choice: Choice, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """The chosen agent (enemy or own) is put in the card's location (no movement of his)."""
    brought = state.agent(str(choice[0]))
    state = state.with_agent(brought.model_copy(update={"space": card.location}))
    where = board_of(state.scenario).where(card.location)
    return state, [Event(kind="card_move", key="stawka.brought", params={"agent": brought.id, "to": where})]


def frisk(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None, choice: Choice, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """The enemy agent on a street loses a weapon he holds, shown, and gains amount evidence."""
    target = state.agent(str(choice[0]))
    weapons = held_of_kind(target, "weapon")
    events: list[Event] = []
    if weapons:
        lost = weapons[0].id
        target = target.model_copy(update={"items": tuple(i for i in target.items if i != lost)})
        state = state.with_agent(target).model_copy(update={"removed_items": (*state.removed_items, lost)})
        events.append(
            Event(
                kind="item_lost",
                key="stawka.frisked",
                params={"agent": target.id, "item": lost},
                reveals=True,
            )
        )
    else:
        events.append(Event(kind="frisk", key="stawka.frisked_nothing", params={"agent": target.id}))
    if _amount(card):
        state, more = evidence(state, seat, card, agent, (target.id, None), dice)
        events.extend(more)
    return state, events


def _release_choices(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None
) -> list[Choice]:
    prisoners = targets(state, seat, card, agent)
    return [(p, space) for p in prisoners for space in destinations(state, seat, card, agent)]


def release(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None, choice: Choice, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """Release of the Arrested, 2: the prisoner is free, standing where the card says."""
    prisoner = state.agent(str(choice[0]))
    space = str(choice[1])
    state = state.with_agent(prisoner.model_copy(update={"status": "free", "space": space}))
    where = board_of(state.scenario).where(space)
    return state, [
        Event(
            kind="card_move", key="stawka.released", params={"agent": prisoner.id, "to": where}, reveals=True
        )
    ]


def _may_relocate(state: StawkaState, agent: AgentState) -> bool:
    """A card's move is movement: not after movement then an action, nor once stopped or held."""
    act = state.activation
    if act is not None and ((act.acted and act.moved_before_action) or act.stopped):
        return False
    return not agent.held


def _move_choices(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None
) -> list[Choice]:
    if agent is None or not _may_relocate(state, agent):
        return []
    return [(None, space) for space in destinations(state, seat, card, agent)]


def move(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None, choice: Choice, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """The activated agent moves to the chosen space, free; arriving is as after any move."""
    assert agent is not None
    return movement.relocate(state, state.agent(agent.id), str(choice[1]), dice)


def _search_cost(card: LocationCard) -> int:
    return ap_cost("search") if card.effect.kind == "quiet_search" else card.effect.amount


def _search_choices(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None
) -> list[Choice]:
    if agent is None or not search.may_search(state, agent, _search_cost(card)):
        return []
    return [NOTHING]


def search_here(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None, choice: Choice, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """A search at the card's price: a cheap one (amount AP), or a quiet one leaving no marker."""
    assert agent is not None
    marker = card.effect.kind != "quiet_search"
    return search.start_search(state, seat, state.agent(agent.id), _search_cost(card), marker)


def _finale_choices(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None
) -> list[Choice]:
    if agent is not None and room_217.meets(state, seat, card, agent):
        return [NOTHING] if ap_left(state, agent) >= card.effect.amount else []
    return _search_choices(state, seat, card, agent)


def finale(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None, choice: Choice, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """The hotel card: in "Hotel Excelsior", with what it needs, room 217 is opened and the
    game won (`rules.stawka.film.room_217`); else a search of the hotel for amount AP."""
    assert agent is not None
    if not room_217.meets(state, seat, card, agent):
        return search_here(state, seat, card, agent, choice, dice)
    state, _ = spend_ap(state, state.agent(agent.id), card.effect.amount)
    event = Event(kind="room_217", key="stawka.room_217_opened", params={"agent": agent.id}, reveals=True)
    return state.model_copy(update={"room_217": seat}), [event]


def _talk_choices(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None
) -> list[Choice]:
    act = state.activation
    if agent is None or (act is not None and act.acted) or ap_left(state, agent) < ap_cost("conversation"):
        return []
    return [
        (t, None)
        for t in targets(state, seat, card, agent)
        if t is not None and t != agent.id and not have_talked(state, agent.id, t)
    ]


def call(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None, choice: Choice, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """A conversation by telephone or a summons: the agent talks to an enemy elsewhere; a
    summons needs no rank die."""
    assert agent is not None
    target = state.agent(str(choice[0]))
    bare = Converse(agent=agent.id, target=target.id)
    rank_die = card.effect.kind != "summons"
    return conversation.talk(state, seat, state.agent(agent.id), target, bare, 0, dice, rank_die)


def talk_bonus(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None, choice: Choice, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """+amount to the side's next conversation roll this stage (`conversation`)."""
    side = state.sides[seat]
    state = state.with_side(seat, side.model_copy(update={"talk_bonus": side.talk_bonus + _amount(card)}))
    return state, [
        Event(kind="bonus", key="stawka.talk_bonus", params={"seat": seat, "amount": _amount(card)})
    ]


def _gain(field: str, key: str) -> EffectDoer:
    """A kind adding amount to one of the side's counts (its AP pool, its VP)."""

    def gain(
        state: StawkaState,
        seat: Seat,
        card: LocationCard,
        agent: AgentState | None,
        choice: Choice,
        dice: Dice,
    ) -> tuple[StawkaState, list[Event]]:
        side = state.sides[seat]
        state = state.with_side(seat, side.model_copy(update={field: getattr(side, field) + _amount(card)}))
        return state, [Event(kind="bonus", key=key, params={"seat": seat, "amount": _amount(card)})]

    return gain


def _threat_choices(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None
) -> list[Choice]:
    side = state.sides[seat]
    if state.rule_level == "basic" or not side.threat_pool or not threats.allowed_spaces(state, seat):
        return []
    return [NOTHING]


def more_threats(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None, choice: Choice, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """amount extra threat tokens, drawn blindly from the side's pool, set out now."""
    return threats.draw_extra(state, seat, _amount(card), dice)


def _reaction_choices(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None
) -> list[Choice]:
    deck = state.reaction_deck
    return [NOTHING] if deck.pile or deck.discard else []


def more_reactions(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None, choice: Choice, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    return reactions.draw(state, seat, _amount(card), dice)


def _arrest_choices(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None
) -> list[Choice]:
    act = state.activation
    if (
        agent is None
        or (act is not None and act.acted)
        or document(state, agent.id).function != "ss_officer"
        or ap_left(state, agent) < ap_cost("arrest")
    ):
        return []
    return [(t.id, None) for t in arrest.arrest_targets(state, agent, _amount(card))]


def arrest_here(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None, choice: Choice, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """An arrest (2 AP, the agent's action) with the card's evidence in place of 6."""
    assert agent is not None
    return arrest.attempt_arrest(state, seat, state.agent(agent.id), state.agent(str(choice[0])), False, dice)


EFFECTS: dict[str, EffectRule] = {
    "evidence": EffectRule(_evidence_choices, evidence),
    "remove_evidence": EffectRule(_relief_choices, remove_evidence),
    "tire": EffectRule(_tire_choices, tire),
    "bring_enemy": EffectRule(_bring_choices, bring),
    "bring_own": EffectRule(_bring_choices, bring),
    "frisk": EffectRule(_evidence_choices, frisk),
    "release": EffectRule(_release_choices, release),
    "move": EffectRule(_move_choices, move, settled=True),
    "search": EffectRule(_search_choices, search_here, _search_cost),
    "quiet_search": EffectRule(_search_choices, search_here, _search_cost),
    "hotel_finale": EffectRule(_finale_choices, finale, _search_cost),
    "telephone": EffectRule(_talk_choices, call, lambda card: ap_cost("conversation")),
    "summons": EffectRule(_talk_choices, call, lambda card: ap_cost("conversation")),
    "talk_bonus": EffectRule(_no_choice, talk_bonus),
    "ap": EffectRule(_no_choice, _gain("ap", "stawka.more_ap")),
    "vp": EffectRule(_no_choice, _gain("vp", "stawka.more_vp")),
    "threat": EffectRule(_threat_choices, more_threats),
    "reaction_cards": EffectRule(_reaction_choices, more_reactions),
    "arrest": EffectRule(_arrest_choices, arrest_here, lambda card: ap_cost("arrest")),
}
"""Every kind of effect, by name: one function carries it out, whoever plays the card."""


def choices(
    state: StawkaState, seat: Seat, card: LocationCard, agent: AgentState | None = None
) -> list[Choice]:
    """What `seat` may choose for `card`'s effect now (empty: it can do nothing)."""
    return EFFECTS[card.effect.kind].choices(state, seat, card, agent)


def carry_out(
    state: StawkaState,
    seat: Seat,
    card: LocationCard,
    agent: AgentState | None,
    choice: Choice,
    dice: Dice,
) -> tuple[StawkaState, list[Event]]:
    """`card`'s effect for `seat` with `choice` (one of `choices`)."""
    return EFFECTS[card.effect.kind].carry_out(state, seat, card, agent, choice, dice)


def settled(card: LocationCard) -> bool:
    """Whether `carry_out` already settled the activation for `card` (see `EffectRule`)."""
    return EFFECTS[card.effect.kind].settled


def cost(card: LocationCard) -> int | None:
    """The AP `card`'s effect costs the agent doing it (None: nothing)."""
    return EFFECTS[card.effect.kind].cost(card)
