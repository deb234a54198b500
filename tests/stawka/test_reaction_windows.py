"""When a reaction window opens, checked against the rulebook's words (issue 27 point 9).

"Reaction cards serve only to hinder the actions of enemy agents and can be played only
during their activation" (Reaction Cards NOTE); the colours answer "movement - red cards;
search - purple cards; conversation - yellow cards" (point 3); "The arrest action is
treated as a conversation" (Arrest Action, 3 NOTE); a kidnapping's "procedure is analogous
to an attempted arrest" (Release of the Arrested, 1).  The window opens whenever the
action could be answered by a card of its colour, whatever the reacting hand holds (only
an empty hand, whose size is public, opens none)."""

from __future__ import annotations

from rules.core import Dice, Event, seed_state
from rules.core.components import Hand
from rules.stawka.actions import Arrest, Kidnap, Move, PlayLocationCard, PlayReaction
from rules.stawka.documents import ap_limit
from rules.stawka.state import ReactionWindow, Seat, StawkaState, other
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.cards import card_state
from tests.stawka.dice import rng_rolling

SCENARIO = "training-3"
DELAY = "reaction-02"
"""Red, both halves: the enemy loses 1 AP."""
STOP = "reaction-01"
"""Red, both halves: Stop!"""
INTERRUPTED = "reaction-27"
"""Yellow, both halves: the conversation does not take place."""
COVER_STORY = "reaction-24"
"""Yellow: the Polish half lowers the evidence against the own agent by 1 (the German half
interrupts)."""
SLIP = "reaction-22"
"""Yellow, both halves: minus 2 on the initiator's roll."""
RECIPROCITY = "reaction-21"


def holding(state: StawkaState, seat: Seat, *cards: str) -> StawkaState:
    """`seat` holds `cards` (out of the deck)."""
    side = state.sides[seat].model_copy(update={"reaction_hand": Hand(cards=cards, limit=3)})
    deck = state.reaction_deck.model_copy(
        update={"pile": tuple(c for c in state.reaction_deck.pile if c not in cards)}
    )
    return state.with_side(seat, side).model_copy(update={"reaction_deck": deck})


def offered(state: StawkaState) -> set[str | None]:
    return {a.card for a in TITLE.legal_actions(state) if isinstance(a, PlayReaction)}


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def _last_move() -> tuple[StawkaState, Move]:
    """Bruno Dreher with 2 AP left of his AP limit, and a 2-space walk that uses them:
    the move ends his activation. The Polish player holds Stop! and Delay."""
    state = in_activations(
        {"bruno_dreher": "hotel", "jacek": "gestapo", "kloss": "gestapo", "hermann_brunner": "gestapo"},
        turn="german",
        scenario=SCENARIO,
    )
    state = holding(state, "polish", STOP, DELAY)
    bruno = state.agent("bruno_dreher")
    state = state.with_agent(bruno.model_copy(update={"ap_used": ap_limit(state, bruno) - 2}))
    walks = [a for a in TITLE.legal_actions(state) if isinstance(a, Move) and a.agent == "bruno_dreher"]
    two = next(
        w for w in walks if TITLE.apply(state, w)[0].sides["german"].ap == state.sides["german"].ap - 2
    )
    return state, two


def test_a_move_that_ends_the_activation_is_answered_during_it() -> None:
    """The walk uses the last AP: the red window opens while his activation still runs, and
    it ends only once the window has closed. Before, the activation ended first and the card
    was played after it."""
    state, walk = _last_move()
    moved, events = TITLE.apply(state, walk)
    assert moved.pending == (ReactionWindow(seat="polish", agent="bruno_dreher", colour="red"),)
    assert moved.activation is not None and moved.activation.agent == "bruno_dreher"
    assert "stawka.activation_end" not in keys(events)
    # Stop! has nothing left to stop: he cannot move on; Delay may still be played.
    assert offered(moved) == {None, DELAY}
    after, events = TITLE.apply(moved, PlayReaction())
    assert after.activation is None and "stawka.activation_end" in keys(events)
    played, events = TITLE.apply(moved, PlayReaction(card=DELAY))
    assert played.activation is None and "stawka.activation_end" in keys(events)


def test_a_move_that_leaves_him_moving_on_may_be_stopped() -> None:
    state, _ = _last_move()
    state = state.with_agent(state.agent("bruno_dreher").model_copy(update={"ap_used": 0}))
    walk = next(a for a in TITLE.legal_actions(state) if isinstance(a, Move) and a.agent == "bruno_dreher")
    moved, _ = TITLE.apply(state, walk)
    assert offered(moved) == {None, DELAY, STOP}


def test_a_location_cards_move_is_answered_like_a_walk() -> None:
    """Movement, 6: reaction cards "refer directly to the enemy agent who is moving": the
    card's move is his movement (the card's use is no action, its move is), so the red
    window opens after it, before his activation ends."""
    state = holding(card_state("polish-employment_office"), "german", DELAY)
    play = next(
        a
        for a in TITLE.legal_actions(state)
        if isinstance(a, PlayLocationCard) and a.card == "polish-employment_office"
    )
    moved, _ = TITLE.apply(state, play)
    assert moved.pending == (ReactionWindow(seat="german", agent=play.agent, colour="red"),)
    assert moved.activation is not None and moved.agent(play.agent).space == play.space
    after, _ = TITLE.apply(moved, PlayReaction(card=DELAY))
    assert after.sides["polish"].ap == state.sides["polish"].ap - 1


def _arrest(*polish_cards: str) -> StawkaState:
    """Hermann Brunner (an SS officer) with Jacek, 6 evidence against him (yellow)."""
    state = in_activations(
        {"hermann_brunner": "hotel", "jacek": "hotel", "kloss": "gestapo", "bruno_dreher": "gestapo"},
        turn="german",
        scenario=SCENARIO,
        evidence={"german": {"yellow": 6}},
        rng=rng_rolling(1, 1),  # Jacek's escape roll 2, at most his alertness: caught
    )
    return holding(state, "polish", *polish_cards)


def test_an_arrest_is_treated_as_a_conversation_and_opens_the_yellow_window() -> None:
    """ "The arrest action is treated as a conversation": the yellow cards answer it - those
    whose text fits an arrest: Interrupted and Cover story; Slip of the tongue and the
    reciprocity rule act on effectiveness rolls, which an arrest has none of."""
    state = _arrest(INTERRUPTED, SLIP, RECIPROCITY)
    declared, events = TITLE.apply(state, Arrest(agent="hermann_brunner", target="jacek"))
    assert declared.pending == (
        ReactionWindow(seat="polish", agent="hermann_brunner", colour="yellow", target="jacek"),
    )
    assert "stawka.declared" in keys(events)
    assert offered(declared) == {None, INTERRUPTED}
    foiled, events = TITLE.apply(declared, PlayReaction(card=INTERRUPTED))
    assert "stawka.arrest_foiled" in keys(events) and "stawka.arrested" not in keys(events)
    assert foiled.agent("jacek").status == "free" and not foiled.talked
    assert foiled.agent("hermann_brunner").ap_used == 2  # the arrest's AP are spent
    let_be, events = TITLE.apply(declared, PlayReaction())
    assert let_be.agent("jacek").status == "arrested"


def test_a_cover_story_lowers_the_evidence_after_the_arrest() -> None:
    state = _arrest(COVER_STORY)
    declared, _ = TITLE.apply(state, Arrest(agent="hermann_brunner", target="jacek"))
    after, events = TITLE.apply(declared, PlayReaction(card=COVER_STORY))
    assert after.agent("jacek").status == "arrested"
    assert after.sides["german"].evidence["yellow"] == 5
    assert keys(events).index("stawka.arrested") < keys(events).index("stawka.reaction_evidence_removed")


def test_a_location_cards_arrest_opens_the_yellow_window_too() -> None:
    state = holding(card_state("german-fort"), "polish", INTERRUPTED)
    play = next(a for a in TITLE.legal_actions(state) if isinstance(a, PlayLocationCard))
    declared, _ = TITLE.apply(state, play)
    assert declared.pending[-1] == ReactionWindow(
        seat="polish", agent=play.agent, colour="yellow", target=play.target
    )
    foiled, events = TITLE.apply(declared, PlayReaction(card=INTERRUPTED))
    assert "stawka.arrest_foiled" in keys(events)
    assert foiled.agent(str(play.target)).status == "free"


def test_a_kidnapping_analogous_to_an_arrest_opens_the_yellow_window() -> None:
    """Release of the Arrested, 1: "Its procedure is analogous to an attempted arrest"."""
    state = in_activations(
        {"jacek": "hotel", "bruno_dreher": "hotel", "georg": "gestapo", "hermann_brunner": "gestapo"},
        turn="polish",
        scenario=SCENARIO,
        evidence={"polish": {"yellow": 6}},
        items={"jacek": ("theatre-5",)},
    )
    state = state.with_agent(state.agent("georg").model_copy(update={"status": "arrested", "space": "jail"}))
    state = holding(state, "german", COVER_STORY)  # its German half: Interrupted
    kidnap = Kidnap(agent="jacek", target="bruno_dreher")
    declared, _ = TITLE.apply(state, kidnap)
    assert declared.pending == (
        ReactionWindow(seat="german", agent="jacek", colour="yellow", target="bruno_dreher"),
    )
    foiled, events = TITLE.apply(declared, PlayReaction(card=COVER_STORY))
    assert "stawka.kidnap_foiled" in keys(events)
    assert foiled.agent("bruno_dreher").space == "hotel" and not foiled.talked


def test_the_arrest_window_opens_whatever_the_hand_holds() -> None:
    """The secrecy rule: the German player sees the same whether the Polish hand can answer
    the arrest or not."""
    views = []
    for held in ((INTERRUPTED,), (DELAY,)):
        declared, events = TITLE.apply(_arrest(*held), Arrest(agent="hermann_brunner", target="jacek"))
        assert isinstance(declared.pending[-1], ReactionWindow)
        views.append((TITLE.view(declared, "german"), [e.key for e in events if e.visible_to is None]))
    assert views[0] == views[1]
    empty, _ = TITLE.apply(_arrest(), Arrest(agent="hermann_brunner", target="jacek"))
    assert empty.agent("jacek").status == "arrested"  # an empty hand: no window


def test_cards_are_never_played_outside_an_enemy_activation() -> None:
    """Over whole advanced games, every reaction window opens while the agent it answers is
    activated, by the other side."""
    for scenario, seed in (("training-3", 3), ("i-know-who-you-are", 5)):
        state, _ = TITLE.start(TITLE.default_options(scenario), seed)
        bots = {seat: TITLE.make_bot("random", seat) for seat in ("polish", "german")}
        dice = Dice(seed_state(seed))
        windows = 0
        while (seat := TITLE.to_act(state)) is not None:
            top = state.pending[-1] if state.pending else None
            if isinstance(top, ReactionWindow):
                windows += 1
                assert state.activation is not None and state.activation.agent == top.agent
                assert state.agent(top.agent).side == other(top.seat)
            state, _ = TITLE.apply(state, TITLE.bot_action(bots[seat], state, dice))
        assert windows


def test_only_one_movement_card_is_played_on_one_movement() -> None:
    """Reaction Cards, 3: "In reaction to one action of an agent only one card may be
    played, e.g. if an agent is performing movement, only one movement-type card can be
    played on him."  Bruno Dreher walks in two moves in one activation: after a red card
    was played on the first, blocked or not, the second opens no red window; a window let
    pass played no card, so the next move still opens one.  Before, every move opened a
    window and a second red card could be played on the same movement."""
    state = in_activations(
        {"bruno_dreher": "hotel", "jacek": "gestapo", "kloss": "gestapo", "hermann_brunner": "gestapo"},
        turn="german",
        scenario=SCENARIO,
    )
    state = holding(state, "polish", DELAY, "reaction-03")

    def step(state: StawkaState) -> StawkaState:
        walks = [a for a in TITLE.legal_actions(state) if isinstance(a, Move)]
        walk = next(a for a in walks if a.agent == "bruno_dreher")
        moved, _ = TITLE.apply(state, walk)
        return moved

    state = step(state)
    assert state.pending == (ReactionWindow(seat="polish", agent="bruno_dreher", colour="red"),)
    state, _ = TITLE.apply(state, PlayReaction())  # let pass: no card played
    state = step(state)
    assert state.pending == (ReactionWindow(seat="polish", agent="bruno_dreher", colour="red"),)
    state, _ = TITLE.apply(state, PlayReaction(card=DELAY))
    assert state.activation is not None and state.activation.agent == "bruno_dreher"
    state = step(state)
    assert not state.pending, "a second movement card on the same movement"
    assert state.sides["polish"].reaction_hand.cards == ("reaction-03",)
