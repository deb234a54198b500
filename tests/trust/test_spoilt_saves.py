"""Saves spoilt at random: a byte flipped, a file cut short, a value of the wrong kind
anywhere, a key dropped, a number far out of range.  Every one is read as the app reads
it (the Load list's sorting, its preview, Continue's label, opening it): each is either a
game or a refusal in words, never a crash (issue 28: "0 crashes in 1,294 hostile saves").

``python -m tests.trust.test_spoilt_saves SEED COUNT`` tries more and prints the tally."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from typing import Any

from game.app import App
from game.i18n import Translator
from game.settings import Settings
from game.ui.messages import refusal
from game.ui.naming import describe_save
from rules.core import Dice, Match, SaveError, SeatConfig, seed_state
from rules.core.model import hash_pin
from rules.registry import TITLES

WRONG: tuple[Any, ...] = (
    None,
    True,
    -1,
    0,
    2**70,
    1e308,
    "",
    "x" * 300,
    "\u0000",
    "pbkdf2_sha256$10000000$00$00",
    [],
    {},
    [[[[[]]]]],
    {"name": 5},
)


def saves() -> list[str]:
    """A save of every title a few moves in, one finished, people named, one with a PIN."""
    found = []
    for _, title in sorted(TITLES.items()):
        options = title.default_options(title.scenarios[0] if title.scenarios else None)
        seats = {
            seat: SeatConfig(name=f"Gracz {n}", pin=hash_pin("1234") if n == 0 else None)
            for n, seat in enumerate(title.seats(options))
            if seat not in title.automated_seats(options)
        }
        options = options.model_copy(update={"seats": seats})
        for moves in (5, 10_000):
            match = Match(title, options, seed=3)
            bots = {seat: title.make_bot("random", seat) for seat in title.seats(options)}
            dice = Dice(seed_state(1))
            while (seat := match.to_act()) is not None and len(match.actions) < moves:
                match.act(title.bot_action(bots[seat], match.state, dice))
            found.append(match.to_json())
    return found


def _places(value: Any, place: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [place]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _places(inner, (*place, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:20]):
            found += _places(inner, (*place, index))
    return found


def spoilt(text: str, rng: random.Random) -> bytes:
    """`text` spoilt one random way."""
    data = text.encode("utf-8")
    how = rng.randrange(5)
    if how == 0:
        return data[: rng.randrange(len(data))]
    if how == 1:
        at = rng.randrange(len(data))
        return data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
    record = json.loads(text)
    place = rng.choice([p for p in _places(record) if p])
    inner = record
    for part in place[:-1]:
        inner = inner[part]
    if how == 2:
        inner[place[-1]] = rng.choice(WRONG)
    elif how == 3 and isinstance(inner, dict):
        del inner[place[-1]]
    elif isinstance(inner[place[-1]], int) and not isinstance(inner[place[-1]], bool):
        inner[place[-1]] = rng.choice((-(2**63), 2**63, -1, 10**9))
    else:
        inner[place[-1]] = rng.choice(WRONG)
    return json.dumps(record).encode("utf-8")


def read_as_the_app_does(data: bytes, app: App, t: Translator) -> str:
    """What became of `data`: "game", "refused" or "unlisted" (never an exception)."""
    Match.status(data[:256])
    try:
        describe_save(app.ctx, Match.peek(data))
    except SaveError as err:
        refusal(t, err)
    try:
        Match.from_json(data, TITLES)
    except SaveError as err:
        assert refusal(t, err)
        return "refused"
    return "game"


def tally(seed: int, count: int) -> Counter[str]:
    rng = random.Random(seed)
    app = App(Settings(language="pl"))
    t = Translator("pl")
    texts = saves()
    seen: Counter[str] = Counter()
    for number in range(count):
        data = spoilt(rng.choice(texts), rng)
        try:
            seen[read_as_the_app_does(data, app, t)] += 1
        except Exception as err:  # a crash: what is counted here
            shown = data[:400]
            raise AssertionError(f"spoilt save {number} (seed {seed}) crashed: {err!r} {shown!r}") from err
    return seen


def test_spoilt_saves_are_games_or_refusals_never_crashes() -> None:
    seen = tally(1, 150)
    assert seen["refused"] > 0 and sum(seen.values()) == 150


if __name__ == "__main__":
    print(tally(int(sys.argv[1]), int(sys.argv[2])))
