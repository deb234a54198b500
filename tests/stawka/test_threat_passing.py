"""Passing an enemy threat token (rulebook, "Movement of Agents", 5, "Influence of threat
tokens"; "Threat Tokens", 4-5).

"If an agent enters a space with an enemy threat token, and has the possibility to
perform an action of discarding that token, he must stop to perform that action.  If an
agent enters a space with an enemy threat token and wants to continue moving without
checking the threat token, the opponent may activate the token and bring its effect into
the game immediately."

Johannes Lemner starts at the courts; the Polish token lies on the street next to them,
`TOKEN`, and `BEYOND` is one step further, reached only through the token's space.
"""

from __future__ import annotations

import pygame

from game.app import App
from game.stawka.screen import StawkaScreen
from game.ui.seat_view import SeatView
from rules.core import Match
from rules.stawka import movement, threats
from rules.stawka.actions import Move, TriggerThreat
from rules.stawka.board import board_of
from rules.stawka.bots.reach import seen_routes, tokens_passed
from rules.stawka.state import Activation, StawkaState, ThreatWindow
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.dice import rng_rolling
from tests.stawka.test_threats import with_threats

T2 = "training-2"
START = "courts"
TOKEN = "administrative.10"
BEYOND = "administrative.2"
LEMNER = "johannes_lemner"


def lemner_before(token: str, acted: bool, ap: int = 8, rng: int | None = None) -> StawkaState:
    """Lemner at the courts, a Polish `token` next to him; `acted`: his activation began
    with an action (Activating, 1: "an action and movement"), so he cannot discard."""
    state = in_activations(
        {LEMNER: START, "christianson": "theatre"}, turn="german", scenario=T2, ap=ap, rng=rng
    )
    state = with_threats(state, {TOKEN: token})
    if acted:
        state = state.model_copy(update={"activation": Activation(agent=LEMNER, acted=True)})
    return state


def moves(state: StawkaState) -> set[str]:
    return {a.to for a in TITLE.legal_actions(state) if isinstance(a, Move) and a.item is None}


def test_the_board_puts_beyond_behind_the_token() -> None:
    board = board_of(T2)
    assert TOKEN in board.exits(START, "german") and BEYOND in board.exits(TOKEN, "german")
    assert BEYOND not in board.exits(START, "german")


def test_an_agent_who_could_discard_must_stop_on_the_token() -> None:
    """Movement, 5, first sentence: his action not taken and AP left, he must stop there."""
    state = lemner_before("polish-01", acted=False)
    agent = state.agent(LEMNER)
    assert TOKEN in threats.threat_stops(state, agent)
    for path, _ in movement.reachable(state, agent).values():
        assert TOKEN not in path[:-1], "no path leads through the token's space"
    state, _ = TITLE.apply(state, Move(agent=LEMNER, to=TOKEN))
    assert TITLE.to_act(state) == "polish"
    state, _ = TITLE.apply(state, TriggerThreat(trigger=False))
    assert state.activation is not None and state.activation.stopped
    assert moves(state) == set(), "stopped to discard, he cannot walk on"


def test_an_agent_whose_action_is_taken_may_walk_through_the_token() -> None:
    """Movement, 5, second sentence: unable to discard (action taken), he may move on;
    legal destinations and their cost count the path through the token's space."""
    state = lemner_before("polish-01", acted=True)
    agent = state.agent(LEMNER)
    assert threats.threat_stops(state, agent) == frozenset()
    assert movement.reachable(state, agent)[BEYOND] == ((TOKEN, BEYOND), 2)
    assert BEYOND in moves(state)


def test_passing_opens_the_owners_window_on_the_tokens_space() -> None:
    """Threat Tokens, 5: the effect comes when the enemy agent has entered the space; the
    owner decides there, without being told where the agent goes on to."""
    state = lemner_before("polish-01", acted=True)
    state, events = TITLE.apply(state, Move(agent=LEMNER, to=BEYOND))
    assert state.agent(LEMNER).space == TOKEN
    assert state.pending[-1] == ThreatWindow(seat="polish", agent=LEMNER, previous=START)
    assert TITLE.to_act(state) == "polish"
    assert [e.data["path"] for e in events if e.key == "stawka.moved"] == [[TOKEN]]
    assert state.agent(LEMNER).ap_used == 1, "he has paid for the step onto the token only"
    assert state.activation is not None and state.activation.onward == (BEYOND,)
    owner_view = TITLE.view(state, "polish").activation
    assert owner_view is not None and owner_view.onward == ()
    mover_view = TITLE.view(state, "german").activation
    assert mover_view is not None and mover_view.onward == (BEYOND,)


def test_a_declined_token_lets_him_walk_on_to_his_destination() -> None:
    """Movement, 5: the owner lets the token lie; he continues with the AP left, 2 in all."""
    state = lemner_before("polish-01", acted=True)
    state, _ = TITLE.apply(state, Move(agent=LEMNER, to=BEYOND))
    state, events = TITLE.apply(state, TriggerThreat(trigger=False))
    assert state.agent(LEMNER).space == BEYOND
    assert [e.data["path"] for e in events if e.key == "stawka.moved"] == [[BEYOND]]
    assert state.agent(LEMNER).ap_used == 2 and state.sides["german"].ap == 8 - 2
    assert TOKEN in state.threats, "the token stays face down where it was"


def test_a_triggered_alarm_stops_him_on_the_tokens_space() -> None:
    """Movement, 5: the effect comes into play immediately; an alarm ends the activation."""
    state = lemner_before("polish-01", acted=True)
    state, _ = TITLE.apply(state, Move(agent=LEMNER, to=BEYOND))
    state, _ = TITLE.apply(state, TriggerThreat(trigger=True))
    assert state.agent(LEMNER).space == TOKEN and state.activation is None
    assert state.agent(LEMNER).ap_used == 1


def test_a_triggered_cauldron_holds_him_on_the_tokens_space() -> None:
    state = lemner_before("polish-05", acted=True)
    state, _ = TITLE.apply(state, Move(agent=LEMNER, to=BEYOND))
    state, events = TITLE.apply(state, TriggerThreat(trigger=True))
    assert state.agent(LEMNER).space == TOKEN and state.agent(LEMNER).held
    assert "stawka.move_halted" in [e.key for e in events]
    assert moves(state) == set()


def test_a_triggered_suspect_does_not_stop_him() -> None:
    """An effect that does not stop movement: evidence against him, and he walks on."""
    state = lemner_before("polish-07", acted=True)
    colour = state.agent(LEMNER).colour
    state, _ = TITLE.apply(state, Move(agent=LEMNER, to=BEYOND))
    state, _ = TITLE.apply(state, TriggerThreat(trigger=True))
    assert state.sides["polish"].evidence[colour] == 1
    assert state.agent(LEMNER).space == BEYOND and TOKEN not in state.threats


def test_dangerous_terrain_costs_its_ap_and_the_rough_step_off() -> None:
    """AP accounting: 1 onto the token, 1 for the dangerous terrain, then 2 for stepping off
    the face-up rough ground (1 + 1 more)."""
    state = lemner_before("polish-14", acted=True)
    state, _ = TITLE.apply(state, Move(agent=LEMNER, to=BEYOND))
    state, _ = TITLE.apply(state, TriggerThreat(trigger=True))
    assert state.agent(LEMNER).space == BEYOND
    assert state.agent(LEMNER).ap_used == 4 and state.sides["german"].ap == 8 - 4
    assert "polish-14" in state.threats_open


def test_confusion_leaving_too_few_ap_keeps_him_on_the_tokens_space() -> None:
    """Ours: confusion takes 2 AP from his network's pool; with 4 in it, after the step onto
    the token 1 is left, too few for the 2 steps still to go: he stays on the token's space
    and may walk on as far as that 1 AP takes him."""
    far = "administrative.9"
    state = lemner_before("polish-12", acted=True, ap=4)
    assert movement.reachable(state, state.agent(LEMNER))[far] == ((TOKEN, "administrative.13", far), 3)
    state, _ = TITLE.apply(state, Move(agent=LEMNER, to=far))
    state, events = TITLE.apply(state, TriggerThreat(trigger=True))
    assert state.agent(LEMNER).space == TOKEN and state.sides["german"].ap == 1
    assert "stawka.move_halted" in [e.key for e in events]
    assert state.activation is not None and state.activation.onward == ()
    assert moves(state) == set(board_of(T2).exits(TOKEN, "german"))


def test_a_passed_document_check_lets_him_walk_on() -> None:
    """A document check brought into play on his way: 12 - 1 beats Lemner's alertness."""
    state = lemner_before("polish-03", acted=True, rng=rng_rolling(6, 6))
    state, _ = TITLE.apply(state, Move(agent=LEMNER, to=BEYOND))
    state, events = TITLE.apply(state, TriggerThreat(trigger=True))
    assert "stawka.test_document_check_passed" in [e.key for e in events]
    assert state.agent(LEMNER).space == BEYOND and TOKEN not in state.threats


def test_a_failed_document_check_sends_him_back_and_ends_the_activation() -> None:
    state = lemner_before("polish-03", acted=True, rng=rng_rolling(1, 1))
    state, _ = TITLE.apply(state, Move(agent=LEMNER, to=BEYOND))
    state, _ = TITLE.apply(state, TriggerThreat(trigger=True))
    assert state.agent(LEMNER).space == START and state.activation is None


def test_a_halt_stops_only_an_agent_with_the_ap_to_discard() -> None:
    """Movement, 5: "has the possibility to perform an action of discarding": a token's
    space ends the path of one arriving with the discard's AP, not of one without them."""
    board = board_of(T2)
    halts = frozenset({TOKEN})
    able = movement.routes(board, START, "german", 3, halts=halts, halt_left=1)
    assert BEYOND not in able or able[BEYOND][0][0] != TOKEN
    unable = movement.routes(board, START, "german", 3, halts=halts, halt_left=3)
    assert unable[BEYOND] == ((TOKEN, BEYOND), 2)


def test_the_table_lights_the_spaces_beyond_the_token_with_the_rules_costs(app: App) -> None:
    """The lit spaces and their AP costs on the table are the rules' own."""
    for acted in (False, True):
        state = lemner_before("polish-01", acted=acted)
        match = Match(TITLE, TITLE.default_options(T2), 1)
        match.state = state
        screen = StawkaScreen(app.ctx, SeatView.of(match, "german"), pygame.Rect(16, 72, 1168, 772))
        screen.refresh(SeatView.of(match, "german"))
        screen.selected = LEMNER
        lit = {space: cost for space, (_, cost) in screen.move_costs().items()}
        rules = {space: cost for space, (_, cost) in movement.reachable(state, state.agent(LEMNER)).items()}
        assert lit == rules
        if acted:
            assert lit[BEYOND] == 2


def test_the_bots_reckoning_from_its_view_matches_the_rules() -> None:
    """The heuristic bot prices moves with the rules' paths and costs as its view shows
    them, and counts the token it would pass as a risk."""
    for acted in (False, True):
        state = lemner_before("polish-01", acted=acted)
        view = TITLE.view(state, "german")
        agent = next(a for a in view.agents if a.id == LEMNER)
        rules = movement.reachable(state, state.agent(LEMNER))
        assert seen_routes(view, agent, 4) == rules
        if acted:
            assert tokens_passed(view, "german", rules[BEYOND][0][:-1]) == 1
