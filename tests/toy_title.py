"""A tiny test-only title that exercises the whole contract: "Odd or even".

Two seats each pick 1-3 in secret, never the number they picked last round, and
confirm it (a simultaneous secret choice through the pending stack: a seat may change
its pick until it confirms, and may undo its picks).  Then a die is rolled: if
picks + die is even, "even" scores, else "odd".  First to 3 points wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rules.core import (
    Decision,
    DecisionRule,
    Dice,
    Event,
    EventSchema,
    Frozen,
    GameOptions,
    GameState,
    IllegalAction,
    Outcome,
    Rulebook,
    Title,
    seed_state,
)


class Pick(Frozen):
    type: Literal["pick"] = "pick"
    number: int = Field(ge=1, le=3)


class Confirm(Frozen):
    type: Literal["confirm"] = "confirm"


class Concede(Frozen):
    type: Literal["concede"] = "concede"


ToyAction = Pick | Confirm | Concede

SEATS = ("odd", "even")


class Picking(Decision):
    """One seat's part of the round's simultaneous secret pick."""

    kind: Literal["pick"] = "pick"


class ToyState(GameState):
    pending: tuple[Picking, ...] = ()
    picks: dict[str, int] = Field(default_factory=dict)
    """This round's picks, confirmed or not (secret until the die is rolled)."""
    score: dict[str, int] = Field(default_factory=lambda: {"odd": 0, "even": 0})
    last: dict[str, int] = Field(default_factory=dict)
    conceded: str | None = None


class ToyView(BaseModel):
    seat: str | None
    my_pick: int | None
    confirmed: dict[str, bool]
    score: dict[str, int]
    last: dict[str, int]


class SeatParams(Frozen):
    seat: str


class RollParams(Frozen):
    die: int = Field(ge=1, le=6)
    winner: str


def legal_picks(state: ToyState, decision: Picking) -> list[ToyAction]:
    seat = decision.seat
    actions: list[ToyAction] = [
        Pick(number=n) for n in (1, 2, 3) if n not in (state.last.get(seat), state.picks.get(seat))
    ]
    if seat in state.picks:
        actions.append(Confirm())
    actions.append(Concede())
    return actions


def pick(state: ToyState, decision: Picking, action: Pick, dice: Dice) -> tuple[ToyState, list[Event]]:
    seat = decision.seat
    if state.last.get(seat) == action.number:
        raise IllegalAction(f"You picked {action.number} last round; pick another number.")
    if state.picks.get(seat) == action.number:
        raise IllegalAction(f"You have already picked {action.number}.")
    event = Event(kind="pick", key="toy.picked", params={"seat": seat}, visible_to=(seat,))
    return state.model_copy(update={"picks": {**state.picks, seat: action.number}}), [event]


def confirm(state: ToyState, decision: Picking, action: Confirm, dice: Dice) -> tuple[ToyState, list[Event]]:
    seat = decision.seat
    if seat not in state.picks:
        raise IllegalAction("Pick a number before you confirm.")
    pending = state.pending[:-1]
    events = [Event(kind="confirm", key="toy.confirmed", params={"seat": seat})]
    if pending:
        return state.model_copy(update={"pending": pending}), events
    die = dice.d6()
    winner = "even" if (sum(state.picks.values()) + die) % 2 == 0 else "odd"
    score = {**state.score, winner: state.score[winner] + 1}
    events.append(Event(kind="roll", key="toy.roll", params={"die": die, "winner": winner}))
    update = {
        "picks": {},
        "last": dict(state.picks),
        "score": score,
        "pending": () if score[winner] >= 3 else _round_pending(),
    }
    return state.model_copy(update=update), events


def concede(state: ToyState, decision: Picking, action: Concede, dice: Dice) -> tuple[ToyState, list[Event]]:
    event = Event(kind="concede", key="toy.concede", params={"seat": decision.seat}, reveals=True)
    return state.model_copy(update={"conceded": decision.seat, "pending": ()}), [event]


class ToyTitle(Title[ToyState, ToyAction, GameOptions]):
    id = "toy"
    state_model = ToyState
    action_adapter = TypeAdapter(Annotated[ToyAction, Field(discriminator="type")])
    rulebook = Rulebook(
        DecisionRule(
            Picking,
            legal=legal_picks,
            handlers={Pick: pick, Confirm: confirm, Concede: concede},
            prompt="Pick a number and confirm it.",
        )
    )
    event_schemas: ClassVar[Mapping[str, EventSchema]] = {
        "pick": EventSchema(SeatParams),
        "confirm": EventSchema(SeatParams),
        "concede": EventSchema(SeatParams),
        "roll": EventSchema(RollParams),
    }

    def seats(self, options: GameOptions) -> tuple[str, ...]:
        return SEATS

    def new_game(self, options: GameOptions, seed: int) -> ToyState:
        return ToyState(seed=seed, rng=seed_state(seed), pending=_round_pending())

    def view(self, state: ToyState, seat: str | None) -> ToyView:
        on_top = state.pending[-1].seat if state.pending else None
        return ToyView(
            seat=seat,
            my_pick=state.picks.get(seat) if seat else None,
            confirmed={s: s in state.picks and s != on_top for s in SEATS},
            score=dict(state.score),
            last=dict(state.last),
        )

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.conceded is not None:
            other = "odd" if state.conceded == "even" else "even"
            return Outcome(winners=(other,), key="toy.conceded")
        for seat, points in state.score.items():
            if points >= 3:
                scores = {s: float(p) for s, p in state.score.items()}
                return Outcome(winners=(seat,), scores=scores)
        return None

    def scramble(self, state: ToyState, observer: str, dice: Dice) -> ToyState:
        picks = {
            s: n if s == observer else dice.choice([k for k in (1, 2, 3) if k != state.last.get(s)])
            for s, n in state.picks.items()
        }
        return state.model_copy(update={"picks": picks})

    def invariants(self, state: ToyState) -> list[str]:
        problems = [f"score {s} out of range" for s, p in state.score.items() if not 0 <= p <= 3]
        problems += [f"{s} repeated {n}" for s, n in state.picks.items() if state.last.get(s) == n]
        return problems


def _round_pending() -> tuple[Picking, ...]:
    # The stack's top (last) decides first: "odd" picks, then "even".
    return (Picking(seat="even"), Picking(seat="odd"))


TOY = ToyTitle()
