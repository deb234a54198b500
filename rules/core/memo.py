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
from collections.abc import Callable
from functools import wraps
from operator import is_
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])


class _Last(threading.local):
    """The key of the last state asked about and the values worked out for it, as one
    pair: a thread-local attribute costs a look-up in the thread's own dict, so a call
    reads one, not two."""

    pair: tuple[object, dict[tuple[Any, ...], Any]] = (None, {})
    """Never written to while its key is None: states are never None."""


def per_state(function: F) -> F:
    """`function(state, *args)` remembered for the last state it was asked about.

    The other arguments are given by position and must be hashable, and the result must
    depend on nothing else: callers share it, so they must not change it."""
    last = _Last()

    @wraps(function)
    def remembered(state: Any, *args: Any) -> Any:
        known, values = last.pair
        if known is not state:
            values = {}
            last.pair = (state, values)
        try:  # (`_look_up` inlined: one frame less, on every call)
            return values[args]
        except KeyError:
            value = values[args] = function(state, *args)
            return value

    return cast(F, remembered)


def per_parts(
    parts: Callable[[Any], tuple[object, ...]],
) -> Callable[[F], F]:
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

    def decorate(function: F) -> F:
        last = _Last()

        @wraps(function)
        def remembered(state: Any, *args: Any) -> Any:
            now = parts(state)
            known, values = last.pair
            # (a cast to `tuple[object, ...]` here made the alias at every call)
            if known is None or not all(map(is_, now, known)):  # type: ignore[call-overload]  # one length
                values = {}
                last.pair = (now, values)
            try:  # as in `per_state`
                return values[args]
            except KeyError:
                value = values[args] = function(state, *args)
                return value

        return cast(F, remembered)

    return decorate
