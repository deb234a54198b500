"""A whole game of Godzina policyjna played through its table with synthetic clicks, headless.

The sensible bot decides what the player wants; the test does it the way a person would
(Stawka's clicks: the agent figure, a lit space, a side-menu button; the scenario's own
decisions: their buttons).  After each activation the German agents' steps are replayed
on the table, a space at a time, each with its log line naming its rule.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.app import App
from game.curfew.screen import CurfewScreen
from game.scenes.game_over import GameOverScene
from game.scenes.play import PlayScene
from game.titles import SCREENS
from rules.core import Dice, Match, seed_state
from rules.curfew.actions import AssignColour, Choose, SpreadEvidence
from rules.curfew.state import CurfewState
from rules.curfew.title import TITLE
from rules.stawka.actions import GiveUp
from tests.driver import Driver
from tests.stawka.test_ui import Click, clicks_for, press


def test_the_curfew_table_is_registered() -> None:
    assert SCREENS["curfew"] is CurfewScreen


@pytest.mark.parametrize("seed", [3])
def test_a_whole_game_by_clicks(animated: App, seed: int) -> None:
    app = animated
    driver = Driver(app)
    match = Match(TITLE, TITLE.default_options(None), seed=seed)
    play = PlayScene(app, match, autosave=False)
    app.reset(play)
    driver.frames(2)
    bot = TITLE.make_bot("heuristic", "polish")
    dice = Dice(seed_state(seed))
    own = replays = walks = 0
    captions: set[str] = set()
    for _ in range(3000):
        top = app.top
        if isinstance(top, GameOverScene):
            break
        assert top is play and play.viewer == match.to_act() == "polish"
        screen = play.screen
        assert isinstance(screen, CurfewScreen)
        state = match.state
        assert isinstance(state, CurfewState)
        wanted = TITLE.bot_action(bot, state, dice)
        before = len(match.actions)
        if isinstance(wanted, (AssignColour, SpreadEvidence, Choose)):
            buttons = [rect for rect, action, _ in screen.choice_buttons if action == wanted]
            assert buttons, f"no button for {wanted!r}"
            driver.click_at(buttons[0].center)
            own += 1
        else:
            clicks: list[Click] = clicks_for(screen, wanted)
            press(driver, screen, clicks)
        assert len(match.actions) == before + 1, f"clicking for {wanted!r} did nothing"
        assert match.actions[-1] == wanted, (match.actions[-1], wanted)
        if screen.frames:
            replays += 1
            captions.update(frame.caption for frame in screen.frames)
            walking = [frame for frame in screen.frames if " heads for " in frame.caption]
            if walking:
                # A walk is shown a space at a time: each frame of one walk has the German
                # agent a space further (he may come back to where he began: to a Polish
                # agent, then on; a walk of one space is one frame).
                for first, second in itertools.pairwise(walking):
                    assert first.caption != second.caption or first.spaces != second.spaces
                walks += 1
    assert isinstance(app.top, GameOverScene), "the game did not finish"
    outcome = match.outcome()
    assert outcome is not None and outcome.key.startswith(("curfew.rating.", "curfew.lost."))
    assert own >= 4 + 10, "the four colours and the ten evidence by their buttons"
    assert replays > 5, "the German steps were shown after the player's activations"
    assert walks > 3
    assert any(caption.startswith("Rule A:") for caption in captions), captions


def test_a_click_ends_the_german_replay_so_it_aims_at_the_table_as_it_is(animated: App) -> None:
    app = animated
    match = Match(TITLE, TITLE.default_options(None), seed=5)
    play = PlayScene(app, match, autosave=False)
    app.reset(play)
    bot = TITLE.make_bot("heuristic", "polish")
    dice = Dice(seed_state(5))
    screen = play.screen
    assert isinstance(screen, CurfewScreen)
    while not screen.frames:
        state = match.state
        assert isinstance(state, CurfewState)
        play.submit(TITLE.bot_action(bot, state, dice))
    assert screen.frame() is not None
    screen.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3))
    assert screen.frame() is None


def test_ending_the_stage_with_ap_left_asks_in_the_scenario_s_words(app: App) -> None:
    """The button says "End the stage", so the question before it does too (not Stawka's
    "Give up"; the catalog test holds the Polish one to the same keys)."""
    match = Match(TITLE, TITLE.default_options(None), seed=5)
    bot = TITLE.make_bot("heuristic", "polish")
    dice = Dice(seed_state(5))
    while True:
        state = match.state
        assert isinstance(state, CurfewState)
        if any(isinstance(a, GiveUp) for a in TITLE.legal_actions(state)):
            break
        match.act(TITLE.bot_action(bot, state, dice))
    play = PlayScene(app, match, viewer="polish", autosave=False)
    app.reset(play)
    screen = play.screen
    assert isinstance(screen, CurfewScreen)
    asked = screen.confirmation(GiveUp())
    assert asked is not None
    question, yes = asked
    ap = match.state.sides["polish"].ap  # type: ignore[attr-defined]
    assert question == f"You still have {ap} AP. End the stage now?" and yes == "End the stage"


@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_game_over_screen_shows_the_rating_table_with_the_score_in_it(app: App, language: str) -> None:
    """The rating table ("Ocena wyników") under the score, one band a row, the band of the
    score lit with the score beside it, between the scores and the log, in both languages."""
    from game.scenes import game_over
    from tests.ui.gallery import rated_curfew

    app.apply_settings(app.settings.model_copy(update={"language": language}))
    match = rated_curfew()
    scene = GameOverScene(app, match)
    app.reset(scene)
    Driver(app).frames(2)
    outcome = match.outcome()
    assert outcome is not None and outcome.result == "score" and len(outcome.bands) == 5
    layout = scene.layout()
    assert layout.bands_top >= layout.scores_top + 26 + game_over.SCORE_ROW
    assert layout.rule_y >= layout.bands_top + 26 + 5 * game_over.BAND_ROW
    assert layout.log.top > layout.rule_y and layout.log.height > 150
    spans = [scene.band_span(b) for b in outcome.bands]
    assert spans[0].endswith("4") and spans[1] == "5–9" and "18" in spans[-1]
    assert all(spans) and len(set(spans)) == 5


def test_the_networks_rows_count_only_the_polish_location_cards(app: App) -> None:
    """ "W grze nie są także używane karty reakcji!" (no reaction cards are used): the
    Polish row counts his location cards alone ("L 3", no "R 0"), the German row none (his
    agents hold no location cards: their deck is the rules' nine), and the hover panel of the
    player's cards has no reaction section."""
    from tests.ui.gallery import played
    from tests.ui.geometry import recording
    from tests.ui.party_scenes import show

    match = played(Match(TITLE, TITLE.make_options(None, {}, {}), seed=7), 14)
    assert match.state.phase == "activations" and match.state.sides["polish"].location_hand.cards
    held = len(match.state.sides["polish"].location_hand.cards)
    with pytest.MonkeyPatch.context() as monkeypatch, recording(monkeypatch) as drawn:
        scene = show(app, lambda made: PlayScene(made, match, autosave=False))
        screen = scene.screen
        assert isinstance(screen, CurfewScreen)
        pygame.mouse.set_pos(screen.side_row("polish").center)
        Driver(app).frames(3)
    texts = [text for text, _ in drawn.texts]
    assert any(text.startswith(f"L {held}") for text in texts), texts
    assert not any(text.startswith("R ") or "R 0" in text for text in texts), texts
    assert not any("L 0" in text for text in texts), "the German row counts no cards"
    reactions = app.ctx.t("stawka.ui.cards.reactions", held=0, limit=3).upper()
    assert app.ctx.t("stawka.ui.cards.locations", held=held, limit=3).upper() in texts
    assert reactions not in texts
