"""The computer's levels: Easy / Normal / Hard, explained in one line, Normal by default.

Issue 11, points 6 and 9 (a solo game is played again, not a rematch).
"""

from __future__ import annotations

import pytest

from game.app import App
from game.i18n import LANGUAGES, catalog
from game.scenes.game_over import GameOverScene
from game.scenes.play_files import bot_played_match
from game.scenes.setup import SetupScene
from game.title_needs import level_key
from rules.registry import TITLES
from tests.driver import Driver
from tests.ui.gallery import game_over

LEVELS = {"en": ("Easy", "Normal", "Hard"), "pl": ("Łatwy", "Normalny", "Trudny")}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("title_id", sorted(TITLES))
def test_every_level_is_named_by_its_rank_and_explained(app: App, title_id: str, language: str) -> None:
    """The level's name is the app's, by its place in `bot_ids` (`game.title_needs`)."""
    texts = catalog(language)
    title = TITLES[title_id]
    names = [texts[key] for bot in title.bot_ids if (key := level_key(title, bot))]
    assert names == list(LEVELS[language][: len(title.bot_ids)]), "weakest first: Easy, Normal, Hard"
    assert all(texts[f"{title_id}.bot.{bot}.tip"].strip() for bot in title.bot_ids)
    app.translator.set_language(language)
    setup = SetupScene(app, title_id)
    assert setup.player_label(title.bot_ids[-1]) == texts["app.setup.computer"].format(level=names[-1])


def test_a_computer_seat_defaults_to_normal_and_says_how_it_plays(app: App, driver: Driver) -> None:
    setup = driver.new_game("doppelnull")
    assert setup.players == {"male": "human", "female": "deductive"}
    assert setup.level_tip("deductive").startswith("Reads the +/− clues")
    driver.choose(setup.player_menus["female"], "Computer: Hard")
    assert setup.players["female"] == "expert"


def test_a_solo_game_offers_to_play_again_and_a_duel_a_rematch(app: App) -> None:
    solo = GameOverScene(app, bot_played_match("queen-of-spies", None, seed=1, steps=0))
    duel = GameOverScene(app, bot_played_match("doppelnull", None, seed=1, steps=0))
    for scene, label in ((solo, "Play again"), (duel, "Rematch")):
        app.reset(scene)
        assert scene.rematch is not None and scene.rematch.text == label


def test_game_over_shows_scores_only_where_the_game_keeps_them(app: App) -> None:
    """The Introduction has "no scoring conditions" (and the island race none at all): no
    SCORES rows; a Stawka game counts VP and shows them."""
    for title_id, scenario, shown in (
        ("queen-of-spies", "introduction", False),
        ("island", None, False),
        ("stawka", "training-1", True),
    ):
        scene = game_over(title_id, scenario)(app)
        assert isinstance(scene, GameOverScene)
        app.reset(scene)
        layout = scene.layout()
        assert (layout.rule_y > layout.scores_top) is shown, title_id
