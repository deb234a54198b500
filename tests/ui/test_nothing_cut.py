"""Nothing the app writes is cut short, in English and Polish (issue 29, point 4): only a
name a person typed (up to 40 characters) may be, and the pointer shows it whole.

What was cut: Queen of Spies' cards ("frees all p…", "−1 interrogati…"), the island's
players line ("Niebies… komputer"), the set-up's descriptions of the computer levels
("prawdopodob…"), Doppelnull's "Hand: Female…"; and during Doppelnull's placement the 7th
waiting agent stood behind the hint panel.  Here every title's table is drawn with the
seats' own names (nobody typed one: computers everywhere but the first seat) and every
level's description beside a seat of the set-up, and each text drawn is looked at; the
tables with the longest names are judged the same way in tests/ui/test_layout_fits.py.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.doppelnull.layout import Layout
from game.i18n import catalog
from game.scenes.game_over import GameOverScene
from game.scenes.play import PlayScene
from game.scenes.play_bar import TABLE
from game.scenes.setup import HUMAN, SetupScene
from game.ui.fit import ELLIPSIS
from game.ui.naming import seat_name
from game.ui.scene import Scene
from rules.core import Match, SeatConfig
from rules.registry import TITLES
from tests.ui.gallery import played
from tests.ui.geometry import recording
from tests.ui.party_scenes import party_app, show

LANGUAGES = ("en", "pl")


def default_named(title_id: str, scenario: str | None, steps: int, **choices: int) -> Callable[[App], Scene]:
    """A game of `title_id` after `steps` random moves, the seats named by themselves."""

    def make(app: App) -> Scene:
        title = TITLES[title_id]
        options = title.make_options(scenario, None, dict(choices))
        seats = title.seats(options)
        configs = {seat: SeatConfig(bot=None if n == 0 else title.bot_ids[0]) for n, seat in enumerate(seats)}
        match = played(Match(title, title.make_options(scenario, configs, dict(choices)), 5), steps)
        return PlayScene(app, match, viewer=match.to_act() or seats[0], autosave=False)

    return make


def default_named_over(title_id: str, seed: int, **choices: int) -> Callable[[App], Scene]:
    """The game over of a game of `title_id` played to its end by random moves, the seats
    named by themselves."""

    def make(app: App) -> Scene:
        title = TITLES[title_id]
        seats = title.seats(title.make_options(None, None, dict(choices)))
        configs = {seat: SeatConfig(bot=None if n == 0 else title.bot_ids[0]) for n, seat in enumerate(seats)}
        return GameOverScene(
            app, played(Match(title, title.make_options(None, configs, dict(choices)), seed), None)
        )

    return make


TABLES: dict[str, Callable[[App], Scene]] = {
    "island": default_named("island", None, 30, players=6),
    # Two agents out of the race: 'Zielo… poza wyścigiem' in Polish, where the status took
    # the name's room.
    "island-over": default_named_over("island", 5, players=4),
    "doppelnull-setup": default_named("doppelnull", None, 9),
    "doppelnull": default_named("doppelnull", None, 25),
    "curfew": default_named("curfew", None, 15),
    "stawka": default_named("stawka", "training-1", 12),
    "queen-of-spies-prisoners": default_named("queen-of-spies", "rescuing-the-prisoners", 20),
    "queen-of-spies-news": default_named("queen-of-spies", "news-on-the-wing", 40),
    "queen-of-spies-office": default_named("queen-of-spies", "office-infiltration", 30),
}


def meant(language: str) -> tuple[str, ...]:
    """How the catalog's texts that end in "…" themselves end ("{name}: placing…")."""
    return tuple(
        text[text.rfind("}") + 1 :] for text in catalog(language).values() if text.endswith(ELLIPSIS)
    )


def cut_texts(app: App, make: Callable[[App], Scene]) -> list[str]:
    """The texts `make`'s scene draws cut short (not those whose catalog text ends so)."""
    ends = meant(app.settings.language)
    with pytest.MonkeyPatch.context() as monkeypatch, recording(monkeypatch) as drawn:
        show(app, make)
    return sorted({text for text, _ in drawn.texts if text.endswith(ELLIPSIS) and not text.endswith(ends)})


@pytest.mark.parametrize("window", [(1600, 900), (1280, 720)], ids=["1600x900", "1280x720"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_table_cuts_a_seat_s_own_name_or_any_text(language: str, window: tuple[int, int]) -> None:
    with party_app(language, window) as app:
        found = {name: cut_texts(app, make) for name, make in TABLES.items()}
    assert not any(found.values()), {name: texts for name, texts in found.items() if texts}


def level_setup(title_id: str, level: str) -> Callable[[App], Scene]:
    def make(app: App) -> Scene:
        scene = SetupScene(app, title_id)
        seats = TITLES[title_id].seats(TITLES[title_id].make_options(None, None, dict(scene.choices)))
        scene.players = {seat: HUMAN for seat in seats}
        scene.players[seats[-1]] = level
        return scene

    return make


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_computer_level_is_described_whole_beside_its_seat(language: str) -> None:
    """Beside its seat when the description fits there whole, else in the levels' list
    under the seats (issue 29, point 5: at 18 px the longer ones no longer fit beside it)."""
    found, missing = {}, []
    with party_app(language) as app:
        for title_id, title in TITLES.items():
            if len(title.seats(title.default_options())) < 2:
                continue
            for level in title.bot_ids:
                cut = cut_texts(app, level_setup(title_id, level))
                if cut:
                    found[(title_id, level)] = cut
                with pytest.MonkeyPatch.context() as monkeypatch, recording(monkeypatch) as drawn:
                    scene = show(app, level_setup(title_id, level))
                assert isinstance(scene, SetupScene)
                shown = " ".join(text for text, _ in drawn.texts)
                seat = scene.all_seats()[-1]
                if seat in scene.player_menus and scene.level_tip(level) not in shown:
                    missing.append((title_id, level))
    assert not found, found
    assert not missing, f"not described whole: {missing}"


def test_seven_agents_waiting_to_be_placed_stand_clear_of_the_panels() -> None:
    layout = Layout(TABLE.copy())
    figures = [layout.waiting_figure(index) for index in range(7)]
    for figure in figures:
        assert TABLE.contains(figure)
        assert not figure.colliderect(layout.hint_panel()), f"{figure} behind the hint panel"
        assert not figure.colliderect(layout.scoreboard()), f"{figure} over the scoreboard"
    # Side by side, a little closer than a figure's width (its drawing leaves a margin).
    assert all(b.x - a.x >= 56 for a, b in itertools.pairwise(figures))
    caption = pygame.Rect(layout.hint_panel().x + 16, 0, layout.opponent_hand_card(0).x - 8, 1)
    assert caption.width - caption.x >= 170, "room for 'Hand: Female agents' beside the cards"


@pytest.mark.parametrize("title_id", list(TITLES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rows_of_the_set_up_name_themselves_in_one_size(language: str, title_id: str) -> None:
    """Issue 29, point 5: "Fioletowy agent polski" was drawn smaller than its neighbours (the
    Godzina policyjna set-up); every title's rows, its choices and its seats, in one size."""
    with party_app(language) as app, pytest.MonkeyPatch.context() as monkeypatch:
        with recording(monkeypatch) as drawn:
            scene = show(app, lambda app: SetupScene(app, title_id))
        assert isinstance(scene, SetupScene)
        labels = [app.ctx.t(choice.label_key) for choice in scene.offered]
        labels += [seat_name(app.ctx, title_id, seat) for seat in scene.all_seats()]
        heights = {text: rect.height for text, rect in drawn.boxes() if text in labels}
    assert set(heights) == set(labels)
    assert len(set(heights.values())) == 1, heights
