"""The Doppelnull table: what the seat at the screen sees, and clicks turned into actions.

Click a hand card, then an opponent's agent, to swap; after an unmasking, "End turn"
declines the turn it earned.  At setup click the opponent's agents to send them to the
box blind, then one of your agents and a card to place it; or "Arrange for me": the
rules draw a legal arrangement from the seat's own side (`seen_random_arrangement`),
shown on the line as a draft the player may change (click two agents to swap them,
where the rules allow it) until "Place them" places it, one `Place` after the other.
Press N (or the notebook button) for the notebook aid: per opponent agent, the numbers
still possible from what this seat has seen.  Drawing never changes the game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from functools import partial
from typing import cast

import pygame
from pydantic import BaseModel

from game.doppelnull.animation import (
    BANNER_SECONDS,
    SWAP_SECONDS,
    UNMASK_SECONDS,
    Animations,
    Motion,
    ease,
    lerp,
)
from game.doppelnull.cards import draw_card, draw_hand_card, slot_centre
from game.doppelnull.figures import HEIGHT, figure
from game.doppelnull.labels import action_text
from game.doppelnull.layout import FIGURE_SCALE, TRAY_SCALE, Layout
from game.ui.anim import rate
from game.ui.coach import CoachMark
from game.ui.context import UiContext
from game.ui.fit import fit_text
from game.ui.naming import event_text
from game.ui.seat_view import SeatView
from game.ui.theme import MIN_TEXT, PALETTE, panel, text, wrap
from game.ui.title_screen import Actions, Part, TitleScreen
from rules.core import Dice, Event, Seat, seed_state
from rules.doppelnull.actions import ChooseStarter, EndTurn, Place, Remove, Swap, place_of
from rules.doppelnull.options import SEATS, opponent
from rules.doppelnull.setup_rules import seen_arrangement_refusal, seen_random_arrangement
from rules.doppelnull.state import sign_of
from rules.doppelnull.view import DoppelnullView, SlotView

GOLD = (228, 186, 96)
LIT = (212, 166, 86)
BRIGHT = (246, 214, 150)
BANDS = (274, 468)
"""Where the table's middle band starts and ends, from its top (`DoppelnullScreen.parts`):
under the notebook's rows and over the hand's caption; under the score and hint panels
and over the highest an agent of the viewer's line rises (hopping, unmasked)."""


class DoppelnullScreen(TitleScreen):
    first_game_level = "random"
    """A first game against Easy: Normal unmasks most of a newcomer's agents before he
    has read a clue (issue 30)."""

    def __init__(self, ctx: UiContext, seen: SeatView, rect: pygame.Rect) -> None:
        super().__init__(ctx, seen, rect)
        self.layout = Layout(rect)
        self.selected_card: int | None = None
        self.selected_agent: int | None = None
        self.notebook = False
        """The notebook aid: off by default (issue 3, "Play")."""
        self.possible: list[tuple[int, ...]] = []
        """Per opponent slot, the numbers its agent may have (the notebook), read at `refresh`."""
        self.mouse = (0, 0)
        self.animations = Animations()
        self.draft: dict[int, int] | None = None
        """At placement, after "Arrange for me": slot -> the waiting agent drawn onto it,
        not placed yet ("Place them" places them)."""
        self.draft_pick: int | None = None
        """The slot of the draft whose agent was clicked, to swap with the next one clicked."""
        self.news: tuple[str, int] | None = None
        """The last unmasking since the seat at the screen last swapped: ("won", agent)
        of the opponent's, ("lost", agent) of its own (the guide says what it was)."""

    # -- who is who --------------------------------------------------------------------

    @property
    def table(self) -> DoppelnullView:
        return cast(DoppelnullView, self.view)

    @property
    def me(self) -> Seat:
        """The seat drawn at the bottom: the viewer, or the first seat for a spectator."""
        return self.seat if self.seat is not None else SEATS[0]

    @property
    def them(self) -> Seat:
        return opponent(self.me)

    def refresh(self, seen: SeatView) -> None:
        seat = seen.seat
        if seat != self.seat:
            self.animations.clear()
        super().refresh(seen)
        self.possible = (
            [slot.possible for slot in self.table.sides[self.them].line] if self.seat is not None else []
        )
        if self.selected_card is not None and self.selected_card not in self.table.sides[self.me].hand:
            self.selected_card = None
        if self.selected_agent is not None and self.selected_agent not in self.table.sides[self.me].waiting:
            self.selected_agent = None
        if self.draft is not None and (
            self.table.phase != "placement"
            or not self.legal
            or seen_arrangement_refusal(self.table.sides[self.me], self.draft) is not None
        ):
            self.draft, self.draft_pick = None, None

    # -- input -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> Actions:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            self.notebook = not self.notebook
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            return self._click(event.pos)
        return None

    @property
    def may_end_turn(self) -> bool:
        """The rules offer ending the turn (after an unmasking) to the seat at the screen."""
        return EndTurn() in self.legal

    def _click(self, pos: tuple[int, int]) -> Actions:
        phase = self.table.phase
        if phase == "play" and self.layout.notebook_toggle(self.may_end_turn).collidepoint(pos):
            self.notebook = not self.notebook
            return None
        if self.may_end_turn and self.layout.end_turn_button().collidepoint(pos):
            self.selected_card = None
            return EndTurn()
        if not self.legal:
            return None
        if phase == "starter":
            for index, choice in enumerate(self._starter_choices()):
                if self.layout.starter_button(index).collidepoint(pos):
                    return ChooseStarter(seat=choice)
        elif phase == "blind_pick":
            for action in self.legal:
                if isinstance(action, Remove) and self.layout.row_figure(True, action.position).collidepoint(
                    pos
                ):
                    return action
        elif phase == "placement":
            return self._click_placement(pos)
        elif phase == "play":
            return self._click_play(pos)
        return None

    def _click_placement(self, pos: tuple[int, int]) -> BaseModel | tuple[BaseModel, ...] | None:
        layout = self.layout
        if layout.arrange_button().collidepoint(pos):
            self.arrange()
            return None
        if self.draft is not None:
            if layout.place_button().collidepoint(pos):
                actions = tuple(place_of(agent, slot) for slot, agent in sorted(self.draft.items()))
                self.draft, self.draft_pick = None, None
                return actions
            self._click_draft(pos)
            return None
        for index, agent in enumerate(self.table.sides[self.me].waiting):
            if self.layout.waiting_figure(index).collidepoint(pos):
                self.selected_agent = None if self.selected_agent == agent else agent
                return None
        if self.selected_agent is None:
            return None
        for slot in range(len(self.table.sides[self.me].line)):
            if self.layout.slot_target(False, slot).collidepoint(pos):
                action = Place(agent=self.selected_agent, slot=slot)
                self.selected_agent = None
                return action
        return None

    def arrange(self) -> None:
        """ "Arrange for me": the rules draw a legal arrangement of the waiting agents,
        shown as a draft (nothing is placed yet)."""
        dice = Dice(seed_state(random.SystemRandom().randrange(1 << 31)))
        self.draft = seen_random_arrangement(self.table.sides[self.me], dice)
        self.draft_pick, self.selected_agent = None, None

    def draft_swaps(self) -> set[int]:
        """The slots of the draft the picked agent may trade places with (the rules' say)."""
        if self.draft is None or self.draft_pick is None:
            return set()
        return {slot for slot in self.draft if slot != self.draft_pick and self._swapped(slot) is not None}

    def _swapped(self, slot: int) -> dict[int, int] | None:
        """The draft with the picked agent and `slot`'s traded, when the rules allow it."""
        if self.draft is None or self.draft_pick is None or slot not in self.draft:
            return None
        draft = dict(self.draft)
        draft[slot], draft[self.draft_pick] = self.draft[self.draft_pick], self.draft[slot]
        return draft if seen_arrangement_refusal(self.table.sides[self.me], draft) is None else None

    def _click_draft(self, pos: tuple[int, int]) -> None:
        """Pick an agent of the draft, then another to trade places with it."""
        assert self.draft is not None
        clicked = next(
            (slot for slot in self.draft if self.layout.slot_target(False, slot).collidepoint(pos)), None
        )
        if clicked is None:
            return
        if self.draft_pick is None or clicked == self.draft_pick:
            self.draft_pick = None if clicked == self.draft_pick else clicked
            return
        swapped = self._swapped(clicked)
        if swapped is not None:
            self.draft, self.draft_pick = swapped, None

    def _click_play(self, pos: tuple[int, int]) -> BaseModel | None:
        hand = self.table.sides[self.me].hand
        for index, card in enumerate(hand):
            if self.layout.hand_card(index, card == self.selected_card).collidepoint(pos):
                self.selected_card = None if self.selected_card == card else card
                return None
        if self.selected_card is None:
            return None
        for slot in range(len(self.table.sides[self.them].line)):
            if self.layout.slot_target(True, slot).collidepoint(pos):
                action = Swap(card=self.selected_card, slot=slot)
                self.selected_card = None
                return action
        return None

    def _starter_choices(self) -> list[Seat | None]:
        return [*SEATS, None]

    def hint_text(self, action: BaseModel) -> str:
        return action_text(self.ctx, self.table, self.me, self.player, action)

    def hint_marks(self, action: BaseModel) -> Sequence[pygame.Rect]:
        """The clicks of `action` as `_click` reads them: a hand card then the opponent's
        slot, a waiting agent then the own slot, one figure or one button."""
        layout, me = self.layout, self.me
        if isinstance(action, Swap):
            hand = self.table.sides[me].hand
            if action.card not in hand:
                return ()
            index = hand.index(action.card)
            return (
                layout.hand_card(index, self.selected_card == action.card),
                layout.slot_target(True, action.slot),
            )
        if isinstance(action, Place):
            waiting = self.table.sides[me].waiting
            if action.agent not in waiting:
                return ()
            return (
                layout.waiting_figure(waiting.index(action.agent)),
                layout.slot_target(False, action.slot),
            )
        if isinstance(action, Remove):
            return (layout.row_figure(True, action.position),)
        if isinstance(action, ChooseStarter):
            return (layout.starter_button(self._starter_choices().index(action.seat)),)
        if isinstance(action, EndTurn):
            return (layout.end_turn_button(),)
        return ()

    # -- what just happened --------------------------------------------------------------

    def on_events(self, events: Sequence[Event]) -> None:
        new_deal = any(e.kind == "deal" for e in events)
        for event in events:
            if event.kind == "swap" and event.data.get("seat") == self.seat:
                self.news = None
            elif event.kind == "unmask":
                self.news = (
                    "lost" if event.data.get("owner") == self.seat else "won",
                    int(event.data["agent"]),
                )
            elif event.kind == "deal":
                self.news = None
            delay = self.animations.busy_delay()
            if event.kind == "swap" and not new_deal:
                self._start_swap(event, delay)
            elif event.kind == "unmask" and not new_deal:
                self._start_unmask(event, delay)
            elif event.kind in ("game_won", "play", "deal"):
                banner = event_text(self.ctx, self.seat_view, event)
                self.animations.add(Motion("banner", BANNER_SECONDS, delay, data={"text": banner}))

    def _start_swap(self, event: Event, delay: float) -> None:
        owner, slot = str(event.data["owner"]), int(event.data["slot"])
        clues = self.table.sides[owner].line[slot].clues
        before = clues[-2].sign if len(clues) >= 2 else None
        swapper = str(event.data["seat"])
        hand = self.table.sides[swapper].hand
        old = int(event.data["old"])
        data = {
            "owner": owner,
            "slot": slot,
            "from_sign": before,
            "to_sign": clues[-1].sign if clues else None,
            "swapper": swapper,
            "hand_index": hand.index(old) if old in hand else 0,
            "card": int(event.data["card"]),
            "old": old,
        }
        self.animations.add(Motion("swap", SWAP_SECONDS, delay, data=data))

    def _start_unmask(self, event: Event, delay: float) -> None:
        owner, slot = str(event.data["owner"]), int(event.data["slot"])
        unmasked = [i for i, s in enumerate(self.table.sides[owner].line) if s.unmasked]
        data = {"owner": owner, "slot": slot, "agent": int(event.data["agent"]), "tray": unmasked.index(slot)}
        self.animations.add(Motion("unmask", UNMASK_SECONDS, delay, data=data))

    def update(self, dt: float) -> None:
        speed = rate(self.ctx.settings)
        self.animations.update(dt * speed)

    # -- status and help -----------------------------------------------------------------

    def status_text(self) -> str:
        table, t = self.table, self.ctx.t
        if table.phase == "starter":
            return t("doppelnull.status.starter")
        if table.phase == "blind_pick":
            side = table.sides[self.them]
            return t("doppelnull.status.blind_pick", count=side.to_box, name=self.player(side.seat))
        if table.phase == "placement":
            mine = self.player(self.me)
            if self.draft is not None:
                return t("doppelnull.status.draft", side=mine)
            if self.selected_agent is not None:
                return t("doppelnull.status.place_agent", agent=self.selected_agent, side=mine)
            return t("doppelnull.status.placement", side=mine)
        if table.phase == "play":
            theirs = self.player(self.them)
            if self.selected_card is not None:
                return t("doppelnull.status.swap_card", card=self.selected_card, side=theirs)
            if self.may_end_turn:
                return t("doppelnull.status.again", side=theirs)
            return t("doppelnull.status.play", side=theirs)
        return ""

    def help_key(self) -> str:
        return f"doppelnull.help.{self.table.phase}"

    # -- the first-game guide --------------------------------------------------------------

    def coach_mark(self) -> CoachMark | None:
        """The guide, from the seat's own view: who starts, the blind pick, "Arrange for
        me" (or a lit card for the agent picked), "Place them", a hand card, then an
        opponent's agent; after an unmasking, what it was.  The sentence is given the
        score panel's room, which the score keeps (`at_a_glance`): the play scene puts it
        over the log's older lines."""
        t, layout, phase = self.ctx.t, self.layout, self.table.phase
        mark = partial(self._mark, room=layout.scoreboard())
        # The sentences agree with the agents they speak of: the viewer's or the opponent's.
        mine, theirs = self.player(self.me), self.player(self.them)
        if phase == "starter":
            buttons = [layout.starter_button(i) for i in range(len(self._starter_choices()))]
            return mark(buttons, t("doppelnull.coach.starter"))
        if phase == "blind_pick":
            pickable = sorted(a.position for a in self.legal if isinstance(a, Remove))
            if not pickable:
                return None
            side = self.table.sides[self.them]
            return mark(
                [layout.row_figure(True, pickable[0])],
                t("doppelnull.coach.blind_pick", count=side.to_box, name=self.player(side.seat)),
            )
        if phase == "placement":
            if self.draft is not None and self.draft_pick is not None:
                swaps = [layout.slot_target(False, slot) for slot in sorted(self.draft_swaps())]
                return mark(
                    swaps or [layout.slot_target(False, self.draft_pick)],
                    t("doppelnull.coach.draft_swap", side=mine),
                )
            if self.draft is not None:
                return mark([layout.place_button()], t("doppelnull.coach.draft", side=mine))
            if self.selected_agent is not None:
                slots = [layout.slot_target(False, slot) for slot in sorted(self._targets(False))]
                return mark(slots, t("doppelnull.coach.place_on", agent=self.selected_agent))
            return mark([layout.arrange_button()], t("doppelnull.coach.placement", side=mine))
        if phase != "play":
            return None
        if self.selected_card is not None:
            slots = [layout.slot_target(True, slot) for slot in sorted(self._targets(True))]
            return mark(slots, t("doppelnull.coach.swap_target", card=self.selected_card))
        hand = [layout.hand_card(i) for i in range(len(self.table.sides[self.me].hand))]
        if self.news is not None:
            outcome, agent = self.news
            return mark(hand, t(f"doppelnull.coach.unmasked_{outcome}", number=agent))
        return mark(hand, t("doppelnull.coach.pick_card", side=theirs))

    def _mark(self, spots: Sequence[pygame.Rect], sentence: str, room: pygame.Rect) -> CoachMark | None:
        """A mark round `spots`, its sentence in `room`, leaving the lines, the hand and the
        hint panel (the buttons, the opponent's hand) in sight."""
        if not spots:
            return None
        ring = spots[0].unionall(list(spots))
        return CoachMark(ring, sentence, room, keep_clear=tuple(self.keep_clear()), spots=tuple(spots))

    def keep_clear(self) -> list[pygame.Rect]:
        """The hint panel (its buttons, the opponent's hand), the viewer's hand, both lines
        (where the last swap's clue shows) or the rows of the blind pick, the agents waiting
        to be placed (the figures clicked next), the starter's buttons."""
        layout, phase = self.layout, self.table.phase
        kept = [layout.hint_panel()]
        if phase in ("play", "placement", "over"):
            lines = range(len(self.table.sides[self.me].line))
            for top in (True, False):
                kept.append(layout.slot_target(top, 0).unionall([layout.slot_target(top, s) for s in lines]))
        if phase in ("play", "over", "blind_pick"):
            hand = [layout.hand_card(i) for i in range(len(self.table.sides[self.me].hand))]
            kept += hand
        if phase == "placement" and (waiting := self.table.sides[self.me].waiting):
            figures = [layout.waiting_figure(index) for index in range(len(waiting))]
            kept.append(figures[0].unionall(figures))
        if phase == "blind_pick":
            rows = range(len(self.table.sides[self.them].row))
            kept.append(layout.row_figure(True, 0).unionall([layout.row_figure(True, p) for p in rows]))
        if phase == "starter":
            kept += [layout.starter_button(i) for i in range(len(self._starter_choices()))]
        return kept

    def at_a_glance(self) -> list[pygame.Rect]:
        """The score panel (the match's score, who plays which side): the guide's bubble
        stands elsewhere (issue 29: it stood over it), as a toast does."""
        return [self.layout.scoreboard()]

    # -- drawing -------------------------------------------------------------------------

    def parts(self) -> list[Part]:
        """Three bands, each drawn again on its own: the opponent's agents on the viewer's
        cards, the middle band (the score, the viewer's hand, the hint panel), the viewer's
        agents on the opponent's cards.  What the pointer lights lies in one band, so a
        hover redraws only that band."""
        rect, (top, bottom) = self.rect, BANDS
        bands = (
            ("top", pygame.Rect(rect.x, rect.y, rect.width, top)),
            ("middle", pygame.Rect(rect.x, rect.y + top, rect.width, bottom - top)),
            ("bottom", pygame.Rect(rect.x, rect.y + bottom, rect.width, rect.height - bottom)),
        )
        return [
            Part(area, partial(self._band_look, band), partial(self._draw_band, band)) for band, area in bands
        ]

    def _band_look(self, band: str) -> Hashable:
        """What a band's picture depends on: the view, the seat, the selections, the notebook
        and the motions reaching into the band (a card flies from the hand to a line)."""
        reach = {"top": ("swap", "unmask"), "middle": ("swap", "banner"), "bottom": ("swap", "unmask")}[band]
        motions = tuple((m.kind, m.elapsed) for m in self.animations.items if m.kind in reach)
        draft = None if self.draft is None else (tuple(sorted(self.draft.items())), self.draft_pick)
        return self.view, self.seat, self.selected_card, self.selected_agent, self.notebook, motions, draft

    def busy(self) -> bool:
        return bool(self.animations.items)

    def _draw_band(self, band: str, surface: pygame.Surface) -> None:
        """Draw what reaches into `band` of the table, in the order the whole table is drawn
        (the target is clipped to the band: a card flying across two bands is drawn in both)."""
        panel(surface, self.rect, "ink")
        table = self.table
        lines, middle = band != "middle", band == "middle"
        if lines:
            self._draw_headers(surface)
        if table.phase in ("starter", "blind_pick"):
            if lines:
                self._draw_row(surface, top=band == "top")
        else:
            if band != "bottom":
                self._draw_line(surface, top=True, flights_only=middle)
            if band != "top":
                self._draw_line(surface, top=False, flights_only=middle)
            if lines:
                self._draw_trays(surface)
            if band == "top" and self.notebook and table.phase == "play" and self.seat is not None:
                self._draw_notebook(surface)
        if middle:
            self._draw_scoreboard(surface)
            self._draw_middle(surface)
            self._draw_hint(surface)
        if band == "bottom":
            self._draw_box(surface)
        if middle:
            self._draw_opponent_hand(surface)
            self._draw_motions(surface)

    def _font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.ctx.font(size, bold)

    def _draw_headers(self, surface: pygame.Surface) -> None:
        t = self.ctx.t
        for top, seat in ((True, self.them), (False, self.me)):
            side = self.table.sides[seat]
            rows = self.table.phase in ("starter", "blind_pick")
            key = {
                (True, False): "doppelnull.header.theirs",
                (False, False): "doppelnull.header.mine",
                (True, True): "doppelnull.header.their_row",
                (False, True): "doppelnull.header.my_row",
            }[(top, rows)]
            if self.seat is None:
                key = "doppelnull.header.spectator"
            colour = "brass" if self.table.to_act == seat else "text"
            x, y = self.layout.header(top)
            # Top: their agents on the viewer's cards; bottom: the viewer's on theirs.
            name = self.player(side.seat if top or self.seat is None else self.them)
            text(surface, self._font(20, True), t(key, name=name, side=self.player(seat)), (x, y), colour)
            if self.table.phase == "placement" and top:
                state = "doppelnull.placed_all" if side.placed_all else "doppelnull.placing"
                text(
                    surface, self._font(16), t(state, name=self.player(side.seat)), (x + 520, y + 4), "muted"
                )

    # rows (who starts, blind pick) -----------------------------------------------------

    def _draw_row(self, surface: pygame.Surface, top: bool) -> None:
        seat = self.them if top else self.me
        side = self.table.sides[seat]
        pickable = {a.position for a in self.legal if isinstance(a, Remove)} if top else set()
        for position, number in enumerate(side.row):
            rect = self.layout.row_figure(top, position)
            removed = position in side.removed
            hovered = position in pickable and self.hovered(rect)
            if position in pickable:
                glow = rect.inflate(10, 8)
                pygame.draw.rect(
                    surface, BRIGHT if hovered else PALETTE["brass_dim"], glow, 2, border_radius=10
                )
            label = None if number is None else str(number)
            image = figure(seat, label, back=number is None)
            if removed:
                image = image.copy()
                image.set_alpha(60)
            surface.blit(image, rect)
            if removed:
                caption = self.ctx.t("doppelnull.in_box")
                text(surface, self._font(14), caption, (rect.centerx, rect.bottom + 6), "muted", "midtop")

    # lines (placement, play) -----------------------------------------------------------

    def _targets(self, top: bool) -> set[int]:
        """Slots a click on would now be legal: for the selected card or agent."""
        if top and self.selected_card is not None:
            return {a.slot for a in self.legal if isinstance(a, Swap) and a.card == self.selected_card}
        if not top and self.selected_agent is not None:
            return {a.slot for a in self.legal if isinstance(a, Place) and a.agent == self.selected_agent}
        if not top:
            return self.draft_swaps()
        return set()

    def _draw_line(self, surface: pygame.Surface, top: bool, flights_only: bool = False) -> None:
        """A line of cards with the agents on them (`flights_only`: only the cards flying
        between a hand and the line, the part of the line the middle band shows)."""
        seat = self.them if top else self.me
        side = self.table.sides[seat]
        targets = self._targets(top)
        swaps = {(m.data["owner"], m.data["slot"]): m for m in self.animations.of("swap")}
        unmasks = {(m.data["owner"], m.data["slot"]): m for m in self.animations.of("unmask")}
        for slot, view in enumerate(side.line):
            card_rect = self.layout.card(top, slot)
            motion = swaps.get((seat, slot))
            if flights_only:
                if motion is not None and motion.started:
                    self._draw_card_in_flight(surface, motion, card_rect, top)
                continue
            if targets:
                colour = BRIGHT if self.hovered(self.layout.slot_target(top, slot)) else LIT
                if slot in targets:
                    pygame.draw.rect(surface, colour, card_rect.inflate(12, 12), 3, border_radius=12)
            if motion is not None and motion.started:
                self._draw_card_in_flight(surface, motion, card_rect, top)
            else:
                shown = motion.data["old"] if motion is not None else view.card
                sign = motion.data["from_sign"] if motion is not None else view.sign
                self._card(surface, card_rect, shown, seat, view, sign)
            if (
                self.selected_agent is not None
                and not top
                and not view.placed
                and view.card == self.selected_agent
            ):
                self._forbidden_mark(surface, card_rect)
            self._draw_agent(surface, seat, slot, view, card_rect, top, motion, unmasks.get((seat, slot)))
            if not top and self.draft is not None and slot in self.draft and not view.placed:
                self._draw_drafted(surface, seat, slot, view, card_rect)

    def _draw_drafted(
        self, surface: pygame.Surface, seat: Seat, slot: int, view: SlotView, card: pygame.Rect
    ) -> None:
        """An agent of the draft on his card, on the sign the rules give him, see-through
        (not placed yet); the one picked to trade places framed."""
        assert self.draft is not None
        agent = self.draft[slot]
        sign = sign_of(agent, view.card)
        self._card(surface, card, view.card, seat, view, sign)
        x = _stand_x(card, sign)
        feet = self.layout.feet_y(False)
        image = figure(seat, str(agent), FIGURE_SCALE).copy()
        image.set_alpha(200)
        surface.blit(image, image.get_rect(midbottom=(x, feet)))
        if slot == self.draft_pick:
            pygame.draw.rect(
                surface, BRIGHT, self.layout.slot_target(False, slot).inflate(8, 8), 3, border_radius=12
            )

    def _card(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        number: int,
        seat: Seat,
        view: SlotView,
        sign: str | None,
    ) -> None:
        draw_card(
            surface,
            rect,
            number,
            opponent(seat),
            self._font(54, True),
            self._font(22, True),
            dim=view.unmasked,
            lit_sign=sign if sign in ("+", "-") else None,
        )

    def _draw_card_in_flight(
        self, surface: pygame.Surface, motion: Motion, card_rect: pygame.Rect, top: bool
    ) -> None:
        """The new card travels from the hand to the slot while the old one goes back."""
        t = ease(motion.progress)
        hand_rect = self._hand_rect(str(motion.data["swapper"]), int(motion.data["hand_index"]))
        owner_set = opponent(str(motion.data["owner"]))
        going = _lerp_rect(card_rect, hand_rect, t)
        coming = _lerp_rect(hand_rect, card_rect, t)
        pygame.draw.rect(surface, PALETTE["panel"], card_rect, border_radius=9)
        draw_hand_card(
            surface, going, int(motion.data["old"]), owner_set, self._font(max(18, going.height // 3), True)
        )
        draw_hand_card(
            surface,
            coming,
            int(motion.data["card"]),
            owner_set,
            self._font(max(18, coming.height // 3), True),
        )

    def _hand_rect(self, seat: Seat, index: int) -> pygame.Rect:
        if seat == self.me and self.seat is not None:
            return self.layout.hand_card(index)
        return self.layout.opponent_hand_card(index)

    def _forbidden_mark(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        red = PALETTE["red"]
        pygame.draw.line(surface, red, rect.topleft, rect.bottomright, 3)
        pygame.draw.line(surface, red, rect.topright, rect.bottomleft, 3)

    def _draw_agent(
        self,
        surface: pygame.Surface,
        seat: Seat,
        slot: int,
        view: SlotView,
        card: pygame.Rect,
        top: bool,
        swap: Motion | None,
        unmask: Motion | None,
    ) -> None:
        if not view.placed:
            return
        feet = self.layout.feet_y(top)
        label = str(view.agent) if view.agent is not None and not view.unmasked else "?"
        if view.unmasked and unmask is None and (swap is None or swap.done):
            return
        if view.unmasked and unmask is not None and unmask.started:
            self._draw_unmasking(surface, unmask, card, feet, top)
            return
        if view.unmasked:
            label = "?" if top or self.seat is None else str(view.agent)
        sign_now = view.sign if not view.unmasked else "="
        if swap is not None and swap.started:
            t = ease(swap.progress)
            start = _stand_x(card, swap.data["from_sign"])
            end = _stand_x(card, swap.data["to_sign"] if swap.data["to_sign"] != "=" else None)
            x = round(lerp(start, end, t))
            feet -= round(math.sin(math.pi * t) * 26)
        elif swap is not None:
            x = _stand_x(card, swap.data["from_sign"])
        else:
            x = _stand_x(card, sign_now if sign_now != "=" else None)
        _ground_shadow(surface, x, self.layout.feet_y(top))
        image = figure(seat, label, FIGURE_SCALE)
        surface.blit(image, image.get_rect(midbottom=(x, feet)))

    def _draw_unmasking(
        self, surface: pygame.Surface, motion: Motion, card: pygame.Rect, feet: int, top: bool
    ) -> None:
        """The agent shows its number in a flash of gold, then walks off to the tray."""
        p = motion.progress
        seat, agent = str(motion.data["owner"]), int(motion.data["agent"])
        if p < 0.45:
            k = p / 0.45
            radius = round(20 + 70 * k)
            ring = pygame.Surface((radius * 2 + 4, radius * 2 + 4), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*GOLD, round(220 * (1 - k))), (radius + 2, radius + 2), radius, 5)
            centre = (card.centerx, feet - round(HEIGHT * FIGURE_SCALE) // 2)
            surface.blit(ring, ring.get_rect(center=centre))
            label = str(agent) if k > 0.35 else "?"
            image = figure(seat, label, FIGURE_SCALE * (1.0 + 0.25 * math.sin(math.pi * k)), gold=k > 0.35)
            surface.blit(
                image, image.get_rect(midbottom=(card.centerx, feet - round(18 * math.sin(math.pi * k))))
            )
            return
        k = ease((p - 0.45) / 0.55)
        tx, ty = self.layout.tray(top, int(motion.data["tray"]))
        x, y = round(lerp(card.centerx, tx, k)), round(lerp(feet, ty, k))
        image = figure(seat, str(agent), lerp(FIGURE_SCALE, TRAY_SCALE, k), gold=True)
        surface.blit(image, image.get_rect(midbottom=(x, y)))

    def _draw_trays(self, surface: pygame.Surface) -> None:
        flying = {(m.data["owner"], m.data["slot"]) for m in self.animations.of("unmask")}
        flying |= {(m.data["owner"], m.data["slot"]) for m in self.animations.of("swap")}
        for top, seat in ((True, self.them), (False, self.me)):
            side = self.table.sides[seat]
            unmasked = [(i, s) for i, s in enumerate(side.line) if s.unmasked]
            x, y = self.layout.tray_label(top)
            caption = self.ctx.t("doppelnull.tray", side=self.player(seat))
            x = min(x, self.rect.right - 8 - self._font(MIN_TEXT).size(caption)[0] // 2)  # inside the table
            text(surface, self._font(MIN_TEXT), caption, (x, y - 26), "muted", "center")
            count = f"{len(unmasked)}/{len(side.line)}"
            text(surface, self._font(MIN_TEXT, True), count, (x, y - 4), "brass", "center")
            for index, (slot, view) in enumerate(unmasked):
                if (seat, slot) in flying:
                    continue
                image = figure(seat, str(view.agent), TRAY_SCALE, gold=True)
                surface.blit(image, image.get_rect(midbottom=self.layout.tray(top, index)))

    def _draw_notebook(self, surface: pygame.Surface) -> None:
        """Per opponent agent, the numbers still possible (from this seat's view only)."""
        side = self.table.sides[self.them]
        font = self._font(14, True)
        for slot, view in enumerate(side.line):
            if not view.placed or view.unmasked:
                continue
            row = self.layout.notebook_row(slot)
            pygame.draw.rect(surface, (30, 34, 44), row, border_radius=6)
            pygame.draw.rect(surface, PALETTE["line"], row, 1, border_radius=6)
            step = row.width / 5
            for number in range(1, 11):
                column, line = (number - 1) % 5, (number - 1) // 5
                centre = (round(row.x + step * (column + 0.5)), row.y + 11 + line * 18)
                possible = number in self.possible[slot]
                image = font.render(str(number), True, BRIGHT if possible else (74, 80, 94))
                surface.blit(image, image.get_rect(center=centre))
                if not possible:
                    pygame.draw.line(
                        surface, (74, 80, 94), (centre[0] - 6, centre[1]), (centre[0] + 6, centre[1])
                    )

    # the middle band ---------------------------------------------------------------------

    def _draw_scoreboard(self, surface: pygame.Surface) -> None:
        """This game's unmaskings, and in a series the running points and each game's score."""
        t, table = self.ctx.t, self.table
        box = self.layout.scoreboard()
        panel(surface, box, "panel", "brass_dim")
        x, y = box.x + 18, box.y + 14
        series = table.games > 1
        if series:
            heading = t("doppelnull.score.series", game=table.game_number, games=table.games)
        else:
            heading = t("doppelnull.score.single")
        text(surface, self._font(17, True), heading, (x, y), "brass")
        unmasked_x = box.right - (96 if series else 18)
        text(
            surface, self._font(14), t("doppelnull.score.unmasked"), (unmasked_x, y + 34), "muted", "topright"
        )
        if series:
            text(
                surface,
                self._font(14),
                t("doppelnull.score.points"),
                (box.right - 18, y + 34),
                "muted",
                "topright",
            )
        for row, seat in enumerate((self.me, self.them)):
            count = sum(s.unmasked for s in table.sides[opponent(seat)].line)
            yy = y + 56 + row * 28
            of = len(table.sides[opponent(seat)].line)
            score = text(
                surface, self._font(18, True), f"{count} / {of}", (unmasked_x, yy), "brass", "topright"
            )
            fit_text(surface, self.ctx.font, self.player(seat), (x, yy), score.x - 10 - x, 17)
            if series:
                text(
                    surface,
                    self._font(18, True),
                    str(table.totals[seat]),
                    (box.right - 18, yy),
                    "text",
                    "topright",
                )
        if series and table.results:
            scores = "  ·  ".join(f"{r.unmasked[self.me]}:{r.unmasked[self.them]}" for r in table.results)
            text(surface, self._font(14), t("doppelnull.score.games", scores=scores), (x, y + 122), "muted")

    def _draw_middle(self, surface: pygame.Surface) -> None:
        phase = self.table.phase
        if phase == "starter":
            self._draw_starter_question(surface)
        elif phase == "placement":
            self._draw_waiting(surface)
        elif phase in ("blind_pick", "play", "over"):
            self._draw_hand(surface)

    def _draw_starter_question(self, surface: pygame.Surface) -> None:
        t = self.ctx.t
        first = self.layout.starter_button(0)
        lines = wrap(self._font(18), t("doppelnull.starter.question"), 380)
        for row, line in enumerate(lines[:4]):
            text(surface, self._font(18), line, (first.x, first.y - 118 + row * 24), "text")
        for index, choice in enumerate(self._starter_choices()):
            rect = self.layout.starter_button(index)
            hovered = self.hovered(rect) and bool(self.legal)
            pygame.draw.rect(surface, PALETTE["panel_hi" if hovered else "panel"], rect, border_radius=8)
            pygame.draw.rect(surface, PALETTE["brass"], rect, 1, border_radius=8)
            label = t("doppelnull.starter.lots") if choice is None else self.player(choice)
            room = rect.width - 12
            fit_text(surface, self.ctx.font, label, rect.center, room, 16, True, anchor="center", max_lines=2)

    def _draw_waiting(self, surface: pygame.Surface) -> None:
        side = self.table.sides[self.me]
        if self.seat is None or self.draft is not None:
            return
        for index, agent in enumerate(side.waiting):
            rect = self.layout.waiting_figure(index)
            if agent == self.selected_agent or self.hovered(rect):
                colour = BRIGHT if agent == self.selected_agent else PALETTE["brass_dim"]
                pygame.draw.rect(surface, colour, rect.inflate(10, 8), 2, border_radius=10)
            surface.blit(figure(self.me, str(agent)), rect)
        if side.waiting:
            caption = self.ctx.t("doppelnull.waiting", side=self.player(self.me))
            first = self.layout.waiting_figure(0)
            text(surface, self._font(15), caption, (first.x, first.y - 26), "muted")

    def _draw_hand(self, surface: pygame.Surface) -> None:
        if self.seat is None:
            return
        side = self.table.sides[self.me]
        arriving = {
            int(m.data["hand_index"])
            for m in self.animations.of("swap")
            if m.data["swapper"] == self.me and not m.done
        }
        selectable = self.table.phase == "play" and bool(self.legal)
        caption = self.ctx.t("doppelnull.hand")
        text(
            surface,
            self._font(15),
            caption,
            (self.layout.hand_card(0).x, self.layout.hand_card(0).y - 36),
            "muted",
        )
        for index, card in enumerate(side.hand):
            chosen = card == self.selected_card
            rect = self.layout.hand_card(index, chosen)
            if index in arriving:
                pygame.draw.rect(surface, PALETTE["panel"], rect, border_radius=9)
                continue
            if selectable and (chosen or self.hovered(rect)):
                pygame.draw.rect(
                    surface, BRIGHT if chosen else LIT, rect.inflate(12, 12), 3, border_radius=12
                )
            draw_hand_card(surface, rect, card, self.me, self._font(64, True))

    def _draw_opponent_hand(self, surface: pygame.Surface) -> None:
        side = self.table.sides[self.them]
        arriving = {
            int(m.data["hand_index"]) for m in self.animations.of("swap") if m.data["swapper"] == self.them
        }
        first = self.layout.opponent_hand_card(0)
        left = self.layout.hint_panel().x + 16
        caption = self.ctx.t("doppelnull.their_hand", name=self.player(side.seat))
        room = first.x - 8 - left
        fit_text(
            surface,
            self.ctx.font,
            caption,
            (left, first.centery),
            room,
            14,
            colour="muted",
            anchor="midleft",
            max_lines=2,
        )
        for index, card in enumerate(side.hand):
            if index in arriving:
                continue
            draw_hand_card(
                surface, self.layout.opponent_hand_card(index), card, self.them, self._font(24, True)
            )

    def _draw_hint(self, surface: pygame.Surface) -> None:
        box = self.layout.hint_panel()
        panel(surface, box, "panel")
        lines = wrap(self._font(MIN_TEXT), self._hint(), box.width - 32)
        for row, line in enumerate(lines):  # every hint fits in three (tests/ui/test_nothing_cut.py)
            text(surface, self._font(MIN_TEXT), line, (box.x + 16, box.y + 12 + row * 22), "text")
        if self.table.phase == "play" and self.seat is not None:
            chip = self.layout.notebook_toggle(self.may_end_turn)
            lit = self.notebook or self.hovered(chip)
            pygame.draw.rect(surface, PALETTE["panel_hi" if lit else "ink"], chip, border_radius=8)
            pygame.draw.rect(surface, PALETTE["brass" if self.notebook else "line"], chip, 1, border_radius=8)
            state = self.ctx.t("app.on" if self.notebook else "app.off")
            label = self.ctx.t("doppelnull.notebook", state=state)
            text(surface, self._font(15, True), label, chip.center, "text", "center")
        if self.table.phase == "placement" and self.seat is not None and self.legal:
            labels = [
                (
                    self.layout.arrange_button(),
                    "doppelnull.arrange" if self.draft is None else "doppelnull.arrange_again",
                )
            ]
            if self.draft is not None:
                labels.append((self.layout.place_button(), "doppelnull.place_all"))
            for button, key in labels:
                lit = self.hovered(button)
                pygame.draw.rect(surface, PALETTE["panel_hi" if lit else "panel"], button, border_radius=8)
                pygame.draw.rect(surface, PALETTE["brass"], button, 1, border_radius=8)
                fit_text(
                    surface,
                    self.ctx.font,
                    self.ctx.t(key),
                    button.center,
                    button.width - 12,
                    15,
                    True,
                    anchor="center",
                )
        if self.may_end_turn:
            button = self.layout.end_turn_button()
            hovered = self.hovered(button)
            pygame.draw.rect(surface, PALETTE["panel_hi" if hovered else "panel"], button, border_radius=8)
            pygame.draw.rect(surface, PALETTE["brass"], button, 1, border_radius=8)
            label = self.ctx.t("doppelnull.end_turn_button")
            text(surface, self._font(15, True), label, button.center, "text", "center")

    def _draw_box(self, surface: pygame.Surface) -> None:
        if self.seat is None or self.table.phase in ("starter", "blind_pick"):
            return
        boxed = self.table.sides[self.me].boxed
        if not boxed:
            return
        x, y = self.layout.box()
        numbers = ", ".join(str(n) for n in sorted(boxed))
        label = self.ctx.t("doppelnull.box", numbers=numbers, side=self.player(self.me))
        text(surface, self._font(15), label, (x, y), "muted")

    def _hint(self) -> str:
        """The phase's hint; in a turn an unmasking earned, that it may be ended."""
        table, t = self.table, self.ctx.t
        if table.phase == "placement" and self.draft is not None:
            return t("doppelnull.hint.draft", side=self.player(self.me))
        if table.phase == "play" and table.again and table.to_act is not None:
            # The agent unmasked is one of the other side's: the sentence agrees with it.
            unmasked = self.player(opponent(table.to_act))
            if table.to_act == self.seat:
                return t("doppelnull.hint.again", side=unmasked)
            return t("doppelnull.hint.again_other", name=self.player(table.to_act), side=unmasked)
        return t(f"doppelnull.hint.{table.phase}", side=self.player(self.them))

    def _draw_motions(self, surface: pygame.Surface) -> None:
        for motion in self.animations.of("banner"):
            if not motion.started:
                continue
            p = motion.progress
            alpha = round(255 * min(1.0, p / 0.15, (1 - p) / 0.25))
            font = self._font(30, True)
            image = font.render(str(motion.data["text"]), True, PALETTE["text"])
            box = image.get_rect(center=(self.rect.centerx, self.rect.y + 370)).inflate(60, 30)
            plate = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(plate, (*PALETTE["ink"], 235), plate.get_rect(), border_radius=14)
            pygame.draw.rect(plate, (*PALETTE["brass"], 255), plate.get_rect(), 2, border_radius=14)
            plate.blit(image, image.get_rect(center=(box.width // 2, box.height // 2)))
            plate.set_alpha(alpha)
            surface.blit(plate, box)
            break


def _ground_shadow(surface: pygame.Surface, x: int, feet: int) -> None:
    shadow = pygame.Surface((56, 12), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 110), shadow.get_rect())
    surface.blit(shadow, shadow.get_rect(center=(x, feet)))


def _stand_x(card: pygame.Rect, sign: object) -> int:
    """Where an agent stands on a card: its sign's slot, or the middle when it has none."""
    if sign in ("+", "-"):
        return slot_centre(card, str(sign))
    return card.centerx


def _lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    return pygame.Rect(
        round(lerp(a.x, b.x, t)),
        round(lerp(a.y, b.y, t)),
        round(lerp(a.width, b.width, t)),
        round(lerp(a.height, b.height, t)),
    )
