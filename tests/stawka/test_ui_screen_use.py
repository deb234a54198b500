"""Use the screen (issue 11, point 7): the players take one line of the header, not
rows at the top of the side panel, so the log gets the side; a name that fits is shown
whole (six long names sharing the line: tests/ui/test_layout_fits.py); the board takes
most of the table whatever its shape."""

from __future__ import annotations

import pytest

from game.app import App
from game.scenes.play import PlayScene
from game.scenes.play_bar import CONTROLS_TOP, HEADER, PLAYERS, SIDE, log_area
from game.stawka.screen import StawkaScreen
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


def board_in_play(app: App, scenario: str) -> StawkaScreen:
    """The Stawka table of a new game of `scenario`, as the play scene lays it out."""
    match = Match(TITLE, TITLE.make_options(scenario, {"german": SeatConfig(bot="random")}), seed=1)
    play = PlayScene(app, match, viewer="polish", autosave=False)
    app.reset(play)
    app.frame(1 / 60, events=[])
    assert isinstance(play.screen, StawkaScreen)
    return play.screen


@pytest.mark.parametrize(("scenario", "across"), [("training-1", True), ("training-2", False)])
def test_the_board_fills_most_of_the_table(app: App, scenario: str, across: bool) -> None:
    """Training 1's one-row board lies across the table with the panels under it; training
    2's square one beside them: either way the fitted board spans the table along one axis
    and covers most of it (training 1 beside the panels covered a third: 764x382), and the
    key to its symbols is shown."""
    screen = board_in_play(app, scenario)
    table, board = screen.rect, screen.board.board_rect()
    assert screen.table.across is across
    assert table.contains(board) and not board.colliderect(screen.side_rect)
    assert board.width >= 0.9 * table.width or board.height >= 0.9 * table.height
    assert board.width * board.height >= 0.55 * table.width * table.height
    panels = [screen.table.sides, screen.table.tracks, screen.side_row("german")]
    panels += [screen.agent_row(agent.id) for agent in screen.stawka_view.agents]
    assert all(screen.side_rect.contains(panel) for panel in panels)
    # The key stays: a column of the band across, the board's empty tile place beside.
    meanings = set(screen.tips.cut.values())
    assert app.ctx.t("stawka.ui.legend.street") in meanings
