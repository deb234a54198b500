"""New game: the title, its scenario, its options, and who sits in each seat (a person or a bot, and names).

A title's extra options (`Title.setup_choices`: who starts, a series' length, the number of
players...) come first, as a row of toggle buttons for a few values or a drop-down for
more; the seats follow, derived from the options being chosen (`Title.seats`), so a
choice that changes the number of players changes the rows at once while every seat
that remains keeps what was typed and chosen for it.  Seats the rules play themselves
(`Title.automated_seats`) are shown as such, with nothing to choose.  The options model
the title validates is built from all of it; a combination it refuses becomes a
readable message, and no game starts.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from game.title_needs import level_key
from game.titles import BUILDERS, SCREENS, first_game_level
from game.ui.fit import fit, fit_lines
from game.ui.messages import options_problem
from game.ui.naming import decimal, known, scenario_name, seat_name, title_name
from game.ui.scene import Host, Scene
from game.ui.theme import MIN_TEXT, PALETTE, panel, text, wrap
from rules.core import GameOptions, Match, SeatConfig, SetupChoice
from rules.core.errors import ReadableError
from rules.core.model import MAX_NAME, SetupValue, clean_name, hash_pin, valid_pin

HUMAN = "human"
PANEL = pygame.Rect(160, 40, 1280, 820)
LEFT = PANEL.x + 400
"""The left edge of the chosen title's column."""
RIGHT = PANEL.right - 40
LABEL_WIDTH = 204
"""Room for a row's label (a seat's or an option's name) before its widgets."""
FIELD_X = LEFT + 210
FIELD_WIDTH = RIGHT - FIELD_X
CONTROL_HEIGHT = 44
BUILDER_WIDTH = 240
SECTION_TOP = PANEL.y + 206
HEADING = 30
"""A section heading's height above its first row."""
SECTION_GAP = 16
GOAL_ROW = 42
"""Room under the scenario for its goal in a line or two, if the title states one."""
CHOICE_ROW = 54
SEAT_ROW = (50, 62)
"""The fewest and most pixels between two seat rows: six players and a house still fit."""
BUTTONS_TOP = PANEL.bottom - 76
CONTROL_CHARACTERS = [chr(code) for code in (*range(32), *range(127, 160), 0x2028, 0x2029)]
"""What a name field refuses: a NUL or a line break would break every screen that shows the name."""
MOST_TOGGLES = 3
"""A choice with at most this many values is a row of toggle buttons, else a drop-down."""
TITLES_WIDTH = 320
PIN_WIDTH = 80
NAME_WIDTH = 200
"""The narrowest a person's name field gets beside a wide drop-down."""
LEVEL_ROW = 46
"""Room for a level's line (or two) under the seats."""
RECORD_ROW = 26
"""Room for a line saying what a level scored, where the title keeps that."""
MENU_PADDING = 84
"""A drop-down's width beyond its widest item: the arrow button and the text's margins."""


@dataclass(frozen=True)
class Layout:
    """Where the scenario, option and seat rows go for the title and choices shown."""

    scenario_y: int | None
    choices_y: tuple[int, ...]
    seats_y: tuple[int, ...]

    @property
    def choices_top(self) -> int:
        return self.choices_y[0] if self.choices_y else 0

    @property
    def seats_top(self) -> int:
        return self.seats_y[0] if self.seats_y else 0


class SetupScene(Scene):
    """Choices are kept in plain fields; the widgets are rebuilt from them when they change."""

    def __init__(self, app: Host, title_id: str | None = None) -> None:
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
        """Seat -> ``"human"`` or a bot id; kept for a seat a choice takes away, should it come back."""
        self.names: dict[str, str] = {}
        """Seat -> the name a person typed (kept like `players`)."""
        self.offered: tuple[SetupChoice, ...] = ()
        """The title's setup choices for the scenario chosen."""
        self.choices: dict[str, SetupValue] = {}
        """Setup-choice field -> the value chosen (the title's default until changed)."""
        self.choice_menus: dict[str, UIDropDownMenu] = {}
        self.choice_toggles: dict[pygame_gui.elements.UIButton, tuple[str, SetupValue]] = {}
        self.title_buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.scenario_menu: UIDropDownMenu | None = None
        self.builder: UIButton | None = None
        """Opens the title's scenario builder (`game.titles.BUILDERS`), when it has one."""
        self.player_menus: dict[str, UIDropDownMenu] = {}
        self.name_entries: dict[str, UITextEntryLine] = {}
        self.pins: dict[str, str] = {}
        """Seat -> the PIN typed (kept only while the setup is open; the game stores a hash)."""
        self.pin_entries: dict[str, UITextEntryLine] = {}
        self.start: pygame_gui.elements.UIButton | None = None
        self.seed: int | None = None
        """The seed of the game Start begins (None: drawn; the scripted newcomer fixes it)."""
        self.back: pygame_gui.elements.UIButton | None = None
        self._seated: tuple[object, tuple[str, ...], frozenset[str]] | None = None
        self._reset_seats()

    # -- what is being chosen ---------------------------------------------------------------

    def _reset_seats(self) -> None:
        if self.title_id is None:
            return
        title = self.titles[self.title_id]
        self.scenario = title.scenarios[0] if title.scenarios else None
        self.players, self.names, self.pins, self.choices = {}, {}, {}, {}
        if self.app.settings.last_name:
            # The first seat is offered to whoever played last (the name typed then).
            first = title.seats(title.default_options(self.scenario))[0]
            self.names[first] = self.app.settings.last_name
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
        self._seat_new_players()

    def _seat_new_players(self) -> None:
        """A seat shown for the first time gets the default: the first seat a person, the
        others the computer at the title's default level (Normal), or at the level the
        title offers a first game (`first_game_level`) when the person in the first seat
        has not yet finished a guided game of it."""
        if self.title_id is None:
            return
        bot = self.default_level()
        for index, seat in enumerate(self.seats()):
            self.players.setdefault(seat, HUMAN if index == 0 else bot)

    def default_level(self) -> str:
        """The computer's level a new seat gets (`_seat_new_players`)."""
        assert self.title_id is not None
        return first_game_level(
            self.app.settings, self.title_id, self.names.get(next(iter(self.seats()), ""))
        )

    def chosen_options(self) -> GameOptions:
        """The options being chosen, with the default seats: what decides which seats there are.

        A combination the title refuses still has seats to show (its refusal is told when
        the game is started), so it is then built without validation.
        """
        assert self.title_id is not None
        title = self.titles[self.title_id]
        try:
            return title.make_options(self.scenario, None, self.choices)
        except ValueError:
            defaults = title.default_options(self.scenario).model_dump()
            return title.options_model.model_construct(**{**defaults, **self.choices})

    def _table(self) -> tuple[tuple[str, ...], frozenset[str]]:
        """Every seat of the game being chosen and the automated ones among them.

        Asked on every frame, so kept until the title, scenario or a choice changes.
        """
        assert self.title_id is not None
        key = (self.title_id, self.scenario, tuple(self.choices.items()))
        if self._seated is None or self._seated[0] != key:
            title, options = self.titles[self.title_id], self.chosen_options()
            self._seated = (key, title.seats(options), frozenset(title.automated_seats(options)))
        return self._seated[1], self._seated[2]

    def all_seats(self) -> tuple[str, ...]:
        """Every seat of the game being chosen, automated ones included, in table order."""
        return self._table()[0]

    def automated_seats(self) -> frozenset[str]:
        return self._table()[1]

    def seats(self) -> tuple[str, ...]:
        """The seats a person or a bot takes (the automated ones left out)."""
        automated = self.automated_seats()
        return tuple(seat for seat in self.all_seats() if seat not in automated)

    def level_tip(self, bot: str) -> str:
        """One line saying how the computer at level `bot` plays."""
        return known(self.ctx, f"{self.title_id}.bot.{bot}.tip") or ""

    def level_record(self, bot: str) -> str | None:
        """What the computer at level `bot` was measured to score here and the band of
        that mean, where the title keeps it (`Title.level_record`: Godzina policyjna's
        yardstick for the person who plays it; issue 31, point 4)."""
        assert self.title_id is not None
        record = self.titles[self.title_id].level_record(bot, self.scenario)
        if record is None:
            return None
        params = {
            "mean": decimal(self.ctx, record.mean),
            "games": record.games,
            "band": self.ctx.t(record.band),
        }
        return known(self.ctx, f"{self.title_id}.record", **params) or self.ctx.t(
            "app.setup.record", **params
        )

    def level_name(self, bot: str) -> str:
        """The name of the computer's level `bot` ("Easy", "Normal", "Hard")."""
        assert self.title_id is not None
        key = level_key(self.titles[self.title_id], bot)
        return self.ctx.t(key) if key else bot

    def player_label(self, choice: str) -> str:
        if choice == HUMAN:
            return self.ctx.t("app.setup.human")
        return self.ctx.t("app.setup.computer", level=self.level_name(choice))

    def default_name(self, seat: str) -> str:
        """What an empty name field shows greyed: the seat's name, which the table shows
        in the language of the moment unless a name is typed."""
        return seat_name(self.ctx, self.title_id or "", seat)

    def option_label(self, choice: SetupChoice, value: SetupValue) -> str:
        option = choice.option(value)
        return self.ctx.t(option.label_key, **option.params)

    # -- layout -------------------------------------------------------------------------------

    def layout(self) -> Layout:
        """Scenario, then the options, then the seats, spread over the room left above the buttons."""
        assert self.title_id is not None
        title = self.titles[self.title_id]
        y = SECTION_TOP
        scenario_y = None
        if title.scenarios:
            scenario_y = y
            y += CONTROL_HEIGHT + SECTION_GAP + (GOAL_ROW if self.scenario_goal() else 0)
        choices_y = tuple(y + HEADING + row * CHOICE_ROW for row in range(len(self.offered)))
        if self.offered:
            y = choices_y[-1] + CONTROL_HEIGHT + SECTION_GAP
        rows = len(self.all_seats())
        room = BUTTONS_TOP - SECTION_GAP - (y + HEADING) - CONTROL_HEIGHT
        pitch = max(SEAT_ROW[0], min(SEAT_ROW[1], room // max(1, rows - 1)))
        seats_y = tuple(y + HEADING + row * pitch for row in range(rows))
        return Layout(scenario_y, choices_y, seats_y)

    def scenario_goal(self) -> str | None:
        """The chosen scenario's goal, as the table's header will state it (its screen's
        `goal_keys`), where the title's catalog has one."""
        screen = SCREENS.get(self.title_id or "")
        keys = screen.goal_keys(self.title_id or "", self.scenario) if screen is not None else ()
        return next((text for key in keys if (text := known(self.ctx, key))), None)

    def choices_top(self) -> int:
        """Where the option rows start."""
        return self.layout().choices_top

    def seats_top(self) -> int:
        """Where the seat rows start: under the scenario and the options."""
        return self.layout().seats_top

    def menu_width(self, labels: list[str], pins: bool) -> int:
        """A drop-down as wide as its widest item, leaving room for a name (and a PIN)."""
        widest = max(self.ctx.font(18, False).size(label)[0] for label in labels)
        room = FIELD_WIDTH - 12 - NAME_WIDTH - (PIN_WIDTH + 12 if pins else 0)
        return min(room, max(220, widest + MENU_PADDING))

    # -- widgets ------------------------------------------------------------------------------

    def build(self) -> None:
        t = self.ctx.t
        self.title_buttons = {}
        for index, title_id in enumerate(self.titles):
            name = title_name(self.ctx, title_id)
            broken = self.unavailable.get(title_id)
            widget = self.button(
                pygame.Rect(PANEL.x + 40, PANEL.y + 120 + index * 62, TITLES_WIDTH, 52),
                name if broken is None else t("app.setup.unavailable", title=name),
                tooltip=None if broken is None else broken,
                enabled=broken is None,
            )
            if title_id == self.title_id:
                widget.select()
            self.title_buttons[widget] = title_id
        self.back = self.button(pygame.Rect(PANEL.x + 40, BUTTONS_TOP, 200, 52), t("app.back"))
        self.start = self.button(
            pygame.Rect(RIGHT - 240, BUTTONS_TOP, 240, 52),
            t("app.setup.start"),
            object_id="#primary",
            enabled=self.title_id is not None,
        )
        self.player_menus, self.name_entries, self.pin_entries, self.scenario_menu = {}, {}, {}, None
        self.builder = None
        if self.title_id is None:
            return
        title = self.titles[self.title_id]
        layout = self.layout()
        if layout.scenario_y is not None:
            names: list[str | tuple[str, str]] = [
                scenario_name(self.ctx, self.title_id, s) for s in title.scenarios
            ]
            width = FIELD_WIDTH - (BUILDER_WIDTH + 10 if self.title_id in BUILDERS else 0)
            self.scenario_menu = UIDropDownMenu(
                names,
                scenario_name(self.ctx, self.title_id, self.scenario),
                pygame.Rect(FIELD_X, layout.scenario_y, width, CONTROL_HEIGHT),
                manager=self.app.gui,
                container=self.container,
            )
            if self.title_id in BUILDERS:
                self.builder = self.button(
                    pygame.Rect(RIGHT - BUILDER_WIDTH, layout.scenario_y, BUILDER_WIDTH, CONTROL_HEIGHT),
                    t(f"{self.title_id}.builder.open"),
                )
        self._build_choices(layout)
        self._build_seats(layout)

    def _build_seats(self, layout: Layout) -> None:
        assert self.title_id is not None
        title = self.titles[self.title_id]
        # A PIN guards a person's view at the curtain: only where people share a screen with secrets.
        pins = title.has_secrets and len(self.seats()) > 1
        labels = [*map(self.player_label, (HUMAN, *title.bot_ids))]
        width = self.menu_width(labels, pins)
        automated = self.automated_seats()
        for seat, y in zip(self.all_seats(), layout.seats_y, strict=True):
            if seat in automated:
                continue
            self.player_menus[seat] = UIDropDownMenu(
                [*labels],
                self.player_label(self.players[seat]),
                pygame.Rect(FIELD_X, y, width, CONTROL_HEIGHT),
                manager=self.app.gui,
                container=self.container,
            )
            if self.players[seat] != HUMAN:
                continue  # a computer's name is the game's to give, not a field to edit
            name_width = FIELD_WIDTH - width - 12 - (PIN_WIDTH + 12 if pins else 0)
            entry = UITextEntryLine(  # a person's name leaves room for their PIN
                pygame.Rect(FIELD_X + width + 12, y, name_width, CONTROL_HEIGHT),
                manager=self.app.gui,
                container=self.container,
                placeholder_text=self.default_name(seat),
            )
            entry.set_text_length_limit(MAX_NAME)
            entry.set_forbidden_characters(CONTROL_CHARACTERS)  # typed or pasted
            entry.set_text(self.names.get(seat, ""))
            self.name_entries[seat] = entry
            if pins:
                self.pin_entries[seat] = self._pin_entry(
                    pygame.Rect(RIGHT - PIN_WIDTH, y, PIN_WIDTH, CONTROL_HEIGHT), seat
                )

    def _pin_entry(self, rect: pygame.Rect, seat: str) -> UITextEntryLine:
        """An optional PIN for a person: digits, shown as dots, asked for at the curtain."""
        entry = self.pin_entry(rect, self.ctx.t("app.setup.pin"))
        entry.set_text(self.pins.get(seat, ""))
        entry.set_tooltip(self.ctx.t("app.setup.pin.tip"))
        return entry

    def _build_choices(self, layout: Layout) -> None:
        self.choice_menus, self.choice_toggles = {}, {}
        for choice, y in zip(self.offered, layout.choices_y, strict=True):
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
                    pygame.Rect(FIELD_X, y, FIELD_WIDTH, CONTROL_HEIGHT),
                    manager=self.app.gui,
                    container=self.container,
                )
                continue
            width = (FIELD_WIDTH - 8 * (len(choice.values) - 1)) // len(choice.values)
            for index, option in enumerate(choice.values):
                rect = pygame.Rect(FIELD_X + index * (width + 8), y, width, CONTROL_HEIGHT)
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

    # -- input --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.start:
                self.start_game()
            elif event.ui_element is self.builder and self.title_id in BUILDERS:
                self._remember_names()
                self.app.push(BUILDERS[self.title_id](self.app, self.use_scenario))
            elif event.ui_element in self.title_buttons:
                self._remember_names()
                self.title_id = self.title_buttons[event.ui_element]
                self._reset_seats()
                self.rebuild()
            elif event.ui_element in self.choice_toggles:
                self._remember_names()
                field, value = self.choice_toggles[event.ui_element]
                self.choices[field] = value
                self._seat_new_players()
                self.rebuild()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._remember_names()
            self.choose_from_menu(event.ui_element, event.text, getattr(event, "selected_option_id", ""))
            self.rebuild()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def use_scenario(self, scenario: str) -> None:
        """A scenario the title's builder made: chosen, its choices reset, the list showing it."""
        self.scenario = scenario
        self._reset_choices()
        self.rebuild()

    def choose_from_menu(self, menu: Any, label: str, option_id: str = "") -> None:
        assert self.title_id is not None
        title = self.titles[self.title_id]
        if menu is self.scenario_menu:
            for scenario in title.scenarios:
                if scenario_name(self.ctx, self.title_id, scenario) == label:
                    self.scenario = scenario
            self._reset_choices()
            return
        for offered in self.offered:
            if self.choice_menus.get(offered.field) is menu:
                index = int(option_id.removeprefix("#option_"))
                self.choices[offered.field] = offered.values[index].value
                self._seat_new_players()
                return
        for seat, seat_menu in self.player_menus.items():
            if seat_menu is menu:
                for choice in (HUMAN, *title.bot_ids):
                    if self.player_label(choice) == label:
                        self.players[seat] = choice

    def options(self) -> Any:
        """The title's options from the choices made (names trimmed, bots by id).

        Only the seats a person or a bot takes are passed on: the rules play the
        automated ones.  Raises ``ValueError`` with a readable reason when the title
        refuses the options.
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
                name=self.names.get(seat) if person else None,
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
            for line in wrap(small, why, TITLES_WIDTH)[:6]:
                if y > BUTTONS_TOP - 40:
                    return
                text(surface, small, line, (PANEL.x + 40, y), "red")
                y += 19
            y += 8

    def start_game(self) -> None:
        assert self.title_id is not None
        try:
            options = self.options()
        except ValueError as err:
            self.toasts.show(options_problem(self.ctx.t, err), "error")
            return
        seed = random.SystemRandom().randrange(1 << 31) if self.seed is None else self.seed
        match = Match(self.titles[self.title_id], options, seed)
        self._remember_first_name(options)
        self.app.go.play(match, replace=True)

    def _remember_first_name(self, options: GameOptions) -> None:
        """The name typed for the first seat, when a person takes it: the next setup and a
        quick match (`game.scenes.menu`) offer it."""
        first = next(iter(self.seats()), None)
        config = options.seats.get(first) if first is not None else None
        if config is None or config.bot is not None or not config.name:
            return
        if config.name != self.app.settings.last_name:
            self.app.apply_settings(self.app.settings.model_copy(update={"last_name": config.name}))

    # -- drawing ------------------------------------------------------------------------------

    def still(self) -> Hashable:
        """What `draw` shows: the title, scenario, choices and players chosen (which lay the
        rows out), where the seats' menus end, and the pointer's tip; the widgets are the
        app's to compare.  A setup standing still costs no frame."""
        if self.toasts.items:
            return None
        menus = tuple((seat, tuple(menu.rect)) for seat, menu in self.player_menus.items())
        chosen = self.title_id, self.scenario, tuple(self.choices.items()), tuple(self.players.items())
        return self.app.backdrop, self.app.settings.language, chosen, menus, self.tip_look()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.backdrop, (0, 0))
        self.hover.forget()  # noted again below, for what is shown now
        panel(surface, PANEL)
        t, font = self.ctx.t, self.ctx.font
        text(surface, font(34, True), t("app.setup.title"), (PANEL.x + 40, PANEL.y + 36), "brass")
        self._draw_unavailable(surface)
        if self.title_id is None:
            text(surface, font(20, False), t("app.setup.no_titles"), (LEFT, PANEL.y + 130), "muted")
            return
        pygame.draw.line(surface, PALETTE["line"], (LEFT - 20, PANEL.y + 120), (LEFT - 20, BUTTONS_TOP - 20))
        width = RIGHT - LEFT
        self.fitted(surface, title_name(self.ctx, self.title_id), (LEFT, PANEL.y + 112), width, 28, bold=True)
        tagline = known(self.ctx, f"{self.title_id}.tagline")
        if tagline:
            self.fitted(surface, tagline, (LEFT, PANEL.y + 150), width, 17, "muted", max_lines=2)
        layout = self.layout()
        if layout.scenario_y is not None:
            self._label(surface, t("app.setup.scenario"), layout.scenario_y)
            goal = self.scenario_goal()
            if goal:
                below = (FIELD_X, layout.scenario_y + CONTROL_HEIGHT + 6)
                self.fitted(surface, goal, below, FIELD_WIDTH, 16, "muted", max_lines=2)
        if self.offered:
            self._heading(surface, t("app.setup.options"), layout.choices_top)
            for choice, y in zip(self.offered, layout.choices_y, strict=True):
                self._label(surface, t(choice.label_key), y)
        self._heading(surface, t("app.setup.seats"), layout.seats_top)
        automated = self.automated_seats()
        menus = self.player_menus
        for seat, y in zip(self.all_seats(), layout.seats_y, strict=True):
            self._label(surface, seat_name(self.ctx, self.title_id, seat), y)
            if seat in menus and self.players[seat] != HUMAN:
                # Where a person's name would be: how this computer plays.
                left = menus[seat].rect.right + 16
                # Only when it fits whole: else the levels below describe it, this one in brass.
                tip = self.level_tip(self.players[seat])
                if not fit(self.ctx.font, tip, RIGHT - left, MIN_TEXT, max_lines=2, shrink=0).cut:
                    middle = (left, y + CONTROL_HEIGHT // 2)
                    self.fitted(surface, tip, middle, RIGHT - left, MIN_TEXT, "muted", "midleft", max_lines=2)
            if seat in automated:
                middle = (FIELD_X + 16, y + CONTROL_HEIGHT // 2)
                self.fitted(
                    surface, t("app.setup.automated"), middle, FIELD_WIDTH - 16, 18, "muted", "midleft"
                )
        if menus and (any(self.players[seat] != HUMAN for seat in menus) or self.measured_levels()):
            self._draw_levels(surface, layout.seats_y[-1] + CONTROL_HEIGHT + SECTION_GAP + HEADING)

    def measured_levels(self) -> dict[str, str]:
        """The computer's levels whose scores the title keeps -> the line saying it: shown
        under the seats even when a person plays alone (what the levels score is the
        yardstick of a solo game)."""
        assert self.title_id is not None
        found = {bot: self.level_record(bot) for bot in self.titles[self.title_id].bot_ids}
        return {bot: line for bot, line in found.items() if line}

    def _draw_levels(self, surface: pygame.Surface, top: int) -> None:
        """What each of the computer's levels means, weakest first (issue 30), where the
        room under the seats allows: its name and how it plays, and what it scored where
        the title keeps that (`level_record`), a level chosen for a seat in brass.  With
        nobody but people seated, or no room for the descriptions, only what the levels
        scored: the yardstick of a solo game (issue 31, point 4)."""
        assert self.title_id is not None
        measured = self.measured_levels()
        chosen = set(self.players.values())
        levels = self.titles[self.title_id].bot_ids
        row_height = LEVEL_ROW + RECORD_ROW if measured else LEVEL_ROW
        if chosen == {HUMAN} or top + len(levels) * row_height > BUTTONS_TOP - SECTION_GAP:
            self._draw_records(surface, top, measured, chosen)
            return
        self._heading(surface, self.ctx.t("app.setup.levels"), top)
        for row, bot in enumerate(levels):
            y = top + row * row_height
            colour = "brass" if bot in chosen else "text"
            self.fitted(surface, self.level_name(bot), (LEFT, y), LABEL_WIDTH, 17, colour, bold=True)
            self.fitted(surface, self.level_tip(bot), (FIELD_X, y), FIELD_WIDTH, 16, "muted", max_lines=2)
            if bot in measured:
                below = (FIELD_X, y + LEVEL_ROW - 4)
                self.fitted(surface, measured[bot], below, FIELD_WIDTH, 16, "muted", max_lines=1)

    def _draw_records(
        self, surface: pygame.Surface, top: int, measured: dict[str, str], chosen: set[str]
    ) -> None:
        """What each measured level scored, a line each, a level chosen for a seat in brass."""
        if not measured or top + len(measured) * RECORD_ROW > BUTTONS_TOP - SECTION_GAP:
            return
        self._heading(surface, self.ctx.t("app.setup.records"), top)
        for row, (bot, line) in enumerate(measured.items()):
            y = top + row * RECORD_ROW
            colour = "brass" if bot in chosen else "text"
            self.fitted(surface, self.level_name(bot), (LEFT, y), LABEL_WIDTH, 17, colour, bold=True)
            self.fitted(surface, line, (FIELD_X, y), FIELD_WIDTH, 16, "muted", max_lines=1)

    def _heading(self, surface: pygame.Surface, content: str, first_row: int) -> None:
        middle = (LEFT, first_row - HEADING // 2 - 2)
        self.fitted(surface, content.upper(), middle, RIGHT - LEFT, 15, "muted", "midleft", bold=True)

    def _label(self, surface: pygame.Surface, content: str, row_y: int) -> None:
        middle = (LEFT, row_y + CONTROL_HEIGHT // 2)
        size = self._label_size()
        lines = fit(self.ctx.font, content, LABEL_WIDTH, size, max_lines=2, shrink=0)
        if len(lines.lines) > 1:
            middle = (middle[0], middle[1] - (lines.height - lines.face.get_linesize()) // 2)
        fit_lines(surface, lines, middle, "text", "midleft", hover=(self.hover, content))

    def _label_size(self) -> int:
        """One size for every row's label (issue 29, point 5: "Fioletowy agent polski" was
        drawn smaller than its neighbours): the largest, up to 20, at which each fits on one
        line, else the smallest there is."""
        labels = [self.ctx.t("app.setup.scenario")] if self.layout().scenario_y is not None else []
        labels += [self.ctx.t(choice.label_key) for choice in self.offered]
        if self.title_id is not None:
            labels += [seat_name(self.ctx, self.title_id, seat) for seat in self.all_seats()]
        for size in range(20, MIN_TEXT - 1, -1):
            face = self.ctx.font(size, False)
            if all(face.size(label)[0] <= LABEL_WIDTH for label in labels):
                return size
        return MIN_TEXT
