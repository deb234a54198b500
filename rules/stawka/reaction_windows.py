"""Playing reaction cards (rulebook, "Reaction Cards", ADVANCED, points 3 and 4; "Movement
of Agents", 6; "Conversation", 1 and example 3 continued; "Arrest Action", 3 NOTE).

A reaction card is played only during an enemy activation ("can be played only during
their activation"), against one enemy action, in the colour of that action: red after a
move (a walk or a location card's move), purple when a search is declared, yellow when a
conversation is declared (a location card's search, call or arrest too) - and an arrest
or a kidnapping, since "The arrest action is treated as a conversation" and a kidnapping's
"procedure is analogous to an attempted arrest".  One card a movement (point 3: "if an
agent is performing movement, only one movement-type card can be played on him"): once a
red card was played on an activation's movement, blocked or not, no other red window
opens in it; a window let pass plays no card and does not count.  The window is a decision of the
reacting seat (`ReactionWindow`), and it opens the same way whether or not that seat
holds a card it could play: only the size of its hand decides (no cards, no window), and
the size is public.  A move that ends its agent's activation (his last AP, movement after
his action) is answered before the activation ends: the activation waits for the red
window (`StawkaState.reaction_due`, `activation.settle`).  The played card is shown; the
acting seat may then cancel it with a card of the same colour bearing the block symbol
(`BlockWindow`, which opens likewise whenever his hand is not empty): both are "discarded
from the game" (`StawkaState.reactions_out`), never shuffled back.

What a half does: `stop`, `lose_ap`, `evidence`, `place_threat` and `move_own` take effect
at once (after the block window); `cancel_search`, `take_item`, `cancel_conversation`,
`roll_modifier`, `reciprocity` and `remove_evidence` wait in ``state.reaction`` for the
declared action, which `search`, `conversation`, `arrest` and `kidnap` carry out with them.

Readings (ours): the yellow window opens when the conversation is declared, before its
rolls, and the reciprocity roll comes after the initiator's (the rulebook's example lets
the German decide after seeing Ingrid's roll; here he decides before it, on what he
knows of the two agents); against an arrest or a kidnapping only the halves whose text
fits one may be played - Interrupted (it does not take place: AP and action spent, the
pair has not talked) and Cover story (after it) - since Slip of the tongue and the
reciprocity rule act on an effectiveness roll, which they have none of; Stop! is played
only on a mover who could still move on; a move whose activation an enemy token already
ended (an alarm, a failed check) is past answering; an interrogation (its roll is "as for a
conversation", the action is not one) and a fight have no window; with an empty hand no
window opens (the opponent can count the cards).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core import Dice, Event, IllegalAction, Seat
from rules.core.memo import per_state
from rules.stawka import threats
from rules.stawka.actions import (
    Arrest,
    BlockReaction,
    Converse,
    Kidnap,
    Move,
    PlayLocationCard,
    PlayReaction,
    Search,
    StawkaAction,
)
from rules.stawka.activation import activated, finished, settle
from rules.stawka.board import FAR, board_of, step_counts
from rules.stawka.content import ReactionColour, ReactionHalf
from rules.stawka.investigation import add_evidence, evidence_event
from rules.stawka.items import held_of_kind
from rules.stawka.location_cards import location_card
from rules.stawka.reactions import half, reaction_card
from rules.stawka.state import AgentState, BlockWindow, PlayedReaction, ReactionWindow, StawkaState, other

IMMEDIATE = ("stop", "lose_ap", "evidence", "place_threat", "move_own")
"""Halves that act at once; the others change the declared action (see the module)."""

CARD_COLOURS: dict[str, ReactionColour] = {
    "search": "purple",
    "quiet_search": "purple",
    "hotel_finale": "purple",
    "telephone": "yellow",
    "summons": "yellow",
    "arrest": "yellow",
}
"""A location card's effect that is a search or a conversation (an arrest is "treated as a
conversation"), and the colour answering it."""

TALKS = ("telephone", "summons")
"""A location card's effect that is a conversation with rolls the enemy may answer."""

Choice = tuple[str | None, str | None, tuple[str, ...]]
"""(own agent, space, items) a half chooses."""


def action_colour(action: StawkaAction) -> ReactionColour | None:
    """The reaction colour answering a declared action (None: none does): an arrest, and a
    kidnapping ("analogous to an attempted arrest"), are "treated as a conversation"."""
    if isinstance(action, (Converse, Arrest, Kidnap)):
        return "yellow"
    if isinstance(action, Search):
        return "purple"
    if isinstance(action, PlayLocationCard):
        return CARD_COLOURS.get(location_card(action.card).effect.kind)
    return None


def _window(
    state: StawkaState, seat: Seat, agent: str, colour: ReactionColour, target: str | None
) -> StawkaState | None:
    """The reacting seat's window against `seat`'s agent, or None (not the advanced rules,
    or an empty hand)."""
    reactor = other(seat)
    if state.rule_level != "advanced" or not state.sides[reactor].reaction_hand:
        return None
    window = ReactionWindow(seat=reactor, agent=agent, colour=colour, target=target)
    return state.model_copy(update={"pending": (*state.pending, window)})


DECLARED = (Converse, Search, PlayLocationCard, Arrest, Kidnap)
"""The declared actions a window may answer (`action_colour` says which colour)."""


def declare(state: StawkaState, seat: Seat, action: StawkaAction) -> tuple[StawkaState, list[Event]] | None:
    """Reaction Cards, 3: a search or a conversation waits for the enemy's window (None:
    no window, the action happens at once)."""
    colour = action_colour(action)
    if colour is None or state.reaction_asked or not isinstance(action, DECLARED):
        return None
    agent_id = action.agent
    target = None if isinstance(action, Search) else action.target
    opened = _window(state, seat, agent_id, colour, target)
    if opened is None:
        return None
    opened, _ = activated(opened, seat, agent_id)
    opened = opened.model_copy(update={"declared": action, "reaction_asked": True})
    return opened, [Event(kind="declared", key="stawka.declared", params={"agent": agent_id})]


def moves_agent(action: StawkaAction) -> bool:
    """Whether `action` moves the activated agent: a walk, or a location card's move (its
    use is no action, but what it does is his movement: `movement.relocate`)."""
    if isinstance(action, Move):
        return True
    return isinstance(action, PlayLocationCard) and location_card(action.card).effect.kind == "move"


def after_move(state: StawkaState, events: list[Event]) -> StawkaState:
    """Movement, 6: once the agent's movement has settled, the red window opens - while his
    activation goes on (cards are played "only during their activation"), which waited for
    it; with no window the activation settles now (it may end: `activation.settle`).

    A move whose activation an enemy token already ended (an alarm, a failed document
    check, `threat_effects`) or whose agent it took is past answering: no window; nor is a
    move of an activation whose movement a red card was already played on (Reaction Cards,
    3: "only one movement-type card can be played on him")."""
    mover = state.reaction_due
    assert mover is not None
    state = state.model_copy(update={"reaction_due": None})
    act = state.activation
    if act is not None and act.agent == mover and state.agent(mover).status == "free" and not act.red_played:
        opened = _window(state, state.agent(mover).side, mover, "red", None)
        if opened is not None:
            return opened
    return settle(state, events)[0]


# -- what each half may choose ---------------------------------------------------------------


def _free_agents(state: StawkaState, seat: Seat) -> list[AgentState]:
    return [a for a in state.agents_of(seat) if a.status == "free"]


def _toward(state: StawkaState, seat: Seat, start: str, goal: str, steps: int) -> str:
    """Where `seat`'s agent at `start` gets in at most `steps` steps along a shortest path
    to `goal` (the first such path in board order)."""
    board = board_of(state.scenario)
    distance = step_counts(state.scenario, seat)[goal]
    here = start
    for _ in range(steps):
        closer = [n for n in board.exits(here, seat) if distance.get(n, FAR) < distance.get(here, FAR)]
        if not closer:
            break
        here = closer[0]
    return here


def _stop(state: StawkaState, window: ReactionWindow, part: ReactionHalf) -> list[Choice]:
    """Stop: only a mover who could still move on this activation."""
    act = state.activation
    moving_on = act is not None and act.agent == window.agent and not act.stopped and not finished(state)
    return [(None, None, ())] if moving_on else []


def _talks(state: StawkaState) -> bool:
    """Whether the declared action the window answers is a conversation with rolls (not an
    arrest or a kidnapping, which are treated as one but have no effectiveness roll)."""
    declared = state.declared
    if isinstance(declared, Converse):
        return True
    return isinstance(declared, PlayLocationCard) and location_card(declared.card).effect.kind in TALKS


def _slip(state: StawkaState, window: ReactionWindow, part: ReactionHalf) -> list[Choice]:
    """Slip of the tongue: minus the amount on the initiator's roll - a conversation's."""
    return [(None, None, ())] if _talks(state) else []


def _lose_ap(state: StawkaState, window: ReactionWindow, part: ReactionHalf) -> list[Choice]:
    return [(None, None, ())] if state.sides[other(window.seat)].ap > 0 else []


def _always(state: StawkaState, window: ReactionWindow, part: ReactionHalf) -> list[Choice]:
    return [(None, None, ())]


def _ambush(state: StawkaState, window: ReactionWindow, part: ReactionHalf) -> list[Choice]:
    if not state.sides[window.seat].threat_pool:
        return []
    mover = state.agent(window.agent)
    near = set(board_of(state.scenario).exits(mover.space, mover.side))
    return [(None, s, ()) for s in threats.allowed_spaces(state, window.seat) if s in near]


def _shadow(state: StawkaState, window: ReactionWindow, part: ReactionHalf) -> list[Choice]:
    """Shadowing (ours): an own agent follows the mover, up to `amount` spaces toward him."""
    goal = state.agent(window.agent).space
    choices: list[Choice] = []
    for agent in _free_agents(state, window.seat):
        if agent.held:
            continue
        to = _toward(state, window.seat, agent.space, goal, part.amount)
        if to != agent.space:
            choices.append((agent.id, to, ()))
    return choices


def _reciprocity(state: StawkaState, window: ReactionWindow, part: ReactionHalf) -> list[Choice]:
    """The own agent talked to answers with his own roll: bare, or revealing his
    conversation items."""
    if window.target is None or not _talks(state):
        return []
    helpers = tuple(i.id for i in held_of_kind(state.agent(window.target), "conversation"))
    return [(window.target, None, ()), *([(window.target, None, helpers)] if helpers else [])]


CHOICES: dict[str, Callable[[StawkaState, ReactionWindow, ReactionHalf], list[Choice]]] = {
    "stop": _stop,
    "lose_ap": _lose_ap,
    "evidence": _always,
    "place_threat": _ambush,
    "move_own": _shadow,
    "cancel_search": _always,
    "take_item": _always,
    "cancel_conversation": _always,
    "roll_modifier": _slip,
    "reciprocity": _reciprocity,
    "remove_evidence": _always,
}
"""Every effect of a half: what it may choose now (empty: it cannot be played)."""


NO_REACTION = PlayReaction()


@per_state
def legal_reactions(state: StawkaState, window: ReactionWindow) -> list[PlayReaction]:
    """No reaction, or each card of the window's colour with each of its choices.

    Listed once per state: the rules' check of an action and `react`'s ask alike."""
    plays = [NO_REACTION]
    for card_id in dict.fromkeys(state.sides[window.seat].reaction_hand.cards):
        if reaction_card(card_id).colour != window.colour:
            continue
        part = half(card_id, window.seat)
        plays.extend(
            PlayReaction(card=card_id, target=target, space=space, items=items)
            for target, space, items in CHOICES[part.effect](state, window, part)
        )
    return plays


NO_BLOCK = BlockReaction()


@per_state
def legal_blocks(state: StawkaState, window: BlockWindow) -> list[BlockReaction]:
    """No block, or each card of the played card's colour with the block symbol; listed once
    per state (as `legal_reactions`)."""
    played = state.reaction
    assert played is not None
    colour = reaction_card(played.card).colour
    return [NO_BLOCK] + [
        BlockReaction(card=c)
        for c in dict.fromkeys(state.sides[window.seat].reaction_hand.cards)
        if reaction_card(c).colour == colour and reaction_card(c).block
    ]


def _spent(state: StawkaState, seat: Seat, card: str) -> StawkaState:
    """A card leaves `seat`'s hand face up beside the deck (point 6)."""
    side = state.sides[seat]
    side = side.model_copy(update={"reaction_hand": side.reaction_hand.removing(card)})
    return state.with_side(seat, side).model_copy(
        update={"reaction_deck": state.reaction_deck.discarding(card)}
    )


def react(
    state: StawkaState, window: ReactionWindow, action: PlayReaction, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """Reaction Cards, 3: the card is shown; the enemy's block window follows."""
    if action not in legal_reactions(state, window):
        raise IllegalAction(
            "That reaction card cannot answer this action now.", "stawka.refusal.reaction_now"
        )
    state = state.model_copy(update={"pending": state.pending[:-1]})
    seat = window.seat
    if action.card is None:
        return settle(state, [Event(kind="reaction", key="stawka.no_reaction", params={"seat": seat})])
    part = half(action.card, seat)
    played = PlayedReaction(
        seat=seat,
        card=action.card,
        effect=part.effect,
        amount=part.amount,
        agent=window.agent,
        target=action.target,
        space=action.space,
        items=action.items,
    )
    state = _spent(state, seat, action.card).model_copy(update={"reaction": played})
    act = state.activation
    if window.colour == "red" and act is not None and act.agent == window.agent:
        # Point 3: one movement-type card on one movement, whether it acts or is blocked.
        state = state.model_copy(update={"activation": act.model_copy(update={"red_played": True})})
    events = [
        Event(
            kind="reaction",
            key="stawka.reaction_played",
            params={"seat": seat, "card": action.card},
            reveals=True,
        )
    ]
    acting = other(seat)
    if state.sides[acting].reaction_hand:
        return state.model_copy(update={"pending": (*state.pending, BlockWindow(seat=acting))}), events
    state, more = take_effect(state, dice)
    return settle(state, events + more)


def block(
    state: StawkaState, window: BlockWindow, action: BlockReaction, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """Reaction Cards, 4: both cards are discarded without effect, or the card acts."""
    if action not in legal_blocks(state, window):
        raise IllegalAction(
            "Only a card of the same colour with the block symbol cancels it.", "stawka.refusal.block"
        )
    state = state.model_copy(update={"pending": state.pending[:-1]})
    if action.card is None:
        state, events = take_effect(state, dice)
        return settle(state, events)
    # Point 4: "both cards are discarded from the game": out of it, not shuffled back (point
    # 6 reshuffles the used and discarded ones).
    played = state.reaction
    assert played is not None
    side = state.sides[window.seat]
    side = side.model_copy(update={"reaction_hand": side.reaction_hand.removing(action.card)})
    pile = tuple(c for c in state.reaction_deck.discard if c != played.card)
    state = state.with_side(window.seat, side).model_copy(
        update={
            "reaction": None,
            "reaction_deck": state.reaction_deck.model_copy(update={"discard": pile}),
            "reactions_out": (*state.reactions_out, played.card, action.card),
        }
    )
    event = Event(
        kind="reaction",
        key="stawka.reaction_blocked",
        params={"seat": window.seat, "card": action.card},
        reveals=True,
    )
    return settle(state, [event])


# -- the effects that act at once ------------------------------------------------------------


def take_effect(state: StawkaState, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """An unblocked card: the halves that act at once do so; the others wait for the action."""
    played = state.reaction
    assert played is not None
    if played.effect not in IMMEDIATE:
        return state, []
    state = state.model_copy(update={"reaction": None})
    enemy = state.agent(played.agent)
    seat = played.seat
    if played.effect == "stop":
        act = state.activation
        if act is not None and act.agent == enemy.id:
            state = state.model_copy(
                update={"activation": act.model_copy(update={"stopped": True, "onward": ()})}
            )
        return state, [Event(kind="move", key="stawka.reaction_stop", params={"agent": enemy.id})]
    if played.effect == "lose_ap":
        side = state.sides[enemy.side]
        lost = min(side.ap, played.amount)
        state = state.with_side(enemy.side, side.model_copy(update={"ap": side.ap - lost}))
        return state, [
            Event(kind="bonus", key="stawka.reaction_ap_lost", params={"seat": enemy.side, "amount": lost})
        ]
    if played.effect == "evidence":
        side = add_evidence(state.sides[seat], enemy.colour, played.amount)
        state = state.with_side(seat, side)
        return state, [evidence_event(seat, enemy.colour, played.amount, side.evidence[enemy.colour], "card")]
    if played.effect == "place_threat":
        return _ambush_placed(state, seat, str(played.space), dice)
    moved = state.agent(str(played.target))
    state = state.with_agent(moved.model_copy(update={"space": played.space}))
    where = board_of(state.scenario).where(str(played.space))
    return state, [Event(kind="card_move", key="stawka.shadowed", params={"agent": moved.id, "to": where})]


def _ambush_placed(state: StawkaState, seat: Seat, space: str, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """A token of `seat`'s pool drawn at random ("drawn by the opponent") set out on `space`."""
    side = state.sides[seat]
    drawn = dice.choice(side.threat_pool)
    side = side.model_copy(update={"threat_pool": tuple(t for t in side.threat_pool if t != drawn)})
    state = state.with_side(seat, side).model_copy(update={"threats": {**state.threats, space: drawn}})
    where = board_of(state.scenario).where(space)
    return state, [
        Event(
            kind="threat",
            key="stawka.threat_placed",
            params={"seat": seat, "where": where},
            data={"space": space},
        ),
        Event(
            kind="threat",
            key="stawka.threat_placed_own",
            params={"token": drawn, "where": where},
            visible_to=(seat,),
        ),
    ]
