"""The curfew: the Polish agents' activations ("Aktywacja polskich agentów", A-C).

The player activates his agents as in Stawka ("Activating an Agent", without planning
cards: up to each agent's AP limit, or until he ends the stage), with three hindrances:

A. No activation may end on a street space with a German agent.  So a move may not end
   there (the agent may pass through, B); an agent who stands there when activated must
   leave: he may act first if he keeps an AP to walk away, but may neither act after
   moving nor end there (nor begin an activation he could not walk away from).  Ours:
   caught there with no step leading to a space he may end on (every way sealed by C,
   or leading only to other patrolled streets), he may end where he stands.
B. Passing a street space with German agents is an alertness test at once (2d6 above
   his alertness, as Stawka's tests); a failure gives the Germans 2 evidence on him, and
   the activation goes on either way.
C. A Polish agent may leave a sector with a German SS officer in it only if he escaped
   an arrest this stage (`CurfewState.sealed_sectors`, read by Stawka's movement).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.core import Dice, Event, IllegalAction, Seat
from rules.core.decisions import Handler
from rules.core.memo import per_state
from rules.curfew.options import GERMAN, POLISH
from rules.curfew.state import CurfewState, curfew_state, patrolled
from rules.stawka import movement
from rules.stawka.actions import END_ACTIVATION, EndActivation, GiveUp, Move, StawkaAction, UseItem
from rules.stawka.alertness import alertness_roll
from rules.stawka.board import board_of
from rules.stawka.documents import ap_left
from rules.stawka.investigation import add_evidence
from rules.stawka.offers import priced
from rules.stawka.rulebook import STAWKA
from rules.stawka.state import ThreatWindow, Turn, turn_of

FAILED_CHECK_EVIDENCE = 2
"""B: "na torze śledztwa Niemcy otrzymują 2 dowody na tego agenta"."""

ENDING = (EndActivation, GiveUp)


def legal_turn(state: CurfewState, turn: Turn) -> list[StawkaAction]:
    """Stawka's activation actions the curfew allows (A); an agent the curfew stops mid-way
    may end his activation (`stopped_by_curfew`)."""
    allowed = _allowed(state, turn.seat)
    return allowed or ([END_ACTIVATION] if state.activation is not None else [])


def stopped_by_curfew(state: CurfewState, turn: Turn) -> bool:
    """Ours: an active agent who moved one space must walk a second (Stawka, Activating,
    1-2), but the curfew forbids every step left to him (A: each ends on a German's street).
    He may end where he stands, as Stawka lets end an agent who can no longer reach the two
    spaces; without this the game would have no legal action at all."""
    return state.activation is not None and not _allowed(state, turn.seat)


@per_state
def _stawka_actions(state: CurfewState, seat: Seat) -> list[StawkaAction]:
    """Stawka's activation actions of `seat`'s turn (a turn is its seat's alone, and the
    seat is remembered by, not the decision), listed once per state: the legal actions
    and the handler of the one chosen among them both ask (callers must not change the
    list).  No location card is turned into 2 AP here (`CurfewState.cards_for_ap`)."""
    return STAWKA.activation_actions(state, turn_of(seat))


@per_state
def _allowed(state: CurfewState, seat: Seat) -> list[StawkaAction]:
    """Stawka's activation actions the curfew does not refuse (once per state, as above)."""
    actions = _stawka_actions(state, seat)
    streets = patrolled(state)
    if not streets:
        return actions
    if not any(a.space in streets for a in state.agents_of(POLISH)):
        # Nobody stands on a German's street: A refuses only walks ending on one.
        return [a for a in actions if not (isinstance(a, Move) and a.item is None and a.to in streets)]
    kept: list[StawkaAction] = []
    for a in actions:
        if isinstance(a, Move):  # `_refusal` of a move, without a call for each of the many walks
            refused = a.item is None and a.to in streets
        else:
            refused = _refusal(state, a, actions, streets) is not None
        if not refused:
            kept.append(a)
    return kept


def refusal(state: CurfewState, action: StawkaAction, actions: list[StawkaAction]) -> IllegalAction | None:
    """Why curfew A forbids `action` now (None: it does not).  `actions` are Stawka's."""
    return _refusal(state, action, actions, patrolled(state))


def _refusal(
    state: CurfewState, action: StawkaAction, actions: list[StawkaAction], streets: frozenset[str]
) -> IllegalAction | None:
    """`refusal`, the `patrolled` streets given (asked once for all the actions listed)."""
    if not streets:
        return None
    if isinstance(action, Move):
        if action.item is None and action.to in streets:
            return IllegalAction(
                "Curfew: an activation may not end on a street space with a German agent; pass it by.",
                "curfew.refusal.street_end",
            )
        return None
    act = state.activation
    agent_id = act.agent if act is not None else getattr(action, "agent", None)
    if agent_id is None or isinstance(action, UseItem):
        return None
    agent = state.agent(agent_id)
    if agent.space not in streets:
        return None
    if isinstance(action, ENDING) and act is None:
        return None
    if act is not None and not any(_leaves(a, agent_id, streets) for a in actions):
        return None  # caught with nowhere to go: he may end where he stands
    if isinstance(action, ENDING):
        return IllegalAction(
            "Curfew: a German agent stands on this street: move the agent off it first.",
            "curfew.refusal.leave",
        )
    if act is not None and act.moved > 0:
        return IllegalAction(
            "Curfew: an action after moving would end the activation on a street with a German agent.",
            "curfew.refusal.act_after_moving",
        )
    cost = priced(state, [action])[0].cost or 0
    if ap_left(state, agent) - cost < 1:
        return IllegalAction(
            "Curfew: after this action the agent would have no AP left to leave the German's street.",
            "curfew.refusal.no_ap_to_leave",
        )
    return None


def _leaves(action: StawkaAction, agent_id: str, streets: frozenset[str]) -> bool:
    """Whether `action` walks `agent_id` off to a space the curfew lets him end on."""
    return (
        isinstance(action, Move)
        and action.agent == agent_id
        and (action.item is not None or action.to not in streets)
    )


def guarded(handler: Handler) -> Handler:
    """`handler` refusing what the curfew forbids, with the curfew's reason."""

    def curfew_handler(
        state: CurfewState, turn: Turn, action: StawkaAction, dice: Dice
    ) -> tuple[CurfewState, list[Event]]:
        refused = refusal(state, action, _stawka_actions(state, turn.seat))
        if refused is not None:
            raise refused
        new, events = handler(state, turn, action, dice)
        return tracking(curfew_state(new), events), events

    return curfew_handler


def tracking(state: CurfewState, events: list[Event]) -> CurfewState:
    """`state` with the Polish activation this action began marked `tracked`, even when
    the same action ended it: "Zaraz po zakończeniu aktywacji polskiego agenta Gracz musi
    poruszyć niemieckiego agenta o tym samym kolorze" (right after a Polish agent's
    activation ends, the German of his colour moves), however many actions it took (one
    walk that spends all his AP both begins and ends it).  `rules.curfew.flow.follow`
    answers the activation once `tracked` is no longer the active agent."""
    if state.tracked is not None:
        return state  # an activation begun in an earlier action: already tracked
    if state.activation is not None:
        return state.model_copy(update={"tracked": state.activation.agent})
    ended = next((e.params["agent"] for e in events if e.key == "stawka.activation_end"), None)
    return state if ended is None else state.model_copy(update={"tracked": str(ended)})


def move(state: CurfewState, turn: Turn, action: Move, dice: Dice) -> tuple[CurfewState, list[Event]]:
    """Stawka's move, then B: a test for each German street space the agent passed."""
    start = state.agent(action.agent).space
    new, events = movement.move(state, turn, action, dice)
    new, events = passing_checks(curfew_state(new), events, dice)
    return walking(new, start, events), events


def go_on(state: CurfewState, dice: Dice) -> tuple[CurfewState, list[Event]]:
    """The rest of a walk a token halted (Stawka's), with B's tests on it."""
    act = state.activation
    assert act is not None
    start = state.agent(act.agent).space
    walked, events = movement.go_on(state, dice)
    new, events = passing_checks(curfew_state(walked), events, dice)
    return walking(new, start, events), events


def walking(state: CurfewState, start: str, events: list[Event]) -> CurfewState:
    """Remember the spaces of a Polish walk from `start` that a German token's window
    halted (its owner's check may send him back: `sent_back`)."""
    window = state.pending[-1] if state.pending else None
    if not isinstance(window, ThreatWindow):
        return state
    path = next((e.data["path"] for e in reversed(events) if e.key == "stawka.moved"), None)
    if path is None or state.agent(window.agent).side != POLISH:
        return state
    before = state.walked if state.walker == window.agent else ()
    return state.model_copy(update={"walker": window.agent, "walked": (*before, start, *path[:-1])})


def sent_back(state: CurfewState, events: list[Event]) -> CurfewState:
    """A: "żaden z polskich agentów nie może kończyć swojej aktywacji na polu ulicy
    z niemieckim agentem" (no Polish agent may end his activation on a street space with a
    German agent), and the scenario's rules prevail over Stawka's ("Założenia ogólne").  A
    failed document check sends the agent back to the space before the token's and ends
    his activation (Stawka); ours: when that space is a German's street he is sent on back
    along his walk to the last space of it he may end on (without a test: he is sent, he
    does not walk), or, if none, stays where the check left him.  Once the window's
    decisions are all taken, the walk is forgotten."""
    if state.walker is None or state.pending or state.test is not None:
        return state
    agent, walked = state.agent(state.walker), state.walked
    state = state.model_copy(update={"walker": None, "walked": ()})
    streets = patrolled(state)
    if state.activation is not None or agent.status != "free" or agent.space not in streets:
        return state
    back = next((space for space in reversed(walked) if space not in streets), None)
    if back is None or agent.space != walked[-1]:
        return state
    state = curfew_state(state.with_agent(agent.model_copy(update={"space": back})))
    where = board_of(state.scenario).where(back)
    events.append(
        Event.made(
            kind="sent_back", key="curfew.sent_back", params={"agent": agent.id, "to": back, "where": where}
        )
    )
    return state


def passing_checks(state: CurfewState, events: list[Event], dice: Dice) -> tuple[CurfewState, list[Event]]:
    """B, for the walks among `events`: every street space with German agents a Polish agent
    entered and left on his way is an alertness test at once (its roll follows the walk
    in the log); failing it gives the Germans 2 evidence on him."""
    checked: list[Event] = []
    for event in events:
        checked.append(event)
        agent_id = str(event.params.get("agent", ""))
        if event.key != "stawka.moved" or state.agent(agent_id).side != POLISH:
            continue
        streets = patrolled(state)
        for space in event.data.get("path", [])[:-1]:
            if space in streets:
                state, more = _check(state, agent_id, dice)
                checked.extend(more)
                streets = patrolled(state)  # (a test moves nobody: asked again all the same)
    return state, checked


def _check(state: CurfewState, agent_id: str, dice: Dice) -> tuple[CurfewState, list[Event]]:
    agent = state.agent(agent_id)
    tested, passed, roll = alertness_roll(state, agent, dice, "curfew.curfew_check")
    state = curfew_state(tested)
    if passed:
        return state, [roll]
    side = add_evidence(state.sides[GERMAN], agent.colour, FAILED_CHECK_EVIDENCE)
    evidence = Event.made(
        kind="evidence",
        key="curfew.evidence.curfew",
        params={
            "colour": agent.colour,
            "seat": GERMAN,
            "amount": FAILED_CHECK_EVIDENCE,
            "total": side.evidence[agent.colour],
        },
        reveals=True,
    )
    return curfew_state(state.with_side(GERMAN, side)), [roll, evidence]


def end_activation(
    stawka: Handler,
) -> Callable[[CurfewState, Turn, EndActivation, Dice], tuple[CurfewState, list[Event]]]:
    """Stawka's end of an activation, which also lets end an agent `stopped_by_curfew` (he
    is held where he stands, as an agent a trait stops is)."""

    def curfew_end(
        state: CurfewState, turn: Turn, action: EndActivation, dice: Dice
    ) -> tuple[CurfewState, list[Event]]:
        act = state.activation
        if act is not None and stopped_by_curfew(state, turn):
            state = state.model_copy(update={"activation": act.model_copy(update={"stopped": True})})
        new, events = stawka(state, turn, action, dice)
        return curfew_state(new), events

    return curfew_end


def turn_handlers(
    stawka: Mapping[type, Handler],
) -> dict[type, Callable[..., tuple[CurfewState, list[Event]]]]:
    """Stawka's handlers of the activation turn behind the curfew; a move also takes B's
    tests, and the end of an activation lets end an agent the curfew stops."""
    special: dict[type, Handler] = {Move: move, EndActivation: end_activation(stawka[EndActivation])}
    return {kind: guarded(special.get(kind, handler)) for kind, handler in stawka.items()}
