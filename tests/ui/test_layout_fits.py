"""Nothing leaves its panel or runs into another text, in English and Polish, in a 1600x900
and a 1280x720 window: the shell at six seats with long names (the party title), and every
scene of every title the app offers (tests/ui/gallery.py), its table included; on a table
only a typed name may be cut short, and the pointer shows it whole.

What is checked is what the scenes draw: their texts are recorded as they are drawn
(tests/ui/geometry.py), their widgets read from pygame_gui.  The same drawing of every scene
of every title, and of the party's, is watched for texts below the smallest size
(tests/ui/small_text.py; issue 11, point 7), the pointer then swept over a table so that what
it shows there is drawn too: a scene is drawn once for both checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pygame
import pytest

from game.app import App
from game.i18n import catalog
from game.scenes import game_over, play_bar, settings, setup
from game.scenes.game_over import GameOverScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.stawka.screen import StawkaScreen
from game.ui.context import LOGICAL_SIZE
from game.ui.fit import ELLIPSIS
from game.ui.scene import Scene
from tests.ui import gallery
from tests.ui.geometry import Drawn, layout_problems, recording, widgets
from tests.ui.party_scenes import SCENES, party_app, show
from tests.ui.small_text import SMALL, sweep_the_pointer, too_small, watch_scale, watching_fonts

LANGUAGES = ("en", "pl")
WINDOWS = ((1600, 900), (1280, 720))
WHOLE = pygame.Rect((0, 0), LOGICAL_SIZE)
NOWHERE = (play_bar.SIDE.x - 8, play_bar.HEADER.bottom + 6)
"""Between the play scene's header, table and side panel."""


def problems(scene: Scene, drawn: Drawn) -> list[str]:
    """What breaks the layout of `scene`, judged against the panels it draws in; a title's
    table is judged on its own: its texts stay inside it and apart."""
    found = widgets(scene.container.elements)
    shell = drawn.boxes()
    if isinstance(scene, SetupScene):
        return layout_problems(shell, [setup.PANEL], found)
    if isinstance(scene, PlayScene | GameOverScene):
        table = drawn.table_boxes()
        if isinstance(scene, PlayScene):
            guide: list[str] = []
            if scene.coach.shown is not None:  # the first-game guide's bubble lies over all
                bubble = scene.coach.shown.box
                inside = [(content, rect) for content, rect in shell if rect.colliderect(bubble)]
                shell = [box for box in shell if box not in inside]
                guide = layout_problems(inside, [bubble], [])
            panels = [play_bar.HEADER, play_bar.SIDE, play_bar.STATUS]
            found_problems = guide + layout_problems(
                shell, panels, found, [scene.screen.rect, scene.log_box.rect]
            )
        else:
            panels = [game_over.HEADER, game_over.SIDE]
            found_problems = layout_problems(shell, panels, found, [scene.screen.rect])
        messages = set(catalog(scene.app.settings.language).values())  # some end in "…" themselves
        found_problems += [
            f"{content!r} at {rect} is cut short: only a typed name may be, whole under the pointer"
            for content, rect in table
            if content.endswith(ELLIPSIS) and content not in messages and not a_cut_name(scene, content, rect)
        ]
        return found_problems + layout_problems(table, [scene.screen.rect], [])
    if isinstance(scene, SettingsScene):
        return layout_problems(shell, [settings.PANEL], found)
    return layout_problems(shell, [WHOLE], found)


def a_cut_name(scene: Scene, content: str, rect: pygame.Rect) -> bool:
    """Whether `content`, drawn cut short at `rect`, is cut inside a name a person typed (of
    40 characters, the most a name may have): its last word is part of the name with more of
    the name after it, and the pointer there shows the name whole (issue 29, point 4:
    nothing else on a table is cut)."""
    kept = content.removesuffix(ELLIPSIS).split()
    if not kept:
        return False
    for tips in scene.hover_texts():
        whole = tips.under(rect.center) or ""
        if any(name in whole and kept[-1] in name[:-1] for name in gallery.NAMES):
            return True
    return False


AppFor = Callable[[str, tuple[int, int]], App]


@pytest.fixture(scope="module")
def app_for() -> Iterator[AppFor]:
    """The app in a language and window, shared by the tests of this file that follow one
    another in them (each shows its scene over a fresh main menu): making an app costs more
    than drawing a scene.  One at a time: the window is pygame's one display.  Every font it
    opens is watched (`watching_fonts`: what a scene renders too small is noted)."""
    with ExitStack() as stack:
        shown: list[tuple[tuple[str, tuple[int, int]], App]] = []

        def app(language: str, window: tuple[int, int]) -> App:
            if not shown or shown[0][0] != (language, window):
                stack.close()
                stack.enter_context(watching_fonts())
                made = stack.enter_context(party_app(language, window))
                assert made.window.get_size() == window
                watch_scale(made)
                shown[:] = [((language, window), made)]
            return shown[0][1]

        yield app


def cases(scenes: dict[str, Callable[[App], Scene]]) -> list[Any]:
    """Every scene in each language and window, grouped by window and language (one app each)."""
    return [
        pytest.param(scene, language, window, id=f"{scene}-{language}-{window[0]}x{window[1]}")
        for window in WINDOWS
        for language in LANGUAGES
        for scene in scenes
    ]


def look(
    make: Callable[[App], Scene],
    language: str,
    window: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
    app_for: AppFor | None = None,
    sizes: list[str] | None = None,
) -> list[str]:
    """What breaks the layout of the scene `make` builds (`problems`); with `sizes`, the
    texts it renders too small, the pointer swept over a table after the layout is judged,
    are put in `sizes` (`too_small`)."""
    with ExitStack() as stack:
        app = app_for(language, window) if app_for else stack.enter_context(party_app(language, window))
        # The pointer where no scene draws: one a test before left over a symbol shows its tooltip.
        pygame.mouse.set_pos(app.logical_to_window(NOWHERE))
        SMALL.clear()
        app.reset(MenuScene(app))
        app.frame(1 / 60, events=[])
        with recording(monkeypatch) as drawn:  # what the scene draws, not the menu below it
            scene = show(app, make, over_menu=False)
        assert app.top is scene, "the scene is on top, nothing moved on by itself"
        assert drawn.texts, "the scene drew its texts"
        found = problems(scene, drawn)
        if sizes is not None:
            sweep_the_pointer(app, scene)
            assert app.top is scene, "the scene is on top, nothing moved on by itself"
            sizes += too_small(scene)
        return found


def layout_and_small_text(
    make: Callable[[App], Scene],
    language: str,
    window: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
    app_for: AppFor,
) -> tuple[list[str], list[str]]:
    """What breaks the layout of the scene `make` builds, and the texts it draws (or the
    pointer shows over a table) below the smallest size: one drawing, both checks."""
    small: list[str] = []
    layout = look(make, language, window, monkeypatch, app_for, small)
    return layout, small


def report(found: tuple[list[str], list[str]]) -> str:
    layout, small = found
    return "\n".join(
        [*(f"layout: {problem}" for problem in layout), *(f"too small: {text}" for text in small)]
    )


@pytest.mark.parametrize(("scene", "language", "window"), cases(SCENES))
def test_six_long_names_fit_every_scene(
    scene: str, language: str, window: tuple[int, int], monkeypatch: pytest.MonkeyPatch, app_for: AppFor
) -> None:
    found = layout_and_small_text(SCENES[scene], language, window, monkeypatch, app_for)
    assert found == ([], []), report(found)


@pytest.mark.parametrize(("scene", "language", "window"), cases(gallery.SCENES))
def test_every_scene_of_every_title_fits_and_no_text_is_below_the_smallest_size(
    scene: str, language: str, window: tuple[int, int], monkeypatch: pytest.MonkeyPatch, app_for: AppFor
) -> None:
    found = layout_and_small_text(gallery.SCENES[scene], language, window, monkeypatch, app_for)
    assert found == ([], []), report(found)


def test_the_check_sees_a_text_leave_its_panel_and_overlap_another(monkeypatch: pytest.MonkeyPatch) -> None:
    with party_app("en") as app, recording(monkeypatch) as drawn:
        scene = show(app, SCENES["setup"])
        canvas = app.canvas
        setup.text(canvas, app.ctx.font(20, False), "Out of the panel", (setup.PANEL.right - 10, 300))
        setup.text(canvas, app.ctx.font(20, False), "Over the title", (setup.LEFT + 5, setup.PANEL.y + 115))
        found = problems(scene, drawn)
    assert any("'Out of the panel'" in problem and "leaves its panel" in problem for problem in found)
    assert any("'Over the title'" in problem and "overlaps" in problem for problem in found)


def test_the_check_sees_the_texts_on_the_stawka_board_and_tracks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The board's names lie on its cached layer and the tracks' headings on their image:
    they are recorded where they land on the canvas, so the check judges them too."""
    with party_app("en") as app, recording(monkeypatch) as drawn:
        scene = show(app, gallery.SCENES["table-stawka-training-1"])
        texts = dict(drawn.table_boxes())
        assert isinstance(scene, PlayScene)
        screen = scene.screen
        assert isinstance(screen, StawkaScreen)
        named = {text for text, _ in screen.board.label_rects(screen.stawka_view)}
    assert {"Hotel", "ADMINISTRATIVE SECTOR"} <= named <= set(texts)
    assert all(screen.board_rect.contains(texts[name]) for name in named)
    # Under a board laid across, each track is headed by its player's name alone.
    heading = next(text for text in texts if text.startswith(gallery.NAMES[1][:10]) and text in texts)
    assert screen.table.tracks.contains(texts[heading]) or screen.table.sides.contains(texts[heading])
    assert any(
        screen.table.tracks.contains(rect)
        for text, rect in texts.items()
        if text.startswith(gallery.NAMES[0][:8])
    )
