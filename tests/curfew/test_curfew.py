"""The curfew on the Polish activations, A-C ("Aktywacja polskich agentów"), in real games."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from rules.core import IllegalAction
from rules.curfew.actions import Choose
from rules.curfew.curfew import patrolled
from rules.curfew.state import CurfewState, curfew_state
from rules.curfew.title import TITLE
from rules.stawka.actions import EndActivation, GiveUp, KeepItem, Move, Search
from rules.stawka.board import board_of
from rules.stawka.documents import ap_left, ap_limit
from rules.stawka.investigation import TRACK_MAX
from rules.stawka.movement import shortest_paths
from rules.stawka.state import Activation, AgentState
from tests.curfew.games import Step, Walk, acted, game, games, has_key, opened, steps_where

GAMES = Path(__file__).parent / "games"
"""Moves of games kept to replay a position the bots no longer reach."""

BOARD = board_of("curfew")


def _polish_turns() -> list[Step]:
    return steps_where(lambda s: TITLE.to_act(s.before) == "polish" and not s.before.pending)


def test_a_no_move_ends_on_a_street_with_a_german_agent() -> None:
    """A: a move may pass a German agent's street space, never stop on it."""
    checked = 0
    for step in _polish_turns():
        streets = patrolled(step.before)
        for action in TITLE.legal_actions(step.before):
            if isinstance(action, Move):
                assert action.to not in streets
                checked += 1
    assert checked > 1000


def test_a_no_activation_ends_on_a_street_with_a_german_agent() -> None:
    """A: "żaden z polskich agentów nie może kończyć swojej aktywacji na polu ulicy
    z niemieckim agentem" (no Polish agent may end his activation on a street space with a
    German agent): wherever a Polish activation ended (a failed document check included,
    which sends him back), no German agent stood on that street space when the Germans'
    answer began (unless the agent had no way off: ours), and ending there was refused."""
    ended = bounced = 0
    for played in games():
        for step in played:
            walk = Walk(step.before)
            ending: str | None = None
            for event in (*step.events, None):
                if ending is not None and (
                    event is None or event.key.startswith(("curfew.german.", "stawka.stage"))
                ):
                    streets = {
                        walk.space[a.id]
                        for a in step.before.agents_of("german")
                        if walk.status[a.id] == "free" and not BOARD.is_location(walk.space[a.id])
                    }
                    cornered = isinstance(step.action, EndActivation) and not any(
                        isinstance(a, Move) and a.agent == ending for a in TITLE.legal_actions(step.before)
                    )  # ours: caught with no step off that he may end on
                    assert walk.space[ending] not in streets or cornered, (ending, walk.space[ending])
                    ended += 1
                    ending = None
                if event is None:
                    break
                walk.see(event)
                agent = step.before.agent(str(event.params.get("agent") or "kloss"))
                if event.key == "stawka.activation_end" and agent.side == "polish":
                    ending = agent.id if walk.status[agent.id] == "free" else None
                bounced += event.key == "curfew.sent_back"
    assert bounced > 0, "no failed check was seen sending an agent back off a German's street"
    assert ended > 200
    refused = 0
    for step in _polish_turns():
        act = step.before.activation
        if act is None:
            continue
        agent = step.before.agent(act.agent)
        if agent.space in patrolled(step.before) and any(
            isinstance(a, Move) for a in TITLE.legal_actions(step.before)
        ):
            assert EndActivation() not in TITLE.legal_actions(step.before)
            with pytest.raises(IllegalAction, match="Curfew"):
                TITLE.apply(step.before, EndActivation())
            refused += 1
    assert refused > 0


def test_a_a_failed_check_sends_him_back_past_the_german_s_street_issue_27_seed_4025() -> None:
    """A outranks the document check's "back to the space before" (the scenario's rules
    "mają znaczenie nadrzędne", prevail): Ingrid walks police 11 -> police 14 (Fritz Kopf's
    street) -> the jail, fails its check, and ends on police 11, not on the German's street
    (issue 27, 2, on the issue's dice: version 1; ours: back along her walk to its last
    space she may end on)."""
    state = opened(4025, "purple blue black yellow", {"jacek": 10}, dice=1)
    state, _ = TITLE.apply(state, GiveUp())
    state, _ = TITLE.apply(state, Choose(option="fritz_kopf"))
    assert state.agent("fritz_kopf").space == "police.14"
    state, events = TITLE.apply(state, Move(agent="ingrid_heizer", to="jail"))
    keys = [e.key for e in events]
    assert events[0].data["path"] == ["police.11", "police.14", "jail"]
    failed = keys.index("stawka.test_document_check_failed")
    assert keys[failed + 1 : failed + 3] == ["stawka.activation_end", "curfew.sent_back"]
    assert state.agent("ingrid_heizer").space == "police.11" and state.activation is None


def _room(state: CurfewState) -> int:
    """What the free Polish agents' AP limits have left."""
    return sum(ap_left_of(state, a) for a in state.agents_of("polish") if a.status == "free")


def ap_left_of(state: CurfewState, agent: AgentState) -> int:
    return max(0, ap_limit(state, agent) - agent.ap_used - agent.tired)


RISE_SEEDS = range(20)
"""The sensible player's games looked through for a limit that rises mid-stage (a
Bicycle found is rare: one of these twenty has it)."""


def test_the_player_gives_ap_until_his_agents_limits_are_used_up() -> None:
    """ "Gracz będzie mógł aktywować i rozdysponowywać Punkty Akcji swoim agentom aż do
    wyczerpania ich limitów PA, lub do chwili, gdy zechce zakończyć etap" (the player may
    activate his agents and give them AP until their AP limits are used up, or until he
    ends the stage): at every turn of his his pool is what his agents' limits have left,
    also after a limit rose mid-stage (a Bicycle found)."""
    turns = rose = 0
    for step in _polish_turns():
        if step.before.phase == "activations":
            assert step.before.sides["polish"].ap == _room(step.before)
            turns += 1
    rises = (s for seed in RISE_SEEDS for s in game(seed, "heuristic"))
    for step in (s for s in rises if s.after.stage == s.before.stage and s.after.phase == "activations"):
        before, after = step.before, step.after
        if any(ap_limit(after, after.agent(a.id)) > ap_limit(before, a) for a in before.agents_of("polish")):
            assert after.sides["polish"].ap == _room(after)
            rose += 1
    assert turns > 1000 and rose > 0, (turns, rose)


def test_a_bicycle_found_mid_stage_adds_its_ap_issue_27_seed_3002() -> None:
    """Issue 27, 4 (the issue's dice: version 1): Kloss keeps a Bicycle found in the park
    mid-stage; his limit rises from 5 to 6 and the pool with it (8 AP: Kloss 4,
    Christianson 4), where it stayed at 7 and one AP of the limits could not be used."""
    state = opened(3002, "black blue purple yellow", {"ingrid_heizer": 6, "jacek": 3, "kloss": 1}, dice=1)
    state, _ = acted(
        state,
        Move(agent="jacek", to="police_station"),
        Move(agent="jacek", to="police.10"),
        Move(agent="ingrid_heizer", to="city.8"),
        Search(agent="kloss"),
        KeepItem(),
    )
    kloss = state.agent("kloss")
    assert ap_limit(state, kloss) == 6 and kloss.ap_used == 2
    assert state.sides["polish"].ap == _room(state) == 8
    assert ap_left(state, kloss) == 4 and ap_left(state, state.agent("christianson")) == 4


def test_b_passing_a_german_street_is_a_test_and_a_failure_costs_two_evidence() -> None:
    """B: each German street space a Polish agent walks through is an alertness test at
    once; a failure gives the Germans 2 evidence on him, and the walk goes on."""
    checks = steps_where(lambda s: any(k.startswith("curfew.curfew_check") for k in s.event_keys()))
    assert len(checks) > 10
    failed = 0
    for step in checks:
        keys = step.event_keys()
        streets = patrolled(step.before)
        moves = [e for e in step.events if e.key == "stawka.moved"]
        passed_streets = sum(1 for e in moves for space in e.data["path"][:-1] if space in streets)
        tests = [k for k in keys if k.startswith("curfew.curfew_check")]
        assert len(tests) == passed_streets
        for index, key in enumerate(keys):
            if key == "curfew.curfew_check_failed":
                evidence = step.events[index + 1]
                assert evidence.key == "curfew.evidence.curfew" and evidence.params["amount"] == 2
                failed += 1
    assert failed > 0


def _fewest_passed(
    start: str, end: str, steps: int, streets: set[str], blocked: set[str], sealed: frozenset[str]
) -> int | None:
    """Of the Polish walks of `steps` steps from `start` to `end` entering none of
    `blocked` before `end` and leaving no `sealed` sector, the fewest `streets` passed."""
    fewest = {start: 0}
    for _ in range(steps):
        reached: dict[str, int] = {}
        for here, passed in fewest.items():
            if here != start and here in blocked:
                continue
            toll = passed + (here in streets and here != start)
            for there in BOARD.exits(here, "polish"):
                if BOARD.sector_of[here] in sealed and BOARD.sector_of[there] != BOARD.sector_of[here]:
                    continue
                reached[there] = min(reached.get(there, toll), toll)
        fewest = reached
    return fewest.get(end)


def test_b_a_walk_takes_the_equally_short_way_that_avoids_the_germans_streets() -> None:
    """B makes passing a German's street a test ("musi natychmiast rzucić kostkami na swoją
    czujność": he must roll against his alertness at once), which can only cost evidence;
    ours (issue 27, 5): of equally short ways a walk takes one passing the fewest such
    streets, so none where an equally short way passes none."""
    walks = spared = 0
    for step in steps_where(has_key("stawka.moved")):
        walk = Walk(step.before)
        for event in step.events:
            agent = str(event.params.get("agent", ""))
            if event.key == "stawka.moved" and step.before.agent(agent).side == "polish":
                path = [str(space) for space in event.data["path"]]
                start = walk.space[agent]
                streets = {
                    walk.space[g.id]
                    for g in step.before.agents_of("german")
                    if walk.status[g.id] == "free" and not BOARD.is_location(walk.space[g.id])
                }
                passed = sum(space in streets for space in path[:-1])
                sealed = step.before.sealed_sectors(step.before.agent(agent))
                best = _fewest_passed(start, path[-1], len(path), streets, set(step.before.threats), sealed)
                if best is not None:
                    assert passed <= best, (agent, start, path, streets)
                first = shortest_paths(BOARD, start, "polish", len(path)).get(path[-1], ())
                spared += len(first) == len(path) and any(s in streets for s in first[:-1]) and passed == 0
                walks += 1
            walk.see(event)
    assert walks > 1000 and spared > 10, (walks, spared)


def test_b_without_a_german_on_the_way_there_is_no_test() -> None:
    quiet = steps_where(
        lambda s: any(k == "stawka.moved" for k in s.event_keys()) and not patrolled(s.before)
    )
    assert quiet
    assert not any(k.startswith("curfew.curfew_check") for s in quiet for k in s.event_keys())


def test_c_no_move_leaves_a_sector_with_an_ss_officer_unless_he_escaped() -> None:
    """C: a Polish agent in a sector with a German SS officer may not walk out of it, unless
    he escaped an arrest this stage; then he may."""
    sealed_moves = 0
    for step in _polish_turns():
        state = step.before
        for action in TITLE.legal_actions(state):
            if not isinstance(action, Move) or action.item is not None:
                continue
            agent = state.agent(action.agent)
            here = BOARD.sector_of[agent.space]
            if here in state.sealed_sectors(agent):
                assert BOARD.sector_of[action.to] == here
                sealed_moves += 1
    assert sealed_moves > 100
    escaped = steps_where(has_key("curfew.german.escaped"))
    assert escaped
    step = escaped[0]
    target = str(next(e for e in step.events if e.key == "curfew.german.escaped").params["target"])
    assert target in step.after.escaped
    assert step.after.sealed_sectors(step.after.agent(target)) == frozenset()


def test_kloss_worked_out_for_good() -> None:
    """UWAGA: at 10 German evidence Kloss is worked out; lowering the evidence later changes
    nothing; from then on he can be arrested (rules C and D)."""
    worked = steps_where(has_key("curfew.worked_out"))
    assert worked
    for step in worked:
        kloss = step.after.agent("kloss")
        assert step.after.sides["german"].evidence[kloss.colour] == TRACK_MAX or step.after.worked_out
        assert step.after.worked_out
        lowered = curfew_state(
            step.after.with_side(
                "german",
                step.after.sides["german"].model_copy(
                    update={"evidence": {**step.after.sides["german"].evidence, kloss.colour: 0}}
                ),
            )
        )
        if TITLE.to_act(lowered) is not None:
            # The next action, with the evidence gone: he stays worked out.
            lowered, _ = TITLE.apply(lowered, TITLE.legal_actions(lowered)[0])
        assert lowered.worked_out
    for played in games():
        seen = False
        for step in played:
            seen = seen or step.before.worked_out
            assert not seen or step.after.worked_out


def test_undo_takes_back_a_move_until_dice_or_a_card_reveal_something() -> None:
    """The player's own moves are taken back while nothing was revealed; a die rolled or a
    German card turned over (a new stage) closes the way back."""
    quiet = steps_where(
        lambda s: (
            isinstance(s.action, Move)
            and s.after.rng == s.before.rng
            and not any(e.reveals for e in s.events)
        )
    )
    assert len(quiet) > 20
    for step in quiet[:50]:
        assert TITLE.can_undo(step.after)
        assert TITLE.dump(TITLE.undo(step.after)) == TITLE.dump(step.before)
    revealing = steps_where(has_key("curfew.card")) + steps_where(
        lambda s: any(k.startswith("curfew.curfew_check") for k in s.event_keys())
    )
    assert revealing
    assert not any(TITLE.can_undo(step.after) for step in revealing)


def ended_activations(played: Sequence[Step], when: Callable[[CurfewState, Activation], bool]) -> list[Step]:
    """The steps of `played` that end an activation for which `when(state before, the
    activation)` holds."""
    return [
        step
        for step in played
        if isinstance(step.action, EndActivation)
        and step.before.activation is not None
        and when(step.before, step.before.activation)
    ]


def test_a_caught_on_a_patrolled_street_with_only_patrolled_streets_around_he_may_end() -> None:
    """A, ours: an agent who acted on a German's street and can only walk onto other
    patrolled streets may end where he stands (seed 1 of the sensible bot met it: the
    player had no legal action before).  The position is replayed from that game's moves
    (tests/curfew/games: the bot has played otherwise since)."""
    record = json.loads((GAMES / "stuck_on_a_patrolled_street.json").read_text(encoding="utf-8"))
    state, _ = TITLE.start(TITLE.default_options(None), record["seed"])
    for action in record["actions"]:
        state, _ = TITLE.apply(state, action)
    activation = state.activation
    assert activation is not None and activation.acted
    agent = state.agent(activation.agent)
    assert agent.space in patrolled(state) and ap_left(state, agent) > 0
    legal = TITLE.legal_actions(state)
    moves = [a for a in legal if isinstance(a, Move) and a.agent == agent.id]
    assert not moves, "a move to a space he may end on was there"
    assert EndActivation() in legal
    ended, _ = TITLE.apply(state, EndActivation())
    assert ended.agent(agent.id).space == agent.space


def test_an_agent_the_curfew_stops_after_one_space_may_end_there() -> None:
    """A, ours: Kloss walked one space (Stawka wants two from an agent who only moves) and
    his only step left ends on a German's street: he may end where he stands (seed 297 of
    the random bot met it: the player had no legal action before; seed 10 since the Polish
    location cards).  Not counted: an agent a token's check stopped, or one who used a
    card (either may end after one space by Stawka's own rules)."""
    played = game(10, "random")
    assert played[-1].after.phase == "over"
    stopped = ended_activations(
        played,
        lambda before, activation: (
            activation.moved == 1 and not (activation.acted or activation.card_played or activation.stopped)
        ),
    )
    assert stopped
    for step in stopped:
        assert TITLE.legal_actions(step.before) == [EndActivation()], "nothing else was left to him"
        assert step.after.activation is None
