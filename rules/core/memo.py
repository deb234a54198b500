"""Values that depend only on a state, worked out once per state.

States are immutable, and a rule asks for the same value of the same state many times
(the legal actions of every agent ask which spaces stop a walk, the view asks again).
`per_state` remembers a function's results for the last state it was asked about, per
thread (a bot may think in one), by the state's identity: no hashing of the state, and
nothing kept beyond that one state.

    >>> from rules.core.model import Frozen
    >>> class Counter(Frozen):
    ...     value: int
    >>> calls = []
    >>> @per_state
    ... def doubled(state, plus):
    ...     calls.append(plus)
    ...     return 2 * state.value + plus
    >>> state = Counter(value=3)
    >>> doubled(state, 1), doubled(state, 1), doubled(state, 2), calls
    (7, 7, 8, [1, 2])
    >>> doubled(Counter(value=3), 1), calls
    (7, [1, 2, 1])
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, Concatenate, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class _Last(threading.local):
    parts: tuple[object, ...] = ()
    values: dict[Hashable, Any]


def per_state(function: Callable[Concatenate[Any, P], R]) -> Callable[Concatenate[Any, P], R]:
    """`function(state, *args)` remembered for the last state it was asked about.

    The other arguments must be hashable, and the result must depend on nothing else:
    callers share it, so they must not change it."""
    return per_parts(_whole)(function)


def _whole(state: object) -> tuple[object, ...]:
    return (state,)


def per_parts(
    parts: Callable[[Any], tuple[object, ...]],
) -> Callable[[Callable[Concatenate[Any, P], R]], Callable[Concatenate[Any, P], R]]:
    """As `per_state`, remembered while the parts of the state that `parts(state)` picks
    are the same objects: a value that depends on a few fields stays valid over the copies
    of a state that changed other fields (they share the unchanged ones).

        >>> from rules.core.model import Frozen
        >>> class Table(Frozen):
        ...     tokens: tuple[str, ...]
        ...     turn: int
        >>> @per_parts(lambda table: (table.tokens,))
        ... def counted(table):
        ...     print("counting")
        ...     return len(table.tokens)
        >>> table = Table(tokens=("a", "b"), turn=1)
        >>> counted(table)
        counting
        2
        >>> counted(table.model_copy(update={"turn": 2}))
        2
    """

    def decorate(function: Callable[Concatenate[Any, P], R]) -> Callable[Concatenate[Any, P], R]:
        last = _Last()

        @wraps(function)
        def remembered(state: Any, *args: P.args, **kwargs: P.kwargs) -> R:
            now = parts(state)
            if len(now) != len(last.parts) or any(a is not b for a, b in zip(now, last.parts, strict=False)):
                last.parts, last.values = now, {}
            key = (args, tuple(kwargs.items())) if kwargs else args
            try:
                value: R = last.values[key]
            except KeyError:
                value = last.values[key] = function(state, *args, **kwargs)
            return value

        return remembered

    return decorate
