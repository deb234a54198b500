"""A test-only title for one to six people and an automated seat: "The house draws".

Each round every player guesses a number from 1 to 3 in secret, one seat at a time
(a simultaneous secret choice through the pending stack).  Then the house, a seat the
rules play themselves, draws the top card of its shuffled deck (twelve cards, four of
each number; the discard pile is reshuffled when the deck runs out): everyone who
guessed that number scores a point.  Whoever first has three points wins (several
players may share the win); the first winner then names the trophy, a choice made
after the game is decided.  It proves the core's seat range, automated seats, the
shared deck and post-game choices through the conformance suite and the real scenes.
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
    Outcome,
    Rulebook,
    SetupChoice,
    SetupOption,
    Title,
    seed_state,
)
from rules.core.components import Deck

HOUSE = "house"
TARGET = 3
CARDS = tuple(f"{number}-{copy}" for number in (1, 2, 3) for copy in "abcd")
"""The house deck: four cards of each number; a card's number is its first character."""
TROPHIES = ("cup", "medal")


def number_of(card: str) -> int:
    return int(card[0])


class Guess(Frozen):
    type: Literal["guess"] = "guess"
    number: int = Field(ge=1, le=3)


class NameTrophy(Frozen):
    type: Literal["trophy"] = "trophy"
    trophy: Literal["cup", "medal"]


PartyAction = Guess | NameTrophy


class Guessing(Decision):
    """One player's secret guess this round."""

    kind: Literal["guess"] = "guess"


class HouseDraw(Decision):
    """The house draws its card: taken by the rules (the automated seat)."""

    kind: Literal["house_draw"] = "house_draw"
    seat: str = HOUSE


class Trophy(Decision):
    """The first winner names the trophy: a choice after the game is decided."""

    kind: Literal["trophy"] = "trophy"


PartyDecision = Annotated[Guessing | HouseDraw | Trophy, Field(discriminator="kind")]


class PartyOptions(GameOptions):
    players: int = Field(default=3, ge=1, le=6)


class PartyState(GameState):
    pending: tuple[PartyDecision, ...] = ()
    players: tuple[str, ...]
    deck: Deck
    guesses: dict[str, int] = Field(default_factory=dict)
    """This round's guesses (each secret from the other players until the draw)."""
    score: dict[str, int]
    last_card: str | None = None
    winners: tuple[str, ...] = ()
    trophy: str | None = None


class PartyView(BaseModel):
    seat: str | None
    my_guess: int | None
    guessed: tuple[str, ...]
    score: dict[str, int]
    deck_size: int
    discard: tuple[str, ...]
    last_card: str | None
    winners: tuple[str, ...]
    trophy: str | None


class SeatParams(Frozen):
    seat: str


class GuessParams(Frozen):
    seat: str
    number: int


class DrawParams(Frozen):
    number: int = Field(ge=1, le=3)
    scorers: list[str]


class TrophyParams(Frozen):
    seat: str
    trophy: str


def _round(players: tuple[str, ...]) -> tuple[PartyDecision, ...]:
    # The stack's top (last) decides first: p1 guesses first, the house draws last.
    return (HouseDraw(), *(Guessing(seat=seat) for seat in reversed(players)))


def legal_guesses(state: PartyState, decision: Guessing) -> list[Guess]:
    return [Guess(number=n) for n in (1, 2, 3)]


def guess(state: PartyState, decision: Guessing, action: Guess, dice: Dice) -> tuple[PartyState, list[Event]]:
    seat = decision.seat
    events = [
        Event(
            kind="guess",
            key="party.guessed",
            params={"seat": seat, "number": action.number},
            visible_to=(seat,),
        ),
        Event(kind="guessed", key="party.guess_made", params={"seat": seat}),
    ]
    update = {"guesses": {**state.guesses, seat: action.number}, "pending": state.pending[:-1]}
    return state.model_copy(update=update), events


def house_draws(state: PartyState, decision: HouseDraw, dice: Dice) -> tuple[PartyState, list[Event]]:
    card, deck = state.deck.draw(dice)
    number = number_of(card)
    scorers = [seat for seat in state.players if state.guesses.get(seat) == number]
    score = {seat: points + (seat in scorers) for seat, points in state.score.items()}
    event = Event(kind="draw", key="party.draw", params={"number": number, "scorers": scorers}, reveals=True)
    winners = tuple(seat for seat in state.players if score[seat] >= TARGET)
    pending: tuple[PartyDecision, ...] = (Trophy(seat=winners[0]),) if winners else _round(state.players)
    update = {
        "deck": deck.discarding(card),
        "guesses": {},
        "score": score,
        "last_card": card,
        "winners": winners,
        "pending": pending,
    }
    return state.model_copy(update=update), [event]


def legal_trophies(state: PartyState, decision: Trophy) -> list[NameTrophy]:
    return [NameTrophy(trophy=trophy) for trophy in TROPHIES]


def name_trophy(
    state: PartyState, decision: Trophy, action: NameTrophy, dice: Dice
) -> tuple[PartyState, list[Event]]:
    event = Event(kind="trophy", key="party.trophy", params={"seat": decision.seat, "trophy": action.trophy})
    return state.model_copy(update={"trophy": action.trophy, "pending": ()}), [event]


class PartyTitle(Title[PartyState, PartyAction, PartyOptions]):
    id = "party"
    state_model = PartyState
    options_model = PartyOptions
    action_adapter = TypeAdapter(Annotated[PartyAction, Field(discriminator="type")])
    seat_range = (1, 6)
    rulebook = Rulebook(
        DecisionRule(Guessing, legal=legal_guesses, handlers={Guess: guess}, prompt="Guess a number."),
        DecisionRule(HouseDraw, auto=house_draws),
        DecisionRule(
            Trophy, legal=legal_trophies, handlers={NameTrophy: name_trophy}, prompt="Name the trophy."
        ),
    )
    event_schemas: ClassVar[Mapping[str, EventSchema]] = {
        "guess": EventSchema(GuessParams),
        "guessed": EventSchema(SeatParams),
        "draw": EventSchema(DrawParams),
        "trophy": EventSchema(TrophyParams),
    }

    def seats(self, options: PartyOptions) -> tuple[str, ...]:
        return (*_players(options.players), HOUSE)

    def automated_seats(self, options: PartyOptions) -> tuple[str, ...]:
        return (HOUSE,)

    def setup_choices(self, scenario: str | None) -> tuple[SetupChoice, ...]:
        low, high = self.seat_range
        values = tuple(
            SetupOption(value=n, label_key="party.players.n", params={"players": n})
            for n in range(low, high + 1)
        )
        return (SetupChoice(field="players", label_key="party.players", values=values, default=3),)

    def new_game(self, options: PartyOptions, seed: int) -> PartyState:
        dice = Dice(seed_state(seed))
        players = _players(options.players)
        return PartyState(
            seed=seed,
            rng=dice.state,
            pending=_round(players),
            players=players,
            deck=Deck.shuffled(CARDS, dice),
            score=dict.fromkeys(players, 0),
        )

    def view(self, state: PartyState, seat: str | None) -> PartyView:
        return PartyView(
            seat=seat,
            my_guess=state.guesses.get(seat) if seat else None,
            guessed=tuple(s for s in state.players if s in state.guesses),
            score=dict(state.score),
            deck_size=len(state.deck),
            discard=state.deck.discard,
            last_card=state.last_card,
            winners=state.winners,
            trophy=state.trophy,
        )

    def outcome(self, state: PartyState) -> Outcome | None:
        if not state.winners:
            return None
        return Outcome(winners=state.winners, scores={s: float(p) for s, p in state.score.items()})

    def scramble(self, state: PartyState, observer: str, dice: Dice) -> PartyState:
        """Other players' guesses and the order of the house deck are hidden from `observer`."""
        guesses = {s: n if s == observer else dice.randint(1, 3) for s, n in state.guesses.items()}
        deck, _ = state.deck.redeal(observer, dice)
        return state.model_copy(update={"guesses": guesses, "deck": deck})

    def invariants(self, state: PartyState) -> list[str]:
        cards = sorted((*state.deck.pile, *state.deck.discard))
        problems = [] if cards == sorted(CARDS) else [f"house cards lost or doubled: {cards}"]
        problems += [f"{s} has {p} points" for s, p in state.score.items() if not 0 <= p <= TARGET]
        return problems


def _players(count: int) -> tuple[str, ...]:
    return tuple(f"p{n}" for n in range(1, count + 1))


PARTY = PartyTitle()

CATALOG: dict[str, dict[str, str]] = {
    "en": {
        "party.name": "The house draws",
        "party.tagline": "Guess the house's next card: first to three points wins.",
        "party.seat.p1": "Player 1",
        "party.seat.p2": "Player 2",
        "party.seat.p3": "Player 3",
        "party.seat.p4": "Player 4",
        "party.seat.p5": "Player 5",
        "party.seat.p6": "Player 6",
        "party.seat.house": "The house",
        "party.players": "Players",
        "party.players.n": "{players} players",
        "party.guessed": "{seat} guesses {number}",
        "party.guess_made": "{seat} has guessed",
        "party.draw": "The house draws a {number}. A point for: {scorers}",
        "party.trophy": "{seat} names the trophy: {trophy}",
        "party.value.cup": "the cup",
        "party.value.medal": "the medal",
        "party.help": "Guess the number on the house's next card.",
    },
    "pl": {
        "party.name": "Dom ciągnie kartę",
        "party.tagline": "Zgadnij następną kartę domu: wygrywa, kto pierwszy zdobędzie trzy punkty.",
        "party.seat.p1": "Gracz 1",
        "party.seat.p2": "Gracz 2",
        "party.seat.p3": "Gracz 3",
        "party.seat.p4": "Gracz 4",
        "party.seat.p5": "Gracz 5",
        "party.seat.p6": "Gracz 6",
        "party.seat.house": "Dom",
        "party.players": "Gracze",
        "party.players.n": "Graczy: {players}",
        "party.guessed": "{seat} obstawia {number}",
        "party.guess_made": "Obstawia: {seat}",
        "party.draw": "Dom ciągnie {number}. Punkt dla: {scorers}",
        "party.trophy": "{seat} wybiera trofeum: {trophy}",
        "party.value.cup": "puchar",
        "party.value.medal": "medal",
        "party.help": "Zgadnij liczbę na następnej karcie domu.",
    },
}
"""The title's messages: a test-only title has no catalog file in the app (tests add these)."""
