"""The German location deck ("Przygotowanie niemieckich kart lokacji", "Interpretacja
niemieckich kart lokacji").

At the start of every stage but the first the top card of the German deck is revealed
(`reveal`) and its effect applied (`apply_effect`).  What a card does is Stawka's card
engine (`rules.stawka.card_effects`, a card the rules turn over with no agent); with no
German player to choose, the scenario says whom some cards pick:

* Gestapo: of the Polish agents in locations, the one with the most evidence against
  him, then the higher rank.
* Police station: a Polish agent on a street holding a weapon, where there is one.
* Employment office: the Polish agent with the most evidence against him.
* Waterfront: Hans Kloss.
* Café: the German agent of the colour of the Polish agent nearest the café.
* Tenement: a Polish agent holding a mission card, else Kloss.
* Park, courts, cemetery: the card leaves nothing to choose.

Where agents are still equal after the scenario's criteria the player chooses ("Gracz
decyduje", as for equal distances): a `TieBreak` whose answer comes back to the effect's
step.  Ours: a card whose interpretation finds nobody does nothing (Kloss already at the
waterfront or not free; nobody in a location for the Gestapo); "nearest the café" is the
length of the Polish agent's shortest walk there; the German of that colour already in
the café stays (the card does nothing); a colour whose German agent was eliminated and
not yet replaced does not count.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from rules.core import Dice, Event
from rules.curfew.content import german_card, load_content
from rules.curfew.options import GERMAN, POLISH
from rules.curfew.state import CurfewState, StageStep, TieBreak, curfew_state
from rules.stawka import card_effects
from rules.stawka.board import board_of
from rules.stawka.card_effects import Choice
from rules.stawka.documents import document
from rules.stawka.items import held_of_kind
from rules.stawka.movement import shortest_paths

FAR = 10_000

Picker = Callable[[CurfewState, list[Choice]], list[Choice]]
"""An interpretation: of the card's choices (Stawka's engine), those the scenario picks;
more than one is a tie for the player."""


def _most_evidence(state: CurfewState, options: list[Choice]) -> list[Choice]:
    """URZĄD zatrudnienia: the most-evidenced Polish agent."""
    evidence = state.sides[GERMAN].evidence

    def burden(choice: Choice) -> int:
        return evidence.get(state.agent(str(choice[0])).colour, 0)

    most = max(burden(c) for c in options)
    return [c for c in options if burden(c) == most]


def _gestapo(state: CurfewState, options: list[Choice]) -> list[Choice]:
    """GESTAPO: the most-evidenced Polish agent in a location first; equal, the higher rank."""
    burdened = _most_evidence(state, options)
    top = max(document(state, str(c[0])).rank for c in burdened)
    return [c for c in burdened if document(state, str(c[0])).rank == top]


def _police_station(state: CurfewState, options: list[Choice]) -> list[Choice]:
    """POSTERUNEK: where possible a Polish agent on a street holding a weapon."""
    armed = [c for c in options if held_of_kind(state.agent(str(c[0])), "weapon")]
    return armed or options


def _waterfront(state: CurfewState, options: list[Choice]) -> list[Choice]:
    """NADBRZEŻE: move Hans Kloss there."""
    return [c for c in options if c[0] == load_content().chief()]


def _tenement(state: CurfewState, options: list[Choice]) -> list[Choice]:
    """KAMIENICA: an agent holding a mission card; if none does, Hans Kloss."""
    holders = [c for c in options if state.agent(str(c[0])).mission is not None]
    return holders or _waterfront(state, options)


def _cafe(state: CurfewState, options: list[Choice]) -> list[Choice]:
    """KAWIARNIA: the German agent whose colour is that of the Polish agent nearest the café."""
    cafe = german_card("german-cafe").location
    on_board = {g.colour for g in state.agents_of(GERMAN) if g.status == "free"}
    by_colour = {state.agent(str(c[0])).colour: c for c in options}

    def steps(space: str) -> int:
        if space == cafe:
            return 0
        path = _walks_from(state.scenario, space).get(cafe)
        return FAR if path is None else len(path)

    distance = {
        a.colour: steps(a.space)
        for a in state.agents_of(POLISH)
        if a.status == "free" and a.colour in on_board
    }
    if not distance:
        return []
    nearest = min(distance.values())
    # A German agent of that colour already in the café is not moved: the card does nothing.
    return [by_colour[colour] for colour, d in distance.items() if d == nearest and colour in by_colour]


@cache
def _walks_from(scenario: str, start: str) -> dict[str, tuple[str, ...]]:
    """A Polish agent's shortest walks from `start` on the scenario's board, which never
    changes (worked out once a space: the card asks for every Polish agent)."""
    return shortest_paths(board_of(scenario), start, POLISH, FAR)


INTERPRETATIONS: dict[str, Picker] = {
    "german-gestapo": _gestapo,
    "german-police_station": _police_station,
    "german-employment_office": _most_evidence,
    "german-waterfront": _waterfront,
    "german-cafe": _cafe,
    "german-tenement": _tenement,
}
"""Card -> the scenario's interpretation; the others pick from all their choices."""


def reveal(state: CurfewState, step: StageStep, dice: Dice) -> tuple[CurfewState, list[Event]]:
    """Reveal the top German card (public from now on); its effect is the next step."""
    rest = state.pending[:-1]
    if not state.german_deck.pile:
        return state.model_copy(update={"pending": rest}), []
    card, deck = state.german_deck.draw()
    effect = StageStep(step="effect", card=card)
    state = state.model_copy(update={"german_deck": deck.discarding(card), "pending": (*rest, effect)})
    return state, [Event.made(kind="card", key="curfew.card", params={"card": card}, reveals=True)]


def apply_effect(state: CurfewState, step: StageStep, dice: Dice) -> tuple[CurfewState, list[Event]]:
    """The revealed card's effect on the scenario's pick (a tie: the player's choice first)."""
    assert step.card is not None
    card = german_card(step.card)
    rest = state.model_copy(update={"pending": state.pending[:-1]})
    options = card_effects.choices(state, GERMAN, card, None)
    picked = INTERPRETATIONS.get(card.id, lambda _, found: found)(state, options) if options else []
    if step.chosen is not None:
        picked = [c for c in picked if c[0] == step.chosen]
    if not picked:
        return rest, [Event.made(kind="card", key="curfew.card_nothing", params={"card": card.id})]
    if len(picked) > 1:
        tie = TieBreak(purpose=card.id, options=tuple(str(c[0]) for c in picked))
        return state.model_copy(update={"pending": (*state.pending, tie)}), []
    choice = picked[0]
    events = []
    if choice[0] is not None:
        events.append(
            Event.made(kind="card", key="curfew.card_target", params={"card": card.id, "target": choice[0]})
        )
    done, more = card_effects.carry_out(rest, GERMAN, card, None, choice, dice)
    return curfew_state(done), events + more
