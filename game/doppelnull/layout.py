"""Where everything sits on the Doppelnull table (logical pixels inside the screen's rect).

From top to bottom: the opponent's header (name, hand), the opponent's agents on the
viewer's cards, the notebook row, the middle band (scoreboard, the viewer's hand or
waiting agents or the starter question, the hint panel), the viewer's agents on the
opponent's cards, and the viewer's box.  Unmasked agents gather in a tray to the right
of their line.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.doppelnull.figures import HEIGHT, WIDTH

COLUMN = 148
CARD = (120, 112)
FEET_BELOW_CARD_TOP = 30
"""An agent stands on its slot's upper end, its body above the card, so the number and
the sign at the slot's lower end stay visible."""
FIGURE_SCALE = 0.85
"""Agents on the lines are drawn a little smaller than in the rows of the setup."""
ROW_COLUMN = 104
HAND_CARD = (100, 136)
TRAY_SCALE = 0.42
MINI = (round(WIDTH * TRAY_SCALE), round(HEIGHT * TRAY_SCALE))


@dataclass(frozen=True)
class Layout:
    rect: pygame.Rect

    def _x(self, dx: int) -> int:
        return self.rect.x + dx

    def _y(self, dy: int) -> int:
        return self.rect.y + dy

    # -- the two lines ---------------------------------------------------------------

    def card(self, top: bool, slot: int) -> pygame.Rect:
        """The card of a slot in the opponent's line (`top`) or the viewer's."""
        return pygame.Rect(self._x(24 + slot * COLUMN), self._y(112 if top else 588), *CARD)

    def feet_y(self, top: bool) -> int:
        return self.card(top, 0).y + FEET_BELOW_CARD_TOP

    def slot_target(self, top: bool, slot: int) -> pygame.Rect:
        """What a click on a slot hits: its card and whoever stands on it."""
        card = self.card(top, slot)
        above = round(HEIGHT * FIGURE_SCALE) - FEET_BELOW_CARD_TOP
        return card.union(pygame.Rect(card.x, card.y - above, card.width, above))

    def notebook_row(self, slot: int) -> pygame.Rect:
        card = self.card(True, slot)
        return pygame.Rect(card.x - 4, card.bottom + 8, card.width + 8, 40)

    def tray(self, top: bool, index: int) -> tuple[int, int]:
        """Feet position of the index-th unmasked agent in a line's tray."""
        col, row = index % 3, index // 3
        return self._x(1062 + col * 34 + MINI[0] // 2), self._y((70 if top else 548) + (row + 1) * 58)

    def tray_label(self, top: bool) -> tuple[int, int]:
        return self._x(1108), self._y(60 if top else 536)

    def header(self, top: bool) -> tuple[int, int]:
        return self._x(24), self._y(14 if top else 480)

    # -- the rows of the blind pick ----------------------------------------------------

    def row_figure(self, top: bool, position: int) -> pygame.Rect:
        x = self._x(24 + position * ROW_COLUMN + ROW_COLUMN // 2)
        feet = self._y(210 if top else 700)
        return pygame.Rect(x - WIDTH // 2, feet - HEIGHT, WIDTH, HEIGHT)

    # -- the middle band ---------------------------------------------------------------

    def scoreboard(self) -> pygame.Rect:
        return pygame.Rect(self._x(24), self._y(278), 300, 186)

    def hand_card(self, index: int, lifted: bool = False) -> pygame.Rect:
        rect = pygame.Rect(self._x(402 + index * 118), self._y(312), *HAND_CARD)
        return rect.move(0, -14) if lifted else rect

    def opponent_hand_card(self, index: int) -> pygame.Rect:
        """The opponent's three hand cards, at the hint panel's right end: its caption (whose
        hand) takes the room left of them."""
        panel = self.hint_panel()
        return pygame.Rect(panel.right - 16 - 142 + index * 50, panel.y + 84, 42, 52)

    def waiting_figure(self, index: int) -> pygame.Rect:
        """The index-th of the (at most 7) agents waiting to be placed: all between the
        scoreboard and the hint panel, a little closer than their width."""
        x = self._x(368 + index * 57)
        feet = self._y(458)
        return pygame.Rect(x - WIDTH // 2, feet - HEIGHT, WIDTH, HEIGHT)

    def hint_panel(self) -> pygame.Rect:
        return pygame.Rect(self._x(744), self._y(278), 420, 186)

    def starter_button(self, index: int) -> pygame.Rect:
        return pygame.Rect(self._x(360 + index * 130), self._y(406), 120, 48)

    def notebook_toggle(self, beside_end_turn: bool = False) -> pygame.Rect:
        """The notebook chip along the hint panel's foot; its left part when the "End
        turn" button stands beside it."""
        panel = self.hint_panel()
        width = panel.width - 32
        return pygame.Rect(
            panel.x + 16, panel.bottom - 44, (width - 10) // 2 if beside_end_turn else width, 34
        )

    def end_turn_button(self) -> pygame.Rect:
        """Ending a turn an unmasking earned: right of the notebook chip."""
        chip = self.notebook_toggle(beside_end_turn=True)
        return pygame.Rect(chip.right + 10, chip.y, chip.width, chip.height)

    def arrange_button(self) -> pygame.Rect:
        """ "Arrange for me" at placement: where the notebook chip is in play."""
        return self.notebook_toggle(beside_end_turn=True)

    def place_button(self) -> pygame.Rect:
        """ "Place them" (the arrangement drawn): where "End turn" is in play."""
        return self.end_turn_button()

    def box(self) -> tuple[int, int]:
        return self._x(24), self._y(716)
