"""Encounters and the fight ("Encounters", abridged rules 2 and 3) with our outcome tables."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.island import TITLE
from rules.island.actions import Arm, ChooseEncounter, Roll, TakeChip
from rules.island.content import load_content
from rules.island.state import IslandState
from tests.island.helpers import act, arranged, kinds, next_roll

F = ChooseEncounter(card="friendship")
H = ChooseEncounter(card="hostility")


def meeting(**kwargs: object) -> IslandState:
    """Red (at 30) rolls 3 and passes Blue (at 32) on the way to 33; the others far away."""
    defaults: dict[str, object] = {
        "current": "red",
        "fields": {"red": 30, "blue": 32, "green": 8, "yellow": 16},
    }
    state = arranged(**{**defaults, **kwargs})  # type: ignore[arg-type]
    state, _ = act(next_roll(state, 3), Roll())
    return state


def test_passing_an_agent_pauses_the_move_for_the_encounter_then_it_goes_on() -> None:
    """Abridged rules 2: "In the case of passing an opponent, the player whose turn it is interrupts his
    movement to have the encounter and then continues on afterwards." """
    state = meeting()
    assert state.agent("red").field == 32, "the mover pauses on Blue's field"
    assert state.encounter is not None and (state.encounter.mover, state.encounter.other) == ("red", "blue")
    state, _ = act(state, F)
    state, events = act(state, F)
    assert state.agent("red").field == 33, "then finishes the remaining movement"
    assert "move" in kinds(events)


def test_the_mover_chooses_first_and_the_cards_show_together() -> None:
    """ "Each of the involved players selects an encounter card. Either Friendship or Hostile. -
    Simultaneously both players uncover their chosen cards": chosen in secret, one seat at a time (ours:
    the mover first), shown together."""
    state = meeting()
    assert TITLE.to_act(state) == "red"
    state, events = act(state, H)
    assert TITLE.to_act(state) == "blue"
    public = [e for e in events if e.visible_to is None]
    assert [e.kind for e in public] == ["chosen"], "the others learn only that Red has chosen"
    view = TITLE.view(state, "blue")
    assert view.encounter is not None and view.encounter.chosen == ("red",) and view.encounter.my_card is None
    assert TITLE.view(state, "red").encounter.my_card == "hostility"  # type: ignore[union-attr]
    state, events = act(state, F)
    reveal = next(e for e in events if e.kind == "reveal")
    assert (
        reveal.reveals
        and reveal.params["seat_card"] == "hostility"
        and reveal.params["other_card"] == "friendship"
    )


def test_several_agents_on_a_field_are_met_one_at_a_time_clockwise() -> None:
    """Abridged rules 2: "If an Agent lands or passes a Field where stands an opposing Agent an encounter
    takes place": each agent standing there is met, one at a time (ours: clockwise from the mover)."""
    state = meeting(fields={"red": 30, "blue": 32, "green": 32, "yellow": 16})
    assert state.encounter is not None and state.encounter.other == "blue"
    state, _ = act(state, F)
    state, _ = act(state, F)
    assert state.encounter is not None and state.encounter.other == "green"
    assert state.agent("red").field == 32


def test_landing_on_an_agent_is_an_encounter_too() -> None:
    """ "For an encounter to occur, the player whose turn it is must land his Agent onto the same space as an
    opponent's Agent." """
    state = arranged(current="red", fields={"red": 29, "blue": 32, "green": 8, "yellow": 16})
    state, _ = act(next_roll(state, 3), Roll())
    assert state.agent("red").field == 32 and state.encounter is not None


def test_friendship_met_by_friendship_trades_microfilms_and_no_equipment() -> None:
    """Ours: each gives the other two microfilms.  "A player can receive new Equipment
    cards, only on his turn and if it is his last action": a meeting, mid-move and on
    the mover's turn, gives neither agent equipment."""
    state = meeting(equipment={"blue": ("knife",)})
    pile = state.equipment.pile
    state, _ = act(state, F)
    state, events = act(state, F)
    gifts = load_content().encounters.friendship_chips
    assert state.agent("red").chips == {"red": 10 - gifts, "blue": gifts}
    assert state.agent("blue").chips == {"blue": 10 - gifts, "red": gifts}
    assert kinds(events).count("gift") == 2 * gifts
    assert state.agent("blue").equipment.cards == ("knife",), "Blue's hand unchanged: not his turn"
    before_end = kinds(events)[: kinds(events).index("turn")]
    assert "equipment" not in before_end[: before_end.index("move")], "nothing taken at the meeting"
    assert state.equipment.pile == pile, "Red, 1 field from Blue at the end of his move, takes none either"


def test_a_friend_with_no_microfilms_of_his_own_gives_from_the_board() -> None:
    """Ours (the outcomes are lost): a friend with none of his own colour left gives the board's chips of it
    ("The remaining chips are put on the corresponding space on the playing board")."""
    state = meeting(chips={"blue": {"green": 3}})
    state, _ = act(state, F)
    state, events = act(state, F)
    assert state.agent("red").chips == {"red": 8, "blue": 2}
    assert state.reserve["blue"] == 0
    assert [e.key for e in events if e.kind == "gift"].count("island.gift_reserve") == 2


def test_friendship_met_by_hostility_is_an_ambush() -> None:
    """Ours (the outcomes are lost): Friendship met by Hostility, the hostile agent takes one microfilm of
    his choice."""
    state = meeting(chips={"red": {"red": 9, "green": 2}})
    state, _ = act(state, F)
    state, _ = act(state, H)
    assert TITLE.to_act(state) == "blue", "the hostile agent takes a microfilm of his choice"
    assert TITLE.legal_actions(state) == [TakeChip(colour="red"), TakeChip(colour="green")]
    state, _ = act(state, TakeChip(colour="green"))
    assert state.agent("blue").chips == {"blue": 10, "green": 1}
    assert state.agent("red").chips == {"red": 9, "green": 1}
    assert state.agent("red").field == 33, "the move goes on"


def test_taking_a_colour_the_victim_lacks_is_refused() -> None:
    """Ours: a microfilm is taken of a colour the victim holds; another is refused."""
    state = meeting()
    state, _ = act(state, F)
    state, _ = act(state, H)
    with pytest.raises(IllegalAction, match="colour that agent holds"):
        act(state, TakeChip(colour="yellow"))


def test_hostility_met_by_hostility_is_a_fight_with_up_to_two_secret_cards() -> None:
    """Abridged rules 3: "Hostility - Hostility = The Fight. Each player can play a maximum of 2 Equipment
    cards that he selects and conceals. Simultaneously the cards of both players are uncovered"; "All of
    the Equipment cards played are returned to the bottom of the stack." """
    state = meeting(equipment={"red": ("grenade", "knife", "pistol"), "blue": ("umbrella",)})
    state, _ = act(state, H)
    state, _ = act(state, H)
    assert TITLE.to_act(state) == "red"
    legal = TITLE.legal_actions(state)
    assert Arm(cards=()) in legal and Arm(cards=("grenade", "pistol")) in legal
    assert all(len(a.cards) <= 2 for a in legal if isinstance(a, Arm))
    state, events = act(state, Arm(cards=("grenade", "pistol")))
    view = TITLE.view(state, "blue")
    assert view.agents["red"].equipment_count == 3, "the cards put down are not counted off before the reveal"
    assert view.agents["red"].equipment is None
    state, events = act(state, Arm(cards=("umbrella",)))
    fight = next(e for e in events if e.kind == "fight")
    assert fight.params["seat_value"] == 8 and fight.params["other_value"] == 1
    assert fight.params["winner"] == "red" and fight.params["chips"] == 3, "difference 7: three microfilms"
    assert state.equipment.pile[-3:] == ("grenade", "pistol", "umbrella"), "played cards to the bottom"
    assert TITLE.legal_actions(state) == [TakeChip(colour="blue")]


@pytest.mark.parametrize(
    ("red", "blue", "chips"),
    [
        (("knife",), ("knife",), 0),
        (("pistol",), ("knife",), 1),
        (("grenade",), ("knife",), 2),
        (("grenade", "knife"), ("knife",), 3),
    ],
)
def test_the_fight_table_by_difference(red: tuple[str, ...], blue: tuple[str, ...], chips: int) -> None:
    """Ours: equal 0, difference 1-2 one microfilm, 3-4 two, 5 or more three."""
    state = meeting(equipment={"red": red, "blue": blue})
    state, _ = act(state, H)
    state, _ = act(state, H)
    state, _ = act(state, Arm(cards=tuple(sorted(red))))
    state, events = act(state, Arm(cards=blue))
    fight = next(e for e in events if e.kind == "fight")
    assert fight.params["chips"] == chips
    assert (fight.params["winner"] == "red") == (chips > 0)
    taken = 0
    while TITLE.legal_actions(state) and isinstance(TITLE.legal_actions(state)[0], TakeChip):
        state, _ = act(state, TakeChip(colour="blue"))
        taken += 1
    assert taken == chips and state.agent("red").chips.get("blue", 0) == chips


def test_an_agent_without_equipment_fights_bare_handed_without_being_asked() -> None:
    """ "Each player can play a maximum of 2 Equipment cards": one who holds none plays none (ours: he is not
    asked)."""
    state = meeting(equipment={"blue": ("knife",)})
    state, _ = act(state, H)
    state, _ = act(state, H)
    assert TITLE.to_act(state) == "blue", "Red holds nothing: only Blue is asked"
    state, events = act(state, Arm(cards=("knife",)))
    fight = next(e for e in events if e.kind == "fight")
    assert fight.params["seat_value"] == 0 and fight.params["winner"] == "blue"


def test_arming_with_cards_not_held_is_refused() -> None:
    """ "a maximum of 2 Equipment cards that he selects": from his own hand; any other is refused."""
    state = meeting(equipment={"red": ("knife",), "blue": ("knife",)})
    state, _ = act(state, H)
    state, _ = act(state, H)
    with pytest.raises(IllegalAction, match="equipment cards in your hand"):
        act(state, Arm(cards=("grenade",)))


def test_encounter_cards_go_back_to_the_hand() -> None:
    """ "The players return their encounter cards to their hands and the game is continued": each meeting
    offers both cards again, whatever was played before."""
    state = meeting(fields={"red": 30, "blue": 32, "green": 32, "yellow": 16})
    state, _ = act(state, H)
    state, _ = act(state, F)
    state, _ = act(state, TakeChip(colour="blue"))
    assert TITLE.legal_actions(state) == [F, H]


def test_several_encounters_in_one_move() -> None:
    """ "It is possible for an Agent to have several encounters in his movement turn": Red
    rolls 4 from 30, passes Blue at 31 and Green at 33, and ends his move at 34."""
    state = arranged(current="red", fields={"red": 30, "blue": 31, "green": 33, "yellow": 16})
    state, _ = act(next_roll(state, 4), Roll())
    assert state.encounter is not None and state.encounter.other == "blue"
    assert state.agent("red").field == 31
    state, _ = act(state, F)
    state, _ = act(state, F)
    assert state.encounter is not None and state.encounter.other == "green"
    assert state.agent("red").field == 33
    state, _ = act(state, F)
    state, events = act(state, F)
    assert state.encounter is None and state.agent("red").field == 34
    assert kinds(events).count("move") == 1, "after the second meeting he walks on"


def test_encounters_at_airports_and_harbours() -> None:
    """ "Encounters in airports and harbours are, naturally, possible": Red lands on Blue at
    the airport at 29 and meets him before the landing's transport choice."""
    state = arranged(current="red", fields={"red": 27, "blue": 29, "green": 8, "yellow": 16})
    assert load_content().board.fields[29] == "airport"
    state, _ = act(next_roll(state, 2), Roll())
    assert state.encounter is not None and state.encounter.other == "blue"
    state, _ = act(state, F)
    state, _ = act(state, F)
    assert TITLE.decision(state) is not None and TITLE.decision(state).kind == "landing"  # type: ignore[union-attr]
    harbour = arranged(current="red", fields={"red": 30, "blue": 31, "green": 8, "yellow": 16})
    assert load_content().board.fields[31] == "harbour"
    state, _ = act(next_roll(harbour, 1), Roll())
    assert state.encounter is not None and state.encounter.other == "blue"
