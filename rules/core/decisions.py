"""Decisions as objects: what someone must decide now, and how each answer is handled.

Every moment of a game is one `Decision` waiting for one seat: the top of the state's
pending stack (an out-of-turn trigger, a reaction window, one seat's part of a
simultaneous secret choice) or, when the stack is empty, the turn itself
(`rules.core.title.Title.turn`).  A title declares each kind of decision once, as a
`DecisionRule`: the model of the decision (a frozen pydantic model with a ``kind``
literal, so a state's stack is a discriminated union and saves validate), the legal
actions it offers, and one handler per action type that answers it.  The base title
dispatches by the decision's kind and the action's type (two dictionary look-ups): a
title writes no dispatch of its own (ARCHITECTURE.md, "Each pending decision is an
object"; TabletopGames' ``IExtendedSequence``, boardgame.io's moves map).

A rule with an ``auto`` handler is taken by the rules themselves: it belongs to an
automated seat (a deck-driven opponent), never to a person or a bot, and the base title
runs it inside ``apply`` as soon as it comes on top.

    >>> from typing import Literal
    >>> from rules.core.model import Decision, Frozen
    >>> class Roll(Frozen):
    ...     type: Literal["roll"] = "roll"
    >>> class RollTurn(Decision):
    ...     kind: Literal["roll"] = "roll"
    >>> def roll(state, decision, action, dice):
    ...     return state, []
    >>> rule = DecisionRule(RollTurn, legal=lambda state, d: [Roll()], handlers={Roll: roll})
    >>> book = Rulebook(rule)
    >>> book.rule(RollTurn(seat="odd")) is rule
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.model import Decision, Event
from rules.core.rng import Dice

Handler = Callable[[Any, Any, Any, Dice], tuple[Any, list[Event]]]
"""``(state, decision, action, dice) -> (next state, events)``; raises IllegalAction."""
AutoHandler = Callable[[Any, Any, Dice], tuple[Any, list[Event]]]
"""``(state, decision, dice) -> (next state, events)``: the rules take the decision."""
Legal = Callable[[Any, Any], Iterable[Any]]
"""``(state, decision) -> the legal actions``, in a stable order."""
Allows = Callable[[Any, Any, Any], bool]
"""``(state, decision, action) -> True`` only if `action` is among the legal actions."""


@dataclass(frozen=True)
class DecisionRule:
    """How one kind of decision is answered.

    ``decision`` is the model of the decision; ``legal`` lists the actions it offers;
    ``handlers`` maps each action type that answers it to the function applying it.
    ``prompt`` says in a sentence what is expected, for refusing an action of another
    kind ("Choose a planning card first."; the catalogs translate it under the key
    ``<title id>.prompt.<kind>``).  ``auto`` makes it a decision the rules take
    themselves (an automated seat's), with no legal actions and no handlers.

    ``allows`` may say quickly that an action is legal without listing them all (a move:
    that agent's moves only): `Title.apply` asks it when the legal actions of the state
    were not listed yet (a save replayed).  It may answer False for a legal action (the
    list decides then), never True for an illegal one.
    """

    decision: type[Decision]
    legal: Legal = lambda state, decision: ()
    handlers: Mapping[type, Handler] = field(default_factory=dict)
    prompt: str = "That cannot be done now."
    auto: AutoHandler | None = None
    allows: Allows | None = None

    def __post_init__(self) -> None:
        kind = self.decision.model_fields["kind"].default
        if not isinstance(kind, str):
            raise TypeError(f"{self.decision.__name__} needs a default 'kind' literal")
        if self.auto is not None and self.handlers:
            raise TypeError(f"{kind}: an automated decision takes no actions")
        if self.auto is None and not self.handlers:
            raise TypeError(f"{kind}: a decision needs handlers or an automatic resolution")

    @property
    def kind(self) -> str:
        return str(self.decision.model_fields["kind"].default)


class Rulebook:
    """A title's decision rules, by kind; built once, at import."""

    def __init__(self, *rules: DecisionRule) -> None:
        self._rules: dict[str, DecisionRule] = {}
        for rule in rules:
            if rule.kind in self._rules:
                raise ValueError(f"decision kind {rule.kind!r} is declared twice")
            self._rules[rule.kind] = rule

    def rule(self, decision: Decision) -> DecisionRule:
        """The rule of `decision`'s kind; KeyError names a kind nobody declared."""
        try:
            return self._rules[decision.kind]
        except KeyError:
            raise KeyError(f"no rule answers decisions of kind {decision.kind!r}") from None

    def kinds(self) -> tuple[str, ...]:
        return tuple(self._rules)

    def rules(self) -> tuple[DecisionRule, ...]:
        return tuple(self._rules.values())
