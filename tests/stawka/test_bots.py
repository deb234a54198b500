"""The heuristic bot: the odds it reckons with, the choices it makes, and that it plays
toward the victory conditions better than chance."""

from __future__ import annotations

import pytest

from rules.core.simulate import play_one
from rules.stawka.actions import Converse, Move, PassMission
from rules.stawka.bots import HeuristicBot
from rules.stawka.bots.odds import at_least, at_most, conversation_odds, talk_chance
from rules.stawka.title import TITLE
from rules.stawka.view import AgentView, StawkaView
from tests.stawka.build import in_activations


def _agent(view: StawkaView, agent_id: str) -> AgentView:
    return next(a for a in view.agents if a.id == agent_id)


def test_two_dice_odds() -> None:
    assert at_least(7) == 21 / 36 and at_least(2) == 1.0 and at_least(13) == 0.0
    assert at_most(8) == 26 / 36 and at_most(1) == 0.0


def test_talk_chance_follows_the_rank_examples() -> None:
    """Conversation, 2, examples 1-3: equal ranks talk; Ingrid (4) must roll above 4 for Brunner (8)."""
    state = in_activations(
        {"ingrid_heizer": "hotel", "jacek": "hotel", "hermann_brunner": "hotel", "bruno_dreher": "hotel"}
    )
    view = TITLE.view(state, "polish")
    assert talk_chance(view, _agent(view, "ingrid_heizer"), _agent(view, "hermann_brunner")) == 2 / 6
    assert talk_chance(view, _agent(view, "jacek"), _agent(view, "bruno_dreher")) == 1.0


def test_a_secret_needs_three_evidence_in_the_odds() -> None:
    """Investigation Track, 4: no secret below 3 evidence, whatever the roll."""
    bare = in_activations({"ingrid_heizer": "hotel", "glaubel": "hotel"})
    burdened = in_activations(
        {"ingrid_heizer": "hotel", "glaubel": "hotel"}, evidence={"polish": {"blue": 4}}
    )
    for state, possible in ((bare, False), (burdened, True)):
        view = TITLE.view(state, "polish")
        odds = conversation_odds(view, "polish", _agent(view, "ingrid_heizer"), _agent(view, "glaubel"), 2)
        assert (odds.secret > 0) == possible


def test_the_bot_talks_with_its_trait_when_a_secret_is_in_reach() -> None:
    state = in_activations({"ingrid_heizer": "hotel", "glaubel": "hotel"}, evidence={"polish": {"blue": 5}})
    legal = TITLE.legal_actions(state)
    chosen = HeuristicBot("polish").choose(TITLE.view(state, "polish"), legal, None)  # type: ignore[arg-type]
    assert chosen == Converse(agent="ingrid_heizer", target="glaubel", trait=True)


def test_the_chief_passes_a_mission_when_he_meets_his_agent() -> None:
    """Mission Cards, 3A: Kloss beside Jacek with no German in the sector passes him a card."""
    state = in_activations({"kloss": "hotel", "jacek": "hotel", "glaubel": "gestapo"}, scenario="training-2")
    legal = TITLE.legal_actions(state)
    assert any(isinstance(a, PassMission) for a in legal)
    chosen = HeuristicBot("polish").choose(TITLE.view(state, "polish"), legal, None)  # type: ignore[arg-type]
    assert isinstance(chosen, PassMission) and chosen.receiver == "jacek"


def test_the_bot_walks_toward_an_enemy_it_can_talk_to() -> None:
    state = in_activations({"kloss": "hotel", "marta_becher": "theatre"})
    legal = TITLE.legal_actions(state)
    chosen = HeuristicBot("polish").choose(TITLE.view(state, "polish"), legal, None)  # type: ignore[arg-type]
    assert isinstance(chosen, (Move, Converse))
    assert not isinstance(chosen, Move) or chosen.to == "theatre"


@pytest.mark.parametrize("seats", [("heuristic", "random"), ("random", "heuristic")])
def test_the_heuristic_bot_beats_random_play(seats: tuple[str, str]) -> None:
    """Training scenario 1: the heuristic side never loses to random play and wins often
    (over 100 games each way it wins about 60% and 90%, the rest draws)."""
    sensible = TITLE.seats(TITLE.default_options("training-1"))[seats.index("heuristic")]
    wins = 0
    for seed in range(1, 13):
        state, _ = play_one(TITLE, "training-1", seed, seats)
        outcome = TITLE.outcome(state)
        assert outcome is not None
        assert outcome.draw or outcome.winners == (sensible,)
        wins += outcome.winners == (sensible,)
    assert wins >= 5
