"""The rules reader: each title's summary in sections, a table of contents, scrolling."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.app import App
from game.i18n import LANGUAGES, load_namespace, namespace_files
from game.scenes.rules_reader import RulesScene, parse_section
from game.settings import Settings
from tests.driver import Driver

MIN_SECTIONS = {"stawka": 14, "queen-of-spies": 14, "doppelnull": 8}
"""Every section the brief names for a title (the stage, activation... the campaign)."""


def open_reader(app: App, driver: Driver, title_id: str) -> RulesScene:
    reader = RulesScene(app, title_id)
    app.reset(reader)
    driver.frames()
    return reader


def test_the_markup_has_headings_bullets_and_paragraphs() -> None:
    section = parse_section("# Movement\nOne space per AP.\n\n- no jumping\n- no leaving the board")
    assert section.heading == "Movement"
    assert [(b.kind, b.text) for b in section.blocks] == [
        ("heading", "Movement"),
        ("paragraph", "One space per AP."),
        ("bullet", "no jumping"),
        ("bullet", "no leaving the board"),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("title_id", sorted(MIN_SECTIONS))
def test_every_section_key_opens_with_a_heading(language: str, title_id: str) -> None:
    catalog = load_namespace(namespace_files(language)[title_id])
    numbers = sorted(int(key.rsplit(".", 1)[1]) for key in catalog if key.startswith(f"{title_id}.rules."))
    assert numbers == list(range(1, len(numbers) + 1)), "section keys are numbered 1, 2, 3... without gaps"
    assert len(numbers) >= MIN_SECTIONS[title_id]
    for number in numbers:
        assert catalog[f"{title_id}.rules.{number}"].startswith("# "), f"{title_id}.rules.{number}"


@pytest.mark.parametrize("title_id", sorted(MIN_SECTIONS))
def test_each_title_shows_its_sections_and_a_table_of_contents(
    app: App, driver: Driver, title_id: str
) -> None:
    reader = open_reader(app, driver, title_id)
    assert len(reader.sections) >= MIN_SECTIONS[title_id]
    headings = [section.heading for section in reader.sections]
    assert all(headings)
    assert sorted(reader.contents.values()) == list(range(len(headings)))
    assert [widget.text for widget in sorted(reader.contents, key=lambda w: reader.contents[w])] == headings
    assert reader.height > reader.view_height, "a complete summary is longer than one page"
    assert all(0 <= row.y < reader.height for row in reader.rows)
    assert reader.back is not None
    assert all(w.rect.bottom <= reader.back.rect.top for w in reader.contents), "every entry above Back"


def test_the_table_of_contents_scrolls_to_a_section(app: App, driver: Driver) -> None:
    reader = open_reader(app, driver, "stawka")
    assert reader.scroll == 0 and reader.current_section() == 0
    conversation = next(i for i, s in enumerate(reader.sections) if s.heading == "Conversation")
    driver.click(next(w for w, i in reader.contents.items() if i == conversation))
    assert reader.scroll == min(reader.section_tops[conversation], reader.max_scroll) > 0
    assert reader.current_section() == conversation
    selected = [reader.contents[w] for w in reader.contents if w.is_selected]
    assert selected == [conversation]
    last = len(reader.sections) - 1
    driver.click(next(w for w, i in reader.contents.items() if i == last))
    assert reader.scroll == min(reader.section_tops[last], reader.max_scroll)
    assert reader.current_section() == last


def test_a_short_last_section_is_marked_though_it_cannot_reach_the_top(app: App, driver: Driver) -> None:
    reader = open_reader(app, driver, "queen-of-spies")
    last = len(reader.sections) - 1
    assert reader.section_tops[last] > reader.max_scroll
    driver.click(next(w for w, i in reader.contents.items() if i == last))
    assert reader.scroll == reader.max_scroll and reader.current_section() == last


def test_the_wheel_and_keys_scroll_within_the_text(app: App, driver: Driver) -> None:
    reader = open_reader(app, driver, "queen-of-spies")
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    driver.frames(1)
    assert reader.scroll > 0
    wheel = reader.scroll
    driver.key(pygame.K_PAGEDOWN)
    assert reader.scroll > wheel
    driver.key(pygame.K_END)
    assert reader.scroll == reader.max_scroll
    driver.key(pygame.K_DOWN)
    assert reader.scroll == reader.max_scroll, "no scrolling past the end"
    driver.key(pygame.K_HOME)
    assert reader.scroll == 0
    driver.key(pygame.K_UP)
    assert reader.scroll == 0, "no scrolling above the start"


def test_scrolling_changes_what_the_panel_shows(app: App, driver: Driver) -> None:
    reader = open_reader(app, driver, "doppelnull")
    page = pygame.Rect(480, 210, 1000, 600)
    top = pygame.Surface((1600, 900))
    reader.draw(top)
    driver.key(pygame.K_PAGEDOWN)
    scrolled = pygame.Surface((1600, 900))
    reader.draw(scrolled)
    shown = pygame.image.tobytes(top.subsurface(page), "RGB")
    assert shown != pygame.image.tobytes(scrolled.subsurface(page), "RGB")


def test_a_page_standing_still_is_not_drawn_again_until_it_scrolls(app: App, driver: Driver) -> None:
    open_reader(app, driver, "stawka")
    driver.frames(2)
    assert not app.drawn, "nothing changed: the frame shown stays"
    page = pygame.image.tobytes(app.canvas, "RGB")
    driver.key(pygame.K_PAGEDOWN)
    assert app.drawn and pygame.image.tobytes(app.canvas, "RGB") != page
    driver.frames(2)
    assert not app.drawn


def test_polish_shows_polish_headings(app: App, driver: Driver) -> None:
    app.apply_settings(Settings(language="pl"))
    reader = open_reader(app, driver, "stawka")
    headings = [section.heading for section in reader.sections]
    assert "Tor śledztwa" in headings and "Rozmowa" in headings
    assert "Conversation" not in headings
    assert any(w.text == "Tor śledztwa" for w in reader.contents)
    queen = open_reader(app, driver, "queen-of-spies")
    assert "Rozpacz, zdrada i śmierć" in [section.heading for section in queen.sections]


def test_switching_the_title_tab_shows_that_titles_sections(app: App, driver: Driver) -> None:
    reader = open_reader(app, driver, "stawka")
    driver.key(pygame.K_END)
    driver.click(next(tab for tab, title_id in reader.tabs.items() if title_id == "doppelnull"))
    assert reader.title_id == "doppelnull" and reader.scroll == 0
    assert reader.sections[0].heading == "The game"


def test_the_title_tabs_stay_in_the_row_however_many_titles_there_are(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A title added later (`python -m game new-title`) gets its tab too: when the names do
    not fit the row, the tabs show the short names, then share the row equally (a name
    cut short shows whole in its tooltip)."""
    from rules.registry import TITLES

    registered = len(TITLES)  # five, or more in a project with titles added since
    for extra in ("another-long-spy-game", "yet-another-spy-game", "a-third-spy-game"):
        monkeypatch.setitem(TITLES, extra, TITLES["island"])
    scene = RulesScene(app, "island")
    app.reset(scene)
    app.frame(1 / 60, events=[])
    rects = [widget.get_relative_rect() for widget in scene.tabs]
    assert len(rects) == len(TITLES) == registered + 3 >= 8
    assert all(rect.right <= 80 + 1440 for rect in rects), "within the page's margins"
    assert all(a.right <= b.left for a, b in itertools.pairwise(rects)), "side by side"
