"""Every scene a person sees, for every title the app offers, with long names (issue 11,
point 3): the menu, load, settings, each title's rules, setup, table at a few moments
(a film scenario and Queen of Spies mid-story among them), game over and the curtain.

Each entry builds its scene from a state made directly or by a short seeded script of
random-bot moves, so the whole gallery is drawn in a few seconds.  Run as a script it
saves every scene as a picture to look at::

    python -m tests.ui.gallery /tmp/gallery [en|pl]
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.game_over import GameOverScene
from game.scenes.load import LoadScene
from game.scenes.play import PlayScene
from game.scenes.rules_reader import RulesScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import HUMAN, SetupScene
from game.storage import atomic_write_text, saves_dir
from game.ui.scene import Scene
from rules.core import Dice, Match, SeatConfig, seed_state
from rules.registry import TITLES
from tests.ui.party_scenes import LONG_NAMES, save_pictures

SEED = 5
NAMES = tuple(LONG_NAMES.values())
"""Names of 40 characters, the longest a person may type."""


def long_named(title_id: str, scenario: str | None = None, choices: dict[str, int] | None = None) -> Match:
    """A new game of `title_id` where people with the longest names take every seat."""
    title = TITLES[title_id]
    options = title.make_options(scenario, None, dict(choices or {}))
    seats = {seat: SeatConfig(name=NAMES[n % len(NAMES)]) for n, seat in enumerate(title.seats(options))}
    return Match(title, title.make_options(scenario, seats, dict(choices or {})), SEED)


def played(match: Match, steps: int | None, seed: int = SEED) -> Match:
    """`match` after `steps` random legal moves (to the end when None), the same every time."""
    title = match.title
    dice = Dice(seed_state(seed))
    bot = title.make_bot("random", match.to_act() or "")
    done = 0
    while match.to_act() is not None and (steps is None or done < steps):
        match.act(title.bot_action(bot, match.state, dice))
        done += 1
    return match


@cache
def game(
    title_id: str, scenario: str | None, steps: int | None, choices: tuple[tuple[str, int], ...]
) -> Match:
    """A long-named game after `steps` random moves, made once: the scenes only look at it."""
    return played(long_named(title_id, scenario, dict(choices)), steps)


def table(title_id: str, scenario: str | None, steps: int | None, **choices: int) -> Callable[[App], Scene]:
    """The table of a game after `steps` random moves, seen by the seat to act."""

    def make(app: App) -> Scene:
        match = game(title_id, scenario, steps, tuple(choices.items()))
        viewer = match.to_act() or match.seats()[0]
        return PlayScene(app, match, viewer=viewer, autosave=False)

    return make


def game_over(title_id: str, scenario: str | None = None, **choices: int) -> Callable[[App], Scene]:
    def make(app: App) -> Scene:
        return GameOverScene(app, game(title_id, scenario, None, tuple(choices.items())))

    return make


@cache
def rated_curfew() -> Match:
    """A long-named game of Godzina policyjna played to a rated end (not an immediate
    defeat) of 5 VP or more by the sensible player: its rating table has a band lit."""
    title = TITLES["curfew"]
    for seed in range(1, 200):
        match = long_named("curfew")
        match = Match(title, match.options, seed)
        bot, dice = title.make_bot("heuristic", "polish"), Dice(seed_state(seed))
        while match.to_act() is not None:
            match.act(title.bot_action(bot, match.state, dice))
        outcome = match.outcome()
        if outcome is not None and outcome.result == "score" and outcome.scores["polish"] >= 5:
            return match
    raise AssertionError("no rated game of 5 VP or more in 200 seeds")


def setup(title_id: str) -> Callable[[App], Scene]:
    """New game for `title_id`: the most seats it takes, a person with one of the longest
    names in the first, every computer level in the others (each level's description
    shows beside its seat), from the strongest; the seats left over people again."""

    def make(app: App) -> Scene:
        scene = SetupScene(app, title_id)
        title = TITLES[title_id]
        for choice in title.setup_choices(None):
            if choice.field == "players":
                scene.choices["players"] = max(int(option.value) for option in choice.values)
        seats = title.seats(title.make_options(None, None, dict(scene.choices)))
        levels = title.bot_ids[::-1] if len(seats) > 1 else ()
        scene.players = {seat: HUMAN for seat in seats}
        scene.players.update(zip(seats[1:], levels, strict=False))
        scene.names = {seat: NAMES[n % len(NAMES)] for n, seat in enumerate(seats)}
        return scene

    return make


def write_saves() -> None:
    """A save of every title with long names, and the game in progress played last (written
    last), which the menu offers to continue."""
    for title_id in TITLES:
        match = played(long_named(title_id, None), 3)
        atomic_write_text(saves_dir() / f"{title_id}-long.json", match.to_json())
    stawka = played(long_named("stawka", "top-secret"), 3)
    atomic_write_text(saves_dir() / "stawka-top-secret.json", stawka.to_json())


def menu(app: App) -> Scene:
    from game.scenes.menu import MenuScene

    write_saves()
    return MenuScene(app)


def load(app: App) -> Scene:
    write_saves()
    return LoadScene(app)


def rules(title_id: str) -> Callable[[App], Scene]:
    return lambda app: RulesScene(app, title_id)


def curtain(app: App) -> Scene:
    return CurtainScene(app, NAMES[0], lambda: None, lambda: None)


SCENES: dict[str, Callable[[App], Scene]] = {
    "menu": menu,
    "load": load,
    "settings": SettingsScene,
    "curtain": curtain,
    **{f"rules-{title_id}": rules(title_id) for title_id in TITLES},
    **{f"setup-{title_id}": setup(title_id) for title_id in TITLES},
    "table-doppelnull-start": table("doppelnull", None, 0),
    "table-doppelnull-mid": table("doppelnull", None, 25),
    "table-stawka-training-1": table("stawka", "training-1", 0),
    "table-stawka-training-1-mid": table("stawka", "training-1", 12),
    "table-stawka-mid": table("stawka", "i-know-who-you-are", 30),
    "table-stawka-film": table("stawka", "top-secret", 20),
    "table-stawka-hotel": table("stawka", "hotel-excelsior", 12),
    "table-queen-of-spies-introduction": table("queen-of-spies", "introduction", 0),
    "table-queen-of-spies-mid-story": table("queen-of-spies", "office-infiltration", 30),
    "table-queen-of-spies-prisoners": table("queen-of-spies", "rescuing-the-prisoners", 20),
    "table-island": table("island", None, 30, players=6),
    "table-curfew": table("curfew", None, 15),
    "over-doppelnull": game_over("doppelnull"),
    "over-queen-of-spies": game_over("queen-of-spies", "introduction"),
    "over-curfew": game_over("curfew"),
    "over-curfew-rated": lambda app: GameOverScene(app, rated_curfew()),
    "over-stawka": game_over("stawka", "training-1"),
    "over-stawka-film": game_over("stawka", "hotel-excelsior"),
    "over-island": game_over("island", None, players=6),
}


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    languages = tuple(sys.argv[2:]) or ("en", "pl")
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "gallery")
    for written_path in save_pictures(folder, SCENES, "", languages):
        print(written_path)
