"""The setup decisions: who starts, the blind pick and the placement ("Setup" 2 and 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Dice, Event, IllegalAction, Seat
from rules.doppelnull.actions import ChooseStarter, Place, Remove, place_of
from rules.doppelnull.content import load_content
from rules.doppelnull.options import SEATS, opponent
from rules.doppelnull.state import (
    BlindPick,
    ChoosingStarter,
    DoppelnullState,
    Line,
    Placing,
    active_agents,
    clue_of,
    sign_of,
)

if TYPE_CHECKING:
    from rules.doppelnull.view import SideView


def can_place_all(agents: list[int], cards: list[int]) -> bool:
    """Whether the agents can stand one per card with none on its own number ("Setup" 4).

    Numbers are all different, so each agent is barred from one card at most and each
    card bars one agent at most: any two agents together may stand on every card.  By
    Hall's theorem they all can stand, unless there are more agents than cards or a
    lone agent is left with the card of its own number only.
    """
    if len(agents) > len(cards):
        return False
    return not (len(agents) == len(cards) == 1 and agents[0] == cards[0])


def unplaced_agents(state: DoppelnullState, seat: Seat) -> list[int]:
    placed = {n for n in state.lines[seat].agents if n is not None}
    return [n for n in active_agents(state, seat) if n not in placed]


def placement_allowed(state: DoppelnullState, seat: Seat, agent: int, slot: int) -> IllegalAction | None:
    """Why the placement is refused, or None when it is allowed."""
    return _refusal(state.lines[seat], unplaced_agents(state, seat), agent, slot)


def _refusal(line: Line, waiting: list[int], agent: int, slot: int) -> IllegalAction | None:
    """`placement_allowed` with the agents `waiting` to be placed already listed."""
    if agent not in waiting:
        return IllegalAction(
            f"Agent {agent} is not one of your agents waiting to be placed.",
            "doppelnull.refusal.not_waiting",
            agent=agent,
        )
    if not 0 <= slot < len(line.cards) or line.agents[slot] is not None:
        return IllegalAction("Choose an empty card of your line.", "doppelnull.refusal.card_taken")
    if line.cards[slot] == agent:
        return IllegalAction(
            f"Agent {agent} may not stand on the card of the same number.",
            "doppelnull.refusal.own_number",
            agent=agent,
        )
    others = [n for n in waiting if n != agent]
    free = [c for i, c in enumerate(line.cards) if line.agents[i] is None and i != slot]
    if not can_place_all(others, free):
        return IllegalAction(
            "Then the last agent would have to stand on its own number; place them another way.",
            "doppelnull.refusal.dead_end",
        )
    return None


def arrangement_refusal(
    state: DoppelnullState, seat: Seat, arrangement: dict[int, int]
) -> IllegalAction | None:
    """Why `seat` may not place its waiting agents as `arrangement` says (slot -> agent),
    one after the other ("Setup" 4), or None when it may: every waiting agent on an empty
    card, none on the card of its own number."""
    return _arrangement_refusal(state.lines[seat], unplaced_agents(state, seat), arrangement)


def seen_arrangement_refusal(side: SideView, arrangement: dict[int, int]) -> IllegalAction | None:
    """`arrangement_refusal` from what the seat sees of its own side (`SideView`: its line
    and its waiting agents), as the table asks it."""
    return _arrangement_refusal(_own_line(side), list(side.waiting), arrangement)


def _arrangement_refusal(line: Line, waiting: list[int], arrangement: dict[int, int]) -> IllegalAction | None:
    if sorted(arrangement.values()) != sorted(waiting):
        return IllegalAction("Place every agent still waiting, once each.", "doppelnull.refusal.arrangement")
    for slot, agent in sorted(arrangement.items()):
        refusal = _refusal(line, waiting, agent, slot)
        if refusal is not None:
            return refusal
        line = line.model_copy(
            update={"agents": tuple(agent if i == slot else n for i, n in enumerate(line.agents))}
        )
        waiting = [n for n in waiting if n != agent]
    return None


def random_arrangement(state: DoppelnullState, seat: Seat, dice: Dice) -> dict[int, int]:
    """A legal way (`arrangement_refusal`) for `seat` to place its waiting agents on the
    empty cards of its line, drawn at random: the table's "Arrange for me"."""
    return _random_arrangement(state.lines[seat], unplaced_agents(state, seat), dice)


def seen_random_arrangement(side: SideView, dice: Dice) -> dict[int, int]:
    """`random_arrangement` from what the seat sees of its own side, as the table asks it."""
    return _random_arrangement(_own_line(side), list(side.waiting), dice)


def _random_arrangement(line: Line, waiting: list[int], dice: Dice) -> dict[int, int]:
    empty = [slot for slot, agent in enumerate(line.agents) if agent is None]
    while True:  # an agent barred from at most one card: most draws are legal at once
        slots = dice.sample(empty, len(waiting))
        if all(line.cards[slot] != agent for slot, agent in zip(slots, waiting, strict=True)):
            return dict(zip(slots, waiting, strict=True))


def _own_line(side: SideView) -> Line:
    """A seat's line as its owner sees it: every card, and its own agents where they stand."""
    return Line(
        dealt=side.dealt,
        cards=tuple(slot.card for slot in side.line),
        agents=tuple(slot.agent for slot in side.line),
        unmasked=tuple(slot.unmasked for slot in side.line),
        clues=tuple(slot.clues for slot in side.line),
    )


def legal_starters(state: DoppelnullState, decision: ChoosingStarter) -> list[ChooseStarter]:
    """Either player, or lots."""
    return [*(ChooseStarter(seat=s) for s in SEATS), ChooseStarter(seat=None)]


def choose_starter(
    state: DoppelnullState, decision: ChoosingStarter, action: ChooseStarter, dice: Dice
) -> tuple[DoppelnullState, list[Event]]:
    """The players compared their identity cards and say who starts, or draw lots."""
    if action.seat is None:
        starter = dice.choice(SEATS)
        key = "doppelnull.starter_random"
    elif action.seat in SEATS:
        starter, key = action.seat, "doppelnull.starter_chosen"
    else:
        raise IllegalAction(f"There is no player {action.seat!r}.", "doppelnull.refusal.no_player")
    event = Event(kind="starter", key=key, params={"player": starter}, data={"seat": starter})
    return state.model_copy(update={"pending": state.pending[:-1], "starter": starter}), [event]


def legal_removals(state: DoppelnullState, decision: BlindPick) -> list[Remove]:
    """The opponent's agents still in the row, by position."""
    owner = opponent(decision.seat)
    return [Remove(position=p) for p in range(len(state.pawns[owner])) if p not in state.removed[owner]]


def remove(
    state: DoppelnullState, decision: BlindPick, action: Remove, dice: Dice
) -> tuple[DoppelnullState, list[Event]]:
    """ "Setup" 2: the picker sends an opponent's agent to the box without seeing its number."""
    seat = decision.seat
    owner = opponent(seat)
    removed = state.removed[owner]
    if not 0 <= action.position < len(state.pawns[owner]) or action.position in removed:
        raise IllegalAction(
            "Choose one of the opponent's agents still in the row.", "doppelnull.refusal.not_in_row"
        )
    now = (*removed, action.position)
    pending = state.pending if len(now) < load_content().pieces.removed else state.pending[:-1]
    number = state.pawns[owner][action.position]
    events = [
        Event(
            kind="remove",
            key="doppelnull.remove",
            params={"player": seat, "owner": owner},
            data={"seat": owner, "position": action.position},
        ),
        Event(
            kind="remove_own",
            key="doppelnull.remove_own",
            params={"agent": number, "owner": owner},
            visible_to=(owner,),
            data={"seat": owner, "position": action.position},
        ),
    ]
    return state.model_copy(update={"removed": {**state.removed, owner: now}, "pending": pending}), events


def legal_placements(state: DoppelnullState, decision: Placing) -> list[Place]:
    """Every agent waiting, on every card it may stand on (`placement_allowed`)."""
    line = state.lines[decision.seat]
    waiting = unplaced_agents(state, decision.seat)
    return [
        place_of(agent, slot)
        for agent in waiting
        for slot in range(len(line.cards))
        if _refusal(line, waiting, agent, slot) is None
    ]


def place(
    state: DoppelnullState, decision: Placing, action: Place, dice: Dice
) -> tuple[DoppelnullState, list[Event]]:
    """ "Setup" 4: the owner puts an agent on a card; the sign follows from the numbers."""
    seat = decision.seat
    refusal = placement_allowed(state, seat, action.agent, action.slot)
    if refusal is not None:
        raise refusal
    line = state.lines[seat]
    card = line.cards[action.slot]
    sign = sign_of(action.agent, card)
    agents = tuple(action.agent if i == action.slot else n for i, n in enumerate(line.agents))
    clues = tuple((clue_of(card, sign),) if i == action.slot else c for i, c in enumerate(line.clues))
    new_line = line.model_copy(update={"agents": agents, "clues": clues})
    events = [
        Event(
            kind="place",
            key="doppelnull.place",
            params={"player": seat, "agent": action.agent, "card": card, "sign": sign},
            visible_to=(seat,),
            data={"seat": seat, "slot": action.slot},
        )
    ]
    update: dict[str, object] = {"lines": {**state.lines, seat: new_line}}
    if all(n is not None for n in agents):
        update["pending"] = state.pending[:-1]
        events.append(
            Event(
                kind="placed",
                key="doppelnull.placed",
                params={"player": seat},
                data={"seat": seat},
            )
        )
        if not state.pending[:-1]:
            starter = state.starter
            if starter is None:
                raise RuntimeError("setup ended without a starter")
            update["turn"] = starter
            events.append(
                Event(
                    kind="play",
                    key="doppelnull.play_begins",
                    params={"player": starter},
                    reveals=True,
                    data={"seat": starter},
                )
            )
    return state.model_copy(update=update), events
