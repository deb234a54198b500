"""Re-dealing what one seat cannot see (`Title.scramble`).

For an observer, the hidden things are: the order of every item stack, the face-down
items the opponent's agents hold (and held when they left the game with an arrested or
liquidated agent), a tile the opponent just drew, and the opponent's planning card
before the reveal, the location and reaction cards in the opponent's hand and the order of
every deck.  An item tile's back shows its location ("Item Tiles",
1), so tiles are re-dealt only among tiles of the same location; a face-down slot of
an enemy agent takes only a non-durable tile (a durable one would lie face up).
"""

from __future__ import annotations

from rules.core import Dice, Seat
from rules.core.components import Deck, Hand
from rules.stawka import film_hooks
from rules.stawka.items import face_up, item
from rules.stawka.state import AgentState, SideState, StawkaState, other
from rules.stawka.threats import owner


def scramble(state: StawkaState, observer: Seat, dice: Dice) -> StawkaState:
    opponent = other(observer)
    drawn_hidden = state.drawn_item is not None and bool(state.pending) and state.pending[-1].seat == opponent
    # Slots: ("stack", location, index), ("held", agent, index), ("removed", index), ("drawn",).
    # Held and removed slots lay face down: only a non-durable tile may fill them.
    groups: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for location, stack in state.stacks.items():
        for index, tile in enumerate(stack):
            groups.setdefault(item(tile).location, []).append((("stack", location, str(index)), tile))
    for agent in state.agents:
        if agent.side != opponent:
            continue
        for index, tile in enumerate(agent.items):
            if not face_up(tile):
                groups.setdefault(item(tile).location, []).append((("held", agent.id, str(index)), tile))
    for index, tile in enumerate(state.removed_items):
        if state.removed_face_down.get(tile) == opponent:
            groups.setdefault(item(tile).location, []).append((("removed", str(index)), tile))
    if drawn_hidden and state.drawn_item is not None:
        groups.setdefault(item(state.drawn_item).location, []).append((("drawn",), state.drawn_item))

    dealt: dict[tuple[str, ...], str] = {}
    for slots in groups.values():
        tiles = dice.shuffled(sorted(tile for _, tile in slots))
        held = [slot for slot, _ in slots if slot[0] in ("held", "removed")]
        free = [slot for slot, _ in slots if slot[0] not in ("held", "removed")]
        hidden_ok = [t for t in tiles if not face_up(t)]
        for slot in held:
            tile = hidden_ok.pop()
            tiles.remove(tile)
            dealt[slot] = tile
        for slot, tile in zip(free, tiles, strict=True):
            dealt[slot] = tile

    stacks = {
        location: tuple(dealt[("stack", location, str(i))] for i in range(len(stack)))
        for location, stack in state.stacks.items()
    }
    agents = tuple(
        agent.model_copy(
            update={
                "items": tuple(
                    dealt.get(("held", agent.id, str(i)), tile) for i, tile in enumerate(agent.items)
                )
            }
        )
        for agent in state.agents
    )
    removed = tuple(dealt.get(("removed", str(i)), tile) for i, tile in enumerate(state.removed_items))
    face_down = {
        dealt.get(("removed", str(state.removed_items.index(tile))), tile): owner
        for tile, owner in state.removed_face_down.items()
    }
    agents, missions_left = _redeal_missions(state, agents, opponent, dice)
    update: dict[str, object] = {
        "stacks": stacks,
        "agents": agents,
        "missions_left": missions_left,
        "removed_items": removed,
        "removed_face_down": face_down,
    }
    sides, board_threats = _redeal_threats(state, opponent, dice)
    update["threats"] = board_threats
    test = state.test
    if test is not None and test.token is not None and state.threats.get(test.space) == test.token:
        update["test"] = test.model_copy(update={"token": board_threats[test.space]})
    if drawn_hidden:
        update["drawn_item"] = dealt[("drawn",)]
    side = sides[opponent]
    if side.chosen is not None and not side.revealed:
        side = side.model_copy(update={"chosen": dice.choice(side.hand)})
    sides = {**sides, opponent: side}
    sides, update["reaction_deck"] = _redeal_cards(state, sides, observer, opponent, dice)
    update["sides"] = sides
    return film_hooks.scramble(state.model_copy(update=update), observer, dice)


def _redeal_cards(
    state: StawkaState, sides: dict[Seat, SideState], observer: Seat, opponent: Seat, dice: Dice
) -> tuple[dict[Seat, SideState], Deck]:
    """The decks' order (hidden from both, "Location Cards", 1) and the opponent's location
    and reaction cards in hand, dealt anew: each deck's unseen cards trade places with the
    opponent's hand of that deck."""
    mine = sides[observer]
    deck, _ = mine.location_deck.redeal(observer, dice)
    sides = {**sides, observer: mine.model_copy(update={"location_deck": deck})}
    theirs = sides[opponent]
    deck, hand = theirs.location_deck.redeal(observer, dice, theirs.location_hand.cards)
    held = len(theirs.reaction_hand)
    reactions, reaction_hand = state.reaction_deck.redeal(
        observer, dice, theirs.reaction_hand.cards + theirs.reaction_drawn
    )
    theirs = theirs.model_copy(
        update={
            "location_deck": deck,
            "location_hand": theirs.location_hand.model_copy(update={"cards": tuple(hand)}),
            "reaction_hand": theirs.reaction_hand.model_copy(update={"cards": tuple(reaction_hand[:held])}),
            "reaction_drawn": tuple(reaction_hand[held:]),
        }
    )
    return {**sides, opponent: theirs}, reactions


def _redeal_missions(
    state: StawkaState, agents: tuple[AgentState, ...], opponent: Seat, dice: Dice
) -> tuple[tuple[AgentState, ...], dict[str, tuple[str, ...]]]:
    """The opponent's agents' mission cards, held and not yet taken, dealt anew per agent."""
    missions_left = dict(state.missions_left)
    dealt = []
    for agent in agents:
        if agent.side != opponent or agent.id not in missions_left:
            dealt.append(agent)
            continue
        cards = dice.shuffled(sorted([*missions_left[agent.id], *([agent.mission] if agent.mission else [])]))
        if agent.mission is not None:
            agent = agent.model_copy(update={"mission": cards.pop()})
        missions_left[agent.id] = tuple(sorted(cards))
        dealt.append(agent)
    return tuple(dealt), missions_left


def _redeal_threats(
    state: StawkaState, opponent: Seat, dice: Dice
) -> tuple[dict[Seat, SideState], dict[str, str]]:
    """The opponent's undrawn, drawn and face-down threat tokens, dealt anew among those places."""
    side = state.sides[opponent]
    hidden_spaces = [
        s for s, t in state.threats.items() if owner(t) == opponent and t not in state.threats_open
    ]
    tokens = dice.shuffled(
        sorted([*side.threat_pool, *side.threat_hand.cards, *(state.threats[s] for s in hidden_spaces)])
    )
    pool = tuple(sorted(tokens[: len(side.threat_pool)]))
    hand = Hand(cards=tuple(tokens[len(side.threat_pool) : len(side.threat_pool) + len(side.threat_hand)]))
    on_board = tokens[len(side.threat_pool) + len(side.threat_hand) :]
    board_threats = {**state.threats, **dict(zip(hidden_spaces, on_board, strict=True))}
    sides = {**state.sides, opponent: side.model_copy(update={"threat_pool": pool, "threat_hand": hand})}
    return sides, board_threats
