"""How a scenario ends, and the campaign carry-over decision.

Training scenario 1 ("Meeting", Victory conditions): two secrets win at once; after the
8th stage with no winner, a draw.  Then the carry-over (NOTE): halve all evidence
(rounded up); the winner may leave one track whole, not Kloss's - a decision the winner
takes before the game is over (a pending decision).
"""

from __future__ import annotations

from rules.core import Event, IllegalAction, Outcome, Pending, Seat
from rules.stawka.actions import KeepTrackWhole
from rules.stawka.campaign import carry_over
from rules.stawka.content import CarryOver, load_content
from rules.stawka.state import SEATS, StawkaState

CARRY_DECISION = "carry_over"


def winner_by_secrets(state: StawkaState) -> Seat | None:
    needed = load_content().scenario(state.scenario).victory.secrets_to_win
    if needed is None:
        return None
    for seat in SEATS:
        if state.sides[seat].secrets >= needed:
            return seat
    return None


def check_end(state: StawkaState) -> tuple[StawkaState, list[Event]]:
    """End the game if a side has won, or the last stage is over (call after every step)."""
    if state.phase in ("carry_over", "over"):
        return state, []
    winner = winner_by_secrets(state)
    if winner is not None:
        return finish(state, winner, "stawka.end.secrets")
    if state.stage > state.stage_count:
        return finish(state, None, "stawka.end.time")
    return state, []


def finish(state: StawkaState, winner: Seat | None, key: str) -> tuple[StawkaState, list[Event]]:
    state = state.model_copy(
        update={
            "winner": winner,
            "end_key": key,
            "activation": None,
            "turn": None,
            "pending": (),
            "drawn_item": None,
        }
    )
    events = [Event(kind="game_end", key=key, params={"seat": winner or ""}, reveals=True)]
    rules = load_content().scenario(state.scenario).carry_over
    if (
        rules is not None
        and winner is not None
        and rules.winner_keeps_track
        and keepable_tracks(state, rules)
    ):
        state = state.model_copy(
            update={"phase": "carry_over", "pending": (Pending(seat=winner, kind=CARRY_DECISION),)}
        )
        return state, events
    return close(state, None), events


def keepable_tracks(state: StawkaState, rules: CarryOver) -> tuple[str, ...]:
    """Colours whose track the winner may leave whole: any with evidence, not Kloss's."""
    winner = state.winner
    if winner is None:
        return ()
    kloss_colour = state.agent("kloss").colour if "kloss" in state.documents else None
    evidence = state.sides[winner].evidence
    return tuple(
        colour
        for colour, value in evidence.items()
        if value > 1 and (rules.kloss_track_keepable or winner != "german" or colour != kloss_colour)
    )


def legal_carry_choices(state: StawkaState) -> list[KeepTrackWhole]:
    rules = load_content().scenario(state.scenario).carry_over
    assert rules is not None
    return [KeepTrackWhole(colour=None), *(KeepTrackWhole(colour=c) for c in keepable_tracks(state, rules))]


def choose_track(state: StawkaState, action: KeepTrackWhole) -> tuple[StawkaState, list[Event]]:
    rules = load_content().scenario(state.scenario).carry_over
    assert rules is not None
    if action.colour is not None and action.colour not in keepable_tracks(state, rules):
        raise IllegalAction("That track cannot be kept whole (Kloss's track is always halved).")
    event = Event(
        kind="carry",
        key="stawka.kept_track",
        params={"colour": action.colour or "", "seat": state.winner or ""},
    )
    return close(state, action.colour), [event]


def close(state: StawkaState, kept_whole: str | None) -> StawkaState:
    """The game is over; compute the carry-over if the scenario has one."""
    carry = None
    if load_content().scenario(state.scenario).carry_over is not None:
        carry = carry_over(
            state.scenario,
            {seat: dict(state.sides[seat].evidence) for seat in SEATS},
            state.winner,
            kept_whole,
        )
    return state.model_copy(update={"phase": "over", "pending": (), "carry": carry})


def outcome(state: StawkaState) -> Outcome | None:
    if state.phase != "over":
        return None
    scores = {seat: float(state.sides[seat].secrets) for seat in SEATS}
    if state.winner is None:
        return Outcome(draw=True, result="draw", scores=scores, key=state.end_key or "stawka.end.time")
    return Outcome(winners=(state.winner,), scores=scores, key=state.end_key or "stawka.end.secrets")
