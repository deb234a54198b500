"""The garbage collector kept out of a game's frames.

What is alive once a game's table is up (the app, the title's content, the table and its
caches) lives as long as the game.  Python's full collections walk every tracked object,
so the longer the process has lived, the longer such a pass, and it falls in whichever
frame allocates at the wrong moment: `python -m game bench` measured a Stawka Normal
turn's worst frame at 46-47 ms, the main thread in a full collection, and 5-7 ms with
the game's objects frozen (`gc.freeze`) when its table came up.
"""

from __future__ import annotations

import gc


def hold() -> None:
    """Keep what is alive now out of the collector's passes (`gc.freeze`: cheap, no pass
    made).  Garbage among it (a scene just left) waits for `release`, at most one scene's
    worth; a full collection first would cost every game's start (and the tests, which
    start many, 100 CPU s) a walk of the whole heap."""
    gc.freeze()


def release() -> None:
    """Give what `hold` kept back to the collector (the game has left the table: what it
    kept alive may be collected now)."""
    gc.unfreeze()
