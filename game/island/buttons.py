"""The buttons of the decision at hand: one per legal action, labelled from the catalogs;
and every action in a sentence (`action_text`, the hint's words).

The rules list the actions (`Title.legal_actions`); this only names them and places them.
Equipment for a fight is picked on the hand's cards and confirmed with one button.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.island.layout import Layout
from game.island.pieces import SEAT_COLOURS, Button
from rules.island.actions import (
    Arm,
    ChooseEncounter,
    Exchange,
    GoOn,
    Jump,
    Place,
    Ride,
    Roll,
    RollOff,
    Stay,
    TakeChip,
    TakeTransport,
)
from rules.island.content import ISLAND


def decision_buttons(
    t: Callable[..., str],
    name: Callable[[str], str],
    layout: Layout,
    agents: int,
    legal: Sequence[Any],
    arms: tuple[str, ...],
    width_of: Callable[[str], int] | None = None,
) -> list[Button]:
    """The buttons for `legal` (the seat at the screen's actions); `arms` the cards picked so
    far; `width_of` how wide a label is drawn (a transport field's moves take a row each
    when one is too long for half of it)."""
    if not legal:
        return []
    first = legal[0]
    if isinstance(first, RollOff | Roll):
        key = "island.button.roll_off" if isinstance(first, RollOff) else "island.button.roll"
        return [Button(layout.button(agents, 0, wide=True), t(key), first, "primary")]
    if isinstance(first, ChooseEncounter):
        return [
            Button(layout.button(agents, index), t(f"island.button.{action.card}"), action, tone)
            for index, (action, tone) in enumerate(zip(legal, ("friend", "foe"), strict=True))
        ]
    if isinstance(first, Arm):
        chosen = Arm(cards=tuple(sorted(arms)))
        label = t("island.button.arm", count=len(arms)) if arms else t("island.button.arm_none")
        return [
            Button(layout.button(agents, 0, wide=True), label, chosen if chosen in legal else None, "foe")
        ]
    if isinstance(first, TakeChip):
        return [
            Button(
                layout.button(agents, index, wide=True, count=len(legal)),
                t("island.button.take_chip", name=name(action.colour)),
                action,
                colour=SEAT_COLOURS.get(action.colour),
            )
            for index, action in enumerate(legal)
        ]
    labels = [_transport_label(t, action) for action in legal]
    # A row each when a label is too long for half a row and three rows hold them all.
    half = layout.button(agents, 0, count=len(legal)).width - 18
    wide = len(legal) <= 3 and width_of is not None and any(width_of(label) > half for label in labels)
    return [
        Button(layout.button(agents, index, wide=wide, count=len(legal)), label, action)
        for index, (action, label) in enumerate(zip(legal, labels, strict=True))
    ]


def _transport_label(t: Callable[..., str], action: Any, words: str = "button") -> str:
    """A move at a transport field: a button's words (``island.button.*``), or with
    `words` ``"act"`` the sentence of a ride, a jump or a start space (``island.act.*``)."""
    if isinstance(action, Ride):
        card = t(f"island.value.{action.card}")
        if action.to == ISLAND:
            return t(f"island.{words}.ride_island", card=card)
        return t(f"island.{words}.ride", card=card, to=action.to)
    if isinstance(action, Jump):
        return t(f"island.{words}.jump", to=action.to)
    if isinstance(action, Place):
        return t(f"island.{words}.place", field=action.field)
    names = {GoOn: "go_on", TakeTransport: "take_transport", Exchange: "exchange", Stay: "stay"}
    return t(f"island.button.{names[type(action)]}")


def action_text(t: Callable[..., str], name: Callable[[str], str], action: Any) -> str:
    """`action` as a sentence to the seat taking it, in the words of its button where they
    are one ("Roll the die", "Walk on") and the cards and fields as the buttons name them."""
    if isinstance(action, ChooseEncounter):
        return t("island.act.encounter", card=t(f"island.value.{action.card}"))
    if isinstance(action, Arm):
        cards = [t(f"island.value.{card}") for card in action.cards]
        if not cards:
            return t("island.button.arm_none")
        if len(cards) == 1:
            return t("island.act.arm_one", card=cards[0])
        return t("island.act.arm_two", first=cards[0], second=cards[1])
    if isinstance(action, TakeChip):
        return t("island.act.take_chip", name=name(action.colour))
    if isinstance(action, RollOff | Roll):
        return t("island.button.roll_off" if isinstance(action, RollOff) else "island.button.roll")
    return _transport_label(t, action, "act")
