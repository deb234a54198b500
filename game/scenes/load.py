"""The Load list: every saved game, the games in progress first, each part newest first;
open, watch again, export as a replay file, or delete one; import a replay file.

Which games are in progress is read from the first bytes of each save (`game.saves`).

Listing costs one ``stat`` per file and nothing more: the list shows ten rows at a
time, and only the saves in those rows are read and previewed (`Match.peek`: title,
scenario, names, moves, date; public facts only, never a seat's secrets) in two lines,
the game above and the players, "in progress" and whose turn, move and date below, each once per
version of the file.  A thousand saves open as fast as ten.  Anything that cannot be
previewed (damaged, hostile, not a regular file) is listed as damaged and can still be
deleted; deleting asks first, in a confirmation dialog that names the save.
"""

from __future__ import annotations

import html
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIVerticalScrollBar
from pygame_gui.windows import UIConfirmationDialog

from game.saves import SaveFile, in_order, listed_saves
from game.storage import explain, read_file
from game.ui.confirm import ask
from game.ui.fit import clip
from game.ui.messages import refusal
from game.ui.naming import describe_save, save_facts
from game.ui.scene import Host, Scene
from game.ui.theme import text
from rules.core import Match, SaveError
from rules.core.match import MAX_SAVE_BYTES
from rules.core.model import printable

ROW = 60
ROWS_SHOWN = 10
SCROLL_WIDTH = 22
LIST = pygame.Rect(120, 150, 1360, ROWS_SHOWN * ROW - 10)
"""Ten rows show at once; the wheel or the scroll bar moves through the rest."""
DELETE_WIDTH = 120
REPLAY_WIDTH = 110
"""Each row's Watch and Export buttons (issue 32), between the game and Delete."""
LINE_INSET = 18
LABEL_MARGIN = 8
"""Room a row's line leaves at either end of its label."""
"""A row's two lines start this far inside its button."""
MIN_SLIDER = 0.08
"""The scroll bar's slider is never shorter than this share of the bar: a thousand saves
would make it five pixels, too small to grab."""
WHEEL_ROWS = 3
"""Rows one notch of the mouse wheel scrolls."""


@dataclass(frozen=True)
class Preview:
    """What a row shows of a save: its two lines, and the second in its two parts."""

    lines: tuple[str, str]
    facts: tuple[str, str]
    """The players, and (in progress, whose turn ·) move · date."""
    over: bool
    """Whether the game is over as far as the save says (an older save's: not known, False)."""


class LoadScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.saves: list[SaveFile] = []
        self.first = 0
        """Index in `saves` of the top row shown."""
        self.rows: list[tuple[UIButton, UIButton]] = []
        """The row widgets (entry, delete), made once per build and relabelled on scroll."""
        self.lines: list[tuple[UILabel, UILabel]] = []
        """Each row's two lines, drawn on its entry button (the game; the facts)."""
        self.entries: dict[UIButton, Path] = {}
        """Shown rows that open: their entry button -> the save."""
        self.deletes: dict[UIButton, Path] = {}
        """Shown rows: their delete button -> the save (damaged ones too)."""
        self.replays: list[tuple[UIButton, UIButton]] = []
        """Each row's Watch and Export buttons (made once per build, like `rows`)."""
        self.watches: dict[UIButton, Path] = {}
        self.exports: dict[UIButton, Path] = {}
        """Shown rows that can be watched, and exported (a finished game): button -> the save."""
        self.importing: UIButton | None = None
        self.scroll: UIVerticalScrollBar | None = None
        self.confirm: UIConfirmationDialog | None = None
        self.doomed: Path | None = None
        """The save the open confirmation dialog would delete."""
        self.back: UIButton | None = None
        self._previews: dict[tuple[Path, float, int], Preview | None] = {}

    # -- previews -------------------------------------------------------------------------

    def preview(self, path: Path) -> tuple[str, str] | None:
        """Two lines describing a save, or None when it cannot be previewed (cached per version)."""
        try:
            info = path.stat()
        except OSError:
            return None
        found = self._preview(SaveFile(path, info.st_mtime, info.st_size, stat.S_ISREG(info.st_mode)))
        return None if found is None else found.lines

    def _preview(self, save: SaveFile) -> Preview | None:
        key = (save.path, save.modified, save.size)
        if key not in self._previews:
            self._previews[key] = self._describe(save.path) if save.regular else None
        return self._previews[key]

    def _describe(self, path: Path) -> Preview | None:
        try:
            facts = Match.peek(read_file(path, MAX_SAVE_BYTES))
        except (SaveError, OSError):
            return None
        return Preview(describe_save(self.ctx, facts), save_facts(self.ctx, facts), facts.over is True)

    def _within(self, label: UILabel, line: str) -> str:
        """`line` cut short to its label's width (a file's name on disk may be very long)."""
        return line if label.font is None else clip(label.font, line, label.rect.width - 2 * LABEL_MARGIN)

    def _facts_line(self, label: UILabel, preview: Preview) -> str:
        """The second line as wide as its label: the players cut short, the date kept whole."""
        whole, room = preview.lines[1], label.rect.width - 2 * LABEL_MARGIN
        if label.font is None or label.font.size(whole)[0] <= room:
            return whole
        players, details = preview.facts
        rest = f" · {details}"
        font = label.font
        left = room - font.size(rest)[0]
        if left >= font.size("M…")[0]:
            return clip(font, players, left) + rest
        # A long name to play as well: whose turn gives way too, the move and date stay whole.
        turn, _, when = details.partition(" · ")
        tail = f" · {when}"
        share = max(0, room - font.size(tail)[0] - font.size(" · ")[0])
        shown = clip(font, players, share // 3)
        return f"{shown} · {clip(font, turn, share - font.size(shown)[0])}{tail}"

    def _damaged(self, save: SaveFile) -> tuple[str, str]:
        """A save that cannot be opened, in two lines like the others: its file's name, then
        why and when it was written (the date tells two damaged files apart)."""
        try:
            stamp = datetime.fromtimestamp(save.modified).strftime("%Y-%m-%d %H:%M")
        except (ValueError, OverflowError, OSError):
            stamp = "?"
        return shown_name(save.path), self.ctx.t("app.load.damaged", when=stamp)

    # -- widgets ------------------------------------------------------------------------

    def build(self) -> None:
        t = self.ctx.t
        self.back = self.button(pygame.Rect(LIST.x, 800, 200, 50), t("app.back"))
        self.importing = self.button(
            pygame.Rect(LIST.x + 220, 800, 320, 50),
            t("replay.import"),
            tooltip=t("replay.import.tip"),
        )
        self.saves = in_order(listed_saves())
        self.rows, self.lines, self.entries, self.deletes, self.scroll = [], [], {}, {}, None
        self.replays = []
        if not self.saves:
            self.label(pygame.Rect(LIST.x, LIST.y, LIST.width, 50), t("app.load.none"), object_id="#muted")
            return
        inner = LIST.width - SCROLL_WIDTH - 2
        for slot in range(min(ROWS_SHOWN, len(self.saves))):
            y = LIST.y + slot * ROW
            beside = 2 * (REPLAY_WIDTH + 10)
            entry = self.button(
                pygame.Rect(LIST.x, y, inner - DELETE_WIDTH - 10 - beside, ROW - 10), "", "#list_entry"
            )
            self.replays.append(
                tuple(  # type: ignore[arg-type]
                    self.button(
                        pygame.Rect(
                            entry.rect.right + 10 + index * (REPLAY_WIDTH + 10), y, REPLAY_WIDTH, ROW - 10
                        ),
                        t(f"replay.load.{name}"),
                        tooltip=t(f"replay.load.{name}.tip"),
                    )
                    for index, name in enumerate(("watch", "export"))
                )
            )
            delete = self.button(
                pygame.Rect(LIST.x + inner - DELETE_WIDTH, y, DELETE_WIDTH, ROW - 10),
                t("app.load.delete"),
                "#danger",
                t("app.load.delete.tip"),
            )
            self.rows.append((entry, delete))
            inside = entry.rect.inflate(-2 * LINE_INSET, 0)
            self.lines.append(
                (
                    self.label(pygame.Rect(inside.x, y + 3, inside.width, 24), "", "#row_title"),
                    self.label(pygame.Rect(inside.x, y + 25, inside.width, 20), "", "#row_facts"),
                )
            )
        if len(self.saves) > ROWS_SHOWN:
            self.scroll = UIVerticalScrollBar(
                pygame.Rect(LIST.right - SCROLL_WIDTH, LIST.y, SCROLL_WIDTH, LIST.height),
                max(MIN_SLIDER, ROWS_SHOWN / len(self.saves)),
                manager=self.app.gui,
                container=self.container,
            )
        self.scroll_to(self.first)

    def scroll_to(self, first: int, move_bar: bool = True) -> None:
        """Show the rows from `first` on (clamped), reading only the saves that come into view."""
        self.first = max(0, min(first, len(self.saves) - len(self.rows)))
        if self.scroll is not None and move_bar:
            travel = 1 - self.scroll.visible_percentage
            self.scroll.set_scroll_from_start_percentage(self.first / self._last_first() * travel)
        self.entries, self.deletes, self.watches, self.exports = {}, {}, {}, {}
        for slot, (entry, delete) in enumerate(self.rows):
            save = self.saves[self.first + slot]
            found = self._preview(save)
            title, below = self.lines[slot]
            watch, export = self.replays[slot]
            _offer(watch, self.watches, save.path, found is not None)
            _offer(export, self.exports, save.path, found is not None and found.over)
            if found is None:
                name, why = self._damaged(save)
                title.set_text(self._within(title, name))
                below.set_text(why)
                entry.disable()
            else:
                title.set_text(self._within(title, found.lines[0]))
                below.set_text(self._facts_line(below, found))
                entry.enable()
                entry.set_tooltip(html.escape("\n".join(found.lines)).replace("\n", "<br>"))
                self.entries[entry] = save.path
            self.deletes[delete] = save.path

    def _last_first(self) -> int:
        """The top row's index when the list is scrolled to its end (the bar exists only then > 0)."""
        return len(self.saves) - len(self.rows)

    def _kill_widgets(self) -> None:
        self._close_confirmation()
        super()._kill_widgets()

    def _close_confirmation(self) -> None:
        if self.confirm is not None:
            self.confirm.kill()
        self.confirm, self.doomed = None, None

    def ask_to_delete(self, path: Path) -> None:
        """Open the dialog that asks whether to delete `path` (nothing is deleted yet)."""
        t = self.ctx.t
        self._close_confirmation()
        self.doomed = path
        lines = self.preview(path) or (shown_name(path),)
        shown = "<br>".join(html.escape(line) for line in lines)  # the dialog reads its text as HTML
        self.confirm = ask(
            self.app.gui,
            pygame.Rect(LIST.centerx - 280, 300, 560, 260),
            t("app.load.confirm", name=shown),
            t("app.load.confirm.title"),
            t("app.load.delete"),
            t("app.load.keep"),
        )

    def delete(self, path: Path) -> None:
        t = self.ctx.t
        try:
            path.unlink()
        except FileNotFoundError:
            pass  # already gone: what the player wanted
        except OSError as err:
            self.toasts.show(t("app.load.not_deleted", reason=explain(t, err)), "error")
            self.rebuild()
            return
        self.toasts.show(t("app.load.deleted", name=shown_name(path)))
        self.rebuild()

    def export(self, path: Path) -> None:
        """Write the finished game saved in `path` as a replay file to share (`game.replays`)."""
        from game.replays import export_replay, read_game

        t = self.ctx.t
        try:
            written = export_replay(read_game(path))
        except OSError as err:
            self.toasts.show(t("replay.not_exported", reason=explain(t, err)), "error")
            return
        except SaveError as err:
            self.toasts.show(refusal(t, err), "error")
            return
        self.toasts.show(t("replay.exported", path=printable(str(written), 200)))

    # -- every frame --------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            doomed = self.doomed
            self.confirm, self.doomed = None, None  # the dialog closes itself
            if doomed is not None:
                self.delete(doomed)
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.confirm:
            self.confirm, self.doomed = None, None
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element in self.deletes:
                self.ask_to_delete(self.deletes[event.ui_element])
            elif event.ui_element in self.entries:
                problem = self.app.go.saved_game(self.entries[event.ui_element])
                if problem:
                    self.toasts.show(problem, "error")
            elif event.ui_element in self.watches:
                problem = self.app.go.saved_replay(self.watches[event.ui_element])
                if problem:
                    self.toasts.show(problem, "error")
            elif event.ui_element in self.exports:
                self.export(self.exports[event.ui_element])
            elif event.ui_element is self.importing:
                self.app.go.import_replay()
        elif event.type == pygame.MOUSEWHEEL and self.confirm is None and self._over_rows():
            self.scroll_to(self.first - event.y * WHEEL_ROWS)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _over_rows(self) -> bool:
        """Whether the pointer is over the rows (the scroll bar takes its own wheel turns)."""
        rows = LIST.copy()
        rows.width -= SCROLL_WIDTH + 2
        return rows.collidepoint(self.app.gui.get_mouse_position())

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            if self.confirm is not None:
                self._close_confirmation()
            else:
                self.app.pop()
        elif self.confirm is None:
            steps = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -ROWS_SHOWN,
                pygame.K_PAGEDOWN: ROWS_SHOWN,
            }
            if key in steps:
                self.scroll_to(self.first + steps[key])
            elif key == pygame.K_HOME:
                self.scroll_to(0)
            elif key == pygame.K_END:
                self.scroll_to(len(self.saves))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.scroll is not None and self.scroll.check_has_moved_recently():
            travel = 1 - self.scroll.visible_percentage
            first = round(self.scroll.start_percentage / travel * self._last_first())
            if first != self.first:
                self.scroll_to(first, move_bar=False)  # the bar is where the player dragged it

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.backdrop, (0, 0))
        text(surface, self.ctx.font(34, True), self.ctx.t("app.load.title"), (LIST.x, 80), "brass")
        if self.saves:  # damaged ones too: each has its Delete
            shown = self.ctx.t("app.load.count", count=len(self.saves))
            text(surface, self.ctx.font(17, False), shown, (LIST.right, 100), "muted", "topright")


def _offer(button: UIButton, offered: dict[UIButton, Path], path: Path, on: bool) -> None:
    """Turn a row's button on for `path` (and list it in `offered`), or off."""
    if on:
        button.enable()
        offered[button] = path
    else:
        button.disable()


def shown_name(path: Path) -> str:
    """A file's name as the screen may show it (a name on disk may hold control characters)."""
    return printable(path.name, 80) or "?"
