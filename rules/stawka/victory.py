"""How a scenario ends, and the campaign carry-over decisions.

Training scenario 1 ("Meeting", Victory conditions): two secrets win at once; after the
8th stage with no winner, a draw.  Training scenario 2 ("First Clash"): 11 VP win at once
(2 per basic mission, 4 per special mission, 3 per secret); Kloss exposed wins for the
German player, Brunner compromised for the Polish player (our reading, with the content
data: the enemy track of the chief's colour reaches the "exposed" range, 10); a draw
after the 8th stage.  The free scenario's basic game adds: three Polish agents in jail
win for the German player.

Carry-over (scenario 1 NOTE; scenario 2 "Bonus for the winner"): every track is halved
(rounded up); the player who won by secrets or VP may leave one track whole (Kloss's
only where the scenario allows it) and, in scenario 2, keep one acquired item - pending
decisions the winner takes after the game is decided (its outcome is known) and before
it is over.  An exposed Kloss must change his
document next game; a compromised Brunner is barred from the next game.
"""

from __future__ import annotations

from functools import cache

from rules.core import Dice, Event, IllegalAction, Outcome, Seat
from rules.stawka import film_hooks
from rules.stawka.actions import KeepItemForNextGame, KeepTrackWhole
from rules.stawka.campaign import carry_over
from rules.stawka.content import CarryOver, load_content
from rules.stawka.items import item
from rules.stawka.state import GERMAN, POLISH, SEATS, CarryItem, CarryTrack, StawkaState, other

BONUS_ENDINGS = ("stawka.end.secrets", "stawka.end.vp")
KLOSS_EXPOSED = "stawka.end.kloss_exposed"
CHIEF_COMPROMISED = "stawka.end.chief_compromised"


def at_line(state: StawkaState) -> tuple[tuple[Seat | None, str], ...]:
    """Every side that has won now, each once with its reason: a film scenario's special
    rule alone if it decides, else the scenario's victory conditions (both sides may be
    at the line after one step: `check_end` says who got there first)."""
    won = film_hooks.winner(state)
    if won is not None:
        return (won,)
    victory = load_content().scenario(state.scenario).victory
    found: dict[Seat, str] = {}
    for seat in SEATS:
        side = state.sides[seat]
        if victory.secrets_to_win is not None and side.secrets >= victory.secrets_to_win:
            found[seat] = "stawka.end.secrets"
        elif victory.vp_to_win is not None and side.vp >= victory.vp_to_win:
            found[seat] = "stawka.end.vp"
    if victory.chief_lost_loses:
        for seat in SEATS:
            if seat in found or not _may_lose_chief(state.sides[seat].evidence):
                continue
            chief = enemy_chief(state, seat)
            if (
                chief is not None
                and load_content()
                .range_for(state.sides[seat].evidence.get(state.agent(chief).colour, 0))
                .chief_lost
            ):
                found[seat] = KLOSS_EXPOSED if seat == GERMAN else CHIEF_COMPROMISED
    if (
        victory.three_arrests_german_win
        and GERMAN not in found
        and sum(1 for a in state.agents_of(POLISH) if a.status == "arrested") >= 3
    ):
        found[GERMAN] = "stawka.end.arrests"
    return tuple(found.items())


def _winner_by(state: StawkaState, ahead: tuple[Seat | None, ...] = ()) -> tuple[Seat | None, str] | None:
    """The side that has won now: "the first Player to reach" the line (Training Campaign,
    scenario 3; Free Scenarios, L), when both are at it after one step.

    Within a step the rules reach the line in the order of its events: the acting agent's
    action, then an enemy's answer to it (the reciprocity roll comes after the initiator's,
    and is not rolled once his side has won: `conversation.conversation_rolls`), then the
    missions the step completed.  `ahead` are the sides that were at the line before those
    missions were paid; if both sides are at it and only one was ahead, that one won.  Two
    sides at the line with nothing to tell them apart (no case of the rules is known to
    make one) go by the seat order."""
    won = at_line(state)
    if not won:
        return None
    if len(won) > 1:
        first = [w for w in won if w[0] in ahead]
        if len(first) == 1:
            return first[0]
    return won[0]


def _may_lose_chief(evidence: dict[str, int]) -> bool:
    """Whether a track of `evidence` (or an empty one) is in a range where the enemy chief
    is lost, whichever colour the chief is: when none is, nobody asks who the chief is (the
    end is checked after every step)."""
    low = _chief_lost_from()
    if low is None:  # the lost ranges are not all the track's top: ask who the chief is
        return True
    return low == 0 or min(max(evidence.values(), default=0), 10) >= low


@cache
def _chief_lost_from() -> int | None:
    """The lowest track value (0-10: `range_for`'s) whose investigation range loses the
    chief, when every value above it does too (the data's: "exposed", 10); 11 when none
    does; None when the ranges that lose the chief are not the top of the track."""
    content = load_content()
    lost = [value for value in range(11) if content.range_for(value).chief_lost]
    if not lost:
        return 11
    return lost[0] if lost == list(range(lost[0], 11)) else None


def enemy_chief(state: StawkaState, seat: Seat) -> str | None:
    """The enemy network chief in play: Kloss for the German player, a black SS officer for the Polish."""
    content = load_content()
    for agent in state.agents_of(other(seat)):
        if agent.status != "liquidated" and content.document(state.documents[agent.id]).chief:
            return agent.id
    return None


def check_end(state: StawkaState, ahead: tuple[Seat | None, ...] = ()) -> tuple[StawkaState, list[Event]]:
    """End the game if a side has won, or the last stage is over (call after every step;
    `ahead`: the sides at the line before the step's missions were paid, `_winner_by`)."""
    if state.phase in ("carry_over", "over", "placement"):
        return state, []
    won = _winner_by(state, ahead)
    if won is not None:
        return finish(state, *won)
    if state.stage > state.stage_count:
        won = film_hooks.at_time_out(state)
        if won is not None:
            return finish(state, *won)
        victory = load_content().scenario(state.scenario).victory
        vp = {seat: state.sides[seat].vp for seat in SEATS}
        if victory.draw_at_end or vp[POLISH] == vp[GERMAN]:
            return finish(state, None, "stawka.end.time")
        return finish(state, max(SEATS, key=lambda s: vp[s]), "stawka.end.more_vp")
    return state, []


def finish(state: StawkaState, winner: Seat | None, key: str) -> tuple[StawkaState, list[Event]]:
    stacks = state.stacks
    if state.drawn_item is not None:
        # A searched tile still waiting to be kept or discarded when the game ends goes
        # back on top of its location's stack: no tile is lost, and none is carried over.
        location = item(state.drawn_item).location
        stacks = {**stacks, location: (state.drawn_item, *stacks[location])}
    state = state.model_copy(
        update={
            "stacks": stacks,
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
    if rules is not None and winner is not None and key in BONUS_ENDINGS:
        if rules.winner_keeps_track and keepable_tracks(state, rules):
            pending: CarryTrack | CarryItem = CarryTrack(seat=winner)
            return state.model_copy(update={"pending": (pending,)}), events
        if rules.winner_keeps_items and keepable_items(state):
            pending = CarryItem(seat=winner)
            return state.model_copy(update={"pending": (pending,)}), events
    return close(state, None), events


def keepable_tracks(state: StawkaState, rules: CarryOver) -> tuple[str, ...]:
    """Colours whose track the winner may leave whole (halving changes it; not Kloss's unless allowed)."""
    winner = state.winner
    if winner is None:
        return ()
    kloss_colour = state.agent("kloss").colour if "kloss" in state.documents else None
    evidence = state.sides[winner].evidence
    return tuple(
        colour
        for colour, value in evidence.items()
        if value > 1 and (rules.kloss_track_keepable or winner != GERMAN or colour != kloss_colour)
    )


def keepable_items(state: StawkaState) -> tuple[str, ...]:
    """Items the winner's agents hold at the end (scenario 2: "keep 1 acquired item")."""
    if state.winner is None:
        return ()
    return tuple(i for a in state.agents_of(state.winner) if a.status != "liquidated" for i in a.items)


def legal_carry_choices(state: StawkaState, decision: CarryTrack) -> list[KeepTrackWhole]:
    rules = load_content().scenario(state.scenario).carry_over
    assert rules is not None
    return [KeepTrackWhole(colour=None), *(KeepTrackWhole(colour=c) for c in keepable_tracks(state, rules))]


def legal_item_choices(state: StawkaState, decision: CarryItem) -> list[KeepItemForNextGame]:
    return [KeepItemForNextGame(item=None), *(KeepItemForNextGame(item=i) for i in keepable_items(state))]


def choose_track(
    state: StawkaState, decision: CarryTrack, action: KeepTrackWhole, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    rules = load_content().scenario(state.scenario).carry_over
    assert rules is not None
    if action.colour is not None and action.colour not in keepable_tracks(state, rules):
        raise IllegalAction(
            "That track cannot be kept whole (Kloss's track is always halved).", "stawka.refusal.kloss_track"
        )
    event = Event(
        kind="carry",
        key="stawka.kept_track",
        params={"colour": action.colour or "", "seat": state.winner or ""},
    )
    state = state.model_copy(update={"carry_track": action.colour})
    if rules.winner_keeps_items and keepable_items(state) and state.winner is not None:
        return state.model_copy(update={"pending": (CarryItem(seat=state.winner),)}), [event]
    return close(state, action.colour), [event]


def choose_item(
    state: StawkaState, decision: CarryItem, action: KeepItemForNextGame, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    if action.item is not None and action.item not in keepable_items(state):
        raise IllegalAction("The winner keeps one of the items his agents hold.", "stawka.refusal.keep_item")
    event = Event(
        kind="carry",
        key="stawka.kept_item",
        params={"item": action.item or "", "seat": state.winner or ""},
        reveals=True,
    )
    return close(state, state.carry_track, action.item), [event]


def close(state: StawkaState, kept_whole: str | None, kept_item: str | None = None) -> StawkaState:
    """The game is over; compute the carry-over if the scenario has one."""
    carry = None
    if load_content().scenario(state.scenario).carry_over is not None:
        carry = carry_over(
            state.scenario,
            {seat: dict(state.sides[seat].evidence) for seat in SEATS},
            state.winner,
            kept_whole,
        )
        update: dict[str, object] = {}
        if kept_item is not None and state.winner is not None:
            update["kept_items"] = {state.winner: (kept_item,)}
            holder = next(a.id for a in state.agents if kept_item in a.items)
            update["kept_by"] = {kept_item: holder}
        if state.end_key == KLOSS_EXPOSED:
            update["banned_kloss_documents"] = (state.documents["kloss"],)
        if state.end_key == CHIEF_COMPROMISED:
            chief = enemy_chief(state, POLISH)
            update["banned_agents"] = (chief,) if chief else ()
        carry = carry.model_copy(update=update)
    return state.model_copy(update={"pending": (), "carry": carry})


def outcome(state: StawkaState) -> Outcome | None:
    """The result from the moment the game is decided (`finish`), also while the winner
    still makes the carry-over choices (the title's ``is_over`` waits for those)."""
    if state.end_key is None:
        return None
    victory = load_content().scenario(state.scenario).victory
    uses_vp = victory.vp_to_win is not None or not victory.draw_at_end
    scores = {seat: float(state.sides[seat].vp if uses_vp else state.sides[seat].secrets) for seat in SEATS}
    # The reason without the winner, whom the game-over screen names once, and what
    # winning took, said beside the scores ("nobody reached the 11 VP needed").
    params = {"vp_needed": victory.vp_to_win or 0, "secrets_needed": victory.secrets_to_win or 0}
    if state.winner is None:
        key = f"{state.end_key or 'stawka.end.time'}.why"
        return Outcome(draw=True, result="draw", scores=scores, key=key, params=params)
    key = f"{state.end_key or 'stawka.end.secrets'}.why"
    return Outcome(winners=(state.winner,), scores=scores, key=key, params=params)
