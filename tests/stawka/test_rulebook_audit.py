"""The rulebook's words the other rule tests did not yet quote (the audit of December 2026).

Each test names its section of the rulebook (`shared/seeds/000_…`) and quotes the words it
checks; together with the other modules of `tests/stawka/` they make the coverage table of
`rules/stawka/README.md` ("Rule coverage").
"""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.stawka.actions import (
    ChoosePlanningCard,
    Converse,
    EndActivation,
    ExchangePlace,
    GiveUp,
    Interrogate,
    KeepTrackWhole,
    Kidnap,
    Move,
    PassMission,
    Search,
)
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.dice import rng_rolling
from tests.stawka.test_extended import item_named
from tests.stawka.test_threats import with_threats

T2 = "training-2"
JACEKS_STREET = "hitlerplatz.11"
"""A street space of the Hitlerplatz sector (training 2's board)."""
KLOSS_BESIDE = "hitlerplatz.14"
"""A street space one step from `JACEKS_STREET`."""


def test_the_mission_passing_example_kloss_enters_jaceks_street_space() -> None:
    """Mission Cards, 4, example: "A. Hans Kloss, on entering the street space occupied by
    agent Jack, stops and performs the mission passing action. B. From the three available
    mission cards the Polish Player chooses one. C. He places it next to agent Jack's card."
    Movement, 3: "If an agent begins an activation with movement, to perform an action he
    must interrupt the character's movement. During this activation the agent can no longer
    move." AP costs: "passing a mission card ... (1 AP)"."""
    board = board_of(T2)
    assert KLOSS_BESIDE in board.exits(JACEKS_STREET, "polish")
    assert not board.is_location(JACEKS_STREET)
    state = in_activations(
        {"kloss": KLOSS_BESIDE, "jacek": JACEKS_STREET, "glaubel": "courts", "hermann_brunner": "gestapo"},
        scenario=T2,
    )
    state, _ = TITLE.apply(state, Move(agent="kloss", to=JACEKS_STREET))
    passes = [a for a in TITLE.legal_actions(state) if isinstance(a, PassMission)]
    three = {m.id for m in load_content().missions_of("jacek")}
    assert len(three) == 3 and {a.mission for a in passes} == three  # B: the player chooses
    chosen = sorted(three)[2]
    state, _ = TITLE.apply(state, next(a for a in passes if a.mission == chosen))
    assert state.agent("jacek").mission == chosen  # C: next to Jacek's card
    assert state.agent("kloss").ap_used == 2  # a space (1 AP) and the passing (1 AP)
    # The action interrupted the movement for good: the activation is over.
    assert state.activation is None


def test_an_action_then_movement_but_never_a_second_action() -> None:
    """Activating an Agent, 1: "only movement for at least 2 AP, or only an action, or an
    action and movement, or movement and an action". Movement, 3: "If an agent begins his
    activation with an action and still has AP in his pool, he may also move." One action:
    after it and a move, no action is offered, and a conversation is refused."""
    state = in_activations(
        {"jacek": "hotel", "bruno_dreher": "hitlerplatz.1", "glaubel": "courts"}, scenario=T2
    )
    state, _ = TITLE.apply(state, Search(agent="jacek"))
    while TITLE.to_act(state) == "polish" and state.pending:  # keep or discard the tile
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    assert state.activation is not None and state.activation.acted
    moves = [a for a in TITLE.legal_actions(state) if isinstance(a, Move) and a.to == "hitlerplatz.1"]
    assert moves, "after the action the agent may still move"
    state, _ = TITLE.apply(state, moves[0])
    if state.activation is not None:
        assert not [a for a in TITLE.legal_actions(state) if isinstance(a, Converse)]
    with pytest.raises(IllegalAction):
        TITLE.apply(state, Converse(agent="jacek", target="bruno_dreher"))


def test_movement_alone_of_one_space_cannot_end_the_activation() -> None:
    """Activating an Agent, 2: "When during an activation an agent only wants to move (does
    not want to perform any action), he must use at least 2 AP." One space is refused as
    the whole activation; a second makes it whole."""
    state = in_activations({"kloss": KLOSS_BESIDE, "glaubel": "courts"}, scenario=T2)
    state, _ = TITLE.apply(state, Move(agent="kloss", to=JACEKS_STREET))
    assert state.activation is not None and state.activation.moved == 1
    with pytest.raises(IllegalAction):
        TITLE.apply(state, EndActivation())
    onward = next(s for s in board_of(T2).exits(JACEKS_STREET, "polish") if s != KLOSS_BESIDE)
    state, _ = TITLE.apply(state, Move(agent="kloss", to=onward))
    assert state.agent("kloss").ap_used == 2


def test_the_kidnapping_exchange_places_the_two_figures_as_written() -> None:
    """Release of the Arrested, 1: "The Polish Player first moves the figure of the kidnapped
    agent to any street space in a sector of his choice. Then the German Player takes the
    figure of the Polish agent held in jail and places him in a location in a sector of his
    choice (except the sector where an SS officer is)."""
    board = board_of(T2)
    state = in_activations(
        {"jacek": "hotel", "glaubel": "hotel", "ingrid_heizer": "jail", "hermann_brunner": "courts"},
        rng=rng_rolling(1, 2),
        evidence={"polish": {"blue": 6}},
        items={"jacek": (item_named("Pistol"),)},
        scenario=T2,
    )
    state = state.with_agent(state.agent("ingrid_heizer").model_copy(update={"status": "arrested"}))
    state, _ = TITLE.apply(state, Kidnap(agent="jacek", target="glaubel"))
    streets = {a.space for a in TITLE.legal_actions(state) if isinstance(a, ExchangePlace)}
    assert streets == {s for s in board.spaces if not board.is_location(s)}
    state, _ = TITLE.apply(state, ExchangePlace(agent="glaubel", space=sorted(streets)[0]))
    places = {a.space for a in TITLE.legal_actions(state) if isinstance(a, ExchangePlace)}
    ss_sector = board.sector_of["courts"]
    assert places == {loc for loc in board.locations if board.sector_of[loc] != ss_sector}


T3 = "training-3"
T3_AGENTS = {"kloss": "hotel", "jacek": "theatre", "hermann_brunner": "gestapo", "glaubel": "courts"}


def test_training_3_undecided_after_its_10th_stage_is_a_draw() -> None:
    """Training Campaign - Scenario 3: "Game time: 10 stages." and "The first Player to reach
    11 VP ... or to gain 3 secrets wins"; the text says nothing of a game nobody won by then.
    Our reading (README, "Readings"): a draw, as in scenarios 1 and 2 ("If by the end of the
    8th stage neither Player manages to win, the game ends in a draw")."""
    state = in_activations(T3_AGENTS, scenario=T3).model_copy(update={"stage": 9})
    state, _ = TITLE.apply(state, GiveUp())
    state, _ = TITLE.apply(state, GiveUp())
    assert state.phase == "planning" and state.stage == 10, "the game goes on after the 9th stage"
    state = in_activations(T3_AGENTS, scenario=T3).model_copy(update={"stage": 10})
    state, _ = TITLE.apply(state, GiveUp())
    state, _ = TITLE.apply(state, GiveUp())
    outcome = TITLE.outcome(state)
    assert state.phase == "over" and outcome is not None and outcome.draw


@pytest.mark.parametrize(("seat", "end"), [("german", "kloss_exposed"), ("polish", "chief_compromised")])
def test_training_3_keeps_the_alternative_ending_of_kloss_exposed(seat: str, end: str) -> None:
    """Training scenario 2's "Alternative ending. If before the end of the 8th stage the German
    Player exposes Hans Kloss, the game ends with the automatic victory of the German Player"
    (and Brunner compromised for the Polish). Scenario 3 "uses the full rules" and Free
    Scenarios, L says of the basic game that "the alternative ending related to the exposure
    of Kloss or the compromise of an SS officer also applies": our reading, it holds in
    scenario 3 too (the enemy track of the chief's colour at 10, "exposed")."""
    state = in_activations(T3_AGENTS, scenario=T3, evidence={seat: {"black": 10}})  # type: ignore[dict-item]
    state, _ = TITLE.apply(state, GiveUp())
    assert state.winner == seat and state.end_key == f"stawka.end.{end}"


def test_the_winner_of_training_2_may_keep_even_klosss_track_whole() -> None:
    """Scenario 1's NOTE: "The winner may choose not to reduce one of the tracks (except
    Kloss)". Scenario 2's bonus has no such exception: "does not halve the evidence gained
    against an enemy agent of his choice" - so there the German winner may keep Kloss's."""
    state = in_activations(
        {"kloss": "hotel", "jacek": "theatre", "hermann_brunner": "gestapo", "glaubel": "courts"},
        turn="german",
        scenario=T2,
        evidence={"german": {"black": 7, "yellow": 5}},
    )
    state = state.with_side("german", state.sides["german"].model_copy(update={"vp": 11}))
    state, _ = TITLE.apply(state, GiveUp())
    assert state.winner == "german" and state.end_key == "stawka.end.vp"
    assert KeepTrackWhole(colour="black") in TITLE.legal_actions(state)
    state, _ = TITLE.apply(state, KeepTrackWhole(colour="black"))
    while not TITLE.is_over(state):
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    assert state.carry is not None
    assert state.carry.evidence["german"]["black"] == 7 and state.carry.evidence["german"]["yellow"] == 3


def test_a_step_onto_dangerous_terrain_is_movement_for_2_ap() -> None:
    """Activating an Agent, 1: "only movement for at least 2 AP" counts AP, not spaces: one
    step onto face-up dangerous terrain (ours: 1 AP more onto or off it) is movement for
    2 AP."""
    state = in_activations(
        {"johannes_lemner": "courts", "christianson": "theatre"}, turn="german", scenario=T2
    )
    state = with_threats(state, {"administrative.10": "polish-14"})
    state = state.model_copy(update={"threats_open": ("polish-14",)})
    state, _ = TITLE.apply(state, Move(agent="johannes_lemner", to="administrative.10"))
    assert state.activation is not None and state.activation.moved == 2
    assert state.agent("johannes_lemner").ap_used == 2
    assert EndActivation() in TITLE.legal_actions(state)


def test_a_stage_opens_with_the_planning_cards_pools_tokens_reaction_and_location_cards() -> None:
    """Planning Card: "Priority: the Player who chose the card with the lower rating will be
    able to activate his agent first"; "Action Point (AP) pool: defines the pool of AP the
    Player will have for his whole network"; "Number of reaction cards the Player draws at the
    start of the stage". Stage, C: "The Player who ... will activate his agent second receives
    2 threat tokens ..., and his opponent only 1." D: "Draw reaction cards". E: "Players top
    up the number of location cards to the limit indicated in the scenario" (training 3:
    "Location card limit: 2")."""
    state = TITLE.new_game(TITLE.default_options(T3), 5)
    while state.phase == "placement":
        state, _ = TITLE.apply(state, TITLE.legal_actions(state)[0])
    cards = load_content().planning_cards
    polish = next(c for c in cards if c.id == "polish-4")
    german = next(c for c in cards if c.id == "german-3")
    assert german.priority < polish.priority and polish.reaction_cards != german.reaction_cards
    state, _ = TITLE.apply(state, ChoosePlanningCard(card=polish.id))
    state, _ = TITLE.apply(state, ChoosePlanningCard(card=german.id))
    assert state.first == "german"
    assert state.sides["polish"].ap == polish.ap and state.sides["german"].ap == german.ap
    assert len(state.sides["polish"].threat_hand) == 2 and len(state.sides["german"].threat_hand) == 1
    for seat, card in (("polish", polish), ("german", german)):
        side = state.sides[seat]
        assert len(side.reaction_hand) + len(side.reaction_drawn) == card.reaction_cards
        assert len(side.location_hand) == 2


def test_a_secret_from_an_interrogation_counts_as_one_from_a_conversation_in_top_secret() -> None:
    """Our reading (README): an interrogation's secret ("He rolls two dice (as for a
    conversation)") is a secret from a conversation - it pays "3 VP each time his agent
    obtains a secret in a conversation" in training 2 (`test_extended`), and in "Top Secret"
    it gives what "Each time a Polish or German agent obtains a secret from a conversation
    with an enemy agent, he may change the position of two of his own chosen threat tokens
    or draw a new one from the pool" gives, without resetting the track ("Obtaining a secret
    from a conversation does not reset the evidence level")."""
    state = in_activations(
        {"hermann_brunner": "jail", "kazik": "jail", "kloss": "abwehr"},
        turn="german",
        rng=rng_rolling(6, 6),
        evidence={"german": {"yellow": 6, "purple": 6, "blue": 6}},
        scenario="top-secret",
    )
    colour = state.agent("kazik").colour
    state = state.with_agent(state.agent("kazik").model_copy(update={"status": "arrested"}))
    state, _ = TITLE.apply(state, Interrogate(agent="hermann_brunner", prisoner="kazik"))
    assert state.sides["german"].secrets == 1
    assert state.sides["german"].evidence[colour] == 6
    assert state.pending and state.pending[-1].kind == "secret_threats"
    assert TITLE.to_act(state) == "german"


def test_a_prisoner_in_jail_does_not_keep_a_mission_from_passing_in_his_sector() -> None:
    """Mission Cards, 3A: "In a sector without enemy agents, when the network chief meets
    another agent of his own network, one of them may perform the take-over-mission
    action."  Any free enemy agent in the sector, on another space too, stops it; a Polish
    agent arrested in the jail does not (Arrest Action, 4: his figure is "laid on its side
    to remember the fact of his arrest" and "cannot be activated": a prisoner, not an agent
    at work in the sector; README, "Readings": "A sector without enemy agents")."""
    board = board_of(T2)
    assert board.sector_of["jail"] == board.sector_of["gestapo"] == board.sector_of["police_station"]
    agents = {"hermann_brunner": "gestapo", "glaubel": "gestapo", "kloss": "hotel", "jacek": "jail"}
    state = in_activations(agents, turn="german", scenario=T2)
    watching = [a for a in TITLE.legal_actions(state) if isinstance(a, PassMission)]
    assert not watching, "Jacek, free in the jail's location, is an enemy agent in the sector"
    jailed = state.with_agent(state.agent("jacek").model_copy(update={"status": "arrested"}))
    passes = [a for a in TITLE.legal_actions(jailed) if isinstance(a, PassMission)]
    assert {a.receiver for a in passes} == {"glaubel"}
    assert {a.mission for a in passes} == {m.id for m in load_content().missions_of("glaubel")}
