"""Two sides at the victory line in one action (issue 27 point 8): "The first Player to
reach 11 VP ... or to gain 3 secrets wins" (Training Campaign, scenario 3), "the first
Player to gain two secrets wins the game" (Free Scenarios, L).  Within one action the
rules reach the line in the order of its events: the initiator's conversation roll, then
the reciprocity roll answering it ("Conversation", example 3 continued: the German
player "rolls two dice for the effectiveness of the conversation" after Ingrid's roll),
then the missions the action completed."""

from __future__ import annotations

from rules.core.components import Hand
from rules.stawka import victory
from rules.stawka.actions import Converse, PlayReaction
from rules.stawka.state import GERMAN, POLISH, Seat, StawkaState
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.dice import rng_rolling

SCENARIO = "training-3"
RECIPROCITY = "reaction-21"
"""Both halves: the reciprocity rule."""


def _both_one_secret_away(initiator: Seat, missions: dict[str, str] | None = None) -> StawkaState:
    """Hermann Brunner and Ingrid Heizer together, each side at 2 secrets of the 3 and able
    to take the other's secret; the side answering holds the reciprocity card."""
    state = in_activations(
        {"ingrid_heizer": "hotel", "hermann_brunner": "hotel", "kloss": "gestapo", "glaubel": "gestapo"},
        turn=initiator,
        scenario=SCENARIO,
        evidence={POLISH: {"black": 5}, GERMAN: {"blue": 5}},
        missions=missions,
    )
    answering = GERMAN if initiator == POLISH else POLISH
    sides = {
        seat: side.model_copy(
            update={
                "secrets": 2,
                "reaction_hand": Hand(cards=(RECIPROCITY,) if seat == answering else (), limit=3),
            }
        )
        for seat, side in state.sides.items()
    }
    deck = state.reaction_deck.model_copy(
        update={"pile": tuple(c for c in state.reaction_deck.pile if c != RECIPROCITY)}
    )
    return state.model_copy(update={"sides": sides, "reaction_deck": deck})


def _talk_and_answer(state: StawkaState, agent: str, target: str) -> tuple[StawkaState, list[str]]:
    state, _ = TITLE.apply(state, Converse(agent=agent, target=target))
    answer = PlayReaction(card=RECIPROCITY, target=target)
    assert answer in TITLE.legal_actions(state)
    # Rank die if needed, then the initiator's 6 + 6, then the answer's 6 + 6: secrets both.
    state = state.model_copy(update={"rng": rng_rolling(6, 6, 6, 6, 6)})
    state, events = TITLE.apply(state, answer)
    return state, [e.key for e in events]


def test_the_german_initiator_reaches_three_secrets_first_and_wins() -> None:
    """The German conversation takes Ingrid's secret (his 3rd): he has won; the Polish
    player's reciprocity roll, which would have been her 3rd too, is not rolled. Before,
    both sides got there and the seat order gave the game to the Polish player."""
    state = _both_one_secret_away(GERMAN)
    after, keys = _talk_and_answer(state, "hermann_brunner", "ingrid_heizer")
    assert keys.count("stawka.conversation_secret") == 1
    assert "stawka.reciprocity" not in keys
    assert (after.winner, after.end_key) == (GERMAN, "stawka.end.secrets")
    assert after.sides[GERMAN].secrets == 3 and after.sides[POLISH].secrets == 2


def test_the_polish_initiator_reaches_three_secrets_first_and_wins() -> None:
    state = _both_one_secret_away(POLISH)
    after, keys = _talk_and_answer(state, "ingrid_heizer", "hermann_brunner")
    assert "stawka.reciprocity" not in keys
    assert (after.winner, after.end_key) == (POLISH, "stawka.end.secrets")


def test_a_reciprocity_roll_is_made_while_nobody_has_won() -> None:
    """The answer still comes when the initiator's roll decides nothing."""
    state = _both_one_secret_away(GERMAN)
    sides = {
        seat: side.model_copy(update={"secrets": 1 if seat == GERMAN else 2})
        for seat, side in state.sides.items()
    }
    after, keys = _talk_and_answer(
        state.model_copy(update={"sides": sides}), "hermann_brunner", "ingrid_heizer"
    )
    assert "stawka.reciprocity" in keys and keys.count("stawka.conversation_secret") == 2
    assert (after.winner, after.end_key) == (POLISH, "stawka.end.secrets")


def test_a_mission_the_initiators_roll_completes_counts_before_the_answer() -> None:
    """Glaubel's special mission "Extract a secret from the Polish agent" (4 VP) is done at
    his roll: with the secret's 3 VP his side goes from 5 to 12 VP, past the 11, before
    Ingrid's reciprocity roll would have taken her side from 8 to 11."""
    state = in_activations(
        {"ingrid_heizer": "hotel", "glaubel": "hotel", "kloss": "gestapo", "hermann_brunner": "gestapo"},
        turn=GERMAN,
        scenario=SCENARIO,
        evidence={POLISH: {"blue": 5}, GERMAN: {"blue": 5}},
        missions={"glaubel": "glaubel-2"},
    )
    sides = {
        seat: side.model_copy(
            update={
                "vp": 5 if seat == GERMAN else 8,
                "reaction_hand": Hand(cards=(RECIPROCITY,) if seat == POLISH else (), limit=3),
            }
        )
        for seat, side in state.sides.items()
    }
    deck = state.reaction_deck.model_copy(
        update={"pile": tuple(c for c in state.reaction_deck.pile if c != RECIPROCITY)}
    )
    state = state.model_copy(update={"sides": sides, "reaction_deck": deck})
    after, keys = _talk_and_answer(state, "glaubel", "ingrid_heizer")
    assert keys.index("stawka.conversation_secret") < keys.index("stawka.mission_special")
    assert "stawka.reciprocity" not in keys
    assert after.sides[GERMAN].vp == 12 and after.sides[POLISH].vp == 8
    assert (after.winner, after.end_key) == (GERMAN, "stawka.end.vp")


def test_the_side_at_the_line_before_the_actions_missions_were_paid_was_first() -> None:
    """`victory.check_end`: with both sides at the line after an action, the one already at it
    before the missions that action completed were paid reached it first."""
    state = _both_one_secret_away(POLISH)
    sides = {seat: side.model_copy(update={"secrets": 3}) for seat, side in state.sides.items()}
    both = state.model_copy(update={"sides": sides})
    assert [seat for seat, _ in victory.at_line(both)] == [POLISH, GERMAN]
    assert victory.check_end(both, ahead=(GERMAN,))[0].winner == GERMAN
    assert victory.check_end(both, ahead=(POLISH,))[0].winner == POLISH
