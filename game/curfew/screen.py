"""The Godzina policyjna table: Stawka's table (board, figures, panels, side menu) with
what the solo scenario adds.

* The player's own decisions of the scenario are buttons in the side menu: a colour for
  each German agent, the 10 evidence spread (+1, or all that is left, per agent), the
  ties the rules leave to him (the agents to choose between).  "Deal for me" makes the
  whole set-up at once as the computer's Normal level would (`LeaveToComputer`): the
  rules' bot chooses each colour and each evidence, the rules apply them one by one.
* Every German step is shown in turn: after the player's move the German agents' walks
  are replayed a space at a time, with each talk, arrest and burnt location held for a
  moment, the log line of the step (which names its rule, A-H or the card) under the
  board; the animation speed setting sets the pace.
* The status line says what to do, and in play the VP so far and the German cards left
  (the rating, a verdict, waits for the game's end).

The table shows what the view says: the rules decide every German step.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pygame
from pydantic import BaseModel

from game.stawka.labels import Labels
from game.stawka.screen import ROLL_WIDTH, StawkaScreen
from game.ui.anim import rate
from game.ui.coach import BASICS, BUBBLE_WIDTH, CoachMark
from game.ui.naming import event_text
from game.ui.seat_view import SeatView
from game.ui.theme import MIN_TEXT, PALETTE, text
from game.ui.title_screen import Actions, LeaveToComputer
from rules.core import Event
from rules.curfew.actions import AssignColour, Choose, CurfewAction, SpreadEvidence
from rules.curfew.view import CurfewView
from rules.stawka.actions import GiveUp, StawkaAction
from rules.stawka.view import StawkaView

STEP_SECONDS = 0.45
"""How long one German step stays on the table at the normal animation speed."""
BUTTON_HEIGHT = 32
GAP = 4
REPLAYED = frozenset(
    {
        "curfew.german.activated_a",
        "curfew.german.activated_g",
        "curfew.german.activated_h",
        "curfew.german.talks",
        "curfew.german.arrest_street",
        "curfew.german.arrest_location",
        "curfew.german.secret_arrest",
        "curfew.german.escaped",
        "curfew.german.burnt",
        "curfew.german.interrogates",
        "curfew.exposed",
        "curfew.card",
        "curfew.card_target",
        "stawka.arrested",
        "stawka.brought",
    }
)
"""The German steps held on the table for a moment besides the walks (`curfew.german.moved`)."""


@dataclass(frozen=True)
class Frame:
    """One moment of the German replay: where the figures stand, and the log line of the step."""

    spaces: tuple[tuple[str, str], ...]
    caption: str


class CurfewLabels(Labels):
    """Stawka's words, but giving up the stage is ending it ("zakończyć etap"): rule H
    follows; and the words of the scenario's own decisions."""

    naming = (*Labels.naming, AssignColour, SpreadEvidence)

    def action(self, action: StawkaAction | CurfewAction) -> str:
        t = self.ctx.t
        if isinstance(action, GiveUp):
            return t("curfew.ui.end_stage")
        if isinstance(action, AssignColour):
            return t(
                "curfew.ui.act.colour", agent=self.agent(action.agent), colour=self.colour(action.colour)
            )
        if isinstance(action, SpreadEvidence):
            return t("curfew.ui.act.spread", agent=self.agent(action.agent), amount=action.amount)
        if isinstance(action, Choose):
            return t("curfew.ui.act.choose", option=self.agent(action.option))
        return super().action(action)


SET_UP = frozenset({"german_colour", "evidence_spread"})
"""The kinds of the set-up's decisions: a German agent's colour, the evidence."""


class DealForMe(BaseModel):
    """The "Deal for me" button's own mark: not an action, the set-up made at once."""


class CurfewScreen(StawkaScreen):
    guide_topics: tuple[str, ...] = (BASICS,)
    labels_class = CurfewLabels
    give_up_keys = ("curfew.ui.confirm_end_stage", "curfew.ui.confirm_end_stage.yes")

    def __init__(self, ctx: Any, seen: SeatView, rect: pygame.Rect) -> None:
        self.choice_buttons: list[tuple[pygame.Rect, BaseModel, str]] = []
        self.frames: list[Frame] = []
        self.german_news = False
        """The Germans have answered the player's last activation (the guide says so)."""
        self.clock = 0.0
        self._before: dict[str, str] = {}
        super().__init__(ctx, seen, rect)
        ctx = self.ctx  # with the table's own fonts (`smallest_text`)

    @property
    def curfew_view(self) -> CurfewView:
        assert isinstance(self.view, CurfewView)
        return self.view

    # -- the German replay ------------------------------------------------------------

    def refresh(self, seen: SeatView) -> None:
        """As Stawka's; and an activation over, its agent is let go (the player goes on with
        another: a click on that one's figure must not move the last)."""
        self._before = {a.id: a.space for a in self.curfew_view.agents}
        active = self.curfew_view.activation
        super().refresh(seen)
        if active is not None and self.curfew_view.activation is None:
            self.selected = None
            self._layout()

    def on_events(self, events: Sequence[Event]) -> None:
        super().on_events(events)
        spaces = dict(self._before)
        card_location = ""
        frames: list[Frame] = []
        for event in events:
            caption = event_text(self.ctx, self.seat_view, event)
            if event.key == "curfew.german.moved":
                agent = str(event.params["agent"])
                for space in event.data.get("path", []):
                    spaces[agent] = str(space)
                    frames.append(Frame(tuple(sorted(spaces.items())), caption))
                continue
            if event.key == "curfew.card":
                card_location = self._card_location(str(event.params["card"]))
            elif event.key == "stawka.brought" and card_location:
                spaces[str(event.params["agent"])] = card_location
            elif event.key == "stawka.arrested":
                spaces[str(event.params["target"])] = "jail"
            elif event.key == "stawka.moved":
                spaces[str(event.params["agent"])] = str(event.params["to"])
            if event.key in REPLAYED:
                frames.append(Frame(tuple(sorted(spaces.items())), caption))
        if any(event.key.startswith("curfew.german.") for event in events):
            self.frames, self.clock = frames, 0.0
            self.german_news = True
        else:
            self.frames = []

    @staticmethod
    def _card_location(card: str) -> str:
        from rules.curfew.content import german_card

        return german_card(card).location

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.frames:
            speed = rate(self.ctx.settings)
            self.clock += dt * speed
            if self.clock >= STEP_SECONDS * len(self.frames):
                self.frames = []

    def frame(self) -> Frame | None:
        """The replay's moment now (None: the table shows the state as it is)."""
        if not self.frames:
            return None
        return self.frames[min(len(self.frames) - 1, int(self.clock / STEP_SECONDS))]

    def busy(self) -> bool:
        return bool(self.frames) or super().busy()

    def _board_look(self) -> Hashable:
        look = super()._board_look()
        return None if look is None else (look, self.frame())

    def parts(self) -> list[Any]:
        board, *panels = super().parts()
        board.draw = lambda to: self._draw_replay(to)
        return [board, *panels]

    def _draw_replay(self, surface: pygame.Surface) -> None:
        frame = self.frame()
        view: StawkaView = self.stawka_view
        if frame is not None:
            where = dict(frame.spaces)
            view = view.model_copy(
                update={
                    "agents": tuple(
                        a.model_copy(update={"space": where.get(a.id, a.space)}) for a in view.agents
                    )
                }
            )
        self._draw_board(surface, view)
        if frame is not None:
            font = self.ctx.font(MIN_TEXT, True)
            label = font.render(frame.caption, True, PALETTE["text"])
            box = label.get_rect(topleft=(self.board_rect.x + 14, self.board_rect.y + 12)).inflate(16, 10)
            box.width = min(box.width, self.board_rect.width - 28)
            pygame.draw.rect(surface, PALETTE["ink"], box, border_radius=6)
            pygame.draw.rect(surface, PALETTE["brass"], box, 1, border_radius=6)
            surface.set_clip(box.inflate(-8, 0))
            surface.blit(label, (box.x + 8, box.y + 5))
            surface.set_clip(None)

    # -- the scenario's own decisions ----------------------------------------------------

    def _choices(self) -> list[tuple[BaseModel, str]]:
        """The buttons of the player's own decision now, with their labels."""
        view = self.curfew_view
        if not self.legal:
            return []
        t = self.ctx.t
        buttons: list[tuple[BaseModel, str]] = []
        spread: dict[str, list[SpreadEvidence]] = {}
        for action in view.choices:
            if isinstance(action, AssignColour):
                buttons.append((action, self.labels.colour(action.colour)))
            elif isinstance(action, SpreadEvidence):
                spread.setdefault(action.agent, []).append(action)
            elif isinstance(action, Choose):
                buttons.append((action, self._option(action.option)))
        for agent, amounts in spread.items():
            # +1 and all that is left; and the amount a hint suggests, when it is another.
            amounts.sort(key=lambda a: a.amount)
            low, high = amounts[0], amounts[-1]
            shown = [low, *(a for a in amounts[1:-1] if a == self.hint), *([high] if high != low else [])]
            for spreading in shown:
                label = t("curfew.ui.spread", agent=self.labels.agent(agent), amount=spreading.amount)
                buttons.append((spreading, label))
        if self.setting_up():
            # Last: the colours keep their places as they are given one by one.
            buttons.append((DealForMe(), t("curfew.ui.deal")))
        return buttons

    def hint_marks(self, action: BaseModel) -> Sequence[pygame.Rect]:
        """A decision of the scenario's own is one button (the hinted amount of evidence
        gets one: `_choices`); the rest is clicked as on Stawka's table."""
        buttons = [rect for rect, choice, _ in self.choice_buttons if choice == action]
        return buttons[:1] if buttons else super().hint_marks(action)

    def _option(self, option: str) -> str:
        if any(a.id == option for a in self.curfew_view.agents):
            return self.labels.agent(option)
        return option

    def _layout(self) -> None:
        super()._layout()
        self.choice_buttons = []
        choices = self._choices()
        if not choices:
            return
        self.menu.layout(self._menu_top(), (), self.selected, heading=self._heading())
        left, width = self.side_rect.x + 12, self.side_rect.width - 24
        y = self.menu.room_top
        room = self.side_rect.bottom - 6 - y
        columns = 1 if len(choices) * (BUTTON_HEIGHT + GAP) <= room else 2
        rows = -(-len(choices) // columns)
        height = min(BUTTON_HEIGHT, room // rows - GAP)
        column_width = (width - 6 * (columns - 1)) // columns
        for index, (action, label) in enumerate(choices):
            column, row = divmod(index, rows)
            rect = pygame.Rect(
                left + column * (column_width + 6), y + row * (height + GAP), column_width, height
            )
            self.choice_buttons.append((rect, action, label))

    def handle_event(self, event: pygame.event.Event) -> Actions:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.frames:
            # A click or a key ends the replay: the table shows where everyone stands now,
            # which is what the click is aimed at.
            self.frames = []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action, _ in self.choice_buttons:
                if rect.collidepoint(event.pos):
                    return LeaveToComputer(SET_UP) if isinstance(action, DealForMe) else action
            if self.selected is None and self._agent_at(event.pos):
                self.german_news = False
        return super().handle_event(event)

    def _agent_at(self, pos: tuple[int, int]) -> bool:
        return any(self.agent_row(a.id).collidepoint(pos) for a in self.curfew_view.agents)

    def keep_clear(self) -> list[pygame.Rect]:
        return super().keep_clear() + [rect for rect, _, _ in self.choice_buttons]

    def setting_up(self) -> bool:
        """Whether the player's decision now is one of the set-up's (a colour, the evidence)."""
        view = self.curfew_view
        return bool(self.legal) and (bool(view.unassigned) or (view.evidence_left > 0 and view.tie is None))

    def _menu_look(self) -> Hashable:
        return super()._menu_look(), tuple((tuple(r), label) for r, _, label in self.choice_buttons)

    def _draw_menu(self, surface: pygame.Surface, view: StawkaView) -> None:
        if not self.choice_buttons:
            super()._draw_menu(surface, view)
            return
        self.menu.draw(surface, self.hovered)
        font = self.ctx.font(MIN_TEXT, False)
        for rect, action, label in self.choice_buttons:
            lit = self.hovered(rect)
            pygame.draw.rect(surface, PALETTE["panel_hi"] if lit else PALETTE["ink"], rect, border_radius=6)
            pygame.draw.rect(surface, PALETTE["brass"] if lit else PALETTE["line"], rect, 1, border_radius=6)
            left = rect.x + 8
            if isinstance(action, AssignColour):
                self.hud.colour_chip(surface, action.colour, pygame.Rect(left, rect.centery - 8, 24, 16))
                left += 30
            text(surface, font, label, (left, rect.centery), "text", "midleft")

    def _heading(self) -> str:
        view = self.curfew_view
        t = self.ctx.t
        if view.unassigned:
            return t("curfew.ui.heading.german_colour", agent=self.labels.agent(view.unassigned[-1]))
        if view.tie is not None:
            tie = view.tie
            if tie.purpose == "target" and tie.german:
                return t("curfew.ui.heading.tie_target", german=self.labels.agent(tie.german))
            if tie.purpose == "h":
                return t("curfew.ui.heading.tie_h")
            return t("curfew.ui.heading.tie_card", card=t(f"curfew.value.{tie.purpose}"))
        return t("curfew.ui.heading.evidence_spread", left=view.evidence_left)

    def status_text(self) -> str:
        """What to do now; in the set-up what it is for, in play the score so far and the
        German cards left (no rating: "severe defeat" before the first move judged a game
        not yet played)."""
        view = self.curfew_view
        t = self.ctx.t
        if self.setting_up():
            return f"{self._heading()} · {t('curfew.ui.status_setup')}"
        told = t("curfew.ui.status_play", score=view.score, cards=view.german_deck)
        if self.choice_buttons:
            return f"{self._heading()} · {told}"
        shown = super().status_text()
        return f"{shown} · {told}" if shown else told

    def coach_marks(self) -> list[CoachMark]:
        """Stawka's marks, each leaving the German agents' rows in sight (issue 29: the
        bubble stood over their AP while it spoke of them, a tie the rules leave to the
        player): they show what the rules' side does."""
        rows = tuple(self.agent_row(a.id) for a in self.curfew_view.agents if a.side == "german")
        return [replace(mark, keep_clear=(*mark.keep_clear, *rows)) for mark in super().coach_marks()]

    def coach_mark(self) -> CoachMark | None:
        """The guide: "Deal for me" at the set-up; a tie's choices; after the Germans
        answered, what that was (the German agents kept in sight) and the next agent to
        activate; otherwise Stawka's marks of an activation."""
        t = self.ctx.t
        if self.choice_buttons:
            rects = [rect for rect, _, _ in self.choice_buttons]
            if self.setting_up():
                # The buttons and the German agents, whose colours they give, stay in sight.
                germans = [self.agent_row(a.id) for a in self.curfew_view.agents if a.side == "german"]
                keep = (rects[0].unionall(rects), germans[0].unionall(germans)) if germans else ()
                return CoachMark(rects[-1], t("curfew.coach.setup"), self._bare(), keep_clear=keep)
            key = "curfew.coach.tie"
            return CoachMark(rects[0].unionall(rects), t(key), self._bare(), spots=tuple(rects))
        mark = super().coach_mark()
        if mark is None or not self.german_news or mark.text != t("stawka.coach.pick_agent"):
            return mark
        rows = tuple(self.agent_row(a.id) for a in self.curfew_view.agents if a.side == "german")
        # Over the board's key (left of a roll shown there), not beside the rows: there it
        # hid the log's lines that tell what the Germans just did, which it sends one to read.
        band = self.board.tray()
        if band is not None and self.last_roll is not None:
            band.width -= ROLL_WIDTH + 20
        room = band if band is not None and band.width >= BUBBLE_WIDTH else mark.room
        return CoachMark(mark.rect, t("curfew.coach.germans"), room, keep_clear=rows, spots=mark.spots)

    def help_key(self) -> str:
        return "curfew.help"
