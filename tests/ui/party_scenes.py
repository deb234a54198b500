"""The party title ("The house draws", tests/party_title.py) at six seats with long names,
in the real scenes: offered to the app as a registered title is (its messages included),
and brought to each scene a person sees.

Run as a script it saves those scenes as pictures to look at, in English and Polish
(the ``screenshot`` command knows only the app's own titles)::

    python -m tests.ui.party_scenes /tmp/party
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import cast

import pygame
import pytest

from game.app import App
from game.i18n import catalog
from game.scenes.curtain import CurtainScene
from game.scenes.game_over import GameOverScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.setup import HUMAN, SetupScene
from game.settings import Settings
from game.ui.scene import Scene
from rules.core import Dice, Match, SeatConfig, seed_state
from rules.registry import TITLES
from tests.party_title import CATALOG, PARTY, PartyOptions

LONG_NAMES: dict[str, str] = {
    "p1": "MAXIMILIAN WOLFGANG VON HOHENZOLLERN-OST",
    "p2": "Małgorzata Świętosławska-Żółkiewska-Łęka",
    "p3": "Bartholomew Montgomery-Worthington Third",
    "p4": "Grzegorz Brzęczyszczykiewicz-Chrząszczyk",
    "p5": "Wilhelmina Ottoline Featherstonehaugh-Wu",
    "p6": "Żaneta Wiśniewska-Włodarczyk z Kościerzy",
}
"""Six names of 40 characters, the most a seat's name may have (`SeatConfig`)."""
PEOPLE = ("p1", "p2", "p4")
"""The seats people take; the computer takes the others."""
SEED = 7


def offer_party(monkeypatch: pytest.MonkeyPatch) -> None:
    """Offer the party title next to the app's own, with its messages in both languages."""
    monkeypatch.setitem(TITLES, PARTY.id, PARTY)
    for language, messages in CATALOG.items():
        merged = cast(dict[str, str], catalog(language))  # the cached catalog; restored afterwards
        for key, message in messages.items():
            monkeypatch.setitem(merged, key, message)


def party_options(people: tuple[str, ...] = PEOPLE) -> PartyOptions:
    seats = {
        seat: SeatConfig(name=name, bot=None if seat in people else "random")
        for seat, name in LONG_NAMES.items()
    }
    return PARTY.make_options(None, seats, {"players": 6})


def played(match: Match, until: Callable[[Match], bool]) -> Match:
    """`match` after random legal moves (the same every time) until `until` holds."""
    dice = Dice(seed_state(SEED))
    while not until(match):
        match.act(dice.choice(match.title.legal_actions(match.state)))
    return match


def decided(match: Match) -> bool:
    return match.outcome() is not None


def setup_scene(app: App) -> SetupScene:
    """New game with the party chosen for six players, three people with long names."""
    setup = SetupScene(app, PARTY.id)
    setup.choices["players"] = 6
    setup.players = {seat: HUMAN if seat in PEOPLE else "random" for seat in LONG_NAMES}
    setup.names = {seat: LONG_NAMES[seat] for seat in PEOPLE}
    return setup


def play_scene(app: App) -> PlayScene:
    """Round two, the second person to guess at the screen: ▶ on a name in the middle."""
    match = played(Match(PARTY, party_options(), SEED), lambda m: len(m.log) > 8 and m.to_act() == "p2")
    return PlayScene(app, match, viewer="p2", autosave=False)


def curtain_scene(app: App) -> CurtainScene:
    """The curtain for the person with the widest name."""
    return CurtainScene(app, LONG_NAMES["p1"], lambda: None, lambda: None)


def pin_curtain_scene(app: App) -> CurtainScene:
    """The curtain for a person with a PIN, after a wrong one: the field, the wait, the warning."""
    curtain = CurtainScene(app, LONG_NAMES["p2"], lambda: None, lambda: None, pin_matches=lambda pin: False)
    curtain.wrong, curtain.locked = 2, 2.0
    return curtain


def game_over_scene(app: App) -> GameOverScene:
    """A finished game: the winners, six scores and the whole log."""
    match = played(Match(PARTY, party_options(), SEED), lambda m: m.title.is_over(m.state))
    return GameOverScene(app, match)


def trophy_scene(app: App) -> PlayScene:
    """The game decided and the winner still to name the trophy (everyone a person)."""
    match = played(Match(PARTY, party_options(tuple(LONG_NAMES)), SEED), decided)
    seat = match.to_act()
    assert seat is not None
    return PlayScene(app, match, viewer=seat, autosave=False)


SCENES: dict[str, Callable[[App], Scene]] = {
    "setup": setup_scene,
    "play": play_scene,
    "curtain": curtain_scene,
    "pin-curtain": pin_curtain_scene,
    "trophy": trophy_scene,
    "game-over": game_over_scene,
}


def show(app: App, make: Callable[[App], Scene], over_menu: bool = True) -> Scene:
    """The scene `make` builds, over the main menu as a person reaches it (or over what is
    shown already), drawn."""
    if over_menu:
        app.reset(MenuScene(app))
    scene = make(app)
    app.push(scene)
    for _ in range(3):
        app.frame(1 / 60, events=[])
    return scene


@contextmanager
def party_app(language: str, window: tuple[int, int] = (1600, 900)) -> Iterator[App]:
    """A headless app in `language` with the party offered, bots moving at once."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        offer_party(monkeypatch)
        app = App(Settings(language=language, window_size=window))
        app.bot_delay = 0.0
        try:
            yield app
        finally:
            while app.scenes:
                app.scenes.pop().exit()


def save_pictures(
    folder: Path,
    scenes: dict[str, Callable[[App], Scene]] | None = None,
    prefix: str = "party-",
    languages: tuple[str, ...] = ("en", "pl"),
) -> list[Path]:
    """Every scene of `scenes` (the party's by default) in each language, as PNGs in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for language in languages:
        with party_app(language) as app:
            for name, make in (scenes or SCENES).items():
                show(app, make)
                path = folder / f"{prefix}{name}-{language}.png"
                pygame.image.save(app.canvas, str(path))
                written.append(path)
    return written


if __name__ == "__main__":
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    for written_path in save_pictures(Path(sys.argv[1] if len(sys.argv) > 1 else "party-screens")):
        print(written_path)
