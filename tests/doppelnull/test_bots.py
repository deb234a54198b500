"""The computer players: they act legally from their view alone, and the expert plays well."""

from __future__ import annotations

import math

from rules.core import Dice, seed_state
from rules.core.simulate import simulate
from rules.doppelnull import TITLE
from rules.doppelnull.actions import EndTurn, Swap
from rules.doppelnull.bots import DeductiveBot, ExpertBot
from rules.doppelnull.deduction import Posterior
from rules.doppelnull.options import DoppelnullOptions
from rules.doppelnull.state import phase_of
from tests.doppelnull.tables import playing_state


def test_expert_takes_a_certain_unmasking() -> None:
    # Male knows: female agent on card 7 with "+" can only be 8, 9 or 10; after 8 and 9
    # are unmasked, it must be 10, which he holds.
    state = playing_state()
    state, _ = TITLE.apply(state, Swap(card=8, slot=4))
    state, _ = TITLE.apply(state, Swap(card=9, slot=5))
    action = TITLE.bot_action(ExpertBot(), state, Dice(seed_state(1)))
    assert action == Swap(card=10, slot=6)


def test_deductive_takes_a_certain_unmasking() -> None:
    state = playing_state()
    state, _ = TITLE.apply(state, Swap(card=8, slot=4))
    state, _ = TITLE.apply(state, Swap(card=9, slot=5))
    assert TITLE.bot_action(DeductiveBot(), state, Dice(seed_state(1))) == Swap(card=10, slot=6)


def test_expert_placement_leaves_the_widest_ranges() -> None:
    """Its placement maximises the product of the clue-range sizes it shows."""
    state = TITLE.new_game(DoppelnullOptions(starter="random"), seed=21)
    dice = Dice(seed_state(2))
    bot = ExpertBot()
    while phase_of(state) != "play":
        action = TITLE.bot_action(bot, state, dice)
        assert action in TITLE.legal_actions(state)
        state, _ = TITLE.apply(state, action)
    for seat in ("male", "female"):
        line = state.lines[seat]
        agents = [a for a in line.agents if a is not None]
        shown = sum(math.log(10 - c if a > c else c - 1) for a, c in zip(agents, line.cards, strict=True))
        # Swapping the cards of any two agents (where allowed) never widens the ranges.
        for i in range(7):
            for j in range(i + 1, 7):
                cards = list(line.cards)
                cards[i], cards[j] = cards[j], cards[i]
                if any(a == c for a, c in zip(agents, cards, strict=True)):
                    continue
                other = sum(math.log(10 - c if a > c else c - 1) for a, c in zip(agents, cards, strict=True))
                assert other <= shown + 1e-9


def test_bots_choose_only_legal_actions_through_whole_games() -> None:
    dice = Dice(seed_state(3))
    for bot_ids in (("expert", "deductive"), ("deductive", "random")):
        state = TITLE.new_game(DoppelnullOptions(starter="random"), seed=8)
        bots = {seat: TITLE.make_bot(b, seat) for seat, b in zip(("male", "female"), bot_ids, strict=True)}
        while (seat := TITLE.to_act(state)) is not None:
            action = TITLE.bot_action(bots[seat], state, dice)
            assert action in TITLE.legal_actions(state)
            state, _ = TITLE.apply(state, action)
        assert TITLE.outcome(state) is not None


def test_expert_beats_random_from_either_seat() -> None:
    first = simulate(TITLE, None, 10, 1, ["expert", "random"])
    second = simulate(TITLE, None, 10, 1, ["random", "expert"])
    assert first["wins"]["male"] >= 9 and second["wins"]["female"] >= 9


def test_the_computer_players_play_on_after_an_unmasking_and_random_sometimes_ends() -> None:
    """Playing the Game: the earned turn may be ended; the expert and deductive go on."""
    state, _ = TITLE.apply(playing_state(), Swap(card=8, slot=4))
    assert EndTurn() in TITLE.legal_actions(state)
    dice = Dice(seed_state(4))
    assert isinstance(TITLE.bot_action(ExpertBot(), state, dice), Swap)
    assert isinstance(TITLE.bot_action(DeductiveBot(), state, dice), Swap)
    random_choices = {
        type(TITLE.bot_action(TITLE.make_bot("random", "male"), state, dice)) for _ in range(80)
    }
    assert random_choices == {Swap, EndTurn}


def test_going_on_after_an_unmasking_always_pays() -> None:
    """Why the expert never ends an earned turn (`ExpertBot`): in every earned turn of
    real games some swap may unmask, or fetches a card that may unmask another agent."""
    offered = 0
    for seed in range(1, 7):
        state, _ = TITLE.start(DoppelnullOptions(starter="random"), seed)
        bots = {s: TITLE.make_bot("expert", s) for s in ("male", "female")}
        dice = Dice(seed_state(seed))
        while (seat := TITLE.to_act(state)) is not None:
            legal = TITLE.legal_actions(state)
            if EndTurn() in legal:
                offered += 1
                view = TITLE.view(state, seat)
                side = view.sides[view.opponent_of(seat)]
                odds = Posterior(side).marginals
                may_unmask = any(
                    odds.get(a.slot, {}).get(a.card, 0) > 0 for a in legal if isinstance(a, Swap)
                )
                fetches = any(
                    odds[other].get(side.line[slot].card, 0) > 0
                    for slot in odds
                    for other in odds
                    if other != slot
                )
                assert may_unmask or fetches
            state, _ = TITLE.apply(state, TITLE.bot_action(bots[seat], state, dice))
    assert offered > 10
