"""Computer players for the race. They see only their seat's view."""

from __future__ import annotations

from typing import Any

from rules.core import Bot, RandomBot, Seat


def make_bot(bot_id: str, seat: Seat) -> Bot[Any]:
    if bot_id == "random":
        return RandomBot()
    raise KeyError(f"island has no bot called {bot_id!r}")
