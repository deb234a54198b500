"""Statistics (issue 32, point 6): each person's games, per title and scenario.

People are listed down the left, the most games first (`game.statistics.people`); the
person chosen has a table of the titles and scenarios played: games, wins, draws, losses,
the best and average score, the wins in a row now and at most.  A row chosen (a click)
shows its games by the side played and by the opponents (each computer level, or people),
the rating bands its scores fell in, and, for a solo title scored (Queen of Spies' stories,
Godzina policyjna), a chart of its scores game by game drawn on the table's theme (the
lowest and highest score, zero, the first and last game's dates; the bands are not drawn).

The file is read once, when the screen opens (`game.statistics.load`): a damaged file is
kept aside and the player told, in a toast.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.statistics import Line, Person, Tally, load, people
from game.title_needs import level_key
from game.ui.fit import fit_text
from game.ui.naming import decimal, known, local_time, scenario_name, seat_name, short_title_name
from game.ui.scene import Host, Scene
from game.ui.theme import PALETTE, panel, text
from rules.registry import TITLES

PEOPLE = pygame.Rect(80, 150, 300, 620)
PEOPLE_SHOWN = 11
PERSON_ROW = 56
TABLE = pygame.Rect(420, 150, 1100, 350)
ROW = 32
ROWS_SHOWN = 8
ROWS_TOP = 72
"""The first row's distance from the table's top (the person's line, the headings above)."""
DETAILS = pygame.Rect(420, 516, 1100, 334)
CHART = pygame.Rect(DETAILS.x + 620, DETAILS.y + 40, DETAILS.width - 640, DETAILS.height - 80)
COLUMN = 110
COLUMNS = tuple(
    (name, 530 + index * COLUMN)
    for index, name in enumerate(("games", "wins", "draws", "losses", "best", "average"))
)
"""Each figure's column: its right edge, from the table's left (the name takes the rest)."""


class StatisticsScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        book, self.notices = load()
        self.people: list[Person] = people(book.games)
        self.games = len(book.games)
        self.person = 0
        """The index of the person shown."""
        self.line = 0
        """The index of the row chosen in the person's table."""
        self.first = 0
        """The first row of the table shown (the wheel moves it)."""
        self.picks: dict[UIButton, int] = {}
        self.back: UIButton | None = None

    def enter(self) -> None:
        super().enter()
        for notice in self.notices:
            self.toasts.show(notice.text(self.ctx.t), "error")
        self.notices = []

    # -- what is shown ----------------------------------------------------------------------

    def shown(self) -> Person | None:
        return self.people[self.person] if self.people else None

    def lines(self) -> list[Line]:
        person = self.shown()
        return list(person.lines.values()) if person is not None else []

    def chosen(self) -> Line | None:
        lines = self.lines()
        return lines[self.line] if 0 <= self.line < len(lines) else None

    def person_name(self, person: Person) -> str:
        return person.name or self.ctx.t("statistics.no_name")

    def line_name(self, line: Line) -> str:
        title = short_title_name(self.ctx, line.title)
        if line.scenario is None:
            return title
        scenario = line.scenario_name or scenario_name(self.ctx, line.title, line.scenario, short=True)
        return self.ctx.t("app.load.game", title=title, scenario=scenario)

    def tally_text(self, tally: Tally) -> str:
        return self.ctx.t(
            "statistics.tally", games=tally.games, wins=tally.wins, draws=tally.draws, losses=tally.losses
        )

    # -- widgets ----------------------------------------------------------------------------

    def build(self) -> None:
        t = self.ctx.t
        self.back = self.button(pygame.Rect(PEOPLE.x, 800, 200, 50), t("app.back"))
        self.picks = {}
        for index, person in enumerate(self.people[:PEOPLE_SHOWN]):
            rect = pygame.Rect(PEOPLE.x, PEOPLE.y + index * PERSON_ROW, PEOPLE.width, PERSON_ROW - 10)
            label = t("statistics.person", name=self.person_name(person), count=person.tally.games)
            button = self.button(rect, label, "#primary" if index == self.person else "#list_entry")
            self.picks[button] = index

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element in self.picks:
                self.choose_person(self.picks[event.ui_element])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self.row_at(event.pos)
            if row is not None:
                self.line = row
        elif event.type == pygame.MOUSEWHEEL and TABLE.collidepoint(self.app.gui.get_mouse_position()):
            self.scroll(self.first - event.y)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                step = -1 if event.key == pygame.K_UP else 1
                self.line = max(0, min(len(self.lines()) - 1, self.line + step))
                if self.line < self.first or self.line >= self.first + ROWS_SHOWN:
                    self.scroll(self.first + step)

    def choose_person(self, index: int) -> None:
        if index != self.person:
            self.person, self.line, self.first = index, 0, 0
            self.rebuild()

    def scroll(self, first: int) -> None:
        self.first = max(0, min(first, len(self.lines()) - ROWS_SHOWN))

    def row_rect(self, slot: int) -> pygame.Rect:
        return pygame.Rect(TABLE.x + 8, TABLE.y + ROWS_TOP + slot * ROW, TABLE.width - 16, ROW - 2)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the table's row at `pos`, or None."""
        for slot in range(min(ROWS_SHOWN, len(self.lines()) - self.first)):
            if self.row_rect(slot).collidepoint(pos):
                return self.first + slot
        return None

    def still(self) -> object:
        return (self.person, self.line, self.first, self.tip_look())

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t, font = self.ctx.t, self.ctx.font
        surface.blit(self.app.backdrop, (0, 0))
        text(surface, font(34, True), t("statistics.title"), (PEOPLE.x, 80), "brass")
        shown = t("statistics.count", count=self.games)
        text(surface, font(17, False), shown, (TABLE.right, 100), "muted", "topright")
        person = self.shown()
        if person is None:
            text(surface, font(20, False), t("statistics.none"), (TABLE.x, TABLE.y), "muted")
            return
        if len(self.people) > PEOPLE_SHOWN:
            more = t("statistics.more_people", count=len(self.people) - PEOPLE_SHOWN)
            fit_text(surface, font, more, (PEOPLE.x, PEOPLE.bottom - 18), PEOPLE.width, 15, False, "muted")
        self.draw_table(surface, person)
        line = self.chosen()
        if line is not None:
            self.draw_details(surface, line)

    def draw_table(self, surface: pygame.Surface, person: Person) -> None:
        t, font = self.ctx.t, self.ctx.font
        panel(surface, TABLE, "panel", "brass_dim")
        heading = f"{self.person_name(person)} · {self.tally_text(person.tally)}"
        fit_text(
            surface,
            font,
            heading,
            (TABLE.x + 16, TABLE.y + 12),
            TABLE.width - 32,
            18,
            True,
            "text",
            hover=self.hover,
        )
        y = TABLE.y + ROWS_TOP - 22
        heads = [("game", TABLE.x + 16, COLUMNS[0][1] - COLUMN - 24, "topleft")]
        heads += [(name, TABLE.x + right, COLUMN - 10, "topright") for name, right in COLUMNS]
        for name, x, width, anchor in heads:
            head = t(f"statistics.column.{name}").upper()
            fit_text(surface, font, head, (x, y), width, 14, True, "muted", anchor, hover=self.hover)
        lines = self.lines()
        figure = font(17, False)
        for slot, line in enumerate(lines[self.first : self.first + ROWS_SHOWN]):
            index = self.first + slot
            rect = self.row_rect(slot)
            if index == self.line:
                panel(surface, rect, "panel_hi", "brass")
            colour = "text" if index == self.line else "muted"
            fit_text(
                surface,
                font,
                self.line_name(line),
                (rect.x + 8, rect.y + 5),
                COLUMNS[0][1] - COLUMN - 24,
                17,
                False,
                colour,
                hover=self.hover,
            )
            values = {
                "games": str(line.tally.games),
                "wins": str(line.tally.wins),
                "draws": str(line.tally.draws),
                "losses": str(line.tally.losses),
                "best": self.number(line.best),
                "average": self.number(line.average),
            }
            for name, right in COLUMNS:
                text(surface, figure, values[name], (TABLE.x + right, rect.y + 5), colour, "topright")
        if len(lines) > ROWS_SHOWN:
            where = t(
                "statistics.rows",
                first=self.first + 1,
                last=min(len(lines), self.first + ROWS_SHOWN),
                count=len(lines),
            )
            text(surface, font(14, False), where, (TABLE.right - 16, TABLE.bottom - 22), "muted", "topright")

    def draw_details(self, surface: pygame.Surface, line: Line) -> None:
        t, font = self.ctx.t, self.ctx.font
        panel(surface, DETAILS, "panel", "brass_dim")
        left, width = (
            DETAILS.x + 16,
            (CHART.x - 24 if line.points and line.solo else DETAILS.right - 16) - DETAILS.x - 16,
        )
        fit_text(
            surface,
            font,
            self.line_name(line),
            (left, DETAILS.y + 12),
            width,
            18,
            True,
            "brass",
            hover=self.hover,
        )
        y = DETAILS.y + 44
        rows = [
            (t("statistics.column.streak"), t("statistics.streak", now=line.streak, longest=line.longest))
        ]
        for seat, tally in line.sides.items():
            rows.append(
                (t("statistics.side", side=seat_name(self.ctx, line.title, seat)), self.tally_text(tally))
            )
        for level, tally in line.against.items():
            rows.append((self.opponent(line.title, level), self.tally_text(tally)))
        for key, count in line.ratings.most_common():
            band = known(self.ctx, key) or key
            rows.append((band[:1].upper() + band[1:], t("statistics.rated", count=count)))
        label_width = 230
        for name, figures in rows[:8]:
            fit_text(surface, font, name, (left, y), label_width - 8, 16, False, "muted", hover=self.hover)
            fit_text(
                surface,
                font,
                figures,
                (left + label_width, y),
                width - label_width,
                16,
                False,
                "text",
                hover=self.hover,
            )
            y += 28
        if line.points and line.solo:
            self.draw_chart(surface, line)

    def number(self, value: float | None) -> str:
        """A score or an average: a whole number as it is, else to one decimal place, with
        the language's decimal mark."""
        return "–" if value is None else decimal(self.ctx, value)

    def opponent(self, title: str, level: str) -> str:
        t = self.ctx.t
        if level == "person":
            return t("statistics.against_people")
        found = TITLES.get(title)
        key = level_key(found, level) if found is not None else None
        # A bot that is none of the title's levels (the random player simulate uses) is
        # named as such, never by its id.
        return t("statistics.against", level=t(key) if key else t("statistics.against_other"))

    def draw_chart(self, surface: pygame.Surface, line: Line) -> None:
        """The scores over time: one dot a game, oldest left, joined; the axis's lowest and
        highest score and the first and last game's dates."""
        t, font = self.ctx.t, self.ctx.font
        small = font(14, False)
        scores = [score for _, score, _ in line.points]
        low, high = min(scores), max(scores)
        if high == low:
            low, high = low - 1, high + 1
        area = CHART.inflate(-60, -10).move(24, -4)
        pygame.draw.rect(surface, PALETTE["ink"], area)
        pygame.draw.rect(surface, PALETTE["line"], area, 1)
        text(surface, font(15, True), t("statistics.chart").upper(), (CHART.x, DETAILS.y + 14), "muted")

        def y_of(score: float) -> int:
            return round(area.bottom - 4 - (score - low) / (high - low) * (area.height - 8))

        for value in (low, high):
            text(surface, small, self.number(value), (area.x - 6, y_of(value)), "muted", "midright")
        if low < 0 < high:
            pygame.draw.line(surface, PALETTE["line"], (area.x, y_of(0)), (area.right, y_of(0)))
        count = len(scores)
        points = [
            (round(area.x + 6 + (i / max(1, count - 1)) * (area.width - 12)), y_of(score))
            for i, score in enumerate(scores)
        ]
        if count > 1:
            pygame.draw.lines(surface, PALETTE["brass_dim"], False, points, 2)
        if count <= area.width // 4:
            for point in points:
                pygame.draw.circle(surface, PALETTE["brass"], point, 4)
        else:
            pygame.draw.circle(surface, PALETTE["brass"], points[-1], 4)
        first, last = local_time(line.points[0][0])[:10], local_time(line.points[-1][0])[:10]
        text(surface, small, first, (area.x, area.bottom + 6), "muted")
        text(surface, small, last, (area.right, area.bottom + 6), "muted", "topright")
