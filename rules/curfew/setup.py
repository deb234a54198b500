"""Setting up Godzina policyjna, and the player's two set-up choices.

* "Rozstawienie agentów i żetonów kontrola dokumentów": the Polish location deck (the
  Polish location cards of the board's locations) is shuffled; each agent, of either
  side, takes the top card's location as his start space, then each of the four German
  document-check tokens does; the cards go back and the deck is shuffled again.  The
  tokens lie face down: the player knows they are checks of +1, +1, +2 and +3, not which
  is where.  The other threat tokens stay out of the game ("W grze biorą udział tylko 4
  niemieckie żetony zagrożenia").  No planning cards, no reaction cards.
* "Przygotowanie polskich agentów": Kloss and the scenario's three, or the advanced
  player's three (the options).
* "Przygotowanie niemieckich agentów": the player assigns the four German agents the
  colours black, yellow, blue and purple for the whole game (a decision per agent).
* "Przygotowanie niemieckich kart lokacji": the nine German cards, shuffled face down.
* Before play the player spreads 10 evidence on the German investigation track over his
  own agents, any split (even 10 on Kloss, who is then worked out at once).
"""

from __future__ import annotations

from functools import cache

from rules.core import Dice, Event, IllegalAction, seed_state
from rules.core.components import Deck
from rules.curfew.actions import AssignColour, SpreadEvidence, spread_of
from rules.curfew.content import SCENARIO, load_content
from rules.curfew.options import GERMAN, POLISH, CurfewOptions
from rules.curfew.state import ColourChoice, CurfewState, EvidenceSpread, curfew_state
from rules.stawka import content as stawka_content
from rules.stawka.board import board_of
from rules.stawka.content import COLOURS
from rules.stawka.investigation import TRACK_MAX, add_evidence
from rules.stawka.location_cards import top_up as stawka_top_up
from rules.stawka.missions import initial_decks
from rules.stawka.setup import item_stacks
from rules.stawka.stage import fresh_side
from rules.stawka.state import AgentState, SideState


@cache
def location_cards() -> tuple[str, ...]:
    """The Polish location deck: the Polish cards of the locations on the board (looked
    for once: every game's set-up shuffles it twice)."""
    board = board_of(SCENARIO)
    return tuple(
        c.id
        for c in stawka_content.load_content().location_cards
        if c.side == POLISH and c.location in board.locations
    )


def card_location(card_id: str) -> str:
    return _card_locations()[card_id]


@cache
def _card_locations() -> dict[str, str]:
    """Location card -> its location (callers must not change the mapping)."""
    return {c.id: c.location for c in stawka_content.load_content().location_cards}


def new_game(options: CurfewOptions, seed: int) -> CurfewState:
    content, curfew = stawka_content.load_content(), load_content()
    scenario = content.scenario(SCENARIO)
    dice = Dice(seed_state(seed))
    polish = options.polish_agents()
    documents = {
        agent: str(options.kloss_document) if agent == "kloss" else content.documents_of(agent)[0].id
        for agent in (*polish, *curfew.german_agents)
    }
    deck = Deck.shuffled(location_cards(), dice)
    drawn, _ = deck.draw_many(len(documents) + len(curfew.threat_tokens))
    starts = [card_location(card) for card in drawn]
    agents = tuple(
        AgentState(
            id=agent,
            side=content.document(doc).side,
            colour=content.document(doc).colour,
            space=starts[index],
        )
        for index, (agent, doc) in enumerate(documents.items())
    )
    threats = dict(zip(starts[len(documents) :], curfew.threat_tokens, strict=True))
    unused = tuple(t.id for t in content.threats if t.id not in curfew.threat_tokens)
    colour_choices = tuple(ColourChoice(agent=agent) for agent in reversed(curfew.german_agents))
    rng = dice.state  # play's dice go on from here, as they always have (seeded games kept)
    stacks = item_stacks(SCENARIO, dice)
    # "użyte karty wracają do talii, którą należy starannie przetasować" (the cards used go
    # back to the deck, carefully shuffled): the Polish side's deck, its hand drawn from it
    # at every stage's start (`top_up`; the scenario record's location card limit).
    sides = dict(_fresh_sides())
    sides[POLISH] = sides[POLISH].model_copy(update={"location_deck": Deck.shuffled(location_cards(), dice)})
    german_deck = Deck.shuffled(curfew.german_deck, dice)
    return CurfewState(
        seed=seed,
        rng=rng,
        scenario=SCENARIO,
        rule_level=scenario.level,
        location_card_limit=scenario.location_card_limit,
        documents=documents,
        stage_count=scenario.stages or 1,
        sides=sides,
        agents=agents,
        stacks=stacks,
        threats=threats,
        threats_out=unused,
        missions_left=initial_decks(polish, documents),
        german_deck=german_deck,
        evidence_left=curfew.evidence_to_spread,
        pending=(EvidenceSpread(), *colour_choices),
    )


@cache
def _fresh_sides() -> dict[str, SideState]:
    """Both sides as every game begins, without planning cards (frozen: made once, shared
    by the games, which copy what they change; callers must not change the mapping)."""
    return {seat: no_planning(fresh_side(seat, dict.fromkeys(COLOURS, 0))) for seat in (POLISH, GERMAN)}


def no_planning(side: SideState) -> SideState:
    """`side` holding no planning cards: "w rozgrywce nie biorą udziału karty aktywacji
    i karty reakcji" (neither activation cards nor reaction cards take part), and with no
    planning card the stage's AP are the agents' limits (`rules.curfew.flow.pooled`)."""
    return side if not side.hand else side.model_copy(update={"hand": ()})


# -- the German agents' colours ------------------------------------------------------------


def colours_taken(state: CurfewState) -> tuple[str, ...]:
    """Colours already assigned: those of the German agents no colour decision waits for."""
    waiting = {d.agent for d in state.pending if isinstance(d, ColourChoice)}
    return tuple(a.colour for a in state.agents_of(GERMAN) if a.id not in waiting)


def legal_colours(state: CurfewState, decision: ColourChoice) -> list[AssignColour]:
    taken = colours_taken(state)
    return [
        AssignColour(agent=decision.agent, colour=c) for c in load_content().german_colours if c not in taken
    ]


def assign_colour(
    state: CurfewState, decision: ColourChoice, action: AssignColour, dice: Dice
) -> tuple[CurfewState, list[Event]]:
    if action.agent != decision.agent:
        raise IllegalAction(
            "Assign a colour to the German agent whose turn it is.", "curfew.refusal.colour_agent"
        )
    if action.colour not in load_content().german_colours or action.colour in colours_taken(state):
        raise IllegalAction(
            "Each German agent takes another of the four colours.", "curfew.refusal.colour_taken"
        )
    agent = state.agent(action.agent).model_copy(update={"colour": action.colour})
    state = curfew_state(state.with_agent(agent)).model_copy(update={"pending": state.pending[:-1]})
    event = Event.made(
        kind="colour", key="curfew.colour_assigned", params={"agent": action.agent, "colour": action.colour}
    )
    return state, [event]


# -- the 10 evidence ---------------------------------------------------------------------------


def legal_spreads(state: CurfewState, decision: EvidenceSpread) -> list[SpreadEvidence]:
    evidence = state.sides[GERMAN].evidence
    return [
        spread_of(agent.id, amount)
        for agent in state.agents_of(POLISH)
        for amount in range(1, min(state.evidence_left, TRACK_MAX - evidence.get(agent.colour, 0)) + 1)
    ]


def spread(
    state: CurfewState, decision: EvidenceSpread, action: SpreadEvidence, dice: Dice
) -> tuple[CurfewState, list[Event]]:
    if action not in legal_spreads(state, decision):
        raise IllegalAction(
            f"Put 1 to {state.evidence_left} evidence on one of your agents (at most 10 on a track).",
            "curfew.refusal.spread",
            left=state.evidence_left,
        )
    colour = state.agent(action.agent).colour
    side = add_evidence(state.sides[GERMAN], colour, action.amount)
    left = state.evidence_left - action.amount
    state = curfew_state(state.with_side(GERMAN, side)).model_copy(
        update={"evidence_left": left, "pending": state.pending[:-1] if left == 0 else state.pending}
    )
    event = Event.made(
        kind="evidence",
        key="curfew.evidence.spread",
        params={"colour": colour, "seat": GERMAN, "amount": action.amount, "total": side.evidence[colour]},
    )
    if left or state.pending:
        return state, [event]
    # The set-up's last choice: the first stage begins with its Stage, E.
    state, drawn = top_up(state)
    return state, [event, *drawn]


def top_up(state: CurfewState) -> tuple[CurfewState, list[Event]]:
    """Stawka's Stage, E, where the scenario is silent: the player draws his location cards
    up to the limit, at every stage's start (README, "The Polish location cards"; the German
    deck is the rules' nine cards, revealed one a stage instead)."""
    topped, events = stawka_top_up(state)
    return curfew_state(topped), events
