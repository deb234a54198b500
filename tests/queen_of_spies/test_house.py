"""Queen of Spies on the shared core: exact legality, typed decisions, the view, the
success bag as a shared component, documented events and content through the shared loader."""

from __future__ import annotations

import json
import shutil
import typing
from pathlib import Path
from typing import Any

import pytest

from rules.core import Dice, IllegalAction, Match, seed_state
from rules.core.components import Bag
from rules.core.content import ContentError, load_data
from rules.core.rng import dice_version
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.content import (
    DATA_DIR,
    DATA_FILES,
    STARTING_BAG,
    TOKEN_ORDER,
    Content,
    Token,
    load_content,
)
from rules.queen_of_spies.events import EVENT_SCHEMAS
from rules.queen_of_spies.state import Betrayal, QueenDecision, QueenState
from rules.queen_of_spies.view import QueenView
from tests.queen_of_spies.helpers import NE, A, act, act_forced, assign, legal, ready, story


def _items_at_the_safe_house() -> QueenState:
    """Bomb, Jail Key and Radio ready; two prisoners; Felicia on a fresh assignment."""
    items = {
        **story("introduction").items,
        "bomb": "safe_house",
        "jail_key": "safe_house",
        "radio": "safe_house",
    }
    state = story(
        "introduction",
        hand=("alice", "felicia"),
        items=items,
        jail=("katja", "odile"),
        despair={"katja": 1},
        interrogation=1,
    )
    return assign(state, "felicia", "train_station")


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"type": "use_item", "item": "bomb", "prisoner": "hale"}, "frees everyone"),
        ({"type": "use_item", "item": "bomb", "prisoner": "katja"}, "frees everyone"),
        ({"type": "use_item", "item": "bomb", "location": "train_station"}, "frees everyone"),
        (
            {"type": "use_item", "item": "jail_key", "prisoner": "katja", "location": "train_station"},
            "assignment",
        ),
        ({"type": "use_item", "item": "jail_key", "location": "train_station"}, "assignment"),
        (
            {"type": "use_item", "item": "radio", "location": "train_station", "prisoner": "katja"},
            "frees nobody",
        ),
    ],
)
def test_an_item_use_with_a_field_its_item_ignores_is_refused(action: dict[str, Any], reason: str) -> None:
    """Issue 9, point 2: `apply` accepts exactly the legal actions, so the Bomb with a prisoner
    and the Jail Key with any location are refused (and say why), changing nothing."""
    state = _items_at_the_safe_house()
    assert action not in legal(state)
    before = TITLE.dump(state)
    with pytest.raises(IllegalAction, match=reason):
        TITLE.apply(state, action)
    assert TITLE.dump(state) == before


def test_the_item_uses_listed_take_only_their_own_fields() -> None:
    state = _items_at_the_safe_house()
    uses = [a for a in legal(state) if a["type"] == "use_item"]
    assert uses == [
        {"type": "use_item", "item": "bomb", "prisoner": None, "location": None, "site_item": None},
        {"type": "use_item", "item": "jail_key", "prisoner": "katja", "location": None, "site_item": None},
        {"type": "use_item", "item": "jail_key", "prisoner": "odile", "location": None, "site_item": None},
        {
            "type": "use_item",
            "item": "radio",
            "prisoner": None,
            "location": "train_station",
            "site_item": None,
        },
    ]
    assert act(state, {"type": "use_item", "item": "bomb"}).jail == ()
    assert act(state, {"type": "use_item", "item": "jail_key", "prisoner": "katja"}).jail == ("odile",)


def test_the_rulebook_answers_every_kind_of_decision() -> None:
    """One typed model per kind of decision, each declared once with its handlers."""
    union = typing.get_args(typing.get_args(QueenDecision)[0])
    kinds = {model.model_fields["kind"].default for model in union}
    assert TITLE.rulebook is not None and set(TITLE.rulebook.kinds()) == kinds
    for rule in TITLE.rulebook.rules():
        assert rule.handlers and rule.auto is None, rule.kind


def test_a_betrayal_names_the_broken_operative_in_a_typed_field_that_a_save_keeps() -> None:
    state = story(
        "news-on-the-wing", hand=("alice",), jail=("gideon",), despair={"gideon": 2}, interrogation=1
    )
    state = act_forced(state, {"type": "done"}, [NE])
    assert state.pending == (Betrayal(broken="gideon"),)
    assert TITLE.load(TITLE.dump(state)).pending == (Betrayal(broken="gideon"),)
    assert TITLE.view(state, "player").decision == Betrayal(broken="gideon")
    assert legal(state) == [{"type": "betray", "operative": "alice"}]


def test_the_view_is_the_open_table_with_what_the_rules_work_out() -> None:
    busy = ready("train_station", ("felicia", 0), drawn=(A, Token.PROGRESS)).model_copy(update={"time": 1})
    state = story(
        "rescuing-the-prisoners",
        seed=2,
        hand=("alice",),
        assignments=(busy,),
        bag={**STARTING_BAG, A: 2, Token.TROOP: 1},
        despair={"hale": 2},
        removed=("dubois", "katja"),
    )
    view = TITLE.view(state, "player")
    assert isinstance(view, QueenView)
    assert not {"rng", "seed", "pending", "previous"} & set(view.model_dump())
    assert view.decision is not None and view.decision.kind == "assign"
    assert view.chapters == 3
    assert (view.supplies.alert, view.supplies.troop, view.supplies.despair) == (10 - 3, 5 - 1, 9 - 2)
    assert view.pows_lost == 1, "Dubois is a POW; Katja an operative"
    station = view.site("train_station", None)
    assert station is not None and station.blocked is not None and "still completing" in station.blocked
    assert station.tasks == load_content().location("train_station").tasks
    assert station.time == load_content().location("train_station").time
    pub = view.site("pub", None)
    assert pub is not None and pub.blocked is None
    learnable = {s.item for s in view.sites if s.location == "ch_tech" and s.item is not None}
    assert learnable == {
        i.id for i in load_content().items if i.learn_at == "ch_tech" and state.items.get(i.id) == "learn"
    }
    over = TITLE.view(state.model_copy(update={"phase": "over", "score": 0}), "player")
    assert over.decision is None


def test_the_success_bag_draws_the_stream_the_table_drew_before() -> None:
    """The shared `Bag` counts kinds in the rulebook's token order: the same dice give the same
    tokens as the game's own bag did (pinned from it), so seeds replay the same stories."""
    with dice_version(1):  # the generator the pinned stream was drawn with
        dice = Dice(seed_state(7))
    bag, drawn = Bag[Token](counts=dict(STARTING_BAG)), []
    for _ in range(11):
        token, bag = bag.draw(dice, TOKEN_ORDER)
        drawn.append(token)
    assert drawn == [
        Token.PROGRESS_TIME,
        Token.NO_EFFECT,
        Token.NO_EFFECT,
        Token.NO_PROGRESS_TIME,
        Token.PROGRESS,
        Token.PROGRESS,
        Token.PROGRESS_ALERT,
        Token.PROGRESS,
        Token.PROGRESS_ALERT,
        Token.PROGRESS_ALERT,
        None,
    ]


COVERING_GAMES = (
    ("rescuing-the-prisoners", 1, "heuristic"),
    ("introduction", 24, "random"),
    ("news-on-the-wing", 0, "heuristic"),
    ("rescuing-the-prisoners", 3, "heuristic"),
)
"""Whole stories (story, seed, bot) that between them make every kind of event, the rare
ones included (an Escape Plan, False Papers cancelling a Troop, the Bomb, a lapsed betrayal)."""


def test_every_event_is_documented_and_every_documented_kind_happens() -> None:
    """Each event of whole stories fits its schema; no schema describes a kind that never happens."""
    seen: set[str] = set()
    for story_id, seed, bot_id in COVERING_GAMES:
        bot, dice = TITLE.make_bot(bot_id, "player"), Dice(seed_state(seed))
        state, events = TITLE.start(TITLE.default_options(story_id), seed)
        while True:
            for event in events:
                schema = EVENT_SCHEMAS[event.kind]
                schema.params.model_validate(event.params)
                assert schema.data is not None
                schema.data.model_validate(event.data)
                seen.add(event.kind)
            if TITLE.to_act(state) is None:
                break
            state, events = TITLE.apply(state, TITLE.bot_action(bot, state, dice))
    assert seen == set(EVENT_SCHEMAS)


def test_the_stories_are_read_from_the_data() -> None:
    assert TITLE.scenarios == tuple(s.id for s in load_content().stories)
    assert TITLE.default_options().scenario == load_content().stories[0].id


def test_a_broken_data_file_is_named_by_the_shared_loader(tmp_path: Path) -> None:
    for name in DATA_FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    assert load_data(Content, tmp_path, DATA_FILES) == load_content()
    path = tmp_path / "locations.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("time = 1", "time = 9", 1), encoding="utf-8")
    with pytest.raises(ContentError) as raised:
        load_data(Content, tmp_path, DATA_FILES)
    assert raised.value.file == "locations.toml" and "time" in raised.value.problem


def test_two_cards_with_one_id_are_refused(tmp_path: Path) -> None:
    for name in DATA_FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    path = tmp_path / "items.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace('id = "disguise"', 'id = "bomb"'), encoding="utf-8"
    )
    with pytest.raises(ContentError, match="two item cards share an id"):
        load_data(Content, tmp_path, DATA_FILES)


def test_a_game_saved_before_the_move_to_the_new_core_opens_by_replaying_its_moves() -> None:
    """The state changed shape (schema 2: the bag a `Bag`, typed decisions); an older save's
    moves are replayed through today's rules."""
    match = Match(TITLE, TITLE.default_options("news-on-the-wing"), 3)
    bot, dice = TITLE.make_bot("heuristic", "player"), Dice(seed_state(1))
    for _ in range(30):
        state = match.state
        assert isinstance(state, QueenState)
        match.act(TITLE.bot_action(bot, state, dice))
    record = json.loads(match.to_json())
    record["state"]["schema_version"] = 1
    record["state"]["bag"] = record["state"]["bag"]["counts"]
    again = Match.from_json(json.dumps(record), {TITLE.id: TITLE})
    assert again.state == match.state
