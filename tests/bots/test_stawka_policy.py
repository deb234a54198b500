"""Hard's policy: the heuristic with Hard's weights (`rules.stawka.bots.policy`, issue 17)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from pydantic import ValidationError

from rules.core import Dice, seed_state
from rules.core.search import SearchBot
from rules.stawka import TITLE
from rules.stawka.actions import ChoosePlanningCard, Move, Search, StawkaAction
from rules.stawka.board import board_of
from rules.stawka.bots import HeuristicBot
from rules.stawka.bots.hard import StawkaSearch
from rules.stawka.bots.policy import NORMAL, Policy, hard_policy
from rules.stawka.state import StawkaState


def normal_game(scenario: str, seed: int, actions: int) -> StawkaState:
    """`actions` actions of a game of Normal against Normal."""
    state, _ = TITLE.start(TITLE.default_options(scenario), seed)
    dice = Dice(seed_state(seed))
    for _ in range(actions):
        seat = TITLE.to_act(state)
        assert seat is not None
        state, _ = TITLE.apply(state, TITLE.bot_action(HeuristicBot(seat), state, dice))
    return state


def choice(state: StawkaState, policy: Policy) -> StawkaAction:
    seat = TITLE.to_act(state)
    assert seat is not None
    bot = HeuristicBot(seat, policy)
    return bot.choose(TITLE.bot_view(state, seat), TITLE.legal_actions(state), Dice(seed_state(1)))


def test_hard_presses_for_victory_points_where_normal_searches() -> None:
    """Training 2, seed 1, the twentieth decision: Normal searches with Ingrid Heizer; Hard,
    pricing a VP higher, walks her on toward what pays VP."""
    state = normal_game("training-2", 1, 19)
    assert choice(state, NORMAL).type == "search"
    assert choice(state, hard_policy()).type == "move"


def test_hard_heads_for_a_farther_target_in_training_1() -> None:
    """Training 1, seed 5, the fifth decision: Normal walks Ingrid to the officers'
    apartments; Hard, discounting a target less for the way to it, farther on."""
    state = normal_game("training-1", 5, 4)
    assert choice(state, NORMAL) == Move(agent="ingrid_heizer", to="officers_apartments")
    assert choice(state, hard_policy()) == Move(agent="ingrid_heizer", to="hitlerplatz.9")


def planning(stage: int, first: str | None, german_hand: tuple[str, ...]) -> StawkaState:
    """Training 1, seed 1, the Polish planning card of `stage` (step A), `first` having
    activated first in the stage before, the German holding `german_hand`."""
    state, _ = TITLE.start(TITLE.default_options("training-1"), 1)
    side = state.sides["german"].model_copy(update={"hand": german_hand})
    return state.with_side("german", side).model_copy(update={"stage": stage, "first": first})


GERMAN_HAND = tuple(f"german-{n}" for n in range(1, 6))


def test_hard_pays_ap_to_activate_first_in_training_1() -> None:
    """Stage 1, both hands full: Normal plays its 11 AP (priority 5, as the German's
    richest: the dice would decide who goes first); Hard plays 10 AP at priority 4."""
    state = planning(1, None, GERMAN_HAND)
    assert TITLE.to_act(state) == "polish"
    assert choice(state, NORMAL) == ChoosePlanningCard(card="polish-5")
    assert choice(state, hard_policy()) == ChoosePlanningCard(card="polish-4")


def test_hard_keeps_its_richest_card_when_it_goes_first_anyway_or_cannot() -> None:
    """A tie keeps the previous stage's first (step B); the German's priority-1 card
    leaves no card that goes first."""
    assert choice(planning(2, "polish", GERMAN_HAND), hard_policy()) == ChoosePlanningCard(card="polish-5")
    assert choice(planning(2, "german", GERMAN_HAND), hard_policy()) == ChoosePlanningCard(card="polish-4")
    assert choice(planning(2, "german", ("german-1",)), hard_policy()) == ChoosePlanningCard(card="polish-5")


def test_a_scenario_sets_its_own_weights_and_the_rest_are_the_policy_s() -> None:
    policy = Policy(vp=5.0, scenarios={"training-1": {"decay": 0.95}})
    assert policy.within("training-1", "polish") == Policy(vp=5.0, decay=0.95)
    assert policy.within("training-2", "german") is policy


def test_a_seat_sets_its_own_weights_over_its_scenario_s() -> None:
    policy = Policy(
        scenarios={"training-1": {"decay": 0.95, "vp": 3.0}},
        seats={"german": {"training-1": {"decay": 0.9, "exposure": 0.2}}},
    )
    assert policy.within("training-1", "polish") == Policy(decay=0.95, vp=3.0)
    assert policy.within("training-1", "german") == Policy(decay=0.9, vp=3.0, exposure=0.2)
    assert policy.within("training-2", "german") is policy


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"scenarios": {"training-1": {"speed": 1.0}}}, "scenario 'training-1': no such weights ['speed']"),
        ({"seats": {"german": {"training-2": {"seats": 1.0}}}}, "no such weights ['seats']"),
        ({"seats": {"russian": {"training-2": {"vp": 1.0}}}}, "no such seats ['russian']"),
    ],
)
def test_a_policy_names_only_weights_and_seats_there_are(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=re.escape(message)):
        Policy.model_validate(changes)


def test_hard_plays_its_policy_in_its_play_outs_for_both_seats() -> None:
    bot = TITLE.make_bot("hard", "german")
    assert isinstance(bot, SearchBot) and isinstance(bot.policy, StawkaSearch)
    assert bot.policy.rollout_bot("german").policy == hard_policy() != NORMAL
    assert bot.policy.rollout_bot("polish").policy == hard_policy()


def test_hard_german_keeps_a_sector_covered_in_training_3() -> None:
    """Training 3, seed 1, the 132nd decision (stage 4): one German agent in each of the
    four sectors.  Normal walks Marta Becher out of the police sector, where Ingrid Heizer
    stands, into the Hitlerplatz, where Hermann Brunner is: the police sector is then free
    of German agents, and "a mission card passes only in a sector free of enemy agents"
    (Mission Cards, 3A).  Hard as German there (`Policy.cover`) walks Bruno Dreher
    within his own sector instead; as Polish it plays Normal's weights."""
    state = normal_game("training-3", 1, 131)
    board = board_of("training-3")
    assert TITLE.to_act(state) == "german"
    german = {board.sector_of[a.space] for a in state.agents if a.side == "german"}
    assert german == {"hitlerplatz", "police", "administrative", "city"}
    assert choice(state, NORMAL) == Move(agent="marta_becher", to="hitlerplatz.5")
    assert choice(state, hard_policy()) == Move(agent="bruno_dreher", to="market")
    assert board.sector_of["market"] == board.sector_of[state.agent("bruno_dreher").space]
    assert hard_policy().within("training-3", "polish").cover == NORMAL.cover == 0.0


def test_hard_goes_for_the_missions_victory_points_in_i_know_who_you_are() -> None:
    """In "I Know Who You Are", seed 1, the fifteenth decision (stage 1): Normal searches the
    hospital with Christianson; Hard, pricing a VP at 8 pieces of evidence ("With an equal
    number of VP gained the game ends in a draw": most games end on more VP, and a basic
    mission pays 1), walks Kloss, the Polish chief, to the barracks: the military sector
    has no German agent in it, so there he can pass mission cards (Mission Cards, 3A)."""
    state = normal_game("i-know-who-you-are", 1, 14)
    assert TITLE.to_act(state) == "polish"
    assert choice(state, NORMAL) == Search(agent="christianson")
    assert choice(state, hard_policy()) == Move(agent="kloss", to="barracks")
    board = board_of("i-know-who-you-are")
    assert not any(
        board.sector_of[a.space] == board.sector_of["barracks"] for a in state.agents if a.side == "german"
    )
    assert hard_policy().within("i-know-who-you-are", "german").vp == 8.0 != NORMAL.vp
