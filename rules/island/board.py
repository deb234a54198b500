"""Where the transport fields lead: the board's geometry as the rules read it ("Transport Cards").

Agents move one way round the ring: field numbers grow and the last field is followed
by the first.  A target is a field number, or ``"island"`` for the island in the middle.

    >>> from rules.island.content import load_content
    >>> board = load_content().board
    >>> ride_targets(board, 2, "helicopter", 3)   # the rulebook's Blue: 4, 10 and 16 fields on
    (6, 12, 18)
    >>> ride_targets(board, 26, "car+1", 3)       # Red: the next station (34), then one more
    (35,)
"""

from __future__ import annotations

from rules.island.content import FAMILY_OF_FIELD, Board, Family, Island, car_extra, family

Target = int | Island


def ahead(board: Board, field: int, steps: int) -> int:
    return (field + steps) % len(board.fields)


def ring_distance(board: Board, a: int, b: int) -> int:
    """Fields between two fields the short way round (either direction)."""
    forward = (b - a) % len(board.fields)
    return min(forward, len(board.fields) - forward)


def field_family(board: Board, field: int) -> Family | None:
    """The transport cards a field answers to, or None for a field that is no transport field."""
    return FAMILY_OF_FIELD.get(board.fields[field])


def nearest_ahead(board: Board, field: int, kind: str, count: int) -> tuple[int, ...]:
    """The `count` nearest fields of `kind` ahead of `field`, nearest first ("in the
    direction of travel"; water counts as a field like any other)."""
    size = len(board.fields)
    found = [
        ahead(board, field, step)
        for step in range(1, size)
        if board.fields[ahead(board, field, step)] == kind
    ]
    return tuple(found[:count])


def boat_lines(board: Board, harbour: int) -> tuple[tuple[Target, int], ...]:
    """(the other end, the line's length) of every dotted line from `harbour`."""
    ends: list[tuple[Target, int]] = []
    for line in board.lines:
        a, b = line.ends
        if a == harbour:
            ends.append((b, line.length))
        elif b == harbour:
            ends.append((a, line.length))
    return tuple(ends)


def ride_targets(board: Board, field: int, card: str, helicopter_choices: int) -> tuple[Target, ...]:
    """Where playing `card` at `field` may take the agent (empty: the card does not fit here).

    "Cars can always drive to the nearest gasoline station in their natural direction
    but they cannot drive past a gasoline station without the use of additional movement
    cards (car +1, +2)": a car goes to the next station ahead, car +N then N fields on.
    "Helicopters have the choice between the three nearest airports" (ahead: the
    rulebook's example counts them 4, 10 and 16 fields on).  "Boats can only move along
    the dotted black lines": to any end of a line from this harbour, the island included.
    """
    if field_family(board, field) != family(card):
        return ()
    if family(card) == "car":
        station = nearest_ahead(board, field, "station", 1)
        return (ahead(board, station[0], car_extra(card)),) if station else ()
    if family(card) == "helicopter":
        return nearest_ahead(board, field, "airport", helicopter_choices)
    return tuple(end for end, _ in boat_lines(board, field))


def jump_targets(board: Board, field: int) -> tuple[int, ...]:
    """Where an agent who lands on a transport field may go on without a card.

    "He can immediately travel to the next Transport Field of equal kind ... NOTE: The
    next Transport Field always refers to the movement direction of the agent": the
    next station, airport or harbour ahead, a harbour's included (not back along a
    dotted line: the jump takes no boat card, and the note names no exception).  "If two
    or more Transport Fields are equidistant in this direction the player can choose":
    on our ring one field is the nearest ahead, so there is never a tie.
    """
    kind = board.fields[field]
    if kind in FAMILY_OF_FIELD:
        return nearest_ahead(board, field, kind, 1)
    return ()


def start_fields(board: Board) -> tuple[int, ...]:
    return tuple(i for i, kind in enumerate(board.fields) if kind == "start")
