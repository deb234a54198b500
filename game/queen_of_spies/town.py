"""The town of Queen of Spies on the table: its cards laid out and drawn.

The story's cards in a row at the top, then the town's three columns of squares (a
location, the item cards learned beside it, the Jail's three cards side by side, the
Workshop with the items built there), the hand of operatives along the foot; each card's
face (`card_face`) holds its title, time, tasks and what it does, and each task's row the
operatives placed on it, whole.  Every text is at `MIN_TEXT` or larger (issue 29, point
5): the story's row and each column share the height down to the hand by what their
cards need, each column on its own (the squares of a row need not line up: the Jail's
cards are tall, the Train Station's and the Church Cellar's are low), and a card the
table cannot give its room keeps its effects for the pointer.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.queen_of_spies import card_face, pieces
from game.ui.context import UiContext
from game.ui.fit import clip_text, explain, fit
from game.ui.naming import known
from game.ui.seat_view import SeatView
from game.ui.theme import MIN_TEXT, PALETTE, text
from game.ui.title_screen import TitleScreen
from rules.queen_of_spies.actions import Assign, Check, UseItem
from rules.queen_of_spies.content import Task, load_content
from rules.queen_of_spies.state import Assignment, site_key
from rules.queen_of_spies.view import QueenView, SiteView

NS = "queen-of-spies"
TOWN_WIDTH = 846
"""The town's and the hand's width; the side column stands right of it."""
HAND_CARD = 170
"""The widest an operative's card in the hand is (narrower when seven share the width)."""
HAND_LEAST = 110
"""The lowest the hand is, so that it does not jump as operatives come and go."""
FLASH_SECONDS = 1.2
LEARNING_CARD = 164
"""The width of a location where items are learned: its title's longest word at
`MIN_TEXT` bold ("przenikliwości)"), and the rest of its column for the item cards beside it."""
ITEM_CARD = 136
"""The width of the item cards stacked beside a location where items are learned: a
title's longest word ("Fałszywe") beside the card's time."""
FULL, ITEMS_BARE, BARE = 0, 1, 2
"""How much of a square's cards' effects it shows (`TownScreen._square_need`)."""
STORY_LEAST = 120
"""The lowest the row of story cards is when the town's grid leaves it the room."""
COMPACT_HEIGHT = 80
"""A card lower than this (an item stacked with others) holds its tasks' tabs beside them."""


def least_width(square: Sequence[str]) -> int:
    """The narrowest a square of the town can be: several cards side by side each
    `pieces.CARD_MIN` (an operative's name tab across each, the Jail's titles); a location
    where items are learned `LEARNING_CARD` and an item card beside it (`ITEM_CARD`)."""
    if len(square) > 1:
        return len(square) * pieces.CARD_MIN + 3 * (len(square) - 1)
    if load_content().location(square[0]).kind == "training":
        return LEARNING_CARD + 4 + ITEM_CARD
    return 0


def column_widths(rows: Sequence[Sequence[Sequence[str]]], width: int) -> list[int]:
    """The town's column widths within `width`: a column whose squares need more than an
    even share gets what they need (`least_width`), the other columns share what is left
    equally."""
    count = max(len(squares) for squares in rows)
    room = width - 4 * (count - 1)
    need = [0] * count
    for squares in rows:
        for column, square in enumerate(squares):
            need[column] = max(need[column], least_width(square))
    fixed = [n if n > room // count else 0 for n in need]
    free = [column for column in range(count) if not fixed[column]]
    share = (room - sum(fixed)) // max(1, len(free))
    return [fixed[column] or share for column in range(count)]


def shared_out(needs: Sequence[int], room: int, gap: int) -> list[int]:
    """Heights for parts one under another in `room`, `gap` apart: each what it needs and
    an even share of the rest; evenly when they need more than there is (or all less than
    an even share)."""
    room -= gap * (len(needs) - 1)
    even = room // max(1, len(needs))
    if sum(needs) > room or all(need <= even for need in needs):
        return [even] * len(needs)
    spare = (room - sum(needs)) // len(needs)
    heights = [need + spare for need in needs]
    heights[-1] = room - sum(heights[:-1])
    return heights


@dataclass(frozen=True)
class Target:
    """Something on the table a click can mean."""

    rect: pygame.Rect
    kind: str
    """"hand", "slot", "placed", "item", "prisoner", "card"."""
    key: str
    location: str = ""
    item: str | None = None
    task: int = 0


class TownScreen(TitleScreen):
    """What the Queen of Spies table shares with its town: the view, names, and the town's cards."""

    def __init__(self, ctx: UiContext, seen: SeatView, rect: pygame.Rect) -> None:
        super().__init__(ctx, seen, rect)
        ctx = self.ctx  # with the table's own fonts (`smallest_text`)
        self.selected: str | None = None
        self.selected_item: str | None = None
        self.checking: str | None = None
        self.targets: list[Target] = []
        self.flashes: dict[str, tuple[str, float]] = {}
        """Location -> (palette colour, seconds left): a card lights up as it resolves."""
        self._faces: dict[tuple[Hashable, ...], card_face.CardFace] = {}
        """Card faces by card, place, language and what shapes them: laid out once, drawn every frame."""
        self._shaped: dict[tuple[Hashable, ...], card_face.CardFace] = {}
        """The faces of this layout by card, place and shape (what shapes them, worked out
        once a layout: the table is drawn again with the same faces); emptied by `_new_layout`."""

    @property
    def state(self) -> QueenView:
        assert isinstance(self.view, QueenView)
        return self.view

    def _town_targets(self) -> None:
        """Where the town's cards, their task slots and the operatives on them go, and the
        hand's cards below them.

        The story's cards stand in a row at the top, the town's grid under them, the hand
        at the bottom; the story's row and the grid's rows get the room their cards need
        to show what they do (`_need`), the story's first; a card the table cannot give it
        keeps its effects for the pointer (`card_face`)."""
        x0, y0 = self.rect.topleft
        hand = self._hand_rects()
        bottom = min((card.top for card in hand), default=self.rect.bottom) - 6
        story_cards = [loc for loc in self.state.town if load_content().location(loc).group != "basic"]
        width = 0
        if story_cards:
            width = min(170, (TOWN_WIDTH - 4 * (len(story_cards) - 1)) // len(story_cards))
        rows = load_content().town.rows
        widths = column_widths(rows, TOWN_WIDTH)
        columns = [[squares[n] for squares in rows] for n in range(len(widths))]
        room = bottom - (y0 + 34)

        def story(bare: bool) -> int:
            return max((self._need(location, None, width, bare) for location in story_cards), default=0)

        # The story's cards say what they do first; then each column of the town gives
        # its squares what they need, the items beside a location giving up their effects
        # (under the pointer) first, then the locations.
        story_height = story(False)
        grid_room = room - (story_height + 6 if story_cards else 0)
        needs = [self._column_needs(column, widths[n], grid_room) for n, column in enumerate(columns)]
        if story_cards and None in needs:  # the story's row gets what the town leaves it
            least = max(
                sum(need) + 4 * (len(need) - 1)
                for need in (
                    [self._square_need(square, widths[n], BARE) for square in column]
                    for n, column in enumerate(columns)
                )
            )
            story_height = max(story(True), min(story_height, room - 6 - least))
            grid_room = room - story_height - 6
            needs = [self._column_needs(column, widths[n], grid_room) for n, column in enumerate(columns)]
        # Without story cards the town grid rises to the heading and its cards grow to fill
        # the space down to the hand, so the table has no empty band.
        grid_top = y0 + 34
        if story_cards:
            spare = min(grid_room - sum(need) - 4 * (len(need) - 1) for need in needs if need is not None)
            story_height += max(0, min(STORY_LEAST - story_height, spare)) if None not in needs else 0
            for index, location in enumerate(story_cards):
                card = pygame.Rect(x0 + index * (width + 4), y0 + 34, width, story_height)
                self._site_targets(location, None, card)
            grid_top += story_height + 6
        for n, column in enumerate(columns):
            heights = needs[n] or [self._square_need(square, widths[n], BARE) for square in column]
            x, y = x0 + sum(widths[:n]) + 4 * n, grid_top
            for square, height in zip(column, shared_out(heights, bottom - grid_top, 4), strict=True):
                self._square_targets(square, pygame.Rect(x, y, widths[n], height))
                y += height + 4
        for operative, card in zip(self.state.hand, hand, strict=True):
            self.targets.append(Target(card, "hand", operative))

    def _hand_rects(self) -> list[pygame.Rect]:
        """The hand's cards along the table's foot: as wide as seven leave them (up to
        `HAND_CARD`), as tall as the tallest needs."""
        hand = self.state.hand
        if not hand:
            return []
        width = min(HAND_CARD, (TOWN_WIDTH - 6 * (len(hand) - 1)) // len(hand))
        height = max(HAND_LEAST, *(self.operative_face(operative, width).height for operative in hand))
        top = self.rect.bottom - height
        return [pygame.Rect(self.rect.x + n * (width + 6), top, width, height) for n in range(len(hand))]

    def operative_face(self, operative: str, width: int) -> pieces.OperativeFace:
        """Where the parts of `operative`'s card in the hand go, `width` wide."""
        card = load_content().operative(operative)
        trained = operative in self.state.trained
        side = self.t("ui.trained" if trained or card.spymaster else "ui.untrained")
        labels = (self.name(card.id), self.cell_name(card.cell), self.t("ui.stealth"), side)
        return pieces.operative_face(self.ctx.font, card, width, trained, labels)

    def name(self, thing: str) -> str:
        """An operative's, cell's, POW's, location's or item's name in the current language.

        The same ``queen-of-spies.value.<id>`` entry the log names it by
        (`game.ui.naming`), so the table and the log always agree; else as printed.
        """
        return known(self.ctx, f"{NS}.value.{thing}") or load_content().name_of(thing)

    def cell_name(self, cell: str) -> str:
        """A cell's name; Alice belongs to no cell: she is the spymaster."""
        return self.t("ui.spymaster") if cell == "alice" else self.name(cell)

    def t(self, key: str, **params: object) -> str:
        return self.ctx.t(f"{NS}.{key}", **params)

    def _square_targets(self, square: tuple[str, ...], box: pygame.Rect) -> None:
        if len(square) > 1:
            gap = 3  # Narrow gaps: the Jail's three cards need the width for their titles.
            width = (box.width - gap * (len(square) - 1)) // len(square)
            for index, location in enumerate(square):
                self._site_targets(
                    location, None, pygame.Rect(box.x + index * (width + gap), box.y, width, box.height)
                )
            return
        location = square[0]
        items = self._items_at(location)
        if load_content().location(location).kind == "workshop":
            workshop = Target(box, "card", location, location)
            self.targets.append(workshop)
            if items:
                top = self.face(workshop).tasks.y
                inner = pygame.Rect(box.x + 6, top, box.width - 12, box.bottom - 6 - top)
                for item, sub in zip(items, self._workshop_cards(location, items, inner), strict=True):
                    self._site_targets(location, item, sub)
            return
        main = box if not items else pygame.Rect(box.x, box.y, LEARNING_CARD, box.height)
        self._site_targets(location, None, main)
        if items:
            width = box.right - main.right - 4
            y = box.y
            for item, height in zip(
                items, self._stack_heights(location, items, width, box.height), strict=True
            ):
                self._site_targets(location, item, pygame.Rect(main.right + 4, y, width, height))
                y += height + 4

    @staticmethod
    def _workshop_across(items: Sequence[str], width: int) -> bool:
        """Whether the items built at the Workshop stand side by side in `width` (each at
        least `pieces.CARD_MIN` wide), else one under another."""
        return (width - 4 * (len(items) - 1)) // len(items) >= pieces.CARD_MIN

    def _workshop_cards(self, location: str, items: list[str], inner: pygame.Rect) -> list[pygame.Rect]:
        """The item cards inside the Workshop's card, in `inner`."""
        if self._workshop_across(items, inner.width):
            width = (inner.width - 4 * (len(items) - 1)) // len(items)
            return [
                pygame.Rect(inner.x + n * (width + 4), inner.y, width, inner.height)
                for n in range(len(items))
            ]
        cards, y = [], inner.y
        for height in self._stack_heights(location, items, inner.width, inner.height):
            cards.append(pygame.Rect(inner.x, y, inner.width, height))
            y += height + 4
        return cards

    def _stack_heights(self, location: str, items: list[str], width: int, room: int) -> list[int]:
        """The heights of item cards stacked beside a location: each gets what it needs to
        hold the operatives on it whole (`_need`), and they share the rest."""
        needs = [self._need(location, item, width) for item in items]
        if sum(needs) + 4 * (len(needs) - 1) > room:
            needs = [self._need(location, item, width, bare=True) for item in items]
        return shared_out(needs, room, 4)

    def _need(self, location: str, item: str | None, width: int, bare: bool = False) -> int:
        """How tall a card `width` wide must be to hold its title, its tasks with the
        operatives on them, what stands on it and what it does (`bare`: without that)."""
        workshop = load_content().location(location).kind == "workshop"
        stacked = item is not None and len(self._items_at(location)) > 1 and not workshop
        face = self._face(location, item, pygame.Rect(0, 0, width, 1000), stacked)
        return face.bare if bare else face.need

    def _column_needs(self, column: Sequence[tuple[str, ...]], width: int, room: int) -> list[int] | None:
        """The heights a column of the town's squares needs in `room`: each square all it
        needs, else (square by square, the one that saves most first) its items' effects
        left to the pointer, then its locations'; None when even that does not fit."""
        levels = [FULL] * len(column)
        while True:
            needs = [
                self._square_need(square, width, level) for square, level in zip(column, levels, strict=True)
            ]
            if sum(needs) + 4 * (len(needs) - 1) <= room:
                return needs
            open_ = [n for n, level in enumerate(levels) if level < BARE]
            if not open_:
                return None
            saves = {n: needs[n] - self._square_need(column[n], width, levels[n] + 1) for n in open_}
            levels[max(open_, key=lambda n: saves[n])] += 1

    def _square_need(self, square: tuple[str, ...], width: int, level: int = FULL) -> int:
        """How tall a square of the town must be for its cards' `_need`: `FULL`, with every
        card's effects; `ITEMS_BARE`, the items' left to the pointer; `BARE`, all."""
        bare = level >= BARE
        items_bare = level >= ITEMS_BARE
        if len(square) > 1:
            each = (width - 3 * (len(square) - 1)) // len(square)
            return max(self._need(location, None, each, bare) for location in square)
        location = square[0]
        items = self._items_at(location)
        if load_content().location(location).kind == "workshop":
            title = self._need(location, None, width, bare)
            if not items:
                return title
            inner = width - 12
            if self._workshop_across(items, inner):
                each = (inner - 4 * (len(items) - 1)) // len(items)
                return title + 6 + max(self._need(location, item, each, items_bare) for item in items)
            stack = sum(self._need(location, i, inner, items_bare) for i in items) + 4 * (len(items) - 1)
            return title + 6 + stack
        if not items:
            return self._need(location, None, width, bare)
        beside = width - LEARNING_CARD - 4
        stack = sum(self._need(location, item, beside, items_bare) for item in items) + 4 * (len(items) - 1)
        return max(self._need(location, None, LEARNING_CARD, bare), stack)

    def _items_at(self, location: str) -> list[str]:
        """The item cards at a location: learned beside it, or built at the Workshop."""
        return sorted(str(s.item) for s in self.state.sites if s.location == location and s.item is not None)

    def _site_targets(self, location: str, item: str | None, card: pygame.Rect) -> None:
        """A card's task slots, and the operatives placed beside them.

        A short card (an item stacked with others) holds its one task in a half-width slot
        under its title, with the placed operatives to the right of it.
        """
        target = Target(card, "card", site_key(location, item), location, item)
        self.targets.append(target)
        tasks = self._tasks(location, item)
        compact = self._compact(target)
        band = self.face(target).tasks
        rows = max(1, len(tasks))
        tops = card_face.row_tops(band, self._rows(location, item, card.width, compact))
        assignment = self._assignment(location, item)
        for index in range(rows):
            width = card.width // 2 - 6 if compact else card.width - 10
            height = card_face.SHORT_SLOT if compact else card_face.SLOT
            if not tasks:  # the card's one slot says what it does
                height = max(height, len(self._slot_lines(location, card.width)) * card_face.LINE + 1)
            slot = pygame.Rect(card.x + 5, tops[index], width, height)
            self.targets.append(
                Target(slot, "slot", f"{site_key(location, item)}#{index}", location, item, index)
            )
            if assignment is None:
                continue
            placed = [p.operative for p in assignment.placements if p.task == index]
            if not placed:
                continue
            # The tabs go under the slot, across the card, down to the next slot; on a short
            # card they go beside the slot when they fit there.
            below = band.bottom if index == rows - 1 else tops[index + 1] - 2
            under = pygame.Rect(card.x + 2, slot.bottom + 1, card.width - 4, 0)
            under.height = max(pieces.CHIP_HEIGHT, below - under.y)
            beside = pygame.Rect(slot.right + 3, slot.y, card.right - 2 - (slot.right + 3), slot.height)
            tabs = self._chips(placed, beside if compact else None, under)
            for operative, tab in zip(placed, tabs, strict=True):
                self.targets.append(Target(tab, "placed", operative, location, item, index))

    def _chips(
        self, operatives: list[str], beside: pygame.Rect | None, under: pygame.Rect
    ) -> list[pygame.Rect]:
        """Where the operatives placed on one task go: side by side `beside` the slot, each
        as wide as their name, else so `under` it, else one under another, else sharing its
        width (cut, whole under the pointer)."""
        widths = [pieces.chip_width(self.ctx.font, self.name(operative)) for operative in operatives]
        gap, height = 3, pieces.CHIP_HEIGHT
        for area in (beside, under):
            if area is not None and sum(widths) + gap * (len(widths) - 1) <= area.width:
                xs = [area.x + sum(widths[:n]) + gap * n for n in range(len(widths))]
                top = area.centery - height // 2 if area is beside else area.y
                return [pygame.Rect(x, top, w, height) for x, w in zip(xs, widths, strict=True)]
        if (height + 1) * len(widths) - 1 <= under.height:
            return [
                pygame.Rect(under.x, under.y + n * (height + 1), min(w, under.width), height)
                for n, w in enumerate(widths)
            ]
        share = (under.width - gap * (len(widths) - 1)) // len(widths)
        return [pygame.Rect(under.x + n * (share + gap), under.y, share, height) for n in range(len(widths))]

    def _assignment(self, location: str, item: str | None) -> Assignment | None:
        return self.state.assignment_at(location, item)

    def _site(self, location: str, item: str | None) -> SiteView:
        site = self.state.site(location, item)
        assert site is not None, f"{site_key(location, item)} is drawn but is no site in the town"
        return site

    def _tasks(self, location: str, item: str | None) -> tuple[Task, ...]:
        return self._site(location, item).tasks

    def slot_lit(self, target: Target) -> bool:
        """Whether clicking this slot now does something (the brass highlight)."""
        if self.selected:
            assign = Assign(
                operative=self.selected, location=target.location, item=target.item, task=target.task
            )
            return assign in self.legal
        if self.selected_item:
            use = UseItem(item=self.selected_item, location=target.location, site_item=target.item)
            return use in self.legal
        return False

    def _draw_card(self, surface: pygame.Surface, card: Target) -> None:
        font = self.ctx.font
        location, item = card.location, card.item
        loc_card = load_content().location(location)
        assignment = self._assignment(location, item)
        lit = any(
            self.slot_lit(t) for t in self.targets if t.kind == "slot" and t.key.startswith(card.key + "#")
        )
        pieces.card_frame(surface, card.rect, lit=lit, dim=item is not None)
        if location in self.flashes and item is None:
            colour, left = self.flashes[location]
            width = 2 + round(3 * left / FLASH_SECONDS)
            pygame.draw.rect(surface, PALETTE[colour], card.rect, width=width, border_radius=8)
        face = self.face(card)
        title_face = font(face.title_size, face.title_bold)
        for line in face.title:
            shown = text(surface, title_face, line.text, line.pos, line.colour)
            if line.tip:
                explain(shown, line.tip)
        if loc_card.kind == "workshop" and item is None:
            return
        small = font(MIN_TEXT, False)
        for line in face.effects:
            self._draw_effect(surface, line)
        time = self._site(location, item).time
        clock = text(surface, font(MIN_TEXT, True), f"◷{time}", face.clock, "muted", "topright")
        explain(clock, self.t("tip.time"))
        if assignment is not None and not assignment.fresh:
            for index in range(assignment.time):
                centre = (clock.x - 8 - index * card_face.MARKER, clock.centery)
                pieces.marker(surface, PALETTE["brass"], centre, 4)
        tasks = self._tasks(location, item)
        progress = self.state.progress.get(site_key(location, item), ())
        for target in self.targets:
            if target.kind != "slot" or not target.key.startswith(card.key + "#"):
                continue
            if tasks:
                task = tasks[target.task]
                have = progress[target.task] if target.task < len(progress) else 0
                letter = self.t(f"skill_letter.{task.skill.value}")
                pieces.skill_slot(
                    surface, font, target.rect, task.skill, task.progress, have, self.slot_lit(target), letter
                )
            else:
                pieces.skill_slot(surface, font, target.rect, None, 0, 0, self.slot_lit(target))
                for row, said in enumerate(self._slot_lines(location, card.rect.width)):
                    text(
                        surface,
                        small,
                        said,
                        (target.rect.x + 18, target.rect.y + row * card_face.LINE),
                        "muted",
                    )
        for target in self.targets:
            if target.kind == "placed" and target.location == location and target.item == item:
                checkable = any(isinstance(a, Check) and a.operative == target.key for a in self.legal)
                pieces.chip(
                    surface,
                    font,
                    target.rect,
                    self.name(target.key),
                    load_content().operative(target.key).cell,
                    checkable or target.key == self.checking,
                )
        self._draw_status(surface, card, face.status)

    def _draw_effect(self, surface: pygame.Surface, line: card_face.Line) -> None:
        """A line of what a card does: its mark in the effect's colour, the words in ink."""
        small = self.ctx.font(MIN_TEXT, False)
        words, (x, y) = line.text, line.pos
        if line.mark and words.startswith(line.mark):
            mark = text(surface, self.ctx.font(MIN_TEXT, True), line.mark, (x, y), line.colour)
            words, x = words[len(line.mark) :].lstrip(), mark.right + 4
        shown = text(surface, small, words, (x, y), "text")
        explain(shown.union(pygame.Rect(line.pos, (1, shown.height))), line.tip)

    def _draw_status(self, surface: pygame.Surface, card: Target, top: int) -> None:
        """Who or what is on the card: POWs, pigeons sent, items used."""
        small = self.ctx.font(MIN_TEXT, False)
        assignment = self._assignment(card.location, card.item)
        left = ""
        if assignment is not None and assignment.pows:
            left = self.t("ui.pows_here", count=len(assignment.pows))
        if card.location in self.state.pigeons_sent:
            left = self.t("ui.pigeons_here", count=self.state.pigeons_sent[card.location])
        room = card.rect.width - 12
        if left:
            shown = clip_text(surface, small, left, (card.rect.x + 6, top), room, "text")
            room -= shown.width + 8
        if assignment is not None and assignment.items:
            used = "+ " + ", ".join(self.name(i) for i in assignment.items)
            clip_text(surface, small, used, (card.rect.right - 6, top), room, "brass", "topright")

    def face(self, card: Target) -> card_face.CardFace:
        """Where a card's title, time, effects and tasks go (laid out once per shape)."""
        return self._face(card.location, card.item, card.rect, self._compact(card))

    def _new_layout(self) -> None:
        """The view or a choice changed: the faces are shaped again."""
        self._shaped = {}

    def _face(self, location: str, item: str | None, rect: pygame.Rect, compact: bool) -> card_face.CardFace:
        """The face of the card of `location` (or of `item` there) laid out in `rect`
        (`_shape_face`, once a layout)."""
        shape = (location, item, tuple(rect), compact)
        face = self._shaped.get(shape)
        if face is None:
            face = self._shaped[shape] = self._shape_face(location, item, rect, compact)
        return face

    def _shape_face(
        self, location: str, item: str | None, rect: pygame.Rect, compact: bool
    ) -> card_face.CardFace:
        """The face of the card of `location` (or of `item` there) laid out in `rect`.

        The Jail's three cards, sharing a square of the town, show only the part of their
        title in brackets (the task); the whole title is under the pointer, in the card's
        tooltip.
        """
        title = self.name(item) if item else self.name(location)
        shared = any(
            location in square and len(square) > 1 for row in load_content().town.rows for square in row
        )
        if shared and item is None and "(" in title:
            title = title[title.index("(") + 1 :].rstrip(")")
        workshop = load_content().location(location).kind == "workshop" and item is None
        time = 0 if workshop else self._site(location, item).time
        assignment = self._assignment(location, item)
        running = assignment is not None and not assignment.fresh
        markers = assignment.time if running and assignment is not None else 0
        status = assignment is not None and bool(assignment.pows or assignment.items)
        status = status or (item is None and location in self.state.pigeons_sent)
        effects = () if workshop else self._card_effects(location, item)
        rows = () if workshop else self._rows(location, item, rect.width, compact)
        key = (location, item, tuple(rect), title, markers, status, effects, rows, compact)
        if key not in self._faces:
            self._faces[key] = card_face.card_face(
                self.ctx.font,
                rect,
                title,
                "" if workshop else f"◷{time}",
                markers,
                effects,
                rows,
                status,
                compact,
            )
        return self._faces[key]

    def _compact(self, card: Target) -> bool:
        """Whether a card is short: the Workshop's own card, an item stacked with others
        beside a location, or any card lower than `COMPACT_HEIGHT`."""
        kind = load_content().location(card.location).kind
        if card.item is None:
            return kind == "workshop" or card.rect.height < COMPACT_HEIGHT
        stacked = len(self._items_at(card.location)) > 1
        return (kind != "workshop" and stacked) or card.rect.height < COMPACT_HEIGHT

    def _rows(self, location: str, item: str | None, width: int, compact: bool) -> tuple[int, ...]:
        """How tall each task's row of a card must be (one row for a card without tasks)
        to hold the operatives placed on it whole."""
        assignment = self._assignment(location, item)
        placements = assignment.placements if assignment is not None else ()
        if not self._tasks(location, item):
            return (
                card_face.row_need(
                    compact,
                    [pieces.chip_width(self.ctx.font, self.name(p.operative)) for p in placements],
                    width,
                    len(self._slot_lines(location, width)) * card_face.LINE + 1,
                ),
            )
        return tuple(
            card_face.row_need(
                compact,
                [
                    pieces.chip_width(self.ctx.font, self.name(p.operative))
                    for p in placements
                    if p.task == task
                ],
                width,
            )
            for task in range(max(1, len(self._tasks(location, item))))
        )

    def _slot_lines(self, location: str, width: int) -> tuple[str, ...]:
        """What a card without tasks does, said on its one slot (`width`: the card's), in
        as many lines as it takes."""
        return fit(
            self.ctx.font, self.t(f"card.{location}"), width - 10 - 22, MIN_TEXT, max_lines=4, shrink=0
        ).lines

    def _card_effects(self, location: str, item: str | None) -> tuple[card_face.Effect, ...]:
        """What a card does, as its face shows it: an item's use; a location's success and
        failure (the Safe House and Church Cellar say theirs on their one slot)."""
        if item is not None:
            use = load_content().item(item).use
            skill = self.t(f"skill.{use.skill.value}") if use.skill is not None else ""
            words = self.t(f"use.{use.kind}", amount=use.amount, skill=skill)
            whole = self.t("ui.use_line", text=words)
            return (card_face.Effect("", "brass", whole, words, whole),)
        card = load_content().location(location)
        if not card.checked:
            return ()
        found = []
        for mark, colour, effects, line in (
            ("✓", "green", card.success, "ui.success_line"),
            ("✗", "red", card.failure, "ui.failure_line"),
        ):
            if effects:
                whole = self._effects(effects)
                short = "; ".join(
                    self.t(f"short.{e.kind}", amount=e.amount, target=self.name(e.target) if e.target else "")
                    for e in effects
                )
                found.append(card_face.Effect(mark, colour, whole, short, self.t(line, text=whole)))
        return tuple(found)

    def _effects(self, effects: Sequence[Any]) -> str:
        return "; ".join(
            self.t(f"effect.{e.kind}", amount=e.amount, target=self.name(e.target) if e.target else "")
            for e in effects
        )
