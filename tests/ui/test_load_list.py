"""The Load list: all saves newest first, scrolling, deleting with a confirmation, public previews."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.scenes.load import LIST, LoadScene
from game.storage import atomic_write_text, saves_dir
from game.ui.naming import local_time
from rules.core import Match, SeatConfig
from tests.driver import Driver
from tests.toy_title import TOY

pytestmark = pytest.mark.usefixtures("toy_registered")

SAVES = 14


def write_saves(count: int) -> list[Path]:
    """`count` toy saves, the first the oldest; player names say which one it is."""
    paths = []
    for number in range(count):
        seats = {"odd": SeatConfig(name=f"Player{number}"), "even": SeatConfig(name="Ewa")}
        match = Match(TOY, TOY.options_model(seats=seats), seed=number)
        match.act({"type": "pick", "number": 1 + number % 3})
        path = saves_dir() / f"toy-{number:02d}.json"
        atomic_write_text(path, match.to_json())
        os.utime(path, (1_700_000_000 + number * 60,) * 2)
        paths.append(path)
    return paths


def shown_rows(listing: LoadScene) -> list[tuple[str, str]]:
    """(file name, the row's two lines) of the rows on screen, top to bottom."""
    return [
        (listing.deletes[delete].name, f"{game.text} / {facts.text}")
        for (_, delete), (game, facts) in zip(listing.rows, listing.lines, strict=True)
    ]


def test_every_save_is_listed_newest_first(app: App, driver: Driver) -> None:
    write_saves(SAVES)
    listing = driver.load_list()
    assert [save.path.name for save in listing.saves] == [f"toy-{n:02d}.json" for n in reversed(range(SAVES))]
    rows = shown_rows(listing)
    assert [name for name, _ in rows] == [f"toy-{n:02d}.json" for n in reversed(range(SAVES - 10, SAVES))]
    assert rows[0][1].startswith("Toy / Player13, Ewa · Player13 to play · move 1 · 20"), (
        "the game, then players, whose turn, move and date"
    )
    assert len(listing.entries) == len(listing.deletes) == 10, "ten rows show at once"


def test_the_list_scrolls_to_the_oldest_save(app: App, driver: Driver) -> None:
    write_saves(SAVES)
    listing = driver.load_list()
    assert "toy-00.json" not in [name for name, _ in shown_rows(listing)]
    pygame.mouse.set_pos(app.logical_to_window(LIST.center))
    for _ in range(3):
        wheel = {"x": 0, "y": -1, "flipped": False, "precise_x": 0.0, "precise_y": -1.0}
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, wheel))
        driver.frames(1)
    rows = shown_rows(listing)
    assert rows[-1][0] == "toy-00.json" and rows[0][0] == "toy-09.json", "scrolled to the end, no further"
    oldest = next(button for button, path in listing.entries.items() if path.name == "toy-00.json")
    driver.click(oldest)
    assert app.top is not listing, "the oldest save opened"


def test_the_scroll_bar_and_the_keys_move_the_rows(app: App, driver: Driver) -> None:
    write_saves(SAVES)
    listing = driver.load_list()
    assert listing.scroll is not None
    driver.key(pygame.K_END)
    assert listing.first == SAVES - 10 and listing.scroll.start_percentage > 0
    driver.key(pygame.K_HOME)
    assert listing.first == 0
    slider = listing.scroll.sliding_button
    assert slider is not None
    start = app.logical_to_window(slider.rect.center)
    end = app.logical_to_window((slider.rect.centerx, LIST.bottom))
    pygame.mouse.set_pos(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    driver.frames(2)
    pygame.mouse.set_pos(end)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 1), buttons=(1, 0, 0)))
    driver.frames(2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    driver.frames(2)
    assert shown_rows(listing)[-1][0] == "toy-00.json", "dragging the bar to the bottom shows the oldest"


def test_deleting_asks_first_and_keeping_keeps(app: App, driver: Driver) -> None:
    paths = write_saves(3)
    listing = driver.load_list()
    newest = next(button for button, path in listing.deletes.items() if path == paths[-1])
    driver.click(newest)
    dialog = listing.confirm
    assert dialog is not None and listing.doomed == paths[-1]
    assert "Player2, Ewa" in dialog.confirmation_text.html_text
    driver.click(dialog.cancel_button)
    driver.frames(2)  # the button tells the dialog, which closes and tells the scene
    assert paths[-1].exists() and listing.confirm is None

    newest = next(button for button, path in listing.deletes.items() if path == paths[-1])
    driver.click(newest)
    dialog = listing.confirm
    assert dialog is not None
    driver.click(dialog.confirm_button)
    driver.frames(2)
    assert not paths[-1].exists()
    assert all(path.exists() for path in paths[:-1])
    assert sorted(path.name for path in listing.entries.values()) == ["toy-00.json", "toy-01.json"]
    assert [toast.text for toast in listing.toasts.items] == ["Deleted toy-02.json"]


def test_a_damaged_save_can_be_deleted_too(app: App, driver: Driver) -> None:
    broken = saves_dir() / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    listing = driver.load_list()
    assert listing.entries == {}
    title, below = listing.lines[0]
    assert title.text == "broken.json", "its name on the first line, like every save's title"
    assert below.text.startswith("Damaged, cannot be opened · 20"), "why and when on the second"
    (delete,) = listing.deletes
    driver.click(delete)
    assert listing.confirm is not None
    driver.click(listing.confirm.confirm_button)
    driver.frames(2)
    assert not broken.exists()
    assert listing.deletes == {}


def test_the_dialog_goes_with_the_scene(app: App, driver: Driver) -> None:
    write_saves(1)
    listing = driver.load_list()
    driver.click(next(iter(listing.deletes)))
    dialog = listing.confirm
    assert dialog is not None and dialog.alive()
    driver.key(pygame.K_ESCAPE)
    assert not dialog.alive() and app.top is listing, "Escape closes the dialog first"
    driver.click(next(iter(listing.deletes)))
    dialog = listing.confirm
    assert dialog is not None
    app.pop()
    assert not dialog.alive()


@pytest.mark.parametrize("title_id", ["doppelnull"])
def test_a_preview_names_no_secret(app: App, title_id: str) -> None:
    """A hot-seat game in the middle of its secret set-up: the preview says only public facts."""
    from rules.registry import TITLES

    title = TITLES[title_id]
    seats = {"male": SeatConfig(name="Ola"), "female": SeatConfig(name="Ewa")}
    match = Match(title, title.make_options(None, seats), seed=5)
    for _ in range(12):
        match.act(title.legal_actions(match.state)[0])
    path = saves_dir() / "secret.json"
    atomic_write_text(path, match.to_json())
    when = Match.peek(path.read_bytes()).saved_at.replace("T", " ")[:16]
    to_act = "Ola" if match.to_act() == "male" else "Ewa"
    shown = ("Agent Doppelnull", f"Ola, Ewa · {to_act} to play · move 12 · {when}")
    assert LoadScene(app).preview(path) == shown


def test_save_times_are_shown_in_local_time(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from game.ui.naming import local_time

    monkeypatch.setenv("TZ", "Europe/Warsaw")
    time.tzset()
    try:
        assert local_time("2026-01-15T12:30:00+00:00") == "2026-01-15 13:30"
        assert local_time("2026-07-15T12:30:00+00:00") == "2026-07-15 14:30"
        assert local_time("not a date") == "not a date"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_long_names_are_cut_before_the_move_and_date(app: App, driver: Driver) -> None:
    """Two saves of long-named players read apart: the names give way, the date stays whole."""
    name = "Grzegorz Brzęczyszczykiewicz-Chrząszczyk"
    seats = {"odd": SeatConfig(name=name), "even": SeatConfig(name=name[::-1])}
    match = Match(TOY, TOY.options_model(seats=seats), seed=1)
    path = saves_dir() / "toy-long.json"
    atomic_write_text(path, match.to_json())
    listing = driver.load_list()
    (entry, _), (_, facts) = listing.rows[0], listing.lines[0]
    stamp = local_time(Match.peek(path.read_text(encoding="utf-8")).saved_at)
    assert facts.text.endswith(f" · move 0 · {stamp}") and "…" in facts.text, facts.text
    assert facts.font is not None and facts.font.size(facts.text)[0] <= facts.rect.width
    assert name in str(entry.tool_tip_text), "the row's tooltip names the players whole"


def test_a_very_long_file_name_is_cut_to_its_row(app: App, driver: Driver) -> None:
    (saves_dir() / f"{'x' * 200}.json").write_text("{not json", encoding="utf-8")
    listing = driver.load_list()
    title, _ = listing.lines[0]
    assert title.text.startswith("xxxx") and title.text.endswith("…")
    assert title.font is not None and title.font.size(title.text)[0] <= title.rect.width


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_stawka_game_with_the_networks_default_names_is_listed_whole(
    siatka_home: object, language: str
) -> None:
    """Seen in a real 1280x720 window: a Polish Stawka hot-seat save read "Siatka p… ·
    gra w toku, kolej: Siatka niemiecka": the networks' own names cut for words the turn
    already says.  Whose turn alone says the game goes on; the players read whole."""
    from rules.registry import TITLES
    from tests.ui.conftest import language_app

    title = TITLES["stawka"]
    seats = {seat: SeatConfig() for seat in title.seats(title.default_options("training-1"))}
    match = Match(title, title.make_options("training-1", seats, {}), seed=3)
    match.act(title.legal_actions(match.state)[0])
    atomic_write_text(saves_dir() / "stawka-hot-seat.json", match.to_json())
    for app in language_app(language):
        listing = Driver(app).load_list()
        (_, facts) = listing.lines[0]
        assert "…" not in facts.text, facts.text
        polish, german = (app.ctx.t(f"stawka.seat.{seat}") for seat in ("polish", "german"))
        assert facts.text.startswith(f"{polish}, {german} · "), facts.text
