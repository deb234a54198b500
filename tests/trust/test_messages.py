"""Issue 10, point 9: what a person reads is in their language, and never pydantic's dump."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.app import App
from game.i18n import Translator
from game.scenes.play_files import open_saved_game
from game.scenes.setup import SetupScene
from game.settings import Settings
from game.storage import atomic_write_text, saves_dir
from game.ui.messages import options_problem, refusal
from rules.core import IllegalAction, Match, SaveError, SeatConfig
from rules.core.model import hash_pin
from tests.driver import Driver
from tests.stawka.test_free import FIVE, GERMAN, POLISH
from tests.toy_title import TOY

pytestmark = pytest.mark.usefixtures("toy_registered")


def save_record() -> dict[str, Any]:
    match = Match(TOY, TOY.default_options(), seed=2)
    match.act({"type": "pick", "number": 1})
    return json.loads(match.to_json())


def altered(record: dict[str, Any]) -> None:
    record["state"]["score"]["odd"] = 3


def illegal(record: dict[str, Any]) -> None:
    record["actions"].insert(0, {"type": "confirm"})


def bad_options(record: dict[str, Any]) -> None:
    record["options"]["seats"] = {"odd": {"name": 5}}


def other_format(record: dict[str, Any]) -> None:
    record["schema_version"] = 99


def unknown_title(record: dict[str, Any]) -> None:
    record["title"] = "chess"


REFUSALS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "altered": (altered, "Stan gry w pliku zapisu nie zgadza się z ruchami; plik zmieniono."),
    "illegal": (illegal, "Zapisu nie da się odtworzyć: ruch 1 jest niedozwolony."),
    "options": (bad_options, "Opcje gry w pliku zapisu są błędne (seats.odd.name)."),
    "format": (other_format, "Ten plik zapisu ma format 99; ta wersja Siatki czyta format 1."),
    "title": (unknown_title, "Plik zapisu dotyczy gry, której ta wersja nie zna: chess."),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_a_refused_save_is_explained_in_polish(case: str) -> None:
    change, polish = REFUSALS[case]
    record = save_record()
    change(record)
    path = saves_dir() / f"{case}.json"
    atomic_write_text(path, json.dumps(record))
    app = App(Settings(language="pl"))
    assert open_saved_game(app, path) == polish


def test_every_save_refusal_has_a_key_in_both_languages() -> None:
    english, polish = Translator("en"), Translator("pl")
    for change, _ in REFUSALS.values():
        record = save_record()
        change(record)
        with pytest.raises(SaveError) as caught:
            Match.from_json(json.dumps(record), titles={TOY.id: TOY})
        key = caught.value.key
        assert key is not None and english.has(key) and polish.has(key)
        assert "http" not in english(key, **caught.value.params)


def test_refused_options_are_one_sentence_without_a_url(
    app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = SetupScene(app, "toy")
    app.reset(setup)
    driver.frames()

    def refused(*args: object) -> Any:
        return TOY.options_model.model_validate({"seats": {"odd": {"name": "x" * 500}}})

    monkeypatch.setattr(TOY, "make_options", refused)
    setup.start_game()
    (told,) = [toast.text for toast in setup.toasts.items]
    assert told == "These options cannot be played: String should have at most 40 characters"
    assert app.top is setup


def test_an_options_refusal_reads_in_polish() -> None:
    try:
        SeatConfig.model_validate({"name": ""})
    except ValueError as err:
        told = options_problem(Translator("pl"), err)
    assert told.startswith("Tych opcji nie da się rozegrać: ") and "http" not in told


def test_a_refusal_whose_key_no_catalog_has_reads_in_english() -> None:
    """A decision's prompt is keyed ``<title>.prompt.<kind>``; until a catalog names it, the
    English sentence is shown rather than the bare key."""
    polish = Translator("pl")
    err = IllegalAction("Name the trophy.", "party.prompt.trophy")
    assert refusal(polish, err) == "Name the trophy."


FORBIDDEN = re.compile(r"function-|\[|unpack|Value error|Input should|constrained|literal|int\(|Traceback")
"""What pydantic and Python say to a developer; never part of a sentence a person reads."""
WRONG_VALUES: tuple[object, ...] = (None, 5, "", {}, "a\nb", "x" * 100, {"name": 5})


def _places(value: object, place: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    yield place
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _places(inner, (*place, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _places(inner, (*place, index))


def _saves_to_spoil() -> Iterator[tuple[str, dict[str, Any]]]:
    """A save of every title (people named, one with a PIN; a free Stawka scenario too)."""
    from rules.registry import TITLES
    from rules.stawka.free import FreeScenario

    for title_id, title in sorted(TITLES.items()):
        if title_id == "toy":
            continue
        options = title.default_options(None)
        seats = {
            seat: SeatConfig(name=f"Gracz {n}", pin=hash_pin("1234") if n == 0 else None)
            for n, seat in enumerate(title.seats(options))
        }
        yield title_id, json.loads(Match(title, options.model_copy(update={"seats": seats}), 1).to_json())
    stawka = TITLES["stawka"]
    free = {"name": "Nasz", "faces": list(FIVE), "polish": list(POLISH), "german": list(GERMAN)}
    options = stawka.options_model.model_validate({"free": FreeScenario.model_validate(free)})
    yield "stawka-free", json.loads(Match(stawka, options, 1).to_json())


def test_every_refused_save_option_is_a_polish_sentence() -> None:
    """Issue 28, point 10: a save whose options hold a wrong value anywhere is refused with a
    sentence of the Polish catalog, naming where in words a person can find, never
    pydantic's names of union members (``name.function-after[_printable()...]``)."""
    from rules.registry import TITLES

    polish = Translator("pl")
    tried = 0
    for title_id, record in _saves_to_spoil():
        for place in [p for p in _places(record["options"]) if p]:
            for wrong in WRONG_VALUES:
                spoilt = json.loads(json.dumps(record))
                inner = spoilt["options"]
                for part in place[:-1]:
                    inner = inner[part]
                inner[place[-1]] = wrong
                try:
                    Match.from_json(json.dumps(spoilt), titles=TITLES)
                except SaveError as err:
                    tried += 1
                    told = refusal(polish, err)
                    assert err.key is not None and polish.has(err.key), (title_id, place, wrong, str(err))
                    assert FORBIDDEN.search(told) is None, (title_id, place, wrong, told)
    assert tried > 300


RAW_ID = re.compile(r"\b[a-z_]+\.[a-z_0-9.]+\b")
"""A content id as the rules write it (``police.13``, ``streets.police``): never in a log line."""


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_free_scenarios_log_names_its_spaces(language: str) -> None:
    """Issue 28, point 12: in a free scenario figures are placed on any space, streets too
    ("H. The Players alternately place agent figures on the board, on any space"): the log
    names a street space by its sector's streets, as a move's line does, never by its id."""
    from game.app import App
    from game.settings import Settings
    from game.ui.naming import event_text
    from rules.core import Dice, seed_state
    from rules.registry import TITLES
    from rules.stawka.free import FreeScenario

    stawka = TITLES["stawka"]
    free = {"name": "Nasz", "faces": list(FIVE), "polish": list(POLISH), "german": list(GERMAN)}
    options = stawka.options_model.model_validate({"free": FreeScenario.model_validate(free)})
    ctx = App(Settings(language=language)).ctx
    streets = 0
    for seed in range(3):
        match = Match(stawka, options, seed)
        bots, dice = {seat: stawka.make_bot("random", seat) for seat in match.seats()}, Dice(seed_state(seed))
        while (seat := match.to_act()) is not None and len(match.actions) < 200:
            match.act(stawka.bot_action(bots[seat], match.state, dice))
        for event in match.log:
            line = event_text(ctx, match, event)
            assert RAW_ID.search(line) is None, line
            streets += event.key == "stawka.placed" and str(event.params["location"]).startswith("streets.")
    assert streets, "some figure was placed on a street"
