"""Seeded games of every title and scenario, played to the end by random bots."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from rules.core import Dice, GameOptions, Match, seed_state
from rules.registry import TITLES
from rules.stawka.options import StawkaOptions
from tests.stawka.test_free import free


def cases() -> Iterator[tuple[str, str, Callable[[], GameOptions]]]:
    """(title, scenario, options) of every registered title's every scenario, and a free
    Stawka scenario at the advanced rules."""
    for title_id, title in TITLES.items():
        for scenario in title.scenarios or (None,):
            yield title_id, scenario or "-", _default(title_id, scenario)
    yield "stawka", "free", lambda: StawkaOptions(free=free("advanced"))


def _default(title_id: str, scenario: str | None) -> Callable[[], GameOptions]:
    return lambda: TITLES[title_id].default_options(scenario)


def played(title_id: str, options: GameOptions, seed: int, limit: int = 5000) -> Match:
    """A game of `options` on `seed`, random bots in every seat, to its end (or `limit` actions)."""
    title = TITLES[title_id]
    match = Match(title, options, seed)
    dice = Dice(seed_state(seed ^ 0x5EED))
    bots: dict[str, Any] = {}
    while (seat := match.to_act()) is not None and len(match.actions) < limit:
        bot = bots.setdefault(seat, title.make_bot("random", seat))
        match.act(title.bot_action(bot, match.state, dice))
    return match
