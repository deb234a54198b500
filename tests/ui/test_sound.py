"""Sound effects: made without files, played for the events the screen may show, never
behind the curtain for anything private, silent when switched off or without a device."""

from __future__ import annotations

import logging
from typing import Any

import pygame
import pytest

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.ui import sound
from game.ui.sound import LOUDEST_FIRST, SOUND_FOR_KIND, SYNTHS, Sounds, effect_for
from rules.core import Event, Match, SeatConfig
from rules.registry import TITLES
from tests.driver import Driver
from tests.toy_title import TOY


def heard(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The effects the app plays from now on, in order."""
    played: list[str] = []
    monkeypatch.setattr(app.sounds, "play", played.append)
    return played


def test_every_effect_is_made_and_plays_on_the_dummy_device() -> None:
    sounds = Sounds(lambda: True)
    for effect in SYNTHS:
        sounds.play(effect)
    assert pygame.mixer.get_init() is not None
    lengths = {effect: made.get_length() for effect, made in sounds._effects.items()}
    assert set(lengths) == set(SYNTHS)
    assert all(0.05 < seconds < 1.0 for seconds in lengths.values()), lengths


def test_the_table_names_only_effects_that_exist() -> None:
    assert set(SOUND_FOR_KIND.values()) <= set(SYNTHS)
    assert set(LOUDEST_FIRST) == set(SOUND_FOR_KIND.values())


def test_one_action_plays_its_most_telling_effect() -> None:
    swap = Event(kind="swap", key="k")
    unmask = Event(kind="unmask", key="k")
    assert effect_for([swap, unmask, Event(kind="extra_turn", key="k")]) == "reveal"
    assert effect_for([swap]) == "place"
    assert effect_for([Event(kind="extra_turn", key="k")]) is None


def test_switched_off_it_never_opens_the_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[object] = []

    def record(*args: Any, **kwargs: Any) -> None:
        opened.append(args)

    monkeypatch.setattr(pygame.mixer, "init", record)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    sounds = Sounds(lambda: False)
    sounds.warm()
    sounds.play("dice")
    sounds.play_events([Event(kind="roll", key="k")])
    assert opened == [], "the mixer was opened with sound off"


def test_without_an_audio_device_it_is_silent_and_says_so_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    tries = []

    def no_device(*args: Any, **kwargs: Any) -> None:
        tries.append(1)
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds(lambda: True)
    with caplog.at_level(logging.WARNING, logger="siatka.sound"):
        sounds.warm()
        for effect in SYNTHS:
            sounds.play(effect)
    assert len(tries) == 1, "it gives up after the first failure"
    assert [record.getMessage() for record in caplog.records] == ["No sound: No available audio device"]


def test_the_settings_switch_silences_the_app(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    monkeypatch.setattr(sound, "_sound", lambda *made_with: made.append("made"))
    app.apply_settings(app.settings.model_copy(update={"sound": False}))
    app.sounds.play("dice")
    assert made == []


@pytest.mark.usefixtures("toy_registered")
def test_a_bots_private_event_is_not_heard(app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """One person against a bot: the bot's secret pick makes no sound, the public die does."""
    monkeypatch.setitem(SOUND_FOR_KIND, "pick", "place")
    seats = {"odd": SeatConfig(name="Ola"), "even": SeatConfig(name="Bot", bot="random")}
    app.reset(MenuScene(app))
    app.push(PlayScene(app, Match(TOY, TOY.options_model(seats=seats), seed=1)))
    driver.frames(2)
    play = app.top
    assert isinstance(play, PlayScene) and play.viewer == "odd"
    played = heard(app, monkeypatch)
    play.submit({"type": "pick", "number": 2})
    assert played == ["place"], "your own secret pick is yours to hear"
    play.submit({"type": "confirm"})
    assert played == ["place"], "confirming passes to the bot: no chord for a bot's turn"
    for _ in range(50):  # the bot picks (private, maybe more than once) and confirms
        driver.frames(1)
        if play.match.to_act() != "even":
            break
    bot_picks = [e for e in play.match.log if e.kind == "pick" and e.visible_to == ("even",)]
    assert bot_picks and play.match.to_act() == "odd", "this seed's bot picked and confirmed"
    assert played == ["place", "dice", "turn"], "the public die and Ola's turn; nothing of the bot's pick"


def test_behind_the_curtain_only_public_events_sound(
    app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Doppelnull set-up by two people: placing an agent is private to its owner.  The
    last placement hands over to the other person; its sound must not play then."""
    monkeypatch.setitem(SOUND_FOR_KIND, "place", "reveal")
    for public in ("placed", "remove"):  # silent here, so that only the private kind sounds
        monkeypatch.delitem(SOUND_FOR_KIND, public)
    title = TITLES["doppelnull"]
    seats = {"male": SeatConfig(name="Ola"), "female": SeatConfig(name="Ewa")}
    options = title.make_options(None, seats, {"starter": "random"})
    app.reset(MenuScene(app))
    app.push(PlayScene(app, Match(title, options, seed=4)))
    driver.frames(2)
    play = next(scene for scene in app.scenes if isinstance(scene, PlayScene))
    played = heard(app, monkeypatch)
    handovers_after_a_placement = 0
    for _ in range(60):
        if isinstance(app.top, CurtainScene):
            driver.click(app.top.reveal)
        if play.match.state.pending == () or play.match.to_act() is None:
            break
        seat = play.match.to_act()
        action = play.match.title.legal_actions(play.match.state)[0]
        del played[:]
        play.submit(action)
        kinds = {event.kind for event in play.match.log[-3:]}
        if isinstance(app.top, CurtainScene):
            assert "reveal" not in played, f"{seat}'s private placement sounded behind the curtain"
            assert played == ["turn"]
            handovers_after_a_placement += "place" in kinds
        elif "place" in kinds:
            assert played == ["reveal"], "the owner hears the agent placed"
    assert handovers_after_a_placement >= 1
