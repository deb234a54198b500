"""The core every title stands on: decisions as objects, exact legality, automated seats,
post-game choices, the shared components and the content loader."""

from __future__ import annotations

import dataclasses
import doctest
import functools
import importlib
import os
import pkgutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel

import rules
import rules.core.components
import rules.core.content
import rules.core.decisions
from rules.core import (
    Decision,
    DecisionRule,
    Dice,
    Event,
    Frozen,
    IllegalAction,
    Match,
    RandomBot,
    Rulebook,
    seed_state,
)
from rules.core.components import Bag, Deck, EmptyDeck, Hand, Track
from rules.core.content import ContentError, load_data, read_table
from tests.party_title import CARDS, HOUSE, PARTY, Guess, NameTrophy, PartyOptions, PartyState, PartyView


def party(players: int = 3, seed: int = 4) -> Match:
    return Match(PARTY, PartyOptions(players=players), seed)


def state_of(match: Match) -> PartyState:
    assert isinstance(match.state, PartyState)
    return match.state


def guess_round(match: Match, number: int = 1) -> None:
    for _ in state_of(match).players:
        match.act(Guess(number=number))


@pytest.mark.parametrize("module", [rules.core.decisions, rules.core.components, rules.core.content])
def test_the_docstring_examples_hold(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


# -- decisions and legality -------------------------------------------------------------------


def test_apply_refuses_an_action_the_handler_would_take_but_the_decision_does_not_offer() -> None:
    match = party(players=1)
    while match.outcome() is None:
        match.act(Guess(number=2))
    state = state_of(match)
    assert PARTY.to_act(state) == "p1" and not PARTY.is_over(state)
    before = PARTY.dump(state)
    with pytest.raises(IllegalAction, match="Name the trophy") as refused:
        PARTY.apply(state, Guess(number=1))
    assert refused.value.key == "party.prompt.trophy", "the catalogs translate a decision's prompt"
    assert PARTY.dump(state) == before


def test_the_legal_actions_are_listed_once_per_state_and_a_copy_is_handed_out() -> None:
    state = state_of(party())
    first = PARTY.legal_actions(state)
    first.clear()
    assert PARTY.legal_actions(state) == [Guess(number=n) for n in (1, 2, 3)]


def test_apply_takes_an_action_equal_to_a_legal_one_as_well_as_the_one_listed() -> None:
    state = state_of(party())
    listed = PARTY.legal_actions(state)[1]
    assert PARTY.apply(state, Guess(number=2)) == PARTY.apply(state, listed)
    assert PARTY.apply(state, {"type": "guess", "number": 3})[0].guesses == {"p1": 3}
    with pytest.raises(IllegalAction):
        PARTY.apply(state, NameTrophy(trophy="cup"))


def test_a_quick_check_spares_listing_the_legal_actions_and_a_no_falls_back_to_the_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    decision = PARTY.decision(state_of(party()))
    assert PARTY.rulebook is not None and decision is not None
    rule = PARTY.rulebook.rule(decision)
    listings: list[object] = []

    def listed(state: PartyState, decision: Decision) -> list[Guess]:
        listings.append(state)
        return list(rule.legal(state, decision))

    quick = dataclasses.replace(
        rule, legal=listed, allows=lambda state, decision, action: action == Guess(number=1)
    )
    others = [r for r in PARTY.rulebook.rules() if r is not rule]
    monkeypatch.setattr(PARTY, "rulebook", Rulebook(quick, *others))
    PARTY.apply(state_of(party()), Guess(number=1))
    assert listings == [], "the quick check said yes: nothing listed"
    PARTY.apply(state_of(party()), Guess(number=2))
    assert len(listings) == 1, "the quick check said no: the list decides, and takes it"
    with pytest.raises(IllegalAction):
        PARTY.apply(state_of(party()), NameTrophy(trophy="cup"))


class _Counting:
    """Counts the views the party title builds."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.built = 0
        view = PARTY.view

        def counted(state: PartyState, seat: str | None) -> PartyView:
            self.built += 1
            return view(state, seat)

        monkeypatch.setattr(PARTY, "view", counted)


def test_a_bot_that_never_reads_its_view_costs_no_view(monkeypatch: pytest.MonkeyPatch) -> None:
    state = state_of(party())
    counting = _Counting(monkeypatch)
    action = PARTY.bot_action(RandomBot(), state, Dice(seed_state(1)))
    assert action in PARTY.legal_actions(state) and counting.built == 0


def test_a_bot_reading_its_view_reads_the_view_of_its_seat_built_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = party()
    guess_round(match, 2)
    state = state_of(match)
    seen: list[object] = []

    class Reader:
        def choose(self, view: BaseModel, legal: Sequence[Guess], dice: Dice) -> Guess:
            assert isinstance(view, PartyView)
            seen.extend([view.seat, view.score, view == PARTY.view(state, "p1"), repr(view)])
            return legal[0]

    counting = _Counting(monkeypatch)
    PARTY.bot_action(Reader(), state, Dice(seed_state(1)))
    assert seen[:3] == ["p1", state.score, True] and str(seen[3]).startswith("LazyView(PartyView(")
    assert counting.built == 2  # the bot's view once, and the one it was compared with


def test_a_rulebook_refuses_a_kind_declared_twice_and_a_decision_with_nothing_to_do() -> None:
    class Waiting(Decision):
        kind: Literal["wait"] = "wait"

    def handle(state: object, decision: object, action: object, dice: Dice) -> tuple[object, list[Event]]:
        return state, []

    rule = DecisionRule(Waiting, handlers={Guess: handle})
    with pytest.raises(ValueError, match="declared twice"):
        Rulebook(rule, rule)
    with pytest.raises(TypeError, match="needs handlers"):
        DecisionRule(Waiting)
    with pytest.raises(TypeError, match="takes no actions"):
        DecisionRule(Waiting, handlers={Guess: handle}, auto=lambda state, decision, dice: (state, []))
    with pytest.raises(KeyError, match="'other'"):
        Rulebook(rule).rule(Decision(kind="other", seat="p1"))


def test_a_frozen_models_copy_is_pydantics_copy() -> None:
    state = state_of(party())
    for update in ({}, {"rng": 5, "guesses": {"p1": 2}}):
        mine, theirs = state.model_copy(update=update), BaseModel.model_copy(state, update=update)
        assert mine == theirs and mine.model_fields_set == theirs.model_fields_set
        assert mine is not state and mine.__dict__ is not state.__dict__
    deep = state.model_copy(deep=True)
    assert deep == state and deep.score is not state.score
    assert state.rng != 5 and state.guesses == {}


def test_an_event_made_without_validation_is_the_constructors() -> None:
    """`Event.made` gives what the constructor gives, fields set included, for every
    combination of optional fields given."""
    optional: dict[str, Any] = {
        "params": {"agent": "kloss", "cost": 2, "path": ["a", "b"]},
        "visible_to": ("polish",),
        "reveals": True,
        "data": {"path": ["a", "b"]},
    }
    for mask in range(16):
        given = {name: value for bit, (name, value) in enumerate(optional.items()) if mask >> bit & 1}
        made = Event.made("move", "stawka.moved", **given)
        built = Event(kind="move", key="stawka.moved", **given)
        assert made == built and list(made.__dict__.items()) == list(built.__dict__.items())
        assert made.model_fields_set == built.model_fields_set
        assert made.model_dump_json() == built.model_dump_json()


def test_no_model_needs_the_attribute_hook_dropped_for_plain_field_reads() -> None:
    """`rules.core.model` drops pydantic's ``__getattr__`` on Python 3.11 so that field
    reads are specialised: no model of ours may need it (private attributes, extra fields
    kept), and a missing attribute is still an AttributeError."""
    for module in pkgutil.walk_packages(rules.__path__, "rules."):
        importlib.import_module(module.name)
    importlib.import_module("game.settings")
    importlib.import_module("game.bench.startup")
    models: list[type[BaseModel]] = []
    unseen = [BaseModel]
    while unseen:
        children = unseen.pop().__subclasses__()
        models.extend(children)
        unseen.extend(children)
    assert len(models) > 100 and Frozen in models
    needing = [m for m in models if m.__private_attributes__ or m.model_config.get("extra") == "allow"]
    assert needing == []
    with pytest.raises(AttributeError, match="'Event' object has no attribute 'nothing'"):
        _ = Event(kind="k", key="k").nothing  # type: ignore[attr-defined]


def test_frozen_models_compare_as_pydantic_compares_them() -> None:
    class Card(Frozen):
        rank: int

        @functools.cached_property
        def double(self) -> int:
            return 2 * self.rank

    class Other(Frozen):
        rank: int

    seen = Card(rank=3)
    assert seen.double == 6  # a cached value in its __dict__ is not a field
    for a, b in ((seen, Card(rank=3)), (seen, Card(rank=4)), (Card(rank=3), Other(rank=3))):
        assert (a == b) is BaseModel.__eq__(a, b) and (a != b) is (not BaseModel.__eq__(a, b))
    assert seen == Card(rank=3) and seen != Card(rank=4) and Card(rank=3) != Other(rank=3)
    assert seen != 3 and hash(seen) == hash(Card(rank=3))


# -- automated seats --------------------------------------------------------------------------


def test_the_house_draws_inside_apply_and_is_never_asked_to_act() -> None:
    match = party(players=2)
    assert match.to_act() == "p1"
    match.act(Guess(number=1))
    assert match.to_act() == "p2"
    deck_before = len(state_of(match).deck)
    events = match.act(Guess(number=3))
    draw = [event for event in events if event.kind == "draw"]
    assert len(draw) == 1 and draw[0].visible_to is None, "everyone sees the house's card"
    state = state_of(match)
    assert len(state.deck) == deck_before - 1 and state.deck.discard == (state.last_card,)
    assert match.to_act() == "p1" and HOUSE not in {PARTY.to_act(state)}
    scorers = draw[0].params["scorers"]
    assert scorers == [s for s, n in {"p1": 1, "p2": 3}.items() if n == draw[0].params["number"]]


def test_the_house_deck_reshuffles_its_discards_when_it_runs_out() -> None:
    match = party(players=1, seed=11)
    drawn = 0
    while match.outcome() is None and drawn <= len(CARDS):
        match.act(Guess(number=1 + drawn % 3))
        drawn += 1
    state = state_of(match)
    assert sorted((*state.deck.pile, *state.deck.discard)) == sorted(CARDS)


def test_an_automated_seats_deck_survives_a_save_and_replays() -> None:
    match = party(players=4, seed=2)
    guess_round(match, 2)
    guess_round(match, 3)
    again = Match.from_json(match.to_json(), {PARTY.id: PARTY})
    assert again.state == match.state
    assert [e.model_dump() for e in again.log] == [e.model_dump() for e in match.log]


def test_scramble_re_deals_the_house_deck_that_nobody_sees() -> None:
    state = state_of(party(players=2, seed=3))
    orders = {PARTY.scramble(state, "p1", Dice(seed_state(n))).deck.pile for n in range(5)}
    assert len(orders) > 1
    assert all(sorted(order) == sorted(state.deck.pile) for order in orders)


# -- decided before it is over ----------------------------------------------------------------


def test_the_outcome_is_known_while_the_winner_still_names_the_trophy() -> None:
    match = party(players=1, seed=5)
    while match.outcome() is None:
        match.act(Guess(number=3))
    decided = match.outcome()
    assert decided is not None and decided.winners == ("p1",)
    assert match.to_act() == "p1" and not PARTY.is_over(state_of(match))
    assert PARTY.legal_actions(state_of(match)) == [NameTrophy(trophy="cup"), NameTrophy(trophy="medal")]
    match.act(NameTrophy(trophy="medal"))
    assert PARTY.is_over(state_of(match)) and match.outcome() == decided


# -- components -------------------------------------------------------------------------------


def test_a_deck_draws_from_the_top_and_says_when_it_is_empty() -> None:
    deck = Deck(pile=("a", "b"))
    card, deck = deck.draw()
    assert card == "a" and deck.pile == ("b",)
    _, deck = deck.draw()
    with pytest.raises(EmptyDeck):
        deck.draw(Dice(1))
    with pytest.raises(EmptyDeck):
        deck.discarding("a").draw()  # a reshuffle needs dice
    card, deck = deck.discarding("a", "b").draw(Dice(seed_state(1)))
    assert card in ("a", "b") and len(deck) == 1 and deck.discard == ()


def test_a_redeal_keeps_what_the_observer_knows_in_place() -> None:
    deck = Deck(pile=("a", "b", "c", "d")).to_top("x", known_to=("p1",))
    assert deck.known_to("p1") == ((0, "x"),) and deck.known_to("p2") == ()
    for n in range(6):
        dealt, left = deck.redeal("p1", Dice(seed_state(n)), hidden_extra=("h1", "h2"))
        assert dealt.pile[0] == "x" and len(left) == 2
        assert sorted((*dealt.pile[1:], *left)) == ["a", "b", "c", "d", "h1", "h2"]
    card, after = deck.draw()
    assert card == "x" and after.known == {}


def test_draw_many_stops_at_an_empty_deck() -> None:
    drawn, deck = Deck(pile=("a",)).draw_many(3)
    assert drawn == ("a",) and len(deck) == 0


def test_a_hand_adds_removes_and_counts_what_is_over_its_limit() -> None:
    hand = Hand(limit=2).adding("a", "b", "a")
    assert len(hand) == 3 and "b" in hand and hand.over_limit == 1
    assert hand.removing("a").cards == ("b", "a")
    with pytest.raises(ValueError, match="not in the hand"):
        hand.removing("z")


def test_a_bag_draw_depends_on_the_order_given_not_on_how_the_counts_were_written() -> None:
    order = ("x", "y", "z")
    one = Bag[str](counts={"x": 1, "y": 2, "z": 3})
    two = Bag[str](counts={"z": 3, "y": 2, "x": 1})
    for n in range(10):
        assert one.draw(Dice(seed_state(n)), order)[0] == two.draw(Dice(seed_state(n)), order)[0]
    token, after = one.draw(Dice(seed_state(0)), order)
    assert token is not None and len(after) == 5 and after.counts[token] == one.counts[token] - 1
    assert Bag[str]().draw(Dice(1), order) == (None, Bag[str]())
    with pytest.raises(ValueError, match="negative"):
        Bag[str](counts={"x": -1})


def test_a_track_stops_at_its_ends_and_says_what_did_not_fit() -> None:
    track = Track(value=2, high=10)
    assert track.moved(3) == (Track(value=5, high=10), 0)
    assert track.moved(-5) == (Track(value=0, high=10), -3)
    assert track.moved(12)[1] == 4
    with pytest.raises(ValueError, match="outside"):
        Track(value=11, high=10)


# -- the content loader -----------------------------------------------------------------------


class Box(BaseModel):
    cards: list[int]
    name: str = "box"


FILES = {"cards.toml": ("cards",), "names.json": ("name",)}


def test_the_loader_merges_files_and_names_the_file_of_a_problem(tmp_path: Path) -> None:
    (tmp_path / "cards.toml").write_text("cards = [1, 2]\n", encoding="utf-8")
    (tmp_path / "names.json").write_text('{"name": "Stawka"}', encoding="utf-8")
    assert load_data(Box, tmp_path, FILES) == Box(cards=[1, 2], name="Stawka")
    (tmp_path / "names.json").write_text('{"name": 5}', encoding="utf-8")
    with pytest.raises(ContentError, match=r"^names\.json: name: Input should be a valid string"):
        load_data(Box, tmp_path, FILES)
    (tmp_path / "names.json").write_text('{"cards": [3]}', encoding="utf-8")
    with pytest.raises(ContentError, match=r"names\.json: unknown tables \['cards'\]"):
        load_data(Box, tmp_path, FILES)


def test_the_loader_reports_syntax_nesting_encoding_and_size(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text("cards = [1,, 2]\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"cards\.toml: not valid TOML: .*at line 1"):
        read_table(path)
    path.write_text("cards = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(ContentError, match="nested too deeply"):
        read_table(path)
    deep = tmp_path / "deep.json"
    deep.write_text('{"cards": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    with pytest.raises(ContentError, match="nested too deeply"):
        read_table(deep)
    path.write_bytes(b"cards = [1]\nname = '\xff'\n")
    with pytest.raises(ContentError, match="not UTF-8"):
        read_table(path)
    path.write_bytes(b"#" * (rules.core.content.MAX_DATA_BYTES + 1))
    with pytest.raises(ContentError, match="larger than"):
        read_table(path)
    (tmp_path / "list.json").write_text("[1]", encoding="utf-8")
    with pytest.raises(ContentError, match="table at its top level"):
        read_table(tmp_path / "list.json")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_the_loader_does_not_wait_on_a_fifo(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "cards.toml")
    with pytest.raises(ContentError, match="not a regular file"):
        read_table(tmp_path / "cards.toml")
