"""The Queen of Spies table: the town as cards, the hand, the bag, the jail, the Safe House.

Click an operative in the hand, then a task slot lit in brass, to assign them; click an
operative assigned this round to take them back; in the resolution phase, click a lit
operative to make their check (trained ones then choose how many tokens). Items at the
Safe House are clicked, then used on a prisoner or on an assignment of this round. The
side column holds the bag, the tokens being drawn (one at a time), the jail, the Safe
House, the story's progress and the buttons for decisions, each panel as tall as what it
holds (`_side_targets`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame
from pydantic import BaseModel

from game.queen_of_spies import pieces
from game.queen_of_spies.labels import action_text
from game.queen_of_spies.town import FLASH_SECONDS, NS, TOWN_WIDTH, Target, TownScreen
from game.ui.coach import CoachMark
from game.ui.context import UiContext
from game.ui.fit import clip, clip_text, explain, fit
from game.ui.seat_view import SeatView
from game.ui.theme import MIN_TEXT, PALETTE, text, wrap
from rules.core import Event
from rules.queen_of_spies.actions import Assign, Check, Done, EndChapter, SendPows, Unassign, UseItem
from rules.queen_of_spies.content import Token, load_content

TOKEN_SECONDS = 0.35
"""How long each drawn token takes to appear."""
SIDE_X = TOWN_WIDTH + 12
"""Where the side column starts, from the table's left."""
STEP = 21
"""A line of the side column's text (`MIN_TEXT`)."""
HEAD = 30
"""A side panel's heading row: its name, and what stands beside it."""
GAP = 6
"""Between two panels of the side column."""
ROW = 24
"""A prisoner's row in the Jail, an item's tab in the Safe House."""
TOKEN = 18
"""A token's radius in the bag (a glyph or two at `MIN_TEXT` inside it); one less drawn."""
TOKEN_ROW = 42
"""The step between the bag's two rows of tokens."""
BUTTON = 32
"""A decision button's height (and the step between two rows of them, `BUTTON_STEP`)."""
BUTTON_STEP = 36
FLASH = {"success": "green", "failure": "red", "arrest": "red", "reveal": "brass"}
"""Events that light up their location's card, and in which colour."""


class QueenScreen(TownScreen):
    def __init__(self, ctx: UiContext, seen: SeatView, rect: pygame.Rect) -> None:
        super().__init__(ctx, seen, rect)
        ctx = self.ctx  # with the table's own fonts (`smallest_text`)
        self.hover: tuple[int, int] = (0, 0)
        self.buttons: list[tuple[pygame.Rect, str, BaseModel]] = []
        self.drawn: list[tuple[str, Token]] = []
        self.queue: list[tuple[str, Token]] = []
        self.clock = 0.0
        self.panels: dict[str, pygame.Rect] = {}
        """The side column's panels by name (`_side_targets`)."""
        self._laid_out: tuple[object, ...] | None = None
        """The SeatView, view, seat, choices and language the cards and buttons were placed for."""
        self._layout()

    # -- state ------------------------------------------------------------------------

    def refresh(self, seen: SeatView) -> None:
        super().refresh(seen)
        hand = self.state.hand
        if self.selected not in hand:
            self.selected = None
        if self.state.items.get(self.selected_item or "") != "safe_house":
            self.selected_item = None
        if not any(isinstance(a, Check) and a.operative == self.checking for a in self.legal):
            self.checking = None
        self._layout()

    # -- layout -----------------------------------------------------------------------

    def _layout(self) -> None:
        """Where every card and button goes (made when the view or a choice changes, not per
        frame, nor again when a move's frame refreshes the screen twice)."""
        shaped: tuple[object, ...] = (
            self.seat_view,
            self.view,
            self.seat,
            self.selected,
            self.selected_item,
        )
        shaped += (self.checking, getattr(self.ctx.t, "language", None))
        last = self._laid_out
        if last is not None and last[0] is shaped[0] and last[1] is shaped[1] and last[2:] == shaped[2:]:
            return
        self._laid_out = shaped
        self._new_layout()
        self.targets = []
        self.buttons = []
        x0, y0 = self.rect.topleft
        self._town_targets()
        self._side_targets(x0 + SIDE_X, y0)

    def _side_targets(self, x: int, y: int) -> None:
        """The side column: its panels one under another, each as tall as what it holds
        (the bag, the drawn tokens, the Jail's prisoners, the Safe House's lines and items,
        the story), and the decision buttons under them."""
        width = self.rect.right - x
        inner = width - 20
        font = self.ctx.font
        small = font(MIN_TEXT, False)
        supply = fit(font, self._supply_text(), inner, MIN_TEXT, max_lines=2, shrink=0)
        heights = {"bag": HEAD + 2 * TOKEN_ROW + len(supply.lines) * STEP + 6, "drawn": HEAD + 42}
        prisoners = self.state.jail
        safe_lines = len(self._safe_lines())
        items = [i for i, place in sorted(self.state.items.items()) if place == "safe_house"]
        widths = [min(inner, pieces.chip_width(font, self.name(item)) + 4) for item in items]
        item_rows: list[list[int]] = []
        for index, chip in enumerate(widths):
            if not item_rows or sum(widths[n] + 6 for n in item_rows[-1]) + chip > inner:
                item_rows.append([])
            item_rows[-1].append(index)
        heights["safe"] = HEAD + safe_lines * STEP + len(item_rows) * (ROW + 4) + 6
        story = self._story_text()
        heights["story"] = HEAD + len(wrap(small, story, inner)) * STEP + 6
        choices = self._choices()[:10]
        bold = font(MIN_TEXT, True)
        half = (inner - 8) // 2
        columns = (
            2 if len(choices) > 3 and all(bold.size(label)[0] + 12 <= half for label, _ in choices) else 1
        )
        buttons = -(-len(choices) // columns) * BUTTON_STEP
        despair = len(self._despair_lines())
        jail_columns = 1
        for jail_columns in (1, 2, 3):
            rows = -(-max(2, len(prisoners)) // jail_columns)
            heights["jail"] = HEAD + despair * STEP + rows * ROW + 8
            if sum(heights.values()) + GAP * len(heights) + buttons <= self.rect.height:
                break
        self.panels = {}
        top = y
        for name in ("bag", "drawn", "jail", "safe", "story"):
            self.panels[name] = pygame.Rect(x, top, width, heights[name])
            top += heights[name] + GAP
        jail = self.panels["jail"]
        line_w = (inner - 6 * (jail_columns - 1)) // jail_columns
        for index, who in enumerate(prisoners):
            column, row = index % jail_columns, index // jail_columns
            line = pygame.Rect(
                x + 10 + column * (line_w + 6), jail.y + HEAD + despair * STEP + row * ROW, line_w, ROW - 2
            )
            self.targets.append(Target(line, "prisoner", who))
        safe = self.panels["safe"]
        for row, indexes in enumerate(item_rows):
            left = x + 10
            for index in indexes:
                tab = pygame.Rect(
                    left, safe.y + HEAD + safe_lines * STEP + row * (ROW + 4), widths[index], ROW
                )
                self.targets.append(Target(tab, "item", items[index]))
                left += widths[index] + 6
        button_w = (inner - 8 * (columns - 1)) // columns
        for index, (label, action) in enumerate(choices):
            column, row = index % columns, index // columns
            rect = pygame.Rect(x + 10 + column * (button_w + 8), top + row * BUTTON_STEP, button_w, BUTTON)
            self.buttons.append((rect, label, action))

    def _despair_lines(self) -> list[str]:
        """The despair markers left, in the Jail's width."""
        despair = self.t("ui.despair_left", count=self.state.supplies.despair)
        return wrap(self.ctx.font(MIN_TEXT, False), despair, self.rect.right - (self.rect.x + SIDE_X) - 20)

    def _supply_text(self) -> str:
        supplies = self.state.supplies
        return self.t("ui.supply", alerts=supplies.alert, troops=supplies.troop)

    def _safe_lines(self) -> list[tuple[str, str]]:
        """The Safe House's lines (wrapped to its width): the Escape Plan, the pigeons, the
        POWs hidden there."""
        state = self.state
        face = self.ctx.font(MIN_TEXT, False)
        width = self.rect.right - (self.rect.x + SIDE_X) - 20
        lines = [
            (
                self.t("ui.escape_plan" if state.escape_plan else "ui.no_escape_plan"),
                "text" if state.escape_plan else "muted",
            )
        ]
        if state.story == "news-on-the-wing":
            lines.append((self.t("ui.coop", untrained=state.pigeons, trained=state.trained_pigeons), "text"))
        if state.pows_safe:
            lines.append((self.t("ui.pows_safe", count=len(state.pows_safe)), "text"))
        return [(part, colour) for line, colour in lines for part in wrap(face, line, width)]

    def _story_text(self) -> str:
        """The story's progress, or how the game ended."""
        state = self.state
        outcome = self.seat_view.outcome
        if outcome is not None:
            return self.ctx.t(outcome.key, **outcome.params)
        if state.story == "introduction":
            return self.t("ui.chateau_open" if "chateau" in state.town else "ui.chateau_hidden")
        if state.story == "news-on-the-wing":
            return self.t("ui.pigeons_sent", count=sum(state.pigeons_sent.values()))
        if state.story == "rescuing-the-prisoners":
            escaped = sum(len(p) for p in state.pows_escaped.values())
            return self.t("ui.pows", escaped=escaped, lost=state.pows_lost)
        names = ", ".join(self.name(loc) for loc in state.set_aside) or "—"
        lines = [self.t("ui.set_aside", cards=names)]
        if state.eavesdrop_rest:
            lines.append(self.t("ui.eavesdrop_left", count=len(state.eavesdrop_rest)))
        return " ".join(lines)

    def _choices(self) -> list[tuple[str, BaseModel]]:
        """Decisions shown as buttons: pending questions, POWs to send, tokens to draw, done."""
        state, found = self.state, []
        for action in self.legal:
            kind = action.type
            if kind == "escape_plan":
                found.append((self.t("ui.escape_plan.use" if action.use else "ui.escape_plan.keep"), action))
            elif kind == "betray":
                found.append((self.t("ui.betray", who=self.name(action.operative)), action))
            elif kind == "release":
                found.append((self.t("ui.release", who=self.name(action.prisoner)), action))
            elif kind == "recruit":
                found.append(
                    (
                        self.t(
                            "ui.recruit",
                            cell=self.cell_name(action.cell),
                            count=len(state.decks[action.cell]),
                        ),
                        action,
                    )
                )
            elif isinstance(action, SendPows):
                found.append(
                    (self.t("ui.send_pows", count=action.count, location=self.name(action.location)), action)
                )
            elif isinstance(action, Check) and action.operative == self.checking:
                found.append(
                    (self.t("ui.draws", who=self.name(action.operative), count=action.draws), action)
                )
            elif isinstance(action, Done):
                found.append((self.t("ui.done"), action))
            elif isinstance(action, EndChapter):
                found.append((self.t("ui.end_chapter"), action))
        return found

    # -- input ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> BaseModel | dict[str, Any] | None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            return None
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        for rect, _, action in self.buttons:
            if rect.collidepoint(event.pos):
                return action
        target = self._target_at(event.pos)
        if target is None:
            self.selected = self.selected_item = None
            return None
        return self._click(target)

    def _target_at(self, pos: tuple[int, int]) -> Target | None:
        order = {"placed": 0, "slot": 1, "hand": 2, "item": 2, "prisoner": 2, "card": 3}
        hits = [t for t in self.targets if t.rect.collidepoint(pos)]
        return min(hits, key=lambda t: order[t.kind]) if hits else None

    def _click(self, target: Target) -> BaseModel | None:
        """The action a click means, legal or not: the play scene submits it, and the rules
        refuse what is not allowed with its reason (a toast in the player's language), so a
        click on a slot the selected operative has no skill for, a busy card, an item on the
        wrong thing or an operative who cannot be taken back is told why, never ignored.
        Only the first click of a two-click action (an operative, an item with something to
        be used on) selects without asking the rules."""
        legal = list(self.legal)
        if target.kind == "hand":
            self.selected = None if self.selected == target.key else target.key
            self.selected_item = None
            return None
        if target.kind == "item":
            self.selected_item = None if self.selected_item == target.key else target.key
            self.selected = None
            use = UseItem(item=target.key)
            aimed = any(isinstance(a, UseItem) and a.item == target.key for a in legal)
            # Used at once (the Bomb), or with nothing to use it on: the rules say why not.
            return use if use in legal or not aimed else None
        if target.kind == "prisoner" and self.selected_item:
            return UseItem(item=self.selected_item, prisoner=target.key)
        if target.kind == "placed":
            checks = [a for a in legal if isinstance(a, Check) and a.operative == target.key]
            if len(checks) == 1:
                return checks[0]
            if checks:
                self.checking = target.key
                self._layout()
                return None
            if self.state.decision is not None and self.state.decision.kind == "resolve":
                return Check(operative=target.key, draws=2)  # refused: not this one's turn now
            return Unassign(operative=target.key)
        if target.kind in ("slot", "card") and self.selected_item:
            return UseItem(item=self.selected_item, location=target.location, site_item=target.item)
        if target.kind == "slot" and self.selected:
            return Assign(
                operative=self.selected, location=target.location, item=target.item, task=target.task
            )
        return None

    def hint_text(self, action: BaseModel) -> str:
        return action_text(self.t, self.name, self.cell_name, action)

    def confirmation(self, action: BaseModel | dict[str, Any]) -> tuple[str, str] | None:
        """Ending the chapter yourself cannot be taken back (its unfinished assignments are
        given up, the last chapter's end is the game's): it asks first (issue 28, point 5)."""
        if not isinstance(action, EndChapter):
            return None
        return self.t("ui.confirm_end_chapter"), self.t("ui.confirm_end_chapter.yes")

    def hint_marks(self, action: BaseModel) -> Sequence[pygame.Rect]:
        """The clicks of `action` as `_click` reads them: a button; an operative in hand then
        a task slot; a placed operative; an item then what it is used on."""
        for rect, _, choice in self.buttons:
            if choice == action:
                return (rect,)
        marks: list[pygame.Rect | None]
        if isinstance(action, Assign):
            marks = [
                self._target("hand", key=action.operative),
                self._target("slot", location=action.location, item=action.item, task=action.task),
            ]
        elif isinstance(action, Unassign | Check):
            marks = [self._target("placed", key=action.operative)]
        elif isinstance(action, UseItem):
            marks = [self._target("item", key=action.item)]
            if action.prisoner is not None:
                marks.append(self._target("prisoner", key=action.prisoner))
            elif action.location is not None:
                marks.append(self._target("card", location=action.location, item=action.site_item))
        else:
            return ()
        return tuple(mark for mark in marks if mark is not None) if None not in marks else ()

    def _target(self, kind: str, **fields: object) -> pygame.Rect | None:
        """The rect of the first target of `kind` whose fields are `fields`."""
        for target in self.targets:
            if target.kind == kind and all(getattr(target, name) == value for name, value in fields.items()):
                return target.rect
        return None

    def status_text(self) -> str:
        state = self.state
        if self.seat_view.outcome is not None:
            return self.t("status.over")
        kind = state.decision.kind if state.decision is not None else "over"
        if kind == "assign" and self.selected:
            return self.t("status.selected", who=self.name(self.selected))
        if kind == "resolve" and self.checking is not None:
            return self.t("status.checking", who=self.name(self.checking))
        return self.t(f"status.{kind}")

    def help_key(self) -> str:
        return f"{NS}.help"

    def _bare(self) -> pygame.Rect:
        """The Jail's panel, the room the guide's sentence is given: it holds nothing to
        click before someone is jailed and an item is at hand (so it hides no hand card,
        task or button the guide may point at); as the Jail is also shown at a glance
        (`at_a_glance`), the play scene puts the sentence over the log's older lines."""
        return self.panels["jail"].copy()

    def keep_clear(self) -> list[pygame.Rect]:
        """The buttons of the question asked."""
        return [rect for rect, _, _ in self.buttons]

    def at_a_glance(self) -> list[pygame.Rect]:
        """The Jail: who is held, their despair, the interrogation and despair left (issue
        29: the guide's bubble stood over its texts); the bubble and a toast stand elsewhere."""
        return [self._bare()]

    def coach_mark(self) -> CoachMark | None:
        """The Introduction's guide: an operative in the hand, then a lit task, then Done;
        in the resolution a lit operative; else the buttons of the question asked."""
        kind = self.state.decision.kind if self.state.decision is not None else None
        legal = self.legal
        if kind == "assign":
            if self.selected is not None:
                lit = next((t for t in self.targets if t.kind == "slot" and self.slot_lit(t)), None)
                if lit is not None:
                    return CoachMark(lit.rect, self.t("coach.slot"), self._bare())
            assignable = {a.operative for a in legal if isinstance(a, Assign)}
            hand = next((t for t in self.targets if t.kind == "hand" and t.key in assignable), None)
            if hand is not None:
                return CoachMark(hand.rect, self.t("coach.hand"), self._bare())
            done = next((rect for rect, _, action in self.buttons if isinstance(action, Done)), None)
            return None if done is None else CoachMark(done, self.t("coach.done"), self._bare())
        if kind == "resolve" and self.checking is None:
            checks = {a.operative for a in legal if isinstance(a, Check)}
            placed = next((t for t in self.targets if t.kind == "placed" and t.key in checks), None)
            if placed is not None:
                return CoachMark(placed.rect, self.t("coach.check"), self._bare())
        if self.buttons:
            rects = [rect for rect, _, _ in self.buttons]
            return CoachMark(
                rects[0].unionall(rects), self.t("coach.choose"), self._bare(), spots=tuple(rects)
            )
        return None

    # -- animation ----------------------------------------------------------------------

    def on_events(self, events: Sequence[Event]) -> None:
        for event in events:
            who = str(event.data.get("who", ""))
            if event.kind == "draw":
                self.queue.append((who, Token(event.data["token"])))
            elif event.kind in ("interrogation", "score_draw"):
                self.queue.extend((who, Token(t)) for t in event.data.get("tokens", []))
            if event.kind in FLASH and "location" in event.data:
                self.flashes[str(event.data["location"])] = (FLASH[event.kind], FLASH_SECONDS)
        if len(self.queue) > 24:
            self.queue = self.queue[-24:]

    def update(self, dt: float) -> None:
        self.flashes = {loc: (c, left - dt) for loc, (c, left) in self.flashes.items() if left > dt}
        if not self.queue:
            return
        self.clock += dt * (1 + len(self.queue) // 4)
        while self.queue and self.clock >= TOKEN_SECONDS:
            self.clock -= TOKEN_SECONDS
            self.drawn.append(self.queue.pop(0))
            self.drawn = self.drawn[-9:]

    # -- drawing ------------------------------------------------------------------------

    def appearance(self) -> Hashable:
        choices = (self.selected, self.selected_item, self.checking)
        return self.view, self.seat, choices, tuple(self.drawn), tuple(sorted(self.flashes.items()))

    def busy(self) -> bool:
        return bool(self.flashes or self.queue)

    def live_look(self) -> Hashable:
        target = self._card_under_pointer()
        return () if target is None else (target.key, self.hover)

    def draw_live(self, surface: pygame.Surface) -> None:
        self._draw_tooltip(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        font = self.ctx.font
        state = self.state
        x0, y0 = self.rect.topleft
        heading = self.t(
            "ui.heading",
            story=self.t(f"scenario.{state.story}"),
            chapter=state.chapter,
            chapters=state.chapters,
            round=state.round,
        )
        time_label = self.t("ui.time", count=state.time)
        time_font = font(20, True)
        pool_right = x0 + TOWN_WIDTH - 2 - time_font.size(time_label)[0] - 12
        room = pool_right - 15 * 9 - 12 - (x0 + 4)
        size = 20
        while size > MIN_TEXT and font(size, True).size(heading)[0] > room:
            size -= 1
        text(surface, font(size, True), heading, (x0 + 4, y0 + 14), "brass", "midleft")
        text(surface, time_font, time_label, (x0 + TOWN_WIDTH - 2, y0 + 14), "text", "midright")
        self._draw_time_pool(surface, pool_right, y0 + 14)
        for target in self.targets:
            if target.kind == "card":
                self._draw_card(surface, target)
        for target in self.targets:
            if target.kind == "hand":
                self._draw_hand_card(surface, target)
        self._draw_side(surface)

    def _draw_time_pool(self, surface: pygame.Surface, right: int, y: int) -> None:
        shown = min(self.state.time, 30)
        for index in range(shown):
            row, column = divmod(index, 15)
            centre = (right - column * 9, y - 5 + row * 10)
            pieces.marker(surface, PALETTE["brass"], centre, 4)

    def _draw_hand_card(self, surface: pygame.Surface, target: Target) -> None:
        card = load_content().operative(target.key)
        labels = {
            "name": self.name(card.id),
            "cell": self.cell_name(card.cell),
            "stealth": self.t("ui.stealth"),
            "stealth.tip": self.t("tip.stealth"),
            "trained": self.t("ui.trained"),
            "untrained": self.t("ui.untrained"),
        }
        for skill in card.skills:
            named = self.t(f"skill.{skill.value}")
            labels[f"{skill.value}.letter"] = self.t(f"skill_letter.{skill.value}")
            labels[f"{skill.value}.1"] = self.t("tip.skill", skill=named)
            labels[f"{skill.value}.2"] = self.t("tip.skill_perfected", skill=named)
            labels[f"{skill.value}.2.light"] = self.t("tip.skill_light", skill=named)
        pieces.operative_card(
            surface,
            self.ctx.font,
            target.rect,
            card,
            target.key in self.state.trained,
            target.key == self.selected,
            labels,
        )

    def _draw_side(self, surface: pygame.Surface) -> None:
        font, state = self.ctx.font, self.state
        small, bold = font(MIN_TEXT, False), font(MIN_TEXT, True)
        for name, box in self.panels.items():
            pygame.draw.rect(surface, PALETTE["ink"], box, border_radius=8)
            pygame.draw.rect(surface, PALETTE["line"], box, width=1, border_radius=8)
            text(surface, bold, self.t(f"ui.section.{name}"), (box.x + 10, box.y + 5), "brass")
        bag = self.panels["bag"]
        for index, kind in enumerate(Token):
            centre = (bag.x + 28, bag.y + HEAD + TOKEN_ROW // 2)
            centre = (centre[0] + (index % 4) * 74, centre[1] + (index // 4) * TOKEN_ROW)
            pieces.token(surface, font, kind, centre, TOKEN)
            count = state.bag.counts.get(kind, 0)
            shown = text(surface, bold, f"×{count}", (centre[0] + TOKEN + 3, centre[1]), "text", "midleft")
            spot = shown.union(pygame.Rect(centre[0] - TOKEN, centre[1] - TOKEN, 2 * TOKEN, 2 * TOKEN))
            explain(spot, f"{self.t(f'tip.token.{kind.value}')}\n{self.t('tip.in_bag', count=count)}")
        supply = fit(font, self._supply_text(), bag.width - 20, MIN_TEXT, max_lines=2, shrink=0)
        for row, line in enumerate(supply.lines):
            text(surface, small, line, (bag.x + 10, bag.y + HEAD + 2 * TOKEN_ROW + row * STEP), "muted")
        strip = self.panels["drawn"]
        spacing = min(40, (strip.width - 52) // 8)  # The last nine drawn tokens fit the panel.
        for index, (_who, kind) in enumerate(self.drawn):
            centre = (strip.x + 28 + index * spacing, strip.y + HEAD + 19)
            pieces.token(surface, font, kind, centre, TOKEN - 1)
            spot = pygame.Rect(centre[0] - TOKEN, centre[1] - TOKEN, 2 * TOKEN, 2 * TOKEN)
            explain(spot, self.t(f"tip.token.{kind.value}"))
        if self.drawn and self.drawn[-1][0]:
            heading = bold.size(self.t("ui.section.drawn"))[0]
            clip_text(
                surface,
                small,
                self.name(self.drawn[-1][0]),
                (strip.right - 10, strip.y + 5),
                strip.width - 30 - heading,
                "muted",
                "topright",
            )
        jail = self.panels["jail"]
        for index in range(load_content().supply.interrogation):
            colour = PALETTE["red"] if index < state.interrogation else PALETTE["panel_hi"]
            pieces.marker(surface, colour, (jail.right - 20 - index * 18, jail.y + 15), 7)
        for row, line in enumerate(self._despair_lines()):
            text(surface, small, line, (jail.x + 10, jail.y + HEAD - 2 + row * STEP), "muted")
        for target in self.targets:
            if target.kind == "prisoner":
                self._draw_prisoner(surface, target)
        safe = self.panels["safe"]
        for row, (said, tone) in enumerate(self._safe_lines()):
            top = safe.y + HEAD - 2 + row * STEP
            clip_text(surface, small, said, (safe.x + 10, top), safe.width - 20, tone)
        for target in self.targets:
            if target.kind == "item":
                lit = target.key == self.selected_item
                pieces.chip(surface, font, target.rect, self.name(target.key), "alice", lit)
        story = self.panels["story"]
        pieces.paragraph(
            surface, small, self._story_text(), story.inflate(-20, 0).move(0, HEAD - 2), "text", STEP
        )
        for rect, label, _ in self.buttons:
            hover = self.hovered(rect)
            pygame.draw.rect(
                surface, PALETTE["brass"] if hover else PALETTE["panel_hi"], rect, border_radius=6
            )
            pygame.draw.rect(surface, PALETTE["brass"], rect, width=1, border_radius=6)
            clip_text(
                surface, bold, label, rect.center, rect.width - 12, "night" if hover else "text", "center"
            )

    def _draw_prisoner(self, surface: pygame.Surface, target: Target) -> None:
        font = self.ctx.font
        lit = (
            self.selected_item is not None
            and UseItem(item=self.selected_item, prisoner=target.key) in self.legal
        )
        pygame.draw.rect(surface, PALETTE["panel"], target.rect, border_radius=4)
        if lit:
            pygame.draw.rect(surface, PALETTE["brass"], target.rect, width=2, border_radius=4)
        face = font(MIN_TEXT, target.key == "alice")
        despair = self.state.despair.get(target.key, 0)
        name = self.name(target.key)
        shown = text(
            surface,
            face,
            clip(face, name, target.rect.width - 12 - 14 * despair),  # whole under the pointer
            (target.rect.x + 6, target.rect.centery),
            "brass" if target.key == "alice" else "text",
            "midleft",
        )
        if shown.width < face.size(name)[0]:
            explain(shown, name)
        for index in range(despair):
            pieces.marker(
                surface, (150, 96, 178), (target.rect.right - 10 - index * 14, target.rect.centery), 6
            )

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        """The hovered card's full text: its success and failure, or an item's use (a part of
        the card that says what it is under the pointer, `explain`, speaks instead)."""
        target = self._card_under_pointer()
        if (
            target is None
            or self.tips.under(self.hover) is not None
            or (target.item is None and load_content().location(target.location).kind == "workshop")
        ):
            return
        font = self.ctx.font(MIN_TEXT, False)
        if target.item is not None:
            lines = [
                self.name(target.item),
                *(effect.tip for effect in self._card_effects(target.location, target.item)),
            ]
        else:
            card = load_content().location(target.location)
            lines = [self.name(card.id)]
            lines.append(
                self.t("ui.success_line", text=self._effects(card.success) or self.t("card." + card.id))
            )
            if card.failure:
                lines.append(self.t("ui.failure_line", text=self._effects(card.failure)))
        width = max(font.size(line)[0] for line in lines) + 20
        box = pygame.Rect(0, 0, width, 10 + STEP * len(lines))
        box.topleft = (
            min(self.hover[0] + 14, self.rect.right - width),
            min(self.hover[1] + 14, self.rect.bottom - box.height),
        )
        pygame.draw.rect(surface, PALETTE["panel_hi"], box, border_radius=6)
        pygame.draw.rect(surface, PALETTE["brass"], box, width=1, border_radius=6)
        for index, line in enumerate(lines):
            text(
                surface, font, line, (box.x + 10, box.y + 5 + index * STEP), "brass" if index == 0 else "text"
            )

    def _card_under_pointer(self) -> Target | None:
        return next((t for t in self.targets if t.kind == "card" and t.rect.collidepoint(self.hover)), None)
