"""Every way to lose ("How to Lose"), the end of a story and each story's scoring."""

from __future__ import annotations

from typing import Any

from rules.queen_of_spies import TITLE
from rules.queen_of_spies.content import STARTING_BAG, load_content
from rules.queen_of_spies.state import QueenState
from tests.queen_of_spies.helpers import NE, NPT, PA, PT, A, P, T, act, act_forced, act_where, ready, story


def assert_lost(reason: str, state: QueenState) -> None:
    outcome = TITLE.outcome(state)
    assert outcome is not None and outcome.result == "loss"
    assert outcome.key == f"queen-of-spies.lost.{reason}"
    assert not outcome.scored, "lost before the scoring: no score to show"
    assert TITLE.legal_actions(state) == []


def test_alice_breaking_loses() -> None:
    """ "How to Lose": "Losing Alice, your spymaster, to despair ... while she is in Jail." """
    state = story("introduction", hand=(), jail=("alice",), despair={"alice": 2}, interrogation=1)
    assert_lost("alice_broken", act_forced(state, {"type": "done"}, [NE]))


def test_alice_dying_loses() -> None:
    """ "How to Lose": "Losing Alice, your spymaster, to ... death while she is in Jail." """
    state = story("introduction", hand=(), jail=("alice",), interrogation=1, bag={**STARTING_BAG, T: 1})
    assert_lost("alice_died", act_forced(state, {"type": "done"}, [T]))


def test_chapter_ending_with_alice_in_jail_loses() -> None:
    """ "How to Lose": "Ending a chapter or story with Alice in Jail"; "End of Chapter": "If Alice
    is in jail at the end of a chapter, you lose immediately." """
    state = story("news-on-the-wing", round=2, hand=("felicia",), jail=("alice",), interrogation=1)
    assert_lost("alice_jailed", act(state, {"type": "end_chapter"}))


def test_running_out_of_despair_loses() -> None:
    """ "How to Lose": "Running out of Despair Markers due to excessive interrogations of Operatives
    who are in Jail." """
    state = story("introduction", hand=(), jail=("felicia",), interrogation=1, despair_lost=9)
    assert_lost("no_despair", act_forced(state, {"type": "done"}, [NE]))


def test_no_alert_left_loses() -> None:
    """ "How to Lose": "Needing to add an Alert ... Token to the Success Bag while none are
    available" (here the Alert of "When Operatives Meet")."""
    state = story("news-on-the-wing", hand=("bernadette", "felicia"), bag={**STARTING_BAG, A: 10})
    state = act(state, {"type": "assign", "operative": "bernadette", "location": "back_alley", "task": 1})
    state = act(state, {"type": "assign", "operative": "felicia", "location": "back_alley", "task": 0})
    assert_lost("no_alert", act(state, {"type": "done"}))


def test_no_troop_left_loses() -> None:
    """ "How to Lose": "Needing to add an ... Troop Token to the Success Bag while none are
    available" (here the Alert Check's Troop)."""
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        bag={PA: 3, NE: 2, T: 5},
        assignments=(ready("train_station", ("felicia", 0)),),
        escape_plan=False,
    )
    assert_lost(
        "no_troop", act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [PA, PA])
    )


def test_introduction_without_the_chateau_is_lost_by_its_table() -> None:
    """Introduction: "You either succeed at your assignment and achieve victory or fail"; it "has no
    scoring conditions"."""
    state = story("introduction", round=2)
    final = act(state, {"type": "end_chapter"})
    outcome = TITLE.outcome(final)
    assert outcome is not None and outcome.result == "loss"
    assert outcome.key == "queen-of-spies.result.introduction.loss"
    assert not outcome.scored, "the Introduction has no scoring conditions"


def test_cafe_reveals_the_chateau() -> None:
    """Introduction: "you will need to gather information using either the Cafe or Local Roads
    locations, then succeed at making your way into the Chateau." """
    state = story(
        "introduction",
        hand=(),
        phase="resolve",
        trained=("alice",),
        assignments=(ready("cafe", ("felicia", 0), ("alice", 1)),),
    )
    state = act_forced(state, {"type": "check", "operative": "felicia", "draws": 2}, [P, P])
    state = act_forced(state, {"type": "check", "operative": "alice", "draws": 2}, [PA, P])
    assert "chateau" in state.town


def _last_chapter(story_id: str, **changes: Any) -> QueenState:
    chapter = len(load_content().story(story_id).chapters)
    return story(story_id, chapter=chapter, round=2, **changes)


def test_pigeon_scoring() -> None:
    """News on the Wing, "Scoring": "Score 1 point for every pigeon that was successfully placed
    on the Neighboring Town, Post Office, and Train cards. Then: Draw 1 token from the Success
    Bag for each pigeon sent to the Neighboring Town ... Draw 2 tokens ... Post Office ... Draw 3
    tokens ... Train. Each Progress icon you draw earns you 1 additional point. Return the tokens
    to the Success Bag before drawing for another pigeon." (A pigeon's tokens are drawn
    together: one Progress token in the bag scores at most once a pigeon.)"""
    state = _last_chapter(
        "news-on-the-wing",
        bag={P: 1, NE: 5},
        pigeons_sent={"neighboring_town": 1, "post_office": 1, "pigeon_train": 1},
    )
    scores = {act(state.model_copy(update={"rng": r}), {"type": "end_chapter"}).score for r in range(60)}
    assert scores == {3, 4, 5, 6}, "3 pigeons placed; the one Progress token can come up for each"
    final = act_where(state, {"type": "end_chapter"}, [], lambda s: s.score == 5)
    outcome = TITLE.outcome(final)
    assert outcome is not None and outcome.result == "win" and outcome.scores == {"player": 5.0}
    assert outcome.scored
    assert outcome.key == "queen-of-spies.result.news-on-the-wing.minor_victory"


def test_pigeon_scoring_zero_is_a_loss() -> None:
    """News on the Wing, result table: "0 LOSS: You had no success with the pigeons"."""
    final = act(_last_chapter("news-on-the-wing"), {"type": "end_chapter"})
    outcome = TITLE.outcome(final)
    assert final.score == 0 and outcome is not None and outcome.result == "loss"
    assert load_content().story("news-on-the-wing").result_for(0).text.startswith("LOSS: You had no success")


def test_pow_scoring() -> None:
    """Rescuing the Prisoners of War, "Scoring": "Score 1 point for each POW on the back of the
    Boat, Train, and Border Checkpoint cards at the end of the story"; "5 VICTORY"."""
    state = _last_chapter(
        "rescuing-the-prisoners",
        jail=(),
        pows_escaped={
            "boat": ("hale", "dubois"),
            "pow_train": ("maclean",),
            "border_checkpoint": ("vermeer", "oconnor"),
        },
    )
    final = act(state, {"type": "end_chapter"})
    assert final.score == 5
    assert TITLE.outcome(final).key == "queen-of-spies.result.rescuing-the-prisoners.victory"  # type: ignore[union-attr]


def test_office_scoring() -> None:
    """Office Infiltration, "Scoring": "Score 6 points if you set aside the Boss's Office card
    for scoring. Score 3 points if you set aside the Hotel Room card for scoring."; "Draw 2 tokens
    from the Success Bag if you set aside the Trash (Search) card. Each Progress icon you draw
    earns you 1 point." """
    state = _last_chapter(
        "office-infiltration", bag={P: 1, NE: 1}, set_aside=("boss_office", "hotel_room", "trash_search")
    )
    final = act_forced(state, {"type": "end_chapter"}, [P])
    assert final.score is not None and 10 <= final.score <= 11
    outcome = TITLE.outcome(final)
    assert outcome is not None and outcome.key == "queen-of-spies.result.office-infiltration.victory"


def test_office_search_draws_return_each_token() -> None:
    """Office Infiltration, "Scoring": "Draw tokens one at a time and return them to the bag after
    each draw"; "Draw 3 tokens from the Success Bag if you set aside the Delivery Truck (Search)
    card. Each Progress icon you draw earns you 1 point." """
    state = _last_chapter("office-infiltration", bag={P: 1}, set_aside=("delivery_truck_search",))
    assert act(state, {"type": "end_chapter"}).score == 3, "one Progress token drawn three times"


def test_story_end_returns_drawn_tokens_without_reset() -> None:
    """ "End of Story": "end the chapter as usual, with one exception: Return all drawn tokens to
    the success bag, but do not reset it." """
    state = _last_chapter(
        "news-on-the-wing",
        bag={**STARTING_BAG, T: 3, A: 2},
        phase="resolve",
        hand=(),
        trained=("alice",),
        time=0,
        assignments=(ready("pub", ("alice", 0)),),
    )
    final = act_forced(state, {"type": "check", "operative": "alice", "draws": 2}, [NPT])
    assert final.phase == "over"
    assert final.bag.counts == {**STARTING_BAG, T: 3, A: 2}


def test_eavesdrop_stack_reveals_the_next_card() -> None:
    """Office Infiltration, "Setup": "Shuffle the three Bar (Eavesdrop) Cards and create one stack
    with them" (the top card is played; what each reveals is ours)."""
    state = story("office-infiltration", seed=4)
    top = next(loc for loc in state.town if loc.startswith("eavesdrop"))
    assert len(state.eavesdrop_rest) == 2
    state = state.model_copy(
        update={
            "hand": (),
            "phase": "resolve",
            "trained": ("alice",),
            "assignments": (ready(top, ("alice", 0)),),
        }
    )
    after = act_forced(state, {"type": "check", "operative": "alice", "draws": 3}, [P, PT, PA])
    revealed = {e.target for e in load_content().location(top).success if e.kind == "reveal"}
    assert revealed <= set(after.town) and top not in after.town
    assert len(after.eavesdrop_rest) == 1
    assert sum(loc.startswith("eavesdrop") for loc in after.town) == 1
