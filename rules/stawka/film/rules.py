"""Every film scenario's special rule with rules of its own (`rules.stawka.film_rule`), in
one tuple: what `rules.stawka.film_hooks` finds a scenario's `special_rules` names in, and
what the Stawka flow (`rules.stawka.flow`) is built with.

Its own module, not the package's ``__init__``: the film rules build on the whole Stawka
flow (activation, movement, threats, assassinations), and a module of that flow imports one
of them (`card_effects` reads room 217's conditions)."""

from __future__ import annotations

from rules.stawka.film import black_audi, radio, room_217, top_secret
from rules.stawka.film_rule import SpecialRule

RULES: tuple[SpecialRule, ...] = (
    room_217.Room217(),
    radio.RadioStationRule(),
    *top_secret.RULES,
    *black_audi.RULES,
)
"""The film rules, by the order the title registered them in."""
