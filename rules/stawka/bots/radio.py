"""What the radio station of "I Know Who You Are" is worth to the heuristic bot
(`rules.stawka.film.radio`): the secrets that lead to it, where to hide it, which sector to
name beside its own.

The Polish player needs two secrets to transmit, the German player three to locate the
station himself (a win at the end), each worth as much as the win it leads to, shared
among the secrets still needed; once a transmission has begun the German secrets lead
nowhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Dice, Seat
from rules.stawka.actions import HideRadioStation, StawkaAction
from rules.stawka.board import FAR, step_counts
from rules.stawka.film.radio import CLUES_TO_LOCATE, SECRETS_TO_TRANSMIT, TRANSMITTER
from rules.stawka.state import GERMAN, POLISH, StawkaState
from rules.stawka.view import StawkaView

SECRET_SHARE = 0.3
"""The part of the win the secrets toward it are worth together (the rest is getting
Kloss there and holding the station, or keeping the lead in VP).  Tuned on 30 games a
value (seeds 1-30, heuristic against heuristic): 0.5 gave the German side 74% of the
decided games, 0.3 gave it 58%, 0.2 77% (the Polish side stops looking for secrets)."""


def secret_worth(view: StawkaView, seat: Seat, secrets: int, win: float) -> float:
    """`secrets` more secrets for `seat`, toward transmitting or locating the station."""
    radio = view.radio
    if radio is None:
        return 0.0
    have = view.sides[seat].secrets
    needed = SECRETS_TO_TRANSMIT if seat == POLISH else CLUES_TO_LOCATE
    if seat == GERMAN and radio.public:
        return 0.0
    useful = max(0, min(have + secrets, needed) - have)
    return SECRET_SHARE * win * useful / needed


def progress(state: StawkaState, seat: Seat, win: float) -> float:
    """How far `seat` is toward the station's win (the Hard bot's measure, in the heuristic's
    unit): the secrets toward it, a transmission on air, the station located."""
    radio = state.radio
    if radio is None:
        return 0.0
    needed = SECRETS_TO_TRANSMIT if seat == POLISH else CLUES_TO_LOCATE
    total = 0.0
    if seat == POLISH or not radio.public or radio.located:
        total += SECRET_SHARE * win * min(state.sides[seat].secrets, needed) / needed
    if seat == POLISH and radio.since is not None:
        total += win / 2
    if seat == GERMAN and radio.located:
        total += win / 2
    return total


def hiding_place(view: StawkaView, legal: Sequence[StawkaAction], dice: Dice) -> StawkaAction:
    """Near Kloss and far from the German agents, by steps; the two best at random, so the
    place tells the German player little."""
    places = [a for a in legal if isinstance(a, HideRadioStation)]
    ours = step_counts(view.scenario, POLISH)
    theirs = step_counts(view.scenario, GERMAN)
    kloss = next(a.space for a in view.agents if a.id == TRANSMITTER)
    germans = [a.space for a in view.agents if a.side == GERMAN]

    def score(place: HideRadioStation) -> int:
        near = min((theirs[g].get(place.location, FAR) for g in germans), default=FAR)
        return near - ours[kloss].get(place.location, FAR)

    ranked = sorted(places, key=score, reverse=True)
    return dice.choice(ranked[:2])
