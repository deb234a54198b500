"""A replay's "everything revealed" (`Title.revealed`) shows every seat's secrets: whatever
any seat's view tells apart, the revealed table tells apart too (issue 32, "Done when")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules.core import Dice, GameOptions, seed_state
from rules.core.replay import Replay
from rules.registry import TITLES
from tests.replays.games import cases, played

SECRET_CASES = [case for case in cases() if TITLES[case[0]].has_secrets]
STEPS_LOOKED_AT = 40


@pytest.mark.parametrize(
    ("title_id", "scenario", "options"), SECRET_CASES, ids=[f"{t}-{s}" for t, s, _ in SECRET_CASES]
)
def test_the_revealed_table_shows_all_that_each_seat_sees(
    title_id: str, scenario: str, options: Callable[[], GameOptions]
) -> None:
    """A state re-dealt where one seat cannot tell (`Title.scramble`) looks the same to that
    seat; where another seat's view changes, its secret changed, and the revealed table must
    show that change: it holds every seat's secrets at once."""
    title = TITLES[title_id]
    replay = Replay.of(played(title_id, options(), seed=21))
    dice = Dice(seed_state(99))
    seats = replay.match.seats()
    told_apart = 0
    for step in sorted({round(i * replay.last / STEPS_LOOKED_AT) for i in range(STEPS_LOOKED_AT + 1)}):
        state = replay.states[step]
        revealed = title.revealed(state)
        assert revealed.model_dump_json()  # JSON, as every view
        assert getattr(revealed, "seat", None) is None, "the revealed table is nobody's seat"
        for observer in seats:
            scrambled = title.scramble(state, observer, dice)
            for seat in seats:
                if title.view(scrambled, seat) != title.view(state, seat):
                    assert title.revealed(scrambled) != revealed, (
                        f"step {step}: {seat}'s view changed when {observer}'s unknowns were "
                        "re-dealt, but the revealed table did not"
                    )
                    told_apart += 1
    assert told_apart > 0, f"{title_id} {scenario}: no seat ever had a secret to reveal"


def test_a_seat_view_hides_what_the_revealed_table_shows() -> None:
    """Not the same view under another name: in a Doppelnull game under way, the revealed
    table shows both lines' numbers, each seat only its own."""
    title = TITLES["doppelnull"]
    match = played("doppelnull", title.default_options(None), seed=8, limit=30)
    revealed = title.revealed(match.state)
    for seat in match.seats():
        own = title.view(match.state, seat)
        other = next(s for s in match.seats() if s != seat)
        hidden = [slot.agent for slot in own.sides[other].line]  # type: ignore[attr-defined]
        shown = [slot.agent for slot in revealed.sides[other].line]  # type: ignore[attr-defined]
        assert None in hidden and None not in [a for a, s in zip(shown, hidden, strict=True) if s is None]
