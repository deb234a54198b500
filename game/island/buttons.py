"""The buttons of the decision at hand: one per legal action, labelled from the catalogs.

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
) -> list[Button]:
    """The buttons for `legal` (the seat at the screen's actions); `arms` the cards picked so far."""
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
                layout.button(agents, index, wide=True),
                t("island.button.take_chip", name=name(action.colour)),
                action,
                colour=SEAT_COLOURS.get(action.colour),
            )
            for index, action in enumerate(legal)
        ]
    return [
        Button(layout.button(agents, index), _transport_label(t, action), action)
        for index, action in enumerate(legal)
    ]


def _transport_label(t: Callable[..., str], action: Any) -> str:
    if isinstance(action, Ride):
        card = t(f"island.value.{action.card}")
        if action.to == ISLAND:
            return t("island.button.ride_island", card=card)
        return t("island.button.ride", card=card, to=action.to)
    if isinstance(action, Jump):
        return t("island.button.jump", to=action.to)
    if isinstance(action, Place):
        return t("island.button.place", field=action.field)
    names = {GoOn: "go_on", TakeTransport: "take_transport", Exchange: "exchange", Stay: "stay"}
    return t(f"island.button.{names[type(action)]}")
