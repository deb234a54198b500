"""The rulebook's words the other rule tests did not yet quote (the audit of 5 December 2026).

Each test names its place in the rulebook (`shared/seeds/003_…`) and quotes the words it
checks; with the other modules of `tests/island/` they make the coverage of
`rules/island/README.md` ("Rule coverage").
"""

from __future__ import annotations

from rules.island import TITLE
from rules.island.actions import ChooseEncounter, Ride, Roll
from rules.island.board import ride_targets
from rules.island.content import load_content
from tests.island.helpers import act, arranged, kinds, next_roll

BOARD = load_content().board


def test_an_agent_may_sail_to_the_island_before_his_mission_is_done_and_is_withdrawn_there() -> None:
    """Introduction: "Each agent must also fulfil a certain other mission before they may
    progress to the island"; End of the Game: "If the player does not have the necessary
    chips he is withdrawn from play".  Our reading: the boat does not ask; the task card
    is checked at the island.  Red (3a: two each of two other colours) holds none and may
    still sail from the harbour at 7, where he is withdrawn."""
    state = arranged(
        current="red",
        fields={"red": 4, "blue": 30, "green": 20, "yellow": 40},
        transport={"red": ("boat",)},
        tasks={"red": "3a"},
    )
    state, _ = act(next_roll(state, 3), Roll())
    assert Ride(card="boat", to="island") in TITLE.legal_actions(state)
    state, events = act(state, Ride(card="boat", to="island"))
    assert kinds(events)[:3] == ["ride", "island", "withdrawn"]
    assert state.agent("red").out and state.winner is None


def test_each_player_holds_one_encounter_card_of_each_kind() -> None:
    """Set-up 3: "Each player receives 2 Encounter cards - one of each Enmity (Fist) and
    Friendship (Open Hand)"; abridged 2: "Both players select one of their encounter
    cards": at the first meeting of the race each of the two may choose either."""
    state = arranged(current="red", fields={"red": 30, "blue": 32, "green": 8, "yellow": 16})
    state, _ = act(next_roll(state, 2), Roll())
    both = [ChooseEncounter(card="friendship"), ChooseEncounter(card="hostility")]
    assert TITLE.to_act(state) == "red" and TITLE.legal_actions(state) == both
    state, _ = act(state, ChooseEncounter(card="hostility"))
    assert TITLE.to_act(state) == "blue" and TITLE.legal_actions(state) == both


def test_the_helicopter_chooses_among_the_three_nearest_airports_water_counting() -> None:
    """Transport Cards: "Helicopters have the choice between the three nearest airports.
    (Water counts here as a Field.)"  From the airport at 29 the next airports ahead are
    38 (nine fields on, the water at 35 counted), 2 and 6; the airport at 12, further on,
    is not offered."""
    airports = [field for field, kind in enumerate(BOARD.fields) if kind == "airport"]
    assert airports == [2, 6, 12, 18, 29, 38]
    assert BOARD.fields[35] == "water"
    assert ride_targets(BOARD, 29, "helicopter", 3) == (38, 2, 6)
    fields = {"red": 27, "blue": 8, "green": 16, "yellow": 20}
    state = arranged(current="red", fields=fields, transport={"red": ("helicopter",)})
    state, _ = act(next_roll(state, 3), Roll())
    assert state.agent("red").field == 29
    assert [a for a in TITLE.legal_actions(state) if isinstance(a, Ride)] == [
        Ride(card="helicopter", to=to) for to in (38, 2, 6)
    ]
    state, _ = act(state, Ride(card="helicopter", to=38))
    assert state.agent("red").field == 39, "then the one step left, from 38"


def test_transport_cards_in_hand_may_be_used_on_the_field_landed_on() -> None:
    """Transport Cards: "If the player already owns any Transport cards, he can, if he
    wishes, use them as described in the next section": Red, landing on the station at 4
    with a car card, may drive it to the next station (10) instead of taking a card."""
    state = arranged(
        current="red", fields={"red": 1, "blue": 30, "green": 20, "yellow": 40}, transport={"red": ("car",)}
    )
    state, _ = act(next_roll(state, 3), Roll())
    assert Ride(card="car", to=10) in TITLE.legal_actions(state)
    state, events = act(state, Ride(card="car", to=10))
    assert state.agent("red").field == 10 and state.agent("red").transport.cards == ()
    assert TITLE.to_act(state) == "blue" and kinds(events)[-1] == "turn"
