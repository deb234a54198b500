"""Where a scene may send the player: the one place that knows which scene each place is.

A scene asks its app (`Host.go`) for the main menu, a new game's setup, a game in play...
and imports no other scene, so the scenes form no circle.  Each scene's module is
imported when it is first gone to: the main menu must appear fast (issue 2 bench).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.scene import Host
    from rules.core import Match


class SceneRoutes:
    """`Routes` of one app: each place builds its scene and puts it on the app's stack."""

    def __init__(self, app: Host) -> None:
        self.app = app

    def menu(self) -> None:
        from game.scenes.menu import MenuScene

        self.app.reset(MenuScene(self.app))

    def setup(self, title_id: str | None = None) -> None:
        from game.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app, title_id))

    def load(self) -> None:
        from game.scenes.load import LoadScene

        self.app.push(LoadScene(self.app))

    def settings(self) -> None:
        from game.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def rules(self) -> None:
        from game.scenes.rules_reader import RulesScene

        self.app.push(RulesScene(self.app))

    def play(self, match: Match, *, replace: bool = False, save_path: Path | None = None) -> None:
        from game.scenes.play import PlayScene

        scene = PlayScene(self.app, match, save_path=save_path)
        if replace:
            self.app.replace(scene)
        else:
            self.app.push(scene)

    def saved_game(self, path: Path) -> str | None:
        from game.scenes.play_files import open_saved_game

        return open_saved_game(self.app, path)

    def game_over(self, match: Match, hints_used: int) -> None:
        from game.scenes.game_over import GameOverScene

        self.app.push(GameOverScene(self.app, match, hints_used))

    def replay(self, match: Match, source: Path | None = None) -> None:
        from game.scenes.replay import watch

        watch(self.app, match, source)

    def saved_replay(self, path: Path) -> str | None:
        from game.scenes.replay import watch_saved

        return watch_saved(self.app, path)

    def import_replay(self) -> None:
        from game.scenes.replay_import import ImportScene

        self.app.push(ImportScene(self.app))

    def statistics(self) -> None:
        from game.scenes.statistics import StatisticsScene

        self.app.push(StatisticsScene(self.app))
