"""The German agents' activations, rules A-H ("Aktywowanie niemieckich agentów"), checked
wherever they came up in real seeded games (`tests.curfew.games`)."""

from __future__ import annotations

from collections import defaultdict

from rules.curfew.content import load_content
from rules.curfew.germans import ap_left, german_of, nearest_targets
from rules.curfew.state import CurfewState, GermanTurn, TieBreak, curfew_state
from rules.curfew.title import TITLE
from rules.stawka.actions import Converse, GiveUp, KeepItem, Move, Search
from rules.stawka.board import board_of
from rules.stawka.documents import ap_limit
from rules.stawka.investigation import ARREST_EVIDENCE
from rules.stawka.meetings import have_talked, pair
from tests.curfew.games import Walk, acted, games, has_key, opened, steps_where

BOARD = board_of("curfew")


def _num(value: object) -> int:
    assert isinstance(value, int)
    return value


def _limit(state: CurfewState, agent: str) -> int:
    return ap_limit(state, state.agent(agent))


def test_the_german_of_the_same_colour_answers_every_polish_activation() -> None:
    """ "Zaraz po zakończeniu aktywacji polskiego agenta Gracz musi poruszyć niemieckiego
    agenta o tym samym kolorze" (right after a Polish agent's activation ends, the player
    must move the German agent of the same colour): after every Polish activation, however
    many actions it took (one walk that spends all the AP begins and ends it), while that
    German has AP left."""
    answered = one_action = 0
    for step in steps_where(has_key("stawka.activation_end")):
        if step.after.phase == "over":
            continue
        keys = step.event_keys()
        for index, event in enumerate(step.events):
            if event.key != "stawka.activation_end":
                continue
            polish = step.before.agent(str(event.params["agent"]))
            german = german_of(step.before, polish.colour)
            if german is None or ap_left(step.before, german) == 0:
                continue
            later = [e.params["agent"] for e in step.events[index:] if e.key == "curfew.german.activated_a"]
            assert later[:1] == [german.id], (polish.id, german.id, keys)
            answered += 1
            one_action += step.before.activation is None
    assert answered > 500 and one_action > 100, (answered, one_action)


def test_a_walk_that_spends_every_ap_is_answered_issue_27_seed_6003() -> None:
    """Issue 27, 1 (seed 6003): Kloss walks to the villa's street 13, spending all his AP:
    the move and the activation's end are one action, and Brunner (black, as Kloss) is
    activated right after it (the issue's dice: version 1, before seeds were mixed)."""
    state = opened(6003, "black yellow blue purple", {"kloss": 10}, dice=1)
    assert state.activation is None
    state, events = TITLE.apply(state, Move(agent="kloss", to="villa.13"))
    keys = [e.key for e in events]
    assert keys[:3] == ["stawka.moved", "stawka.activation_end", "curfew.german.activated_a"]
    assert events[2].params["agent"] == "hermann_brunner"
    assert state.agent("hermann_brunner").ap_used > 0


def test_rule_a_half_the_limit_the_first_time_the_rest_later() -> None:
    """A: the first activation in a stage spends half the AP limit, rounded down; a later
    one the rest; never more than the limit (G, at the stage's end, stands apart)."""
    checked = 0
    for played in games():
        spent: dict[tuple[int, str], list[int]] = defaultdict(list)
        budget: dict[str, int] = {}
        for step in played:
            for event in step.events:
                agent = str(event.params.get("agent", ""))
                if event.key in ("curfew.german.activated_a", "curfew.german.activated_h"):
                    limit = _limit(step.after, agent)
                    before = spent[(step.before.stage, agent)]
                    expected = limit // 2 if not before else limit - sum(before)
                    assert event.params["ap"] == expected, (event, before)
                    budget[agent] = _num(event.params["ap"])
                    checked += 1
                elif event.key in ("curfew.german.done", "curfew.german.no_target") and agent in budget:
                    spent[(step.before.stage, agent)].append(budget.pop(agent) - _num(event.params["ap"]))
            for (_stage, agent), used in spent.items():
                assert sum(used) <= _limit(step.after, agent)
    assert checked > 500


def test_every_german_activation_spends_its_ap_on_steps_talks_and_location_arrests() -> None:
    """A-D: an activation's AP go to its steps (1 AP a space), conversations (B, 1 AP) and
    arrests in a location (D, 1 AP); an arrest on a street (C) costs nothing."""
    checked = 0
    for played in games():
        running: dict[str, int] = {}
        for step in played:
            for event in step.events:
                agent = str(event.params.get("agent", ""))
                if event.key.startswith("curfew.german.activated_"):
                    running[agent] = _num(event.params["ap"])
                elif event.key == "curfew.german.moved":
                    running[agent] -= _num(event.params["cost"])
                elif event.key in ("curfew.german.talks", "curfew.german.arrest_location"):
                    running[agent] -= 1
                elif event.key in ("curfew.german.done", "curfew.german.no_target") and agent in running:
                    assert running.pop(agent) == event.params["ap"]
                    checked += 1
    assert checked > 500


def test_a_german_agent_heads_for_the_nearest_polish_agent_he_has_not_met() -> None:
    """He moves by the shortest way towards the nearest Polish agent he has not talked to
    nor tried to arrest this stage: each walk's target was one of the nearest."""
    checked = 0
    for step in steps_where(has_key("curfew.german.moved")):
        walk = Walk(step.before)
        for event in step.events:
            if event.key == "curfew.german.moved":
                agent, target = str(event.params["agent"]), str(event.params["target"])
                path = event.data["path"]
                start = walk.space[agent]
                shortest = TITLE_PATHS(start)[walk.space[target]]
                assert tuple(path) == shortest[: len(path)], (start, path, shortest)
                checked += 1
            walk.see(event)
    assert checked > 300


def test_a_german_agent_heads_only_for_polish_agents_he_has_not_talked_with() -> None:
    """ "do najbliższego polskiego agenta, z którym jeszcze nie rozmawiał lub nie próbował
    aresztować" (to the nearest Polish agent with whom he has not yet talked, nor tried to
    arrest): a conversation this stage rules the agent out whoever began it, so a German
    never walks towards an agent who talked with him, even a nearer one."""
    checked = passed_by = 0
    for step in steps_where(has_key("curfew.german.moved")):
        walk = Walk(step.before)
        talked = set(step.before.talked)
        for event in step.events:
            if event.key == "stawka.stage_end":
                talked = set()
            elif (
                event.key.startswith(("stawka.conversation_", "curfew.german.arrest_"))
                and "target" in event.params
            ):
                talked.add(pair(str(event.params["agent"]), str(event.params["target"])))
            elif event.key == "curfew.german.moved":
                agent, target = str(event.params["agent"]), str(event.params["target"])
                assert pair(agent, target) not in talked, (agent, target)
                paths = TITLE_PATHS(walk.space[agent])
                far = len(paths[walk.space[target]])
                passed_by += any(
                    pair(agent, p.id) in talked
                    and len(paths.get(walk.space[p.id], paths[walk.space[target]])) < far
                    for p in step.before.agents_of("polish")
                    if walk.status[p.id] == "free"
                )
                checked += 1
            walk.see(event)
    assert checked > 300 and passed_by > 5, (checked, passed_by)


def test_a_conversation_the_polish_agent_began_counts_issue_27_seed_5022() -> None:
    """Issue 27, 3 (the issue's dice: version 1): Kloss talks with Brunner at the
    telephone booth (Kloss began it); at Brunner's next activation he heads for Jacek, not
    back to Kloss (before, he walked back, did nothing there and burnt the booth, F)."""
    state = opened(5022, "black purple blue yellow", {"kloss": 9, "jacek": 1}, dice=1)
    state, events = acted(
        state,
        Move(agent="kloss", to="telephone_booth"),
        Converse(agent="kloss", target="hermann_brunner"),
        Move(agent="christianson", to="city.9"),
        Move(agent="christianson", to="city.8"),
        Search(agent="kloss"),
        KeepItem(),
    )
    assert have_talked(state, "kloss", "hermann_brunner")
    walks = [e for e in events if e.key == "curfew.german.moved"]
    assert [(e.params["agent"], e.params["target"]) for e in walks] == [("hermann_brunner", "jacek")]
    assert not any(e.key == "curfew.german.burnt" for e in events)


def TITLE_PATHS(start: str) -> dict[str, tuple[str, ...]]:
    from rules.stawka.movement import shortest_paths

    return {start: (), **shortest_paths(BOARD, start, "german", 10_000)}


def test_equal_distances_are_the_players_choice() -> None:
    """UWAGA: "jeśli w tej samej odległości znajduje się kilku polskich agentów, to Gracz
    decyduje w kierunku którego będzie się kierował niemiecki agent" (with several Polish
    agents equally far, the player decides which one the German heads for): a decision of
    his, whose options are exactly the nearest ones; the German then heads for his pick."""
    asked = [
        s for s in steps_where(lambda s: isinstance(s.after.pending[-1:] and s.after.pending[-1], TieBreak))
    ]
    ties = [s for s in asked if s.after.pending[-1].purpose == "target"]  # type: ignore[union-attr]
    assert ties
    for step in ties:
        tie = step.after.pending[-1]
        below = step.after.pending[-2]
        assert isinstance(tie, TieBreak) and isinstance(below, GermanTurn)
        assert TITLE.to_act(step.after) == "polish"
        german = step.after.agent(below.agent)
        assert set(tie.options) == set(nearest_targets(step.after, german, below.met))
        assert len(tie.options) > 1


def test_rule_b_one_conversation_per_pair_and_stage() -> None:
    """B: he talks with a Polish agent he meets, for 1 AP, at most once a stage per pair
    (a failed rank die is no conversation); then he goes on with his AP."""
    went_on = 0
    for played in games():
        talked: set[tuple[int, str, str]] = set()
        for step in played:
            last_talk: str | None = None
            for event in step.events:
                if event.key.startswith("stawka.conversation_") and last_talk is not None:
                    talked.add((step.before.stage, last_talk, str(event.params["target"])))
                if event.key == "curfew.german.talks":
                    pair = (step.before.stage, str(event.params["agent"]), str(event.params["target"]))
                    assert pair not in talked
                    last_talk = pair[1]
                if event.key == "curfew.german.moved" and last_talk == event.params["agent"]:
                    went_on += 1
                if event.key.startswith("curfew.german.done"):
                    last_talk = None
    assert went_on > 0


def test_rule_c_an_agent_met_on_a_street_is_arrested_at_once() -> None:
    """C: on a street space he tries the arrest at once, for no AP (see the AP test),
    whatever the evidence and the conversation limit; not Kloss, until worked out."""
    arrests = steps_where(has_key("curfew.german.arrest_street"))
    assert len(arrests) > 20
    low_evidence = 0
    for step in arrests:
        walk = Walk(step.before)
        for event in step.events:
            if event.key == "curfew.german.arrest_street":
                german, target = str(event.params["agent"]), str(event.params["target"])
                assert not BOARD.is_location(walk.space[german])
                assert target != "kloss" or walk.worked_out
                assert event.params["rule"] == "C"
                colour = step.before.agent(target).colour
                low_evidence += walk.evidence.get(colour, 0) < ARREST_EVIDENCE
            walk.see(event)
    assert low_evidence > 0, "no street arrest on an agent with less than 6 evidence was seen"


def test_kloss_met_on_a_street_is_talked_to() -> None:
    """C, "z wyjątkiem Klossa": with Kloss (not worked out) on a street he talks instead."""
    found = 0
    for step in steps_where(has_key("curfew.german.talks")):
        walk = Walk(step.before)
        for event in step.events:
            if event.key == "curfew.german.talks" and event.params["target"] == "kloss":
                german = str(event.params["agent"])
                found += not BOARD.is_location(walk.space[german])
            walk.see(event)
    assert found > 0


def test_rule_d_six_evidence_in_a_location_means_an_arrest_attempt() -> None:
    """D: in a location, a Polish agent with 6 or more evidence is always arrested, never
    talked to; one with less is talked to."""
    seen = 0
    for step in steps_where(
        lambda s: any(e.key in ("curfew.german.arrest_location", "curfew.german.talks") for e in s.events)
    ):
        walk = Walk(step.before)
        for event in step.events:
            if event.key in ("curfew.german.arrest_location", "curfew.german.talks"):
                german, target = str(event.params["agent"]), str(event.params["target"])
                if BOARD.is_location(walk.space[german]) and (target != "kloss" or walk.worked_out):
                    burdened = walk.evidence.get(step.before.agent(target).colour, 0) >= ARREST_EVIDENCE
                    assert burdened == (event.key == "curfew.german.arrest_location"), event
                    seen += burdened
            walk.see(event)
    assert seen > 0


def test_rule_e_a_secret_means_an_arrest_and_the_evidence_stays() -> None:
    """E: a secret learnt talking arrests the agent at once (the secret needs 3 evidence,
    which stays on the track: the Germans' secrets do not spend it)."""
    steps = steps_where(has_key("curfew.german.secret_arrest"))
    assert steps
    for step in steps:
        keys = step.event_keys()
        index = keys.index("curfew.german.secret_arrest")
        assert keys[index - 2] == "stawka.conversation_secret"
        assert keys[index + 1] == "stawka.arrested"
        target = str(step.events[index].params["target"])
        colour = step.before.agent(target).colour
        freed = any(  # a prisoner who betrays a secret at the interrogation is let go (Stawka)
            e.key == "stawka.interrogation_secret" and e.params["target"] == target
            for e in step.events[index:]
        )
        assert step.after.agent(target).status == "arrested" or step.after.phase == "over" or freed
        assert step.after.sides["german"].evidence[colour] >= 3


def test_kloss_secret_exposes_him_and_loses_the_game() -> None:
    steps = steps_where(has_key("curfew.exposed"))
    assert steps
    for step in steps:
        assert step.after.exposed and step.after.phase == "over"
        outcome = TITLE.outcome(step.after)
        assert outcome is not None and outcome.result == "loss" and outcome.key == "curfew.lost.kloss_exposed"


def test_rule_f_ending_in_a_location_with_a_polish_agent_burns_it() -> None:
    """F: the location's item tiles all leave the game (unseen: the view counts them)."""
    steps = steps_where(has_key("curfew.german.burnt"))
    assert len(steps) > 10
    for step in steps:
        for event in step.events:
            if event.key == "curfew.german.burnt":
                location = str(event.params["location"])
                assert step.after.stacks[location] == ()
                assert len(step.after.burnt[location]) >= _num(event.params["count"])
                view = TITLE.view(step.after, "polish")
                assert view.burnt[location] == len(step.after.burnt[location])
                assert not set(step.after.burnt[location]) & set(view.removed_items)


def test_rule_g_prisoners_call_the_german_of_their_colour_at_the_stage_end() -> None:
    """G: at the end of a stage, for every Polish agent in jail, the German agent of his
    colour moves half his AP limit."""
    steps = steps_where(has_key("stawka.stage_end"))
    seen = 0
    for step in steps:
        called = [e for e in step.events if e.key == "curfew.german.activated_g"]
        prisoners = {a.colour for a in step.before.agents_of("polish") if a.status == "arrested"}
        german_colour = {a.id: a.colour for a in step.before.agents_of("german")}
        assert {german_colour[str(e.params["agent"])] for e in called} <= prisoners | {
            step.after.agent(str(e.params["target"])).colour
            for e in step.events
            if e.key == "stawka.arrested"
        }
        for event in called:
            assert event.params["ap"] == _limit(step.after, str(event.params["agent"])) // 2
            seen += 1
    assert seen > 20


def test_rule_h_ending_the_stage_activates_the_german_with_most_ap_left() -> None:
    """H: when the player ends the stage himself, one more German agent is activated: the
    one with the most AP left (a tie the player breaks); only then."""
    extra = steps_where(has_key("curfew.german.activated_h"))
    assert len(extra) > 20
    for step in extra:
        assert isinstance(step.action, GiveUp) or (
            step.before.pending[-1:] and isinstance(step.before.pending[-1], TieBreak)
        )
    gave_up = steps_where(lambda s: isinstance(s.action, GiveUp) and s.after.stage > s.before.stage)
    assert gave_up


def test_an_eliminated_german_agent_is_replaced_before_the_next_stage() -> None:
    """UWAGA: "jeśli w trakcie gry zostanie wyeliminowany jakiś niemiecki agent, przed
    rozpoczęciem kolejnego etapu spośród niemieckich postaci załączonych do gry losuje się
    nowego agenta (który także nabywa wszystkie możliwości opisane powyżej)" (a German
    agent eliminated in play is replaced, before the next stage, by one drawn from the
    German characters of the box, who takes on all the behaviour above): not one in play,
    in the eliminated one's colour (ours)."""
    step = steps_where(lambda s: isinstance(s.action, GiveUp) and s.before.stage == 2 < s.after.stage)[0]
    state = step.before
    victim = next(a for a in state.agents_of("german") if a.status == "free")
    killed = curfew_state(state.with_agent(victim.model_copy(update={"status": "liquidated"})))
    after, events = TITLE.apply(killed, step.action)
    successors = [e for e in events if e.key == "curfew.successor"]
    assert len(successors) == 1
    newcomer = after.agent(str(successors[0].params["agent"]))
    assert newcomer.colour == victim.colour and newcomer.side == "german" and newcomer.status == "free"
    assert newcomer.id not in load_content().german_agents
    assert BOARD.is_location(newcomer.space)
