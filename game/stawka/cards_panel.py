"""Your cards (advanced rules): the location and reaction cards a player holds, whole.

A side-menu button names a card in one line, cut at the button's end; pointing at your own
row among the players shows every card you hold with its full text ("Location Cards":
its special action; "Reaction Cards": your half, its colour and the block symbol).  Only
the seat whose view this is holds its cards in the view: another seat's hand is a count
there, so the panel has nothing of the opponent's to show.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.stawka.hud import held_count
from game.stawka.labels import Labels
from game.stawka.patterns import AGENT_COLOURS
from game.ui.fit import Fitted, fit, fit_lines
from game.ui.theme import MIN_TEXT, PALETTE, Colour, panel, text
from rules.core import Seat
from rules.stawka.location_cards import location_card
from rules.stawka.reactions import reaction_card
from rules.stawka.view import StawkaView

WIDTH = 560
PAD = 14
TEXT_LINES = 4
"""A card's text in at most this many lines (the longest authored ones take three)."""
REACTION_COLOURS: dict[str, Colour] = {
    "red": PALETTE["red"],
    "purple": AGENT_COLOURS["purple"],
    "yellow": AGENT_COLOURS["yellow"],
}


class CardsPanel:
    """Draws one seat's own hand of location and reaction cards, full texts and all."""

    def __init__(self, labels: Labels, font: Callable[[int, bool], pygame.font.Font]) -> None:
        self.labels = labels
        self.font = font

    def t(self, key: str, **params: object) -> str:
        return self.labels.ctx.t(key, **params)

    def entries(self, view: StawkaView, seat: Seat) -> list[tuple[str, Colour | None, str, str]]:
        """(section, swatch, name, text) of every card the seat holds; none for a hand
        the view shows only as a count (another seat's)."""
        side = view.sides[seat]
        shown: list[tuple[str, Colour | None, str, str]] = []
        if isinstance(side.location_hand, tuple):
            for card_id in side.location_hand:
                card = location_card(card_id)
                shown.append(("location", None, self.labels.card(card_id), self.labels.text(card.text)))
        if isinstance(side.reaction_hand, tuple) and isinstance(side.reaction_drawn, tuple):
            for card_id in side.reaction_hand + side.reaction_drawn:
                reaction = reaction_card(card_id)
                half = reaction.polish if seat == "polish" else reaction.german
                swatch = REACTION_COLOURS[reaction.colour]
                shown.append(("reaction", swatch, self.labels.card(card_id), self.labels.text(half.text)))
        return shown

    def draw(
        self, surface: pygame.Surface, view: StawkaView, seat: Seat, right: int, top: int, bounds: pygame.Rect
    ) -> pygame.Rect | None:
        """The panel with its top right corner at (`right`, `top`), kept inside `bounds`;
        None when the seat plays without these cards or holds none of them."""
        if not view.location_card_limit:
            return None
        entries = self.entries(view, seat)
        side = view.sides[seat]
        held = {
            "location": self.t(
                "stawka.ui.cards.locations",
                held=held_count(side.location_hand),
                limit=view.location_card_limit,
            ),
        }
        if view.reaction_hand_limit:  # none in Godzina policyjna
            held["reaction"] = self.t(
                "stawka.ui.cards.reactions",
                held=held_count(side.reaction_hand),
                limit=view.reaction_hand_limit,
            )
        inner = WIDTH - 2 * PAD
        blocks: list[tuple[str, Colour | None, Fitted, Fitted]] = [
            (
                section,
                swatch,
                fit(self.font, name, inner - 24, MIN_TEXT, True),
                fit(self.font, body, inner - 24, MIN_TEXT, max_lines=TEXT_LINES),
            )
            for section, swatch, name, body in entries
        ]
        height = PAD + 28 + sum(24 for _ in held) + sum(b[2].height + b[3].height + 10 for b in blocks) + PAD
        box = pygame.Rect(right - WIDTH, top, WIDTH, height)
        box.clamp_ip(bounds)
        panel(surface, box, "panel", "brass")
        text(
            surface,
            self.font(MIN_TEXT + 2, True),
            self.t("stawka.ui.cards.title"),
            (box.x + PAD, box.y + PAD),
            "brass",
        )
        y = box.y + PAD + 28
        for section in held:
            text(surface, self.font(MIN_TEXT, True), held[section].upper(), (box.x + PAD, y + 3), "muted")
            y += 24
            for kind, swatch, name, body in blocks:
                if kind != section:
                    continue
                if swatch is not None:
                    pygame.draw.rect(surface, swatch, (box.x + PAD, y + 4, 14, 14), border_radius=3)
                y = fit_lines(surface, name, (box.x + PAD + 24, y)).bottom
                y = fit_lines(surface, body, (box.x + PAD + 24, y), "muted").bottom + 10
        return box
