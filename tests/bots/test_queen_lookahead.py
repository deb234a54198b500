"""Queen of Spies' Hard level (issue 17): the heuristic looking ahead with the bag's odds.

It searches only where a plan is chosen, plays a whole story legally, gives the same
story from the same seed, and is what the table's hint asks."""

from __future__ import annotations

from typing import Any

from rules.core import Dice, seed_state
from rules.core.search import Budget, SearchBot, reproducible
from rules.core.title import Title
from rules.queen_of_spies.actions import Check, EndChapter
from rules.queen_of_spies.bots import HeuristicBot
from rules.queen_of_spies.lookahead import HORIZON, LookAhead, QueenSearch, lookahead_bot
from rules.queen_of_spies.state import SEAT, QueenState
from rules.queen_of_spies.title import QueenOfSpies
from rules.queen_of_spies.view import QueenView
from rules.registry import TITLES
from tests.bots.games import bot_states

TITLE = TITLES["queen-of-spies"]
assert isinstance(TITLE, QueenOfSpies)


def heuristic_story(story: str, seed: int) -> list[QueenState]:
    """Every state of a story the heuristic plays."""
    return bot_states(TITLE, TITLE.default_options(story), seed, TITLE.make_bot("heuristic", SEAT))


def ranked(state: QueenState) -> tuple[QueenView, list[Any], list[Any]]:
    view = TITLE.view(state, SEAT)
    assert isinstance(view, QueenView)
    legal = TITLE.legal_actions(state)
    return view, legal, LookAhead().rank(view, legal, SEAT, Dice(seed_state(3)))


def test_the_levels_are_easy_normal_hard_and_the_hint_is_hard() -> None:
    assert TITLE.bot_ids == ("random", "heuristic", "hard")
    assert TITLE.default_bot == "heuristic"
    assert TITLE.hint_bot == "hard"
    assert isinstance(TITLE.make_bot("hard", SEAT), SearchBot)


def test_it_weighs_the_heuristics_choice_against_a_few_plans_only_where_one_is_chosen() -> None:
    heuristic = HeuristicBot()
    searched = {"assign": 0, "trained draws": 0}
    for state in heuristic_story("news-on-the-wing", 2):
        view, legal, candidates = ranked(state)
        assert candidates[0] == heuristic.choose(view, legal, Dice(seed_state(3)))
        assert all(action in legal for action in candidates)
        assert len(set(candidates)) == len(candidates)
        kind = view.decision.kind if view.decision else None
        under_way = any(a.fresh for a in view.assignments)
        if kind == "assign" and under_way:
            assert candidates == candidates[:1], "once a plan is begun the heuristic staffs it"
        if kind == "assign" and EndChapter() in candidates[1:]:
            assert view.time <= 10, "ending a chapter early is weighed only with little time left"
        if kind == "resolve" and any(isinstance(a, Check) and a.draws != 2 for a in legal):
            searched["trained draws"] += 1
            assert candidates == candidates[:1], "a trained operative draws as the heuristic says"
        if kind == "assign" and len(candidates) > 1:
            searched["assign"] += 1
    assert searched["assign"] > 5 and searched["trained draws"] > 5


def test_its_play_outs_read_the_world_as_the_table_and_choose_as_from_the_view() -> None:
    """The play-out asks the heuristic on the sampled world itself (no view built): every
    choice of two stories is the one it makes from the player's view."""
    heuristic = HeuristicBot()
    for story, seed in (("rescuing-the-prisoners", 3), ("office-infiltration", 5)):
        for state in heuristic_story(story, seed):
            view, legal = TITLE.view(state, SEAT), TITLE.legal_actions(state)
            assert isinstance(view, QueenView) and view.decision is not None
            from_view = heuristic.choose(view, legal, Dice(seed_state(3)))
            assert heuristic.decide(state, view.decision.kind, legal) == from_view


class Recording(LookAhead):
    """The look-ahead's evaluation, noting each play-out's last state (its generator aside:
    the core's play-out writes it back into every state, the title's own at the end)."""

    def __init__(self) -> None:
        super().__init__()
        self.ends: list[str] = []

    def evaluate(self, title: Title[QueenState, Any, Any], world: QueenState) -> Any:
        self.ends.append(title.dump(world.model_copy(update={"rng": 0})))
        return super().evaluate(title, world)


def test_its_own_play_out_ends_each_story_as_the_cores_play_out_does() -> None:
    """The title's play-out resolves actions without `apply` (no check, one generator, no
    automated seat to run): from states all through a story it reaches the very end the
    core's play-out (views, `apply`) reaches."""
    assert all(rule.auto is None for rule in TITLE.rulebook.rules()), "no automated seat to let decide"
    core, own = Recording(), Recording()
    core_search = SearchBot(TITLE, core, SEAT, Budget(1))
    own_search = QueenSearch(TITLE, Budget(1))
    own_search.policy = own
    for state in heuristic_story("rescuing-the-prisoners", 3)[::12]:
        core_search._play_out(state, Dice(1), HORIZON, None)
        own_search._play_out(state, Dice(1), HORIZON, None)
    assert len(own.ends) > 8 and own.ends == core.ends


def test_it_plays_a_whole_story_and_the_same_seed_gives_the_same_story() -> None:
    def story() -> tuple[QueenState, list[Any]]:
        bot = lookahead_bot(TITLE, Budget(iterations=2))
        state, _ = TITLE.start(TITLE.default_options("introduction"), 4)
        dice = Dice(seed_state(4))
        actions = []
        while TITLE.to_act(state) is not None:
            action = TITLE.bot_action(bot, state, dice)
            assert action in TITLE.legal_actions(state)
            state, _ = TITLE.apply(state, action)
            actions.append(action)
        return state, actions

    with reproducible():
        end, actions = story()
        again, replayed = story()
    assert TITLE.outcome(end) is not None
    assert actions == replayed and TITLE.dump(end) == TITLE.dump(again)


def test_a_finished_story_is_valued_by_its_band_then_its_score() -> None:
    """Seeds 1-12 of News on the Wing end in every band (7 wins, 2 draws, 3 losses)."""
    ends: dict[str, list[float]] = {}
    for seed in range(1, 13):
        end = heuristic_story("news-on-the-wing", seed)[-1]
        final, _ = TITLE.apply(end, TITLE.bot_action(TITLE.make_bot("heuristic", SEAT), end, Dice(1)))
        outcome = TITLE.outcome(final)
        assert outcome is not None
        ends.setdefault(outcome.result, []).append(LookAhead().evaluate(TITLE, final)[SEAT])
    assert set(ends) == {"win", "draw", "loss"}
    assert max(ends["loss"]) <= 0.2 < min(ends["win"])
    assert min(ends["draw"]) >= 0.5 and max(ends["draw"]) < 1.0 <= min(ends["win"])
