"""Seeing what just happened on the Stawka table (issue 11, point 4), driven through the
real play scene headless: figures slide along the path the rules moved them on, the
last mover is ringed, the one who acted sees it before the curtain, and the next
person gets a recap of the public moves they missed.  Instant animations skip it all.
"""

from __future__ import annotations

import math
from itertools import pairwise

import pytest

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.play import PlayScene
from game.scenes.seating import HANDOVER_SECONDS
from game.stawka.board_view import LAST_MOVE
from game.stawka.motion import ROLL_SECONDS, STEP_SECONDS, LastMove
from game.stawka.screen import StawkaScreen
from game.ui.naming import event_text
from rules.core import Dice, Match, seed_state
from rules.core.model import SeatConfig
from rules.stawka.actions import Converse, Move
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from tests.driver import Driver, wait_for_bot
from tests.stawka.build import in_activations

FRAME = 1 / 60
PATH = ("hitlerplatz.10", "hitlerplatz.16", "theatre")
"""The rules' path for Kloss from the Hotel to the Theatre (3 AP: his side's whole pool)."""


def hot_seat(app: App) -> tuple[PlayScene, StawkaScreen, Match]:
    """Two people at the screen; Polish to act with 3 AP, Kloss at the Hotel."""
    match = Match(TITLE, TITLE.default_options("training-1"), seed=1)
    match.state = in_activations({"kloss": "hotel", "glaubel": "theatre"}, ap=3)
    assert not any(match.is_bot(seat) for seat in match.seats())
    play = PlayScene(app, match, viewer="polish", autosave=False)
    app.reset(play)
    Driver(app).frames(2)
    assert isinstance(play.screen, StawkaScreen)
    return play, play.screen, match


def shown(play: PlayScene) -> StawkaScreen:
    """The table the play scene shows now (after a curtain it is drawn anew)."""
    assert isinstance(play.screen, StawkaScreen)
    return play.screen


def frames(app: App, count: int) -> None:
    """`count` frames, each followed by waiting for a thinking bot (`wait_for_bot`)."""
    for _ in range(count):
        app.frame(FRAME, events=[])
        wait_for_bot(app)


def test_a_figure_slides_along_the_rules_path_and_ends_on_its_place(animated: App) -> None:
    app = animated
    play, screen, match = hot_seat(app)
    start = screen.board.agent_points(screen.stawka_view)["kloss"]
    play.submit(Move(agent="kloss", to="theatre"))
    assert match.log[-2].data["path"] == list(PATH), "the rules chose this path"
    assert screen.motion.sliding() == {"kloss"}
    board = screen.board
    seen = [screen.motion.where(board, screen.stawka_view, "kloss")]
    while screen.motion.sliding():
        frames(app, 1)
        seen.append(screen.motion.where(board, screen.stawka_view, "kloss"))
    points = [p for p in seen if p is not None]
    assert points[0] == start, "it sets off from where it stood"
    duration = len(PATH) * STEP_SECONDS
    assert len(points) == pytest.approx(duration / FRAME, abs=2), "over the time its steps take"
    # Through every space of its path, in order (each within a few pixels of some frame).
    nearest = [
        min(range(len(points)), key=lambda i: math.dist(points[i], board.space_point(s))) for s in PATH
    ]
    assert nearest == sorted(nearest) and len(set(nearest)) == len(PATH)
    for space, index in zip(PATH[:-1], nearest, strict=False):
        assert math.dist(points[index], board.space_point(space)) < 8, space
    gaps = [math.dist(a, b) for a, b in pairwise(points)]
    assert max(gaps) < 40, "it slides, it does not jump"
    final = board.agent_points(screen.stawka_view)["kloss"]
    assert math.dist(points[-1], final) < 3
    assert screen.motion.where(board, screen.stawka_view, "kloss") is None, "arrived: drawn in place"


def test_the_last_mover_and_his_target_are_ringed_on_the_board(animated: App) -> None:
    app = animated
    play, screen, _ = hot_seat(app)
    play.submit(Move(agent="kloss", to="theatre"))
    assert screen.motion.last == LastMove("kloss", "theatre")
    Driver(app).click(play.handover_ok)
    curtain = app.top
    assert isinstance(curtain, CurtainScene)
    Driver(app).click(curtain.reveal)
    screen = shown(play)  # the table drawn anew for the German player
    frames(app, round(1.0 / FRAME))  # the replayed slide ends
    assert not screen.motion.sliding()
    assert screen.motion.last == LastMove("kloss", "theatre")
    view = screen.stawka_view
    kloss = screen.board.agent_points(view)["kloss"]
    ring = screen.board.figure_radius() + 8  # the middle of its 3 pixels
    canvas = app.canvas
    lit = [
        canvas.get_at((round(kloss[0] + ring * math.cos(a / 8)), round(kloss[1] + ring * math.sin(a / 8))))[
            :3
        ]
        for a in range(50)
    ]
    assert lit.count(LAST_MOVE) > 25, "a ring of the last-move colour round Kloss"

    # Glaubel talks to Kloss: the ring goes to the talker, his target is Kloss.
    play.submit(Converse(agent="glaubel", target="kloss"))
    assert screen.motion.last == LastMove("glaubel", "kloss")


def test_the_one_who_acted_sees_it_before_the_curtain_then_the_next_gets_a_recap(animated: App) -> None:
    app = animated
    play, screen, match = hot_seat(app)
    driver = Driver(app)
    play.submit(Move(agent="kloss", to="theatre"))
    assert app.top is play and play.viewer == "polish", "no curtain while the figure walks"
    assert play.seating.handing_to == "german" and play.handover_ok is not None
    frames(app, round((len(PATH) * STEP_SECONDS + HANDOVER_SECONDS) / FRAME) + 2)
    curtain = app.top
    assert isinstance(curtain, CurtainScene), "after a short pause the curtain comes by itself"
    driver.click(curtain.reveal)
    assert play.viewer == "german"
    screen = shown(play)  # the table drawn anew for the German player
    polish_did = [event_text(app.ctx, match, e) for e in match.log[-2:]]
    assert play.recap.lines == polish_did
    assert any("Theatre" in line for line in play.recap.lines)
    assert screen.motion.sliding() == {"kloss"}, "the German player sees Kloss walk too"
    assert play.recap.ok is not None
    driver.click(play.recap.ok)
    assert play.recap.lines == []


def test_a_roll_stays_to_be_read_until_ok_then_the_other_sees_it_in_the_recap(animated: App) -> None:
    app = animated
    match = Match(TITLE, TITLE.default_options("training-1"), seed=1)
    match.state = in_activations({"kloss": "theatre", "glaubel": "theatre"}, ap=1, turn="german")
    play = PlayScene(app, match, viewer="german", autosave=False)
    app.reset(play)
    driver = Driver(app)
    driver.frames(2)
    screen = play.screen
    assert isinstance(screen, StawkaScreen)
    play.submit(Converse(agent="glaubel", target="kloss"))  # a rank roll, then Polish to act
    assert match.to_act() == "polish"
    assert screen.last_roll is not None and screen.showing()
    assert app.top is play and play.seating.handing_to == "polish"
    frames(app, round(ROLL_SECONDS / FRAME / 2))
    assert app.top is play and play.viewer == "german", "the roll stays to be read"
    driver.click(play.handover_ok)
    curtain = app.top
    assert isinstance(curtain, CurtainScene), "OK hands over at once"
    driver.click(curtain.reveal)
    assert play.viewer == "polish"
    screen = shown(play)  # the table drawn anew for the Polish player
    roll = next(e for e in reversed(match.log) if e.kind == "roll")
    assert event_text(app.ctx, match, roll) in play.recap.lines
    assert screen.last_roll == roll, "the Polish player sees the dice too"


def test_instant_skips_every_motion_and_pause(app: App) -> None:
    assert app.settings.animation_speed == 0.0  # the tests' default
    play, screen, _ = hot_seat(app)
    play.submit(Move(agent="kloss", to="theatre"))
    assert not screen.motion.sliding() and not screen.showing()
    assert isinstance(app.top, CurtainScene), "the curtain at once"
    assert play.seating.handing_to is None


def test_a_bot_waits_for_the_slide_and_the_dice(animated: App) -> None:
    app = animated
    options = TITLE.make_options("training-1", {"german": SeatConfig(bot="random")})
    match = Match(TITLE, options, seed=1)
    match.state = in_activations({"kloss": "hotel", "glaubel": "theatre"}, ap=3)
    play = PlayScene(app, match, viewer="polish", autosave=False)
    app.reset(play)
    frames(app, 2)
    play.submit(Move(agent="kloss", to="theatre"))
    acted = len(match.actions)
    frames(app, round(len(PATH) * STEP_SECONDS / FRAME) - 4)
    assert len(match.actions) == acted, "the computer waits until the figure has walked"
    frames(app, 10 + round(app.bot_delay / FRAME))
    assert len(match.actions) > acted


def test_the_frame_stays_still_once_the_figure_has_arrived(animated: App) -> None:
    """While the one who acted looks at the result, nothing is drawn again (the table's
    layer is kept): only the frames of the walk differ."""
    app = animated
    play, _, _ = hot_seat(app)
    play.submit(Move(agent="kloss", to="theatre"))
    looks = []
    for _ in range(10):
        frames(app, 1)
        looks.append(play.still())
    assert None not in looks and all(a != b for a, b in pairwise(looks)), (
        "each frame of the walk is a new picture"
    )
    frames(app, round(len(PATH) * STEP_SECONDS / FRAME))
    settled = play.still()
    frames(app, 10)
    assert app.top is play and play.seating.handing_to is not None
    assert settled is not None and play.still() == settled


def test_the_recap_tells_only_what_both_may_see(app: App) -> None:
    """I Know Who You Are, two people at the screen: every recap lists the public events
    since that person last looked, never the other side's secrets (its face-down threat
    tokens, its mission cards) nor where the Polish player hid the radio station."""
    match = Match(TITLE, TITLE.default_options("i-know-who-you-are"), seed=3)
    play = PlayScene(app, match, autosave=False)
    app.reset(play)
    driver = Driver(app)
    driver.frames(2)
    bots = {seat: TITLE.make_bot("random", seat) for seat in match.seats()}
    dice = Dice(seed_state(5))
    shown_since: dict[str, int] = {seat: len(match.log) for seat in match.seats()}
    recaps, radio_told = 0, False
    for _ in range(60):
        top = app.top
        if isinstance(top, CurtainScene):
            seat = match.to_act()
            assert seat is not None
            span = match.log[shown_since[seat] :]
            driver.click(top.reveal)
            public = [event_text(app.ctx, match, e) for e in span if e.visible_to is None]
            secret = {event_text(app.ctx, match, e) for e in span if not e.seen_by(seat)}
            assert play.recap.lines == public
            assert not secret & set(play.recap.lines)
            recaps += bool(public)
            if seat == "german" and any(e.key == "stawka.radio_hidden" for e in span):
                state = match.state
                assert isinstance(state, StawkaState) and state.radio is not None
                hidden = state.radio.location
                assert hidden is not None
                line = next(line for line in play.recap.lines if "radio" in line)
                assert play.screen.labels.location(hidden) not in line  # type: ignore[attr-defined]
                radio_told = True
            continue
        seat = match.to_act()
        if seat is None:
            break
        state = match.state
        assert isinstance(state, StawkaState)
        play.submit(TITLE.bot_action(bots[seat], state, dice))
        for other in match.seats():
            if other != match.to_act() and other == seat:
                shown_since[other] = len(match.log)
    assert recaps > 5 and radio_told


def test_the_black_audi_drives_along_its_path(animated: App) -> None:
    """ "Top Secret": the car slides from its space along the streets the rules drove it on."""
    from game.stawka import film_figures
    from rules.stawka.actions import DriveAudi
    from rules.stawka.state import TopSecret

    app = animated
    agents = {"kloss": "abwehr", "barbara_reczko": "design_office", "hermann_brunner": "gestapo"}
    state = in_activations(agents, turn="german", scenario="top-secret")
    polish = state.sides["polish"].model_copy(update={"gave_up": True})
    figures = (state.top_secret or TopSecret()).model_copy(update={"audi": "factory.13"})
    match = Match(TITLE, TITLE.default_options("top-secret"), 1)
    match.state = state.with_side("polish", polish).model_copy(update={"top_secret": figures})
    play = PlayScene(app, match, viewer="german", autosave=False)
    app.reset(play)
    frames(app, 2)
    screen = play.screen
    assert isinstance(screen, StawkaScreen)
    start = screen.board.space_point("factory.13")
    play.submit(DriveAudi(to="factory"))
    drove = next(e for e in match.log if e.key == "stawka.audi_drove")
    assert film_figures.AUDI in screen.motion.sliding()
    seen = []
    while screen.motion.sliding():
        point = screen.motion.where(screen.board, screen.stawka_view, film_figures.AUDI)
        assert point is not None
        seen.append(point)
        frames(app, 1)
    assert seen[0] == start
    assert math.dist(seen[-1], screen.board.space_point(str(drove.data["path"][-1]))) < 12
    assert len(seen) > 5, "it drives, it does not jump"
