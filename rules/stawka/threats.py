"""Threat tokens (rulebook, "Threat Tokens", EXTENDED; "Stage", C; "Movement", 5).

Each side has 18 tokens.  At step C the player who activates second gets 2 tokens, the
other 1, drawn at random from his own pool (the opponent "points them out" blindly); they
are set out alternately, starting with the player who got two: German tokens in
locations, Polish tokens on street spaces without enemy agents, one token a space.

An agent entering a space with an enemy token stops there (Movement, 5: he must stop to
be able to discard it).  The owner then decides, behind the curtain, whether to bring
the token into play (a pending decision; the window opens for every token, support ones
included, so it tells nothing).  On his space the agent may try to discard an enemy token
(1 AP): 2d6 above his alertness removes it; if not, the owner may bring it into play.
Before any test roll the tester may reveal one of his support tokens from the board
(+1), then the opponent one of his (-1); the window opens whenever that side has a
face-down token on the board.

A token is brought into play when an enemy agent enters its space, fails to discard
it, or declares another action there (the title holds the declared action until the
owner has answered).  Ours: a token used goes out of the game, except dangerous terrain,
which stays face up and keeps making steps onto and off its space cost 1 AP more.
"""

from __future__ import annotations

from rules.core import Dice, Event, IllegalAction, Pending, Seat
from rules.stawka.actions import DiscardThreat, PlaceThreat, TriggerThreat, UseSupport
from rules.stawka.activation import activated, settle, spend_ap
from rules.stawka.board import board_of
from rules.stawka.content import ThreatToken, load_content
from rules.stawka.documents import ap_left, document, trait_modifiers
from rules.stawka.investigation import add_evidence, evidence_event
from rules.stawka.items import held_of_kind, spend
from rules.stawka.state import GERMAN, SEATS, AgentState, StawkaState, ThreatTest, other

PLACE = "threat_place"
TRIGGER = "threat_trigger"
SUPPORT = "support"
DISCARD_AP = 1
CONFUSION_AP = 2


def token(token_id: str) -> ThreatToken:
    for threat in load_content().threats:
        if threat.id == token_id:
            return threat
    raise KeyError(token_id)


def pools() -> dict[Seat, tuple[str, ...]]:
    return {seat: tuple(t.id for t in load_content().threats if t.side == seat) for seat in SEATS}


def owner(token_id: str) -> Seat:
    return token(token_id).side


def enemy_token_at(state: StawkaState, space: str, seat: Seat) -> str | None:
    """The token of `seat`'s enemy on `space`, if any."""
    on = state.threats.get(space)
    return on if on is not None and owner(on) != seat else None


# -- step C: drawing and setting out ------------------------------------------------------


def deal(state: StawkaState, first: Seat, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """Stage, C: 2 tokens to the player activating second, 1 to the other; set out alternately."""
    second = other(first)
    counts = {second: 2, first: 1}
    sides = dict(state.sides)
    events = []
    for seat, count in counts.items():
        side = sides[seat]
        drawn = dice.sample(side.threat_pool, min(count, len(side.threat_pool)))
        sides[seat] = side.model_copy(
            update={
                "threat_pool": tuple(t for t in side.threat_pool if t not in drawn),
                "threat_hand": side.threat_hand + tuple(drawn),
            }
        )
        events.append(
            Event(kind="threats", key="stawka.threats_drawn", params={"seat": seat, "count": len(drawn)})
        )
    order = [second, first, second]
    placing: list[Seat] = []
    left = {seat: len(sides[seat].threat_hand) for seat in SEATS}
    for seat in order:
        if left[seat]:
            placing.append(seat)
            left[seat] -= 1
    for seat in SEATS:
        placing.extend([seat] * left[seat])
    pending = tuple(Pending(seat=seat, kind=PLACE) for seat in reversed(placing))
    return _prune(state.model_copy(update={"sides": sides, "pending": pending + state.pending})), events


def _prune(state: StawkaState) -> StawkaState:
    """Skip placements nobody can make (every allowed space taken); unplaced tokens go back."""
    while state.pending and state.pending[-1].kind == PLACE:
        seat = state.pending[-1].seat
        if state.sides[seat].threat_hand and allowed_spaces(state, seat):
            break
        state = state.model_copy(update={"pending": state.pending[:-1]})
    if not any(p.kind == PLACE for p in state.pending):
        sides = {
            s: side.model_copy(update={"threat_pool": side.threat_pool + side.threat_hand, "threat_hand": ()})
            for s, side in state.sides.items()
        }
        state = state.model_copy(update={"sides": sides})
    return state


def allowed_spaces(state: StawkaState, seat: Seat) -> tuple[str, ...]:
    """Threat Tokens, 3: German tokens in locations; Polish on streets without enemy agents."""
    board = board_of(state.scenario)
    enemies = {a.space for a in state.agents if a.side != seat and a.status == "free"}
    if seat == GERMAN:
        return tuple(s for s in board.locations if s not in state.threats)
    return tuple(
        s for s in board.spaces if not board.is_location(s) and s not in state.threats and s not in enemies
    )


def legal_placements(state: StawkaState, seat: Seat) -> list[PlaceThreat]:
    spaces = allowed_spaces(state, seat)
    return [PlaceThreat(token=t, space=s) for t in state.sides[seat].threat_hand for s in spaces]


def place(state: StawkaState, seat: Seat, action: PlaceThreat) -> tuple[StawkaState, list[Event]]:
    side = state.sides[seat]
    if action.token not in side.threat_hand:
        raise IllegalAction("That threat token is not among the ones you drew.")
    if action.space not in allowed_spaces(state, seat):
        raise IllegalAction(
            "German tokens go in locations, Polish tokens on street spaces without enemy agents; one a space."
        )
    side = side.model_copy(update={"threat_hand": tuple(t for t in side.threat_hand if t != action.token)})
    state = state.with_side(seat, side).model_copy(
        update={"threats": {**state.threats, action.space: action.token}, "pending": state.pending[:-1]}
    )
    events = [
        Event(
            kind="threat",
            key="stawka.threat_placed",
            params={"seat": seat, "where": board_of(state.scenario).where(action.space)},
            data={"space": action.space},
        ),
        Event(
            kind="threat",
            key="stawka.threat_placed_own",
            params={"token": action.token, "where": board_of(state.scenario).where(action.space)},
            visible_to=(seat,),
        ),
    ]
    return _prune(state), events


# -- entering, triggering ------------------------------------------------------------------


def threat_stops(state: StawkaState, agent: AgentState) -> frozenset[str]:
    """Movement, 5: spaces with an enemy token end the movement of whoever enters."""
    return frozenset(space for space, t in state.threats.items() if owner(t) != agent.side)


def entered(state: StawkaState, agent: AgentState, previous: str) -> StawkaState:
    """After a move: open the owner's window if the agent stands on an enemy face-down token."""
    on = enemy_token_at(state, agent.space, agent.side)
    if on is None or on in state.threats_open:
        return state
    window = Pending(seat=owner(on), kind=TRIGGER, data={"agent": agent.id, "previous": previous})
    return state.model_copy(update={"pending": (*state.pending, window)})


def legal_triggers(state: StawkaState) -> list[TriggerThreat]:
    agent = state.agent(str(state.pending[-1].data["agent"]))
    on = enemy_token_at(state, agent.space, agent.side)
    if on is None or token(on).kind == "support":
        return [TriggerThreat(trigger=False)]
    return [TriggerThreat(trigger=True), TriggerThreat(trigger=False)]


def trigger(
    state: StawkaState, seat: Seat, action: TriggerThreat, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    if action not in legal_triggers(state):
        raise IllegalAction("A support token cannot be brought into play against an agent.")
    window = state.pending[-1]
    state = state.model_copy(update={"pending": state.pending[:-1]})
    if not action.trigger:
        return settle(state, [Event(kind="threat", key="stawka.threat_quiet", params={"seat": seat})])
    agent = state.agent(str(window.data["agent"]))
    previous = window.data.get("previous")
    on = enemy_token_at(state, agent.space, agent.side)
    assert on is not None
    threat = token(on)
    events = [
        Event(
            kind="threat",
            key=f"stawka.threat.{threat.kind}",
            params={"seat": seat, "agent": agent.id, "token": on, "amount": threat.amount},
            reveals=True,
        )
    ]
    if threat.kind == "document_check":
        return start_test(
            state,
            "document_check",
            agent,
            on,
            str(previous) if previous else None,
            threat.amount,
            events,
            dice,
        )
    state, more = _effect(state, agent, on, dice)
    events.extend(more)
    return settle(state, events)


def _effect(state: StawkaState, agent: AgentState, on: str, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """The cheat sheet: what each token does to the agent who set it off."""
    threat = token(on)
    events: list[Event] = []
    kind = threat.kind
    if kind == "alarm":
        state = state.model_copy(update={"activation": None})
        events.append(Event(kind="activation_end", key="stawka.activation_end", params={"agent": agent.id}))
    elif kind == "cauldron":
        state = state.with_agent(agent.model_copy(update={"held": True}))
    elif kind == "confusion":
        side = state.sides[agent.side]
        state = state.with_side(agent.side, side.model_copy(update={"ap": max(0, side.ap - CONFUSION_AP)}))
    elif kind == "dangerous_terrain":
        if ap_left(state, agent) >= 1:
            state, agent = spend_ap(state, agent, 1)
        return state.model_copy(update={"threats_open": (*state.threats_open, on)}), events
    elif kind == "suspect":
        seat = owner(on)
        side = add_evidence(state.sides[seat], agent.colour, 1)
        state = state.with_side(seat, side)
        events.append(evidence_event(seat, agent.colour, 1, side.evidence[agent.colour], "threat"))
    elif kind == "thief" and agent.items:
        stolen = dice.choice(agent.items)
        state = state.with_agent(
            agent.model_copy(update={"items": tuple(i for i in agent.items if i != stolen)})
        )
        state = state.model_copy(update={"removed_items": (*state.removed_items, stolen), "rng": dice.state})
        events.append(
            Event(
                kind="item_lost",
                key="stawka.stolen",
                params={"agent": agent.id, "item": stolen},
                reveals=True,
            )
        )
    return _remove(state, on), events


def _remove(state: StawkaState, on: str) -> StawkaState:
    threats = {space: t for space, t in state.threats.items() if t != on}
    return state.model_copy(
        update={
            "threats": threats,
            "threats_open": tuple(t for t in state.threats_open if t != on),
            "threats_out": (*state.threats_out, on),
        }
    )


# -- discarding, tests and support ----------------------------------------------------------


def legal_discards(state: StawkaState, agent: AgentState) -> list[DiscardThreat]:
    act = state.activation
    if state.rule_level == "basic" or (act is not None and act.acted) or ap_left(state, agent) < DISCARD_AP:
        return []
    return [DiscardThreat(agent=agent.id)] if enemy_token_at(state, agent.space, agent.side) else []


def discard(
    state: StawkaState, seat: Seat, action: DiscardThreat, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    state, agent = activated(state, seat, action.agent)
    act = state.activation
    assert act is not None
    if action not in legal_discards(state, agent):
        raise IllegalAction("There is no enemy threat token on this agent's space to discard.")
    state, agent = spend_ap(state, agent, DISCARD_AP)
    state = state.model_copy(
        update={"activation": act.model_copy(update={"acted": True, "moved_before_action": act.moved > 0})}
    )
    on = enemy_token_at(state, agent.space, agent.side)
    assert on is not None
    events = [Event(kind="threat", key="stawka.discard_try", params={"agent": agent.id})]
    return start_test(state, "discard", agent, on, None, 0, events, dice)


def exempt_from_checks(state: StawkaState, agent: AgentState) -> bool:
    """Kloss and the black SS officers pass document checks; some traits too."""
    return document(state, agent.id).chief or bool(trait_modifiers(state, agent, "ignores_document_check"))


def has_face_down(state: StawkaState, seat: Seat, tested: str | None = None) -> bool:
    """Whether `seat` has a face-down token on the board besides the one being tested."""
    return any(
        owner(t) == seat and t not in state.threats_open and t != tested for t in state.threats.values()
    )


def start_test(
    state: StawkaState,
    kind: str,
    agent: AgentState,
    on: str | None,
    previous: str | None,
    difficulty: int,
    events: list[Event],
    dice: Dice,
) -> tuple[StawkaState, list[Event]]:
    """Begin a test; support windows first (tester, then opponent), then the roll."""
    if kind == "document_check" and exempt_from_checks(state, agent):
        events.append(Event(kind="threat", key="stawka.check_exempt", params={"agent": agent.id}))
        if on is not None:
            state = _remove(state, on)
        return settle(state, events)
    test = ThreatTest(
        kind="discard" if kind == "discard" else "document_check",
        agent=agent.id,
        token=on,
        space=agent.space,
        previous=previous,
        difficulty=difficulty,
    )
    windows = [
        Pending(seat=seat, kind=SUPPORT)
        for seat in (other(agent.side), agent.side)
        if has_face_down(state, seat, on)
    ]
    state = state.model_copy(update={"test": test, "pending": (*state.pending, *windows)})
    if windows:
        return state, events
    return roll_test(state, dice, events)


def legal_support(state: StawkaState, seat: Seat) -> list[UseSupport]:
    """No support, or one own face-down support token (never the token being tested)."""
    tested = state.test.token if state.test is not None else None
    mine = [
        t
        for t in state.threats.values()
        if owner(t) == seat and token(t).kind == "support" and t not in state.threats_open and t != tested
    ]
    return [UseSupport(token=None), *(UseSupport(token=t) for t in mine[:1])]


def support(
    state: StawkaState, seat: Seat, action: UseSupport, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    test = state.test
    assert test is not None
    if action not in legal_support(state, seat):
        raise IllegalAction("Only your own support tokens on the board can help a test.")
    state = state.model_copy(update={"pending": state.pending[:-1]})
    events: list[Event] = []
    if action.token is not None:
        helps = state.agent(test.agent).side == seat
        state = _remove(state, action.token).model_copy(
            update={"test": test.model_copy(update={"support": test.support + (1 if helps else -1)})}
        )
        events.append(
            Event(
                kind="threat",
                key="stawka.support_used",
                params={"seat": seat, "amount": 1 if helps else -1},
                reveals=True,
            )
        )
    if any(p.kind == SUPPORT for p in state.pending):
        return state, events
    return roll_test(state, dice, events)


def roll_test(state: StawkaState, dice: Dice, events: list[Event]) -> tuple[StawkaState, list[Event]]:
    """2d6 - difficulty + traits + papers + support must exceed the alertness."""
    test = state.test
    assert test is not None
    agent = state.agent(test.agent)
    alertness = document(state, agent.id).alertness
    modifiers: list[list[str | int]] = []
    if test.difficulty:
        modifiers.append(["check", -test.difficulty])
    trait = sum(m.amount for m in trait_modifiers(state, agent, "alertness_test") if m.uses == "always")
    if trait:
        modifiers.append(["trait", trait])
    papers = held_of_kind(agent, "papers")[:1]
    for paper in papers:
        modifiers.append([paper.id, paper.effect.amount])
    if test.support:
        modifiers.append(["support", test.support])
    rolled = dice.roll(2)
    total = sum(rolled) + sum(int(m[1]) for m in modifiers)
    passed = total > alertness
    agent, gone = spend(agent, tuple(p.id for p in papers))
    state = state.with_agent(agent).model_copy(
        update={"rng": dice.state, "test": None, "removed_items": state.removed_items + gone}
    )
    events.append(
        Event(
            kind="roll",
            key=f"stawka.test_{test.kind}_{'passed' if passed else 'failed'}",
            params={"agent": agent.id, "total": total, "alertness": alertness},
            data={
                "dice": list(rolled),
                "modifiers": modifiers,
                "total": total,
                "needed": alertness + 1,
                "goal": "pass",
            },
            reveals=True,
        )
    )
    if test.kind == "discard":
        if passed and test.token is not None:
            state = _remove(state, test.token).with_agent(
                agent.model_copy(update={"threats_discarded": agent.threats_discarded + 1})
            )
        elif test.token is not None and test.token not in state.threats_open:
            window = Pending(seat=owner(test.token), kind=TRIGGER, data={"agent": agent.id, "previous": ""})
            state = state.model_copy(update={"pending": (*state.pending, window)})
            return state, events
        return settle(state, events)
    if passed:
        if test.token is not None:
            state = _remove(state, test.token)
        return settle(state, events)
    # A failed document check: back to the space before; the activation ends.
    if test.previous:
        state = state.with_agent(agent.model_copy(update={"space": test.previous}))
    if test.token is not None:
        state = _remove(state, test.token)
    state = state.model_copy(update={"activation": None})
    events.append(Event(kind="activation_end", key="stawka.activation_end", params={"agent": agent.id}))
    return settle(state, events)


def fort_check(
    state: StawkaState, agent: AgentState, previous: str, dice: Dice, events: list[Event]
) -> tuple[StawkaState, list[Event]] | None:
    """Sectors NOTE: entering the fort takes a document check (Kloss and black SS officers pass)."""
    location = next((loc for loc in load_content().locations if loc.id == agent.space), None)
    if location is None or location.document_check is None:
        return None
    if location.document_check.chiefs_exempt and exempt_from_checks(state, agent):
        return None
    return start_test(
        state, "document_check", agent, None, previous, location.document_check.difficulty, events, dice
    )


def checked_locations(state: StawkaState, agent: AgentState) -> frozenset[str]:
    """Locations with a permanent document check this agent must stop at."""
    if exempt_from_checks(state, agent):
        return frozenset()
    board = board_of(state.scenario)
    return frozenset(
        loc.id
        for loc in load_content().locations
        if loc.document_check is not None and loc.id in board.locations
    )


def rough_ground(state: StawkaState) -> frozenset[str]:
    """Spaces of face-up dangerous terrain: each step onto or off them costs 1 AP more."""
    return frozenset(
        space
        for space, t in state.threats.items()
        if t in state.threats_open and token(t).kind == "dangerous_terrain"
    )
