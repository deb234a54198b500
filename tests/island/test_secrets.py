"""Secrets at one screen: what each seat's view hides, and the re-deal that proves it."""

from __future__ import annotations

from rules.core import Dice, seed_state
from rules.island import TITLE
from rules.island.actions import Arm, ChooseEncounter, Roll
from rules.island.race import can_still_be_done
from tests.island.helpers import act, arranged, next_roll, random_match, started


def test_a_seat_sees_its_own_task_and_equipment_only() -> None:
    """Set-up 2 and 4: "Each player takes a card, the content of which he naturally keeps secret"; "Chips
    must be kept always openly so that each player can see how the situation is." """
    state = started(4)
    for seat in state.players:
        view = TITLE.view(state, seat)
        assert view.agents[seat].task is not None and view.agents[seat].equipment is not None
        for other in state.players:
            if other != seat:
                assert view.agents[other].task is None and view.agents[other].equipment is None
                assert view.agents[other].equipment_count == 2
                assert view.agents[other].chips == {other: 10}, "chips are always public"
    spectator = TITLE.view(state, None)
    assert all(a.task is None and a.equipment is None for a in spectator.agents.values())


def test_scramble_redeals_tasks_hands_and_stacks_but_not_what_the_seat_sees() -> None:
    state = started(5)
    dice = Dice(seed_state(9))
    scrambled = TITLE.scramble(state, "red", dice)
    assert TITLE.view(scrambled, "red") == TITLE.view(state, "red")
    assert scrambled.agent("red").task == state.agent("red").task
    assert scrambled.agent("red").equipment == state.agent("red").equipment
    others = [s for s in state.players if s != "red"]
    changed_tasks = any(scrambled.agent(s).task != state.agent(s).task for s in others)
    changed_hands = any(scrambled.agent(s).equipment != state.agent(s).equipment for s in others)
    assert changed_tasks and changed_hands and scrambled.equipment.pile != state.equipment.pile
    assert TITLE.invariants(scrambled) == []


def test_a_pending_encounter_card_and_fight_cards_are_redealt_for_the_others() -> None:
    state = arranged(
        current="red",
        fields={"red": 30, "blue": 32, "green": 8, "yellow": 16},
        equipment={"red": ("grenade", "knife"), "blue": ("pistol",)},
    )
    state, _ = act(next_roll(state, 3), Roll())
    state, _ = act(state, ChooseEncounter(card="hostility"))
    seen = {TITLE.scramble(state, "blue", Dice(seed_state(n))).encounter.choices["red"] for n in range(20)}  # type: ignore[union-attr]
    assert seen == {"friendship", "hostility"}, "Red's card is unknown to Blue"
    state, _ = act(state, ChooseEncounter(card="hostility"))
    state, _ = act(state, Arm(cards=("grenade", "knife")))
    blue_sees = {TITLE.scramble(state, "blue", Dice(seed_state(n))).encounter.armed["red"] for n in range(20)}  # type: ignore[union-attr]
    assert len(blue_sees) > 1 and all(len(cards) == 2 for cards in blue_sees)
    red_sees = {TITLE.scramble(state, "red", Dice(seed_state(n))).encounter.armed["red"] for n in range(5)}  # type: ignore[union-attr]
    assert red_sees == {("grenade", "knife")}


def test_private_log_lines_reach_only_their_seat() -> None:
    match = random_match(3, 4, most=300)
    private = [e for e in match.log if e.visible_to is not None]
    assert {e.kind for e in private} >= {"equipment_card", "chosen_own"}
    for seat in match.seats():
        assert all(e.visible_to is None or seat in e.visible_to for e in match.log_for(seat))
    assert all(e.visible_to is None for e in match.log_for(None))


def test_every_task_is_shown_once_the_race_is_won() -> None:
    match = random_match(4, 2)
    state = match.state
    assert TITLE.outcome(state) is not None  # type: ignore[arg-type]
    for seat in (*match.seats(), None):
        view = TITLE.view(state, seat)  # type: ignore[arg-type]
        assert all(agent.task is not None for agent in view.agents.values())


def test_the_redeal_draws_hidden_tasks_from_every_card_of_their_codes() -> None:
    """Which cards of a code are in play is as unseen as the cards themselves ("The
    remaining Task cards are put aside ... Do not look at these"): a re-deal for Red gives
    the others cards the deal put aside too, never Red's own, and keeps the codes."""
    state = started(4)
    in_play = {agent.task for agent in state.agents.values()} | set(state.tasks_out)
    dealt: set[str] = set()
    for n in range(30):
        scrambled = TITLE.scramble(state, "red", Dice(seed_state(n)))
        assert TITLE.invariants(scrambled) == []
        others = {scrambled.agent(seat).task for seat in state.players if seat != "red"}
        assert state.agent("red").task not in others | set(scrambled.tasks_out)
        dealt |= others
    assert dealt - in_play, "cards put aside are dealt in some worlds"


def test_the_redeal_gives_an_agent_in_the_race_only_a_task_he_can_still_do() -> None:
    """Everyone sees that an agent still racing can still do his task (the house rule
    withdraws him otherwise): with Red and Blue out, Green's worlds never give Yellow a
    task the microfilms in play cannot do."""
    state = arranged(
        current="green",
        fields={"green": 20, "yellow": 40},
        chips={"red": {"red": 10, "blue": 7}, "blue": {"blue": 1}, "yellow": {"yellow": 10, "blue": 2}},
        tasks={"green": "4e", "yellow": "3h"},
    )
    state = state.with_agent("red", out=True, field=None).with_agent("blue", out=True, field=None)
    assert TITLE.invariants(state) == []
    tasks = set()
    for n in range(40):
        world = TITLE.scramble(state, "green", Dice(seed_state(n)))
        assert can_still_be_done(world, "yellow") and TITLE.invariants(world) == []
        tasks.add(world.agent("yellow").task)
    assert len(tasks) > 3 and not {"4a", "4b", "4c", "4d"} & tasks, "two-one-one needs three colours"


def test_transport_cards_lie_open_and_equipment_is_counted_only() -> None:
    """Ours: the rulebook asks secrecy of the task card ("the content of which he naturally
    keeps secret") and of the cards chosen for a meeting ("selects and conceals"), so the
    transport cards in hand lie open; equipment, put up in secret in a fight, is held
    secret, its number public."""
    state = arranged(
        current="red",
        fields={"red": 1, "blue": 30, "green": 20, "yellow": 40},
        transport={"red": ("boat", "car")},
        equipment={"red": ("knife", "pistol")},
    )
    for seat in (*state.players, None):
        red = TITLE.view(state, seat).agents["red"]
        assert red.transport == ("boat", "car") and red.equipment_count == 2
        assert red.equipment == (("knife", "pistol") if seat == "red" else None)
