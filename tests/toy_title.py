"""A tiny test-only title that exercises the whole contract: "Odd or even".

Two seats each pick 1-3 in secret, never the number they picked last round (a simultaneous secret choice through the pending
stack); then a die is rolled.  If picks + die is even, "even" scores, else "odd".
First to 3 points wins.  Small, but it has secrets, dice, pending decisions and undo.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rules.core import Dice, Event, Frozen, GameOptions, GameState, IllegalAction, Outcome, Pending, Title


class Pick(Frozen):
    type: Literal["pick"] = "pick"
    number: int = Field(ge=1, le=3)


class Concede(Frozen):
    type: Literal["concede"] = "concede"


ToyAction = Annotated[Pick | Concede, Field(discriminator="type")]


class ToyState(GameState):
    picks: dict[str, int] = Field(default_factory=dict)
    score: dict[str, int] = Field(default_factory=lambda: {"odd": 0, "even": 0})
    last: dict[str, int] = Field(default_factory=dict)
    conceded: str | None = None


class ToyView(BaseModel):
    seat: str | None
    my_pick: int | None
    chosen: dict[str, bool]
    score: dict[str, int]


SEATS = ("odd", "even")


class ToyTitle(Title[ToyState, Pick | Concede, GameOptions]):
    id = "toy"
    state_model = ToyState
    action_adapter: TypeAdapter[Pick | Concede] = TypeAdapter(ToyAction)

    def seats(self, options: GameOptions) -> tuple[str, ...]:
        return SEATS

    def new_game(self, options: GameOptions, seed: int) -> ToyState:
        from rules.core import seed_state

        return ToyState(seed=seed, rng=seed_state(seed), pending=_round_pending())

    def to_act(self, state: ToyState) -> str | None:
        if self.outcome(state) is not None:
            return None
        return state.pending[-1].seat

    def legal_actions(self, state: ToyState) -> list[Pick | Concede]:
        if self.to_act(state) is None:
            return []
        last = state.last.get(state.pending[-1].seat)
        return [Pick(number=n) for n in (1, 2, 3) if n != last] + [Concede()]

    def resolve(self, state: ToyState, action: Pick | Concede) -> tuple[ToyState, list[Event]]:
        seat = state.pending[-1].seat
        if isinstance(action, Concede):
            event = Event(kind="concede", key="toy.concede", params={"seat": seat}, reveals=True)
            return state.model_copy(update={"conceded": seat}), [event]
        if seat in state.picks:
            raise IllegalAction("You have already picked this round.")
        if state.last.get(seat) == action.number:
            raise IllegalAction(f"You picked {action.number} last round; pick another number.")
        picks = {**state.picks, seat: action.number}
        pending = state.pending[:-1]
        events = [Event(kind="picked", key="toy.picked", params={"seat": seat})]
        if pending:
            return state.model_copy(update={"picks": picks, "pending": pending}), events
        dice = Dice(state.rng)
        die = dice.d6()
        winner = "even" if (sum(picks.values()) + die) % 2 == 0 else "odd"
        score = {**state.score, winner: state.score[winner] + 1}
        events.append(Event(kind="roll", key="toy.roll", params={"die": die, "winner": winner}))
        return (
            state.model_copy(update={"picks": {}, "last": picks, "score": score, "rng": dice.state, "pending": _round_pending()}),
            events,
        )

    def view(self, state: ToyState, seat: str | None) -> ToyView:
        return ToyView(
            seat=seat,
            my_pick=state.picks.get(seat) if seat else None,
            chosen={s: s in state.picks for s in SEATS},
            score=dict(state.score),
        )

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.conceded is not None:
            other = "odd" if state.conceded == "even" else "even"
            return Outcome(winners=(other,), key="toy.conceded")
        for seat, points in state.score.items():
            if points >= 3:
                return Outcome(winners=(seat,), scores={s: float(p) for s, p in state.score.items()})
        return None

    def scramble(self, state: ToyState, observer: str, dice: Dice) -> ToyState:
        picks = {s: (n if s == observer else dice.randint(1, 3)) for s, n in state.picks.items()}
        return state.model_copy(update={"picks": picks})

    def invariants(self, state: ToyState) -> list[str]:
        problems = [f"score {s} out of range" for s, p in state.score.items() if not 0 <= p <= 3]
        if len(state.pending) + len(state.picks) != 2 and self.to_act(state) is not None:
            problems.append("pending and picks do not add up to both seats")
        return problems


def _round_pending() -> tuple[Pending, ...]:
    # "even" decides after "odd": the stack's top (last) acts first.
    return (Pending(seat="even", kind="pick"), Pending(seat="odd", kind="pick"))


TOY = ToyTitle()
