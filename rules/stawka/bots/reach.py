"""Who reaches where on a Stawka board, as a bot (or the table) reckons it from a view."""

from __future__ import annotations

from rules.core import Seat
from rules.stawka.board import board_of
from rules.stawka.bots.odds import doc
from rules.stawka.content import load_content
from rules.stawka.costs import ap_cost
from rules.stawka.movement import routes
from rules.stawka.state import other
from rules.stawka.threats import discard_ap, token
from rules.stawka.view import AgentView, StawkaView


def chief_of(view: StawkaView, seat: Seat) -> AgentView | None:
    """The network chief of `seat` in play (Kloss; a black SS officer)."""
    return next(
        (a for a in view.agents if a.side == seat and a.status == "free" and doc(view, a.id).chief),
        None,
    )


def seen_routes(view: StawkaView, agent: AgentView, budget: int) -> dict[str, tuple[tuple[str, ...], int]]:
    """The agent's routes within `budget` AP as the rules count them (`movement.reachable`),
    from what the view shows: enemy traits stop him, the fort's check too; enemy tokens
    while he could still discard them (Movement, 5: once his action is taken he walks
    through them); face-up dangerous terrain costs more."""
    stops = {
        enemy.space
        for enemy in view.agents
        if enemy.side != agent.side
        and enemy.status == "free"
        and any(m.kind == "stops_enemies" for m in doc(view, enemy.id).trait.modifiers)
    }
    document = doc(view, agent.id)
    if not (document.chief or any(m.kind == "ignores_document_check" for m in document.trait.modifiers)):
        stops |= {loc.id for loc in load_content().locations if loc.document_check and loc.id in view.stacks}
    act = view.activation
    acted = act is not None and act.agent == agent.id and act.acted
    halts = () if acted else (space for space, (side, _) in view.threats.items() if side != agent.side)
    rough = (
        space
        for space, (_, t) in view.threats.items()
        if t is not None and t in view.threats_open and token(t).kind == "dangerous_terrain"
    )
    return routes(
        board_of(view.scenario),
        agent.space,
        agent.side,
        budget,
        frozenset(stops),
        frozenset(rough),
        ap_cost("move"),
        frozenset(halts),
        discard_ap(),
    )


def tokens_passed(view: StawkaView, seat: Seat, path: tuple[str, ...]) -> int:
    """How many enemy face-down tokens (their id unseen) a path enters: each opens its
    owner's window (Movement, 5)."""
    return sum(1 for space in path if space in view.threats and view.threats[space] == (other(seat), None))
