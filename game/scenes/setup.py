"""New game: the title, its scenario, its options, and who sits in each seat (a person or a bot, and names).

A title's extra options (`Title.setup_choices`: who starts, a series' length...) are shown
under the seats: a row of toggle buttons for a few values, a drop-down for more.  The
options model the title validates is built from all of it; a combination it refuses
becomes a readable message, and no game starts.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from game.scenes.base import Scene
from game.ui.messages import options_problem
from game.ui.naming import known, scenario_name, seat_name, title_name
from game.ui.theme import PALETTE, panel, text, wrap
from rules.core import Match, SeatConfig, SetupChoice
from rules.core.errors import ReadableError
from rules.core.model import MAX_NAME, MAX_PIN, SetupValue, clean_name, hash_pin, valid_pin

if TYPE_CHECKING:
    from game.app import App

HUMAN = "human"
PANEL = pygame.Rect(200, 110, 1200, 700)
SCENARIO_Y = PANEL.y + 210
SEAT_ROW = 66
CHOICE_ROW = 60
CONTROL_CHARACTERS = [chr(code) for code in (*range(32), *range(127, 160), 0x2028, 0x2029)]
"""What a name field refuses: a NUL or a line break would break every screen that shows the name."""
MOST_TOGGLES = 3
"""A choice with at most this many values is a row of toggle buttons, else a drop-down."""


class SetupScene(Scene):
    """Choices are kept in plain fields; the widgets are rebuilt from them when they change."""

    def __init__(self, app: App, title_id: str | None = None) -> None:
        super().__init__(app)
        from rules.registry import TITLES, content_problem

        self.titles = dict(sorted(TITLES.items()))
        self.unavailable = {
            tid: problem for tid in self.titles if (problem := content_problem(tid)) is not None
        }
        """Titles whose content data is broken -> why (file and line): listed, not playable."""
        playable = [tid for tid in self.titles if tid not in self.unavailable]
        self.title_id = title_id if title_id in playable else next(iter(playable), None)
        self.scenario: str | None = None
        self.players: dict[str, str] = {}
        """Seat -> ``"human"`` or a bot id."""
        self.names: dict[str, str] = {}
        self.offered: tuple[SetupChoice, ...] = ()
        """The title's setup choices for the scenario chosen."""
        self.choices: dict[str, SetupValue] = {}
        """Setup-choice field -> the value chosen (the title's default until changed)."""
        self.choice_menus: dict[str, UIDropDownMenu] = {}
        self.choice_toggles: dict[pygame_gui.elements.UIButton, tuple[str, SetupValue]] = {}
        self.title_buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.scenario_menu: UIDropDownMenu | None = None
        self.player_menus: dict[str, UIDropDownMenu] = {}
        self.name_entries: dict[str, UITextEntryLine] = {}
        self.pins: dict[str, str] = {}
        """Seat -> the PIN typed (kept only while the setup is open; the game stores a hash)."""
        self.pin_entries: dict[str, UITextEntryLine] = {}
        self.start: pygame_gui.elements.UIButton | None = None
        self.back: pygame_gui.elements.UIButton | None = None
        self._reset_seats()

    def _reset_seats(self) -> None:
        if self.title_id is None:
            return
        title = self.titles[self.title_id]
        self.scenario = title.scenarios[0] if title.scenarios else None
        seats = title.seats(title.default_options(self.scenario))
        # Default table: the first seat a person, the others the title's first bot.
        self.players = {seat: HUMAN if index == 0 else title.bot_ids[0] for index, seat in enumerate(seats)}
        self.names, self.pins = {}, {}
        self.choices = {}
        self._reset_choices()

    def _reset_choices(self) -> None:
        """Keep each value still offered for the scenario; the title's default for the rest."""
        title = self.titles[self.title_id] if self.title_id is not None else None
        self.offered = title.setup_choices(self.scenario) if title is not None else ()
        kept: dict[str, SetupValue] = {}
        for choice in self.offered:
            value = self.choices.get(choice.field, choice.default)
            try:
                choice.option(value)
            except ValueError:
                value = choice.default
            kept[choice.field] = value
        self.choices = kept

    def choices_top(self) -> int:
        """Where the option rows start: under the seats."""
        return self.seats_top() + len(self.seats()) * SEAT_ROW + 44

    def option_label(self, choice: SetupChoice, value: SetupValue) -> str:
        option = choice.option(value)
        return self.ctx.t(option.label_key, **option.params)

    def seats_top(self) -> int:
        """Where the seat rows start: under the scenario choice when the title has one."""
        has_scenarios = self.title_id is not None and bool(self.titles[self.title_id].scenarios)
        return SCENARIO_Y + (120 if has_scenarios else 50)

    def seats(self) -> tuple[str, ...]:
        assert self.title_id is not None
        title = self.titles[self.title_id]
        return title.seats(title.default_options(self.scenario))

    def player_label(self, choice: str) -> str:
        if choice == HUMAN:
            return self.ctx.t("app.setup.human")
        level = known(self.ctx, f"{self.title_id}.bot.{choice}") or choice
        return self.ctx.t("app.setup.computer", level=level)

    def default_name(self, seat: str) -> str:
        if self.players.get(seat, HUMAN) == HUMAN:
            return seat_name(self.ctx, self.title_id or "", seat)
        return self.ctx.t("app.setup.bot_name", seat=seat_name(self.ctx, self.title_id or "", seat))

    def build(self) -> None:
        t = self.ctx.t
        self.title_buttons = {}
        for index, title_id in enumerate(self.titles):
            name = title_name(self.ctx, title_id)
            broken = self.unavailable.get(title_id)
            widget = self.button(
                pygame.Rect(PANEL.x + 40, PANEL.y + 120 + index * 62, 330, 52),
                name if broken is None else t("app.setup.unavailable", title=name),
                tooltip=None if broken is None else broken,
                enabled=broken is None,
            )
            if title_id == self.title_id:
                widget.select()
            self.title_buttons[widget] = title_id
        self.back = self.button(pygame.Rect(PANEL.x + 40, PANEL.bottom - 80, 200, 52), t("app.back"))
        self.start = self.button(
            pygame.Rect(PANEL.right - 280, PANEL.bottom - 80, 240, 52),
            t("app.setup.start"),
            object_id="#primary",
            enabled=self.title_id is not None,
        )
        self.player_menus, self.name_entries, self.pin_entries, self.scenario_menu = {}, {}, {}, None
        if self.title_id is None:
            return
        title = self.titles[self.title_id]
        left = PANEL.x + 420
        if title.scenarios:
            names: list[str | tuple[str, str]] = [
                scenario_name(self.ctx, self.title_id, s) for s in title.scenarios
            ]
            self.scenario_menu = UIDropDownMenu(
                names,
                scenario_name(self.ctx, self.title_id, self.scenario),
                pygame.Rect(left + 200, SCENARIO_Y, 540, 46),
                manager=self.app.gui,
                container=self.container,
            )
        choices = [HUMAN, *title.bot_ids]
        for row, seat in enumerate(self.seats()):
            y = self.seats_top() + row * SEAT_ROW
            # A PIN guards a person's view at the curtain: only where people share a screen with secrets.
            person = self.players[seat] == HUMAN and title.has_secrets and len(self.seats()) > 1
            entry = UITextEntryLine(  # a person's name leaves room for their PIN
                pygame.Rect(left + 200, y, 210 if person else 300, 46),
                manager=self.app.gui,
                container=self.container,
            )
            entry.set_text_length_limit(MAX_NAME)
            entry.set_forbidden_characters(CONTROL_CHARACTERS)  # typed or pasted
            entry.set_text(self.names.get(seat) or self.default_name(seat))
            self.name_entries[seat] = entry
            if person:
                self.pin_entries[seat] = self._pin_entry(pygame.Rect(left + 420, y, 80, 46), seat)
            self.player_menus[seat] = UIDropDownMenu(
                [*map(self.player_label, choices)],
                self.player_label(self.players[seat]),
                pygame.Rect(left + 520, y, 220, 46),
                manager=self.app.gui,
                container=self.container,
            )
        self._build_choices(left + 200)

    def _pin_entry(self, rect: pygame.Rect, seat: str) -> UITextEntryLine:
        """An optional PIN for a person: digits, shown as dots, asked for at the curtain."""
        entry = UITextEntryLine(
            rect, manager=self.app.gui, container=self.container, placeholder_text=self.ctx.t("app.setup.pin")
        )
        entry.set_allowed_characters("numbers")
        entry.set_text_length_limit(MAX_PIN)
        entry.set_text_hidden(True)
        entry.set_text(self.pins.get(seat, ""))
        entry.set_tooltip(self.ctx.t("app.setup.pin.tip"))
        return entry

    def _build_choices(self, x: int) -> None:
        self.choice_menus, self.choice_toggles = {}, {}
        for row, choice in enumerate(self.offered):
            y = self.choices_top() + row * CHOICE_ROW
            chosen = self.choices[choice.field]
            if len(choice.values) > MOST_TOGGLES:
                # Each item carries its index as its id, so equal labels cannot be confused.
                items: list[str | tuple[str, str]] = [
                    (self.option_label(choice, option.value), f"#option_{index}")
                    for index, option in enumerate(choice.values)
                ]
                self.choice_menus[choice.field] = UIDropDownMenu(
                    items,
                    items[choice.values.index(choice.option(chosen))],
                    pygame.Rect(x, y, 540, 46),
                    manager=self.app.gui,
                    container=self.container,
                )
                continue
            width = (540 - 8 * (len(choice.values) - 1)) // len(choice.values)
            for index, option in enumerate(choice.values):
                rect = pygame.Rect(x + index * (width + 8), y, width, 46)
                toggle = self.button(rect, self.option_label(choice, option.value))
                if type(option.value) is type(chosen) and option.value == chosen:
                    toggle.select()
                self.choice_toggles[toggle] = (choice.field, option.value)

    def _remember_names(self) -> None:
        """Keep what was typed (names, PINs) across a rebuild of the widgets."""
        self.pins = {seat: entry.get_text() for seat, entry in self.pin_entries.items() if entry.get_text()}
        for seat, entry in self.name_entries.items():
            typed = clean_name(entry.get_text())
            if typed and typed != self.default_name(seat):
                self.names[seat] = typed
            else:
                self.names.pop(seat, None)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.start:
                self.start_game()
            elif event.ui_element in self.title_buttons:
                self._remember_names()
                self.title_id = self.title_buttons[event.ui_element]
                self._reset_seats()
                self.rebuild()
            elif event.ui_element in self.choice_toggles:
                self._remember_names()
                field, value = self.choice_toggles[event.ui_element]
                self.choices[field] = value
                self.rebuild()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._remember_names()
            self.choose_from_menu(event.ui_element, event.text, getattr(event, "selected_option_id", ""))
            self.rebuild()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def choose_from_menu(self, menu: Any, label: str, option_id: str = "") -> None:
        assert self.title_id is not None
        title = self.titles[self.title_id]
        if menu is self.scenario_menu:
            for scenario in title.scenarios:
                if scenario_name(self.ctx, self.title_id, scenario) == label:
                    self.scenario = scenario
            seats = self.seats()
            self.players = {seat: self.players.get(seat, HUMAN) for seat in seats}
            self._reset_choices()
            return
        for offered in self.offered:
            if self.choice_menus.get(offered.field) is menu:
                index = int(option_id.removeprefix("#option_"))
                self.choices[offered.field] = offered.values[index].value
                return
        for seat, seat_menu in self.player_menus.items():
            if seat_menu is menu:
                for choice in (HUMAN, *title.bot_ids):
                    if self.player_label(choice) == label:
                        self.players[seat] = choice

    def options(self) -> Any:
        """The title's options from the choices made (names trimmed, bots by id).

        Raises ``ValueError`` with a readable reason when the title refuses them.
        """
        assert self.title_id is not None
        self._remember_names()
        title = self.titles[self.title_id]
        seats = {}
        for seat in self.seats():
            person = self.players[seat] == HUMAN
            pin = self.pins.get(seat, "") if person else ""
            if pin and not valid_pin(pin):
                raise ReadableError("A PIN has 4 to 8 digits.", "app.setup.pin.length")
            seats[seat] = SeatConfig(
                name=self.names.get(seat) or clean_name(self.default_name(seat)),
                bot=None if person else self.players[seat],
                pin=hash_pin(pin) if pin else None,
            )
        return title.make_options(self.scenario, seats, self.choices)

    def _draw_unavailable(self, surface: pygame.Surface) -> None:
        """Under the title buttons: why each unavailable title is (its data file and line)."""
        small = self.ctx.font(15, False)
        y = PANEL.y + 130 + len(self.titles) * 62
        for title_id, problem in self.unavailable.items():
            why = self.ctx.t("app.title.broken", title=title_name(self.ctx, title_id), reason=problem)
            for line in wrap(small, why, 330)[:6]:
                if y > PANEL.bottom - 110:
                    return
                text(surface, small, line, (PANEL.x + 40, y), "red")
                y += 19
            y += 8

    def start_game(self) -> None:
        from game.scenes.play import PlayScene

        assert self.title_id is not None
        try:
            options = self.options()
        except ValueError as err:
            self.toasts.show(options_problem(self.ctx.t, err), "error")
            return
        match = Match(self.titles[self.title_id], options, random.SystemRandom().randrange(1 << 31))
        self.app.replace(PlayScene(self.app, match))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.backdrop, (0, 0))
        panel(surface, PANEL)
        t, font = self.ctx.t, self.ctx.font
        text(surface, font(34, True), t("app.setup.title"), (PANEL.x + 40, PANEL.y + 36), "brass")
        self._draw_unavailable(surface)
        if self.title_id is None:
            text(surface, font(20, False), t("app.setup.no_titles"), (PANEL.x + 420, PANEL.y + 130), "muted")
            return
        left = PANEL.x + 420
        pygame.draw.line(
            surface, PALETTE["line"], (left - 20, PANEL.y + 120), (left - 20, PANEL.bottom - 110)
        )
        title = self.titles[self.title_id]
        text(surface, font(28, True), title_name(self.ctx, self.title_id), (left, PANEL.y + 118), "text")
        tagline = known(self.ctx, f"{self.title_id}.tagline")
        if tagline:
            for row, line in enumerate(wrap(font(17, False), tagline, PANEL.right - left - 40)[:2]):
                text(surface, font(17, False), line, (left, PANEL.y + 158 + row * 22), "muted")
        if title.scenarios:
            text(
                surface, font(20, False), t("app.setup.scenario"), (left, SCENARIO_Y + 23), "text", "midleft"
            )
        top = self.seats_top()
        text(surface, font(15, True), t("app.setup.seats").upper(), (left, top - 22), "muted", "midleft")
        for row, seat in enumerate(self.seats()):
            y = top + row * SEAT_ROW + 23
            text(
                surface,
                font(20, False),
                seat_name(self.ctx, self.title_id, seat),
                (left, y),
                "text",
                "midleft",
            )
        choices = self.offered
        if choices:
            top = self.choices_top()
            heading = t("app.setup.options").upper()
            text(surface, font(15, True), heading, (left, top - 22), "muted", "midleft")
            for row, choice in enumerate(choices):
                y = top + row * CHOICE_ROW + 23
                text(surface, font(20, False), t(choice.label_key), (left, y), "text", "midleft")
