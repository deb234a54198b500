"""The garbage collector kept out of a game's frames.

What is alive once a game's table is up (the app, the title's content, the table and its
caches) lives as long as the game.  Python's full collections walk every tracked object,
so the longer the process has lived, the longer such a pass, and it falls in whichever
frame allocates at the wrong moment: `python -m game bench` measured a Stawka Normal
turn's worst frame at 46-47 ms, the main thread in a full collection, and 5-7 ms with
the game's objects frozen (`gc.freeze`) when its table came up.

A table comes up after a full collection: what is frozen is then alive, and the garbage
of the games before it cannot pile up in the frozen heap (without it, one process that
started game after game - the test suite's tests/ui - grew to 7.4 GB, against 1.6 GB
with nothing frozen: a full pass seldom came between one game's `release` and the next
one's `hold`, so each froze the garbage of the ones before).
"""

from __future__ import annotations

import gc

HOLDING = True
"""Whether a table freezes the heap.  The test suite turns it off (tests/conftest.py): it
starts thousands of tables in one process, and a full collection for each costs it ~100
CPU s; the test of this module turns it on again."""

_held = False


def hold() -> None:
    """Collect, then keep what is alive now out of the collector's passes (`gc.freeze`)
    until `release`; once only while held."""
    global _held
    if not HOLDING or _held:
        return
    gc.collect()
    gc.freeze()
    _held = True


def release() -> None:
    """Give what `hold` kept back to the collector (the game has left the table: what it
    kept alive may be collected now)."""
    global _held
    if _held:
        gc.unfreeze()
        _held = False
