"""Godzina policyjna's Hard level (issue 31): the core's search with the sensible player
inside, the hint's level; its value of a play-out's end follows the scenario's score."""

from __future__ import annotations

from rules.core import Dice, seed_state
from rules.core.search import Budget, SearchBot, reproducible
from rules.curfew.hard import CurfewSearch, final_value, value
from rules.curfew.state import CurfewState, curfew_state
from rules.curfew.title import TITLE
from rules.stawka.actions import EndActivation, GiveUp
from tests.curfew.games import game


def _turns(seed: int) -> list[CurfewState]:
    """The player's activation turns with a choice in a sensible player's game."""
    return [
        s.before
        for s in game(seed, "heuristic")
        if TITLE.to_act(s.before) == "polish"
        and not s.before.pending
        and s.before.phase == "activations"
        and len(TITLE.legal_actions(s.before)) > 3
    ]


def test_hard_is_the_third_level_and_the_hint_s() -> None:
    assert TITLE.bot_ids == ("random", "heuristic", "hard")
    assert TITLE.hint_bot == "hard"
    assert isinstance(TITLE.make_bot("hard", "polish"), SearchBot)


def test_hard_searches_the_activation_turn_only_and_never_times_against_acting() -> None:
    """Candidates: the sensible player's choice, then the planner's next best, at the
    activation turn; a choice of when to act (ending an activation or the stage) is never
    compared with what to do; elsewhere the sensible player's choice alone."""
    search = CurfewSearch()
    dice = Dice(seed_state(3))
    compared = 0
    for state in _turns(2)[:12]:
        view = TITLE.view(state, "polish")
        legal = TITLE.legal_actions(state)
        ranked = search.rank(view, legal, "polish", dice)
        assert ranked[0] == search.rollout_bot("polish").choose(view, legal, Dice(dice.state))
        assert all(a in legal for a in ranked)
        if len(ranked) > 1:
            assert not any(isinstance(a, (EndActivation, GiveUp)) for a in ranked)
            compared += 1
    assert compared > 3
    setup = game(2, "heuristic")[0].before
    assert len(search.rank(TITLE.view(setup, "polish"), TITLE.legal_actions(setup), "polish", dice)) == 1


def test_hard_chooses_a_legal_action_the_same_way_on_the_same_dice() -> None:
    bot = SearchBot(TITLE, CurfewSearch(), "polish", Budget(iterations=3))
    for state in _turns(5)[:3]:
        with reproducible():
            first = TITLE.bot_action(bot, state, Dice(seed_state(11)))
            again = TITLE.bot_action(bot, state, Dice(seed_state(11)))
        assert first == again and first in TITLE.legal_actions(state)
        assert 1 <= bot.last_iterations <= 3


def test_the_value_reads_the_score_the_scenario_plays_for() -> None:
    """ "Cel gry: Zdobyć jak najwięcej PZ do końca 6 etapu" (the aim: as many VP as one can
    by the end of the sixth stage): more VP is worth more, an immediate defeat nothing,
    and evidence on a free agent (a prisoner's counts against the score) less."""
    state = _turns(2)[0]
    polish = state.sides["polish"]
    richer = curfew_state(state.with_side("polish", polish.model_copy(update={"vp": polish.vp + 6})))
    assert value(richer) > value(state)
    german = state.sides["german"]
    burdened = curfew_state(
        state.with_side(
            "german",
            german.model_copy(update={"evidence": {c: n + 3 for c, n in german.evidence.items()}}),
        )
    )
    assert value(burdened) < value(state)
    over = next(s.after for s in game(2, "heuristic") if s.after.phase == "over")
    lost = over.model_copy(update={"defeat": "curfew.end.kloss_exposed"})
    assert final_value(lost) == 0.0 <= final_value(over) <= 1.0
