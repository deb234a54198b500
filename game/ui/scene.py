"""What every scene is: a lifecycle, input, update, and a drawing that changes nothing.

Lifecycle (the app calls these): `enter` when pushed, `pause` when another scene is
pushed on top, `resume` when it is on top again, `exit` when popped.  A scene's
pygame_gui widgets live in one container that is built on enter/resume and killed on
pause/exit, so a covered scene leaves no widget (or tooltip) visible — the curtain
relies on that.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine, UITooltip

from game.ui.context import UiContext
from game.ui.fit import HoverTexts, fit, fit_lines
from game.ui.toast import Toasts
from rules.core.model import MAX_PIN

if TYPE_CHECKING:
    from pathlib import Path

    from game.settings import Notice, Settings
    from game.ui.sound import Sounds
    from rules.core import Match


SETTLE_SECONDS = 0.5
"""A button that appeared where a click landed a moment ago takes no click for this long:
the click was meant for what stood there before (a double click, an impatient second
click; issue 28, point 5)."""


class Routes(Protocol):
    """Where a scene may send the player (`game.scenes.routes`): a scene asks for a place,
    never building another scene itself."""

    def menu(self) -> None:
        """Back to the main menu, every other scene closed."""

    def setup(self, title_id: str | None = None) -> None:
        """A new game's setup, over this scene (`title_id` chosen when it is playable)."""

    def load(self) -> None:
        """The saved games, over this scene."""

    def settings(self) -> None:
        """The settings, over this scene."""

    def rules(self) -> None:
        """The rules reader, over this scene."""

    def play(self, match: Match, *, replace: bool = False, save_path: Path | None = None) -> None:
        """`match` in play, over this scene or (`replace`) instead of it; `save_path`: the
        save file it was opened from, which it goes on in."""

    def saved_game(self, path: Path) -> str | None:
        """The game saved in `path` in play; why not, in the player's language, when it cannot be."""

    def game_over(self, match: Match, hints_used: int) -> None:
        """The end of `match`, over its play scene."""

    def replay(self, match: Match, source: Path | None = None) -> None:
        """`match` watched again from its start (`source`: the save it was read from), over
        this scene; `match` itself is not touched."""

    def saved_replay(self, path: Path) -> str | None:
        """The replay of the game saved in `path`; why not, in the player's language."""

    def import_replay(self) -> None:
        """The replay files to import into the saves, over this scene."""

    def statistics(self) -> None:
        """The statistics of the games played, over this scene."""


class Host(Protocol):
    """What a scene may use of the app that shows it (`game.app.App`): the shared services,
    the scene stack, the places a scene may send the player (`go`), and what a scene may
    change of it (`running`: a scene may close the app)."""

    running: bool
    startup_notices: list[Notice]
    """What the main menu tells when it first shows; it empties the list."""

    @property
    def ctx(self) -> UiContext: ...

    @property
    def gui(self) -> pygame_gui.UIManager: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def backdrop(self) -> pygame.Surface: ...

    @property
    def sounds(self) -> Sounds: ...

    @property
    def bot_delay(self) -> float: ...

    @property
    def top(self) -> Scene: ...

    @property
    def go(self) -> Routes: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> Scene: ...

    def replace(self, scene: Scene) -> None: ...

    def reset(self, scene: Scene) -> None: ...

    def apply_settings(self, settings: Settings) -> None: ...


class Scene:
    """Base scene. Subclasses override `build`, `handle_event`, `update`, `draw`."""

    opaque = True
    """An opaque scene hides everything below it; others draw over the scene below."""

    def __init__(self, app: Host) -> None:
        self.app = app
        self.ctx: UiContext = app.ctx
        self.toasts = Toasts()
        self.hover = HoverTexts()
        """Texts this scene drew cut short: shown whole under the pointer."""
        self._container: pygame_gui.core.UIContainer | None = None

    # -- lifecycle ----------------------------------------------------------------------

    def enter(self) -> None:
        self._build_widgets()

    def exit(self) -> None:
        self._kill_widgets()

    def pause(self) -> None:
        self._kill_widgets()
        self.toasts.clear()

    def resume(self) -> None:
        self._build_widgets()

    def rebuild(self) -> None:
        """Build the widgets again (after the language or the layout changed)."""
        self._kill_widgets()
        self._build_widgets()

    # -- every frame --------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Input, mouse positions already in logical coordinates; pygame_gui events too."""

    def update(self, dt: float) -> None:
        self.toasts.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw below the widgets. Never changes anything."""

    def still(self) -> Hashable:
        """Everything this scene's picture depends on, when it can say so cheaply: the app
        does not draw a frame again while this (and the widgets) stay the same.  ``None``
        (the default): the scene is drawn every frame."""
        return None

    def settling(self) -> float:
        """Seconds until this scene's buttons take clicks, after it came up under a click
        (`SETTLE_SECONDS`); 0 when they do."""
        return 0.0

    def busy(self) -> bool:
        """Whether something moves without input (an animation, a fading toast): the app
        draws at full speed then, and rests between inputs otherwise."""
        return bool(self.toasts.items)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Draw above the widgets (toasts, overlays). Never changes anything."""
        self.toasts.draw(surface, self.ctx.font(18, False), surface.get_height() - 60)
        self.draw_hover_text(surface)

    def draw_hover_text(self, surface: pygame.Surface) -> None:
        """The whole of a text drawn cut short, or what a symbol means, when the pointer is
        over it (the scene's own texts first, then those of a table it shows)."""
        point = self.app.gui.get_mouse_position()
        shown = next((tips for tips in self.hover_texts() if tips.under(point) is not None), self.hover)
        shown.draw(surface, self.ctx.font(15, False), point)

    def tip_look(self) -> tuple[str | None, tuple[int, int]] | None:
        """The text the pointer shows (a text cut short, a symbol's meaning) and where: part
        of what a still scene shows (`still`)."""
        point = self.app.gui.get_mouse_position()
        shown = next((tips.under(point) for tips in self.hover_texts() if tips.under(point)), None)
        return None if shown is None else (shown, point)

    def hover_texts(self) -> tuple[HoverTexts, ...]:
        """What the pointer may show whole: the scene's texts cut short (and a table's tips)."""
        return (self.hover,)

    def fitted(
        self,
        surface: pygame.Surface,
        content: str,
        pos: tuple[int, int],
        width: int,
        size: int,
        colour: str = "text",
        anchor: str = "topleft",
        bold: bool = False,
        max_lines: int = 1,
    ) -> pygame.Rect:
        """Draw `content` fitted to `width` (wrapped, shrunk, then cut, whole on hover); its rect."""
        lines = fit(self.ctx.font, content, width, size, bold, max_lines)
        if len(lines.lines) > 1 and anchor.startswith("mid") and anchor != "midtop":
            pos = (pos[0], pos[1] - (lines.height - lines.face.get_linesize()) // 2)
        return fit_lines(surface, lines, pos, colour, anchor, hover=(self.hover, content))

    # -- widgets ------------------------------------------------------------------------

    def build(self) -> None:
        """Create this scene's widgets with `button`, `label` and `self.container`."""

    @property
    def container(self) -> pygame_gui.core.UIContainer:
        assert self._container is not None, "widgets exist only while the scene is on top"
        return self._container

    def button(
        self,
        rect: pygame.Rect,
        text: str,
        object_id: str | None = None,
        tooltip: str | None = None,
        enabled: bool = True,
        tip_above: bool = False,
    ) -> UIButton:
        """A button; `tip_above` puts its tooltip above it, not below (a button over the
        status bar: the tooltip must not hide what the bar says)."""
        widget = (TipAboveButton if tip_above else UIButton)(
            rect,
            text,
            manager=self.app.gui,
            container=self.container,
            tool_tip_text=tooltip,
            object_id=ObjectID(object_id=object_id) if object_id else None,
        )
        if not enabled:
            widget.disable()
        return widget

    def pin_entry(self, rect: pygame.Rect, placeholder: str | None = None) -> UITextEntryLine:
        """A field for a PIN: digits only, at most MAX_PIN, shown as dots in the fields'
        own font (pygame_gui draws a hidden entry's dots and placeholder in its default
        symbol font, a small monospace one; ours has the dot, at the fields' size)."""
        entry = UITextEntryLine(
            rect, manager=self.app.gui, container=self.container, placeholder_text=placeholder
        )
        entry.set_allowed_characters("numbers")
        entry.set_text_length_limit(MAX_PIN)
        entry.hidden_font = entry.font
        entry.set_text_hidden(True)
        return entry

    def label(self, rect: pygame.Rect, text: str, object_id: str | None = None) -> UILabel:
        return UILabel(
            rect,
            text,
            manager=self.app.gui,
            container=self.container,
            object_id=ObjectID(object_id=object_id) if object_id else None,
        )

    def _build_widgets(self) -> None:
        self._container = pygame_gui.core.UIContainer(
            pygame.Rect((0, 0), self.ctx.logical_size), manager=self.app.gui
        )
        self.build()

    def _kill_widgets(self) -> None:
        if self._container is not None:
            self._container.kill()
            self._container = None


class TipAboveButton(UIButton):
    """A button whose tooltip stands above it (pygame_gui puts it below when it fits)."""

    def while_hovering(self, time_delta: float, mouse_pos: pygame.Vector2 | tuple[float, float]) -> None:
        had_tip = self.tool_tip is not None
        super().while_hovering(time_delta, mouse_pos)
        tip = self.tool_tip
        if had_tip or not isinstance(tip, UITooltip):
            return
        tip.set_position((tip.rect.x, self.rect.top - 4 - tip.rect.height))
