"""Issue 10, point 12: an optional PIN per person, chosen at setup, asked by the curtain,
stored only as a salted hash."""

from __future__ import annotations

import json

import pygame
import pytest

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.setup import SetupScene
from rules.core import Match, SaveError, SeatConfig
from rules.core.model import hash_pin
from tests.driver import Driver
from tests.toy_title import TOY

pytestmark = pytest.mark.usefixtures("toy_registered")


def test_a_seat_keeps_a_salted_hash_never_the_pin() -> None:
    seat = SeatConfig(name="Ola", pin=hash_pin("2468"))
    assert seat.pin is not None and "2468" not in seat.pin.split("$")[-1]
    assert seat.pin_matches("2468") and not seat.pin_matches("2469") and not seat.pin_matches("")
    assert hash_pin("2468") != hash_pin("2468"), "salted: the same PIN hashes differently"
    assert SeatConfig(name="Ewa").pin_matches("anything"), "no PIN: nothing to ask"


def test_a_save_with_a_forged_pin_is_refused() -> None:
    match = Match(TOY, TOY.options_model(seats={"odd": SeatConfig(name="Ola", pin=hash_pin("1234"))}), seed=1)
    record = json.loads(match.to_json())
    assert record["options"]["seats"]["odd"]["pin"].startswith("pbkdf2_sha256$200000$")
    record["options"]["seats"]["odd"]["pin"] = "1234"
    with pytest.raises(SaveError) as caught:
        Match.from_json(json.dumps(record), titles={TOY.id: TOY})
    assert caught.value.params == {"field": "seats.odd.pin"}


def test_the_setup_offers_a_pin_to_each_person(app: App, driver: Driver) -> None:
    setup = SetupScene(app, "toy")
    app.reset(setup)
    driver.frames()
    assert set(setup.pin_entries) == {"odd"}, "the computer's seat has no PIN"
    pin = setup.pin_entries["odd"]
    assert pin.is_text_hidden and not pin.validate_text_string("12a4")
    pin.set_text("12")
    setup.start_game()
    assert [toast.text for toast in setup.toasts.items] == ["A PIN has 4 to 8 digits."]
    pin.set_text("2468")
    options = setup.options()
    assert options.seats["odd"].pin_matches("2468") and options.seats["even"].pin is None


def test_the_pin_fields_write_in_the_fields_font(app: App, driver: Driver) -> None:
    """Seen in a real 1280x720 window: the setup's "PIN" (and the curtain's dots) were
    drawn in pygame_gui's small monospace symbol font, about 11 px there, beside names in
    ours; the setup's and the curtain's PIN fields write in the font of the name fields."""
    setup = SetupScene(app, "toy")
    app.reset(setup)
    driver.frames()
    name, pin = setup.name_entries["odd"], setup.pin_entries["odd"]
    assert pin.hidden_font is not None and name.font is not None
    assert pin.hidden_font.size("PIN ●●●●") == name.font.size("PIN ●●●●"), "the setup's PIN field"
    curtain = hot_seat_with_a_pin(app, driver)
    assert curtain.pin is not None and curtain.pin.hidden_font is not None
    assert curtain.pin.hidden_font.size("●●●●") == name.font.size("●●●●"), "the curtain's PIN field"


def hot_seat_with_a_pin(app: App, driver: Driver) -> CurtainScene:
    """Ola (odd) has picked and confirmed; the curtain is up for Ewa, whose PIN is 2468."""
    seats = {"odd": SeatConfig(name="Ola"), "even": SeatConfig(name="Ewa", pin=hash_pin("2468"))}
    match = Match(TOY, TOY.options_model(seats=seats), seed=2)
    app.reset(MenuScene(app))
    app.push(PlayScene(app, match, viewer="odd"))
    driver.frames()
    play = app.top
    assert isinstance(play, PlayScene)
    play.submit({"type": "pick", "number": 1})
    play.submit({"type": "confirm"})
    driver.frames()
    curtain = app.top
    assert isinstance(curtain, CurtainScene) and curtain.name == "Ewa"
    return curtain


def test_the_curtain_asks_for_the_pin_and_waits_longer_after_each_wrong_one(app: App, driver: Driver) -> None:
    curtain = hot_seat_with_a_pin(app, driver)
    assert curtain.pin is not None and curtain.reveal is not None
    driver.click(curtain.reveal)
    assert app.top is curtain, "no PIN typed: no view"
    assert curtain.wrong == 1 and not curtain.reveal.is_enabled
    curtain.pin.set_text("1111")
    driver.click(curtain.reveal)
    assert app.top is curtain and curtain.wrong == 1, "locked: the try is not even checked"
    app.frame(1.0, events=[])
    assert curtain.reveal.is_enabled
    curtain.pin.set_text("1111")
    driver.click(curtain.reveal)
    assert curtain.wrong == 2 and curtain.locked == pytest.approx(2.0, abs=0.1)
    app.frame(2.0, events=[])
    curtain.pin.set_text("2468")
    driver.click(curtain.reveal)
    play = app.top
    assert isinstance(play, PlayScene) and play.viewer == "even"


def test_a_person_without_a_pin_just_clicks(app: App, driver: Driver) -> None:
    seats = {"odd": SeatConfig(name="Ola", pin=hash_pin("1357")), "even": SeatConfig(name="Ewa")}
    match = Match(TOY, TOY.options_model(seats=seats), seed=2)
    match.act({"type": "pick", "number": 1})
    match.act({"type": "confirm"})
    app.reset(PlayScene(app, match))
    driver.frames()
    curtain = app.top
    assert isinstance(curtain, CurtainScene) and curtain.name == "Ewa" and curtain.pin is None
    assert curtain.reveal is not None
    driver.click(curtain.reveal)
    assert isinstance(app.top, PlayScene)


def test_wrong_pins_count_for_the_whole_game_leaving_and_loading_it_between(app: App, driver: Driver) -> None:
    """Issue 28, point 3: five wrong PINs with Main menu -> Continue between them each cost
    one second more than the last (they each cost one before)."""
    curtain = hot_seat_with_a_pin(app, driver)
    waits = []
    for _ in range(5):
        assert curtain.pin is not None
        driver.type_into(curtain.pin, "1111")
        driver.key(pygame.K_RETURN)
        driver.frames(1)  # the field's "entered" reaches the curtain a frame later
        waits.append(round(curtain.locked))
        driver.click(curtain.menu)
        curtain = driver.from_menu("continue")  # type: ignore[assignment]
        assert isinstance(curtain, CurtainScene) and curtain.name == "Ewa"
        assert round(curtain.locked) == waits[-1], "coming back waits as long as the last wrong PIN earned"
        app.frame(curtain.locked + 0.1, events=[])
    assert waits == [1, 2, 3, 4, 5]
    driver.type_into(curtain.pin, "2468")
    driver.key(pygame.K_RETURN)
    driver.frames(1)
    assert isinstance(app.top, PlayScene) and app.top.viewer == "even"
    assert app.top.match.pin_misses == {"even": 0}, "the right PIN starts the count again"


def test_a_save_asking_for_ten_million_hash_rounds_is_refused() -> None:
    """A PIN hash with other rounds than the app writes would freeze the curtain for seconds
    a try: such a save is refused before any PIN is checked."""
    match = Match(TOY, TOY.options_model(seats={"odd": SeatConfig(name="Ola", pin=hash_pin("1234"))}), seed=1)
    record = json.loads(match.to_json())
    salt = record["options"]["seats"]["odd"]["pin"].split("$")[2]
    for rounds in (10_000_000, 1, 199_999):
        record["options"]["seats"]["odd"]["pin"] = f"pbkdf2_sha256${rounds}${salt}${'0' * 64}"
        with pytest.raises(SaveError) as caught:
            Match.from_json(json.dumps(record), titles={TOY.id: TOY})
        assert caught.value.params == {"field": "seats.odd.pin"}


def test_digits_typed_while_the_curtain_is_locked_are_cleared(app: App, driver: Driver) -> None:
    curtain = hot_seat_with_a_pin(app, driver)
    assert curtain.pin is not None
    driver.type_into(curtain.pin, "1111")
    driver.key(pygame.K_RETURN)
    driver.frames(1)
    assert curtain.locked > 0
    for character in "2468":  # typed while locked: they must not count towards the next try
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=character))
    driver.frames(1)
    app.frame(1.1, events=[])
    assert curtain.pin.get_text() == ""
    driver.type_into(curtain.pin, "2468")
    driver.key(pygame.K_RETURN)
    driver.frames(1)
    assert isinstance(app.top, PlayScene) and app.top.viewer == "even"


def test_enter_tries_the_pin_as_a_click_does(app: App, driver: Driver) -> None:
    """A wrong PIN confirmed with Enter says so, as a click on the button does, also when a
    click beside the field took the keyboard from it."""
    curtain = hot_seat_with_a_pin(app, driver)
    assert curtain.pin is not None
    driver.type_into(curtain.pin, "1111")
    driver.click_at((80, 80))  # on the curtain, beside everything: the field loses the keyboard
    assert not curtain.pin.is_focused
    before = app.canvas.copy()
    driver.key(pygame.K_RETURN)
    assert curtain.wrong == 1 and curtain.locked > 0 and curtain.pin.get_text() == ""
    app.frame(0.0, events=[])
    message = pygame.Rect(0, 450 + 210, 1600, 34)  # where the curtain says "Wrong PIN"
    shown = (pygame.image.tobytes(frame.subsurface(message), "RGB") for frame in (before, app.canvas))
    assert next(shown) != next(shown), "the message is drawn"
