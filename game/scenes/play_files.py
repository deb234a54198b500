"""A game's own save file, games opened to play and the table they are played on
(issue 33, point 4: out of the play scene).

After every action the game is written (atomically) to its own save file, made at its
first move (`game.saves`: no game ever overwrites another's); Save writes it at once, or
into a new file the game goes on in.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.saves import new_save_path
from game.scenes.play_bar import TABLE
from game.storage import atomic_write_text, explain, read_file
from game.ui.fallback_screen import FallbackScreen
from game.ui.messages import refusal
from game.ui.naming import title_name
from game.ui.seat_view import SeatView
from rules.core import Dice, Match, SaveError, Seat, seed_state
from rules.core.match import MAX_SAVE_BYTES

if TYPE_CHECKING:
    from game.ui.scene import Host
    from game.ui.title_screen import TitleScreen
    from game.ui.toast import Toasts

Translate = Callable[..., str]


class GameFile:
    """Where one game is saved, and whether the last autosave failed."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        """The game's own save file; None until a new game's first move makes it."""
        self.failing = False
        """Whether the last autosave failed: the player has been told, and is not told again."""

    def autosave(self, t: Translate, match: Match) -> tuple[str, str] | None:
        """Write the game to its own file (made at the first move); what to tell the player,
        only when saving starts or stops failing.

        A failed write leaves the file as the last good write left it (or none yet); the
        game goes on, and the next action tries again.
        """
        if self.path is None:
            self.path = new_save_path(match.title.id)
        try:
            atomic_write_text(self.path, match.to_json())
        except OSError as err:
            failing_before, self.failing = self.failing, True
            if failing_before:
                return None
            return t("app.play.autosave_failed", reason=explain(t, err)), "error"
        if self.failing:
            self.failing = False
            return t("app.play.autosave_works"), "info"
        return None

    def save(self, t: Translate, match: Match, as_new: bool = False) -> tuple[Path | None, str, str]:
        """Save into the game's own file (made now if the game has none yet), or into a new
        one that the game goes on in when `as_new` (the old file keeps the game as it was).

        Returns the file written (None when the disk refused) and what to tell the player.
        """
        path = self.path if self.path is not None and not as_new else new_save_path(match.title.id)
        try:
            atomic_write_text(path, match.to_json())
        except OSError as err:
            return None, t("app.play.not_saved", reason=explain(t, err)), "error"
        key = "app.play.saved_again" if path == self.path else "app.play.saved"
        self.path = path
        return path, t(key, name=path.name), "info"


def screen_for(app: Host, match: Match, seat: Seat | None, rect: pygame.Rect = TABLE) -> TitleScreen:
    """The title's registered table, or the plain fallback that lists legal actions, handed
    what `seat` may see of `match` (`SeatView`): never the match itself."""
    from game.titles import SCREENS

    screen_class = SCREENS.get(match.title.id, FallbackScreen)
    seen = SeatView.of(match, seat)
    screen = screen_class(app.ctx, seen, rect.copy())
    screen.refresh(seen)
    return screen


def refresh_table(screen: TitleScreen, match: Match, seat: Seat | None) -> None:
    """Hand `screen` what `seat` may see of `match` now (made anew only when the game or the
    seat changed: the same view keeps the table's drawing)."""
    if not screen.seat_view.shows(match, seat):
        screen.refresh(SeatView.of(match, seat))


def record_ended(toasts: Toasts, t: Translate, match: Match) -> None:
    """The game just ended by an action played at the play scene: add it to the statistics
    (issue 32, point 5), once; a finished save opened, a game watched again, or a scene that
    saves nothing (a screenshot, the bench) is not counted.  A failure is told in a toast."""
    from game.statistics import record

    for notice in record(match):
        toasts.show(notice.text(t), "error")


def open_saved_game(app: Host, path: Path) -> str | None:
    """Open a save file in a play scene; the reason, in the player's language, when it cannot be."""
    from rules.registry import TITLES, content_problem

    t = app.ctx.t
    try:
        data = read_file(path, MAX_SAVE_BYTES)
    except OSError as err:
        return t("app.load.unreadable", reason=explain(t, err))
    try:
        match = Match.from_json(data, TITLES)
    except SaveError as err:
        try:
            title_id = Match.peek(data).title
        except SaveError:
            return refusal(t, err)
        broken = content_problem(title_id)
        if broken is None:
            return refusal(t, err)
        reason = broken.splitlines()[0]  # a toast is one line
        return t("app.title.unavailable", title=title_name(app.ctx, title_id), reason=reason)
    app.go.play(match, save_path=path)
    return None


def bot_played_match(title_id: str, scenario: str | None, seed: int, steps: int) -> Match:
    """A game of `title_id` after `steps` random-bot actions (for screenshots and benchmarks)."""
    from rules.registry import TITLES

    title = TITLES[title_id]
    match = Match(title, title.default_options(scenario), seed)
    dice = Dice(seed_state(seed ^ 0xB07))
    bot = title.make_bot("random", match.to_act() or "")
    for _ in range(steps):
        if match.to_act() is None:
            break
        match.act(title.bot_action(bot, match.state, dice))
    return match
