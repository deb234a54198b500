"""The heuristic bot in "I Know Who You Are" pursues the radio station: Kloss with two
secrets walks there and transmits, the Polish agents hold it on air, the German agents go
to break it, and the secrets toward it are worth something (`rules.stawka.bots.radio`)."""

from __future__ import annotations

from rules.core import Dice, seed_state
from rules.stawka.actions import HideRadioStation, Move, Transmit
from rules.stawka.board import step_counts
from rules.stawka.bots import HeuristicBot
from rules.stawka.bots.hard import StawkaSearch
from rules.stawka.bots.radio import secret_worth
from rules.stawka.bots.worth import WIN
from rules.stawka.options import StawkaOptions
from rules.stawka.state import GERMAN, POLISH, RadioStation
from rules.stawka.title import TITLE
from tests.stawka.test_film_radio import HIDING_PLACES, radio_game

DICE = Dice(seed_state(3))


def choice(state: object, seat: str) -> object:
    return TITLE.bot_action(HeuristicBot(seat), state, DICE)  # type: ignore[arg-type]


def test_kloss_with_two_secrets_walks_to_the_station_and_transmits() -> None:
    agents = {"kloss": "hospital", "stedtke": "gestapo"}
    away = radio_game(agents, RadioStation(location="market"), secrets={POLISH: 2})
    walk = choice(away, POLISH)
    assert isinstance(walk, Move) and (walk.agent, walk.to) == ("kloss", "market")
    there = radio_game(
        {"kloss": "market", "stedtke": "gestapo"}, RadioStation(location="market"), secrets={POLISH: 2}
    )
    assert choice(there, POLISH) == Transmit(agent="kloss")


def test_on_air_the_last_polish_agent_stays_and_the_germans_come() -> None:
    on_air = RadioStation(location="market", public=True, since=1)
    agents = {"kloss": "market", "irena": "railway_station", "stedtke": "gestapo"}
    polish = radio_game(agents, on_air)
    chosen = choice(polish, POLISH)
    assert not (isinstance(chosen, Move) and chosen.agent == "kloss")
    german = radio_game(agents, on_air, turn=GERMAN)
    walk = choice(german, GERMAN)
    assert isinstance(walk, Move) and walk.agent == "stedtke"
    steps = step_counts("i-know-who-you-are", GERMAN)
    assert steps[walk.to]["market"] < steps["gestapo"]["market"]


def test_secrets_lead_to_the_station_until_a_transmission_makes_it_public() -> None:
    hidden = TITLE.view(radio_game({"kloss": "abwehr"}, RadioStation(location="market")), POLISH)
    assert secret_worth(hidden, POLISH, 1, WIN) > 0 and secret_worth(hidden, GERMAN, 1, WIN) > 0
    public = TITLE.view(radio_game({"kloss": "abwehr"}, RadioStation(location="market", public=True)), POLISH)
    assert secret_worth(public, GERMAN, 1, WIN) == 0


def test_the_bot_hides_the_station_in_a_hiding_place() -> None:
    state = TITLE.new_game(StawkaOptions(scenario="i-know-who-you-are"), 1)
    hidden = choice(state, POLISH)
    assert isinstance(hidden, HideRadioStation) and hidden.location in HIDING_PLACES


def test_the_hard_bot_ranks_a_decision_no_agent_takes() -> None:
    """The hiding place (like a reaction window) has no agent to plan for: the Hard bot
    ranks it without the activation planner (read as in the last stage, where it searches)."""
    state = TITLE.new_game(StawkaOptions(scenario="i-know-who-you-are"), 1)
    legal = TITLE.legal_actions(state)
    view = TITLE.view(state, POLISH)
    late = view.model_copy(update={"stage": view.stage_count})
    ranked = StawkaSearch().rank(late, legal, POLISH, DICE)
    assert set(ranked) == set(legal) and len(ranked) == len(legal)
