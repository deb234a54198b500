"""Statistics (issue 32, points 5-7): every finished game recorded once by the names at the
table, the file surviving restarts, damage and 10,000 games, the Statistics screen and
``python -m game stats --json`` showing the same figures."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest

from game import statistics
from game.__main__ import main
from game.app import App
from game.bench.stats_screen import sample_games
from game.saves import listed_saves
from game.scenes.game_over import GameOverScene
from game.scenes.menu import MenuScene
from game.scenes.statistics import StatisticsScene
from game.statistics import (
    MAX_GAMES,
    GameRecord,
    SeatRecord,
    StatisticsFile,
    load,
    people,
    record,
    record_of,
    save,
    statistics_path,
)
from rules.core import Dice, Match, SeatConfig, seed_state
from rules.registry import TITLES
from tests.driver import Driver
from tests.replays.games import played
from tests.replays.test_replay_scene import play_in_the_scene


def test_a_game_finished_in_play_is_recorded_once_by_the_name_typed(app: App, driver: Driver) -> None:
    match, _ = play_in_the_scene(app, driver, "doppelnull", None, "female", seed=5)
    book, notices = load()
    assert notices == [] and len(book.games) == 1
    game = book.games[0]
    outcome = match.outcome()
    assert outcome is not None
    assert (game.title, game.moves) == ("doppelnull", len(match.actions))
    by_seat = {seat.seat: seat for seat in game.seats}
    assert (by_seat["female"].name, by_seat["female"].level) == ("Ola", None)
    assert (by_seat["male"].name, by_seat["male"].level) == (None, "random")
    expected = "win" if "female" in outcome.winners else ("draw" if outcome.draw else "loss")
    assert by_seat["female"].result == expected
    assert by_seat["female"].score == outcome.scores.get("female")
    # Its save opened from the Load list (to its game over), its replay: not counted again.
    assert isinstance(app.top, GameOverScene)
    (saved,) = listed_saves()
    app.reset(MenuScene(app))
    assert app.go.saved_game(saved.path) is None
    driver.frames()
    assert isinstance(app.top, GameOverScene)
    app.go.replay(match)
    driver.frames()
    assert len(load()[0].games) == 1
    assert record(match) == [] and len(load()[0].games) == 1


def named_game(seed: int, seats: dict[str, SeatConfig]) -> Match:
    """A Doppelnull game with these seats, every move a random legal one, to its end."""
    title = TITLES["doppelnull"]
    match = Match(title, title.default_options(None).model_copy(update={"seats": seats}), seed)
    dice = Dice(seed_state(seed))
    while match.to_act() is not None:
        match.act(dice.choice(title.legal_actions(match.state)))
    return match


def test_the_same_name_is_the_same_person_and_computers_alone_are_not_counted() -> None:
    for seed, (female, male) in enumerate((("Ola", "Piotr"), ("ola ", "PIOTR"), ("Piotr", None))):
        match = named_game(seed + 30, {"female": SeatConfig(name=female), "male": SeatConfig(name=male)})
        assert record(match) == []
    found = {person.key: person for person in people(load()[0].games)}
    assert set(found) == {"ola", "piotr", ""}
    assert (found["ola"].tally.games, found["piotr"].tally.games, found[""].tally.games) == (2, 3, 1)
    assert found["ola"].name is not None and found["ola"].name.strip() == "ola"  # as typed last
    alone = named_game(30, {"female": SeatConfig(bot="random"), "male": SeatConfig(bot="random")})
    assert record_of(alone) is None


def _game(
    number: int, name: str, result: str, score: float | None = None, title: str = "curfew"
) -> GameRecord:
    seat = "polish" if title == "curfew" else "female"
    seats = [SeatRecord(seat=seat, name=name, result=result, score=score)]  # type: ignore[arg-type]
    if title != "curfew":
        seats.append(SeatRecord(seat="male", level="random", result="loss" if result == "win" else "win"))
    return GameRecord(
        id=f"{title}:{number:064x}",
        title=title,  # type: ignore[arg-type]
        ended=f"2025-01-{number + 1:02d}T10:00:00+00:00",
        moves=10 + number,
        seats=tuple(seats),
    )


def test_the_figures_of_a_person_s_games() -> None:
    results = ["win", "win", "loss", "win", "win", "win", "draw"]
    games = [_game(n, "Ola", r, title="doppelnull") for n, r in enumerate(results)]
    games += [_game(10 + n, "Ola", "score", score) for n, score in enumerate((12, -1, 7))]
    (ola,) = people(reversed(games))  # counted in the order played, whatever the file's order
    duel = ola.lines[("doppelnull", None)]
    assert (duel.tally.games, duel.tally.wins, duel.tally.draws, duel.tally.losses) == (7, 5, 1, 1)
    assert (duel.streak, duel.longest) == (0, 3)
    assert duel.against["random"].wins == 5 and duel.sides["female"].games == 7
    solo = ola.lines[("curfew", None)]
    assert (solo.best, solo.average, solo.solo) == (12, 6, True)
    assert [score for _, score, _ in solo.points] == [12, -1, 7]


def test_statistics_survive_a_restart_and_stats_json_prints_the_screen_s_figures(
    app: App, driver: Driver, capsys: pytest.CaptureFixture[str]
) -> None:
    save(StatisticsFile(games=tuple(sample_games(300, seed=4))))
    again = App(app.settings)  # another run of Siatka reads the same file
    again.reset(MenuScene(again))
    screen = Driver(again).from_menu("statistics")
    assert isinstance(screen, StatisticsScene)
    assert main(["stats", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["games"] == screen.games == 300
    assert [p["name"] for p in printed["people"]] == [p.name for p in screen.people]
    for figures, person in zip(printed["people"], screen.people, strict=True):
        assert (
            figures["games"] == person.tally.games == sum(line.tally.games for line in person.lines.values())
        )
        for line, shown in zip(figures["titles"], person.lines.values(), strict=True):
            assert (line["games"], line["wins"], line["best"]) == (
                shown.tally.games,
                shown.tally.wins,
                shown.best,
            )
    total = sum(1 for game in load()[0].games for seat in game.seats if seat.level is None)
    assert sum(p["games"] for p in printed["people"]) == total


def test_the_screen_shows_a_person_s_titles_and_a_row_s_details(app: App, driver: Driver) -> None:
    save(StatisticsFile(games=tuple(sample_games(200, seed=2))))
    screen = driver.from_menu("statistics")
    assert isinstance(screen, StatisticsScene)
    second = next(button for button, index in screen.picks.items() if index == 1)
    driver.click(second)
    assert screen.person == 1 and screen.line == 0
    driver.click_at(screen.row_rect(2).center)
    assert screen.line == 2
    driver.key(pygame.K_DOWN)
    assert screen.line == 3
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


DAMAGE = {
    "cut short": lambda good: good[: len(good) // 2],
    "not JSON": lambda good: b"\x00\xff garbage",
    "another version": lambda good: good.replace(b'"version":1', b'"version":9'),
    "a wrong value": lambda good: good.replace(b'"result":"win"', b'"result":"triumph"', 1),
    "an infinite score": lambda good: re.sub(rb'"score":-?[0-9.]+', b'"score":1e999', good, count=1),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_file_is_kept_aside_a_new_one_started_and_the_player_told(
    damage: str, app: App, driver: Driver
) -> None:
    save(StatisticsFile(games=tuple(sample_games(20, seed=3))))
    spoilt = DAMAGE[damage](statistics_path().read_bytes())
    statistics_path().write_bytes(spoilt)
    screen = driver.from_menu("statistics")
    assert isinstance(screen, StatisticsScene) and screen.games == 0
    told = [item.text for item in screen.toasts.items]
    aside = [
        path for path in statistics_path().parent.iterdir() if path.name.startswith("statistics.damaged-")
    ]
    assert len(aside) == 1 and aside[0].read_bytes() == spoilt
    assert told == [app.ctx.t("statistics.damaged", detail=aside[0].name)]
    assert load() == (StatisticsFile(), [])  # the new file is good, and said nothing more
    match = played("doppelnull", TITLES["doppelnull"].default_options(None), seed=9)
    assert record(match) == [] and len(load()[0].games) == 1


def test_a_file_far_too_large_or_not_a_file_is_kept_aside(siatka_home: Path) -> None:
    siatka_home.mkdir(parents=True, exist_ok=True)
    with statistics_path().open("wb") as handle:
        handle.truncate(30_000_000)
    book, notices = load()
    assert book.games == () and [n.key for n in notices] == ["statistics.damaged"]
    statistics_path().unlink()
    statistics_path().mkdir()
    book, notices = load()
    assert book.games == () and [n.key for n in notices] == ["statistics.damaged"]
    assert statistics_path().is_file()


def test_ten_thousand_games_and_more_stay_bounded(siatka_home: Path) -> None:
    games = sample_games(10_000, seed=1)
    save(StatisticsFile(games=tuple(games)))
    book, notices = load()
    assert notices == [] and len(book.games) == 10_000
    counted = sum(person.tally.games for person in people(book.games))
    assert counted == sum(1 for game in games for seat in game.seats if seat.level is None)
    assert statistics_path().stat().st_size < 12_000_000
    # At the bound the oldest games go first.
    full = (
        *games,
        *(g.model_copy(update={"id": f"{g.title}:{n + 10_000:064x}"}) for n, g in enumerate(games)),
    )
    save(StatisticsFile(games=full[:MAX_GAMES]))
    match = played("doppelnull", TITLES["doppelnull"].default_options(None), seed=9)
    assert record(match) == []
    kept = load()[0].games
    assert len(kept) == MAX_GAMES and kept[0].id == full[1].id and kept[-1].id == record_of(match).id  # type: ignore[union-attr]


def test_a_disk_that_refuses_is_said_and_the_game_goes_on(
    siatka_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(statistics, "atomic_write_text", refuse)
    match = played("doppelnull", TITLES["doppelnull"].default_options(None), seed=9)
    assert [notice.key for notice in record(match)] == ["statistics.not_kept"]
    assert load() == (StatisticsFile(), [])


@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_game_over_table_places_the_person_s_best_of_the_games_before(
    app: App, siatka_home: Path, language: str
) -> None:
    """Issue 31, 5: "the person's score placed in it, and, once statistics exist, their
    best": the best score of this person's earlier games of the scenario is marked in its
    band; another person's, another scenario's and this very game's record are not."""
    from tests.ui.gallery import rated_curfew

    app.apply_settings(app.settings.model_copy(update={"language": language}))
    match = rated_curfew()
    outcome = match.outcome()
    assert outcome is not None
    name = match.typed_name("polish")
    yours, best = {"en": ("you", "best"), "pl": ("ty", "rekord")}[language]
    plain = GameOverScene(app, match)
    assert plain.best is None, "no statistics yet: no best"
    score = outcome.scores["polish"]
    lit = [f"{yours}: {score:g}" if band.current else "" for band in outcome.bands]
    assert plain.band_marks(outcome) == lit
    assert not record(match)
    assert GameOverScene(app, match).best is None, "this game's own record is not 'before'"
    earlier = [
        _game(1, name or "", "score", 3.0),
        _game(2, name or "", "score", 16.0),
        _game(3, "someone else", "score", 18.0),
    ]
    other = _game(4, name or "", "score", 17.0).model_copy(update={"scenario": "elsewhere"})
    book, _ = load()
    save(book.model_copy(update={"games": (*book.games, *earlier, other)}))
    scene = GameOverScene(app, match)
    assert scene.best == 16.0
    app.reset(scene)
    Driver(app).frames(2)
    marks = scene.band_marks(outcome)
    excellent = [band.key for band in outcome.bands].index("curfew.value.excellent")
    assert marks[excellent].endswith(f"{best}: 16")
    assert sum(1 for mark in marks if f"{best}:" in mark) == 1
    assert any(mark.startswith(f"{yours}: {score:g}") for mark in marks)


@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_screen_names_the_computer_s_levels_not_its_bot_ids(app: App, language: str) -> None:
    """What a person reads is the level's name ('Against the computer: Normal'), never the
    bot id the file keeps ('heuristic'), and a negative average has a minus sign."""
    app.apply_settings(app.settings.model_copy(update={"language": language}))
    screen = StatisticsScene(app)
    names = {
        bot: app.ctx.t(("app.level.easy", "app.level.normal", "app.level.hard")[min(index, 2)])
        for index, bot in enumerate(TITLES["stawka"].bot_ids)
    }
    for bot, name in names.items():
        said = screen.opponent("stawka", bot)
        assert said.endswith(f": {name}") and bot not in said.split(":")[-1], said
    other = screen.opponent("stawka", "random")
    assert other == app.ctx.t("statistics.against", level=app.ctx.t("statistics.against_other")), other
    assert screen.number(-1.75) in ("−1.8", "−1,8") and screen.number(-3) == "−3"
