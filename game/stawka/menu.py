"""The side menu of the Stawka table: the actions available now, with their AP cost.

The actions and their costs are the rules' offers (`rules.stawka.offers`, in the view).
Moves, placements and the radio station's hiding place are clicked on the board;
everything else is a button here: the planning cards, the selected agent's actions, the
answers to decisions (keep or evidence, trigger a token, support a test, the carry-over).
The threat tokens drawn at step C get a row each, to pick which one to set out next.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

import pygame

from game.stawka.labels import Labels
from game.ui.fit import clip_text, fit, fit_text
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
LOW_BUTTON = 26
"""The lowest a button gets (its words at `MIN_TEXT` on one line)."""
PAD = 6
"""Between a button's edge and its words."""
TALL_BUTTON = 46
LINE_STEP = 22
"""A button's further lines (three or four: a reaction card's effect after its target)."""
MOST_LINES = 5
"""The most lines a button's words take (a reaction card's target and effect: "Hans Kloss →
the streets of Administrative sector: Shadowing: one of your agents follows the moving
enemy up to 2 spaces (no AP)." was cut after four)."""
LOWER = (BUTTON_HEIGHT, 28, LOW_BUTTON)
"""The heights of a row of buttons whose words take one line, from the full one down."""
GAP = 4
HEADING_SIZE = MIN_TEXT
HINT_SIZE = MIN_TEXT
HINT_STEP = 22
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
    shown = []
    for offer in offers:
        action, kind = offer.action, _menu_kind(type(offer.action))
        if (
            kind == "always"
            or (kind == "of agent" and getattr(action, "agent", None) == selected)
            or (kind == "nudge" and getattr(action, "to", None) is None)
        ):
            shown.append(offer)
    return shown


@cache
def _menu_kind(kind: type) -> str | None:
    """Whether an action of this class is a button always, a button of its agent's, the
    Black Audi's nudge, or none: worked out once a class (a placement's offers are
    hundreds, and the menu is laid out again for each hint)."""
    if issubclass(kind, MENU_ALWAYS):
        return "always"
    if issubclass(kind, MENU_OF_AGENT):
        return "of agent"
    if issubclass(kind, NudgeAudi):
        return "nudge"
    return None


REACTIONS = (PlayReaction, BlockReaction, DiscardReaction)
"""Plays of reaction cards, of which a hand may hold copies alike."""

Placed = list[tuple[pygame.Rect, Offer]]
"""Buttons in their places."""


@dataclass(frozen=True)
class Row:
    """A row of the menu: one button across it (`wide`), or one or two on its halves."""

    buttons: list[tuple[Offer, int]]
    """Each button's offer and height."""
    wide: bool

    @property
    def height(self) -> int:
        return max(height for _, height in self.buttons)

    @property
    def open(self) -> bool:
        """Whether its right half is free."""
        return not self.wide and len(self.buttons) == 1

    @staticmethod
    def span(rows: Sequence[Row]) -> int:
        """How high `rows` are one under another."""
        return sum(row.height + GAP for row in rows) - GAP if rows else 0


@dataclass(frozen=True)
class Room:
    """Where the buttons go: from (`left`, `top`), `width` wide, down to `bottom`."""

    left: int
    top: int
    width: int
    bottom: int

    @property
    def height(self) -> int:
        return self.bottom - self.top

    @property
    def half(self) -> int:
        return (self.width - 6) // 2

    def rect(self, column: int, y: int, wide: bool, height: int) -> pygame.Rect:
        """A button's place `y` below the top: across, or on the half `column`."""
        if wide:
            return pygame.Rect(self.left, self.top + y, self.width, height)
        return pygame.Rect(self.left + column * (self.half + 6), self.top + y, self.half, height)

    def place(self, rows: Sequence[Row]) -> list[tuple[pygame.Rect, Offer]]:
        """The buttons of `rows` one row under another (a half as high as its row)."""
        placed: list[tuple[pygame.Rect, Offer]] = []
        y = 0
        for row in rows:
            for column, (offer, _) in enumerate(row.buttons):
                placed.append((self.rect(column, y, row.wide, row.height), offer))
            y += row.height + GAP
        return placed


class SideMenu:
    """Buttons laid out in one column, or two to a row when they do not fit in one, or a
    page at a time when they do not fit at all; every button holds its words whole."""

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
        self.heading = ""
        self.heading_width = width - 24
        """The heading's words and the width they are wrapped to (two lines at most)."""
        self.hint: str | None = None
        self.optional_hint = True
        """Whether the hint makes way for the buttons when they do not all fit under it (what
        to do: the status bar says it too; not the campaign's carry-over at the game's end)."""
        self.hint_top = 0
        """What to do, drawn under the heading from `hint_top`."""
        self.room_top = 0
        """Where the buttons' room starts (under the heading, the hint and the token rows)."""
        self.more: pygame.Rect | None = None
        """The button that turns to the menu's next page, when its buttons do not all fit."""
        self.page = 0
        self.shared: str | None = None
        """The effect of the one reaction card all the card buttons play, said once above
        them (`_shared`)."""
        self.twins: list[tuple[StawkaAction, StawkaAction]] = []
        self.board_picks: list[StawkaAction] = []
        """The buttons of location cards whose space is clicked on the board (`_on_board`)."""
        """Actions left out of the menu -> the twin whose button stands for them (`_distinct`)."""
        self.raised = 0
        """Which of `layout`'s tops the menu took: 0 its own, 1 the first of `higher`..."""
        self._paged: tuple[object, ...] = ()
        """The buttons the page is counted over (a new list starts at its first page)."""
        self._pages: list[tuple[int, int]] = [(0, 0)]
        """The buttons' pages: each one's first button and the one after its last."""
        self._fitting: dict[tuple[int, int, int, int], tuple[Offer, bool]] = {}
        """Whether a button's words fit (`_fits`), by offer, width, size and lines, for the
        offers and the language of `_fitting_for`: the menu is laid out again at every
        hint shown, with the same offers."""
        self._fitting_for: tuple[object, str] = ((), "")
        self._kept: object = None
        """The action whose page `layout` was last asked to show."""
        self._laid: tuple[
            int, Sequence[Offer], str | None, str | None, Mapping[str, str] | None, str, tuple[int, ...]
        ] = (0, (), None, None, None, "", ())
        """What the last `layout` was given (the next page is laid out from it)."""

    def layout(
        self,
        top: int,
        offers: Sequence[Offer],
        selected: str | None,
        hint: str | None = None,
        sources: Mapping[str, str] | None = None,
        keep: object = None,
        heading: str = "",
        higher: Sequence[int] = (),
    ) -> None:
        """Place the heading, `hint`, the token rows and the buttons, every text whole;
        `sources`: the spaces of own threat tokens that may move -> their row's words.
        Buttons that do not all fit are shown a page at a time, the page button beside the
        heading; `keep`: an action whose page is shown (the hinted one).  `higher`: tops
        further up the panel the menu moves to in turn while its buttons do not all fit at
        `top` (issue 29: four reaction cards took four pages under the agents' rows);
        `raised` says which it took (0: `top`), the last one with pages when none holds
        them all."""
        self._laid = (top, offers, selected, hint, sources, heading, tuple(higher))
        language = self.labels.language
        if self._fitting_for[0] is not offers or self._fitting_for[1] != language:
            self._fitting, self._fitting_for = {}, (offers, language)
        shown = self._on_board(self._distinct(menu_offers(offers, selected)))
        keep = self.stands_for(keep)
        self.shared = self._shared(shown)
        optional = self.optional_hint
        if self.shared is not None:
            hint, optional = self.shared, False
        full = self.width - 24
        self.more = None
        tops = [top, *higher]
        for raised, at in enumerate(tops):
            self.top = at
            room = self._room(heading, full, hint, offers, sources)
            placed = self._whole(shown, room) if shown else []
            if placed is None and hint is not None and optional:
                # The buttons all fit without the hint: they go first (the status bar under
                # the table says what to do too); else the hint stays above their pages.
                placed = self._whole(shown, self._room(heading, full, None, offers, sources))
            if placed is not None:
                self.raised = raised
                self.buttons, self._pages = placed, [(0, len(shown))]
                self._kept = keep
                return
        # A page at a time: a location card with many targets lists them all, and ending
        # the activation or giving up must stay within reach; no words are cut.
        self.raised = len(tops) - 1
        face = self.labels.ctx.font(MIN_TEXT, False)
        last = self.labels.ctx.t("stawka.ui.more", page=len(shown), pages=len(shown))
        width = face.size(last)[0] + 2 * PAD + 8
        room = self._room(heading, full - width - 8, hint, offers, sources)
        pages = self._paging(shown, room)
        self.more = pygame.Rect(self.left + 12 + full - width, self.top + 4, width, LOW_BUTTON)
        self._pages = [(start, start + len(buttons)) for start, buttons in pages]
        paged = tuple(offer.action for offer in shown)
        if paged != self._paged:
            self._paged, self.page = paged, 0
        if keep in paged and keep != self._kept:
            at = paged.index(keep)
            self.page = next(n for n, (start, end) in enumerate(self._pages) if start <= at < end)
        self.page %= max(1, len(pages))
        self.buttons = pages[self.page][1] if pages else []
        self._kept = keep

    def _distinct(self, shown: Sequence[Offer]) -> list[Offer]:
        """`shown` but twins: a copy of a reaction card whose play is another's to the letter
        (its words, its cost, what it chooses) is one button, the first (two "Ambush" cards
        gave two buttons alike).  `twins`: each left out -> the one shown."""
        kept: dict[tuple[object, ...], Offer] = {}
        self.twins = []
        distinct = []
        for offer in shown:
            if not isinstance(offer.action, REACTIONS) or offer.action.card is None:
                distinct.append(offer)
                continue
            choices = offer.action.model_dump(exclude={"card"})
            key = (repr(sorted(choices.items())), self.labels.offer(offer), offer.cost)
            if key in kept:
                self.twins.append((offer.action, kept[key].action))
                continue
            kept[key] = offer
            distinct.append(offer)
        return distinct

    def _on_board(self, shown: Sequence[Offer]) -> list[Offer]:
        """`shown` with a location card that puts a figure on one of several spaces as one
        button ("Boat": any street space of the sector was sixteen buttons alike, each
        "the streets of Waterfront sector"): pressing it lights those spaces on the board
        (`StawkaScreen.card_pick`).  Its other plays are `twins` of the one shown, which
        is in `board_picks`."""
        groups: dict[tuple[str, str, str | None], list[PlayLocationCard]] = {}
        for offer in shown:
            card = offer.action
            if isinstance(card, PlayLocationCard) and card.space is not None:
                groups.setdefault((card.agent, card.card, card.target), []).append(card)
        self.board_picks = []
        kept = []
        for offer in shown:
            play = offer.action
            if isinstance(play, PlayLocationCard) and play.space is not None:
                group = groups[(play.agent, play.card, play.target)]
                if len(group) > 1 and play != group[0]:
                    self.twins.append((play, group[0]))
                    continue
                if len(group) > 1:
                    self.board_picks.append(play)
            kept.append(offer)
        return kept

    def _shared(self, shown: Sequence[Offer]) -> str | None:
        """The effect of the reaction card every card button on offer plays, when there are
        two or more, each choosing something: said once above them, each button naming
        what it chooses (four plays of "Shadowing" said its sentence four times, and took
        the room of four pages)."""
        plays = [offer for offer in shown if isinstance(offer.action, PlayReaction) and offer.does]
        effects = {self.labels.text(offer.does) for offer in plays if offer.does is not None}
        if len(plays) < 2 or len(effects) != 1:
            return None
        if any(self.labels.offer(offer, effect=False) == self.labels.offer(offer) for offer in plays):
            return None  # a play that chooses nothing is named by its effect alone
        return effects.pop()

    def label(self, offer: Offer) -> str:
        """A button's words (without the effect `shared` says above the buttons); a card
        whose space is picked on the board says so (`board_picks`)."""
        if offer.action in self.board_picks:
            return self.labels.card_on_board(offer.action)
        shared = self.shared is not None and isinstance(offer.action, PlayReaction) and offer.does
        return self.labels.offer(offer, effect=not shared)

    def stands_for(self, action: object) -> object:
        """The action whose button stands for `action`: its twin's, or its own."""
        return next((shown for twin, shown in self.twins if twin == action), action)

    def _room(
        self,
        heading: str,
        width: int,
        hint: str | None,
        offers: Sequence[Offer],
        sources: Mapping[str, str] | None,
    ) -> Room:
        """The heading in at most two lines `width` wide, the hint and the token rows under
        it (placed here), and the room left for the buttons."""
        ctx = self.labels.ctx
        self.heading, self.heading_width, self.hint = heading, width, hint
        y = self.top + 8 + fit(ctx.font, heading, width, HEADING_SIZE, True, max_lines=2).height + 4
        self.hint_top = y + 2
        if hint is not None:
            y += len(wrap(ctx.font(HINT_SIZE, False), hint, self.width - 24)) * HINT_STEP + 6
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
        self.room_top = y
        return Room(self.left + 12, y, self.width - 24, self.bottom - 6)

    def pages(self) -> int:
        """How many pages the buttons take (1: they all fit)."""
        return len(self._pages) if self.more is not None else 1

    def _whole(self, shown: Sequence[Offer], room: Room) -> list[tuple[pygame.Rect, Offer]] | None:
        """Every button in `room`, each holding its words whole, or None when they do not
        all fit: in one column (a button whose words take two lines two lines high; a little
        lower if that keeps one column); else two to a row, a button whose words need more
        than half a row taking a whole one (issue 29, point 4: "Rozmowa: Ingrid Hei…"), its
        rows a little lower if that gives every button its place; else two to every row
        that holds two whose words fit half a row in two lines."""
        heights = [self._height(offer, room.width) for offer in shown]
        if sum(height + GAP for height in heights) - GAP <= room.height:
            rows = [Row([(offer, height)], wide=True) for offer, height in zip(shown, heights, strict=True)]
            return room.place(rows)
        if all(height == BUTTON_HEIGHT for height in heights):
            step = (room.height + GAP) // max(1, len(shown))
            if step - GAP >= LOW_BUTTON:  # one column of lower buttons
                low = min(BUTTON_HEIGHT, step - GAP)
                return room.place([Row([(offer, low)], wide=True) for offer in shown])
        for narrow in (False, True):
            for low in LOWER:
                rows = self._rows(shown, room, low, narrow)
                if Row.span(rows) <= room.height:
                    return room.place(rows)
        return None

    def _paging(self, shown: Sequence[Offer], room: Room) -> list[tuple[int, Placed]]:
        """The pages of buttons that do not all fit, each with its first button's index: two
        to a row as in `_whole`, of its ways the one with the fewest pages (taller buttons,
        then words in one line, where they take as many)."""
        ways = []
        for narrow in (False, True):
            for low in LOWER:
                pages: list[tuple[int, Placed]] = []
                start = 0
                while start < len(shown):
                    rows = self._rows(shown[start:], room, low, narrow)
                    taken = next(n for n in range(len(rows), -1, -1) if Row.span(rows[:n]) <= room.height)
                    placed = room.place(rows[:taken])
                    if not placed:  # not even one row has room: its first button, cut
                        placed = [(room.rect(0, 0, True, min(low, room.height)), shown[start])]
                    pages.append((start, placed))
                    start += len(placed)
                ways.append(pages)
        return min(ways, key=len)

    def _rows(self, shown: Sequence[Offer], room: Room, low: int, narrow: bool) -> list[Row]:
        """`shown` two to a row, `low` high: a button whose words need more than half a row
        on a whole one (two lines high where they need them), or with `narrow` in two lines
        on half a row where they fit there (two lines high)."""
        half = room.half
        rows: list[Row] = []
        for offer in shown:
            if self._fits(offer, half):
                button = (offer, low)
            elif narrow and self._fits(offer, half, lines=2):
                button = (offer, TALL_BUTTON)
            else:
                height = low if self._fits(offer, room.width) else self._height(offer, room.width)
                rows.append(Row([(offer, height)], wide=True))
                continue
            if rows and rows[-1].open:
                rows[-1] = Row([*rows[-1].buttons, button], wide=False)
            else:
                rows.append(Row([button], wide=False))
        return rows

    def _height(self, offer: Offer, width: int) -> int:
        """A button's height, `width` wide: one line's, or two or three lines' where its words
        need them."""
        if self._fits(offer, width):
            return BUTTON_HEIGHT
        lines = next((n for n in range(2, MOST_LINES + 1) if self._fits(offer, width, lines=n)), MOST_LINES)
        return TALL_BUTTON + (lines - 2) * LINE_STEP

    def _fits(self, offer: Offer, width: int, size: int = MIN_TEXT, lines: int = 1) -> bool:
        """Whether the button of `offer`, `width` wide, holds its words whole at `size` in
        `lines` lines (the room `draw` gives them).  Remembered (`_fitting`)."""
        key = (id(offer), width, size, lines)
        kept = self._fitting.get(key)
        if kept is not None and kept[0] is offer:
            return kept[1]
        fits = self._fits_now(offer, width, size, lines)
        self._fitting[key] = (offer, fits)
        return fits

    def _fits_now(self, offer: Offer, width: int, size: int, lines: int) -> bool:
        chip = 30 if isinstance(offer.action, ItemAsEvidence) else 0
        room = width - PAD - chip - self._cost_room(offer)
        face = self.labels.ctx.font(size, False)
        words = wrap(face, self.label(offer), room)
        return len(words) <= lines and all(face.size(line)[0] <= room for line in words)

    def _cost_room(self, offer: Offer) -> int:
        """What a button's AP cost takes at its right end (and the margins)."""
        if offer.cost is None:
            return PAD
        cost = self.labels.ctx.t("stawka.ui.cost", cost=offer.cost)
        return self.labels.ctx.font(MIN_TEXT, True).size(cost)[0] + 20

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
            top, offers, selected, hint, sources, heading, higher = self._laid
            self.layout(top, offers, selected, hint, sources, self._kept, heading, higher)
            return None
        for rect, offer in self.buttons:
            if rect.collidepoint(pos):
                return offer.action
        for rect, token in self.token_buttons:
            if rect.collidepoint(pos):
                self.selected_token = token
        return None

    def draw(self, surface: pygame.Surface, hovered: Callable[[pygame.Rect], bool]) -> None:
        """The heading, the hint, the token rows and the action buttons as `layout` placed
        them (`hovered`: is the pointer over a rect)."""
        ctx = self.labels.ctx
        pygame.draw.line(
            surface, PALETTE["line"], (self.left + 10, self.top), (self.left + self.width - 10, self.top)
        )
        heading = (self.left + 12, self.top + 8)
        width = self.heading_width
        fit_text(surface, ctx.font, self.heading, heading, width, HEADING_SIZE, True, "brass", max_lines=2)
        size = MIN_TEXT
        body = ctx.font(size, False)
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
            label = self.label(offer)
            left = rect.x + PAD
            if isinstance(action, ItemAsEvidence):
                # The evidence colour as a chip too (with its pattern when that setting is on).
                self.chip(surface, action.colour, pygame.Rect(left, rect.centery - 8, 24, 16))
                left += 30
            room = rect.right - left - self._cost_room(offer)
            # In two or three lines on a tall button; cut only past that, whole under the pointer.
            lines = 1 if rect.height < TALL_BUTTON else 2 + (rect.height - TALL_BUTTON) // LINE_STEP
            fit_text(
                surface,
                ctx.font,
                label,
                (left, rect.centery),
                room,
                size,
                False,
                "text",
                "midleft",
                max_lines=lines,
            )
            if cost is not None:
                text(
                    surface,
                    ctx.font(MIN_TEXT, True),
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
            text(surface, ctx.font(MIN_TEXT, False), label, self.more.center, "brass", "center")
        if self.hint is not None:
            face = ctx.font(HINT_SIZE, False)
            for row, line in enumerate(wrap(face, self.hint, self.width - 24)):
                text(surface, face, line, (self.left + 12, self.hint_top + row * HINT_STEP), "muted")
