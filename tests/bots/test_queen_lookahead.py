"""Queen of Spies' Hard level (issue 17): the heuristic looking ahead with the bag's odds.

It searches only where a plan is chosen, plays a whole story legally, gives the same
story from the same seed, and is what the table's hint asks."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import Dice, seed_state
from rules.core.components import Bag
from rules.core.search import Budget, SearchBot, reproducible
from rules.core.title import Title
from rules.queen_of_spies.actions import Check, EndChapter
from rules.queen_of_spies.bots import HeuristicBot
from rules.queen_of_spies.chapters import _score as score_story
from rules.queen_of_spies.content import Token
from rules.queen_of_spies.lookahead import (
    HORIZON,
    LookAhead,
    QueenSearch,
    final_scores,
    lookahead_bot,
    story_value,
)
from rules.queen_of_spies.state import SEAT, QueenState
from rules.queen_of_spies.table import Table
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


SCORED_NEWS = 2
"""A seed whose News on the Wing the heuristic brings to its scoring (seed 1 loses to despair)."""
EPIC_RESCUE = 3
"""A seed whose Rescuing the Prisoners the heuristic ends with an epic victory (6 points)."""


def finished(story: str, seed: int) -> QueenState:
    """The end of a story the heuristic plays (scored, or lost at once)."""
    end = heuristic_story(story, seed)[-1]
    final, _ = TITLE.apply(end, TITLE.bot_action(TITLE.make_bot("heuristic", SEAT), end, Dice(1)))
    assert TITLE.outcome(final) is not None
    return final


def test_a_storys_score_odds_are_worked_out_from_its_scoring_draws() -> None:
    """News on the Wing scores 1 a pigeon sent and its tokens drawn together; Office
    Infiltration a card's points and its tokens drawn one at a time, each returned."""
    news = finished("news-on-the-wing", SCORED_NEWS).model_copy(
        update={"bag": Bag[Token](counts={Token.PROGRESS: 1, Token.NO_EFFECT: 1})}
    )
    # Two tokens for the Post Office out of two: its one Progress for certain.
    assert final_scores(news.model_copy(update={"pigeons_sent": {"post_office": 1}})) == {2: 1.0}
    # The Train's three draws from a bag of two draw both.
    assert final_scores(news.model_copy(update={"pigeons_sent": {"pigeon_train": 1}})) == {2: 1.0}
    # Two pigeons to the Neighboring Town: a draw each, returned in between.
    towns = news.model_copy(update={"pigeons_sent": {"neighboring_town": 2}})
    assert final_scores(towns) == {2: 0.25, 3: 0.5, 4: 0.25}
    office = finished("office-infiltration", 2).model_copy(
        update={
            "bag": Bag[Token](counts={Token.PROGRESS_ALERT: 1, Token.TROOP: 3}),
            "set_aside": ("hotel_room", "office_search"),
        }
    )
    # The Hotel Room's 3 points and the office search's two draws, a Progress each 1 in 4.
    assert final_scores(office) == {3: 9 / 16, 4: 6 / 16, 5: 1 / 16}
    rescue = finished("rescuing-the-prisoners", EPIC_RESCUE)
    assert rescue.score is not None and final_scores(rescue) == {rescue.score: 1.0}


def test_the_score_odds_are_those_of_the_rules_own_scoring() -> None:
    """The finished story's bag is the one its scoring drew from (every token returned):
    scoring it again 2,000 times lands each score as often as the odds say."""
    end = finished("news-on-the-wing", SCORED_NEWS)
    odds = final_scores(end)
    assert end.score in odds and abs(sum(odds.values()) - 1) < 1e-9
    counts: dict[int, int] = {}
    for seed in range(2000):
        table = Table(end.model_copy(update={"score": None}), Dice(seed_state(seed)))
        score_story(table)
        assert table.score is not None
        counts[table.score] = counts.get(table.score, 0) + 1
    assert set(counts) <= set(odds)
    assert all(abs(counts.get(score, 0) / 2000 - chance) < 0.03 for score, chance in odds.items())


def test_a_finished_story_is_valued_by_its_band_then_its_score_or_to_win_in_the_last_chapter() -> None:
    """Four pigeons to the Neighboring Town from a bag half Progress: 4 to 8 points, 6 on
    average, 4 (a draw) once in 16."""
    news = finished("news-on-the-wing", SCORED_NEWS).model_copy(
        update={
            "bag": Bag[Token](counts={Token.PROGRESS: 1, Token.NO_EFFECT: 1}),
            "pigeons_sent": {"neighboring_town": 4},
        }
    )
    # Bands (a draw 0.5, a victory 1) and 0.2 a point per the lowest winning score (5).
    assert story_value(news, to_win=False) == pytest.approx(0.5 / 16 + 15 / 16 + 0.2 * 6 / 5)
    # The chance to win, and a point of it for each winning score's worth of points.
    assert story_value(news, to_win=True) == pytest.approx(15 / 16 + 0.05 * 6 / 5)
    lost = news.model_copy(update={"lost": "no_despair"})
    assert story_value(lost, to_win=False) == story_value(lost, to_win=True) == 0.0
    # With a certain score (Rescuing the Prisoners: no scoring draws) the band and score.
    rescue = finished("rescuing-the-prisoners", EPIC_RESCUE)
    assert rescue.score == 6  # an epic victory (6 or more; the lowest win 3)
    assert story_value(rescue, to_win=False) == 1.0 + 0.2 * 6 / 3
    assert story_value(rescue, to_win=True) == 1.0 + 0.05 * 6 / 3


def test_it_plays_for_the_win_in_the_last_chapter_only() -> None:
    look = LookAhead()
    end = finished("rescuing-the-prisoners", EPIC_RESCUE)
    chapters = set()
    for state in heuristic_story("news-on-the-wing", 2)[::10]:
        if TITLE.decision(state) is None:
            continue
        view = TITLE.view(state, SEAT)
        assert isinstance(view, QueenView)
        look.rank(view, TITLE.legal_actions(state), SEAT, Dice(1))
        chapters.add(state.chapter)
        assert look.evaluate(TITLE, end)[SEAT] == story_value(end, to_win=state.chapter == 3)
    assert chapters == {1, 2, 3}
