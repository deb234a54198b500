"""Threat tokens (rulebook, "Threat Tokens", EXTENDED; "Stage", C; "Movement", 5).

Each side has 18 tokens.  At step C the player who activates second gets 2 tokens, the
other 1, drawn at random from his own pool (the opponent "points them out" blindly); they
are set out alternately, starting with the player who got two: German tokens in
locations, Polish tokens on street spaces without enemy agents, one token a space.

An agent entering a space with an enemy token stops there when he could discard it
(Movement, 5: "he must stop to perform that action"); one who cannot (his action of this
activation is taken, or he lacks the AP) may move on through it.  Either way the owner
then decides, behind the curtain, whether to bring the token into play (a pending
decision; the window opens for every token, support ones included, so it tells
nothing): also when the agent fails to discard it or declares another action there.
What each token then does is in `rules.stawka.threat_effects`; discarding and the
support tokens' help are tests, in `rules.stawka.alertness`.

Ours: a token used goes out of the game, except dangerous terrain, which stays face up
and keeps making steps onto and off its space cost 1 AP more.
"""

from __future__ import annotations

from functools import cache

from rules.core import Dice, Event, IllegalAction, Seat
from rules.core.components import Hand
from rules.core.memo import per_parts
from rules.stawka.actions import PlaceThreat, place_threat_of
from rules.stawka.board import board_of
from rules.stawka.content import ThreatToken, load_content
from rules.stawka.costs import ap_cost
from rules.stawka.state import GERMAN, SEATS, AgentState, StawkaState, ThreatPlacement, ThreatWindow, other


def token(token_id: str) -> ThreatToken:
    return load_content().threat(token_id)


def pools() -> dict[Seat, tuple[str, ...]]:
    return {seat: tuple(t.id for t in load_content().threats if t.side == seat) for seat in SEATS}


def owner(token_id: str) -> Seat:
    return _owners()[token_id]


@cache
def _owners() -> dict[str, Seat]:
    """Each threat token's side (asked for every token on the board by every walk)."""
    return {threat.id: threat.side for threat in load_content().threats}


def enemy_token_at(state: StawkaState, space: str, seat: Seat) -> str | None:
    """The token of `seat`'s enemy on `space`, if any."""
    on = state.threats.get(space)
    return on if on is not None and owner(on) != seat else None


# -- step C: drawing and setting out ------------------------------------------------------

_PLACING = {seat: ThreatPlacement(seat=seat) for seat in SEATS}
"""Each seat's decision to set out a token, made once: every stage stacks three."""


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
                "threat_hand": side.threat_hand.adding(*drawn),
            }
        )
        events.append(
            Event.made(kind="threats", key="stawka.threats_drawn", params={"seat": seat, "count": len(drawn)})
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
    pending = tuple(_PLACING[seat] for seat in reversed(placing))
    return _prune(state.model_copy(update={"sides": sides, "pending": pending + state.pending})), events


def draw_extra(state: StawkaState, seat: Seat, count: int, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """A location card's extra tokens: drawn blindly from `seat`'s pool, set out at once."""
    side = state.sides[seat]
    drawn = dice.sample(side.threat_pool, min(count, len(side.threat_pool)))
    side = side.model_copy(
        update={
            "threat_pool": tuple(t for t in side.threat_pool if t not in drawn),
            "threat_hand": side.threat_hand.adding(*drawn),
        }
    )
    placing = (_PLACING[seat],) * len(drawn)
    state = state.with_side(seat, side).model_copy(update={"pending": (*state.pending, *placing)})
    event = Event.made(kind="threats", key="stawka.threats_drawn", params={"seat": seat, "count": len(drawn)})
    return _prune(state), [event]


_NO_TOKENS = Hand()
"""An empty hand of tokens, made once (frozen): every stage's placements end with two."""


def _prune(state: StawkaState) -> StawkaState:
    """Skip placements nobody can make (every allowed space taken); unplaced tokens go back."""
    while state.pending and isinstance(state.pending[-1], ThreatPlacement):
        seat = state.pending[-1].seat
        if state.sides[seat].threat_hand and allowed_spaces(state, seat):
            break
        state = state.model_copy(update={"pending": state.pending[:-1]})
    if not any(isinstance(p, ThreatPlacement) for p in state.pending):
        sides = {
            s: side.model_copy(
                update={"threat_pool": side.threat_pool + side.threat_hand.cards, "threat_hand": _NO_TOKENS}
            )
            for s, side in state.sides.items()
        }
        state = state.model_copy(update={"sides": sides})
    return state


@per_parts(lambda state: (state.agents, state.threats, state.scenario))
def allowed_spaces(state: StawkaState, seat: Seat) -> tuple[str, ...]:
    """Threat Tokens, 3: German tokens in locations; Polish on streets without enemy agents.

    Remembered while the agents and tokens are the same: the placements of a stage ask
    once before and once after each token is set out."""
    if seat == GERMAN:
        return tuple(s for s in board_of(state.scenario).locations if s not in state.threats)
    enemies = {a.space for a in state.agents if a.side != seat and a.status == "free"}
    return tuple(s for s in _streets(state.scenario) if s not in state.threats and s not in enemies)


@cache
def _streets(scenario: str) -> tuple[str, ...]:
    """The street spaces of the scenario's board, in the board's order."""
    board = board_of(scenario)
    return tuple(s for s in board.spaces if not board.is_location(s))


def legal_placements(state: StawkaState, decision: ThreatPlacement) -> list[PlaceThreat]:
    spaces = allowed_spaces(state, decision.seat)
    return [place_threat_of(t, s) for t in state.sides[decision.seat].threat_hand.cards for s in spaces]


def placement_allowed(state: StawkaState, decision: ThreatPlacement, action: object) -> bool:
    """Whether `action` is among `legal_placements`, without listing every token on every space."""
    return (
        isinstance(action, PlaceThreat)
        and action.token in state.sides[decision.seat].threat_hand.cards
        and action.space in allowed_spaces(state, decision.seat)
        and action == place_threat_of(action.token, action.space)
    )


def place(
    state: StawkaState, decision: ThreatPlacement, action: PlaceThreat, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    seat = decision.seat
    side = state.sides[seat]
    if action.token not in side.threat_hand:
        raise IllegalAction(
            "That threat token is not among the ones you drew.", "stawka.refusal.threat_not_drawn"
        )
    if action.space not in allowed_spaces(state, seat):
        raise IllegalAction(
            "German tokens go in locations, Polish tokens on street spaces without enemy agents; "
            "one a space.",
            "stawka.refusal.threat_space",
        )
    side = side.model_copy(update={"threat_hand": side.threat_hand.removing(action.token)})
    state = state.with_side(
        seat, side, threats={**state.threats, action.space: action.token}, pending=state.pending[:-1]
    )
    events = [
        Event.made(
            kind="threat",
            key="stawka.threat_placed",
            params={"seat": seat, "where": board_of(state.scenario).where(action.space)},
            data={"space": action.space},
        ),
        Event.made(
            kind="threat",
            key="stawka.threat_placed_own",
            params={"token": action.token, "where": board_of(state.scenario).where(action.space)},
            visible_to=(seat,),
        ),
    ]
    return _prune(state), events


# -- entering, triggering ------------------------------------------------------------------


def threat_stops(state: StawkaState, agent: AgentState) -> frozenset[str]:
    """Movement, 5: spaces with an enemy token, which end the movement of an agent who
    could discard the token there (see `may_discard`); the others may pass through."""
    if not may_discard(state):
        return frozenset()
    return _enemy_tokens(state, agent.side)


@per_parts(lambda state: (state.threats,))
def _enemy_tokens(state: StawkaState, side: Seat) -> frozenset[str]:
    """Spaces with a token of `side`'s enemy."""
    return frozenset(space for space, t in state.threats.items() if owner(t) != side)


def may_discard(state: StawkaState) -> bool:
    """Threat Tokens, 4: discarding is the action of an activation (extended rules), so an
    agent whose action of this activation is taken cannot discard any more.  Whether his
    AP suffice depends on where he is on his path (`discard_ap`)."""
    act = state.activation
    return state.rule_level != "basic" and not (act is not None and act.acted)


def discard_ap() -> int:
    """Activating, 3: what a discard costs, so what an agent must have left to stop for one."""
    return ap_cost("discard_threat")


def window_at(state: StawkaState, agent: AgentState, space: str) -> bool:
    """Whether entering `space` opens an owner's window: an enemy token lies face down there."""
    on = enemy_token_at(state, space, agent.side)
    return on is not None and on not in state.threats_open


def entered(state: StawkaState, agent: AgentState, previous: str) -> StawkaState:
    """After a move: open the owner's window if the agent stands on an enemy face-down token."""
    if not window_at(state, agent, agent.space):
        return state
    on = enemy_token_at(state, agent.space, agent.side)
    assert on is not None
    window = ThreatWindow(seat=owner(on), agent=agent.id, previous=previous)
    return state.model_copy(update={"pending": (*state.pending, window)})


def remove_token(state: StawkaState, on: str) -> StawkaState:
    threats = {space: t for space, t in state.threats.items() if t != on}
    return state.model_copy(
        update={
            "threats": threats,
            "threats_open": tuple(t for t in state.threats_open if t != on),
            "threats_out": (*state.threats_out, on),
        }
    )


def has_face_down(state: StawkaState, seat: Seat, tested: str | None = None) -> bool:
    """Whether `seat` has a face-down token on the board besides the one being tested."""
    return any(
        owner(t) == seat and t not in state.threats_open and t != tested for t in state.threats.values()
    )


_NO_SPACES: frozenset[str] = frozenset()


def rough_ground(state: StawkaState) -> frozenset[str]:
    """Spaces of face-up dangerous terrain: each step onto or off them costs 1 AP more."""
    if not state.threats_open:  # no token face up: every walk asks, most of a game
        return _NO_SPACES
    return _rough_ground(state)


@per_parts(lambda state: (state.threats, state.threats_open))
def _rough_ground(state: StawkaState) -> frozenset[str]:
    return frozenset(
        space
        for space, t in state.threats.items()
        if t in state.threats_open and token(t).kind == "dangerous_terrain"
    )
