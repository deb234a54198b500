"""Threat tokens (rulebook, "Threat Tokens", its example; "Stage", C; "Movement", 5)."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.stawka.actions import (
    ChoosePlanningCard,
    Converse,
    DiscardThreat,
    Move,
    PlaceThreat,
    Search,
    TriggerThreat,
    UseSupport,
)
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.dice import rng_rolling

T2 = "training-2"


def with_threats(state: StawkaState, threats: dict[str, str]) -> StawkaState:
    sides = {
        seat: side.model_copy(
            update={"threat_pool": tuple(t for t in side.threat_pool if t not in threats.values())}
        )
        for seat, side in state.sides.items()
    }
    return state.model_copy(update={"threats": threats, "sides": sides})


def far_street(state: StawkaState, avoid: set[str]) -> str:
    board = board_of(T2)
    return next(s for s in board.spaces if not board.is_location(s) and s not in avoid)


def test_step_c_two_tokens_to_the_second_player_one_to_the_first_set_out_alternately() -> None:
    state = TITLE.new_game(TITLE.default_options(T2), 3)
    while state.phase == "placement":
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    state, _ = TITLE.apply(state, ChoosePlanningCard(card="polish-1"))
    state, _ = TITLE.apply(state, ChoosePlanningCard(card="german-5"))
    assert state.first == "polish"
    assert len(state.sides["german"].threat_hand) == 2 and len(state.sides["polish"].threat_hand) == 1
    assert len(state.sides["german"].threat_pool) == 16
    board = board_of(T2)
    order = []
    while state.pending:
        seat = TITLE.to_act(state)
        assert seat is not None
        order.append(seat)
        legal = [a for a in TITLE.legal_actions(state) if isinstance(a, PlaceThreat)]
        if seat == "german":
            assert all(board.is_location(a.space) for a in legal)
        else:
            enemies = {a.space for a in state.agents if a.side == "german"}
            assert all(not board.is_location(a.space) and a.space not in enemies for a in legal)
        assert TITLE.view(state, "polish" if seat == "german" else "german").sides[seat].threat_hand == len(
            state.sides[seat].threat_hand
        )
        state, _ = TITLE.apply(state, legal[0])
    assert order == ["german", "polish", "german"]
    assert len(state.threats) == 3
    polish_view = TITLE.view(state, "polish")
    assert all(t is None for space, (side, t) in polish_view.threats.items() if side == "german")


def test_example_phase_1_christiansons_document_check_with_a_support_token() -> None:
    """Threat Tokens, example, phase 1: 10 - 2 + 1 = 9 beats Christianson's alertness 8."""
    board = board_of(T2)
    step = board.exits("hotel", "polish")[0]
    support_space = far_street(in_activations({}, scenario=T2), {step})
    state = in_activations(
        {"christianson": step, "johannes_lemner": "courts"}, scenario=T2, rng=rng_rolling(5, 5)
    )
    state = with_threats(state, {"hotel": "german-05", support_space: "polish-16", "gestapo": "german-17"})
    state, _ = TITLE.apply(state, Move(agent="christianson", to="hotel"))
    assert TITLE.to_act(state) == "german" and TITLE.legal_actions(state) == [
        TriggerThreat(trigger=True),
        TriggerThreat(trigger=False),
    ]
    state, _ = TITLE.apply(state, TriggerThreat(trigger=True))
    assert TITLE.to_act(state) == "polish"  # the tester may reveal a support token first
    state, _ = TITLE.apply(state, UseSupport(token="polish-16"))
    assert TITLE.to_act(state) == "german"
    state, events = TITLE.apply(state, UseSupport(token=None))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["dice"] == [5, 5] and roll.data["total"] == 9
    assert roll.data["modifiers"] == [["check", -2], ["support", 1]]
    assert roll.key == "stawka.test_document_check_passed"
    assert state.agent("christianson").space == "hotel" and "hotel" not in state.threats
    assert {"german-05", "polish-16"} <= set(state.threats_out)
    state, _ = TITLE.apply(state, Search(agent="christianson"))
    assert state.drawn_item is not None


def test_a_failed_document_check_sends_the_agent_back_and_ends_his_activation() -> None:
    board = board_of(T2)
    step = board.exits("hotel", "polish")[0]
    state = in_activations({"jacek": step, "johannes_lemner": "courts"}, scenario=T2, rng=rng_rolling(1, 2))
    state = with_threats(state, {"hotel": "german-05"})
    state, _ = TITLE.apply(state, Move(agent="jacek", to="hotel"))
    state, _ = TITLE.apply(state, TriggerThreat(trigger=True))
    assert state.agent("jacek").space == step and state.activation is None


def test_example_phase_2_lemners_failed_discard_and_the_thief() -> None:
    """Threat Tokens, example, phase 2: 6 - 1 + 1 = 6, not above alertness; the thief takes his pistol."""
    board = board_of(T2)
    pistol = next(i.id for i in load_content().items if i.name.en == "Pistol")
    start = "courts"
    thief_space = board.exits(start, "german")[0]
    spots = [s for s in board.spaces if not board.is_location(s) and s != thief_space]
    state = in_activations(
        {"johannes_lemner": start, "christianson": "theatre"},
        turn="german",
        scenario=T2,
        rng=rng_rolling(3, 3),
        items={"johannes_lemner": (pistol,)},
    )
    state = with_threats(state, {thief_space: "polish-09", spots[0]: "polish-16", "gestapo": "german-16"})
    state, _ = TITLE.apply(state, Move(agent="johannes_lemner", to=thief_space))
    assert TITLE.to_act(state) == "polish"
    state, _ = TITLE.apply(state, TriggerThreat(trigger=False))  # the Pole waits
    assert not [a for a in TITLE.legal_actions(state) if isinstance(a, Move)]  # he had to stop
    state, _ = TITLE.apply(state, DiscardThreat(agent="johannes_lemner"))
    state, _ = TITLE.apply(state, UseSupport(token="german-16"))
    state, events = TITLE.apply(state, UseSupport(token="polish-16"))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["total"] == 6 and roll.key == "stawka.test_discard_failed"
    assert TITLE.to_act(state) == "polish"
    state, events = TITLE.apply(state, TriggerThreat(trigger=True))
    assert state.agent("johannes_lemner").items == () and pistol in state.removed_items
    assert state.activation is None  # movement and an action: his activation is over
    assert {"polish-09", "polish-16", "german-16"} <= set(state.threats_out)


def test_a_successful_discard_removes_the_token() -> None:
    board = board_of(T2)
    space = board.exits("courts", "german")[0]
    state = in_activations(
        {"johannes_lemner": space, "christianson": "theatre"},
        turn="german",
        scenario=T2,
        rng=rng_rolling(6, 5),
    )
    state = with_threats(state, {space: "polish-01"})
    state, _ = TITLE.apply(state, DiscardThreat(agent="johannes_lemner"))
    assert space not in state.threats and state.agent("johannes_lemner").threats_discarded == 1


def jacek_on_token(token: str) -> StawkaState:
    """Jacek has just stepped onto the hotel, where the German `token` lies: its window is open."""
    step = board_of(T2).exits("hotel", "polish")[0]
    state = in_activations({"jacek": step, "johannes_lemner": "courts"}, scenario=T2)
    state, _ = TITLE.apply(with_threats(state, {"hotel": token}), Move(agent="jacek", to="hotel"))
    return state


@pytest.mark.parametrize(
    ("token", "check"),
    [
        ("german-01", lambda s, a: s.activation is None),
        ("german-07", lambda s, a: s.agent(a).held),
        ("german-13", lambda s, a: s.sides["polish"].ap == 8 - 1 - 2),
        ("german-09", lambda s, a: s.sides["german"].evidence["yellow"] == 1),
        ("german-15", lambda s, a: s.agent(a).ap_used == 2 and "german-15" in s.threats_open),
    ],
)
def test_token_effects(token: str, check: object) -> None:
    state, _ = TITLE.apply(jacek_on_token(token), TriggerThreat(trigger=True))
    assert check(state, "jacek")  # type: ignore[operator]


def test_a_support_token_cannot_be_set_off_and_its_window_looks_the_same() -> None:
    state = jacek_on_token("german-16")
    assert TITLE.to_act(state) == "german"
    assert TITLE.legal_actions(state) == [TriggerThreat(trigger=False)]
    with pytest.raises(IllegalAction):
        TITLE.apply(state, TriggerThreat(trigger=True))


def test_the_support_token_being_discarded_cannot_support_its_own_test() -> None:
    board = board_of(T2)
    space = board.exits("courts", "german")[0]
    other_space = next(s for s in board.spaces if not board.is_location(s) and s != space)
    state = in_activations({"johannes_lemner": space, "christianson": "theatre"}, turn="german", scenario=T2)
    state = with_threats(state, {space: "polish-18", other_space: "polish-17"})
    state, _ = TITLE.apply(state, DiscardThreat(agent="johannes_lemner"))
    assert TITLE.to_act(state) == "polish"
    assert TITLE.legal_actions(state) == [UseSupport(token=None), UseSupport(token="polish-17")]


IKWYA = "i-know-who-you-are"


def test_the_fort_takes_a_document_check_except_for_network_chiefs() -> None:
    """Sectors NOTE: all but Kloss and the black SS officers pass a document check to enter the fort."""
    board = board_of(IKWYA)
    step = board.exits("fort", "polish")[0]
    state = in_activations(
        {"jacek": step, "kloss": step, "stedtke": "gestapo"}, scenario=IKWYA, rng=rng_rolling(1, 1)
    )
    reach = {a.to for a in TITLE.legal_actions(state) if isinstance(a, Move) and a.agent == "jacek"}
    assert "fort" in reach
    failed, events = TITLE.apply(state, Move(agent="jacek", to="fort"))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["modifiers"][0] == ["check", -2] and roll.key == "stawka.test_document_check_failed"
    assert failed.agent("jacek").space == step and failed.activation is None
    kloss, events = TITLE.apply(state, Move(agent="kloss", to="fort"))
    assert kloss.agent("kloss").space == "fort" and not [e for e in events if e.kind == "roll"]


def test_the_token_under_a_discard_test_stays_secret_from_the_tester() -> None:
    board = board_of(T2)
    space = board.exits("courts", "german")[0]
    other_space = next(s for s in board.spaces if not board.is_location(s) and s != space)
    state = in_activations({"johannes_lemner": space, "christianson": "theatre"}, turn="german", scenario=T2)
    state = with_threats(state, {space: "polish-09", other_space: "polish-17"})
    state, _ = TITLE.apply(state, DiscardThreat(agent="johannes_lemner"))
    assert state.test is not None and state.test.token == "polish-09"
    german = TITLE.view(state, "german")
    assert german.test is not None and german.test.token is None
    polish = TITLE.view(state, "polish")
    assert polish.test is not None and polish.test.token == "polish-09"


def test_declaring_an_action_on_an_enemy_token_opens_the_owners_window_first() -> None:
    """Threat Tokens, 5: tokens come into play when the agent enters or declares an action there."""
    state = in_activations({"jacek": "hotel", "bruno_dreher": "hotel"}, scenario=T2, rng=rng_rolling(1, 1))
    state = with_threats(state, {"hotel": "german-09"})
    state, events = TITLE.apply(state, Converse(agent="jacek", target="bruno_dreher"))
    assert TITLE.to_act(state) == "german" and state.talked == ()  # the conversation waits
    assert state.agent("jacek").ap_used == 0
    state, events = TITLE.apply(state, TriggerThreat(trigger=True))
    assert state.sides["german"].evidence["yellow"] == 1  # the suspect token
    assert state.talked == (("bruno_dreher", "jacek"),)  # then the conversation took place
    assert "stawka.conversation" in [e.key for e in events]


def test_an_alarm_on_a_declared_action_cancels_it() -> None:
    state = in_activations({"jacek": "hotel", "bruno_dreher": "hotel"}, scenario=T2)
    state = with_threats(state, {"hotel": "german-01"})
    state, _ = TITLE.apply(state, Search(agent="jacek"))
    state, events = TITLE.apply(state, TriggerThreat(trigger=True))
    assert state.drawn_item is None and "stawka.action_dropped" in [e.key for e in events]
    assert state.activation is None


def test_a_last_ap_may_buy_a_discard() -> None:
    """Activating, 2 NOTE: with 1 AP left an agent acts only for a 1-AP action, e.g. a discard."""
    board = board_of(T2)
    space = board.exits("courts", "german")[0]
    state = in_activations({"johannes_lemner": space, "christianson": "theatre"}, turn="german", scenario=T2)
    lemner = state.agent("johannes_lemner")
    state = with_threats(state.with_agent(lemner.model_copy(update={"ap_used": 3})), {space: "polish-01"})
    assert [a for a in TITLE.legal_actions(state) if getattr(a, "agent", None) == "johannes_lemner"] == [
        DiscardThreat(agent="johannes_lemner")
    ]
