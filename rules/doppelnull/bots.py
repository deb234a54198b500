"""Computer players: `random`, `deductive` and `expert`. They see only their seat's view."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from rules.core import Bot, Dice, RandomBot, Seat
from rules.doppelnull.actions import Action, Place, Swap
from rules.doppelnull.deduction import Posterior, possible_numbers
from rules.doppelnull.view import DoppelnullView

CERTAIN_TIE = 1e-9


class DeductiveBot:
    """Keeps each opponent agent's possible numbers (`possible_numbers`: the +/- clues and
    the numbers accounted for) and swaps in the card most likely to unmask, counting each
    possible number of an agent as equally likely; always plays the turn an unmasking
    earns.  Places at random."""

    def choose(self, view: Any, legal: Sequence[Action], dice: Dice) -> Action:
        assert isinstance(view, DoppelnullView) and view.seat is not None
        swaps = [a for a in legal if isinstance(a, Swap)]
        if not swaps:
            return dice.choice(legal)
        domains = possible_numbers(view.sides[view.opponent_of(view.seat)])

        def chance(action: Swap) -> float:
            domain = domains[action.slot]
            return 1.0 / len(domain) if action.card in domain else 0.0

        best = max(chance(a) for a in swaps)
        return dice.choice([a for a in swaps if chance(a) >= best - CERTAIN_TIE])


class ExpertBot:
    """Exact probabilities over every assignment consistent with all it has seen
    (`Posterior`); swaps to maximise the chance to unmask, ties broken by the
    information the swap is expected to give (the entropy of its =/+/- outcome).
    At setup it places its agents so the signs tell the opponent as little as possible.

    After an unmasking it may end its turn ("may play their turn again"), and plays on
    because that always pays: a swap shows the opponent nothing of its own agents (the
    hands are public), and some swap always may unmask or bring back a card that may.  An
    agent's possible number is a card in the hand (a chance to unmask now) or under
    another standing agent (a swap there fetches it); it cannot lie under its own agent
    (the sign rules it out) nor under an unmasked one (whose number it would be).
    """

    def choose(self, view: Any, legal: Sequence[Action], dice: Dice) -> Action:
        assert isinstance(view, DoppelnullView) and view.seat is not None
        swaps = [a for a in legal if isinstance(a, Swap)]
        if swaps:
            return self._swap(view, view.seat, swaps, dice)
        places = [a for a in legal if isinstance(a, Place)]
        if places:
            return _quiet_placement(view, view.seat, places)
        return dice.choice(legal)

    def _swap(self, view: DoppelnullView, seat: Seat, swaps: list[Swap], dice: Dice) -> Swap:
        posterior = Posterior.of(view.sides[view.opponent_of(seat)])

        def score(action: Swap) -> tuple[float, float]:
            marginal = posterior.marginals.get(action.slot, {})
            equal = marginal.get(action.card, 0.0)
            above = sum(p for n, p in marginal.items() if n > action.card)
            below = sum(p for n, p in marginal.items() if n < action.card)
            return equal, _entropy((equal, above, below))

        scored = [(score(a), a) for a in swaps]
        best_chance = max(s[0] for s, _ in scored)
        contenders = [(s, a) for s, a in scored if s[0] >= best_chance - CERTAIN_TIE]
        best_info = max(s[1] for s, _ in contenders)
        return dice.choice([a for s, a in contenders if s[1] >= best_info - CERTAIN_TIE])


def _entropy(probabilities: Sequence[float]) -> float:
    return -sum(p * math.log2(p) for p in probabilities if p > 0)


def _quiet_placement(view: DoppelnullView, seat: Seat, places: list[Place]) -> Place:
    """The first step of the placement whose signs leave the widest ranges to guess from.

    An agent on "+" over card c could be any of c+1..10, on "-" any of 1..c-1; the
    placement maximising the product of those range sizes (over all ways to place the
    agents still waiting) gives the opponent the least to go on.
    """
    side = view.sides[seat]
    numbers = len(side.row)
    free = [i for i, slot in enumerate(side.line) if slot.agent is None]
    waiting = list(side.waiting)

    def width(agent: int, card: int) -> float:
        return math.log(numbers - card if agent > card else card - 1)

    best: tuple[float, tuple[int, ...]] | None = None
    for order in itertools.permutations(free, len(waiting)):
        if any(side.line[slot].card == agent for agent, slot in zip(waiting, order, strict=True)):
            continue
        total = sum(width(agent, side.line[slot].card) for agent, slot in zip(waiting, order, strict=True))
        if best is None or total > best[0] + CERTAIN_TIE:
            best = (total, order)
    if best is None:
        return places[0]
    plan = Place(agent=waiting[0], slot=best[1][0])
    return plan if plan in places else places[0]


def make_bot(bot_id: str, seat: Seat) -> Bot[Any]:
    if bot_id == "random":
        return RandomBot()
    if bot_id == "deductive":
        return DeductiveBot()
    if bot_id == "expert":
        return ExpertBot()
    raise KeyError(f"doppelnull has no bot called {bot_id!r}")
