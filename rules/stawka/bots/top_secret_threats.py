"""What the bots do with a secret's threat tokens in "Top Secret" (`rules.stawka.film.secret_threats`).

Once Dr Pulkowski is broken the Polish side moves its tokens off the streets nobody uses onto
the Black Audi's way home, where they stop the car (`black_audi`); else a new token is
worth more than two moved, so either side draws one, and with an empty pool moves the token
farthest from the enemy agents next to them (as `HeuristicBot` sets tokens out).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Dice, Seat
from rules.stawka.actions import DrawThreat, KeepThreats, MoveThreat, StawkaAction
from rules.stawka.board import FAR, step_counts
from rules.stawka.bots import worth
from rules.stawka.bots.top_secret import car_distances
from rules.stawka.film.top_secret import BARRACKS
from rules.stawka.state import POLISH, other
from rules.stawka.view import StawkaView

CLOSER = 2
"""Steps a token must gain toward the enemy agents to be worth moving."""


def car_route(view: StawkaView) -> dict[str, int]:
    """With Pulkowski broken or aboard: the spaces on a shortest road of the car to the
    barracks -> how far ahead of the car (empty before)."""
    held = view.top_secret
    if held is None or held.pulkowski not in ("broken", "aboard"):
        return {}
    home = car_distances(view.scenario, BARRACKS)
    whole = home.get(held.audi, FAR)
    ahead = car_distances(view.scenario, held.audi)
    return {
        space: ahead[space]
        for space, left in home.items()
        if space in ahead and ahead[space] > 0 and ahead[space] + left == whole
    }


def choice(view: StawkaView, seat: Seat, legal: Sequence[StawkaAction], dice: Dice) -> StawkaAction:
    moves = [a for a in legal if isinstance(a, MoveThreat)]
    route = car_route(view) if seat == POLISH else {}
    on_route = [a for a in moves if a.to in route and a.space not in route]
    if on_route:
        # The nearest space ahead of the car first: it meets the car soonest.
        return min(on_route, key=lambda a: (route[a.to], a.space, a.to))
    if DrawThreat() in legal:
        return DrawThreat()
    table = step_counts(view.scenario, other(seat))
    foes = [a.space for a in worth.enemies(view, seat)]

    def reach(space: str) -> int:
        return min((table[f].get(space, FAR) for f in foes), default=FAR)

    best = min(moves, key=lambda a: (reach(a.to) - reach(a.space), dice.below(100)), default=None)
    if best is not None and reach(best.to) + CLOSER <= reach(best.space) and best.space not in route:
        return best
    return KeepThreats()
