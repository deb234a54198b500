"""The play scene carries out who sits at the screen (issue 33, point 4): what
`game.scenes.seating` decides without pygame - the game-over scene, the computers' turn
seen as everyone may see it, the hand-over's moment, the curtain and the recap after it -
done on the scene's table, log, buttons and scene stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.scenes.play_files import GameFile, refresh_table, screen_for
from game.scenes.play_input import PlayInput, PlayTable
from game.scenes.seating import HANDOVER_SECONDS
from game.ui.anim import seconds
from game.ui.naming import player_name
from rules.core import Seat

if TYPE_CHECKING:
    from game.scenes.bot_worker import BotSeats, HintWorker
    from game.scenes.play_bar import PlayBar
    from game.scenes.seating import Seating


class HandOverScene(PlayTable, Protocol):
    """What `HandOver` uses of the play scene besides the table around it: who sits at the
    screen, the computers and the hint, the game's file, the header and the log."""

    seating: Seating
    computers: BotSeats
    hint: HintWorker
    file: GameFile
    input: PlayInput
    bar: PlayBar
    hints_used: int
    autosave: bool

    def refresh_log(self) -> None: ...


class HandOver:
    """What comes next at one play scene's screen (`settle`), done."""

    def __init__(self, scene: HandOverScene) -> None:
        self.scene = scene

    def settle(self) -> None:
        """After a change: end the game, hand over behind the curtain, or let a bot think
        (`Seating.next`).  A move the table makes for a person by itself (`TitleScreen.waiver`)
        is made first."""
        scene, seating = self.scene, self.scene.seating
        step = seating.next(scene.screen.showing())
        if step == "over":
            scene.keep_settings(scene.coach.finished(scene.app.settings))  # what the guide showed is kept
            scene.app.go.game_over(scene.match, scene.hints_used)
            return
        seat = scene.match.to_act()
        waived = scene.screen.waiver(seat) if seat is not None and not scene.match.is_bot(seat) else None
        if waived is not None:
            scene.submit(waived)
            return
        if step == "leave":  # from now on the table shows only what everyone may see
            seating.leave()
            # What just happened goes on moving, as everyone may see it.
            refresh_table(scene.screen, scene.match, None)
            self.quiet()
        if step in ("leave", "stay"):
            scene.computers.wait = 0.0
            refresh_table(scene.screen, scene.match, scene.viewer)
        elif seat is None or step == "wait":
            return
        elif step == "come_back":
            seating.come_back(seat)
            self.clean_slate(seat)
            scene.refresh_log()
        elif step == "hold":
            seating.hold(seat, seconds(HANDOVER_SECONDS, scene.app.settings))
            scene.rebuild_widgets()
        elif step == "curtain":
            self.curtain(seat)
        elif step == "switch":
            seating.switch(seat)
            refresh_table(scene.screen, scene.match, seat)
            scene.refresh_log()

    def quiet(self) -> None:
        """Nobody's view at the screen: the public log, no help, no hint coming."""
        self.scene.refresh_log()
        self.scene.help_open = False
        self.scene.hint.drop()

    def end_hold(self) -> None:
        """The moment is over: the curtain for the person waiting (if it is still their turn)."""
        seat = self.scene.seating.end_hold()
        self.scene.rebuild_widgets()
        self.curtain(seat) if seat is not None else self.settle()

    def curtain(self, seat: Seat) -> None:
        """Put up the curtain for `seat`; the view is drawn only after that person's click
        (or PIN), the recap of what the others did since then over the side panel."""
        from game.scenes.curtain import CurtainScene

        scene = self.scene
        scene.seating.curtain()
        refresh_table(scene.screen, scene.match, None)
        self.quiet()

        def reveal() -> None:
            happened = scene.seating.reveal(seat)
            self.clean_slate(seat)
            scene.app.pop()
            scene.recap.show(happened)
            if happened is not None:
                events, since = happened  # the table is shown that moment as the seat saw it
                scene.screen.recap(events, scene.match.title.view(since, seat))
                scene.rebuild_widgets()

        def missed(count: int) -> None:
            scene.seating.missed(seat, count)
            news = scene.file.autosave(scene.ctx.t, scene.match) if scene.autosave else None
            if news is not None:  # kept with the game: leaving and loading it again starts no wait afresh
                scene.app.top.toasts.show(*news)

        config = scene.match.options.seats.get(seat)
        pin_matches = config.pin_matches if config is not None and config.pin is not None else None
        name = player_name(scene.ctx, scene.match, seat)
        misses = scene.match.pin_misses.get(seat, 0)
        left = scene.input.clicks.settle_left(scene.clock)
        curtain = CurtainScene(
            scene.app, name, reveal, scene.back_to_menu, pin_matches, misses, missed, settle=left
        )
        scene.app.push(curtain)

    def clean_slate(self, seat: Seat) -> None:
        """The table as `seat` finds it after the curtain: as if nobody had touched the
        screen before (issue 28, point 1).  A new title screen (no hover, pressed spot,
        selection, camera, animation, hint ring or tip of the last person's), the pointer
        where it is now, the log at its top, nothing open over the table, no hint coming;
        the still frame is composed anew.  The reveal button was clicked where the pointer
        is: a click there a moment later meets a table it did not aim at
        (`Clicks.appeared_under_pointer`)."""
        scene = self.scene
        pointer = scene.app.gui.get_mouse_position()
        scene.screen = screen_for(scene.app, scene.match, seat)
        scene.screen.mouse = pointer
        scene.log_box.reset()
        scene.help_open = False
        scene.hint.drop()
        scene.input.clicks.did(pointer, None, scene.clock)
        scene.bar.changed()
