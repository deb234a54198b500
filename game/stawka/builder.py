"""The free scenario builder (rulebook, "Free Scenarios", A-L): a screen for what the players
decide before a game of their own.

How many sectors (4-7); the police sector lies first, then the German player and the
Polish player lay theirs in turn, each touching the board by an edge (a click on a sector,
then on a lit place; "Turn" sets the sector laid last a quarter turn further); four agents
a side, one of each colour; the rule level and the number of stages.  The rules validate
the result (`rules.stawka.free`); a built scenario can be saved to the user data folder, as
validated data, and used again; "Use" hands it to the new-game screen, which then starts
it like any scenario.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from game.stawka.sector_art import paint_face
from game.storage import SCENARIO_FILE_BYTES, atomic_write_text, data_dir, explain, read_file
from game.ui.scene import Host, Scene
from game.ui.theme import PALETTE, panel
from rules.stawka.content import COLOURS, TILE_SIZE, PlacedFace, RuleLevel, load_content
from rules.stawka.free import LEVELS, FreeScenario, build, read, touches

GRID = 5
CELL = 124
GRID_LEFT, GRID_TOP = 60, 170
CENTRE = 2
RIGHT_X = 800
SECTOR_COUNTS = (4, 5, 6, 7)
STAGE_CHOICES = (6, 8, 10, 12)
FOLDER = "stawka-scenarios"


def scenarios_folder() -> Path:
    return data_dir() / FOLDER


def saved_scenarios() -> tuple[list[FreeScenario], int]:
    """The scenarios saved before, and how many files could not be read as one."""
    folder = scenarios_folder()
    found: list[FreeScenario] = []
    broken = 0
    if not folder.is_dir():
        return found, broken
    for path in sorted(folder.glob("*.json")):
        try:
            found.append(read(read_file(path, SCENARIO_FILE_BYTES)))
        except (OSError, ValueError):
            broken += 1
    return found, broken


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "scenario"


class BuilderScene(Scene):
    """Build a free scenario; `on_use` receives the scenario id it is registered under."""

    def __init__(self, app: Host, on_use: Callable[[str], None]) -> None:
        super().__init__(app)
        self.on_use = on_use
        content = load_content()
        self.faces: list[PlacedFace] = [PlacedFace(face="police", col=CENTRE, row=CENTRE)]
        self.target = 4
        self.chosen_face: str | None = None
        self.level: RuleLevel = "advanced"
        self.stages = 8
        self.name = ""
        self.agents: dict[str, dict[str, str]] = {}
        self.candidates: dict[tuple[str, str], list[str]] = {}
        for side in ("polish", "german"):
            for colour in COLOURS:
                agents = list(
                    dict.fromkeys(d.agent for d in content.documents if d.side == side and d.colour == colour)
                )
                self.candidates[(side, colour)] = agents
                self.agents.setdefault(side, {})[colour] = agents[0]
        self.widgets: dict[UIButton, tuple[str, Any]] = {}
        self.agent_menus: dict[UIDropDownMenu, tuple[str, str]] = {}
        self.saved_menu: UIDropDownMenu | None = None
        self.name_entry: UITextEntryLine | None = None
        self.miniatures: dict[tuple[str, int], pygame.Surface] = {}

    # -- what the players chose ---------------------------------------------------------

    def layer(self) -> str:
        """Whose turn it is to lay a sector: the German after the police sector, then in turn."""
        return "german" if len(self.faces) % 2 == 1 else "polish"

    def open_cells(self) -> list[tuple[int, int]]:
        """Free places touching the board by an edge."""
        if len(self.faces) >= self.target:
            return []
        taken = {(f.col, f.row) for f in self.faces}
        return [
            (col, row)
            for row in range(GRID)
            for col in range(GRID)
            if (col, row) not in taken
            and any(touches(PlacedFace(face="police", col=col, row=row), f) for f in self.faces)
        ]

    def cell_rect(self, col: int, row: int) -> pygame.Rect:
        return pygame.Rect(GRID_LEFT + col * CELL, GRID_TOP + row * CELL, CELL - 6, CELL - 6)

    def chosen(self) -> FreeScenario:
        """The choices as the rules' model (raises `ValidationError` when they break a rule)."""
        if self.name_entry is not None:
            self.name = self.name_entry.get_text().strip()[:40]
        placed = _normalised(self.faces)
        return FreeScenario(
            name=self.name,
            faces=tuple(placed),
            polish=tuple(self.agents["polish"][c] for c in COLOURS),
            german=tuple(self.agents["german"][c] for c in COLOURS),
            level=self.level,
            stages=self.stages,
        )

    # -- widgets ------------------------------------------------------------------------

    def build(self) -> None:
        t = self.ctx.t
        self.widgets, self.agent_menus = {}, {}
        y = 140
        for index, count in enumerate(SECTOR_COUNTS):
            self._toggle(pygame.Rect(RIGHT_X + 200 + index * 70, y, 62, 36), str(count), "target", count)
        y += 56
        # One face of a tile at most: the two faces of a double-sided tile are never both laid.
        laid = {load_content().face(p.face).tile for p in self.faces}
        faces = [f.id for f in load_content().faces if f.tile not in laid]
        for index, face in enumerate(faces):
            rect = pygame.Rect(RIGHT_X + (index % 3) * 250, y + (index // 3) * 44, 240, 38)
            widget = self.button(rect, self._sector(face), enabled=len(self.faces) < self.target)
            if face == self.chosen_face:
                widget.select()
            self.widgets[widget] = ("face", face)
        y += 3 * 44 + 30
        for side in ("polish", "german"):
            for index, colour in enumerate(COLOURS):
                names: list[str | tuple[str, str]] = [self._agent(a) for a in self.candidates[(side, colour)]]
                menu = UIDropDownMenu(
                    names,
                    self._agent(self.agents[side][colour]),
                    pygame.Rect(RIGHT_X + 200 + (index % 2) * 270, y + (index // 2) * 42, 262, 36),
                    manager=self.app.gui,
                    container=self.container,
                )
                self.agent_menus[menu] = (side, colour)
            y += 2 * 42 + 16
        for index, level in enumerate(LEVELS):
            self._toggle(
                pygame.Rect(RIGHT_X + 200 + index * 180, y, 172, 36),
                t(f"stawka.builder.level.{level}"),
                "level",
                level,
            )
        y += 50
        for index, stages in enumerate(STAGE_CHOICES):
            self._toggle(pygame.Rect(RIGHT_X + 200 + index * 70, y, 62, 36), str(stages), "stages", stages)
        y += 50
        self.name_entry = UITextEntryLine(
            pygame.Rect(RIGHT_X + 200, y, 340, 36), manager=self.app.gui, container=self.container
        )
        self.name_entry.set_text_length_limit(40)
        self.name_entry.set_text(self.name)
        saved, _ = saved_scenarios()
        if saved:
            entries: list[str | tuple[str, str]] = [t("stawka.builder.load")]
            entries += [s.name or s.scenario_id for s in saved]
            self.saved_menu = UIDropDownMenu(
                entries,
                t("stawka.builder.load"),
                pygame.Rect(RIGHT_X + 550, y, 210, 36),
                manager=self.app.gui,
                container=self.container,
            )
        bottom = 820
        self.widgets[self.button(pygame.Rect(60, bottom, 180, 48), t("app.back"))] = ("back", None)
        undo = self.button(
            pygame.Rect(260, bottom, 220, 48), t("stawka.builder.undo"), enabled=len(self.faces) > 1
        )
        self.widgets[undo] = ("undo", None)
        turn = self.button(pygame.Rect(500, bottom, 240, 48), t("stawka.builder.turn"))
        self.widgets[turn] = ("turn", None)
        self.widgets[self.button(pygame.Rect(RIGHT_X + 260, bottom, 220, 48), t("stawka.builder.save"))] = (
            "save",
            None,
        )
        use = self.button(
            pygame.Rect(RIGHT_X + 500, bottom, 260, 48), t("stawka.builder.use"), object_id="#primary"
        )
        self.widgets[use] = ("use", None)

    def _toggle(self, rect: pygame.Rect, caption: str, field: str, value: Any) -> None:
        widget = self.button(rect, caption)
        if getattr(self, field) == value:
            widget.select()
        self.widgets[widget] = (field, value)

    def _sector(self, face: str) -> str:
        name = load_content().face(face).name
        return name.pl if self.ctx.settings.language == "pl" else name.en

    def _agent(self, agent: str) -> str:
        return self.ctx.t(f"stawka.value.{agent}")

    # -- input --------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.widgets:
            self._press(*self.widgets[event.ui_element])
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._menu(event.ui_element, event.text)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def click(self, pos: tuple[int, int]) -> None:
        """A click on the board: lay the chosen sector on a lit place."""
        for col, row in self.open_cells():
            if self.cell_rect(col, row).collidepoint(pos):
                if self.chosen_face is None:
                    self.toasts.show(self.ctx.t("stawka.builder.choose_sector"), "error")
                    return
                self.faces.append(PlacedFace(face=self.chosen_face, col=col, row=row))
                self.chosen_face = None
                self.rebuild()
                return

    def _press(self, what: str, value: Any) -> None:
        if what == "face":
            self.chosen_face = value
        elif what == "target":
            self.target = max(value, len(self.faces))
        elif what in ("level", "stages"):
            setattr(self, what, value)
        elif what == "undo":
            self.faces.pop()
        elif what == "turn":
            self.turn()
        elif what == "back":
            self.app.pop()
            return
        elif what == "save":
            self.save()
            return
        elif what == "use":
            self.use()
            return
        self._keep_name()
        self.rebuild()

    def _menu(self, menu: Any, label: str) -> None:
        if menu in self.agent_menus:
            side, colour = self.agent_menus[menu]
            for agent in self.candidates[(side, colour)]:
                if self._agent(agent) == label:
                    self.agents[side][colour] = agent
        elif menu is self.saved_menu:
            saved, _ = saved_scenarios()
            for scenario in saved:
                if (scenario.name or scenario.scenario_id) == label:
                    self.load(scenario)
            self.rebuild()

    def _keep_name(self) -> None:
        if self.name_entry is not None:
            self.name = self.name_entry.get_text().strip()[:40]

    def turn(self) -> None:
        """The sector laid last a quarter turn clockwise: its player sets it the way he likes
        (C-E say only that it touches the board by an edge; every face joins its
        neighbours in any rotation, `rules.stawka.content`).  An earlier sector stays as
        laid: the players built on it."""
        last = self.faces[-1]
        self.faces[-1] = last.model_copy(update={"rotation": (last.rotation + 1) % 4})

    def load(self, scenario: FreeScenario) -> None:
        self.faces = list(scenario.faces)
        self.target = len(scenario.faces)
        self.level, self.stages, self.name = scenario.level, scenario.stages, scenario.name
        content = load_content()
        for side, agents in (("polish", scenario.polish), ("german", scenario.german)):
            for agent in agents:
                self.agents[side][content.documents_of(agent)[0].colour] = agent

    def _checked(self) -> FreeScenario | None:
        """The choices, or None after telling the player what is missing."""
        if len(self.faces) < self.target:
            self.toasts.show(self.ctx.t("stawka.builder.incomplete", count=self.target), "error")
            return None
        return self.chosen()

    def save(self) -> None:
        chosen = self._checked()
        if chosen is None:
            return
        path = scenarios_folder() / f"{_slug(chosen.name)}-{chosen.scenario_id}.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, chosen.model_dump_json(indent=2))
        except OSError as err:
            self.toasts.show(self.ctx.t("stawka.builder.not_saved", reason=explain(self.ctx.t, err)), "error")
            return
        self.toasts.show(self.ctx.t("stawka.builder.saved"), "info")
        self.rebuild()

    def use(self) -> None:
        chosen = self._checked()
        if chosen is None:
            return
        scenario = build(chosen)
        self.app.pop()
        self.on_use(scenario.id)

    # -- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t = self.ctx.t
        surface.fill(PALETTE["night"])
        self.fitted(surface, t("stawka.builder.heading"), (60, 40), 1480, 34, "brass", bold=True)
        if len(self.faces) < self.target:
            status = t(f"stawka.builder.lay.{self.layer()}", left=self.target - len(self.faces))
        else:
            status = t("stawka.builder.complete")
        self.fitted(surface, status, (60, 100), 680, 19)
        panel(surface, pygame.Rect(GRID_LEFT - 16, GRID_TOP - 16, GRID * CELL + 26, GRID * CELL + 26))
        lit = self.open_cells() if self.chosen_face is not None else []
        for col, row in lit:
            pygame.draw.rect(
                surface, PALETTE["brass_dim"], self.cell_rect(col, row), width=2, border_radius=8
            )
        for order, placed in enumerate(self.faces):
            rect = self.cell_rect(placed.col, placed.row)
            surface.blit(self._miniature(placed.face, placed.rotation), rect)
            edge = "brass" if order == len(self.faces) - 1 else "panel_hi"
            pygame.draw.rect(surface, PALETTE[edge], rect, width=2)
            plate = pygame.Rect(rect.x + 4, rect.centery - 24, rect.width - 8, 44)
            pygame.draw.rect(surface, PALETTE["night"], plate, border_radius=4)
            self.fitted(
                surface,
                self._sector(placed.face),
                (plate.centerx, plate.y + 4),
                plate.width - 6,
                15,
                anchor="midtop",
                max_lines=2,
            )
            turned = f"{order + 1} · {placed.rotation * 90}°" if placed.rotation else str(order + 1)
            number = pygame.Rect(rect.x + 4, rect.bottom - 24, 60 if placed.rotation else 22, 20)
            pygame.draw.rect(surface, PALETTE["night"], number, border_radius=4)
            self.fitted(surface, turned, number.center, number.width - 2, 14, "muted", anchor="center")
        labels = (
            (140, "stawka.builder.sectors"),
            (358, "stawka.builder.polish"),
            (458, "stawka.builder.german"),
            (558, "stawka.builder.level"),
            (608, "stawka.builder.stages"),
            (658, "stawka.builder.name"),
        )
        for y, key in labels:
            self.fitted(surface, t(key), (RIGHT_X, y + 8), 190, 17, "muted")
        limit = load_content().free_scenario
        assert limit is not None
        card_note = t("stawka.builder.card_limit", limit=limit.location_card_limits[str(self.target)])
        self.fitted(surface, card_note, (RIGHT_X + 200, 708), 560, 16, "muted")

    def _miniature(self, face: str, rotation: int) -> pygame.Surface:
        """The sector's city as the table draws it, turned as laid (cached: drawing a face
        takes longer than a frame should)."""
        key = (face, rotation)
        if key not in self.miniatures:
            tile = pygame.Surface((CELL - 6, CELL - 6))
            paint_face(tile, load_content().face(face), rotation, tile.get_rect(), (CELL - 6) / TILE_SIZE)
            self.miniatures[key] = tile
        return self.miniatures[key]

    def still(self) -> Any:
        return (
            tuple(self.faces),
            self.chosen_face,
            self.target,
            self.level,
            self.stages,
            len(self.toasts.items),
        )


def _normalised(faces: list[PlacedFace]) -> list[PlacedFace]:
    """The board moved to the grid's top-left corner (the rules' board starts at 0, 0)."""
    left = min(f.col for f in faces)
    top = min(f.row for f in faces)
    return [f.model_copy(update={"col": f.col - left, "row": f.row - top}) for f in faces]
