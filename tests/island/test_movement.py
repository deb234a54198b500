"""The move and the transport fields ("Transport Cards", abridged rules 1a-1d) and the rulebook's examples."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.island import TITLE
from rules.island.actions import (
    ChooseEncounter,
    Exchange,
    GoOn,
    Jump,
    Ride,
    Roll,
    Stay,
    TakeTransport,
)
from rules.island.board import jump_targets, ride_targets
from rules.island.content import load_content
from tests.island.helpers import act, arranged, kinds, next_roll

BOARD = load_content().board


def test_the_rulebook_helicopter_example() -> None:
    """Page 4: "Blue rolls a 4 on the die and reaches an Airport with the 1st step. The
    three next airports are 4, 10 and 16 Fields away. Blue plays a Helicopter Card, flies
    to the Airport that is 10 spaces away, moves steps 2 and 3 and reaches a gasoline
    station. - There he completes his movement with step 4 and reaches a harbour (where
    there is standing a Green Agent to attack)."""
    state = arranged(
        current="blue",
        fields={"blue": 1, "green": 15, "red": 40, "yellow": 32},
        transport={"blue": ("helicopter",)},
    )
    state, events = act(next_roll(state, 4), Roll())
    assert state.agent("blue").field == 2, "the first step reaches the airport"
    assert TITLE.legal_actions(state) == [
        Ride(card="helicopter", to=6),
        Ride(card="helicopter", to=12),
        Ride(card="helicopter", to=18),
        GoOn(),
    ], "the three next airports, 4, 10 and 16 fields away"
    state, events = act(state, Ride(card="helicopter", to=12))
    # Steps 2 and 3 reach the station at 14 (Blue holds no car: no stop); step 4 the harbour.
    assert state.agent("blue").field == 15
    assert [e.params for e in events if e.kind == "move"] == [{"seat": "blue", "steps": 3, "to": 15}]
    assert state.encounter is not None and (state.encounter.mover, state.encounter.other) == ("blue", "green")
    assert TITLE.to_act(state) == "blue", "the encounter with Green comes first"


def test_the_rulebook_car_example() -> None:
    """Page 4: "Player Red rolls a 5 on the die and reaches a gasoline station (T) after 3
    spaces. He stops there then plays a car card + 1 and moves his agent an additional
    space. He then completes his turn with the steps 4 and 5 but as he doesn't reach
    another Transport Field his turn ends." """
    state = arranged(
        current="red",
        fields={"red": 23, "blue": 2, "green": 10, "yellow": 16},
        transport={"red": ("car+1",)},
    )
    state, _ = act(next_roll(state, 5), Roll())
    assert state.agent("red").field == 26, "the station after 3 spaces"
    assert Ride(card="car+1", to=35) in TITLE.legal_actions(state)
    state, events = act(state, Ride(card="car+1", to=35))
    assert state.agent("red").field == 37, "steps 4 and 5 after the next station plus one"
    assert BOARD.fields[36] not in ("station", "airport", "harbour")
    assert BOARD.fields[37] not in ("station", "airport", "harbour")
    assert TITLE.to_act(state) == "blue", "no transport field reached: the turn ends"
    assert "turn" in kinds(events)


def test_a_roll_moves_forward_that_many_fields_water_counting() -> None:
    """ "Each player, on their turn, rolls the die and moves his agent forward around the board according to
    the number rolled"; "All spaces crossed are counted as movement Fields, including waterways"."""
    state = arranged(current="red", fields={"red": 9, "blue": 30, "green": 20, "yellow": 40})
    assert BOARD.fields[11] == "water"
    state, events = act(next_roll(state, 4), Roll())
    assert state.agent("red").field == 13, "9 + 4, the water at 11 counted as a field"
    assert [e.params["value"] for e in events if e.kind == "roll"] == [4]


def test_cars_drive_to_the_next_station_and_plus_one_or_two_past_it() -> None:
    """ "cars can always drive to the nearest gasoline station / garage in their natural direction but they
    cannot drive past a gasoline station without the use of additional movement cards (car +1, +2)"."""
    assert ride_targets(BOARD, 4, "car", 3) == (10,)
    assert ride_targets(BOARD, 4, "car+1", 3) == (11,)
    assert ride_targets(BOARD, 4, "car+2", 3) == (12,)
    assert ride_targets(BOARD, 46, "car", 3) == (4,), "round the ring"
    assert ride_targets(BOARD, 4, "helicopter", 3) == (), "a card fits only its own kind of field"


def test_boats_sail_only_along_the_dotted_lines() -> None:
    """ "Boats can only move along the dotted black lines." """
    assert sorted(map(str, ride_targets(BOARD, 7, "boat", 3))) == ["15", "47", "island"]
    assert sorted(map(str, ride_targets(BOARD, 15, "boat", 3))) == ["23", "7"], "no line to the island here"


def test_landing_offers_a_card_a_free_jump_an_exchange_a_ride_or_nothing() -> None:
    """Abridged rules 1a and 1b: "If he lands the agent on a Transport Field he can take a Transport card. Or
    He can move directly to the next Transport Field of equal kind"; "he can exchange them"; playing a
    card there, or nothing (ours)."""
    state = arranged(
        current="red",
        fields={"red": 1, "blue": 30, "green": 20, "yellow": 40},
        transport={"red": ("car", "boat")},
    )
    state, _ = act(next_roll(state, 3), Roll())
    assert state.agent("red").field == 4 and BOARD.fields[4] == "station"
    assert TITLE.legal_actions(state) == [
        TakeTransport(),
        Jump(to=10),
        Exchange(),
        Ride(card="car", to=10),
        Stay(),
    ]


def test_taking_a_transport_card_ends_the_movement() -> None:
    """ "He can take and keep a Transport Card from the stack. With this his movement ends." """
    state = arranged(current="red", fields={"red": 1, "blue": 30, "green": 20, "yellow": 40})
    state, _ = act(next_roll(state, 3), Roll())
    top = state.transport.pile[0]
    state, _ = act(state, TakeTransport())
    assert state.agent("red").transport.cards == (top,)
    assert state.agent("red").field == 4
    assert TITLE.to_act(state) == "blue"


def test_the_free_jump_goes_to_the_next_field_of_the_kind_and_ends_the_movement() -> None:
    """ "He can immediately travel to the next Transport Field of equal kind without requiring or taking a
    Transport card ... his turn then ends." """
    state = arranged(current="red", fields={"red": 1, "blue": 30, "green": 20, "yellow": 40})
    state, _ = act(next_roll(state, 1), Roll())
    assert state.agent("red").field == 2 and BOARD.fields[2] == "airport"
    state, events = act(state, Jump(to=6))
    assert state.agent("red").field == 6
    assert "ride" not in kinds(events) and state.agent("red").transport.cards == ()
    assert TITLE.to_act(state) == "blue", "no landing choice at the end of the jump"


def test_the_free_jump_from_a_harbour_goes_forward_too() -> None:
    """ "He can immediately travel to the next Transport Field of equal kind ... NOTE: The
    next Transport Field always refers to the movement direction of the agent": from the
    harbour at 15 the next harbour ahead (23), never back along the line to 7."""
    assert jump_targets(BOARD, 15) == (23,)
    assert [jump_targets(BOARD, h) for h in (7, 23, 47)] == [(15,), (31,), (7,)], "round the ring"
    state = arranged(current="red", fields={"red": 12, "blue": 30, "green": 20, "yellow": 40})
    state, _ = act(next_roll(state, 3), Roll())
    assert state.agent("red").field == 15
    assert [a for a in TITLE.legal_actions(state) if isinstance(a, Jump)] == [Jump(to=23)]
    before = TITLE.dump(state)
    with pytest.raises(IllegalAction, match="next field of this kind") as refused:
        act(state, Jump(to=7))
    assert refused.value.key == "island.refusal.no_jump" and TITLE.dump(state) == before


def test_exchanging_puts_every_transport_card_under_the_stack_and_draws_as_many() -> None:
    """Abridged rules 1b: "he can exchange them - placing them from his hand to the bottom of the stack and
    drawing an equal number from the top of the stack"."""
    state = arranged(
        current="red",
        fields={"red": 1, "blue": 30, "green": 20, "yellow": 40},
        transport={"red": ("boat", "boat", "car")},
    )
    state, _ = act(next_roll(state, 3), Roll())
    top = state.transport.pile[:3]
    state, _ = act(state, Exchange())
    assert state.agent("red").transport.cards == top
    assert state.transport.pile[-3:] == ("boat", "boat", "car")


def test_passing_a_field_without_a_matching_card_asks_nothing() -> None:
    """Abridged rules 1c: "use a maximum of two Transport cards (and then only those which correspond to the
    Transport Field)": a boat card at an airport or a station is no use, so nothing is asked."""
    state = arranged(
        current="red",
        fields={"red": 1, "blue": 30, "green": 20, "yellow": 40},
        transport={"red": ("boat",)},
    )
    state, _ = act(next_roll(state, 4), Roll())
    assert state.agent("red").field == 5, "walked past the airport at 2 and the station at 4"


def test_walking_on_over_a_transport_field() -> None:
    """ "If a player does not want to use the Transport Field (there is no need to use a Card), he simply
    moves over it." """
    state = arranged(
        current="red",
        fields={"red": 1, "blue": 30, "green": 20, "yellow": 40},
        transport={"red": ("helicopter",)},
    )
    state, _ = act(next_roll(state, 3), Roll())
    assert state.agent("red").field == 2
    state, _ = act(state, GoOn())
    assert state.agent("red").field == 4
    assert state.agent("red").transport.cards == ("helicopter",)


def test_at_most_two_transport_cards_a_turn() -> None:
    """ "If a further Transport Field is crossed the process may be repeated once more. No
    player may play more than 2 Transport cards in a round"."""
    state = arranged(
        current="red",
        fields={"red": 44, "blue": 30, "green": 20, "yellow": 40},
        transport={"red": ("car", "car", "helicopter")},
    )
    state, _ = act(next_roll(state, 6), Roll())
    assert state.agent("red").field == 46, "the station after two steps, four left"
    state, _ = act(state, Ride(card="car", to=4))
    assert state.agent("red").field == 6, "walked on from the station at 4 to the airport at 6"
    state, _ = act(state, Ride(card="helicopter", to=12))
    # Two cards played: the walk ends on the station at 14, and no third ride is offered
    # though Red holds a car.
    assert state.agent("red").field == 14 and state.agent("red").transport.cards == ("car",)
    assert not [a for a in TITLE.legal_actions(state) if isinstance(a, Ride)]
    assert state.transport.pile[-2:] == ("car", "helicopter"), "played cards go to the bottom"


def test_a_rides_destination_offers_no_transport_of_its_own() -> None:
    """ "From there he can continue his turn using the remaining movement. If a further
    Transport Field is crossed the process may be repeated once more": a further field,
    crossed on the way on, not the station the car stops at.  Red rides from the station
    at 4 to the one at 10, holding a second car, and walks his two steps on to 12."""
    fields = {"red": 3, "blue": 30, "green": 20, "yellow": 40}
    state = arranged(current="red", fields=fields, transport={"red": ("car", "car")})
    state, _ = act(next_roll(state, 3), Roll())
    assert state.agent("red").field == 4 and state.journey is not None and state.journey.steps_left == 2
    state, events = act(state, Ride(card="car", to=10))
    assert state.agent("red").field == 12 and state.agent("red").transport.cards == ("car",)
    assert [e.params for e in events if e.kind == "move"] == [{"seat": "red", "steps": 2, "to": 12}]
    # A ride that ends the movement ends it at its destination: no landing there either.
    state = arranged(current="red", fields={**fields, "red": 1}, transport={"red": ("car",)})
    state, _ = act(next_roll(state, 3), Roll())
    state, _ = act(state, Ride(card="car", to=10))
    assert state.agent("red").field == 10 and TITLE.to_act(state) == "blue"


def test_a_ride_meets_only_the_agents_where_it_ends() -> None:
    """ "the player whose turn it is must land his Agent onto the same space as an opponent's Agent": a ride
    lands only at its end (ours: the agent travels over the fields between)."""
    state = arranged(
        current="red",
        fields={"red": 1, "blue": 8, "green": 20, "yellow": 40},
        transport={"red": ("helicopter",)},
    )
    state, _ = act(next_roll(state, 1), Roll())
    state, _ = act(state, Ride(card="helicopter", to=12))
    assert state.encounter is None, "flew over Blue at 8"
    state = arranged(
        current="red",
        fields={"red": 1, "blue": 12, "green": 20, "yellow": 40},
        transport={"red": ("helicopter",)},
    )
    state, _ = act(next_roll(state, 1), Roll())
    state, _ = act(state, Ride(card="helicopter", to=12))
    assert state.encounter is not None and state.encounter.other == "blue"


def test_a_refused_ride_says_why_and_changes_nothing() -> None:
    """Abridged rules 1c: "only those which correspond to the Transport Field": a card not held, or a
    destination the card does not reach, is refused."""
    state = arranged(
        current="red",
        fields={"red": 1, "blue": 30, "green": 20, "yellow": 40},
        transport={"red": ("helicopter",)},
    )
    state, _ = act(next_roll(state, 3), Roll())
    before = TITLE.dump(state)
    with pytest.raises(IllegalAction, match="no such transport card") as refused:
        act(state, Ride(card="boat", to=7))
    assert refused.value.key == "island.refusal.no_card"
    with pytest.raises(IllegalAction, match="cannot take you there"):
        act(state, Ride(card="helicopter", to=38))
    with pytest.raises(IllegalAction, match="walk on"):
        act(state, ChooseEncounter(card="friendship"))
    assert TITLE.dump(state) == before


def test_the_turn_begins_with_the_roll() -> None:
    """Abridged rules 1: "He must roll the die and move his agent the number of spaces
    rolled": the roll is the only thing a player may do at the start of his turn."""
    state = arranged(current="red", fields={"red": 1, "blue": 30, "green": 20, "yellow": 40})
    assert TITLE.legal_actions(state) == [Roll()]
    before = TITLE.dump(state)
    with pytest.raises(IllegalAction):
        act(state, TakeTransport())
    assert TITLE.dump(state) == before


def test_landing_on_a_normal_field_nothing_happens() -> None:
    """Abridged rules 1d: "Lands on a normal field so nothing happens": no transport choice,
    the turn goes on to its last step (the equipment) and passes."""
    state = arranged(
        current="red", fields={"red": 19, "blue": 30, "green": 8, "yellow": 40}, transport={"red": ("car",)}
    )
    state, events = act(next_roll(state, 1), Roll())
    assert state.agent("red").field == 20 and BOARD.fields[20] == "plain"
    assert state.agent("red").transport.cards == ("car",) and TITLE.to_act(state) == "blue"
    assert kinds(events)[-1] == "turn" and not {"ride", "take_transport", "jump"} & set(kinds(events))


def test_the_free_jump_meets_the_agents_where_it_ends_and_the_turn_ends_after() -> None:
    """ "If two or more Transport Fields are equidistant in this direction the player can
    choose which to go to - his turn then ends": ours, the movement ends there; an agent
    standing on that field is met ("the player whose turn it is must land his Agent onto
    the same space as an opponent's Agent"), then the turn ends (its equipment step still
    follows, "As his last action")."""
    state = arranged(current="red", fields={"red": 1, "blue": 6, "green": 20, "yellow": 40})
    state, _ = act(next_roll(state, 1), Roll())
    state, _ = act(state, Jump(to=6))
    assert state.agent("red").field == 6
    assert state.encounter is not None and state.encounter.other == "blue"
    state, _ = act(state, ChooseEncounter(card="friendship"))
    state, events = act(state, ChooseEncounter(card="friendship"))
    assert state.agent("red").field == 6 and "too_close" in kinds(events), "Blue, on his field, is too close"
    assert TITLE.to_act(state) == "blue" and kinds(events)[-1] == "turn"


def test_the_field_where_the_turn_begins_is_not_reached() -> None:
    """ "If a player moves over a Transport Field he can interrupt his turn" and "the player
    whose turn it is must land his Agent onto the same space as an opponent's Agent": ours,
    the field a turn begins on is neither moved over nor landed on, so Red, starting on the
    harbour at 7 with a boat card and Blue beside him, neither sails from it nor meets Blue."""
    state = arranged(
        current="red", fields={"red": 7, "blue": 7, "green": 20, "yellow": 40}, transport={"red": ("boat",)}
    )
    state, events = act(next_roll(state, 1), Roll())
    assert state.agent("red").field == 8 and "encounter" not in kinds(events)
    assert state.agent("red").transport.cards == ("boat",) and TITLE.to_act(state) == "blue"


def test_the_agent_on_a_transport_field_is_met_before_the_field_offers_its_transport() -> None:
    """Abridged rules 2: "If an Agent lands or passes a Field where stands an opposing Agent
    an encounter takes place", and the helicopter example's harbour has "a Green Agent to
    attack": ours, the meeting comes first, then the landing's choices ("If he lands the
    agent on a Transport Field he can take a Transport card. Or He can move directly to
    the next Transport Field of equal kind"), so that neither skips it."""
    state = arranged(current="red", fields={"red": 1, "blue": 4, "green": 20, "yellow": 40})
    state, _ = act(next_roll(state, 3), Roll())
    assert state.agent("red").field == 4 and BOARD.fields[4] == "station"
    assert state.encounter is not None and state.encounter.other == "blue"
    assert TITLE.legal_actions(state) == [
        ChooseEncounter(card="friendship"),
        ChooseEncounter(card="hostility"),
    ]
    state, _ = act(state, ChooseEncounter(card="friendship"))
    state, _ = act(state, ChooseEncounter(card="friendship"))
    assert TITLE.to_act(state) == "red" and state.encounter is None
    assert TITLE.legal_actions(state) == [TakeTransport(), Jump(to=10), Stay()]
