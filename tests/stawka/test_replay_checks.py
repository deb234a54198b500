"""A save is replayed with every move checked (issue 16): the quick checks a replay asks
(`DecisionRule.allows`: a walk, a threat token set out) answer as the full list of legal
actions does, and a tampered save is refused at the move the list refuses."""

from __future__ import annotations

import json
from typing import Any, TypeVar, cast

import pytest

from rules.core import Dice, Match, SaveError, seed_state
from rules.stawka.actions import Move, PlaceThreat
from rules.stawka.board import board_of
from rules.stawka.rulebook import STAWKA
from rules.stawka.state import StawkaState, ThreatPlacement, Turn
from rules.stawka.threats import placement_allowed
from rules.stawka.title import TITLE

D = TypeVar("D")

SCENARIO = "hotel-excelsior"
"""Advanced rules on a large board: walks, threat tokens and reaction windows."""


def walked_game(seed: int, actions: int) -> Match:
    """A seeded game whose agents mostly walk a space or more (the bench's long game, shorter)."""
    match = Match(TITLE, TITLE.options_model(scenario=SCENARIO), seed=seed)
    dice = Dice(seed_state(seed))
    while match.to_act() is not None and len(match.actions) < actions:
        legal: list[Any] = TITLE.legal_actions(cast(StawkaState, match.state))
        walks = [a for a in legal if isinstance(a, Move) and a.item is None]
        match.act(dice.choice(walks or [a for a in legal if a.type != "give_up"] or legal))
    return match


def states_of(match: Match) -> list[tuple[StawkaState, Any]]:
    """Each state of `match` with the action played in it."""
    replayed = Match(TITLE, match.options, match.seed)
    pairs = []
    for action in match.actions:
        pairs.append((cast(StawkaState, replayed.state), action))
        replayed.act(action)
    return pairs


def decisions_of(match: Match, kind: type[D]) -> list[tuple[StawkaState, D, set[Any]]]:
    """Each state of `match` asking a decision of `kind`, with it and its legal actions."""
    asked = []
    for state, _ in states_of(match):
        decision = TITLE.decision(state)
        if isinstance(decision, kind):
            asked.append((state, decision, set(TITLE.legal_actions(state))))
    return asked


@pytest.fixture(scope="module")
def game() -> Match:
    return walked_game(seed=3, actions=160)


def test_a_walk_is_allowed_exactly_when_the_legal_actions_list_it(game: Match) -> None:
    board = board_of(SCENARIO)
    turns = decisions_of(game, Turn)
    for state, turn, legal in turns:
        for agent in state.agents:
            for space in board.spaces:
                walk = Move(agent=agent.id, to=space)
                assert STAWKA.activation_allows(state, turn, walk) == (walk in legal), walk
    assert len(turns) > 40


def test_a_threat_token_is_allowed_exactly_where_the_legal_actions_list_it(game: Match) -> None:
    board = board_of(SCENARIO)
    placements = decisions_of(game, ThreatPlacement)
    for state, placement, legal in placements:
        side = state.sides[placement.seat]
        for token in dict.fromkeys((*side.threat_hand.cards, *side.threat_pool)):
            for space in board.spaces:
                candidate = PlaceThreat(token=token, space=space)
                assert placement_allowed(state, placement, candidate) == (candidate in legal), candidate
    assert len(placements) > 5


def refusal(record: dict[str, Any]) -> SaveError:
    with pytest.raises(SaveError) as caught:
        Match.from_json(json.dumps(record), {TITLE.id: TITLE})
    return caught.value


def test_a_save_with_a_move_or_a_token_changed_is_refused_at_that_move(game: Match) -> None:
    """Each tampered action is one the full list refuses; the replay names its number."""
    board = board_of(SCENARIO)
    pairs = states_of(game)
    tampered = 0
    for kind in ("move", "place_threat"):
        number, (state, action) = next(
            (n, pair) for n, pair in enumerate(pairs, start=1) if pair[1].type == kind and n > 20
        )
        legal = TITLE.legal_actions(state)
        field = "to" if kind == "move" else "space"
        for space in board.spaces:
            changed = action.model_copy(update={field: space})
            if changed in legal:
                continue
            record = json.loads(game.to_json())
            record["actions"][number - 1] = changed.model_dump(mode="json")
            err = refusal(record)
            assert err.key == "app.save.illegal_move" and err.params["number"] == number
            tampered += 1
            break
    stranger = next(a for a in pairs if a[1].type == "place_threat")
    number = pairs.index(stranger) + 1
    side = stranger[0].sides[stranger[0].pending[-1].seat]
    absent = next(t for t in side.threat_pool if t not in side.threat_hand.cards)
    record = json.loads(game.to_json())
    record["actions"][number - 1]["token"] = absent  # a token not drawn
    assert refusal(record).params["number"] == number
    assert tampered == 2
