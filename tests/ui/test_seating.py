"""Who sits at the shared screen, decided without pygame (`game.scenes.seating`; issue 33,
point 4): the curtain between two people in a game with secrets, the moment the one who
acted still sees before it, the computers' turn seen as everyone may see it, and the
recap that tells only public events.  The toy title: "odd" picks a number in secret
(an event only "odd" sees), then confirms (public), then "even" does the same."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.scenes.seating import Seating
from rules.core import Match, SeatConfig
from rules.core.model import GameOptions
from tests.toy_title import TOY, Confirm, Pick


def toy(even_bot: bool = False) -> Match:
    seats = {
        "odd": SeatConfig(name="Ola"),
        "even": SeatConfig(name="Ewa", bot="random" if even_bot else None),
    }
    options: GameOptions = TOY.options_model(seats=seats)
    return Match(TOY, options, seed=3)


def people(match: Match) -> list[str]:
    return [seat for seat in match.seats() if not match.is_bot(seat)]


def test_the_module_needs_no_pygame() -> None:
    code = "import sys, game.scenes.seating; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_two_people_hand_over_behind_the_curtain_and_the_recap_tells_only_the_public_events() -> None:
    match = toy()
    start = match.state
    seating = Seating(match, people(match), None)
    assert seating.viewer is None and seating.shared
    assert seating.next(showing=False) == "curtain", "nobody has seen a view yet: the curtain for odd"
    seating.curtain()
    assert seating.reveal("odd") is None, "odd has seen everything so far: no recap"
    assert seating.viewer == "odd"
    match.act(Pick(number=2))
    assert seating.next(showing=False) == "stay", "odd picked and still acts"
    match.act(Confirm())
    assert match.to_act() == "even"
    assert seating.next(showing=True) == "hold", "odd's result still shows: the moment before the curtain"
    seating.hold("even", 1.2)
    assert seating.next(showing=False) == "wait", "a hand-over is under way"
    assert not seating.tick(1.0, showing=False) and not seating.tick(0.3, showing=True)
    assert seating.tick(0.0, showing=False), "the time is up and nothing moves any more"
    assert seating.end_hold() == "even" and seating.handing_to is None
    seating.curtain()
    assert seating.viewer is None
    happened = seating.reveal("even")
    assert happened is not None and seating.viewer == "even"
    events, before = happened
    assert [event.key for event in events] == ["toy.confirmed"], "odd's secret pick is not told"
    assert before is start, "even last looked before the game began"


def test_the_moment_ends_without_a_curtain_when_the_turn_went_elsewhere() -> None:
    match = toy()
    seating = Seating(match, people(match), "odd")
    seating.hold("even", 1.0)
    assert seating.end_hold() is None, "it is still odd's turn: what comes next is asked anew"
    assert seating.next(showing=False) == "stay"


def test_a_person_leaves_the_table_to_the_computers_and_comes_back_without_a_curtain() -> None:
    """With one person among bots the view is always theirs (`viewer` at the start); in a
    game with secrets and two people the computers' turn shows only public things."""
    match = toy(even_bot=True)
    alone = Seating(match, people(match), None)
    assert alone.viewer == "odd" and not alone.shared
    match.act(Pick(number=1))
    match.act(Confirm())
    assert alone.next(showing=False) == "stay", "one person: their view stays while the bot moves"

    # As if a second person also sat at this screen (a third seat): the game is shared.
    shared = Seating(match, ["odd", "third"], "odd")
    assert shared.shared and shared.next(showing=False) == "leave"
    shared.leave()
    assert shared.viewer is None and shared.away == "odd"
    assert shared.since("odd") is None, "nothing happened since odd left"
    shared.come_back("odd")
    assert shared.viewer == "odd" and shared.away is None


def test_the_person_who_left_comes_back_when_it_is_their_turn_again() -> None:
    match = toy()
    seating = Seating(match, people(match), None)
    seating.away = "odd"
    assert seating.next(showing=False) == "come_back"


def test_a_game_without_secrets_just_shows_the_next_persons_view(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(TOY), "has_secrets", False)
    match = toy()
    seating = Seating(match, people(match), None)
    assert not seating.shared and seating.next(showing=False) == "switch"
    seating.switch("odd")
    assert seating.viewer == "odd"


def test_the_game_over_comes_when_no_decision_is_left() -> None:
    match = toy()
    seating = Seating(match, people(match), "odd")
    match.act({"type": "concede"})
    assert seating.next(showing=False) == "over"


def test_wrong_pins_are_kept_with_the_game() -> None:
    match = toy()
    Seating(match, people(match), None).missed("even", 2)
    assert match.pin_misses == {"even": 2}
