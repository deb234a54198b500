"""The Stawka table draws every kind of moment, for both seats and a spectator, headless."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.settings import Settings
from game.stawka.screen import StawkaScreen
from game.ui.seat_view import SeatView
from rules.core import Dice, Match, seed_state
from rules.stawka.title import TITLE


@pytest.fixture
def app(siatka_home: Path) -> Iterator[App]:
    app = App(Settings(language="pl"))
    yield app
    while app.scenes:
        app.scenes.pop().exit()


@pytest.mark.parametrize(("scenario", "seed"), [("training-1", 3), ("training-2", 5)])
def test_every_moment_of_a_game_draws_for_every_seat(app: App, scenario: str, seed: int) -> None:
    match = Match(TITLE, TITLE.default_options(scenario), seed)
    bots = {seat: TITLE.make_bot("heuristic", seat) for seat in match.seats()}
    dice = Dice(seed_state(seed))
    surface = pygame.Surface((1600, 900))
    rect = pygame.Rect(16, 72, 1168, 772)
    screens = {
        seat: StawkaScreen(app.ctx, SeatView.of(match, seat), rect.copy()) for seat in (*match.seats(), None)
    }
    pending_kinds: set[str] = set()
    steps = 0
    while True:
        for seat, screen in screens.items():
            screen.refresh(SeatView.of(match, seat))
            screen.on_events(match.log_for(seat)[-5:])
            if screen.selected is None:
                screen.selected = next((a.agent for a in screen.legal if hasattr(a, "agent")), None)
                screen.refresh(SeatView.of(match, seat))
            screen.draw(surface)
            if seat is not None and match.to_act() == seat:
                assert screen.status_text(), "the seat to act is told what to do"
        state = match.state
        if state.pending:
            pending_kinds.add(state.pending[-1].kind)
        acting = match.to_act()
        if acting is None:
            break
        match.act(TITLE.bot_action(bots[acting], state, dice))  # type: ignore[arg-type]
        steps += 1
    assert match.outcome() is not None and steps > 50
    if scenario == "training-2":
        assert {"placement", "threat_place", "threat_trigger", "support"} <= pending_kinds
