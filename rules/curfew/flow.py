"""The course of a stage, taken by the rules between the player's decisions.

A stage: (from stage 2) the top German location card is revealed and applied; the
player activates his agents as long as they have AP, or until he ends the stage; right
after each Polish activation the German agent of the same colour is activated
(`rules.curfew.germans`).  At the end of the stage (ours: in this order): H, if the
player ended it himself, one more German agent (the one with the most AP left); G, for
each Polish prisoner the German agent of his colour moves half his limit; every prisoner
is interrogated (Stawka's interrogation: a betrayed secret means Kloss is worked out);
then the stage's bookkeeping (Stawka's step G), and before the next stage an eliminated
German agent is replaced by one drawn from the German characters not in play, with all
the same behaviour, in his colour, on a space drawn from the location deck (ours: like
the set-up).  After the sixth stage the game is scored.

Checked after every step: 10 German evidence on Kloss works him out for good; Kloss
exposed or arrested, or three Polish agents arrested, loses the game at once.
"""

from __future__ import annotations

from rules.core import Dice, Event
from rules.core.components import Deck
from rules.core.memo import per_parts
from rules.curfew.cards import apply_effect, reveal
from rules.curfew.content import load_content, replacements
from rules.curfew.germans import activate, ap_left, german_of
from rules.curfew.options import GERMAN, POLISH
from rules.curfew.scoring import defeat_key, finish
from rules.curfew.setup import card_location, no_planning, top_up
from rules.curfew.state import CurfewState, StageStep, TieBreak, curfew_state
from rules.stawka import content as stawka_content
from rules.stawka import stage as stawka_stage
from rules.stawka.activation import seat_can_act
from rules.stawka.arrest import interrogation
from rules.stawka.documents import ap_limit
from rules.stawka.state import AgentState, PlacePrisoner

CLOSING = (StageStep(step="close"), StageStep(step="interrogate"), StageStep(step="g"))
"""The end of a stage, its last step on top: G, the interrogations, then the close."""
CLOSING_GAVE_UP = (*CLOSING, StageStep(step="h"))
"""The same when the player ended the stage himself: H first."""
OPENING = (StageStep(step="turn"), StageStep(step="card"))
"""The next stage: its German card, then the player's turn (decisions are frozen: made once)."""


def follow(state: CurfewState, events: list[Event]) -> CurfewState:
    """What comes after a step, once nothing is pending: the German answer to a Polish
    activation that ended, the player's turn, or the end of the stage.  The set-up's last
    choice leaves nothing pending: the player's first turn begins here as every turn goes
    on, with his pool (`pooled`) and his turn."""
    if state.pending and isinstance(state.pending[-1], PlacePrisoner):
        state = _prisoner_choice(state)
    phase = state.phase
    if phase == "over":
        return state
    chief, jailed, pool = _tally(state)
    watched = watch(state, events, chief, jailed)
    if watched is not state:  # Kloss worked out, or the game lost: its phase is asked again
        state, phase = watched, watched.phase
    if phase != "activations":
        return state
    state = pooled(state, pool)
    active = state.activation.agent if state.activation is not None else None
    if state.tracked is not None and state.tracked != active:
        german = german_of(state, state.agent(state.tracked).colour)
        if german is not None and ap_left(state, german) > 0:
            state = activate(state, german.id, "A")
    if state.tracked != active:  # most steps leave it as it is: no copy for them
        state = state.model_copy(update={"tracked": active})
    if state.pending or active is not None or state.closing:
        return state
    if seat_can_act(state, POLISH):
        return state if state.turn == POLISH else state.model_copy(update={"turn": POLISH})
    steps = CLOSING_GAVE_UP if state.sides[POLISH].gave_up else CLOSING
    return state.model_copy(update={"closing": True, "turn": None, "pending": (*state.pending, *steps)})


def _prisoner_choice(state: CurfewState) -> CurfewState:
    """The prisoner exchange after a kidnapping: with no German player, the player frees
    the prisoner into a location of his choice (where Stawka lets the German choose)."""
    top = state.pending[-1] if state.pending else None
    if isinstance(top, PlacePrisoner) and top.seat == GERMAN:
        return state.model_copy(update={"pending": (*state.pending[:-1], PlacePrisoner(seat=POLISH))})
    return state


@per_parts(lambda state: (state.agents, state.documents))
def _tally(state: CurfewState) -> tuple[AgentState, tuple[str, ...], int]:
    """One look at the Polish agents, for what the rules check after every step: Kloss,
    the agents in the jail (`scoring.prisoners`), and what the free agents' AP limits have
    left (`limits_left`).  A plain loop, once while the agents and their documents stay
    the same objects (nearly half the steps leave them: a stage's steps, a German who
    only begins or ends)."""
    chief_id = load_content().chief()
    chief: AgentState | None = None
    jailed: list[str] = []
    left = 0
    for a in state.agents:
        if a.side != POLISH:
            continue
        if a.id == chief_id:
            chief = a
        if a.status == "free":
            own = ap_limit(state, a) - a.ap_used - a.tired
            if own > 0:
                left += own
        elif a.status == "arrested":
            jailed.append(a.id)
    assert chief is not None
    return chief, tuple(jailed), left


def watch(state: CurfewState, events: list[Event], chief: AgentState, jailed: tuple[str, ...]) -> CurfewState:
    """Kloss worked out (10 German evidence, for good); the immediate defeats (of a game
    not over: `follow` asks its phase once).  `chief` and `jailed` are `_tally`'s."""
    evidence = state.sides[GERMAN].evidence.get(chief.colour, 0)
    if not state.worked_out and evidence >= load_content().worked_out_at:
        state = state.model_copy(update={"worked_out": True})
        events.append(
            Event.made(kind="kloss", key="curfew.worked_out", params={"agent": chief.id}, reveals=True)
        )
    key = defeat_key(state, jailed)
    if key is None:
        return state
    state, ended = finish(state, key)
    events.extend(ended)
    return state


def start_turn(state: CurfewState) -> CurfewState:
    """The player's turn of the stage, his pool what his agents' limits allow (`pooled`)."""
    return pooled(state).model_copy(update={"turn": POLISH, "tracked": None})


def pooled(state: CurfewState, pool: int | None = None) -> CurfewState:
    """No planning card: "Gracz będzie mógł aktywować i rozdysponowywać Punkty Akcji swoim
    agentom aż do wyczerpania ich limitów PA" (the player may give his agents AP until
    their AP limits are used up), so his pool is what his free agents' limits have left,
    kept so as a limit changes mid-stage (a Bicycle found raises it: issue 27, 4).  `pool`:
    `limits_left` already counted."""
    if pool is None:
        pool = limits_left(state)
    side = state.sides[POLISH]
    return (
        state
        if side.ap == pool
        else curfew_state(state.with_side(POLISH, side.model_copy(update={"ap": pool})))
    )


def limits_left(state: CurfewState) -> int:
    """What the free Polish agents' AP limits have left (the pool is looked at after every
    step, and the agents change at nearly every step: a plain loop, no remembering)."""
    left = 0
    for a in state.agents:
        if a.side == POLISH and a.status == "free":
            own = ap_limit(state, a) - a.ap_used - a.tired
            if own > 0:
                left += own
    return left


# -- the steps -------------------------------------------------------------------------------


def take_step(state: CurfewState, decision: StageStep, dice: Dice) -> tuple[CurfewState, list[Event]]:
    if decision.step == "card":
        return reveal(state, decision, dice)
    if decision.step == "effect":
        return apply_effect(state, decision, dice)
    rest = state.model_copy(update={"pending": state.pending[:-1]})  # the step taken
    if decision.step == "h":
        return _extra_german(state, rest, decision)
    if decision.step == "g":
        return _prisoners_guards(rest), []
    if decision.step == "interrogate":
        return _interrogations(rest, dice)
    if decision.step == "close":
        return _close(rest, dice)
    return start_turn(rest), []


def _extra_german(
    state: CurfewState, rest: CurfewState, decision: StageStep
) -> tuple[CurfewState, list[Event]]:
    """H: the player ended the stage himself: one more German agent, the one with the most
    AP left (a tie is the player's to break)."""
    able = [g for g in rest.agents_of(GERMAN) if g.status == "free" and ap_left(rest, g) > 0]
    if not able:
        return rest, []
    most = max(ap_left(rest, g) for g in able)
    tied = tuple(g.id for g in able if ap_left(rest, g) == most)
    if decision.chosen in tied:
        chosen = decision.chosen
    elif len(tied) == 1:
        chosen = tied[0]
    else:
        return state.model_copy(update={"pending": (*state.pending, TieBreak(purpose="h", options=tied))}), []
    return activate(rest, str(chosen), "H"), []


def _prisoners_guards(state: CurfewState) -> CurfewState:
    """G: for each Polish prisoner, the German agent of his colour moves half his limit."""
    for prisoner in reversed(state.agents_of(POLISH)):
        german = german_of(state, prisoner.colour) if prisoner.status == "arrested" else None
        if german is not None:
            state = activate(state, german.id, "G")
    return state


def _interrogations(state: CurfewState, dice: Dice) -> tuple[CurfewState, list[Event]]:
    """ "Aresztowani polscy agenci": every prisoner is interrogated at the end of the stage
    (Stawka's interrogation, by the German agent of his colour, else the first German on
    the board); a betrayed secret means Kloss is worked out."""
    events: list[Event] = []
    for prisoner in state.agents_of(POLISH):
        if prisoner.status != "arrested":
            continue
        germans = [g for g in state.agents_of(GERMAN) if g.status == "free"]
        interrogator = german_of(state, prisoner.colour) or (germans[0] if germans else None)
        if interrogator is None:
            continue
        secrets = state.sides[GERMAN].secrets
        events.append(
            Event.made(
                kind="german",
                key="curfew.german.interrogates",
                params={"agent": interrogator.id, "target": prisoner.id, "rule": "prisoners"},
            )
        )
        questioned, more = interrogation(state, GERMAN, interrogator, prisoner, dice)
        state = curfew_state(questioned)
        events.extend(more)
        if state.sides[GERMAN].secrets > secrets and not state.worked_out:
            state = state.model_copy(update={"worked_out": True})
            events.append(
                Event.made(kind="kloss", key="curfew.betrayed", params={"agent": prisoner.id}, reveals=True)
            )
    return state, events


def _close(state: CurfewState, dice: Dice) -> tuple[CurfewState, list[Event]]:
    """Stawka's end of a stage, the scenario's resets; then the game's end, or the
    successors of eliminated German agents and the next stage's card and turn."""
    closed, events = stawka_stage.end_stage(state)
    state = curfew_state(closed).model_copy(
        update={
            "activations": {},
            "met": (),
            "escaped": (),
            "closing": False,
            "tracked": None,
            "sides": {seat: no_planning(side) for seat, side in closed.sides.items()},
        }
    )
    if state.stage > state.stage_count:
        state, ended = finish(state, "curfew.end.time")
        return state, events + ended
    events.append(Event.made(kind="stage", key="stawka.stage_start", params={"stage": state.stage}))
    state, more = _successors(state, dice)
    events.extend(more)
    state, drawn = top_up(state)
    events.extend(drawn)
    return state.model_copy(update={"pending": (*state.pending, *OPENING)}), events


def _back(deck: Deck, card: str, dice: Dice) -> Deck:
    """The card that placed a successor back in the deck's draw pile, which is shuffled
    again ("użyte karty wracają do talii, którą należy starannie przetasować"); the discard
    pile of the cards the player used stays as it is."""
    return Deck(pile=Deck.shuffled((card, *deck.pile), dice).pile, discard=deck.discard)


def _successors(state: CurfewState, dice: Dice) -> tuple[CurfewState, list[Event]]:
    """The scenario's NOTE: an eliminated German agent is replaced before the next stage by
    one drawn from the German characters not in play, in the eliminated one's colour."""
    events: list[Event] = []
    for colour in load_content().german_colours:
        if german_of(state, colour) is not None:
            continue
        pool = replacements(tuple(a.id for a in state.agents))
        if not pool:
            continue
        successor = dice.choice(pool)
        polish = state.sides[POLISH]
        card, deck = polish.location_deck.draw(dice)
        space = card_location(card)
        document = stawka_content.load_content().documents_of(successor)[0]
        agent = AgentState(id=successor, side=GERMAN, colour=colour, space=space)
        placed = state.model_copy(
            update={
                "agents": (*state.agents, agent),
                "documents": {**state.documents, successor: document.id},
            }
        )
        state = curfew_state(
            placed.with_side(POLISH, polish.model_copy(update={"location_deck": _back(deck, card, dice)}))
        )
        events.append(
            Event.made(
                kind="german",
                key="curfew.successor",
                params={"agent": successor, "colour": colour, "where": space},
                reveals=True,
            )
        )
    return state, events
