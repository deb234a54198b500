"""The play scene's log panel: what it shows, how it scrolls, and that it is drawn only on change."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.play import LOG_LINES, PlayScene
from game.scenes.play_bar import TABLE, log_area
from game.ui.log_panel import BAR_WIDTH, LogPanel
from game.ui.theme import PALETTE
from rules.core import Match
from tests.driver import Driver
from tests.toy_title import TOY

pytestmark = pytest.mark.usefixtures("toy_registered")

EMPTY = "Nothing yet."


def make_panel(app: App) -> LogPanel:
    return LogPanel(log_area(2), app.ctx.font(16, False), app.ctx.font(16, True))


def numbered(count: int, start: int = 0) -> list[str]:
    """`count` log lines, newest (highest number) first."""
    return [f"Line number {n} of the game." for n in reversed(range(start, start + count))]


def press(panel: LogPanel, pos: tuple[int, int]) -> None:
    panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def wheel(panel: LogPanel, at: tuple[int, int], notches: int) -> bool:
    panel.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    return panel.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False))


def colours_in_row(surface: pygame.Surface, panel: LogPanel, row: int) -> set[tuple[int, int, int]]:
    top = panel.rect.y + 9 + row * panel.row_height
    band = pygame.Rect(panel.rect.x + 11, top, panel.rect.width - 22 - BAR_WIDTH, panel.row_height)
    return {
        (colour.r, colour.g, colour.b)
        for colour in (
            surface.get_at((x, y)) for x in range(band.left, band.right) for y in range(band.top, band.bottom)
        )
    }


def test_the_newest_line_stands_out_on_top_and_older_ones_are_muted(app: App) -> None:
    panel = make_panel(app)
    panel.show(["The newest.", "An older one."], EMPTY)
    surface = pygame.Surface((1600, 900))
    panel.draw(surface)
    assert PALETTE["text"] in colours_in_row(surface, panel, 0)
    older = colours_in_row(surface, panel, 1)
    assert PALETTE["muted"] in older and PALETTE["text"] not in older


def test_an_empty_log_says_so(app: App) -> None:
    panel = make_panel(app)
    panel.show([], EMPTY)
    surface = pygame.Surface((1600, 900))
    panel.draw(surface)
    assert panel.lines == () and PALETTE["text"] in colours_in_row(surface, panel, 0)
    assert panel.bar_rect() is None, "nothing to scroll"


def test_a_long_log_stays_inside_the_panel(app: App) -> None:
    panel = make_panel(app)
    panel.show(numbered(LOG_LINES), EMPTY)
    surface = pygame.Surface((1600, 900))
    surface.fill((255, 0, 255))
    panel.draw(surface)
    outside = [
        (panel.rect.left - 1, panel.rect.centery),
        (panel.rect.centerx, panel.rect.bottom),
        (panel.rect.centerx, panel.rect.top - 1),
    ]
    assert all(tuple(surface.get_at(point))[:3] == (255, 0, 255) for point in outside)


def test_the_wheel_scrolls_only_over_the_panel_and_stops_at_both_ends(app: App) -> None:
    panel = make_panel(app)
    panel.show(numbered(40), EMPTY)
    assert panel.max_scroll() > 0
    assert not wheel(panel, TABLE.center, -1) and panel.scroll == 0
    assert wheel(panel, panel.rect.center, -1) and panel.scroll > 0
    wheel(panel, panel.rect.center, -1000)
    assert panel.scroll == panel.max_scroll()
    wheel(panel, panel.rect.center, 1000)
    assert panel.scroll == 0


def test_arrows_track_and_thumb_scroll_like_a_scroll_bar(app: App) -> None:
    panel = make_panel(app)
    panel.show(numbered(40), EMPTY)
    bar = panel.bar_rect()
    assert bar is not None
    press(panel, (bar.centerx, bar.bottom - BAR_WIDTH // 2))
    assert panel.scroll == panel.row_height, "the down arrow scrolls one row"
    press(panel, (bar.centerx, bar.top + BAR_WIDTH // 2))
    assert panel.scroll == 0, "the up arrow scrolls it back"
    press(panel, (bar.centerx, bar.bottom - BAR_WIDTH - 2))
    assert panel.scroll > panel.row_height, "a click on the track below the thumb scrolls a page"
    thumb = panel.thumb_rect(bar)
    below = (thumb.centerx, bar.bottom + 50)
    panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    panel.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=below, rel=(0, 0), buttons=(1, 0, 0)))
    panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=below, button=1))
    assert panel.scroll == panel.max_scroll(), "dragging the thumb past the end reaches the oldest line"


def test_new_lines_go_back_to_the_top_and_unchanged_ones_cost_no_drawing(app: App) -> None:
    panel = make_panel(app)
    panel.show(numbered(40), EMPTY)
    panel.draw(pygame.Surface((1600, 900)))
    wheel(panel, panel.rect.center, -2)
    scrolled = panel.scroll
    assert scrolled > 0 and panel.stale
    panel.draw(pygame.Surface((1600, 900)))
    panel.show(numbered(40), EMPTY)
    assert panel.scroll == scrolled and not panel.stale
    panel.show(numbered(41), EMPTY)
    assert panel.scroll == 0 and panel.stale and panel.lines[0] == "Line number 40 of the game."


def test_a_long_game_does_not_grow_the_rendered_lines(app: App) -> None:
    panel = make_panel(app)
    for step in range(300):
        panel.show(numbered(LOG_LINES, start=step), EMPTY)
    # Each shown line is kept once or twice (as the newest, in bold, and as an older one).
    assert len(panel._wrapped) <= 2 * LOG_LINES


def pick_many(play: PlayScene, count: int) -> None:
    for index in range(count):
        play.submit({"type": "pick", "number": 2 + index % 2})


def toy_scene(app: App) -> PlayScene:
    match = Match(TOY, TOY.default_options(), seed=1)
    play = PlayScene(app, match, viewer="odd", autosave=False)
    app.reset(play)
    return play


def test_the_log_is_the_viewers_newest_first_and_only_public_behind_the_curtain(
    app: App, driver: Driver
) -> None:
    play = toy_scene(app)
    driver.frames(1)
    play.submit({"type": "pick", "number": 2})
    assert play.log_box.lines == ("toy.picked",), "odd sees its own secret pick"
    play.submit({"type": "confirm"})
    assert isinstance(app.top, CurtainScene)
    assert play.log_box.lines == ("toy.confirmed",), "the pick is not kept where the next person could see it"
    driver.click(app.top.reveal)
    assert play.viewer == "even" and play.log_box.lines == ("toy.confirmed",)


def test_the_wheel_over_the_log_scrolls_it_in_the_play_scene(app: App, driver: Driver) -> None:
    play = toy_scene(app)
    pick_many(play, 40)
    driver.frames(1)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=app.logical_to_window(play.log_box.rect.center),
            rel=(0, 0),
            buttons=(0, 0, 0),
        )
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    driver.frames(1)
    assert play.log_box.scroll > 0


def test_the_log_is_drawn_only_when_it_changes(
    app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    play = toy_scene(app)
    driver.frames(2)
    drawn: list[pygame.Surface] = []
    original = play.log_box.draw

    def draw(surface: pygame.Surface) -> None:
        drawn.append(surface)
        original(surface)

    monkeypatch.setattr(play.log_box, "draw", draw)
    driver.frames(3)
    assert drawn == []
    play.submit({"type": "pick", "number": 2})
    driver.frames(3)
    assert len(drawn) == 1


def test_a_change_of_language_translates_the_log_again(app: App, driver: Driver) -> None:
    play = toy_scene(app)
    driver.frames(1)
    assert play.log_box.empty_text == "Nothing has happened yet."
    app.apply_settings(app.settings.model_copy(update={"language": "pl"}))
    play.rebuild()
    driver.frames(1)
    assert play.log_box.empty_text == "Jeszcze nic się nie wydarzyło."


def test_the_wheel_leaves_the_log_alone_while_the_help_covers_it(app: App, driver: Driver) -> None:
    play = toy_scene(app)
    pick_many(play, 40)
    driver.key(pygame.K_F1)
    assert play.help_open
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=app.logical_to_window(play.log_box.rect.center),
            rel=(0, 0),
            buttons=(0, 0, 0),
        )
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    driver.frames(1)
    assert play.log_box.scroll == 0
