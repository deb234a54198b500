""" "Top Secret", Basic and Special Missions: a secret from a conversation lets its side "change
the position of two of his own chosen threat tokens or draw a new one from the pool (his
own choice) and put it on the board" (`rules.stawka.film.secret_threats`)."""

from __future__ import annotations

import pytest

from rules.core import Dice, Event, IllegalAction, seed_state
from rules.stawka import film_hooks
from rules.stawka.actions import DrawThreat, KeepThreats, MoveThreat
from rules.stawka.board import board_of
from rules.stawka.bots.heuristic import HeuristicBot
from rules.stawka.film.top_secret import figures, security_token
from rules.stawka.state import SecretThreats, StawkaState, ThreatPlacement
from rules.stawka.title import TITLE
from rules.stawka.view import StawkaView
from tests.stawka.test_film_top_secret import board, polish_token

DICE = Dice(seed_state(1))


def secret(state: StawkaState, seat: str = "polish") -> StawkaState:
    """`seat` has just learnt a secret in a conversation."""
    events: list[Event] = []
    return film_hooks.after_secret(state, seat, events, DICE)


def with_tokens(*spaces: str) -> StawkaState:
    """Polish alarms face down on `spaces`, out of the pool."""
    state = board()
    for space in spaces:
        state = polish_token(state, "alarm", space)
    polish = state.sides["polish"]
    laid = set(state.threats.values())
    polish = polish.model_copy(update={"threat_pool": tuple(t for t in polish.threat_pool if t not in laid)})
    return state.with_side("polish", polish)


def test_the_side_chooses_to_move_its_face_down_tokens_draw_one_or_leave_them() -> None:
    """Basic and Special Missions: "Each time a Polish or German agent obtains a secret from a
    conversation with an enemy agent, he may change the position of two of his own chosen
    threat tokens or draw a new one from the pool (his own choice) and put it on the board"."""
    state = secret(with_tokens("factory.13", "military.9"))
    assert state.pending[-1] == SecretThreats(seat="polish")
    legal = TITLE.legal_actions(state)
    assert legal[0] == DrawThreat() and legal[-1] == KeepThreats()
    moves = [a for a in legal if isinstance(a, MoveThreat)]
    assert {a.space for a in moves} == {"factory.13", "military.9"}
    # Threat Tokens, 3: Polish tokens on street spaces, one a space, none under enemy agents.
    streets = board_of("top-secret")
    assert all(not streets.is_location(a.to) for a in moves)
    assert not any(a.to in ("factory.13", "military.9") for a in moves)


def test_drawing_a_new_token_sets_it_out_like_step_c() -> None:
    """ "or draw a new one from the pool (his own choice) and put it on the board"."""
    state = secret(with_tokens("factory.13"))
    pool = len(state.sides["polish"].threat_pool)
    state, events = TITLE.apply(state, DrawThreat())
    assert state.pending[-1] == ThreatPlacement(seat="polish")
    assert len(state.sides["polish"].threat_hand) == 1 and len(state.sides["polish"].threat_pool) == pool - 1
    assert [e.key for e in events] == ["stawka.threats_drawn"]


def test_two_different_tokens_move_then_the_choice_is_over() -> None:
    """ "change the position of two of his own chosen threat tokens"."""
    state = secret(with_tokens("factory.13", "military.9"))
    token = state.threats["factory.13"]
    state, events = TITLE.apply(state, MoveThreat(space="factory.13", to="factory.9"))
    assert state.threats["factory.9"] == token and "factory.13" not in state.threats
    assert state.pending[-1] == SecretThreats(seat="polish", moved=("factory.9",))
    public, own = events
    assert public.key == "stawka.threat_moved" and token not in public.params.values()
    assert own.visible_to == ("polish",) and own.params["token"] == token
    german = TITLE.view(state, "german")
    assert isinstance(german, StawkaView) and german.threats["factory.9"] == ("polish", None)

    # No draw after a move, and the moved token does not move again.
    assert DrawThreat() not in TITLE.legal_actions(state)
    with pytest.raises(IllegalAction) as refused:
        TITLE.apply(state, DrawThreat())
    assert refused.value.key == "stawka.refusal.secret_threat_draw"
    with pytest.raises(IllegalAction) as refused:
        TITLE.apply(state, MoveThreat(space="factory.9", to="factory.13"))
    assert refused.value.key == "stawka.refusal.secret_threat_token"

    state, _ = TITLE.apply(state, MoveThreat(space="military.9", to="military.1"))
    assert not any(isinstance(p, SecretThreats) for p in state.pending)
    assert {"factory.9", "military.1"} <= set(state.threats)


def test_one_move_then_leaving_the_other_token() -> None:
    state = secret(with_tokens("factory.13", "military.9"))
    state, _ = TITLE.apply(state, MoveThreat(space="factory.13", to="factory.9"))
    state, events = TITLE.apply(state, KeepThreats())
    assert not state.pending and not events
    assert set(state.threats) == {"factory", "factory.9", "military.9"}


def test_a_token_goes_only_where_its_side_may_set_one_out() -> None:
    state = secret(with_tokens("factory.13"))
    before = TITLE.dump(state)
    with pytest.raises(IllegalAction) as refused:
        TITLE.apply(state, MoveThreat(space="factory.13", to="market"))
    assert refused.value.key == "stawka.refusal.threat_space"
    assert TITLE.dump(state) == before


def test_the_face_up_factory_check_does_not_move_and_the_german_side_draws() -> None:
    """The document check (-3) lies face up on the factory (Reinforced Factory Security): in play."""
    state = secret(board(), "german")
    assert state.pending[-1] == SecretThreats(seat="german")
    legal = TITLE.legal_actions(state)
    assert legal == [DrawThreat(), KeepThreats()]
    with pytest.raises(IllegalAction) as refused:
        TITLE.apply(state, MoveThreat(space="factory", to="market"))
    assert refused.value.key == "stawka.refusal.secret_threat_token"
    assert state.threats["factory"] == security_token()


def test_no_choice_is_offered_when_nothing_could_change() -> None:
    state = with_tokens()
    polish = state.sides["polish"].model_copy(update={"threat_pool": ()})
    state = secret(state.with_side("polish", polish))
    assert not state.pending


def _bot_choice(state: StawkaState, seat: str) -> object:
    view = TITLE.view(state, seat)
    return HeuristicBot(seat).choose(view, TITLE.legal_actions(state), Dice(seed_state(3)))


def test_the_polish_bot_moves_its_tokens_onto_the_audi_s_way_home() -> None:
    """With Pulkowski aboard in the factory, the car's shortest way to the barracks starts at
    factory.13: a token off that way moves there, next to the car."""
    state = with_tokens("city.1")
    held = figures(state).model_copy(update={"pulkowski": "aboard", "audi": "factory"})
    state = state.model_copy(update={"top_secret": held})
    choice = _bot_choice(secret(state), "polish")
    assert choice == MoveThreat(space="city.1", to="factory.13")


def test_before_pulkowski_is_broken_the_bots_draw_a_new_token() -> None:
    assert _bot_choice(secret(with_tokens("military.9")), "polish") == DrawThreat()
    assert _bot_choice(secret(board(), "german"), "german") == DrawThreat()
