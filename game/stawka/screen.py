"""The Stawka table: the board on the left, the panels and the action menu on the right.

Click one of your agents: the spaces he can reach light up with their AP cost, and the
side menu lists the actions available where he stands, with their cost.  Actions,
costs and paths are the rules' offers in the view: the table draws them.  Click a lit
space to move there, even onto another of your agents (his figure stands for his space
then); his row in the panel selects him, and a right click or Esc lets go of the
selected agent.  The selection lasts for the agent's activation: when it ends nothing is
selected, so the next click on a figure of yours means that agent, wherever he stands
(a selection kept past its activation made a click on another agent's figure walk the
last one there).  Hover an agent for his document,
your own row among the players for your location and reaction cards, whole.
Wheel zooms the board, dragging pans it.  Planning cards, the keep-or-evidence choice
after a search and the campaign carry-over choice appear in the same side menu.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import Any, cast

import pygame
from pydantic import BaseModel

from game.stawka import film_figures, radio
from game.stawka.board_view import LEGEND, BoardView, legend, legend_height, legend_icon, world_of
from game.stawka.cards_panel import WIDTH as CARDS_WIDTH
from game.stawka.cards_panel import CardsPanel
from game.stawka.hud import Hud
from game.stawka.labels import Labels
from game.stawka.layout import AGENT_LINE, SIDE_ROW, SIDE_ROW_HOTEL, STAGE, TableLayout, table_layout
from game.stawka.menu import SideMenu
from game.stawka.motion import SLID_KEYS, StawkaMotion
from game.ui.coach import BASICS, CoachMark
from game.ui.context import UiContext
from game.ui.fit import clip_text, explain
from game.ui.naming import event_text
from game.ui.seat_view import SeatView
from game.ui.theme import MIN_TEXT, PALETTE, panel, text
from game.ui.title_screen import Actions, Part, TitleScreen
from rules.core import Event, Seat
from rules.stawka import free
from rules.stawka.actions import (
    BlockReaction,
    CardForAP,
    DriveAudi,
    EndActivation,
    ExchangePlace,
    GiveUp,
    HideRadioStation,
    Move,
    MoveThreat,
    NudgeAudi,
    PlaceAgent,
    PlaceThreat,
    PlayLocationCard,
    PlayReaction,
    StawkaAction,
)
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.offers import Offer
from rules.stawka.threats import token as threat_token
from rules.stawka.view import StawkaView


def threat_kind(token_id: str) -> str:
    return threat_token(token_id).kind


ROLL_WIDTH = 440
KEY_HEIGHT = 200
"""The key's height in the band under a fitted board."""
KEY_WIDTH = 150
"""The short key in the board's empty tile place."""
KEY_STEP = 32
"""The short key's rows at most this far apart (a tall band leaves them spread)."""
COACH_ROOM = 160
"""The strip of a board laid across the table where the guide's sentence may stand."""
DRAG_THRESHOLD = 5
SKIPS = {"reaction_window": "stawka.ui.act.no_reaction", "reaction_block": "stawka.ui.act.no_block"}
"""The reaction windows the guide explains, and the label of their button that passes."""
HINTS = {"activations": "stawka.ui.pick_agent_help", "placement": "stawka.ui.place_help"}
"""The hint over the side menu's buttons in a phase, while no agent is picked."""


class StawkaScreen(TitleScreen):
    guide_topics: tuple[str, ...] = (BASICS, "reactions", "locations")
    """The first trainings: the basic rules' and the advanced rules' (planning cards with
    reaction cards, their windows), whichever a person plays first."""

    labels_class: type[Labels] = Labels
    """Words on the table (a title built on Stawka's table may name some actions its way)."""
    give_up_keys: tuple[str, str] = ("stawka.ui.confirm_give_up", "stawka.ui.confirm_give_up.yes")
    """The question asked before giving up with AP left, and its yes button (a title built on
    this table may name giving up its own way)."""

    @classmethod
    def goal_keys(cls, title_id: str, scenario: str | None) -> tuple[str, ...]:
        """A scenario built in the builder has the free scenarios' goal (their basic victory
        conditions, "Free Scenarios")."""
        built = free.choices_of(scenario) is not None
        return (("stawka.goal.free",) if built else ()) + super().goal_keys(title_id, scenario)

    def __init__(self, ctx: UiContext, seen: SeatView, rect: pygame.Rect) -> None:
        super().__init__(ctx, seen, rect)
        ctx = self.ctx  # with the table's own fonts (`smallest_text`)
        self.labels = self.labels_class(ctx)
        self.labels.reactions = self.stawka_view.location_card_limit > 0  # the advanced rules' cards
        self.hud = Hud(self.labels, ctx.font)
        self.cards = CardsPanel(self.labels, ctx.font)
        content = load_content()
        world = world_of(content.scenario(self.stawka_view.scenario))
        hotel = self.stawka_view.room_217 is not None  # a third line in the players' rows
        side_row = SIDE_ROW_HOTEL if hotel else SIDE_ROW
        self.table = table_layout(rect, world, len(self.stawka_view.agents), side_row)
        """Where the board and the panels go: beside each other, or the board across."""
        self._rows_table = self.table
        """The layout with every agent in his row (`_layout` may lay them out as chips)."""
        self.board_rect = self.table.board
        self.side_rect = self.table.side
        self.board = BoardView(
            content,
            self.stawka_view.scenario,
            self.board_rect,
            ctx.font,
            self.labels.sector,
            self.labels.location,
            lambda: bool(getattr(ctx.settings, "colour_blind_patterns", False)),
        )
        self.selected: str | None = None
        self.card_pick: PlayLocationCard | None = None
        """A location card pressed whose space is clicked on the board (`StawkaMenu.board_picks`)."""
        self._was_active: str | None = None
        """The agent whose activation the view showed at the last refresh."""
        self.hover_space: str | None = None
        self._targets_for: Hashable = None
        self._costs: dict[str, int | None] = {}
        self.hover_agent: str | None = None
        self.hover_cards = False
        """The pointer is on this seat's own row among the players: its cards are shown."""
        self.mouse = (0, 0)
        self.press: tuple[int, int] | None = None
        self.dragged = False
        column = self.table.menu or self.side_rect
        self.menu = SideMenu(self.labels, column.x, column.width, column.bottom, self.hud.colour_chip)
        self.last_roll: Event | None = None
        self.roll_box: pygame.Rect | None = None
        """Where the last roll's panel was drawn (noted while drawing the board)."""
        self.motion = StawkaMotion(ctx.settings)
        """Figures sliding, the last mover's ring, a roll being read (issue 11, point 4)."""
        self._shown_at = self.seat_view.moment
        """The moment of the game whose figures the table shows (a slide starts where they stood)."""
        self._layout()

    # -- state ------------------------------------------------------------------------

    @property
    def stawka_view(self) -> StawkaView:
        assert isinstance(self.view, StawkaView)
        return self.view

    @property
    def offers(self) -> Sequence[Offer]:
        """The legal actions priced by the rules (empty unless this seat is to act)."""
        return self.stawka_view.offers

    @property
    def actions(self) -> list[StawkaAction]:
        return [offer.action for offer in self.offers]

    def refresh(self, seen: SeatView) -> None:
        seat = seen.seat
        shown = self.stawka_view
        super().refresh(seen)
        if self.seat_view.moment != self._shown_at:
            self.motion.before(self.board, shown)
            self._shown_at = self.seat_view.moment
            self.card_pick = None
        view = self.stawka_view
        active = view.activation.agent if view.activation is not None else None
        if active is not None and seat is not None and self._own(active):
            self.selected = active
        elif self.selected is not None and (
            self.selected == self._was_active or not self._agent_actions(self.selected)
        ):
            self.selected = None  # his activation ended: the next click on a figure picks anew
        self._was_active = active
        if seat is None:
            self.selected = None
            self.last_roll = None
            self.motion.forget()
        self._layout()

    def show_hint(self, action: BaseModel) -> None:
        """Select the hinted action's agent (or the Black Audi), so his spaces and his menu
        light up; pick the threat token it sets out or moves."""
        super().show_hint(action)
        agent = getattr(action, "agent", None)
        if isinstance(action, DriveAudi) and self.stawka_view.activation is None:
            self.selected = film_figures.AUDI
        elif isinstance(agent, str) and self._selectable(agent):
            self.selected = agent
        if isinstance(action, MoveThreat):
            self.menu.selected_token = action.space
        elif isinstance(action, PlaceThreat):
            self.menu.selected_token = action.token
        self.card_pick = None
        self._layout()

    def hint_text(self, action: BaseModel) -> str:
        """The move's label, after the name of the agent who takes it when the label does not
        name him (a placement does; the Black Audi is no agent: its label names it)."""
        label = self.labels.action(cast(StawkaAction, action))
        agent = getattr(action, "agent", None)
        if agent not in self.labels.agent_ids or isinstance(action, self.labels.naming):
            return label
        return self.ctx.t("stawka.ui.act.by_agent", agent=self.labels.agent(agent), action=label)

    def hint_marks(self, action: BaseModel) -> Sequence[pygame.Rect]:
        """The clicks of `action` as the table reads them: the agent who takes it (his row
        in the panel, or the Black Audi on the board), then the space it goes to on the
        board, or its button in the side menu (a threat token's row first when another
        is picked)."""
        marks: list[pygame.Rect] = []
        agent = getattr(action, "agent", None)
        if isinstance(action, DriveAudi):
            held = self.stawka_view.top_secret
            if held is not None and self.stawka_view.activation is None:
                marks.append(film_figures.audi_rect(self.board, held))
        elif isinstance(agent, str) and agent in self.labels.agent_ids and self._selectable(agent):
            marks.append(self.agent_row(agent))
        if isinstance(action, PlaceThreat):
            marks += [rect for rect, token in self.menu.token_buttons if token == action.token][:1]
        spaces = [action.space] if isinstance(action, MoveThreat) else []
        space = self._hint_space(action)
        shown = self.menu.stands_for(action)  # a card's twin: the button of its copy
        if isinstance(action, PlayLocationCard) and shown in self.menu.board_picks:
            # The card's button lights its spaces; then its space is clicked.
            marks += [rect for rect, offer in self.menu.buttons if offer.action == shown][:1]
            space = action.space
        if space is None:
            marks += [rect for rect, offer in self.menu.buttons if offer.action == shown][:1]
        else:
            spaces.append(space)
        for where in spaces:
            x, y = self.board.space_point(where)
            if not self.board_rect.collidepoint(x, y):
                continue  # out of the board's view (zoomed in): the toast names it
            # A location's card, or the circle of a street space.
            half = round(self.board.location_half()) if where in self.labels.location_ids else 0
            half = max(half, self.board.figure_radius())
            # Kept round the space (a click at its middle takes the move) and on the board.
            board = self.board_rect
            half = min(half, x - board.left, board.right - x, y - board.top, board.bottom - y)
            marks.append(pygame.Rect(x - half, y - half, 2 * half, 2 * half))
        return marks

    @staticmethod
    def _hint_space(action: BaseModel) -> str | None:
        """The space on the board a click takes `action` at, when it is one."""
        if isinstance(action, (Move, DriveAudi, MoveThreat)):
            return action.to
        if isinstance(action, NudgeAudi):
            return action.to
        if isinstance(action, (PlaceAgent, HideRadioStation)):
            return action.location
        if isinstance(action, (ExchangePlace, PlaceThreat)):
            return action.space
        return None

    slid_keys: frozenset[str] = SLID_KEYS
    """The move events a figure slides for (a title replaying some moves its own way
    leaves those out)."""

    def on_events(self, events: Sequence[Event]) -> None:
        for event in events:
            if event.kind == "roll" and event.data.get("dice"):
                self.last_roll = event
        self.motion.take(events, self.stawka_view, self.slid_keys)

    def recap(self, events: Sequence[Event], before: BaseModel) -> None:
        """The figures walk again from where they stood as this seat last saw them."""
        assert isinstance(before, StawkaView)
        self.motion.before(self.board, before)
        self.on_events(events)

    def update(self, dt: float) -> None:
        self.motion.motions.update(dt)

    def showing(self) -> bool:
        return self.motion.motions.busy()

    def waiver(self, seat: Seat) -> BaseModel | None:
        """With "skip reaction windows" on, every reaction and block window of a player at
        this screen is let be, whatever his hand holds: the skip tells the opponent nothing."""
        if not self.ctx.settings.skip_reaction_windows:
            return None
        public = self.seat_view.public
        assert isinstance(public, StawkaView)
        pending = public.pending
        kind = pending[-1][1] if pending and pending[-1][0] == seat else None
        if kind == "reaction_window":
            return PlayReaction()
        if kind == "reaction_block":
            return BlockReaction()
        return None

    def _own(self, agent_id: str) -> bool:
        return any(a.id == agent_id and a.side == self.seat for a in self.stawka_view.agents)

    def _agent_actions(self, agent_id: str) -> list[StawkaAction]:
        return [a for a in self.actions if getattr(a, "agent", None) == agent_id]

    def targets(self) -> dict[str, tuple[StawkaAction, int | None]]:
        """Spaces to click on the board -> the action and its AP cost (None: no cost)."""
        picked = self._card_plays()
        if picked:
            return {play.space: (play, None) for play in picked if play.space is not None}
        placing: dict[str, StawkaAction] = {
            a.location: a for a in self.actions if isinstance(a, PlaceAgent) and a.agent == self.selected
        }
        tokens = [a for a in self.actions if isinstance(a, PlaceThreat)]
        if tokens:
            token = self.menu.chosen_token() or tokens[0].token
            placing = {a.space: a for a in tokens if a.token == token}
        placing.update({a.to: a for a in self.actions if isinstance(a, NudgeAudi) and a.to is not None})
        moving_from = self._moving_from()
        if moving_from is not None:
            placing = {a.to: a for a in self.actions if isinstance(a, MoveThreat) and a.space == moving_from}
        exchanges = [a for a in self.actions if isinstance(a, ExchangePlace)]
        if exchanges:
            who = self.selected if any(a.agent == self.selected for a in exchanges) else exchanges[0].agent
            placing = {a.space: a for a in exchanges if a.agent == who}
        hides = {a.location: a for a in self.actions if isinstance(a, HideRadioStation)}
        if hides:
            placing = dict(hides)
        if placing:
            return {space: (action, None) for space, action in placing.items()}
        return {space: (action, cost) for space, (action, cost) in self.move_costs().items()}

    def _card_plays(self) -> list[PlayLocationCard]:
        """The plays of the location card pressed (`card_pick`), one a space."""
        pick = self.card_pick
        if pick is None or pick.agent != self.selected:
            return []
        return [
            a
            for a in self.actions
            if isinstance(a, PlayLocationCard)
            and (a.agent, a.card, a.target) == (pick.agent, pick.card, pick.target)
            and a.space is not None
        ]

    def _moving_from(self) -> str | None:
        """After a secret in "Top Secret": the space of the own token picked to move (the
        first unless another was picked in the panel or on the board)."""
        if not any(isinstance(a, MoveThreat) for a in self.actions):
            return None
        return self.menu.chosen_token()

    def _threat_sources(self) -> dict[str, str]:
        """The spaces of own tokens that may move -> their row's words: the token, where it lies."""
        view = self.stawka_view
        board = board_of(view.scenario)
        sources: dict[str, str] = {}
        for action in self.actions:
            if isinstance(action, MoveThreat) and action.space not in sources:
                token = view.threats[action.space][1]
                sources[action.space] = self.ctx.t(
                    "stawka.ui.act.pick_threat",
                    token=self.labels.token(token) if token else "?",
                    where=self.ctx.t(f"stawka.value.{board.where(action.space)}"),
                )
        return sources

    def move_costs(self) -> dict[str, tuple[Move | DriveAudi, int]]:
        """The selected agent's reachable spaces -> the cheapest move there and its AP cost."""
        costs: dict[str, tuple[Move | DriveAudi, int]] = {}
        for offer in self.offers:
            action, cost = offer.action, offer.cost or 0
            if not isinstance(action, (Move, DriveAudi)) or action.agent != self.selected:
                continue
            if action.to not in costs or cost < costs[action.to][1]:
                costs[action.to] = (action, cost)
        return costs

    # -- the side menu -------------------------------------------------------------------

    def _menu_top(self, table: TableLayout | None = None) -> int:
        """The menu's own column's top (across), else under the agents' rows (of `table`,
        the table now by default)."""
        table = table or self.table
        if table.menu is not None:
            return table.menu.y
        return table.agents_bottom(len(self.stawka_view.agents)) + 6

    def _tables(self) -> list[TableLayout]:
        """The layouts the menu may take, from the one that gives it the least room: beside
        the board, the agents' rows (of one line while none holds anything); then the
        agents as chips under the tracks; then the chips in the tracks' place (issue 29: a
        reaction window's four cards took four pages under eight agents' rows)."""
        table, view = self._rows_table, self.stawka_view
        if table.across:
            return [table]
        width = table.agents.width - 16
        if self.hud.one_line(view, width):
            table = replace(table, agent_step=AGENT_LINE)
        chips = self.hud.chips_to_a_row(view, width)
        return [table, table.with_chips(chips, False), table.with_chips(chips, True)]

    def _layout(self) -> None:
        # Beside the board the menu takes the first of `_tables` where its buttons all fit
        # on one page; the parts are laid out again when the table changes.
        tables = self._tables()
        self.menu.optional_hint = self.stawka_view.phase != "over"
        self.menu.layout(
            self._menu_top(tables[0]),
            self.offers,
            self.selected,
            self._hint(self.stawka_view),
            self._threat_sources(),
            self.hint,
            self._menu_heading(self.stawka_view),
            [self._menu_top(table) for table in tables[1:]],
        )
        table = tables[self.menu.raised]
        if table != self.table:
            self.table = table
            self._parts = None

    def _hint(self, view: StawkaView) -> str | None:
        """What to do, shown above the buttons (issue 11, point 8: a lone "Give up" button
        on a first activation hid the hint that says to click an agent)."""
        if view.phase == "over" and view.carry is not None:
            return self._carry_summary(view)
        pick = self.card_pick
        if pick is not None and self._card_plays():
            return self.ctx.t("stawka.ui.card_pick", card=self.labels.card(pick.card))
        if self._must_go_on(view):
            return self.ctx.t("stawka.refusal.move_two_ap")
        if not self.legal or self.selected is not None or view.pending:
            return None
        key = HINTS.get(view.phase)
        return self.ctx.t(key) if key else None

    def _must_go_on(self, view: StawkaView) -> bool:
        """The active agent has only walked, for less than 2 AP: the rules offer no end to
        his activation (Activating an Agent, 2: "he must use at least 2 AP"), and no button
        says why unless the hint does (seen in Godzina policyjna: an empty menu)."""
        active = view.activation
        return (
            active is not None
            and self.selected == active.agent
            and not view.pending
            and bool(self.legal)
            and not any(isinstance(a, EndActivation) for a in self.actions)
        )

    # -- input -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> Actions:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.press is not None and (event.buttons[0] or event.buttons[2]):
                if abs(event.pos[0] - self.press[0]) + abs(event.pos[1] - self.press[1]) > DRAG_THRESHOLD:
                    self.dragged = True
                if self.dragged:
                    self.board.drag(event.rel)
            self._hover(event.pos)
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._let_go()
            self._camera_key(event.key)
            return None
        if event.type == pygame.MOUSEWHEEL:
            if self.board_rect.collidepoint(self.mouse):
                self.board.zoom_at(self.mouse, event.y)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.mouse = event.pos
            if event.button == 1:
                clicked = self.menu.click(event.pos)
                if clicked in self.menu.board_picks:
                    self.card_pick = cast(PlayLocationCard, clicked)  # its spaces light up
                    self._layout()
                    return None
                if clicked is not None:
                    return clicked
            if self.board_rect.collidepoint(event.pos):
                self.press = event.pos
                self.dragged = False
            row = self._agent_row_at(event.pos)
            if event.button == 1 and row is not None and self._selectable(row):
                self.selected = row
                self._layout()
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            pressed, self.press = self.press, None
            if pressed is None or self.dragged:
                return None
            if event.button == 3:
                self._let_go()
                return None
            return self._board_click(event.pos)
        return None

    def _camera_key(self, key: int) -> None:
        """Home fits the whole board in view again; + and - zoom round the view's middle."""
        if key == pygame.K_HOME:
            self.board.home()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.board.zoom_keys(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.board.zoom_keys(-1)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hover_cards = self.seat is not None and self.side_row(self.seat).collidepoint(pos)
        if self.board_rect.collidepoint(pos):
            self.hover_agent = self.board.agent_at(self.stawka_view, pos)
            self.hover_space = self._space_at(pos)
        else:
            self.hover_agent = self._agent_row_at(pos)
            self.hover_space = None

    def _space_at(self, pos: tuple[int, int]) -> str | None:
        """The space a click at `pos` means: a lit space drawn there, else the lit space
        whose cost is under it (costs stand at a space's upper right, off its disc), else
        the space drawn there."""
        costs = self._target_costs()
        space = self.board.space_at(pos)
        if space in costs:
            return space
        lit = self.board.cost_space_at(pos, costs, self.stawka_view)
        return lit if lit is not None else space

    def side_row(self, seat: Seat) -> pygame.Rect:
        """The seat's row among the players (`Hud.sides`, under the stage track)."""
        index = ("polish", "german").index(seat)
        sides = self.table.sides
        step = self.table.side_row
        return pygame.Rect(sides.x + 8, sides.y + STAGE + index * step, sides.width - 16, step - 4)

    def agent_row(self, agent_id: str) -> pygame.Rect:
        """The agent's row in the panel's list (click it to select him, e.g. to place him)."""
        index = next(i for i, a in enumerate(self.stawka_view.agents) if a.id == agent_id)
        return self.table.agent_row(index)

    def _agent_row_at(self, pos: tuple[int, int]) -> str | None:
        return next((a.id for a in self.stawka_view.agents if self.agent_row(a.id).collidepoint(pos)), None)

    def _selectable(self, agent_id: str) -> bool:
        """Own agents between activations, and any agent waiting to be placed or exchanged."""
        view = self.stawka_view
        if any(isinstance(a, (PlaceAgent, ExchangePlace)) and a.agent == agent_id for a in self.actions):
            return True
        return self._own(agent_id) and (view.activation is None or view.activation.agent == agent_id)

    def _picks_audi(self, pos: tuple[int, int]) -> bool:
        """Whether the click picks up the Black Audi ("Top Secret") to drive it."""
        return film_figures.audi_at(self.board, self.stawka_view, pos) and bool(
            self._agent_actions(film_figures.AUDI)
        )

    def _board_click(self, pos: tuple[int, int]) -> StawkaAction | None:
        """A lit space takes its action, even where another of your agents stands (any
        number of agents may share a space, and the selected agent's own figure may be
        fanned out over it); clicking the selected agent elsewhere keeps him, and an own
        agent on an unlit space is selected.  That agent's row in the panel selects
        him wherever he stands, or let go of the selected agent first (right click, Esc)."""
        view = self.stawka_view
        agent = self.board.agent_at(view, pos)
        costs = self.targets()
        space = self._space_at(pos)
        if space in costs and costs[space][1] is None:
            return costs[space][0]  # placing: the lit space wins over a figure standing there
        if space is not None and any(isinstance(a, MoveThreat) and a.space == space for a in self.actions):
            self.menu.selected_token = space  # another own token to move
            self._layout()
            return None
        if self._picks_audi(pos) and view.activation is None:
            self.selected = film_figures.AUDI
            self._layout()
            return None
        if agent is not None and agent == self.selected and space not in costs:
            return None  # a lit space his fanned-out figure covers is still clicked
        if agent is not None and space not in costs:
            # Figures sharing a space fan out past its middle: the figure stands for its space.
            space = next(a.space for a in view.agents if a.id == agent)
        if space in costs:
            return costs[space][0]
        if agent is not None and self._own(agent):
            active = view.activation.agent if view.activation else None
            if active is None or active == agent:
                self.selected = agent
                self._layout()
            return None
        self._let_go()
        return None

    def _let_go(self) -> None:
        """Put down a location card pressed; deselect the agent, unless he is in the middle
        of his activation."""
        if self.card_pick is not None:
            self.card_pick = None
            self._layout()
        elif self.stawka_view.activation is None:
            self.selected = None
            self._layout()

    # -- drawing -----------------------------------------------------------------------

    def status_text(self) -> str:
        view = self.stawka_view
        t = self.ctx.t
        if not view.pending and view.phase == "activations" and self.legal:
            if view.activation is not None:
                agent = next(a for a in view.agents if a.id == view.activation.agent)
                return t("stawka.status.active", agent=self.labels.agent(agent.id), left=agent.ap_left)
            if self.selected is not None and self._own(self.selected):
                return t("stawka.status.selected", agent=self.labels.agent(self.selected))
            return t("stawka.status.activate")
        if view.pending and self.legal:
            return t(f"stawka.status.{view.pending[-1][1]}")
        return ""

    def parts(self) -> list[Part]:
        """The board and the side panel, each drawn again only when what it shows changes:
        the pointer over the board lights a space, over the menu a button."""
        return [
            Part(self.board_rect, self._board_look, lambda to: self._draw_board(to, self.stawka_view)),
            Part(self._panels_rect(), self._side_look, lambda to: self._draw_side(to, self.stawka_view)),
            Part(self._menu_rect(), self._menu_look, lambda to: self._draw_menu_part(to, self.stawka_view)),
        ]

    def _menu_rect(self) -> pygame.Rect:
        """The action menu's part: its column across, the side column under the agents beside."""
        if self.table.menu is not None:
            return self.table.menu
        side = self.side_rect
        return pygame.Rect(side.x, self._menu_top(), side.width, side.bottom - self._menu_top())

    def _panels_rect(self) -> pygame.Rect:
        """The panels' part: the side but the menu (which is drawn again on its own)."""
        menu, side = self._menu_rect(), self.side_rect
        if self.table.menu is not None:
            return pygame.Rect(side.x, side.y, menu.x - side.x, side.height)
        return pygame.Rect(side.x, side.y, side.width, menu.y - side.y)

    def _board_look(self) -> Hashable:
        if self.board.settling():
            return None  # a zoom settles over the next frames drawn: draw every frame
        chosen = (self.selected, self.menu.chosen_token(), self.card_pick)
        happened = (self.last_roll, self.motion.last, self.motion.sliding())
        return self.view, self.seat, chosen, happened, self.board.camera()

    def _lit_hover(self) -> str | None:
        """The space under the pointer when it is one to click (`draw_live` rings it)."""
        space = self.hover_space
        if space is None:
            return None
        return space if space in self._target_costs() else None

    def _target_costs(self) -> dict[str, int | None]:
        """The spaces to click -> their AP cost (`targets`, kept while the view, the agent
        and the token it was worked out for stay)."""
        key = (self.view, self.selected, self.menu.chosen_token(), self.card_pick)
        if self._targets_for != key:
            self._targets_for = key
            self._costs = {space: cost for space, (_, cost) in self.targets().items()}
        return self._costs

    def _side_look(self) -> Hashable:
        return self.view, self.seat, self.selected

    def _menu_look(self) -> Hashable:
        """What the menu shows besides the button under the pointer (its page: a hint may
        turn to another)."""
        return self.view, self.seat, self.selected, self.menu.chosen_token(), self.menu.page

    def busy(self) -> bool:
        return self.board.settling() or self.motion.motions.busy()

    def live_look(self) -> Hashable:
        hovered = None if self.hover_agent is None else (self.hover_agent, self.mouse)
        camera = self.board.scale, self.board.to_screen((0, 0))
        lit = self._lit_hover(), self._button_space()
        return hovered, lit, self.hover_cards, self.hint, camera, self.motion.motions.look()

    def _button_space(self) -> str | None:
        """The space the side menu's button under the pointer plays on, when it names one:
        a card's plays on two street spaces of one sector read alike ("the streets of
        Police sector (Gestapo): Ambush…"), so the pointer over one rings its space."""
        for rect, offer in self.menu.buttons:
            if rect.collidepoint(self.mouse):
                space = getattr(offer.action, "space", None)
                return space if isinstance(space, str) and space in self.board.board.spaces else None
        return None

    def draw_live(self, surface: pygame.Surface) -> None:
        """The sliding figures; the ring of the space to click under the pointer, or of the
        space the menu's button under it plays on; the document of the agent under the
        pointer, beside it (the hint's rings are drawn over all of it: `hint_marks`)."""
        lit, played = self._lit_hover(), self._button_space()
        if self.motion.sliding() or lit is not None or played is not None:
            previous = surface.get_clip()
            surface.set_clip(self.board_rect.inflate(-2, -2))
            if self.motion.sliding():
                self.motion.draw(surface, self.board, self.stawka_view, *self._marks(self.stawka_view))
                self.motion.draw_audi(surface, self.board, self.stawka_view, self._audi_font())
            if lit is not None:
                self.board.hover_mark(surface, lit, self._target_costs()[lit])
            if played is not None:
                self.board.hover_mark(surface, played, None)
            surface.set_clip(previous)
        if self.hover_agent is not None:
            self._figure_over_names(surface, self.hover_agent)
            self.hud.document(surface, self.mouse, self.stawka_view, self.hover_agent, self.rect)
        if self.hover_cards and self.seat is not None:
            row = self.side_row(self.seat)
            # Left of the panel beside the board; right of the players' row under it.
            right = row.right + 16 + CARDS_WIDTH if self.table.across else self.side_rect.x - 8
            self.cards.draw(surface, self.stawka_view, self.seat, right, row.y, self.rect)

    def _figure_over_names(self, surface: pygame.Surface, agent_id: str) -> None:
        """The figure under the pointer drawn again over the names, when one covers part of
        it (on a crowded board a name may lie over a figure: issue 29's report)."""
        view = self.stawka_view
        point = self.board.agent_points(view).get(agent_id)
        if point is None or not self.board_rect.collidepoint(self.mouse) or self.motion.sliding():
            return
        r = self.board.figure_radius()
        disc = pygame.Rect(point[0] - r, point[1] - r, 2 * r, 2 * r)
        if disc.collidelist([rect for _, rect in self.board.label_rects(view)]) < 0:
            return
        agent = next(a for a in view.agents if a.id == agent_id)
        active = view.activation.agent if view.activation is not None else None
        previous = surface.get_clip()
        surface.set_clip(self.board_rect.inflate(-2, -2))
        ringed = agent_id in (self.selected, active)
        self.board.figure(surface, agent, point, *self._marks(view), ringed)
        surface.set_clip(previous)

    def _draw_board(self, surface: pygame.Surface, view: StawkaView) -> None:
        pygame.draw.rect(surface, PALETTE["ink"], self.board_rect, border_radius=10)
        previous = surface.get_clip()
        surface.set_clip(self.board_rect.inflate(-2, -2))
        self.board.draw_static(surface)
        self.board.highlights(surface, self._target_costs())
        # The board's hint under the pieces and the names: it runs over the bottom row of
        # a board that fills the view's height, where it hid the figures standing there.
        face, hint = self.ctx.font(MIN_TEXT, False), self.ctx.t("stawka.ui.board_hint")
        where = pygame.Rect((0, 0), face.size(hint))
        where.bottomright = (self.board_rect.right - 10, self.board_rect.bottom - 6)
        pygame.draw.rect(surface, PALETTE["ink"], where.inflate(10, 4), border_radius=4)
        text(surface, face, hint, where.topleft, "muted")
        initials, letters = self._marks(view)
        self.board.stacks_and_markers(surface, view, letters)
        kinds = {
            space: (side, self.ctx.t(f"stawka.threat_letter.{threat_kind(token)}") if token else "?")
            for space, (side, token) in view.threats.items()
        }
        self.board.threat_tokens(surface, view, kinds, self.seat)
        if view.pending and view.pending[-1] == (self.seat, "threat_trigger"):
            # The window: ring my tokens that enemy agents stand on.
            enemies = {a.space for a in view.agents if a.side != self.seat and a.status == "free"}
            marked: dict[str, int | None] = {
                space: None
                for space, (side, _) in view.threats.items()
                if side == self.seat and space in enemies
            }
            self.board.highlights(surface, marked)
        moving_from = self._moving_from()
        if moving_from is not None:
            # After a secret: ring the own token picked to move (its way is lit).
            point = self.board.space_point(moving_from)
            radius = max(20, round(50 * self.board.scale))
            pygame.draw.circle(surface, PALETTE["brass"], point, radius, width=4)
        active = view.activation.agent if view.activation else None
        tags = self.board.figures(
            surface, view, initials, letters, self.selected, active, self.motion.sliding()
        )
        colours = {a.id: a.colour for a in view.agents}
        for agent_id, tag in tags.items():
            colour = colours[agent_id]
            # The letter says the figure's colour in words too (issue 11, point 5).
            meaning = self.ctx.t(
                "stawka.ui.tip.letter", letter=letters[colour], colour=self.labels.colour(colour)
            )
            explain(tag.clip(self.board_rect), meaning)
        last = self.motion.last
        if last is not None and not self.motion.sliding():
            self.board.last_move(surface, view, last.agent, last.target)
        if view.top_secret is not None and film_figures.AUDI not in self.motion.sliding():
            selected = self.selected == film_figures.AUDI
            film_figures.draw_audi(surface, self.board, view, selected, self._audi_font())
        self.board.cost_tags(surface, self._target_costs(), view)
        # Over every piece: nothing hides a name (issue 29); a piece steps aside from the
        # names where its space leaves room (`BoardView._aside`).
        self.board.names(surface, view)
        radio.draw(
            surface,
            view,
            self.labels,
            self.board.hole() or self.board_rect,
            self.board.space_point,
            round(self.board.location_half()),
            self.ctx.font,
        )
        if view.top_secret is not None:
            corner = (self.board_rect.x + 10, self.board_rect.bottom - 28)
            film_figures.pulkowski_box(surface, corner, view, self.ctx.t, self.ctx.font)
        tray = self.board.tray()
        if tray is not None:
            # A fitted wide board leaves a band under it: the key to the symbols goes there,
            # in whole where it fits above the board's hint, else in short words (whole
            # under the pointer).
            key = pygame.Rect(
                tray.x + 14,
                tray.y + 10,
                tray.width - (ROLL_WIDTH + 40 if self.last_roll is not None else 28),
                where.y - 4 - tray.y - 10,
            )
            texts = self._legend_texts()
            if legend_height(key.width, texts, face) <= key.height:
                title = self.ctx.t("stawka.ui.legend.title")
                legend(surface, key, title, texts, face, self.labels.colour_letter("blue"))
            else:
                self._short_key(surface, key)
        hole = self.board.hole()
        if tray is None and hole is not None and self.last_roll is None and view.radio is None:
            # The board's empty tile place holds the key while no roll is shown there.
            self._short_key(
                surface, pygame.Rect(hole.x + 4, hole.y + 4, KEY_WIDTH, min(hole.height - 8, 220))
            )
        self.roll_box = None
        if self.last_roll is not None:
            caption = event_text(self.ctx, self.seat_view, self.last_roll)
            width = ROLL_WIDTH if hole is None else min(ROLL_WIDTH, hole.width - 16)
            self.roll_box = self.hud.roll(
                surface,
                (self.board_rect.right - 10, self.board_rect.bottom - 28),
                self.last_roll,
                caption,
                width,
            )
        surface.set_clip(previous)
        pygame.draw.rect(surface, PALETTE["line"], self.board_rect, 1, border_radius=10)

    def _legend_texts(self) -> dict[str, str]:
        """What each symbol of the key means, in the language shown."""
        t = self.ctx.t
        letters = {c: self.labels.colour_letter(c) for c in ("yellow", "purple", "blue", "black")}
        return {entry: t(f"stawka.ui.legend.{entry}", **letters) for entry in LEGEND}

    def _short_key(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The key in a column of the band under a board across the table: each symbol with
        a word, saying in whole what it means under the pointer."""
        t = self.ctx.t
        texts = self._legend_texts()
        face = self.ctx.font(MIN_TEXT, False)
        step = min(KEY_STEP, (rect.height - 12) // len(LEGEND))
        letter = self.labels.colour_letter("blue")
        for index, entry in enumerate(LEGEND):
            middle = rect.y + 6 + index * step + step // 2
            icon = legend_icon(surface, entry, rect.x + 10, middle, face, letter)
            word = clip_text(
                surface,
                face,
                t(f"stawka.ui.legend.short.{entry}"),
                (icon.right + 5, middle),
                rect.right - icon.right - 9,
                "muted",
                "midleft",
            )
            explain(icon.union(word), texts[entry])

    def _audi_font(self) -> pygame.font.Font:
        return self.ctx.font(max(MIN_TEXT, self.board.figure_radius() * 2 // 3), True)

    def _marks(self, view: StawkaView) -> tuple[dict[str, str], dict[str, str]]:
        """The figures' initials (by agent) and colour letters (by colour)."""
        initials = {a.id: self.labels.initials(a.id) for a in view.agents}
        letters = {c: self.labels.colour_letter(c) for c in ("yellow", "purple", "blue", "black")}
        return initials, letters

    def _draw_side(self, surface: pygame.Surface, view: StawkaView) -> None:
        table = self.table
        panel(surface, self.side_rect, "panel")
        names: dict[str, str] = {seat: self.player(seat) for seat in ("polish", "german")}
        sides = table.sides
        y = sides.y + self.hud.stage_track(surface, sides, view)
        self.hud.sides(surface, pygame.Rect(sides.x, y, sides.width, 2 * table.side_row), view, names)
        if table.tracks_shown:
            self.hud.tracks(surface, table.tracks, view, names)
        rows = [table.agent_row(index) for index in range(len(view.agents))]
        if table.chips:
            self.hud.chips(surface, rows, view, self.selected)
        else:
            self.hud.agents(surface, rows, view, self.selected)
        self._column_rules(surface)
        if table.key is not None:
            self._short_key(surface, table.key)

    def _column_rules(self, surface: pygame.Surface) -> None:
        """Across: a rule between the band's columns."""
        table = self.table
        if table.menu is not None:
            for x in (table.sides.x, table.tracks.x, table.agents.x, table.menu.x):
                pygame.draw.line(
                    surface, PALETTE["line"], (x, table.side.y + 10), (x, table.side.bottom - 10)
                )

    def _draw_menu_part(self, surface: pygame.Surface, view: StawkaView) -> None:
        """The menu on its own part of the panel (the panel and the rule beside it clipped to it)."""
        panel(surface, self.side_rect, "panel")
        self._column_rules(surface)
        self._draw_menu(surface, view)

    def _draw_menu(self, surface: pygame.Surface, view: StawkaView) -> None:
        self.menu.draw(surface, self.hovered)

    def _menu_heading(self, view: StawkaView) -> str:
        """The menu's heading: whose turn or which decision, or the agent selected."""
        t = self.ctx.t
        if view.phase == "over":
            heading = t("stawka.ui.over")
        elif not self.legal:
            heading = t("stawka.ui.waiting")
        elif view.pending:
            heading = t(f"stawka.ui.heading.{view.pending[-1][1]}")
            if view.drawn_item is not None:
                heading = t("stawka.ui.drawn", item=self.labels.item(view.drawn_item))
        elif self.selected == film_figures.AUDI and view.top_secret is not None:
            heading = t("stawka.ui.audi_menu", left=view.top_secret.audi_ap_left)
        elif self.selected is not None:
            agent = next(a for a in view.agents if a.id == self.selected)
            heading = t("stawka.ui.agent_menu", agent=self.labels.agent(agent.id), left=agent.ap_left)
        else:
            heading = t("stawka.ui.pick_agent")
        return heading

    def _carry_summary(self, view: StawkaView) -> str:
        """What the campaign carries to the next scenario (scenario 1 NOTE; scenario 2 bonus)."""
        carry = view.carry
        assert carry is not None
        t = self.ctx.t
        # The networks, not the players' names (up to 40 letters each): the summary stands in
        # the menu's column, which is narrow where the board lies across the table.
        lines = [t("stawka.ui.carry_title")]
        for seat in ("polish", "german"):
            tracks = carry.evidence.get(seat, {})
            shown = " ".join(f"{self.labels.colour_letter(c)}{v}" for c, v in tracks.items() if v)
            lines.append(
                t(
                    "stawka.ui.carry_evidence",
                    seat=t(f"stawka.seat.{seat}"),
                    tracks=shown or "0",
                )
            )
        for seat, items in carry.kept_items.items():
            names = ", ".join(self.labels.item(i) for i in items)
            lines.append(t("stawka.ui.carry_items", seat=t(f"stawka.seat.{seat}"), items=names))
        return "\n".join(lines)

    def help_key(self) -> str:
        return "stawka.help"

    def _bare(self, panels: bool = True) -> pygame.Rect | None:
        """Where the guide's sentence stands: the band under a fitted board, below the key
        and left of the roll; with the board across the table, for a mark on the panels
        under it (`panels`), the board's bottom edge, just above the mark (None: beside it)."""
        if self.table.across:
            if not panels:
                return None
            board = self.board_rect
            return pygame.Rect(board.x + 8, board.bottom - COACH_ROOM, board.width - 16, COACH_ROOM - 8)
        tray = self.board.tray()
        if tray is None:
            return None
        right = self.board_rect.right - 10 - (ROLL_WIDTH + 10 if self.last_roll is not None else 0)
        top = tray.y + KEY_HEIGHT
        return pygame.Rect(tray.x + 8, top, right - tray.x - 8, tray.bottom - 30 - top)

    def keep_clear(self) -> list[pygame.Rect]:
        """The side menu's buttons, the last roll's panel (a conversation's or a test's
        result) and the spaces lit as the selected agent's targets."""
        kept = [rect for rect, _ in self.menu.buttons]
        if self.last_roll is not None and self.roll_box is not None:
            kept.append(self.roll_box)
        for space in self.move_costs():
            x, y = self.board.space_point(space)
            if self.board_rect.collidepoint((x, y)):
                kept.append(pygame.Rect(x - 22, y - 22, 44, 44))
        return kept

    def at_a_glance(self) -> list[pygame.Rect]:
        """The stage track and the two networks' rows (AP, VP, whose turn) at the panel's top."""
        sides = self.table.sides
        return [pygame.Rect(sides.x, sides.y, sides.width, self.side_row("german").bottom - sides.y)]

    def coach_marks(self) -> list[CoachMark]:
        """The location cards' marks the first time a game deals them (their own topic),
        then the first game's (`coach_mark`)."""
        marks = self._location_marks()
        basics = self.coach_mark()
        return marks + ([] if basics is None else [basics])

    def _location_marks(self) -> list[CoachMark]:
        """Location Cards, 3-4: a button that plays one (the activated agent stands in its
        location), or, at an activation's start, the network's row whose hover shows the
        hand of them."""
        view, seat = self.stawka_view, self.seat
        if seat is None or view.phase != "activations" or view.pending:
            return []
        hand = view.sides[seat].location_hand
        if not isinstance(hand, tuple) or not hand:
            return []
        played = [
            rect
            for rect, offer in self.menu.buttons
            if isinstance(offer.action, PlayLocationCard | CardForAP)
        ]
        t, bare = self.ctx.t, self._bare()
        if self.selected is not None and played:
            said = t("stawka.coach.location_card")
            return [CoachMark(played[0].unionall(played), said, bare, topic="locations", spots=tuple(played))]
        mine = [a.id for a in view.agents if self._selectable(a.id) and self._agent_actions(a.id)]
        if self.selected is None and mine:
            # The row shows the cards on hover; the click that goes on is an agent's.  Where
            # no card goes for 2 AP (Godzina policyjna has no pool), the sentence says none.
            converts = any(isinstance(action, CardForAP) for action in self.legal)
            said = t("stawka.coach.location_hand" if converts else "stawka.coach.location_hand_actions")
            spots = (self.agent_row(mine[0]),)
            return [CoachMark(self.side_row(seat), said, bare, topic="locations", spots=spots)]
        return []

    def coach_mark(self) -> CoachMark | None:
        """Training 1's guide: the planning cards, then an agent of the seat's own, then a
        lit space or his actions; in a window, its buttons (the seat's own view only)."""
        view = self.stawka_view
        buttons = [rect for rect, _ in self.menu.buttons]
        window = view.pending[-1][1] if view.pending else None
        if window in SKIPS:
            # A reaction window: what it is, the cards that may answer ringed (Reaction Cards, 3-4).
            cards = [rect for rect, offer in self.menu.buttons if getattr(offer.action, "card", None)]
            ringed = cards or buttons
            if not ringed:
                return None
            said = self.ctx.t(f"stawka.coach.{window}", skip=self.ctx.t(SKIPS[window]))
            return CoachMark(
                ringed[0].unionall(ringed), said, self._bare(), topic="reactions", spots=tuple(ringed)
            )
        if view.pending or view.phase != "activations":
            if not buttons:
                return None
            key = "stawka.coach.planning" if view.phase == "planning" else "stawka.coach.menu"
            return CoachMark(
                buttons[0].unionall(buttons), self.ctx.t(key), self._bare(), spots=tuple(buttons)
            )
        if self.selected is None:
            mine = [a.id for a in view.agents if self._selectable(a.id) and self._agent_actions(a.id)]
            if not mine:
                return None
            return CoachMark(self.agent_row(mine[0]), self.ctx.t("stawka.coach.pick_agent"), self._bare())
        costs = self.move_costs()
        if costs:
            # The cheapest space whose middle no figure covers: a click there moves him.
            covered = {s for s in costs if self.board.agent_at(view, self.board.space_point(s)) is not None}
            space = min(costs, key=lambda s: (s in covered, costs[s][1], s))
            point = self.board.space_point(space)
            if self.board_rect.collidepoint(point):
                ring = pygame.Rect(point[0] - 22, point[1] - 22, 44, 44)
                return CoachMark(ring, self.ctx.t("stawka.coach.target"), self._bare(panels=False))
        if buttons:
            said = self.ctx.t("stawka.coach.menu")
            return CoachMark(buttons[0].unionall(buttons), said, self._bare(), spots=tuple(buttons))
        return None

    def confirmation(self, action: BaseModel | dict[str, Any]) -> tuple[str, str] | None:
        """Giving up for the stage while AP are left asks first ("You still have 11 AP")."""
        if not isinstance(action, GiveUp) or self.seat is None:
            return None
        left = self.stawka_view.sides[self.seat].ap
        if left <= 0:
            return None
        question, yes = self.give_up_keys
        return self.ctx.t(question, ap=left), self.ctx.t(yes)
