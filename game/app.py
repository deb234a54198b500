"""The window and the scene stack: draw at 1600x900, scale to any window, map the mouse back.

`App.frame` runs one frame (events, update, draw, present); `App.run` loops it.  Tests
and the screenshot command build an `App` headless and call `frame` themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from contextlib import suppress

import pygame
import pygame_gui

from game.i18n import Translator, broken_catalogs
from game.scenes.routes import SceneRoutes
from game.settings import MAX_WINDOW, MIN_WINDOW, Notice, Settings, load_settings, save_settings
from game.storage import clean_stale_temps, explain
from game.ui.anim import seconds
from game.ui.context import LOGICAL_SIZE, UiContext
from game.ui.fonts import Fonts
from game.ui.scene import Scene
from game.ui.sound import Sounds
from game.ui.theme import gui_theme, night_background

FPS = 60
REST_AFTER_SECONDS = 0.5
"""How long after the last input an app where nothing moves starts resting."""
REST_WAIT_MS = 100
"""At rest the app waits for input this long at most before it looks again (a tooltip's delay)."""
_REDRAW_EVENTS = frozenset(
    {pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED}
) | {pygame.VIDEOEXPOSE}
"""The window lost its picture: the frame is drawn again even when nothing changed."""
BOT_DELAY_SECONDS = 0.7
"""How long a computer player "thinks", so people can follow (divided by animation speed)."""
DESKTOP_MARGIN = (0, 80)
"""What a window leaves of the desktop for the window manager: its title bar and a task bar."""
HEADLESS_DRIVERS = frozenset({"dummy", "offscreen"})
"""Video drivers with no desktop to fit (tests, screenshots): the window keeps its size."""


def fit_to_desktop(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window size to open: `size`, shrunk (same shape) to fit the desktop with its margins.

    A 1366x768 laptop asked for the default 1600x900 window got one taller than its screen,
    its title bar out of reach; now it gets the largest window of that shape that fits,
    never smaller than the settings allow (`MIN_WINDOW`).  `desktop` None: nothing to fit.
    """
    if desktop is None:
        return size
    room = (desktop[0] - DESKTOP_MARGIN[0], desktop[1] - DESKTOP_MARGIN[1])
    scale = min(1.0, room[0] / size[0], room[1] / size[1])
    if scale >= 1.0:
        return size
    return max(MIN_WINDOW[0], int(size[0] * scale)), max(MIN_WINDOW[1], int(size[1] * scale))


def desktop_size() -> tuple[int, int] | None:
    """The size of the desktop the window opens on, or None when there is no real one."""
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        return None
    sizes = pygame.display.get_desktop_sizes()
    return sizes[0] if sizes else None


class LogicalUIManager(pygame_gui.UIManager):
    """A pygame_gui manager living on the logical canvas, not the window.

    Mouse events reach it already in logical coordinates; its hover polling (which reads
    `pygame.mouse.get_pos()`, a window position) goes through the same mapping.
    """

    def __init__(
        self, theme: dict[str, object], to_logical: Callable[[tuple[int, int]], tuple[int, int]]
    ) -> None:
        super().__init__(LOGICAL_SIZE, theme, enable_live_theme_updates=False)
        self._to_logical = to_logical

    def _update_mouse_position(self) -> None:
        self.mouse_position = self._to_logical(pygame.mouse.get_pos())


class App:
    """The running app: window, shared services (`ctx`), widgets manager and scenes."""

    def __init__(self, settings: Settings | None = None) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(300, 40)
        clean_stale_temps()  # before anything is written: no write of ours is in flight
        notices: list[Notice] = []
        if settings is None:
            settings, notices = load_settings()
        self.settings = settings
        self.translator = Translator(settings.language)
        self.fonts = Fonts()
        self.ctx = UiContext(t=self.translator, font=self.fonts, settings=settings, extra={"app": self})
        self._opened_with = settings.window_size
        self.window = self._open_window()
        self.canvas = self.window
        self.viewport = pygame.Rect((0, 0), LOGICAL_SIZE)
        self._scaled: pygame.Surface | None = None
        self._layout()
        self.gui = LogicalUIManager(gui_theme(), self.window_to_logical)
        # Text boxes use bold (<b>) at their own size, MIN_TEXT; pygame_gui loads only the
        # faces the theme names, and the rows' titles name this one (bold at MIN_TEXT), so it
        # is loaded with the theme, not in the middle of a game.
        self.backdrop = night_background(LOGICAL_SIZE)  # made after the window: its format
        """The shared still background of every scene, built once."""
        self.sounds = Sounds(lambda: self.settings.sound)
        """Sound effects; the mixer opens only when a game starts (start-up stays quick)."""
        self.scenes: list[Scene] = []
        self.go = SceneRoutes(self)
        """Where a scene may send the player: every scene is built there."""
        self.running = True
        self.drawn = False
        """Whether the last frame was drawn (a still frame stays on the screen as it is)."""
        self._shown: Hashable = None
        """What the frame on the screen shows, when the scenes could say (`Scene.still`)."""
        self.bot_delay = seconds(BOT_DELAY_SECONDS, settings)
        self.startup_notices = notices + [
            Notice("app.catalog.damaged", detail=problem) for problem in broken_catalogs()
        ]
        """What the main menu tells the player when it first shows (damaged settings...)."""
        pygame.display.set_caption("Siatka")

    # -- the scene stack ------------------------------------------------------------------

    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.top.pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.top.resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene` (the one below is not disturbed)."""
        self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start again from `scene` (back to the main menu)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    # -- settings that touch the window -----------------------------------------------------

    def apply_settings(self, settings: Settings) -> None:
        """Take new settings: language, window mode; saved at once.

        When the disk refuses, the settings still apply until the app closes, and the
        scene on top says why they were not kept.
        """
        window_changed = (settings.fullscreen, settings.window_size) != (
            self.settings.fullscreen,
            self.settings.window_size,
        )
        self.settings = settings
        self.ctx.settings = settings
        self.translator.set_language(settings.language)
        if self.bot_delay:  # zero stays zero: tests and screenshots want bots without pause
            self.bot_delay = seconds(BOT_DELAY_SECONDS, settings)
        try:
            save_settings(settings)
        except OSError as err:
            self._tell_not_saved(err)
        if window_changed:
            self.window = self._open_window()
            self._layout()

    def _tell_not_saved(self, err: OSError) -> None:
        if self.scenes:
            reason = explain(self.translator, err)
            self.top.toasts.show(self.translator("app.settings.not_kept", reason=reason), "error")

    def toggle_fullscreen(self) -> None:
        self.apply_settings(self.settings.model_copy(update={"fullscreen": not self.settings.fullscreen}))

    # -- one frame ------------------------------------------------------------------------

    def frame(self, dt: float, events: Iterable[pygame.event.Event] | None = None) -> None:
        """Handle the pending events, advance `dt` seconds, draw and show the frame.

        A frame that would show what the screen shows already is not drawn (`still`).
        """
        for event in pygame.event.get() if events is None else events:
            self.handle_event(event)
        if not self.scenes:
            self.running = False
            return
        self.gui.update(dt)
        self.top.update(dt)
        shown = self.still()
        self.drawn = shown is None or shown != self._shown
        if self.drawn:
            self.draw()
            self.present()
            self._shown = shown

    def still(self) -> Hashable:
        """What the frame would show (the visible scenes' `Scene.still` and the widgets'
        images where they stand), or None when a visible scene cannot say."""
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        looks = []
        for scene in self.scenes[first:]:
            look = scene.still()
            if look is None:
                return None
            looks.append((scene, look))
        widgets = tuple(
            (image, tuple(rect), area and tuple(area), flags)
            for image, rect, area, flags in self.gui.get_sprite_group().visible
        )
        return tuple(looks), widgets, self.canvas, self.viewport.size

    def resting(self, since_input: float) -> bool:
        """Nothing moves and nobody has touched anything for a while: wait for input."""
        return since_input >= REST_AFTER_SECONDS and bool(self.scenes) and not self.top.busy()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in _REDRAW_EVENTS:
            self._shown = None
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._layout()
            if event.type == pygame.VIDEORESIZE:
                self._remember_window_size(event.size)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        event = self._to_logical_event(event)
        consumed = self.gui.process_events(event)
        if self.scenes and not (consumed and event.type in _MOUSE_EVENTS):
            self.top.handle_event(event)

    def draw(self) -> None:
        """Draw the visible scenes and the widgets onto the logical canvas."""
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        for scene in self.scenes[first:]:
            scene.draw(self.canvas)
        self.gui.draw_ui(self.canvas)
        self.top.draw_overlay(self.canvas)

    def present(self) -> None:
        if self.canvas is not self.window:
            assert self._scaled is not None
            pygame.transform.smoothscale(self.canvas, self.viewport.size, self._scaled)
            self.window.fill((0, 0, 0))
            self.window.blit(self._scaled, self.viewport)
        pygame.display.flip()

    def run(self) -> None:
        """Frames at `FPS` while something moves or input comes; at rest, wait for input.

        Resting, the app sleeps in `pygame.event.wait` (at most `REST_WAIT_MS`), so an idle
        game costs next to nothing; the first input wakes it at once.
        """
        clock = pygame.time.Clock()
        since_input = 0.0
        while self.running:
            if self.resting(since_input):
                first = pygame.event.wait(REST_WAIT_MS)
                events = [first, *pygame.event.get()] if first.type != pygame.NOEVENT else []
                dt = clock.tick() / 1000.0
            else:
                events = pygame.event.get()
                dt = clock.tick(FPS) / 1000.0
            since_input = 0.0 if events else since_input + dt
            self.frame(min(dt, 0.1), events)
        self.save_window()
        pygame.quit()

    # -- window geometry ------------------------------------------------------------------

    def window_to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        x = (pos[0] - self.viewport.x) * LOGICAL_SIZE[0] / max(1, self.viewport.width)
        y = (pos[1] - self.viewport.y) * LOGICAL_SIZE[1] / max(1, self.viewport.height)
        return int(x), int(y)

    def logical_to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        x = self.viewport.x + pos[0] * self.viewport.width / LOGICAL_SIZE[0]
        y = self.viewport.y + pos[1] * self.viewport.height / LOGICAL_SIZE[1]
        return round(x), round(y)

    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = fit_to_desktop(self.settings.window_size, desktop_size())
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def _remember_window_size(self, size: tuple[int, int]) -> None:
        """The size the player dragged the window to, kept for the next start (`save_window`)."""
        if self.settings.fullscreen:
            return
        width = min(max(size[0], MIN_WINDOW[0]), MAX_WINDOW[0])
        height = min(max(size[1], MIN_WINDOW[1]), MAX_WINDOW[1])
        self.settings = self.settings.model_copy(update={"window_size": (width, height)})
        self.ctx.settings = self.settings

    def save_window(self) -> None:
        """Keep the window's size for the next start, when the player changed it by dragging.

        Saved once, when the app closes (a drag sends many sizes); a disk that refuses only
        loses the size.
        """
        if self.settings.window_size == self._opened_with:
            return
        with suppress(OSError):
            save_settings(self.settings)

    def _layout(self) -> None:
        """Fit the logical canvas into the window, keeping 16:9 (black bars elsewhere)."""
        window = pygame.display.get_surface()
        assert window is not None, "the window is opened before the layout"
        self.window = window
        width, height = self.window.get_size()
        scale = min(width / LOGICAL_SIZE[0], height / LOGICAL_SIZE[1])
        size = (max(1, round(LOGICAL_SIZE[0] * scale)), max(1, round(LOGICAL_SIZE[1] * scale)))
        self.viewport = pygame.Rect((0, 0), size)
        self.viewport.center = (width // 2, height // 2)
        if (width, height) == LOGICAL_SIZE:
            # Same size: draw straight into the window, no scaling cost at all.
            self.canvas = self.window
            self._scaled = None
        else:
            if self.canvas is self.window or self.canvas.get_size() != LOGICAL_SIZE:
                self.canvas = pygame.Surface(LOGICAL_SIZE).convert()
            self._scaled = pygame.Surface(size).convert()

    def _to_logical_event(self, event: pygame.event.Event) -> pygame.event.Event:
        if event.type not in _MOUSE_EVENTS or not hasattr(event, "pos"):
            return event
        data = dict(event.dict)
        data["pos"] = self.window_to_logical(event.pos)
        if "rel" in data:
            sx = LOGICAL_SIZE[0] / max(1, self.viewport.width)
            data["rel"] = (int(event.rel[0] * sx), int(event.rel[1] * sx))
        return pygame.event.Event(event.type, data)


_MOUSE_EVENTS = {pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION}
