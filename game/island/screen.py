"""The race's table: the board, the agents, and the seat at the screen's choices turned into actions.

Click a lit field (a start space, where a card or a free jump takes you) or the island;
click a button for everything else; in a fight, click up to two of your equipment cards,
then the fight button.  Everything shown comes from the seat's view and the legal
actions: the table decides nothing, and draws nothing the seat may not see.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any, cast

import pygame
from pydantic import BaseModel

from game.island.board_art import board_surface
from game.island.buttons import action_text, decision_buttons
from game.island.column import draw_agents, draw_hand, draw_prompt, draw_task
from game.island.layout import FIELD_RADIUS, Layout
from game.island.meeting import draw_meeting
from game.island.pieces import SEAT_COLOURS, Button, draw_button, draw_card_back, draw_chip, draw_figure
from game.ui.coach import CoachMark
from game.ui.context import UiContext
from game.ui.naming import player_name
from game.ui.seat_view import SeatView
from game.ui.theme import MIN_TEXT, PALETTE, text
from game.ui.title_screen import TitleScreen
from rules.core import Event
from rules.island.actions import Arm, Jump, Place, Ride
from rules.island.content import ISLAND, load_content
from rules.island.view import IslandView

BUTTON_TEXT = MIN_TEXT
"""The size of the decision buttons' words."""


class IslandScreen(TitleScreen):
    def __init__(self, ctx: UiContext, seen: SeatView, rect: pygame.Rect) -> None:
        self.board = load_content().board
        self.layout = Layout(rect, len(self.board.fields))
        self.picked: set[int] = set()
        """Indices of the viewer's equipment cards picked for the fight."""
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self._art: tuple[str, pygame.Surface] | None = None
        self.trail: list[tuple[int, bool]] = []
        """The last mover's route since his roll: (field, reached by a ride or jump)."""
        self.trail_seat: str | None = None
        super().__init__(ctx, seen, rect)

    @property
    def table(self) -> IslandView:
        return cast(IslandView, self.view)

    def name(self, seat: str) -> str:
        return player_name(self.ctx, self.seat_view, seat)

    def refresh(self, seen: SeatView) -> None:
        seat = seen.seat
        decision = (self.table.decision, self.table.to_act)
        super().refresh(seen)
        if (self.table.decision, self.table.to_act) != decision or seat != self.seat:
            self.picked = set()
        self._rebuild_buttons()

    def _rebuild_buttons(self) -> None:
        cards = self.my_cards()
        arms = tuple(cards[i] for i in sorted(self.picked) if i < len(cards))
        face = self.ctx.font(BUTTON_TEXT, False)
        self.buttons = decision_buttons(
            self.ctx.t,
            self.name,
            self.layout,
            len(self.table.players),
            self.legal,
            arms,
            lambda label: face.size(label)[0],
        )

    def my_cards(self) -> tuple[str, ...]:
        mine = self.table.agents[self.seat].equipment if self.seat is not None else None
        return mine or ()

    # -- input -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> BaseModel | dict[str, Any] | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            return self._click(event.pos)
        return None

    def _click(self, pos: tuple[int, int]) -> BaseModel | None:
        for button in self.buttons:
            if button.rect.collidepoint(pos):
                return button.action
        if any(isinstance(action, Arm) for action in self.legal):
            for index in range(len(self.my_cards())):
                if self.layout.tile(len(self.table.players), index).collidepoint(pos):
                    self._pick(index)
                    return None
        return self._board_target(pos)

    def _pick(self, index: int) -> None:
        """Pick or put back one equipment card for the fight (at most two)."""
        if index in self.picked:
            self.picked.discard(index)
        elif len(self.picked) < 2:
            self.picked.add(index)
        self._rebuild_buttons()

    def _board_target(self, pos: tuple[int, int]) -> BaseModel | None:
        """The action a click on a lit field or on the island means: a start space, a free
        jump (it costs no card), else a ride."""
        on_island = self.layout.island_rect().collidepoint(pos)
        for kind in (Place, Jump, Ride):
            for action in self.legal:
                if not isinstance(action, kind):
                    continue
                target = action.field if isinstance(action, Place) else action.to
                if target == ISLAND and on_island:
                    return action
                if target != ISLAND and self.layout.field_rect(int(target)).collidepoint(pos):
                    return action
        return None

    def targets(self) -> set[int | str]:
        """The fields (and the island) the seat's legal actions lead to, lit on the board."""
        lit: set[int | str] = set()
        for action in self.legal:
            if isinstance(action, Place):
                lit.add(action.field)
            elif isinstance(action, Jump | Ride):
                lit.add(action.to)
        return lit

    def hint_text(self, action: BaseModel) -> str:
        return action_text(self.ctx.t, self.name, action)

    def hint_marks(self, action: BaseModel) -> Sequence[pygame.Rect]:
        """The clicks of `action` as `_click` reads them: a button; the equipment cards to
        pick then the fight button; a field or the island."""
        if isinstance(action, Arm):
            cards, agents = list(self.my_cards()), len(self.table.players)
            picks = []
            for card in action.cards:  # a hand may hold two of a card: each pick its own tile
                index = next(i for i, held in enumerate(cards) if held == card)
                cards[index] = ""
                picks.append(self.layout.tile(agents, index))
            return (*picks, self.layout.button(agents, 0, wide=True))
        for button in self.buttons:
            if button.action == action:
                return (button.rect,)
        if isinstance(action, Place | Jump | Ride):
            target = action.field if isinstance(action, Place) else action.to
            layout = self.layout
            return (layout.island_rect() if target == ISLAND else layout.field_rect(int(target)),)
        return ()

    # -- what just happened -------------------------------------------------------------

    def on_events(self, events: Sequence[Event]) -> None:
        """Follow the mover's route (public events only), kept until the next roll."""
        for event in events:
            if event.kind == "roll":
                self.trail, self.trail_seat = [], str(event.params["seat"])
            elif event.kind == "move":
                self.trail += [(int(field), False) for field in event.data["path"]]
            elif event.kind in ("ride", "jump") and isinstance(event.params["to"], int):
                self.trail.append((event.params["to"], True))

    # -- drawing -------------------------------------------------------------------------

    def appearance(self) -> Hashable:
        return self.view, self.seat, tuple(sorted(self.picked)), self.trail_seat, tuple(self.trail)

    def draw_table(self, surface: pygame.Surface) -> None:
        language = getattr(self.ctx.settings, "language", "")
        if self._art is None or self._art[0] != language:
            self._art = (language, board_surface(self.ctx, self.layout, self.board))
        surface.blit(self._art[1], self.layout.board.topleft)
        self._draw_board_state(surface)
        view = self.table
        draw_agents(surface, self.ctx, self.layout, view, self.name, self._mark)
        draw_task(surface, self.ctx, self.layout, view)
        draw_hand(surface, self.ctx, self.layout, view, self.picked, self.name)
        draw_prompt(surface, self.ctx, self.layout, view, self.status_text() if self.legal else "")
        font = self.ctx.font(BUTTON_TEXT, False)
        for button in self.buttons:
            draw_button(surface, button, font, self.hovered(button.rect))

    def _draw_board_state(self, surface: pygame.Surface) -> None:
        view, layout = self.table, self.layout
        small = self.ctx.font(MIN_TEXT, True)
        draw_card_back(surface, layout.stack_rect(0), (70, 96, 140), view.transport_pile, small)
        draw_card_back(surface, layout.stack_rect(1), (150, 70, 60), view.equipment_pile, small)
        labels = self.ctx.font(MIN_TEXT, False)
        for which, key in ((0, "island.label.transport_pile"), (1, "island.label.equipment_pile")):
            rect = layout.stack_rect(which)
            text(surface, labels, self.ctx.t(key), (rect.centerx, rect.bottom + 8), "muted", "midtop")
        for index, colour in enumerate(view.players):
            count = view.reserve.get(colour, 0)
            centre = layout.reserve_centre(index, len(view.players))
            if count:
                draw_chip(surface, centre, SEAT_COLOURS[colour], 13, str(count), small)
            else:
                pygame.draw.circle(surface, PALETTE["line"], centre, 13, 1)
        if view.journey is not None:
            die = layout.die_rect()
            pygame.draw.rect(surface, (236, 229, 212), die, border_radius=8)
            text(surface, self.ctx.font(26, True), str(view.journey.roll), die.center, "night", "center")
        lit = self.targets()
        for target in lit:
            if target == ISLAND:
                pygame.draw.circle(surface, PALETTE["brass"], layout.centre, layout.island_radius + 8, 4)
            else:
                pygame.draw.circle(
                    surface, PALETTE["brass"], layout.field_centre(int(target)), FIELD_RADIUS + 5, 3
                )
        self._draw_trail(surface)
        self._draw_figures(surface)
        draw_meeting(surface, self.ctx, layout, view, self.name)

    def _draw_trail(self, surface: pygame.Surface) -> None:
        """Dots on the fields walked, a dotted line for each ride or jump."""
        if self.trail_seat is None:
            return
        colour = SEAT_COLOURS[self.trail_seat]
        previous: tuple[int, int] | None = None
        inside = self.layout.ring_radius - FIELD_RADIUS - 8
        for field, hop in self.trail:
            centre = self.layout.field_centre(field, inside)
            if hop and previous is not None:
                steps = max(1, int(math.dist(previous, centre) // 10))
                for step in range(1, steps):
                    k = step / steps
                    dot = (
                        round(previous[0] + (centre[0] - previous[0]) * k),
                        round(previous[1] + (centre[1] - previous[1]) * k),
                    )
                    pygame.draw.circle(surface, colour, dot, 2)
            pygame.draw.circle(surface, colour, centre, 4)
            previous = centre

    def _draw_figures(self, surface: pygame.Surface) -> None:
        view = self.table
        standing: dict[int, list[str]] = {}
        for seat in view.players:
            field = view.agents[seat].field
            if field is not None:
                standing.setdefault(field, []).append(seat)
        for field, seats in standing.items():
            for index, seat in enumerate(seats):
                centre = self.layout.figure_centre(field, index, len(seats))
                if seat == view.current:
                    pygame.draw.circle(surface, PALETTE["brass"], (centre[0], centre[1] + 2), 15, 2)
                draw_figure(surface, centre, SEAT_COLOURS[seat], 1.0, self._mark(seat))

    def _mark(self, seat: str) -> tuple[str, pygame.font.Font] | None:
        """The colour's initial on figures, when colour-blind patterns are on (Settings)."""
        if not getattr(self.ctx.settings, "colour_blind_patterns", False):
            return None
        return self.ctx.t(f"island.initial.{seat}"), self.ctx.font(MIN_TEXT, True)

    # -- status and help -----------------------------------------------------------------

    def status_text(self) -> str:
        view, t = self.table, self.ctx.t
        if view.decision is None:
            return ""
        if view.decision == "take_chips" and view.taking is not None:
            return t("island.status.take_chips", name=self.name(view.taking.victim), count=view.taking.count)
        if view.decision == "arm":
            return t("island.status.arm", count=len(self.picked))
        return t(f"island.status.{view.decision}")

    def coach_mark(self) -> CoachMark | None:
        """The guide, from the seat's own view: the roll-off, a start space, the die (and
        the task it is for), a ride (its lit fields, or its buttons), an encounter's
        choice, a fight's cards, the microfilms to take.  The board's lit fields, the
        task and the meeting under way stay in sight."""
        view, t = self.table, self.ctx.t
        decision = view.decision
        if decision is None or not self.legal:
            return None
        layout, agents = self.layout, len(view.players)
        keep = self.keep_clear()
        buttons = [button.rect for button in self.buttons if button.action is not None]
        lit = [self._target_rect(target) for target in sorted(self.targets(), key=str)]
        key = f"island.coach.{decision}"
        if not buttons and lit:
            return self._coach(lit, t(key), keep)
        if decision == "arm":
            cards = [layout.tile(agents, index) for index in range(len(self.my_cards()))]
            picked = len(self.picked) == min(2, len(cards))
            free = [layout.tile(agents, i) for i in range(len(cards)) if i not in self.picked]
            spots = buttons if picked or not free else free
            return self._coach(spots, t(key), keep)
        if not buttons:
            return None
        known = key if self.ctx.t(key) != key else "island.coach.choose"
        params = {}
        if decision == "encounter" and view.encounter is not None:
            # The encounter under way, not the last one revealed (`meeting`).
            meeting = view.encounter
            params["name"] = self.name(meeting.other if meeting.mover == self.seat else meeting.mover)
        return self._coach(buttons, t(known, **params), keep)

    def keep_clear(self) -> list[pygame.Rect]:
        """The decision's buttons, the task, the meeting under way, the lit fields."""
        layout, agents = self.layout, len(self.table.players)
        kept = [layout.task_rect(agents), layout.meeting_rect()]
        kept += [button.rect for button in self.buttons]
        kept += [self._target_rect(target) for target in self.targets()]
        return kept

    def at_a_glance(self) -> list[pygame.Rect]:
        """The agents' rows (whose turn, the microfilms each holds) and the viewer's
        equipment: the guide's bubble and a toast stand elsewhere (issue 29)."""
        agents = len(self.table.players)
        return [self.layout.agents_rect(agents), self.layout.hand_rect(agents)]

    def _target_rect(self, target: int | str) -> pygame.Rect:
        layout = self.layout
        return layout.island_rect() if target == ISLAND else layout.field_rect(int(target))

    def _coach(
        self, spots: Sequence[pygame.Rect], sentence: str, keep: Sequence[pygame.Rect]
    ) -> CoachMark | None:
        if not spots:
            return None
        ring = spots[0].unionall(list(spots))
        others = tuple(rect for rect in keep if not ring.contains(rect))
        return CoachMark(ring, sentence, keep_clear=others, spots=tuple(spots))

    def help_key(self) -> str:
        decision = self.table.decision
        return f"island.help.{decision}" if decision and self.legal else "island.help"
