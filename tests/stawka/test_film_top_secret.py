""" "Top Secret" (rulebook, "Film Scenario: Top Secret"): Dr Pulkowski's interrogation at the
end of every stage, and the factory's security."""

from __future__ import annotations

from rules.core import Dice, Event, seed_state
from rules.stawka import conversation, film_hooks
from rules.stawka.actions import (
    AttackAudi,
    DiscardThreat,
    DiscardTopSecret,
    DriveAudi,
    GiveUp,
    Move,
    NudgeAudi,
)
from rules.stawka.content import load_content
from rules.stawka.film import audi_attack, black_audi
from rules.stawka.film.top_secret import figures, security_token
from rules.stawka.options import StawkaOptions
from rules.stawka.state import AudiNudge, SecretThreats, StawkaState, TopSecret
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations
from tests.stawka.dice import rng_rolling

SCENARIO = "top-secret"
AGENTS = {"kloss": "abwehr", "barbara_reczko": "factory.13", "hermann_brunner": "gestapo"}


def board(
    rolls: tuple[int, ...] = (), agents: dict[str, str] | None = None, **figures: object
) -> StawkaState:
    state = in_activations(agents or AGENTS, scenario=SCENARIO, rng=rng_rolling(*rolls) if rolls else None)
    held = state.top_secret or TopSecret()
    return state.model_copy(update={"top_secret": held.model_copy(update=figures)})


def end_stage(state: StawkaState) -> StawkaState:
    """The German player has given up; the Polish one gives up too: the stage ends."""
    german = state.sides["german"].model_copy(update={"gave_up": True})
    state = state.with_side("german", german).model_copy(update={"turn": "polish"})
    state, _ = TITLE.apply(state, GiveUp())
    return state


def test_the_security_token_lies_face_up_on_the_factory_and_the_audi_waits() -> None:
    """Reinforced Factory Security: "the document check token (-3) ... face up on the factory"."""
    state = TITLE.new_game(StawkaOptions(scenario=SCENARIO), 1)
    token = security_token()
    assert state.threats == {"factory": token} and state.threats_open == (token,)
    assert token not in state.sides["german"].threat_pool
    assert figures(state).pulkowski == "held"


def test_pulkowski_resists_eleven_then_breaks_on_twelve_with_a_stage_behind_him() -> None:
    """ "To "break" the doctor the German Player must roll at least 12 on two dice. If in the
    first stage he fails, in the second he gains a +1 modifier to the roll". Will Pulkowski
    Cooperate?: at least 12 on two dice; +1 in the second stage."""
    state = end_stage(board((6, 5)))
    assert (figures(state).pulkowski, figures(state).failed, state.stage) == ("held", 1, 2)
    state = end_stage(board((6, 5), failed=1))
    assert figures(state).pulkowski == "broken"


def test_each_polish_agent_in_the_factory_takes_three_off_the_roll() -> None:
    """ "Each Polish agent can introduce a maximum of one modification (-3), but their effect
    accumulates." Reinforced Factory Security: -3 per infiltrated agent, cumulative."""
    state = end_stage(board((6, 6), failed=3, infiltrators=("kloss", "kazik")))
    assert figures(state).pulkowski == "held"  # 12 + 3 - 6 = 9
    state = end_stage(board((6, 6), failed=3, infiltrators=("kloss",)))
    assert figures(state).pulkowski == "broken"  # 12 + 3 - 3 = 12


def test_a_broken_pulkowski_gets_into_the_audi_in_the_factory() -> None:
    """Will Pulkowski Cooperate?: "When the German Player "breaks" the doctor, from that moment
    he may take him to the Black Audi from the factory space"."""
    state = end_stage(board((6, 6), audi="factory"))
    assert (figures(state).pulkowski, figures(state).boarded) == ("aboard", 1)


def test_a_polish_agent_entering_the_factory_takes_the_check_and_counts_once_in() -> None:
    """Reinforced Factory Security: "From the moment one of the Polish agents manages to get
    into the factory, the German Player, interrogating Pulkowski, will subtract 3 from the
    dice rolls" (ours: the face-up token is a check at the door). Barbara (alertness 6): 2d6
    - 3 must exceed 6; 6+5-3 = 8 passes."""
    state, events = TITLE.apply(board((6, 5)), Move(agent="barbara_reczko", to="factory"))
    assert any(e.key == "stawka.test_document_check_passed" for e in events)
    assert state.agent("barbara_reczko").space == "factory"
    assert figures(state).infiltrators == ("barbara_reczko",)
    assert security_token() in state.threats_open  # it stays for the next agent


def test_a_failed_check_sends_her_back_and_she_is_not_in() -> None:
    """Reinforced Factory Security: "manages to get into the factory" - a failed check (ours:
    the face-up token checks whoever enters) is no getting in."""
    state, events = TITLE.apply(board((2, 3)), Move(agent="barbara_reczko", to="factory"))
    assert any(e.key == "stawka.test_document_check_failed" for e in events)
    assert state.agent("barbara_reczko").space == "factory.13"
    assert figures(state).infiltrators == ()


def test_kloss_passes_the_check_and_counts() -> None:
    """Sectors: "all agents except Kloss and black SS officers must pass a document check"
    (ours for the factory's token too); Reinforced Factory Security: "Each Polish agent can
    introduce a maximum of one modification (-3)", Kloss too."""
    state = board(agents={**AGENTS, "kloss": "factory.14"})
    state, events = TITLE.apply(state, Move(agent="kloss", to="factory"))
    assert not any(e.kind == "roll" for e in events)
    assert figures(state).infiltrators == ("kloss",)


# -- The Black Audi --------------------------------------------------------------------


def german_turn(rolls: tuple[int, ...] = (), **held: object) -> StawkaState:
    state = board(rolls, None, **held)
    return state.model_copy(update={"turn": "german", "first": "german"})


def test_the_audi_drives_the_streets_from_the_barracks_on_the_german_pool() -> None:
    """The Black Audi: "It can move only along street spaces (except the factory space, where
    it must be in order to pick up the doctor) and its activation is at the cost of AP from
    the German Player's pool." The Black Audi: AP limit 5 from the German pool; streets, the
    factory, the barracks."""
    state = german_turn()
    assert figures(state).audi == "barracks"
    drives = {a.to for a in TITLE.legal_actions(state) if isinstance(a, DriveAudi)}
    assert "factory.8" in drives and "abwehr" not in drives and "factory" not in drives  # 8 away
    state, events = TITLE.apply(state, DriveAudi(to="factory.8"))
    assert (figures(state).audi, figures(state).audi_ap, state.sides["german"].ap) == ("factory.8", 4, 4)
    assert any(e.key == "stawka.audi_drove" for e in events)
    assert state.turn == "polish"  # a drive is a whole activation


def test_the_audi_keeps_to_its_five_ap_a_stage() -> None:
    """The Black Audi: "the German Player will be able to activate this car, which has an AP
    limit of 5"."""
    state = german_turn(audi="factory.8", audi_ap=4)
    drives = {a.to for a in TITLE.legal_actions(state) if isinstance(a, DriveAudi)}
    assert drives == {"factory.9", "military.3"}
    assert black_audi.ap_left(state) == 1


def test_the_audi_picks_up_a_broken_pulkowski_and_leaves_the_next_stage() -> None:
    """The Black Audi: "At the moment Pulkowski is "broken" and the Black Audi is in the
    factory location, from the next stage it sets off on the return journey"."""
    state = german_turn(audi="factory.13", pulkowski="broken")
    state, _ = TITLE.apply(state, DriveAudi(to="factory"))
    assert (figures(state).pulkowski, figures(state).boarded) == ("aboard", 1)
    assert not any(
        isinstance(a, DriveAudi) for a in TITLE.legal_actions(state.model_copy(update={"turn": "german"}))
    )
    later = german_turn(audi="factory", pulkowski="aboard", boarded=1).model_copy(update={"stage": 2})
    assert any(isinstance(a, DriveAudi) for a in TITLE.legal_actions(later))


def test_the_audi_in_the_barracks_with_pulkowski_wins_for_the_german_player() -> None:
    """Victory Conditions: "drives Pulkowski to the barracks ... he automatically wins"."""
    state = german_turn(audi="military.12", pulkowski="aboard").model_copy(update={"stage": 3})
    state, _ = TITLE.apply(state, DriveAudi(to="barracks"))
    assert (state.winner, state.end_key) == ("german", "stawka.end.pulkowski_delivered")


def test_the_audi_not_home_after_stage_15_wins_for_the_polish_player() -> None:
    """Victory Conditions: "The Polish Player wins if: ... or the car does not reach the
    barracks in time" ("not later than the end of the 15th stage")."""
    state = end_stage(
        board((1, 1), audi="factory", pulkowski="aboard", boarded=14).model_copy(update={"stage": 15})
    )
    assert (state.winner, state.end_key) == ("polish", "stawka.end.audi_late")


def test_the_german_turns_go_on_while_only_the_audi_can_act() -> None:
    """The Black Audi: "During play the German Player will be able to activate this car"."""
    state = german_turn()
    spent = tuple(a.model_copy(update={"ap_used": 9}) if a.side == "german" else a for a in state.agents)
    state = state.model_copy(update={"agents": spent})
    assert [type(a) for a in TITLE.legal_actions(state) if not isinstance(a, DriveAudi)] == [GiveUp]


def polish_token(state: StawkaState, kind: str, space: str) -> StawkaState:
    token = next(
        t.id
        for t in load_content().threats
        if t.side == "polish" and t.kind == kind and t.id not in state.threats.values()
    )
    return state.model_copy(update={"threats": {**state.threats, space: token}})


def test_before_pulkowski_is_aboard_the_audi_ignores_threat_tokens() -> None:
    """The Black Audi: "Until Pulkowski is in it, the Black Audi cannot be attacked by Polish
    agents and ignores threat tokens"."""
    state = polish_token(german_turn(), "alarm", "military.9")
    state, _ = TITLE.apply(state, DriveAudi(to="military.1"))
    assert figures(state).audi == "military.1" and "military.9" in state.threats


def test_with_pulkowski_aboard_a_polish_alarm_stops_the_audi() -> None:
    """The Black Audi: "During the return the Black Audi is subject to the effects of threat
    tokens." The Black Audi: "During the return the Black Audi is subject to the effects of
    threat tokens"."""
    state = german_turn(audi="factory", pulkowski="aboard").model_copy(update={"stage": 2})
    state = polish_token(state, "alarm", "factory.14")
    state, events = TITLE.apply(state, DriveAudi(to="factory.11"))
    assert figures(state).audi == "factory.14" and "factory.14" not in state.threats
    assert any(e.key == "stawka.threat.alarm" for e in events)


def test_a_failed_document_check_sends_the_audi_back_but_not_in_the_military_sector() -> None:
    """2d6 - 1 must exceed its alertness 7; NOTE: no document check in the military sector."""
    state = german_turn((2, 3), audi="factory", pulkowski="aboard").model_copy(update={"stage": 2})
    state = polish_token(state, "document_check", "factory.14")
    state, events = TITLE.apply(state, DriveAudi(to="factory.11"))
    assert figures(state).audi == "factory"
    assert any(e.key == "stawka.test_document_check_failed" for e in events)
    state = german_turn(audi="military.3", pulkowski="aboard").model_copy(update={"stage": 2})
    state = polish_token(state, "document_check", "military.10")
    state, _ = TITLE.apply(state, DriveAudi(to="military.9"))
    assert figures(state).audi == "military.9" and "military.10" in state.threats


# -- attacking the Black Audi -----------------------------------------------------------


def audi_on(
    space: str, rolls: tuple[int, ...] = (), agents: dict[str, str] | None = None, **held: object
) -> StawkaState:
    """Pulkowski aboard the Audi on `space`; Kazik holds a pistol (+2), Kloss one too."""
    held = {"pulkowski": "aboard", **held}
    state = board(rolls, agents or {**AGENTS, "kazik": space, "kloss": space}, audi=space, **held)
    armed = tuple(
        a.model_copy(update={"items": ("abwehr-5",) if a.id == "kazik" else ("tenement-1",)})
        if a.id in ("kazik", "kloss")
        else a
        for a in state.agents
    )
    return state.model_copy(update={"agents": armed, "stage": 3})


def test_any_polish_agent_but_kloss_may_attack_the_audi_carrying_pulkowski_without_a_mission() -> None:
    """The Black Audi: "It can then be the target of assassinations carried out by Polish
    agents (except Kloss), without the need to hold a mission"."""
    state = audi_on("military.9")
    attacks = [a for a in TITLE.legal_actions(state) if isinstance(a, AttackAudi)]
    assert attacks == [AttackAudi(agent="kazik", weapon="abwehr-5")]
    empty = audi_on("military.9", pulkowski="broken")
    assert not any(isinstance(a, AttackAudi) for a in TITLE.legal_actions(empty))


def test_the_audi_destroyed_with_pulkowski_wins_for_the_polish_player() -> None:
    """Victory Conditions: "The Polish Player wins if: one of the Polish agents manages to
    carry out a successful assassination of the Black Audi with Pulkowski inside"; NOTE: the
    escort "gives it a Defence rating of 6". Defence 6: 3 + 2 (dice) + 2 (pistol) = 7 beats
    it."""
    state, _ = TITLE.apply(audi_on("military.9", (3, 2)), AttackAudi(agent="kazik", weapon="abwehr-5"))
    assert (state.winner, state.end_key) == ("polish", "stawka.end.audi_destroyed")
    assert "abwehr-5" in state.removed_items


def test_german_missions_and_support_strengthen_the_audi_and_a_miss_gives_evidence() -> None:
    """Basic and Special Missions: "Each time the German Player completes a mission: A. basic:
    increases the Black Audi's Defence by 1"; NOTE: "German threat tokens (protection of
    agents) also support the Black Audi's defence." +1 per German basic mission; a German
    support token adds to its defence."""
    state = audi_on("military.9", (3, 2), defence_bonus=1)
    support = next(t.id for t in load_content().threats if t.side == "german" and t.kind == "support")
    state = state.model_copy(update={"threats": {**state.threats, "barracks": support}})
    state, events = TITLE.apply(state, AttackAudi(agent="kazik", weapon="abwehr-5"))
    assert state.winner is None and not figures(state).destroyed
    assert support in state.threats_out
    assert state.sides["german"].evidence["yellow"] == 3 or any(
        e.key == "stawka.evidence.attempt" for e in events
    )


def test_polish_missions_and_evidence_beyond_ten_help_the_attack() -> None:
    """ "Each time a Polish agent completes a mission: A. basic: this agent receives +2 to an
    assassination of the car transporting Pulkowski"; NOTE: "for the Polish Player it means
    +1 to all assassinations on the car transporting Pulkowski". +2 per basic mission the
    agent completed; +1 per Polish evidence beyond the tenth."""
    state = audi_on("military.9", (1, 2), mission_bonus={"kazik": 2}, defence_bonus=1)
    polish = state.sides["polish"].model_copy(update={"evidence_over": {"black": 1}})
    state = state.with_side("polish", polish)
    state, events = TITLE.apply(state, AttackAudi(agent="kazik", weapon="abwehr-5"))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["total"] == 1 + 2 + 2 + 2 + 1 and roll.params["defence"] == 7
    assert state.end_key == "stawka.end.audi_destroyed"


def test_missions_completed_change_the_audi_and_the_attackers() -> None:
    """ "B. special: increases the Black Audi's Defence by 3"; "B. special: this agent receives
    +4 to an assassination of the car transporting Pulkowski"."""
    state = board()
    kazik = state.agent("barbara_reczko")
    state = audi_attack.mission_done(state, kazik, "special")
    state = audi_attack.mission_done(state, state.agent("hermann_brunner"), "basic")
    state = audi_attack.mission_done(state, state.agent("hermann_brunner"), "special")
    assert figures(state).mission_bonus == {"barbara_reczko": 4}
    assert figures(state).defence_bonus == 4


# -- secrets and evidence beyond the tenth ---------------------------------------------------


def test_a_secret_from_a_conversation_keeps_the_track_and_offers_the_threat_tokens() -> None:
    """NOTE: "Obtaining a secret from a conversation does not reset the evidence level";
    the side may move two tokens or draw a new one (`test_film_top_secret_threats`)."""
    state = board()
    polish = state.sides["polish"].model_copy(
        update={"evidence": {**state.sides["polish"].evidence, "black": 7}}
    )
    state = state.with_side("polish", polish)
    state, _ = conversation.take_secret(state, "polish", state.agent("hermann_brunner"))
    assert state.sides["polish"].evidence["black"] == 7 and state.sides["polish"].secrets == 1
    events: list[Event] = []
    state = film_hooks.after_secret(state, "polish", events, Dice(seed_state(1)))
    assert state.pending[-1] == SecretThreats(seat="polish")


def test_german_evidence_beyond_ten_helps_discarding_threat_tokens() -> None:
    """NOTE: "for the German Player it means +1 to the Alertness rolls when trying to discard"."""
    state = board((1, 1), agents={**AGENTS, "hermann_brunner": "factory.13"})
    state = polish_token(state, "alarm", "factory.13").model_copy(update={"turn": "german"})
    german = state.sides["german"].model_copy(update={"evidence_over": {"black": 2}})
    state = state.with_side("german", german)
    _, events = TITLE.apply(state, DiscardThreat(agent="hermann_brunner"))
    roll = next(e for e in events if e.kind == "roll")
    assert ["evidence_over", 2] in roll.data["modifiers"] and roll.data["total"] == 4


# -- Top Secret cards ----------------------------------------------------------------------


def holding_a_card(state: StawkaState, agent: str) -> StawkaState:
    return state.with_agent(state.agent(agent).model_copy(update={"top_secret": 1}))


def test_discarding_a_top_secret_card_moves_the_audi_two_spaces() -> None:
    """Top Secret Cards: "he may immediately move the Black Audi 2 spaces in a direction of his choice"."""
    state = holding_a_card(board(audi="factory", pulkowski="aboard", boarded=1), "barbara_reczko")
    state, _ = TITLE.apply(state, DiscardTopSecret(agent="barbara_reczko"))
    assert state.pending[-1] == AudiNudge(seat="polish")
    nudges = TITLE.legal_actions(state)
    assert NudgeAudi() in nudges
    assert {a.to for a in nudges if isinstance(a, NudgeAudi) and a.to} == {
        f"factory.{n}" for n in (9, 10, 11, 12)
    }
    ap = state.sides["polish"].ap
    state, events = TITLE.apply(state, NudgeAudi(to="factory.12"))
    assert figures(state).audi == "factory.12" and state.sides["polish"].ap == ap
    assert any(e.key == "stawka.audi_nudged" for e in events)
    assert state.pending == () and state.activation is not None  # her activation goes on


def test_a_german_card_can_bring_pulkowski_home() -> None:
    """Top Secret Cards: "When a Player discards a Top Secret card ... he may immediately move
    the Black Audi 2 spaces"; Victory Conditions: "If not later than the end of the 15th
    stage the German Player drives Pulkowski to the barracks, he automatically wins the
    game"."""
    state = german_turn(audi="military.9", pulkowski="aboard", boarded=1).model_copy(update={"stage": 2})
    state = holding_a_card(state, "hermann_brunner")
    state, _ = TITLE.apply(state, DiscardTopSecret(agent="hermann_brunner"))
    assert NudgeAudi(to="barracks") not in TITLE.legal_actions(state)  # 1 space away
    state = holding_a_card(german_turn(audi="military.10", pulkowski="aboard", boarded=1), "hermann_brunner")
    state, _ = TITLE.apply(state.model_copy(update={"stage": 2}), DiscardTopSecret(agent="hermann_brunner"))
    state, _ = TITLE.apply(state, NudgeAudi(to="barracks"))
    assert (state.winner, state.end_key) == ("german", "stawka.end.pulkowski_delivered")
