"""Building Queen of Spies situations for tests: a story's state, assignments, forced draws."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from rules.core import Dice, Match, seed_state
from rules.core.components import Bag
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.content import TOKEN_ORDER, Token
from rules.queen_of_spies.state import Assignment, Placement, QueenState

P, PA, PT, NE, NPT, A, T = (
    Token.PROGRESS,
    Token.PROGRESS_ALERT,
    Token.PROGRESS_TIME,
    Token.NO_EFFECT,
    Token.NO_PROGRESS_TIME,
    Token.ALERT,
    Token.TROOP,
)


def story(story_id: str, seed: int = 1, **changes: Any) -> QueenState:
    """A fresh story with some fields replaced (hand, town, bag given as counts...)."""
    state = TITLE.new_game(TITLE.default_options(story_id), seed)
    if "bag" in changes:
        changes["bag"] = Bag[Token](counts=changes["bag"])
    return state.model_copy(update=changes)


def ready(location: str, *placements: tuple[str, int], item: str | None = None, **extra: Any) -> Assignment:
    """An assignment whose last time marker was just removed: its checks are due."""
    return Assignment(
        location=location,
        item=item,
        fresh=False,
        time=0,
        placements=tuple(Placement(operative=o, task=t) for o, t in placements),
        **extra,
    )


def forcing(state: QueenState, tokens: list[Token], skip: int = 0) -> QueenState:
    """The state with a generator that draws exactly `tokens` from its bag, in order
    (the `skip`-th such generator state, to find one that also satisfies something else)."""
    for attempt in range(200_000):
        rng = seed_state(attempt)
        dice, bag, drawn = Dice(rng), state.bag, []
        for _ in tokens:
            token, bag = bag.draw(dice, TOKEN_ORDER)
            drawn.append(token)
        if drawn == tokens:
            if skip == 0:
                return state.model_copy(update={"rng": rng})
            skip -= 1
    raise AssertionError(f"no generator state draws {tokens} from {state.bag}")


def act_where(
    state: QueenState, action: dict[str, Any], tokens: list[Token], wanted: Callable[[QueenState], bool]
) -> QueenState:
    """Apply an action whose first draws are `tokens` and whose later draws give `wanted`."""
    for skip in range(200):
        new = act(forcing(state, tokens, skip), action)
        if wanted(new):
            return new
    raise AssertionError("no draw gives the wanted state")


def legal(state: QueenState) -> list[dict[str, Any]]:
    """The legal actions as plain dicts."""
    return [action.model_dump() for action in TITLE.legal_actions(state)]


def act(state: QueenState, action: dict[str, Any]) -> QueenState:
    new, _ = TITLE.apply(state, action)
    return new


def assign(state: QueenState, who: str, location: str, task: int = 0, item: str | None = None) -> QueenState:
    return act(state, {"type": "assign", "operative": who, "location": location, "task": task, "item": item})


def act_forced(state: QueenState, action: dict[str, Any], tokens: list[Token]) -> QueenState:
    """Apply an action whose token draws are forced to `tokens`."""
    return act(forcing(state, tokens), action)


def events_of(state: QueenState, action: dict[str, Any], tokens: list[Token] | None = None) -> list[str]:
    before = forcing(state, tokens) if tokens else state
    _, events = TITLE.apply(before, action)
    return [e.kind for e in events]


def bot_game(story_id: str, moments: Sequence[int], seed: int) -> Iterator[Match]:
    """One heuristic-bot game of the story, stopped after each of `moments` actions (or
    at its end)."""
    match = Match(TITLE, TITLE.default_options(story_id), 5)
    bot = TITLE.make_bot("heuristic", "player")
    dice = Dice(seed_state(seed))
    played = 0
    for moment in moments:
        while played < moment and match.to_act() is not None:
            assert isinstance(match.state, QueenState)
            match.act(TITLE.bot_action(bot, match.state, dice))
            played += 1
        yield match
