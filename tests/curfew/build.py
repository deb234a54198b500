"""Build Godzina policyjna states for rule tests: a game past its set-up with the figures
where a test wants them, no document check on the board, the dice chosen.

The German agents' colours are those `TABLE_COLOURS` gives (Brunner black, Stedtke
yellow, Fritz Kopf blue, Erik Kopf purple), so each answers the Polish agent of his
colour: Kloss (black), Jacek (yellow), Ingrid Heizer (blue), Christianson (purple).  The
figures a test does not place stand apart on dead-end streets: the Polish ones in the
waterfront sector, the German ones in the administrative sector.  Dice are set by choosing
the generator's state (`tests.stawka.dice.rng_rolling`), never by mocking the rules' dice.
"""

from __future__ import annotations

from rules.curfew.state import CurfewState
from rules.stawka.content import COLOURS
from rules.stawka.documents import ap_limit
from tests.curfew.games import opened
from tests.stawka.dice import rng_rolling

TABLE_COLOURS = "black yellow blue purple"
"""Brunner, Stedtke, Fritz Kopf, Erik Kopf: each takes the colour of one Polish agent."""
APART = {
    "kloss": "waterfront.3",
    "jacek": "waterfront.4",
    "ingrid_heizer": "waterfront.5",
    "christianson": "waterfront.6",
    "hermann_brunner": "administrative.1",
    "stedtke": "administrative.2",
    "fritz_kopf": "administrative.7",
    "erik_kopf": "administrative.8",
}
"""Dead-end street spaces far from the city sector, where the tests play."""


def table(
    spaces: dict[str, str],
    german: dict[str, int] | None = None,
    polish: dict[str, int] | None = None,
    rolls: tuple[int, ...] = (),
    **fields: object,
) -> CurfewState:
    """The player's first turn of stage 1 with the agents on `spaces` (the others `APART`),
    the German track `german` and the Polish track `polish` (colour -> evidence, the rest
    0), no threat token on the board, the next d6 `rolls`, and any other `fields`."""
    state = opened(1, TABLE_COLOURS, {"jacek": 10})
    agents = tuple(a.model_copy(update={"space": spaces.get(a.id, APART[a.id])}) for a in state.agents)
    tracks = {"german": german or {}, "polish": polish or {}}
    sides = {
        seat: side.model_copy(update={"evidence": {**dict.fromkeys(COLOURS, 0), **tracks[seat]}})
        for seat, side in state.sides.items()
    }
    update: dict[str, object] = {"agents": agents, "sides": sides, "threats": {}, **fields}
    if rolls:
        update["rng"] = rng_rolling(*rolls)
    return state.model_copy(update=update)


def spent(state: CurfewState, *but: str) -> CurfewState:
    """`state` with every German agent's AP used up but those of `but`: rule H (the player
    ends the stage) then activates one of `but`, the ones with AP left, or nobody."""
    agents = tuple(
        a.model_copy(update={"ap_used": ap_limit(state, a)}) if a.side == "german" and a.id not in but else a
        for a in state.agents
    )
    return state.model_copy(update={"agents": agents})
