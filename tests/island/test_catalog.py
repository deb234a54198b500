"""Every event and outcome the race produces has its text in English and Polish."""

from __future__ import annotations

from functools import cache

import pytest

from game.i18n import Translator
from rules.island import TITLE
from tests.island.helpers import random_match


@cache
def _keys() -> frozenset[str]:
    """The keys of every event and outcome of a few random races."""
    keys = set()
    for players in (3, 6):
        for seed in range(4):
            match = random_match(players, seed)
            keys |= {event.key for event in match.log}
            outcome = match.outcome()
            assert outcome is not None
            keys.add(outcome.key)
    return frozenset(keys)


@pytest.mark.parametrize("language", ["en", "pl"])
def test_every_event_key_is_translated(language: str) -> None:
    t = Translator(language)
    missing = sorted(key for key in _keys() if t(key) == key)
    assert not missing


@pytest.mark.parametrize("language", ["en", "pl"])
def test_every_card_and_seat_has_a_name(language: str) -> None:
    from rules.island.content import load_content

    t = Translator(language)
    data = load_content()
    names = [f"island.value.{k.card}" for k in data.equipment] + [
        f"island.value.{k.card}" for k in data.transport
    ]
    names += [f"island.value.{'-'.join(map(str, task.needs))}" for task in data.tasks]
    names += [f"island.seat.{seat}" for seat in data.setup.colours]
    names += [f"island.bot.{bot}.tip" for bot in TITLE.bot_ids]
    assert [key for key in names if t(key) == key] == []


def _every_key() -> list[str]:
    """Every message key the rules can put in an event or outcome."""
    from rules.island.content import load_content
    from rules.island.events import EVENT_SCHEMAS

    plain = set(EVENT_SCHEMAS) - {"ride", "reveal", "chosen_own", "gift", "fight"}
    keys = [f"island.{kind}" for kind in sorted(plain)]
    keys += [f"island.ride.{kind.card}" for kind in load_content().transport] + ["island.ride.island"]
    cards = ("friendship", "hostility")
    keys += [f"island.reveal.{a}.{b}" for a in cards for b in cards]
    keys += [f"island.chosen_own.{card}" for card in cards]
    keys += ["island.gift", "island.gift_reserve", "island.fight", "island.fight_drawn"]
    return [*keys, "island.outcome.task", "island.outcome.last", "island.outcome.nobody"]


@pytest.mark.parametrize("language", ["en", "pl"])
def test_every_possible_event_key_is_translated(language: str) -> None:
    t = Translator(language)
    assert _keys() <= set(_every_key()), "a key the list above does not know"
    assert [key for key in _every_key() if t(key) == key] == []


@pytest.mark.parametrize("language", ["en", "pl"])
def test_every_refusal_is_translated(language: str) -> None:
    """Each refusal the rules raise carries a key the catalogs name (a person reads it)."""
    import re
    from pathlib import Path

    import rules.island

    source = "".join(p.read_text(encoding="utf-8") for p in Path(rules.island.__file__).parent.glob("*.py"))
    keys = set(re.findall(r'"(island\.refusal\.[a-z_]+)"', source))
    assert len(keys) >= 9
    t = Translator(language)
    assert [key for key in sorted(keys) if t(key) == key] == []
