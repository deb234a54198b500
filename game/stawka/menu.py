"""The side menu of the Stawka table: the actions available now, with their AP cost.

The actions and their costs are the rules' offers (`rules.stawka.offers`, in the view).
Moves, placements and the radio station's hiding place are clicked on the board;
everything else is a button here: the planning cards, the selected agent's actions, the
answers to decisions (keep or evidence, trigger a token, support a test, the carry-over).
The threat tokens drawn at step C get a row each, to pick which one to set out next.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pygame

from game.stawka.labels import Labels
from game.ui.fit import clip_text
from game.ui.theme import MIN_TEXT, PALETTE, text, wrap
from rules.stawka.actions import (
    Arrest,
    Assassinate,
    AttackAudi,
    BlockReaction,
    CardForAP,
    ChooseKlossDocument,
    ChoosePlanningCard,
    Converse,
    DiscardReaction,
    DiscardThreat,
    DiscardTopSecret,
    DrawThreat,
    EndActivation,
    GiveUp,
    Interrogate,
    ItemAsEvidence,
    KeepItem,
    KeepItemForNextGame,
    KeepThreats,
    KeepTrackWhole,
    Kidnap,
    MoveThreat,
    NameRadioSector,
    NudgeAudi,
    PassMission,
    PlaceThreat,
    PlayLocationCard,
    PlayReaction,
    Search,
    StawkaAction,
    Transmit,
    TriggerThreat,
    UseHideout,
    UseItem,
    UseSupport,
)
from rules.stawka.offers import Offer

BUTTON_HEIGHT = 32
GAP = 4
HINT_SIZE = 15
HINT_STEP = 20
"""The hint above the buttons: its face and line step."""
MENU_ALWAYS = (
    DrawThreat,
    KeepThreats,
    NameRadioSector,
    ChooseKlossDocument,
    PlayReaction,
    BlockReaction,
    DiscardReaction,
    CardForAP,
    TriggerThreat,
    UseSupport,
    ChoosePlanningCard,
    KeepItem,
    ItemAsEvidence,
    KeepTrackWhole,
    KeepItemForNextGame,
    EndActivation,
    GiveUp,
)
MENU_OF_AGENT = (
    AttackAudi,
    Converse,
    Search,
    Arrest,
    Interrogate,
    Kidnap,
    Assassinate,
    PassMission,
    UseItem,
    DiscardTopSecret,
    DiscardThreat,
    PlayLocationCard,
    UseHideout,
    Transmit,
)


def menu_offers(offers: Sequence[Offer], selected: str | None) -> list[Offer]:
    """The buttons of the side menu now (moves and placements are clicked on the board;
    leaving the Black Audi where it is is a button)."""
    return [
        offer
        for offer in offers
        if isinstance(offer.action, MENU_ALWAYS)
        or (isinstance(offer.action, MENU_OF_AGENT) and offer.action.agent == selected)
        or (isinstance(offer.action, NudgeAudi) and offer.action.to is None)
    ]


class SideMenu:
    """Buttons laid out in one column, or two when they do not fit in one."""

    def __init__(
        self,
        labels: Labels,
        left: int,
        width: int,
        bottom: int,
        chip: Callable[[pygame.Surface, str, pygame.Rect], None],
    ) -> None:
        self.labels = labels
        self.chip = chip
        self.left = left
        self.width = width
        self.bottom = bottom
        self.top = 0
        self.buttons: list[tuple[pygame.Rect, Offer]] = []
        self.token_buttons: list[tuple[pygame.Rect, str]] = []
        """Rows that pick what to set out next: drawn threat tokens, or (after a secret in
        "Top Secret") the spaces of own tokens to move."""
        self.token_labels: dict[str, str] = {}
        """A row's words where they are not "set out this token" (`layout`'s `sources`)."""
        self.selected_token: str | None = None
        self.more: pygame.Rect | None = None
        """The button that turns to the menu's next page, when its buttons do not all fit."""
        self.page = 0
        self._paged: tuple[object, ...] = ()
        """The buttons the page is counted over (a new list starts at its first page)."""
        self._kept: object = None
        """The action whose page `layout` was last asked to show."""
        self._laid: tuple[int, Sequence[Offer], str | None, str | None, Mapping[str, str] | None] = (
            0,
            (),
            None,
            None,
            None,
        )
        """What the last `layout` was given (the next page is laid out from it)."""

    def layout(
        self,
        top: int,
        offers: Sequence[Offer],
        selected: str | None,
        hint: str | None = None,
        sources: Mapping[str, str] | None = None,
        keep: object = None,
    ) -> None:
        """Place the token rows and the buttons under the heading and `hint` (drawn whole);
        `sources`: the spaces of own threat tokens that may move -> their row's words.
        Buttons that do not all fit are shown a page at a time, the last place turning to
        the next page; `keep`: an action whose page is shown (the hinted one)."""
        self._laid = (top, offers, selected, hint, sources)
        self.top = top
        y = top + 30
        if hint is not None:
            y += len(wrap(self.labels.ctx.font(HINT_SIZE, False), hint, self.width - 24)) * HINT_STEP + 6
        moving = list(dict.fromkeys(o.action.space for o in offers if isinstance(o.action, MoveThreat)))
        self.token_labels = {space: (sources or {}).get(space, space) for space in moving}
        placing = [o.action.token for o in offers if isinstance(o.action, PlaceThreat)]
        tokens = list(dict.fromkeys(placing)) + moving
        self.token_buttons = [
            (
                pygame.Rect(self.left + 12, y + i * (BUTTON_HEIGHT + GAP), self.width - 24, BUTTON_HEIGHT),
                token,
            )
            for i, token in enumerate(tokens)
        ]
        y += len(tokens) * (BUTTON_HEIGHT + GAP)
        shown = menu_offers(offers, selected)
        rows = max(1, (self.bottom - 6 - y) // (BUTTON_HEIGHT + GAP))
        columns = 1 if len(shown) <= rows else 2
        width = (self.width - 24 - (columns - 1) * 6) // columns
        places = [
            pygame.Rect(
                self.left + 12 + column * (width + 6), y + row * (BUTTON_HEIGHT + GAP), width, BUTTON_HEIGHT
            )
            for column in range(columns)
            for row in range(rows)
        ]
        self.more = None
        if len(shown) > len(places) > 1:
            # A page at a time: a location card with many targets lists them all, and ending
            # the activation or giving up must stay within reach.
            *places, self.more = places
            paged = tuple(offer.action for offer in shown)
            if paged != self._paged:
                self._paged, self.page = paged, 0
            if keep in paged and keep != self._kept:
                self.page = paged.index(keep) // len(places)
            self.page %= -(-len(shown) // len(places))
            shown = shown[self.page * len(places) :]
        self.buttons = list(zip(places, shown, strict=False))
        self._kept = keep

    def pages(self) -> int:
        """How many pages the buttons take (1: they all fit)."""
        per_page = len(self.buttons) if self.more is not None else 0
        return -(-len(self._paged) // per_page) if per_page else 1

    def chosen_token(self) -> str | None:
        """The drawn threat token to set out next (the first unless another was picked)."""
        tokens = [token for _, token in self.token_buttons]
        if self.selected_token in tokens:
            return self.selected_token
        return tokens[0] if tokens else None

    def click(self, pos: tuple[int, int]) -> StawkaAction | None:
        """The action of the button at `pos`; a token row only picks that token, the page
        button turns to the next page."""
        if self.more is not None and self.more.collidepoint(pos):
            self.page += 1
            self.layout(*self._laid, keep=self._kept)
            return None
        for rect, offer in self.buttons:
            if rect.collidepoint(pos):
                return offer.action
        for rect, token in self.token_buttons:
            if rect.collidepoint(pos):
                self.selected_token = token
        return None

    def draw(
        self, surface: pygame.Surface, heading: str, hint: str | None, hovered: Callable[[pygame.Rect], bool]
    ) -> None:
        """The heading, the token rows and the action buttons (`hovered`: is the pointer over a rect)."""
        ctx = self.labels.ctx
        pygame.draw.line(
            surface, PALETTE["line"], (self.left + 10, self.top), (self.left + self.width - 10, self.top)
        )
        room = self.width - 24
        size = next(
            (size for size in (15, MIN_TEXT) if ctx.font(size, True).size(heading)[0] <= room), MIN_TEXT
        )
        clip_text(surface, ctx.font(size, True), heading, (self.left + 12, self.top + 8), room, "brass")
        body = ctx.font(15 if len(self.buttons) < 2 or self.buttons[0][0].width > 200 else MIN_TEXT, False)
        chosen = self.chosen_token()
        for rect, token in self.token_buttons:
            pygame.draw.rect(
                surface, PALETTE["brass_dim"] if token == chosen else PALETTE["ink"], rect, border_radius=6
            )
            pygame.draw.rect(surface, PALETTE["brass"], rect, 1, border_radius=6)
            label = self.token_labels.get(token) or ctx.t(
                "stawka.ui.act.place_threat", token=self.labels.token(token)
            )
            clip_text(surface, body, label, (rect.x + 8, rect.centery), rect.width - 16, "text", "midleft")
        for rect, offer in self.buttons:
            action, cost = offer.action, offer.cost
            lit = hovered(rect)
            pygame.draw.rect(surface, PALETTE["panel_hi"] if lit else PALETTE["ink"], rect, border_radius=6)
            pygame.draw.rect(surface, PALETTE["brass"] if lit else PALETTE["line"], rect, 1, border_radius=6)
            label = self.labels.offer(offer)
            left = rect.x + 8
            if isinstance(action, ItemAsEvidence):
                # The evidence colour as a chip too (with its pattern when that setting is on).
                self.chip(surface, action.colour, pygame.Rect(left, rect.centery - 8, 24, 16))
                left += 30
            room = rect.right - left - (52 if cost is not None else 8)
            # Cut to the button, whole under the pointer (a long card or place name).
            clip_text(surface, body, label, (left, rect.centery), room, "text", "midleft")
            if cost is not None:
                text(
                    surface,
                    ctx.font(14, True),
                    ctx.t("stawka.ui.cost", cost=cost),
                    (rect.right - 10, rect.centery),
                    "brass",
                    "midright",
                )
        if self.more is not None:
            lit = hovered(self.more)
            pygame.draw.rect(
                surface, PALETTE["panel_hi"] if lit else PALETTE["ink"], self.more, border_radius=6
            )
            pygame.draw.rect(surface, PALETTE["brass"], self.more, 1, border_radius=6)
            label = ctx.t("stawka.ui.more", page=self.page + 1, pages=self.pages())
            clip_text(surface, body, label, self.more.center, self.more.width - 16, "brass", "center")
        if hint is not None:
            face = ctx.font(HINT_SIZE, False)
            for row, line in enumerate(wrap(face, hint, self.width - 24)):
                text(surface, face, line, (self.left + 12, self.top + 32 + row * HINT_STEP), "muted")
