"""The hooks through which a film scenario's special rules change the Stawka flow
(`rules.stawka.film_hooks`): a probe rule put in the scenario's place sees every step and every
stage end, and decides the game when it says so; others set up the game, re-deal their
secrets, and waive an assassination's mission or an arrest's evidence."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from rules.core import Dice, Event, seed_state
from rules.stawka import alertness, film_hooks
from rules.stawka.actions import Arrest, Assassinate
from rules.stawka.state import GERMAN, POLISH, AgentState, StawkaState
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations


@dataclass
class Probe(film_hooks.SpecialRule):
    """Counts what it is asked; wins for `side` once `stage` is reached."""

    id = "probe"
    stage: int = 99
    side: str | None = POLISH
    time_out: bool = False
    steps: int = 0
    stage_ends: list[int] = field(default_factory=list)

    def after_step(self, state: StawkaState, dice: Dice) -> tuple[StawkaState, list[Event]]:
        self.steps += 1
        return state, []

    def at_stage_end(self, state: StawkaState, dice: Dice) -> tuple[StawkaState, list[Event]]:
        self.stage_ends.append(state.stage)
        return state, [Event(kind="stage_end", key="stawka.stage_end", params={"stage": state.stage})]

    def winner(self, state: StawkaState) -> film_hooks.Won | None:
        return (self.side, "stawka.end.time") if state.stage >= self.stage else None

    def at_time_out(self, state: StawkaState) -> film_hooks.Won | None:
        return (GERMAN, "stawka.end.more_vp") if self.time_out else None


def play(probe: Probe, monkeypatch: pytest.MonkeyPatch, seed: int = 3) -> StawkaState:
    monkeypatch.setattr(film_hooks, "special_rules", lambda state: (probe,))
    state = TITLE.new_game(TITLE.default_options("training-1"), seed)
    bots = {seat: TITLE.make_bot("random", seat) for seat in ("polish", "german")}
    dice = Dice(seed_state(seed))
    while (seat := TITLE.to_act(state)) is not None:
        state, _ = TITLE.apply(state, TITLE.bot_action(bots[seat], state, dice))
    return state


def test_a_special_rule_sees_every_step_and_every_stage_end(monkeypatch: pytest.MonkeyPatch) -> None:
    probe = Probe()
    state = play(probe, monkeypatch)
    assert probe.steps > 50
    # This game runs to its time-out: asked once at the end of each of the 8 stages,
    # before the time marker moves (steps G-H).
    assert state.end_key == "stawka.end.time"
    assert probe.stage_ends == list(range(1, 9))


def test_a_special_rule_decides_the_game_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    state = play(Probe(stage=3), monkeypatch)
    assert (state.winner, state.end_key, state.stage) == (POLISH, "stawka.end.time", 3)
    assert TITLE.outcome(state) is not None


def test_a_special_rule_says_who_wins_when_time_is_out(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = play(Probe(), monkeypatch)
    timed = play(Probe(time_out=True), monkeypatch)
    assert plain.end_key == "stawka.end.time"  # training 1 ends in a draw after stage 8 here
    assert (timed.winner, timed.end_key) == (GERMAN, "stawka.end.more_vp")


class Waiver(film_hooks.SpecialRule):
    """Lets every agent assassinate without a mission and arrest without evidence."""

    id = "waiver"

    def assassin_without_mission(self, state: StawkaState, agent: AgentState, target: AgentState) -> bool:
        return True

    def arrest_anyone(self, state: StawkaState, agent: AgentState, target: AgentState) -> bool:
        return True


def test_a_special_rule_may_waive_the_mission_of_an_assassination_and_the_target_rules_of_an_arrest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bayonet = "theatre-5"
    state = in_activations(
        {"stedtke": "hotel", "jacek": "hotel"},
        turn="german",
        items={"stedtke": (bayonet,)},
        scenario="training-2",
    )
    assert not [a for a in TITLE.legal_actions(state) if isinstance(a, Arrest | Assassinate)]
    monkeypatch.setattr(film_hooks, "special_rules", lambda state: (Waiver(),))
    fresh = state.model_copy(update={"turn": "german"})  # a new state: its legal actions are listed anew
    legal = TITLE.legal_actions(fresh)
    assert Assassinate(agent="stedtke", target="jacek", weapon=bayonet) in legal
    assert {a.target for a in legal if isinstance(a, Arrest)} == {"jacek"}


class Hidden(film_hooks.SpecialRule):
    """Starts every game with a marker in the state and re-deals it for the German observer."""

    id = "hidden"

    def setup(self, state: StawkaState, dice: Dice) -> StawkaState:
        return state.model_copy(update={"end_key": "set-up"})

    def scramble(self, state: StawkaState, observer: str, dice: Dice) -> StawkaState:
        return state.model_copy(update={"end_key": f"scrambled for {observer}"})


def test_a_special_rule_sets_up_the_game_and_re_deals_its_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(film_hooks, "special_rules", lambda state: (Hidden(),))
    state = TITLE.new_game(TITLE.default_options("training-1"), 1)
    assert state.end_key == "set-up"
    assert TITLE.scramble(state, GERMAN, Dice(seed_state(1))).end_key == "scrambled for german"


@dataclass
class Recorder(film_hooks.SpecialRule):
    """Lays a face-up token at set-up, checks the theatre, records missions and secrets."""

    id = "recorder"
    missions: list[tuple[str, str]] = field(default_factory=list)
    secrets: list[str] = field(default_factory=list)

    def setup(self, state: StawkaState, dice: Dice) -> StawkaState:
        return state.model_copy(update={"threats": {"theatre": "german-06"}, "threats_open": ("german-06",)})

    def checked_spaces(self, state: StawkaState, agent: AgentState) -> dict[str, int]:
        return {"theatre": 3} if agent.side == POLISH else {}

    def mission_done(self, state: StawkaState, agent: AgentState, level: str) -> StawkaState:
        self.missions.append((agent.id, level))
        return state

    def after_secret(self, state: StawkaState, seat: str, dice: Dice) -> tuple[StawkaState, list[Event]]:
        self.secrets.append(seat)
        return state, []


def test_a_special_rule_lays_out_its_tokens_and_checks_its_spaces(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(film_hooks, "special_rules", lambda state: (Recorder(),))
    state = TITLE.new_game(TITLE.default_options("training-1"), 1)
    assert state.threats == {"theatre": "german-06"} and state.threats_open == ("german-06",)
    ingrid, kloss = state.agent("ingrid_heizer"), state.agent("kloss")
    assert "theatre" in alertness.checked_locations(state, ingrid)
    assert "theatre" not in alertness.checked_locations(state, kloss)  # Kloss passes checks
    there = state.with_agent(ingrid.model_copy(update={"space": "theatre"}))
    events: list[Event] = []
    checked = alertness.fort_check(there, there.agent("ingrid_heizer"), "hotel", Dice(seed_state(1)), events)
    assert checked is not None
    assert next(e.key for e in checked[1] if e.kind == "roll").startswith("stawka.test_document_check")


def test_a_special_rule_hears_of_every_mission_and_conversation_secret(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    recorder = Recorder()
    monkeypatch.setattr(film_hooks, "special_rules", lambda state: (recorder,))
    state = TITLE.new_game(TITLE.default_options("training-2"), 10)
    bots = {seat: TITLE.make_bot("heuristic", seat) for seat in ("polish", "german")}
    dice = Dice(seed_state(10))
    log: list[Event] = []
    while (seat := TITLE.to_act(state)) is not None:
        state, events = TITLE.apply(state, TITLE.bot_action(bots[seat], state, dice))
        log.extend(events)
    missions = [(e.params["agent"], e.key.rsplit("_", 1)[1]) for e in log if e.kind == "mission_done"]
    secrets = [e for e in log if e.key == "stawka.conversation_secret"]
    assert missions and recorder.missions == missions
    assert secrets and len(recorder.secrets) == len(secrets)
