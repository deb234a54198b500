"""OpenSpiel's `python_block_dominoes` in random playouts: the yardstick of `game.bench.rules`.

Imported when OpenSpiel is installed beside the app, else run by path with another
interpreter that has it (it imports nothing of Siatka): it prints ``ready``, then for
each line of seconds read on stdin one JSON line ``[actions, CPU seconds]``.  Only the
players' actions count; chance nodes (the deal) are played but not counted, as our
titles' dice and deals happen inside their actions and their start.
"""

from __future__ import annotations

import json
import random
import sys
import time

import pyspiel
from open_spiel.python.games import block_dominoes  # noqa: F401 - registers the game

GAME = "python_block_dominoes"

_game = pyspiel.load_game(GAME)
_rng = random.Random(1)


def playouts(seconds: float) -> tuple[int, float]:
    """Whole random games until `seconds` of this thread's CPU time are spent."""
    actions, started = 0, time.thread_time()
    while True:
        state = _game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(_rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(_rng.choice(state.legal_actions()))
                actions += 1
        spent = time.thread_time() - started
        if spent >= seconds:
            return actions, spent


if __name__ == "__main__":
    print("ready", flush=True)
    for line in sys.stdin:
        print(json.dumps(playouts(float(line))), flush=True)
