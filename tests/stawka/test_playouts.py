"""Sensible-bot games checked after every action, as the conformance suite checks random ones.

Random playouts rarely reach arrests, missions or threat tokens; the heuristic bots do,
so these games check the same things where the extended rules are busy: invariants,
save -> load, and that no view changes when its seat's unknowns are re-dealt.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules.core import Dice, seed_state
from rules.stawka.title import TITLE


@pytest.mark.parametrize(
    ("scenario", "seed"),
    [
        ("training-1", 11),
        ("training-2", 5),
        ("training-2", 9),
        ("hotel-excelsior", 1),
        ("i-know-who-you-are", 124),
        ("top-secret", 3),
    ],
)
def test_heuristic_playout_keeps_every_invariant_and_secret(scenario: str, seed: int) -> None:
    state = TITLE.new_game(TITLE.default_options(scenario), seed)
    bots = {seat: TITLE.make_bot("heuristic", seat) for seat in TITLE.seats(TITLE.default_options(scenario))}
    dice = Dice(seed_state(seed))
    kinds: Counter[str] = Counter()
    changed = 0
    while (seat := TITLE.to_act(state)) is not None:
        action = TITLE.bot_action(bots[seat], state, dice)
        kinds[action.type] += 1
        state, _ = TITLE.apply(state, action)
        assert not TITLE.invariants(state)
        dumped = TITLE.dump(state)
        assert TITLE.dump(TITLE.load(dumped)) == dumped
        for observer in ("polish", "german"):
            scrambled = TITLE.scramble(state, observer, dice)
            assert TITLE.view(scrambled, observer) == TITLE.view(state, observer)
            changed += TITLE.dump(scrambled) != dumped
        assert sum(kinds.values()) < 3000
    assert TITLE.outcome(state) is not None
    assert changed > 0
    if scenario == "training-2":
        assert kinds["place_threat"] and kinds["support"] and kinds["place"]
    if scenario == "hotel-excelsior":
        # The bots pursue room 217: here the Polish side opens it (on the seven-sector board
        # of the film audit; on the six-sector one the German side did).
        assert (state.winner, state.end_key) == ("polish", "stawka.end.room_217")
    if scenario == "i-know-who-you-are":
        # The radio station hidden, a second sector named, the report transmitted.
        assert kinds["hide_radio"] and kinds["radio_sector"] and kinds["transmit"]
        assert state.end_key == "stawka.end.radio_transmitted"
