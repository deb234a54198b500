"""Godzina policyjna's Hard level (issue 31): the core's search with the sensible player
inside, the hint's level; its value of a play-out's end follows the scenario's score."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import Dice, seed_state
from rules.core.search import Budget, SearchBot, reproducible
from rules.curfew.hard import CurfewSearch, StageSearchBot, final_value, value
from rules.curfew.state import CurfewState, curfew_state
from rules.curfew.title import TITLE
from rules.stawka.actions import GiveUp
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


def test_hard_weighs_ending_the_stage_at_the_start_of_an_activation() -> None:
    """Candidates at the activation turn: the sensible player's choice, then, when no
    agent is active, ending the stage ("when the rest would only feed the Germans"),
    then the planner's next best; within an activation no ending of the stage unless the
    sensible player chose it; elsewhere (set-up, ties) his choice alone."""
    search = CurfewSearch()
    dice = Dice(seed_state(3))
    starts = within = 0
    for state in _turns(2)[:16]:
        view = TITLE.view(state, "polish")
        legal = TITLE.legal_actions(state)
        ranked = search.rank(view, legal, "polish", dice)
        first = search.rollout_bot("polish").choose(view, legal, Dice(dice.state))
        assert ranked[0] == first
        assert all(a in legal for a in ranked) and len(set(ranked)) == len(ranked)
        gives_up = [a for a in ranked[1:] if isinstance(a, GiveUp)]
        if state.activation is None:
            assert isinstance(first, GiveUp) or gives_up == [GiveUp()]
            assert isinstance(ranked[1], GiveUp) or isinstance(first, GiveUp)
            starts += 1
        else:
            assert gives_up == []
            within += 1
    assert starts > 3 and within > 3
    setup = game(2, "heuristic")[0].before
    assert len(search.rank(TITLE.view(setup, "polish"), TITLE.legal_actions(setup), "polish", dice)) == 1


class _Recording(CurfewSearch):
    """Hard's policy noting where each play-out stopped."""

    def __init__(self) -> None:
        super().__init__()
        self.ends: list[tuple[int, bool]] = []

    def evaluate(self, title: Any, world: CurfewState) -> Mapping[str, float]:
        self.ends.append((world.stage, TITLE.to_act(world) is None))
        return super().evaluate(title, world)


def test_every_play_out_ends_when_the_next_stage_begins() -> None:
    """The play-outs of every candidate stop at the same point, the start of the next
    stage (or the game's end): ending the stage at once and playing it on are compared
    there, like with like."""
    policy = _Recording()
    bot = StageSearchBot(TITLE, policy, "polish", Budget(iterations=2))
    searched = 0
    for state in [s for s in _turns(5) if s.activation is None][:3]:
        policy.ends.clear()
        with reproducible():
            TITLE.bot_action(bot, state, Dice(seed_state(11)))
        for stage, over in policy.ends:
            assert over or stage == state.stage + 1
        searched += len(policy.ends)
    assert searched >= 6


def test_hard_chooses_a_legal_action_the_same_way_on_the_same_dice() -> None:
    bot = StageSearchBot(TITLE, CurfewSearch(), "polish", Budget(iterations=3))
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
