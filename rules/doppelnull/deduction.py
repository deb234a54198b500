"""What a seat can deduce about the opponent's hidden agents, from its view alone.

Two levels, used by the bots, the notebook aid and `scramble`:

* `possible_numbers`: per opponent slot, the numbers its +/- clues allow, minus the
  numbers accounted for (unmasked agents, and agents whose number is already certain).
* `Posterior`: the exact probability of every number on every slot, over every
  assignment of numbers to the opponent's agents consistent with all clues, each
  weighted by how likely the opponent's setup was to produce it.

The weighting: the blind pick leaves each 7 of the 10 numbers in play equally likely,
and we model the opponent's placement as any valid placement ("Setup" 4) with equal
chance.  A set of agents of which ``k`` share a number with a dealt card has
``M(k) = sum_j (-1)^j C(k, j) (7 - j)!`` valid placements, so an assignment weighs
``1 / M(k)``.

Rather than listing the up to 10*9*...*4 assignments one by one, `Posterior` counts
them with a dynamic programme over the numbers 1..10 (state: which slots are filled,
how many chosen numbers were dealt cards) run forwards and backwards; every count it
produces is the same as the enumeration's, at a few thousand steps.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from functools import cached_property
from typing import Protocol

from rules.core import Dice
from rules.doppelnull.content import load_content
from rules.doppelnull.state import Clue


class SeenSlot(Protocol):
    """What the deduction reads of one card of a line as a seat sees it (the view's
    `SlotView` is one): the view fills its slots' possible numbers from here, so this
    module reads the view's shape, never imports it."""

    @property
    def placed(self) -> bool: ...
    @property
    def agent(self) -> int | None: ...
    @property
    def unmasked(self) -> bool: ...
    @property
    def clues(self) -> tuple[Clue, ...]: ...


class SeenSide(Protocol):
    """What the deduction reads of one side of the table as a seat sees it (the view's
    `SideView` is one): its line, and the cards dealt to it at setup."""

    @property
    def line(self) -> Sequence[SeenSlot]: ...
    @property
    def dealt(self) -> tuple[int, ...]: ...


Counts = dict[tuple[int, int], float]
"""(mask of filled slots, dealt numbers used) -> weighted number of ways."""


def clue_range(clues: Sequence[Clue], numbers: int) -> range:
    """The numbers an agent with these clues may have: "+" on c means above c, "-" below."""
    low, high = 1, numbers
    for clue in clues:
        if clue.sign == "+":
            low = max(low, clue.card + 1)
        elif clue.sign == "-":
            high = min(high, clue.card - 1)
        else:
            low = high = clue.card
    return range(low, high + 1)


def possible_numbers(side: SeenSide) -> list[frozenset[int]]:
    """Per slot of `side`'s line, the numbers its agent may have (what a notebook shows).

    Unmasked agents are known.  Otherwise: the clue range, minus numbers accounted for.
    A number is accounted for when an unmasked agent has it, or when some group of
    slots has exactly as many possible numbers as slots (one slot that can only be 6;
    two slots that can only be 3 or 4): those numbers are theirs and no one else's.
    Empty sets for slots without a (visible) agent.
    """
    numbers = load_content().pieces.numbers
    domains: list[frozenset[int]] = []
    for slot in side.line:
        if not slot.placed:
            domains.append(frozenset())
        elif slot.agent is not None:
            domains.append(frozenset({slot.agent}))
        else:
            domains.append(frozenset(clue_range(slot.clues, numbers)))
    known = {slot.agent for slot in side.line if slot.unmasked and slot.agent is not None}
    hidden = [i for i, slot in enumerate(side.line) if slot.placed and not slot.unmasked]
    for i in hidden:
        domains[i] = domains[i] - known
    changed = True
    while changed:
        changed = False
        for group in _tight_groups(domains, hidden):
            taken = frozenset().union(*(domains[i] for i in group))
            for i in hidden:
                if i not in group and domains[i] & taken:
                    domains[i] = domains[i] - taken
                    changed = True
    return domains


def _tight_groups(domains: list[frozenset[int]], hidden: list[int]) -> list[tuple[int, ...]]:
    """Groups of slots whose possible numbers together are exactly as many as the slots."""
    groups = []
    seen: set[frozenset[int]] = set()
    for i in hidden:
        union = domains[i]
        members = tuple(j for j in hidden if domains[j] and domains[j] <= union)
        if len(members) == len(union) and union not in seen:
            seen.add(union)
            groups.append(members)
    return groups


def placements_count(shared: int, line: int) -> int:
    """M(k): placements of `line` agents on `line` cards with `shared` agent/card number
    pairs forbidden ("Setup" 4: never on the card of the same number)."""
    return sum((-1) ** j * math.comb(shared, j) * math.factorial(line - j) for j in range(shared + 1))


class Posterior:
    """Exact probabilities of the opponent's hidden agent numbers, given one side's view.

    >>> # after `side = view.sides["female"]` from the male's view:
    >>> # Posterior(side).marginals[slot][number] -> probability
    """

    def __init__(self, side: SeenSide) -> None:
        pieces = load_content().pieces
        self.line_size = len(side.line)
        self.slots = [i for i, slot in enumerate(side.line) if slot.placed and not slot.unmasked]
        known = {slot.agent for slot in side.line if slot.unmasked and slot.agent is not None}
        self.numbers = [n for n in range(1, pieces.numbers + 1) if n not in known]
        self.dealt = frozenset(side.dealt)
        self.known_dealt = len(known & self.dealt)
        self.ranges = [frozenset(clue_range(side.line[i].clues, pieces.numbers)) for i in self.slots]
        self.full = (1 << len(self.slots)) - 1
        self.forward = self._forward()
        self.backward = self._backward()
        self.total = sum(v * self.weight(k) for (mask, k), v in self.forward[-1].items() if mask == self.full)

    @classmethod
    def of(cls, side: SeenSide) -> Posterior:
        """The posterior of `side`, made once for what it reads of the side (each slot's
        placed, unmasked, agent and clues, and the dealt cards) and then shared: `scramble`
        and the bots ask again of a side no action changed.  Only read once made."""
        key = (tuple((s.placed, s.unmasked, s.agent, s.clues) for s in side.line), side.dealt)
        found = _MADE.get(key)
        if found is None:
            if len(_MADE) >= MADE_KEPT:
                _MADE.clear()
            found = _MADE[key] = cls(side)
        return found

    def weight(self, dealt_used: int) -> float:
        """1 / M(k) for assignments whose hidden agents share `dealt_used` numbers with dealt cards."""
        return 1.0 / placements_count(dealt_used + self.known_dealt, self.line_size)

    def _steps(self, counts: Counts, number: int, forward: bool) -> Counts:
        shift = 1 if number in self.dealt else 0
        out: Counts = defaultdict(float)
        for (mask, k), value in counts.items():
            out[(mask, k)] += value
            for index, allowed in enumerate(self.ranges):
                bit = 1 << index
                if number in allowed and (mask & bit if not forward else not mask & bit):
                    out[(mask ^ bit, k + shift)] += value
        return out

    def _forward(self) -> list[Counts]:
        """forward[i]: ways numbers[:i] fill each set of slots (mask = filled)."""
        layers: list[Counts] = [{(0, 0): 1.0}]
        for number in self.numbers:
            layers.append(self._steps(layers[-1], number, forward=True))
        return layers

    def _backward(self) -> list[Counts]:
        """backward[i]: ways numbers[i:] fill the slots missing from each mask."""
        layers: list[Counts] = [{(self.full, 0): 1.0}]
        for number in reversed(self.numbers):
            layers.append(self._steps(layers[-1], number, forward=False))
        layers.reverse()
        return layers

    @cached_property
    def marginals(self) -> dict[int, dict[int, float]]:
        """slot -> number -> probability (numbers with probability 0 left out)."""
        result: dict[int, dict[int, float]] = {slot: {} for slot in self.slots}
        if self.total <= 0:
            return result
        for i, number in enumerate(self.numbers):
            shift = 1 if number in self.dealt else 0
            after: dict[int, dict[int, float]] = defaultdict(dict)
            for (mask, k), value in self.backward[i + 1].items():
                after[mask][k] = value
            for index, slot in enumerate(self.slots):
                if number not in self.ranges[index]:
                    continue
                bit = 1 << index
                mass = 0.0
                for (mask, k1), before in self.forward[i].items():
                    if mask & bit:
                        continue
                    for k2, rest in after.get(mask | bit, {}).items():
                        mass += before * rest * self.weight(k1 + shift + k2)
                if mass > 0:
                    result[slot][number] = mass / self.total
        return result

    def probability(self, slot: int, number: int) -> float:
        return self.marginals.get(slot, {}).get(number, 0.0)

    def sample(self, dice: Dice) -> dict[int, int]:
        """One assignment slot -> number drawn with its exact probability."""
        mask, used = 0, 0
        chosen: dict[int, int] = {}
        for i, number in enumerate(self.numbers):
            shift = 1 if number in self.dealt else 0
            rest: dict[int, list[tuple[int, float]]] = defaultdict(list)
            for (m, k), value in self.backward[i + 1].items():
                rest[m].append((k, value))
            options: list[tuple[float, int | None, int, int]] = []
            for index in [None, *range(len(self.slots))]:
                if index is None:
                    new_mask, new_used = mask, used
                else:
                    bit = 1 << index
                    if mask & bit or number not in self.ranges[index]:
                        continue
                    new_mask, new_used = mask | bit, used + shift
                mass = sum(v * self.weight(new_used + k) for k, v in rest.get(new_mask, ()))
                if mass > 0:
                    options.append((mass, index, new_mask, new_used))
            _, index, mask, used = options[_weighted_choice(dice, [o[0] for o in options])]
            if index is not None:
                chosen[self.slots[index]] = number
        return chosen


MADE_KEPT = 256
"""How many posteriors `Posterior.of` keeps (all are dropped when it is full)."""
_MADE: dict[tuple[object, ...], Posterior] = {}


def _weighted_choice(dice: Dice, weights: Sequence[float]) -> int:
    total = sum(weights)
    point = dice.below(1 << 53) / float(1 << 53) * total
    for index, weight in enumerate(weights):
        point -= weight
        if point < 0:
            return index
    return len(weights) - 1
