"""Use the screen (issue 11, point 7): the players take one line of the header, not
rows at the top of the side panel, so the log gets the side; a name that fits is shown
whole (six long names sharing the line: tests/ui/test_layout_fits.py)."""

from __future__ import annotations

from game.app import App
from game.scenes.play import CONTROLS_TOP, HEADER, PLAYERS, SIDE, PlayScene, log_area
from game.ui.naming import player_name
from rules.core import Match
from rules.core.model import SeatConfig
from rules.stawka.title import TITLE


def test_the_players_are_a_line_of_the_header_and_the_log_has_the_side(app: App) -> None:
    options = TITLE.make_options("training-1", {"german": SeatConfig(bot="random")})
    match = Match(TITLE, options, seed=1)
    play = PlayScene(app, match, viewer="polish", autosave=False)
    app.reset(play)
    app.frame(1 / 60, events=[])
    slots = play.player_slots()
    assert len(slots) == 2
    assert all(HEADER.contains(slot) and PLAYERS.contains(slot) for slot in slots)
    assert slots[0].right <= slots[1].left, "side by side, in seat order"
    face = app.ctx.font(17, True)
    polish = player_name(app.ctx, match, "polish")
    assert slots[0].width >= face.size(polish)[0], "a name that fits is shown whole"
    log = log_area(len(match.seats()))
    assert log.top < SIDE.y + 60 and log.bottom < CONTROLS_TOP
    assert log.height > 0.7 * SIDE.height, "the log has most of the side"
