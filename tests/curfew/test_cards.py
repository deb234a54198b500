"""The German location deck and the scenario's interpretation of each of its nine cards
("Interpretacja niemieckich kart lokacji"), checked wherever a card came up in real
seeded games (`tests.curfew.games`): the table as it stood when the card was revealed
is followed through the step's events (`Walk`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from rules.core import Dice, seed_state
from rules.curfew.content import german_card, load_content
from rules.curfew.state import TieBreak
from rules.curfew.title import TITLE
from rules.stawka import content as stawka_content
from rules.stawka.board import board_of
from rules.stawka.documents import document
from rules.stawka.items import held_of_kind
from rules.stawka.movement import shortest_paths
from tests.curfew.games import Step, Walk, games, has_key, steps_where

BOARD = board_of("curfew")
POLISH_AGENTS = tuple(load_content().polish_agents)


class Reveal:
    """A German card revealed in a real game: the table then, and what followed it."""

    def __init__(self, step: Step, index: int, walk: Walk) -> None:
        self.step = step
        self.card = str(step.events[index].params["card"])
        self.space = dict(walk.space)
        self.evidence = dict(walk.evidence)
        self.status = dict(walk.status)
        following = []
        for event in step.events[index + 1 :]:
            if event.key in ("curfew.card", "stawka.stage_end") or event.key.startswith("curfew.german."):
                break
            following.append(event)
        self.after = following
        self.asked = isinstance(step.after.pending[-1:] and step.after.pending[-1], TieBreak)

    def event_keys(self) -> list[str]:
        return [e.key for e in self.after]

    def target(self) -> str | None:
        picked = [e for e in self.after if e.key == "curfew.card_target"]
        return str(picked[0].params["target"]) if picked else None

    def free_polish(self) -> list[str]:
        return [a for a in POLISH_AGENTS if self.status.get(a) == "free"]

    def burden(self, agent: str) -> int:
        return self.evidence.get(self.step.before.agent(agent).colour, 0)


def reveals(card: str | None = None) -> Iterator[Reveal]:
    for played in games():
        for step in played:
            walk = Walk(step.before)
            for index, event in enumerate(step.events):
                if event.key == "curfew.card" and (card is None or event.params["card"] == card):
                    yield Reveal(step, index, walk)
                walk.see(event)


def _seen(card: str, minimum: int = 8) -> list[Reveal]:
    found = [r for r in reveals(card) if not r.asked]
    assert len(found) >= minimum, f"{card} revealed {len(found)} times"
    return found


def test_one_card_a_stage_from_the_second_the_nine_of_the_scenario() -> None:
    """Na początku każdego etapu (z wyjątkiem pierwszego) the top card is revealed."""
    for played in games():
        stages = Counter(step.after.stage for step in played for e in step.events if e.key == "curfew.card")
        assert 1 not in stages
        assert all(count == 1 for count in stages.values())
        last = played[-1].after
        revealed = last.german_deck.discard
        assert len(set(revealed)) == len(revealed)
        assert set(revealed) <= set(load_content().german_deck)
        assert len(revealed) + len(last.german_deck.pile) == len(load_content().german_deck)


def test_the_deck_order_is_hidden_and_saved() -> None:
    """The German deck lies face down: the player's view counts it, a re-deal may reorder it."""
    state = next(games())[3].after
    view = TITLE.view(state, "polish")
    assert view.german_deck == len(state.german_deck.pile) == 9
    dice = Dice(seed_state(5))
    orders = {TITLE.scramble(state, "polish", dice).german_deck.pile for _ in range(8)}
    assert len(orders) > 1, "the order nobody has seen is re-dealt"
    assert TITLE.load(TITLE.dump(state)).german_deck == state.german_deck


def test_gestapo_takes_the_most_evidenced_agent_in_a_location_then_the_higher_rank() -> None:
    for reveal in _seen("german-gestapo"):
        candidates = [
            a
            for a in reveal.free_polish()
            if BOARD.is_location(reveal.space[a]) and reveal.space[a] != "gestapo"
        ]
        target = reveal.target()
        if not candidates:
            assert target is None and "curfew.card_nothing" in reveal.event_keys()
            continue
        assert target in candidates
        top = max(reveal.burden(a) for a in candidates)
        assert reveal.burden(target) == top
        rank = max(document(reveal.step.before, a).rank for a in candidates if reveal.burden(a) == top)
        assert document(reveal.step.before, target).rank == rank
        assert "stawka.brought" in reveal.event_keys()


def test_police_station_frisks_an_armed_agent_on_a_street_where_there_is_one() -> None:
    armed_seen = 0
    for reveal in _seen("german-police_station"):
        on_street = [a for a in reveal.free_polish() if not BOARD.is_location(reveal.space[a])]
        target = reveal.target()
        if not on_street:
            assert target is None
            continue
        assert target in on_street
        armed = [a for a in on_street if held_of_kind(reveal.step.before.agent(a), "weapon")]
        if armed:
            assert target in armed and "stawka.frisked" in reveal.event_keys()
            armed_seen += 1
        else:
            assert "stawka.frisked_nothing" in reveal.event_keys()
            _armed_one_is_frisked(reveal, on_street)
            armed_seen += 1
        assert "stawka.evidence.card" in reveal.event_keys()
    assert armed_seen > 0


def _armed_one_is_frisked(reveal: Reveal, on_street: list[str]) -> None:
    """The same step again with a weapon in the hands of an agent on a street (one the card
    did not pick, where there is one): the card picks him and finds the weapon (the dice up
    to the card are the same)."""
    unpicked = [a for a in on_street if a != reveal.target()] or on_street
    before = reveal.step.before
    agent = before.agent(unpicked[0])
    armed = before.with_agent(agent.model_copy(update={"items": (*agent.items, WEAPON)}))
    _, events = TITLE.apply(armed, reveal.step.action)
    shown = [i for i, e in enumerate(events) if e.key == "curfew.card"]
    after = events[shown[-1] :]
    picked = [e.params["target"] for e in after if e.key == "curfew.card_target"]
    assert picked[:1] == [agent.id]
    assert "stawka.frisked" in [e.key for e in after]


WEAPON = next(i.id for i in stawka_content.load_content().items if i.effect.kind == "weapon")


def test_employment_office_registers_the_most_evidenced_agent() -> None:
    for reveal in _seen("german-employment_office"):
        target = reveal.target()
        assert target is not None
        assert reveal.burden(target) == max(reveal.burden(a) for a in reveal.free_polish())
        gained = [e for e in reveal.after if e.key == "stawka.evidence.card"]
        assert [e.params["amount"] for e in gained] == [2]


def test_waterfront_brings_hans_kloss() -> None:
    for reveal in _seen("german-waterfront"):
        if reveal.space["kloss"] == "waterfront" or reveal.status["kloss"] != "free":
            assert reveal.target() is None
            continue
        assert reveal.target() == "kloss"
        assert [e.params["agent"] for e in reveal.after if e.key == "stawka.brought"] == ["kloss"]


def test_cafe_brings_the_german_of_the_colour_of_the_polish_agent_nearest_the_cafe() -> None:
    for reveal in _seen("german-cafe"):
        target = reveal.target()
        before = reveal.step.before
        state_colour = {a.id: a.colour for a in before.agents}
        steps = {
            a: len(shortest_paths(BOARD, reveal.space[a], "polish", 10_000).get("cafe", ("far",) * 99))
            if reveal.space[a] != "cafe"
            else 0
            for a in reveal.free_polish()
        }
        nearest = min(steps.values())
        nearest_colours = {state_colour[a] for a, d in steps.items() if d == nearest}
        if target is None:
            # The German of the nearest agent's colour is in the café already.
            at_cafe = {state_colour[g] for g, space in reveal.space.items() if space == "cafe"}
            assert nearest_colours & at_cafe
            continue
        assert state_colour[target] in nearest_colours
        assert before.agent(target).side == "german"


def test_tenement_tires_an_agent_with_a_mission_else_kloss() -> None:
    for reveal in _seen("german-tenement"):
        target = reveal.target()
        if target is None:
            continue
        holders = [a for a in reveal.free_polish() if reveal.step.before.agent(a).mission is not None]
        assert target in holders if holders else target == "kloss"
        tired = [e for e in reveal.after if e.key == "stawka.tired"]
        assert [e.params["agent"] for e in tired] == [target]


@pytest.mark.parametrize(
    ("card", "key"),
    [
        ("german-park", "stawka.talk_bonus"),
        ("german-courts", "stawka.evidence.card"),
        ("german-cemetery", "stawka.tired"),
    ],
)
def test_park_courts_and_cemetery_leave_nothing_to_choose(card: str, key: str) -> None:
    sector = BOARD.sector_of[german_card(card).location]
    for reveal in _seen(card):
        assert reveal.target() is None
        hit = [a for a in reveal.free_polish() if BOARD.sector_of[reveal.space[a]] == sector]
        effects = [e for e in reveal.after if e.key == key]
        if card == "german-park":
            assert [e.params["seat"] for e in effects] == ["german"]
        elif hit:
            assert len(effects) == len(hit)
        else:
            assert "curfew.card_nothing" in reveal.event_keys()


def test_a_tie_after_the_scenarios_criteria_is_the_players_choice() -> None:
    """Equal after the criteria: the player chooses, and the card acts on his choice."""
    asked = steps_where(
        lambda s: (
            bool(s.after.pending)
            and isinstance(s.after.pending[-1], TieBreak)
            and s.after.pending[-1].purpose.startswith("german-")
        )
    )
    assert asked
    for step in asked:
        tie = step.after.pending[-1]
        assert isinstance(tie, TieBreak) and len(tie.options) > 1
    answered = steps_where(has_key("curfew.tie.card"))
    for step in answered:
        chosen = next(e for e in step.events if e.key == "curfew.tie.card").params["option"]
        targets = [e.params["target"] for e in step.events if e.key == "curfew.card_target"]
        assert targets[:1] == [chosen]
