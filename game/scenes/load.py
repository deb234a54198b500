"""The Load list: every saved game, newest first, in a scrolling list; open or delete one.

Each save is previewed with `Match.peek` (title, scenario, names, moves, date: public
facts only, never a seat's secrets) without replaying it.  Deleting asks first, in a
confirmation dialog that names the save.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIScrollingContainer
from pygame_gui.windows import UIConfirmationDialog

from game.scenes.base import Scene
from game.storage import saves_dir
from game.ui.naming import scenario_name, title_name
from game.ui.theme import text
from rules.core import Match, SaveError

if TYPE_CHECKING:
    from game.app import App

ROW = 60
LIST = pygame.Rect(240, 150, 1120, 10 * ROW - 10)
"""Ten rows show at once; more scroll."""
DELETE_WIDTH = 130


def listed_saves() -> list[Path]:
    """Every save file, newest first."""
    files = [p for p in saves_dir().glob("*.json") if p.is_file()]
    return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


class LoadScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries: dict[UIButton, Path] = {}
        self.deletes: dict[UIButton, Path] = {}
        self.listing: UIScrollingContainer | None = None
        self.confirm: UIConfirmationDialog | None = None
        self.doomed: Path | None = None
        """The save the open confirmation dialog would delete."""
        self.back: UIButton | None = None
        self._previews: dict[tuple[Path, float], str | None] = {}

    def preview(self, path: Path) -> str | None:
        """One line describing a save, or None when it is damaged (cached per file version)."""
        try:
            key = (path, path.stat().st_mtime)
        except OSError:
            return None
        if key not in self._previews:
            self._previews[key] = self._describe(path)
        return self._previews[key]

    def _describe(self, path: Path) -> str | None:
        try:
            facts = Match.peek(path.read_bytes())
        except (SaveError, OSError):
            return None
        names = ", ".join(facts["names"]) or "—"
        when = local_time(facts["saved_at"])
        if path.name == "autosave.json":
            when = f"{self.ctx.t('app.load.autosave')} · {when}"
        params = {"title": title_name(self.ctx, facts["title"]), "names": names, "moves": facts["moves"]}
        if facts["scenario"] is None:
            return self.ctx.t("app.load.entry_plain", when=when, **params)
        scenario = scenario_name(self.ctx, facts["title"], facts["scenario"])
        return self.ctx.t("app.load.entry", scenario=scenario, when=when, **params)

    # -- widgets ------------------------------------------------------------------------

    def build(self) -> None:
        t = self.ctx.t
        self.entries, self.deletes = {}, {}
        self.back = self.button(pygame.Rect(LIST.x, 800, 200, 50), t("app.back"))
        saves = listed_saves()
        if not saves:
            self.listing = None
            self.label(pygame.Rect(LIST.x, LIST.y, LIST.width, 50), t("app.load.none"), object_id="#muted")
            return
        self.listing = UIScrollingContainer(
            LIST, manager=self.app.gui, container=self.container, allow_scroll_x=False
        )
        inner = LIST.width - 24  # room for the scroll bar
        for index, path in enumerate(saves):
            y = index * ROW
            entry = pygame.Rect(0, y, inner - DELETE_WIDTH - 10, ROW - 10)
            line = self.preview(path)
            if line is None:
                stamp = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
                damaged = t("app.load.damaged", name=path.name, when=stamp)
                self._row_button(entry, damaged, "#list_entry").disable()
            else:
                self.entries[self._row_button(entry, line, "#list_entry")] = path
            delete = pygame.Rect(inner - DELETE_WIDTH, y, DELETE_WIDTH, ROW - 10)
            button = self._row_button(delete, t("app.load.delete"), "#danger", t("app.load.delete.tip"))
            self.deletes[button] = path
        self.listing.set_scrollable_area_dimensions((inner, len(saves) * ROW - 10))

    def _row_button(
        self, rect: pygame.Rect, label: str, object_id: str, tooltip: str | None = None
    ) -> UIButton:
        return UIButton(
            rect,
            label,
            manager=self.app.gui,
            container=self.listing,
            tool_tip_text=tooltip,
            object_id=ObjectID(object_id=object_id),
        )

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
        self.confirm = UIConfirmationDialog(
            pygame.Rect(LIST.centerx - 280, 300, 560, 260),
            t("app.load.confirm", name=self.preview(path) or path.name),
            manager=self.app.gui,
            window_title=t("app.load.confirm.title"),
            action_short_name=t("app.load.delete"),
            blocking=True,
        )
        # pygame_gui sizes these buttons to their text; ours are as large as the others.
        cancel, delete = self.confirm.cancel_button, self.confirm.confirm_button
        cancel.set_text(t("app.load.keep"))
        for button in (cancel, delete):
            button.set_dimensions((150, 42))
            button.set_relative_position((-160, -54))
        width, height = self.confirm.get_container().get_size()
        self.confirm.confirmation_text.set_dimensions((width - 10, height - 70))

    def delete(self, path: Path) -> None:
        try:
            path.unlink(missing_ok=True)
        except OSError as err:
            self.toasts.show(self.ctx.t("app.load.not_deleted", reason=err.strerror or str(err)), "error")
        else:
            self.toasts.show(self.ctx.t("app.load.deleted", name=path.name))
        self.rebuild()

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
                from game.scenes.play import open_saved_game

                problem = open_saved_game(self.app, self.entries[event.ui_element])
                if problem:
                    self.toasts.show(problem, "error")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.confirm is not None:
                self._close_confirmation()
            else:
                self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.backdrop, (0, 0))
        text(surface, self.ctx.font(34, True), self.ctx.t("app.load.title"), (LIST.x, 80), "brass")
        if self.deletes:  # one per save, damaged or not
            shown = self.ctx.t("app.load.count", count=len(self.deletes))
            text(surface, self.ctx.font(17, False), shown, (LIST.right, 100), "muted", "topright")


def local_time(saved_at: str) -> str:
    """A save's UTC time stamp as the player's local "YYYY-MM-DD HH:MM" (as stored if unreadable)."""
    try:
        moment = datetime.fromisoformat(saved_at)
    except ValueError:
        return saved_at[:16]
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")
