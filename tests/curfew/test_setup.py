"""Setting up Godzina policyjna: agents, start spaces, tokens, colours, the 10 evidence, options."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.curfew.actions import AssignColour, CurfewAction, SpreadEvidence
from rules.curfew.content import load_content
from rules.curfew.setup import card_location, location_cards
from rules.curfew.state import ColourChoice, CurfewState, EvidenceSpread
from rules.curfew.title import TITLE
from rules.stawka import content as stawka_content
from rules.stawka.board import board_of
from rules.stawka.content import COLOURS
from tests.curfew.games import games

BOARD = board_of("curfew")


def _start(seed: int = 3, **choices: str | int | bool) -> CurfewState:
    options = TITLE.make_options(None, choices=choices or None)
    return TITLE.start(options, seed)[0]


def test_the_agents_of_the_scenario() -> None:
    """Przygotowanie polskich agentów: "Hans Kloss, Ingrid Heizer, Christianson i Jacek";
    Przygotowanie niemieckich agentów: "Hermann Brunner, Stedtke, Fritz Kopf, Erik Kopf";
    the scenario is "dla 1 osoby, która prowadzić będzie polską siatkę wywiadowczą" (for
    one person, who runs the Polish network): the Germans are the rules' seat."""
    state = _start()
    assert [a.id for a in state.agents_of("polish")] == ["kloss", "jacek", "christianson", "ingrid_heizer"]
    assert [a.id for a in state.agents_of("german")] == list(load_content().german_agents)
    assert TITLE.seats(TITLE.default_options()) == ("polish", "german")
    assert TITLE.automated_seats(TITLE.default_options()) == ("german",)


@pytest.mark.parametrize("seed", range(12))
def test_every_start_space_and_token_comes_from_the_location_deck(seed: int) -> None:
    """Rozstawienie agentów i żetonów kontrola dokumentów: "Gracz starannie tasuje utworzoną
    polską talię kart lokacji. Wybiera pierwszego z agentów (obojętnie której strony)
    i dobiera wierzchnią kartę lokacji. Ona wskaże pole startowe wybranego agenta. (...)
    Następnie to samo należy uczynić z czterema żetonami kontrola dokumentów. Po wykonaniu
    tych czynności użyte karty wracają do talii, którą należy starannie przetasować" (the
    player shuffles the Polish location deck; each agent of either side takes the top
    card's location as his start space, then each of the four document checks; the cards
    go back and the deck is shuffled again): twelve different locations of the deck, and
    the deck whole again."""
    state = _start(seed)
    starts = [a.space for a in state.agents]
    assert all(BOARD.is_location(space) for space in (*starts, *state.threats))
    deck = [card_location(c) for c in location_cards()]
    assert len(set(starts) | set(state.threats)) == len(starts) + len(state.threats) == 12
    assert set(starts) | set(state.threats) <= set(deck)
    assert sorted(state.sides["polish"].location_deck.pile) == sorted(location_cards())


def test_only_the_four_document_checks_and_no_planning_or_reaction_cards() -> None:
    """Założenia ogólne: "W grze biorą udział tylko 4 niemieckie żetony zagrożenia kontrola
    dokumentów (pozostałe nie biorą udziału w grze (...))" (only the 4 German document-check
    tokens take part), page 1: "2 * kontrola +1, 1 * kontrola +2, 1 * kontrola +3"; they
    lie face down (ours: the player knows they are checks, not which is where)."""
    state = _start()
    kinds = sorted(
        next(t for t in stawka_content.load_content().threats if t.id == token).amount
        for token in state.threats.values()
    )
    assert kinds == [1, 1, 2, 3]
    assert all(side.threat_pool == () for side in state.sides.values())
    assert len(state.threats) + len(state.threats_out) == len(stawka_content.load_content().threats)
    view = TITLE.view(state, "polish")
    assert all(token is None for _, token in view.threats.values()), "the tokens lie face down"
    assert state.phase == "placement"


def test_no_planning_cards_in_any_hand_nor_in_the_view() -> None:
    """ "W przeciwieństwie do podstawowej wersji gry, w rozgrywce nie biorą udziału karty
    aktywacji i karty reakcji" (unlike the basic game, neither the activation - planning -
    cards nor the reaction cards take part): no hand holds one, from the set-up to the
    game's end, and the player's view lists none (issue 27, 6)."""
    looked = 0
    for played in games():
        for step in (played[0], *played[-3:]):
            for state in (step.before, step.after):
                view = TITLE.view(state, "polish")
                for side in (*state.sides.values(), *view.sides.values()):
                    assert side.hand == () and side.used == () and side.chosen is None
                    assert not side.reaction_hand
                looked += 1
    assert looked > 400


def test_the_player_assigns_the_four_colours_then_spreads_ten_evidence() -> None:
    state = _start()
    order: list[CurfewAction] = []
    while isinstance(TITLE.decision(state), ColourChoice):
        legal = TITLE.legal_actions(state)
        assert len(legal) == 4 - len(order)
        order.append(legal[-1])
        state, _ = TITLE.apply(state, legal[-1])
    assert sorted(a.colour for a in state.agents_of("german")) == sorted(COLOURS)
    assert isinstance(TITLE.decision(state), EvidenceSpread)
    jacek = state.agent("jacek")
    with pytest.raises(IllegalAction):
        TITLE.apply(state, SpreadEvidence(agent="jacek", amount=11))
    state, _ = TITLE.apply(state, SpreadEvidence(agent="jacek", amount=6))
    state, _ = TITLE.apply(state, SpreadEvidence(agent="kloss", amount=4))
    assert state.sides["german"].evidence[jacek.colour] == 6
    assert state.evidence_left == 0 and state.phase == "activations" and TITLE.to_act(state) == "polish"
    assert not state.worked_out


def test_a_colour_is_taken_once() -> None:
    state = _start()
    first = TITLE.legal_actions(state)[0]
    assert isinstance(first, AssignColour)
    state, _ = TITLE.apply(state, first)
    with pytest.raises(IllegalAction):
        TITLE.apply(state, AssignColour(agent=TITLE.decision(state).agent, colour=first.colour))  # type: ignore[union-attr]


def test_ten_evidence_on_kloss_works_him_out_at_once() -> None:
    """ "nawet obciążyć Klossa 10 dowodami": allowed, and then he is worked out."""
    state = _start()
    while isinstance(TITLE.decision(state), ColourChoice):
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    state, events = TITLE.apply(state, SpreadEvidence(agent="kloss", amount=10))
    assert state.worked_out and "curfew.worked_out" in [e.key for e in events]


def test_advanced_players_choose_one_agent_of_each_colour() -> None:
    """ "Bardziej zaawansowani Gracze mogą dowolnie wybrać pozostałych trzech polskich
    agentów (pamiętając, by każdy agent był innego koloru)" (more advanced players may
    choose the other three Polish agents freely, each agent of another colour): one choice
    per colour besides Kloss's black, so no two share one."""
    state = _start(yellow="emma_schmidt", purple="georg", blue="irena")
    assert [a.id for a in state.agents_of("polish")] == ["kloss", "emma_schmidt", "georg", "irena"]
    assert sorted(a.colour for a in state.agents_of("polish")) == sorted(COLOURS)
    with pytest.raises(ValueError, match="'irena' is not a value of 'yellow'"):
        TITLE.make_options(None, choices={"yellow": "irena"})
    with pytest.raises(ValueError, match="not a Polish agent of the yellow colour"):
        TITLE.options_model(yellow="irena")
    choices = {c.field: [o.value for o in c.values] for c in TITLE.setup_choices(None)}
    assert choices["yellow"] == ["jacek", "emma_schmidt", "kazik"]
    assert len(choices["kloss_document"]) == 3
