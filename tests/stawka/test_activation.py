"""Activating an agent and moving him (rulebook, "Activating an Agent", "Movement of Agents")."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.stawka.actions import Converse, EndActivation, GiveUp, ItemAsEvidence, KeepItem, Move, Search
from rules.stawka.board import BoardGraph, board_of
from rules.stawka.content import PlacedFace, assemble_board, load_content
from rules.stawka.movement import shortest_paths
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations, next_to


def test_movement_alone_must_use_at_least_2_ap() -> None:
    """Activating, 1-2: "only movement for at least 2 AP"."""
    state = in_activations({"kloss": "hotel", "glaubel": "theatre"})
    state, _ = TITLE.apply(state, Move(agent="kloss", to=next_to("hotel")))
    assert state.activation is not None and state.activation.moved == 1
    assert EndActivation() not in TITLE.legal_actions(state)
    with pytest.raises(IllegalAction, match="at least 2 AP"):
        TITLE.apply(state, EndActivation())
    with pytest.raises(IllegalAction):
        TITLE.apply(state, GiveUp())
    step = next(a for a in TITLE.legal_actions(state) if isinstance(a, Move))
    state, _ = TITLE.apply(state, step)
    state, _ = TITLE.apply(state, EndActivation())
    assert state.activation is None and state.turn == "german"


def test_an_agent_with_1_ap_left_only_for_a_1_ap_action() -> None:
    """Activating, 2 NOTE: with 1 AP left he cannot move, only initiate a conversation."""
    state = in_activations({"kloss": "hotel", "glaubel": "theatre", "marta_becher": "hotel"})
    kloss = state.agent("kloss").model_copy(update={"ap_used": 4})  # limit 5: 1 left
    state = state.with_agent(kloss)
    legal = TITLE.legal_actions(state)
    assert not [a for a in legal if isinstance(a, Move) and a.agent == "kloss"]
    assert [a for a in legal if isinstance(a, Converse) and a.agent == "kloss"]
    with pytest.raises(IllegalAction):
        TITLE.apply(state, Move(agent="kloss", to=next_to("hotel")))
    alone = state.with_agent(state.agent("marta_becher").model_copy(update={"space": "theatre"}))
    assert not [a for a in TITLE.legal_actions(alone) if getattr(a, "agent", None) == "kloss"]


def test_the_agents_ap_limit_and_the_shared_pool() -> None:
    """Movement: at most the AP limit of the document, and never more than the pool."""
    state = in_activations({"ingrid_heizer": "hotel", "glaubel": "theatre"}, ap=9)
    reach = {a.to for a in TITLE.legal_actions(state) if isinstance(a, Move)}
    far = shortest_paths(board_of("training-1"), "hotel", "polish", 9)
    assert reach == {space for space, path in far.items() if len(path) <= 4}  # Ingrid's limit is 4
    poor = in_activations({"ingrid_heizer": "hotel", "glaubel": "theatre"}, ap=3)
    target = next(space for space, path in far.items() if len(path) == 3)
    poor, _ = TITLE.apply(poor, Move(agent="ingrid_heizer", to=target))
    assert poor.sides["polish"].ap == 0 and poor.activation is None


def test_movement_then_action_ends_the_activation() -> None:
    """Movement, 3: an action after movement interrupts it for good."""
    state = in_activations({"kloss": next_to("hotel"), "glaubel": "theatre"})
    state, _ = TITLE.apply(state, Move(agent="kloss", to="hotel"))
    state, _ = TITLE.apply(state, Search(agent="kloss"))
    state, _ = TITLE.apply(state, KeepItem())
    assert state.activation is None and state.turn == "german"


def test_action_then_movement() -> None:
    state = in_activations({"kloss": "hotel", "glaubel": "theatre"})
    state, _ = TITLE.apply(state, Search(agent="kloss"))
    decision = TITLE.legal_actions(state)[-1]
    assert isinstance(decision, ItemAsEvidence)
    state, _ = TITLE.apply(state, decision)
    assert state.activation is not None
    state, _ = TITLE.apply(state, Move(agent="kloss", to=next_to("hotel")))
    assert state.activation is not None and state.activation.moved == 1
    assert not [a for a in TITLE.legal_actions(state) if isinstance(a, (Search, Converse))]
    state, _ = TITLE.apply(state, EndActivation())
    assert state.agent("kloss").ap_used == 3


def test_only_one_own_agent_at_a_time() -> None:
    state = in_activations({"kloss": "hotel", "ingrid_heizer": "theatre", "glaubel": "courts"})
    state, _ = TITLE.apply(state, Move(agent="kloss", to=next_to("hotel")))
    with pytest.raises(IllegalAction, match="Another agent"):
        TITLE.apply(state, Move(agent="ingrid_heizer", to=next_to("theatre")))
    with pytest.raises(IllegalAction, match="own agents"):
        TITLE.apply(state, Move(agent="glaubel", to=next_to("courts", "german")))


def test_any_number_of_agents_share_a_space() -> None:
    state = in_activations({"kloss": next_to("hotel"), "ingrid_heizer": "hotel", "glaubel": "hotel"})
    state, _ = TITLE.apply(state, Move(agent="kloss", to="hotel"))
    assert {a.space for a in state.agents} == {"hotel"}


def test_side_only_paths() -> None:
    """Sectors: the police building's broken path carries German agents only."""
    content = load_content()
    graph = BoardGraph(content, assemble_board(content, [PlacedFace(face="police", col=0, row=0)]))
    assert "jail" in graph.exits("gestapo", "german")
    assert "jail" not in graph.exits("gestapo", "polish")


def test_city_map_moves_to_a_location_of_the_sector() -> None:
    """Movement, 4: the city map goes to any location in the sector; it is movement (ours: 2 AP)."""
    maps = [i for i in load_content().items if i.effect.kind == "city_map"]
    city_map = maps[0].id
    state = in_activations({"kloss": "hotel", "glaubel": "courts"}, items={"kloss": (city_map,)})
    jumps = {a.to for a in TITLE.legal_actions(state) if isinstance(a, Move) and a.item == city_map}
    board = board_of("training-1")
    assert jumps == set(board.locations_in(board.sector_of["hotel"])) - {"hotel"}
    state, _ = TITLE.apply(state, Move(agent="kloss", to="theatre", item=city_map))
    assert state.agent("kloss").space == "theatre" and state.agent("kloss").ap_used == 2
    assert (city_map in state.agent("kloss").items) == maps[0].durable


def test_officers_boots_raise_the_ap_limit() -> None:
    boots = next(i for i in load_content().items if i.effect.kind == "boots")
    state = in_activations(
        {"ingrid_heizer": "hotel", "glaubel": "theatre"}, ap=9, items={"ingrid_heizer": (boots.id,)}
    )
    reach = shortest_paths(board_of("training-1"), "hotel", "polish", 9)
    moves = {a.to for a in TITLE.legal_actions(state) if isinstance(a, Move)}
    assert moves == {s for s, p in reach.items() if len(p) <= 4 + boots.effect.amount}


def test_give_up_for_the_rest_of_the_stage() -> None:
    state = in_activations({"kloss": "hotel", "glaubel": "theatre"})
    state, _ = TITLE.apply(state, GiveUp())
    assert state.sides["polish"].gave_up and TITLE.to_act(state) == "german"
    state, _ = TITLE.apply(state, Move(agent="glaubel", to=next_to("theatre")))
    state, _ = TITLE.apply(state, next(a for a in TITLE.legal_actions(state) if isinstance(a, Move)))
    state, _ = TITLE.apply(state, EndActivation())
    assert TITLE.to_act(state) == "german"  # the Polish player may not come back this stage


def test_marta_bechers_trait_stops_an_enemy_entering_her_space() -> None:
    """Movement, 2: the presence of agents has no influence, except traits such as Marta Becher's."""
    her_space = next_to("hotel")
    state = in_activations({"kloss": "hotel", "marta_becher": her_space, "glaubel": "courts"})
    away = in_activations({"kloss": "hotel", "marta_becher": "courts", "glaubel": "courts"})
    reach = {a.to for a in TITLE.legal_actions(state) if isinstance(a, Move) and a.agent == "kloss"}
    free = {a.to for a in TITLE.legal_actions(away) if isinstance(a, Move) and a.agent == "kloss"}
    board = board_of("training-1")
    paths = shortest_paths(board, "hotel", "polish", 5, frozenset({her_space}))
    assert her_space in reach and reach == set(paths) and reach < free
    assert all(her_space not in path[:-1] for path in paths.values())
    state, _ = TITLE.apply(state, Move(agent="kloss", to=her_space))
    assert state.activation is not None and state.activation.stopped
    assert not [a for a in TITLE.legal_actions(state) if isinstance(a, Move)]
    assert EndActivation() in TITLE.legal_actions(state)
    assert [a for a in TITLE.legal_actions(state) if isinstance(a, Converse)]
