"""Import a replay file (issue 32, point 3): one from the replays folder, or any file by its path.

The files in the data folder's ``replays`` folder (where Export writes, and where a file
someone shared can be put) are listed newest first, each with what its preview says (the
game, the players, the moves: public facts only, `Match.peek`).  A path may be typed
instead.  Importing checks the file as loading checks a save (`game.replays.import_replay`:
its size, its JSON, the moves replayed through the rules, the state they make) and copies
it into the saves folder, where the Load list shows it with the finished games; a file that
is refused changes nothing and its reason is shown.
"""

from __future__ import annotations

import html
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from game.replays import import_replay, importable, replays_dir
from game.storage import explain, read_file
from game.ui.messages import refusal
from game.ui.naming import describe_save
from game.ui.scene import Host, Scene
from game.ui.theme import text
from rules.core import Match, SaveError
from rules.core.match import MAX_SAVE_BYTES
from rules.core.model import printable

LIST = pygame.Rect(240, 190, 1120, 8 * 60 - 10)
ROW = 60
ROWS_SHOWN = 8
PATH_TOP = 690


class ImportScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.files: dict[UIButton, Path] = {}
        self.path: UITextEntryLine | None = None
        self.take: UIButton | None = None
        self.back: UIButton | None = None
        self.found = 0

    def build(self) -> None:
        t = self.ctx.t
        self.files = {}
        found = importable()
        self.found = len(found)
        for slot, path in enumerate(found[:ROWS_SHOWN]):
            rect = pygame.Rect(LIST.x, LIST.y + slot * ROW, LIST.width, ROW - 10)
            lines = self.describe(path)
            button = self.button(rect, " · ".join(lines), "#list_entry", html.escape("\n".join(lines)))
            self.files[button] = path
        if not found:
            self.label(pygame.Rect(LIST.x, LIST.y, LIST.width, 40), t("replay.import.none"), "#muted")
        self.path = UITextEntryLine(
            pygame.Rect(LIST.x, PATH_TOP + 30, LIST.width - 220, 50),
            manager=self.app.gui,
            container=self.container,
        )
        self.take = self.button(
            pygame.Rect(LIST.right - 200, PATH_TOP + 30, 200, 50), t("replay.import.take"), "#primary"
        )
        self.back = self.button(pygame.Rect(LIST.x, 800, 200, 50), t("app.back"))

    def describe(self, path: Path) -> tuple[str, str]:
        """A file's name, then the game it holds (or that it cannot be previewed)."""
        name = printable(path.name, 80) or "?"
        try:
            game, facts = describe_save(self.ctx, Match.peek(read_file(path, MAX_SAVE_BYTES)))
        except (OSError, SaveError):
            return name, self.ctx.t("replay.import.unreadable")
        return name, f"{game} · {facts}"

    def bring(self, path: Path) -> None:
        """Import `path`; back to the Load list, which shows it, or why it was refused."""
        t = self.ctx.t
        try:
            saved = import_replay(path)
        except OSError as err:
            self.toasts.show(t("replay.import.unreadable_because", reason=explain(t, err)), "error")
            return
        except SaveError as err:
            self.toasts.show(refusal(t, err), "error")
            return
        self.app.pop()
        self.app.top.toasts.show(t("replay.imported", name=printable(saved.name, 80)))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element in self.files:
                self.bring(self.files[event.ui_element])
            elif event.ui_element is self.take:
                self.typed()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.path:
            self.typed()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def typed(self) -> None:
        typed = self.path.get_text().strip() if self.path is not None else ""
        if not typed:
            self.toasts.show(self.ctx.t("replay.import.no_path"), "error")
            return
        self.bring(Path(typed).expanduser())

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.backdrop, (0, 0))
        t = self.ctx.t
        text(surface, self.ctx.font(34, True), t("replay.import.title"), (LIST.x, 80), "brass")
        folder = printable(str(replays_dir()), 200)
        self.fitted(surface, t("replay.import.folder", folder=folder), (LIST.x, 136), LIST.width, 17, "muted")
        if self.found > ROWS_SHOWN:
            more = t("replay.import.more", count=self.found - ROWS_SHOWN)
            text(surface, self.ctx.font(15, False), more, (LIST.right, LIST.bottom + 4), "muted", "topright")
        self.fitted(surface, t("replay.import.path"), (LIST.x, PATH_TOP), LIST.width, 17, "text")
