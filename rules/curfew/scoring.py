"""How the game ends and what it scores ("Cel gry", "Aresztowani polscy agenci", "Ocena wyników").

The player scores 2 VP a basic mission and 5 a special one (Stawka's missions, with the
scenario record's VP) and, for a secret learnt from a German agent with at least 3
evidence, 4, 6, 8 or 11 VP by that agent's colour (`CurfewState.secret_vp`).  At the end
of the sixth stage he loses 1 VP for each German evidence on each Polish agent still
arrested.  The game is lost at once when Kloss is exposed (the Germans learn his secret)
or arrested, or when three Polish agents are arrested (ours: three in the jail at once).
The result is rated by the table in the data.
"""

from __future__ import annotations

from rules.core import Band, Event, Outcome
from rules.curfew.content import load_content
from rules.curfew.options import GERMAN, POLISH
from rules.curfew.state import CurfewState, curfew_state
from rules.stawka import victory

TIME = "curfew.end.time"
DEFEATS = ("curfew.end.kloss_exposed", "curfew.end.kloss_arrested", "curfew.end.arrests")


def defeat_key(state: CurfewState, jailed: tuple[str, ...] | None = None) -> str | None:
    """Why the game is lost now, if it is (asked after every step of the rules); `jailed`:
    the `prisoners` already found."""
    if state.exposed:
        return DEFEATS[0]
    if jailed is None:
        jailed = prisoners(state)
    if not jailed:
        return None
    if load_content().chief() in jailed:
        return DEFEATS[1]
    if len(jailed) >= load_content().arrests_to_lose:
        return DEFEATS[2]
    return None


def prisoners(state: CurfewState) -> tuple[str, ...]:
    """The Polish agents in the jail, in the agents' order (the defeats are checked after
    every step of the rules, and the agents change at nearly every step: one plain look
    at each costs less than remembering the answer)."""
    return tuple([a.id for a in state.agents if a.status == "arrested" and a.side == POLISH])


def penalty(state: CurfewState) -> int:
    """-1 VP for each German evidence on each arrested Polish agent."""
    evidence = state.sides[GERMAN].evidence
    return sum(evidence.get(state.agent(p).colour, 0) for p in prisoners(state))


def score(state: CurfewState) -> int:
    return state.sides[POLISH].vp - penalty(state)


def finish(state: CurfewState, key: str) -> tuple[CurfewState, list[Event]]:
    """The game ends (Stawka's end of a game, without a winner: a solo game is scored)."""
    ended, events = victory.finish(state, None, key)
    state = curfew_state(ended).model_copy(update={"defeat": key if key in DEFEATS else None})
    rating = load_content().rating(score(state)).id
    events.append(
        Event.made(
            kind="score",
            key="curfew.scored",
            params={
                "vp": state.sides[POLISH].vp,
                "penalty": penalty(state),
                "score": score(state),
                "rating": rating,
            },
        )
    )
    return state, events


def outcome(state: CurfewState) -> Outcome | None:
    """The score and its rating once the game is over; an immediate defeat is a loss (its
    score placed in no band: "Gra kończy się automatyczną porażką")."""
    if state.end_key is None:
        return None
    points = score(state)
    rating = None if state.defeat is not None else load_content().rating(points).id
    return Outcome(
        result="loss" if rating is None else "score",
        scores={POLISH: float(points)},
        key=f"curfew.lost.{str(state.defeat).rsplit('.', 1)[-1]}"
        if rating is None
        else f"curfew.rating.{rating}",
        params={"score": points},
        bands=bands(rating),
    )


def bands(current: str | None) -> tuple[Band, ...]:
    """ "Ocena wyników", the rating table, worst first, `current` (a band's id) marked."""
    ratings = load_content().ratings
    return tuple(
        Band(
            key=f"curfew.value.{r.id}",
            low=None if index == 0 else r.low,
            high=ratings[index + 1].low - 1 if index + 1 < len(ratings) else None,
            current=r.id == current,
        )
        for index, r in enumerate(ratings)
    )
