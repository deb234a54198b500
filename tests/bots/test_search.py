"""The search bot (issue 17): it reads no secret, plays legally, and is reproducible.

A search is handed an `InformationSet`, never the state: it only samples worlds through
the title's `scramble`.  So two states that differ only in what the seat cannot see
must give the same sampled worlds, and the same decision with the same dice.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import Blundering, Dice, InformationSet, RandomBot, Title, seed_state
from rules.core.search import Budget, SearchBot, reproducible
from rules.registry import TITLES
from rules.stawka.bots.hard import hard_bot

SECRET_TITLES = sorted(title_id for title_id, title in TITLES.items() if title.has_secrets)


def seat_of(title: Title[Any, Any, Any], state: Any) -> str:
    seat = title.to_act(state)
    assert seat is not None
    return seat


def random_states(title: Title[Any, Any, Any], seed: int, every: int = 7) -> list[Any]:
    """States along a random game of `title`'s first scenario, one in `every` actions."""
    options = title.default_options(title.scenarios[0] if title.scenarios else None)
    state, _ = title.start(options, seed)
    dice = Dice(seed_state(seed))
    states = []
    steps = 0
    while title.to_act(state) is not None and steps < 400:
        if steps % every == 0:
            states.append(state)
        state, _ = title.apply(state, dice.choice(title.legal_actions(state)))
        steps += 1
    return states


def twin(title: Title[Any, Any, Any], state: Any, seat: str, seed: int) -> Any:
    """`state` with everything hidden from `seat` dealt anew, and other dice to come."""
    other = title.scramble(state, seat, Dice(seed_state(seed)))
    return other.model_copy(update={"rng": seed_state(seed + 1)})


@pytest.mark.parametrize("title_id", SECRET_TITLES)
def test_sampled_worlds_depend_only_on_what_the_seat_knows(title_id: str) -> None:
    title = TITLES[title_id]
    checked = 0
    for seed in (1, 2):
        for state in random_states(title, seed):
            seat = seat_of(title, state)
            other = twin(title, state, seat, seed * 1000 + checked)
            for draw in (5, 6):
                mine = InformationSet(title, state, seat).sample(Dice(seed_state(draw)))
                theirs = InformationSet(title, other, seat).sample(Dice(seed_state(draw)))
                assert title.dump(mine) == title.dump(theirs), f"a sampled world of {title_id} reads a secret"
            checked += 1
    assert checked > 5


def test_a_sampled_world_hides_the_dice_to_come() -> None:
    title = TITLES["stawka"]
    state = random_states(title, 3)[4]
    world = InformationSet(title, state, seat_of(title, state)).sample(Dice(seed_state(9)))
    assert world.rng != state.rng and world.previous is None


def test_stawka_hard_decides_the_same_whatever_it_cannot_see() -> None:
    """In the last two stages, where it searches."""
    title = TITLES["stawka"]
    compared = searched = 0
    for state in [s for s in random_states(title, 4, every=2) if s.stage >= 7][:5]:
        seat = seat_of(title, state)
        if len(title.legal_actions(state)) < 2:
            continue
        other = twin(title, state, seat, compared)
        bot = hard_bot(title, seat, Budget(iterations=4))
        with reproducible():
            mine = title.bot_action(bot, state, Dice(seed_state(77)))
            searched += bot.last_iterations > 0
            theirs = title.bot_action(bot, other, Dice(seed_state(77)))
        assert mine == theirs
        compared += 1
    assert compared >= 3 and searched >= 2


def test_stawka_hard_plays_to_the_end_and_the_same_seed_gives_the_same_game() -> None:
    """Hard takes over the Polish side of a training 1 game at stage 6 (seed 1: the game
    runs into stage 7, so it plays its heuristic's moves and then, in the last two stages,
    searches with play-outs to the end of the game) and plays it out legally, twice alike."""
    title = TITLES["stawka"]
    options = title.default_options("training-1")
    first, second = title.seats(options)
    normal = {seat: title.make_bot("heuristic", seat) for seat in (first, second)}
    state, _ = title.start(options, 1)
    dice = Dice(seed_state(1))
    while state.stage < 6:
        state, _ = title.apply(state, title.bot_action(normal[seat_of(title, state)], state, dice))

    def finish() -> tuple[Any, list[Any], set[int]]:
        hard = hard_bot(title, first, Budget(iterations=2, seconds=0.0))
        bots = {first: hard, second: normal[second]}
        end, own, actions, stages = state, Dice(seed_state(8)), [], set()
        while (seat := title.to_act(end)) is not None:
            action = title.bot_action(bots[seat], end, own)
            assert action in title.legal_actions(end)
            if seat == first and hard.last_iterations:
                stages.add(end.stage)
            end, _ = title.apply(end, action)
            actions.append(action)
        return end, actions, stages

    with reproducible():
        end, actions, stages = finish()
        again, replayed, _ = finish()
    assert title.outcome(end) is not None
    assert stages == {7}, "it searched in the last two stages only"
    assert actions == replayed and title.dump(end) == title.dump(again)


def test_the_clock_cuts_a_search_short_unless_reproducible() -> None:
    title = TITLES["stawka"]
    late = [s for s in random_states(title, 3, every=3) if s.stage >= 7]  # where Hard searches
    state = next(s for s in late if len(title.legal_actions(s)) > 2)
    seat = seat_of(title, state)
    bot = hard_bot(title, seat, Budget(iterations=8, seconds=0.0))
    heuristic = title.bot_action(title.make_bot("heuristic", seat), state, Dice(seed_state(1)))
    assert title.bot_action(bot, state, Dice(seed_state(1))) == heuristic
    assert bot.last_iterations == 0, "no world is played past the time limit: the heuristic's move"
    with reproducible():
        title.bot_action(bot, state, Dice(seed_state(1)))
    assert bot.last_iterations == 8


def test_a_budget_needs_an_iteration() -> None:
    with pytest.raises(ValueError):
        Budget(iterations=0)


def test_search_bot_is_what_stawka_hard_makes() -> None:
    title = TITLES["stawka"]
    assert isinstance(title.make_bot("hard", "polish"), SearchBot)
    assert isinstance(title.make_bot("easy", "polish"), Blundering)
    assert title.bot_ids == ("easy", "heuristic", "hard")


class Always:
    """A bot that always takes the last legal action."""

    def choose(self, view: Any, legal: Any, dice: Dice) -> Any:
        return legal[-1]


@pytest.mark.parametrize(("chance", "expected"), [(0.0, 0), (1.0, 200)])
def test_blundering_blunders_as_often_as_told(chance: float, expected: int) -> None:
    bot = Blundering(Always(), chance)
    dice = Dice(seed_state(2))
    legal = list(range(1000))
    blunders = sum(bot.choose(None, legal, dice) != 999 for _ in range(200))  # type: ignore[arg-type]
    assert blunders == pytest.approx(expected, abs=1)


def test_blundering_is_sometimes_the_bot_and_sometimes_random() -> None:
    bot = Blundering(Always(), 0.5)
    dice = Dice(seed_state(3))
    picks = [bot.choose(None, [0, 1, 2, 3], dice) for _ in range(400)]  # type: ignore[arg-type]
    assert 0.55 < picks.count(3) / 400 < 0.75  # half the bot's, plus a quarter of the random half
    assert Blundering(RandomBot(), 0.0).chance == 0.0
    with pytest.raises(ValueError):
        Blundering(Always(), 1.5)


class Policy:
    """Only what `SearchBot._pick` reads of a policy."""

    def __init__(self, confidence: float) -> None:
        self.confidence = confidence


def pick(confidence: float, values: list[list[float]]) -> int:
    bot = SearchBot(TITLES["stawka"], Policy(confidence), "polish", Budget(1))  # type: ignore[arg-type]
    return bot._pick(values)


def test_another_move_must_beat_the_heuristics_by_trust_and_by_its_noise() -> None:
    steady = [[0.5, 0.5, 0.5, 0.5], [0.6, 0.6, 0.6, 0.6]]
    noisy = [[0.5, 0.5, 0.5, 0.5], [1.0, 0.0, 1.0, 0.4]]
    assert pick(0.0, steady) == 1 and pick(3.0, steady) == 1, "a steady gain needs no more worlds"
    assert pick(0.0, noisy) == 1, "the means alone prefer the noisy move"
    assert pick(1.0, noisy) == 0, "but it is not clearly ahead of the heuristic's"
    assert pick(0.0, [[0.5, 0.5], [0.51, 0.51]]) == 0, "within TRUST the heuristic's stays"
    assert pick(1.0, [[0.0, 0.0], [0.6, 0.6], [0.8, 0.8]]) == 2, "the best of those clearly ahead"


def settled(after: int | None, values: list[list[float]]) -> bool:
    bot = SearchBot(TITLES["stawka"], Policy(1.0), "polish", Budget(8, settled_after=after))  # type: ignore[arg-type]
    return bot._settled(values)


def test_a_search_stops_early_once_the_heuristics_move_leads_from_settled_after_on() -> None:
    leads = [[0.6, 0.5, 0.7], [0.5, 0.5, 0.6], [0.0, 0.5, 0.7]]
    assert settled(3, leads)
    assert not settled(None, leads), "without settled_after every world is played"
    assert not settled(4, leads), "not before settled_after worlds"
    assert not settled(3, [[0.5, 0.5, 0.5], [0.6, 0.5, 0.5]]), "another ahead by more than TRUST: on"
    assert settled(3, [[0.5, 0.5, 0.5], [0.51, 0.51, 0.51]]), "ahead within TRUST only: stop"


class Clock:
    """A clock that moves a second for every play-out scored, and never by itself."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class TwoMoves:
    """A policy between the heuristic's move "stay" and "go", which wins every world."""

    candidates = 2
    confidence = 1.0

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def horizon(self, view: Any) -> int:
        return 0

    def rank(self, view: Any, legal: Any, seat: str, dice: Dice) -> list[str]:
        return ["stay", "go"]

    def evaluate(self, title: Any, world: Any) -> dict[str, float]:
        self.clock.now += 1.0
        return {"me": 1.0 if world == "go" else 0.0}


class Moves:
    """Only what the search reads of a title and of an information set here."""

    seat = "me"
    view = None

    def apply(self, world: Any, action: str) -> tuple[str, list[Any]]:
        return action, []

    def sample(self, dice: Dice) -> str:
        return "world"


@pytest.mark.parametrize(
    ("seconds", "worlds", "chosen"), [(5.0, 2, "stay"), (7.0, 3, "go"), (None, 10, "go")]
)
def test_a_search_cut_short_after_too_few_worlds_plays_the_heuristics_move(
    seconds: float | None, worlds: int, chosen: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 34.3: when the clock cuts a search short, Hard plays at least its heuristic's
    move.  Each world here costs 2 s (two play-outs): 5 s allow 2 worlds, fewer than
    `Budget.least_when_cut`, so the heuristic's "stay" is kept though "go" won both; 7 s
    allow 3, and the search's choice stands, as with no clock."""
    from rules.core import search

    clock = Clock()
    monkeypatch.setattr(search, "clock", clock)
    moves = Moves()
    bot = SearchBot(moves, TwoMoves(clock), "me", Budget(10, seconds=seconds))  # type: ignore[arg-type]
    assert bot.choose_in(moves, ["stay", "go"], Dice(seed_state(1))) == chosen  # type: ignore[arg-type]
    assert (bot.last_iterations, bot.last_cut) == (worlds, seconds is not None)
