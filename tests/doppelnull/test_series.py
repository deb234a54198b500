"""The series variant ("Game Variant") and its scoring (ours: see rules/doppelnull/data/rules.toml)."""

from __future__ import annotations

from rules.core import Dice, Event, seed_state
from rules.doppelnull import TITLE
from rules.doppelnull.actions import Swap
from rules.doppelnull.content import load_content
from rules.doppelnull.options import DoppelnullOptions
from rules.doppelnull.play_rules import series_points
from rules.doppelnull.state import DoppelnullState, GameResult, phase_of
from tests.doppelnull.tables import playing_state


def _finish_game_for_male(state: DoppelnullState) -> tuple[DoppelnullState, list[Event]]:
    """Male, who knows the female numbers, unmasks all seven; female never unmasks."""
    events: list[Event] = []
    while TITLE.to_act(state) is not None and state.game_number == 1:
        seat = TITLE.to_act(state)
        line = state.lines["female" if seat == "male" else "male"]
        legal = [a for a in TITLE.legal_actions(state) if isinstance(a, Swap)]
        if seat == "male":
            hit = [a for a in legal if line.agents[a.slot] == a.card]
            fetch = [a for a in legal if line.cards[a.slot] in line.agents and line.agents[a.slot] != a.card]
            action = (hit or fetch or legal)[0]
        else:
            action = next(a for a in legal if line.agents[a.slot] != a.card)
        state, new = TITLE.apply(state, action)
        events.extend(new)
    return state, events


def test_a_finished_game_of_a_series_scores_the_agents_unmasked_and_deals_the_next() -> None:
    """Game Variant: "players may play a series of games (for example, 3 games), at the end of which they add
    up the points they have earned": a game's points are the agents a player unmasked (ours, rules.toml);
    the next game is dealt afresh."""
    state = playing_state(games=3)
    state, events = _finish_game_for_male(state)
    assert state.game_number == 2 and len(state.results) == 1
    assert state.results[0] == GameResult(winner="male", unmasked={"male": 7, "female": 0})
    assert series_points(state) == {"male": 7 + load_content().series.win_bonus, "female": 0}
    assert TITLE.outcome(state) is None, "the series goes on"
    assert phase_of(state) == "blind_pick" and state.removed == {"male": (), "female": ()}
    assert state.starter == "female", "the loser starts the next game"
    kinds = [e.kind for e in events]
    assert kinds[-4:] == ["unmask", "game_won", "deal", "starter"]
    view = TITLE.view(state, "female")
    assert view.totals == {"male": 7, "female": 0} and view.game_number == 2 and view.games == 3


def test_running_totals_add_each_games_unmaskings() -> None:
    """Game Variant: "they add up the points they have earned"."""
    state = playing_state(games=3).model_copy(
        update={
            "results": (
                GameResult(winner="male", unmasked={"male": 7, "female": 4}),
                GameResult(winner="female", unmasked={"male": 6, "female": 7}),
            ),
        }
    )
    bonus = load_content().series.win_bonus
    assert series_points(state) == {"male": 13 + bonus, "female": 11 + bonus}


def test_the_series_winner_has_more_points() -> None:
    """Game Variant: "they add up the points they have earned"; the one with more wins the series (ours: the
    rulebook names no winner of a series)."""
    state = playing_state(games=2).model_copy(
        update={
            "results": (
                GameResult(winner="male", unmasked={"male": 7, "female": 2}),
                GameResult(winner="female", unmasked={"male": 6, "female": 7}),
            ),
            "turn": None,
        }
    )
    outcome = TITLE.outcome(state)
    assert outcome is not None and outcome.winners == ("male",)
    assert outcome.scores == {"male": 13.0, "female": 9.0}


def test_a_tied_series_goes_to_more_games_won_else_a_draw() -> None:
    """Game Variant: "they add up the points" says nothing of a tie; ours: more games won decides it, else a
    draw."""
    tied_on_points = playing_state(games=3).model_copy(
        update={
            "results": (
                GameResult(winner="male", unmasked={"male": 7, "female": 6}),
                GameResult(winner="male", unmasked={"male": 7, "female": 1}),
                GameResult(winner="female", unmasked={"male": 0, "female": 7}),
            ),
            "turn": None,
        }
    )
    outcome = TITLE.outcome(tied_on_points)
    assert outcome is not None and outcome.winners == ("male",) and not outcome.draw
    draw = playing_state(games=2).model_copy(
        update={
            "results": (
                GameResult(winner="male", unmasked={"male": 7, "female": 3}),
                GameResult(winner="female", unmasked={"male": 3, "female": 7}),
            ),
            "turn": None,
        }
    )
    outcome = TITLE.outcome(draw)
    assert outcome is not None and outcome.draw and outcome.winners == ()


def test_a_whole_series_is_played_to_its_last_game() -> None:
    """Game Variant: "a series of games (for example, 3 games), at the end of which they add up the points":
    every game is played, then the points are added."""
    state = TITLE.new_game(DoppelnullOptions(games=3), seed=2)
    bots = {s: TITLE.make_bot("deductive", s) for s in ("male", "female")}
    dice = Dice(seed_state(5))
    while (seat := TITLE.to_act(state)) is not None:
        state, _ = TITLE.apply(state, TITLE.bot_action(bots[seat], state, dice))
    assert len(state.results) == 3 and state.game_number == 3
    outcome = TITLE.outcome(state)
    assert outcome is not None
    assert sum(outcome.scores.values()) == sum(sum(r.unmasked.values()) for r in state.results)
