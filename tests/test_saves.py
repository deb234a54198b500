"""Saves: atomic autosave, and every damaged, hostile or altered file refused clearly.

The app's play scene writes the autosave with `atomic_write_text`; these tests check the
file format and the refusals the Load list and "Continue" rely on.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from game.scenes.load import LoadScene
from game.storage import atomic_write_text, data_dir, saves_dir
from rules.core import Dice, GameOptions, Match, RandomBot, SaveError, seed_state
from tests.toy_title import TOY

TITLES = {TOY.id: TOY}


def played(seed: int = 4, actions: int = 9) -> Match:
    match = Match(TOY, TOY.default_options(), seed)
    dice = Dice(seed_state(seed))
    bot: RandomBot[Any] = RandomBot()
    for _ in range(actions):
        if match.to_act() is None:
            break
        state: Any = match.state
        legal = [a for a in TOY.legal_actions(state) if a.type != "concede"]
        match.act(bot.choose(TOY.view(state, match.to_act()), legal, dice))
    return match


def refused(text: str | bytes) -> str:
    with pytest.raises(SaveError) as caught:
        Match.from_json(text, titles=TITLES)
    return str(caught.value)


def test_the_data_folder_is_the_test_home(siatka_home: Path) -> None:
    assert data_dir() == siatka_home
    assert saves_dir().parent == siatka_home


def test_a_save_round_trips_to_an_equal_match() -> None:
    match = played()
    again = Match.from_json(match.to_json(), titles=TITLES)
    assert again.state == match.state
    assert again.actions == match.actions
    assert again.log == match.log


def test_atomic_write_leaves_no_temporary_file_and_replaces_whole(tmp_path: Path) -> None:
    target = tmp_path / "saves" / "autosave.json"
    atomic_write_text(target, played(actions=3).to_json())
    atomic_write_text(target, played(actions=6).to_json())
    assert [p.name for p in target.parent.iterdir()] == ["autosave.json"]
    assert len(Match.from_json(target.read_text(encoding="utf-8"), titles=TITLES).actions) == 6


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "autosave.json"
    atomic_write_text(target, "old")

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write_text(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]


def test_the_play_scene_autosaves_every_action_through_the_atomic_writer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game import app as app_module
    from game.scenes import play as play_module
    from game.scenes import play_files
    from game.settings import Settings

    writes: list[Path] = []

    def recording_writer(path: Path, text: str) -> None:
        writes.append(path)
        atomic_write_text(path, text)

    monkeypatch.setattr(play_files, "atomic_write_text", recording_writer)
    app = app_module.App(Settings(language="en"))
    scene = play_module.PlayScene(app, Match(TOY, TOY.default_options(), seed=1), viewer="odd")
    app.reset(scene)
    scene.submit({"type": "pick", "number": 1})
    scene.submit({"type": "confirm"})
    scene.submit({"type": "confirm"})  # refused: nothing to write
    own = scene.save_path
    assert own is not None and own.parent == saves_dir() and own.name.startswith("toy-")
    assert writes == [own, own], "the game's own file, made at its first move"
    assert len(Match.from_json(own.read_bytes(), titles=TITLES).actions) == 2


def test_a_truncated_file_is_refused() -> None:
    text = played().to_json()
    assert "damaged" in refused(text[: len(text) // 2])


def test_garbage_and_hostile_files_are_refused_never_run() -> None:
    assert "damaged" in refused(b"\x80\x04\x95 pickle bytes \x00")
    assert "damaged" in refused("[1, 2, 3]")
    hostile = json.loads(played().to_json())
    hostile["options"] = {"__class__": "os.system", "seats": "rm -rf /"}
    assert "options" in refused(json.dumps(hostile))


def test_a_file_of_another_version_is_refused() -> None:
    record = json.loads(played().to_json())
    record["schema_version"] = 99
    assert "format 99" in refused(json.dumps(record))


def test_a_save_of_an_unknown_title_is_refused() -> None:
    record = json.loads(played().to_json())
    record["title"] = "chess"
    assert "does not know" in refused(json.dumps(record))


def test_an_altered_state_is_refused() -> None:
    record = json.loads(played().to_json())
    record["state"]["score"]["odd"] = 2 if record["state"]["score"]["odd"] != 2 else 1
    assert "altered" in refused(json.dumps(record))


def test_a_state_written_by_an_older_state_format_is_replayed_from_its_moves() -> None:
    """A title's state may change shape between versions: its saves still open, the moves
    replayed through today's rules being the game (nothing of the stored state is used)."""
    match = played()
    record = json.loads(match.to_json())
    record["state"] = {"schema_version": 0, "whatever": "an older shape"}
    again = Match.from_json(json.dumps(record), TITLES)
    assert again.state == match.state and len(again.actions) == len(match.actions)


def test_an_illegal_move_in_the_record_is_refused() -> None:
    record = json.loads(played().to_json())
    record["actions"].insert(0, {"type": "confirm"})
    assert "move 1 is not legal" in refused(json.dumps(record))


def test_peek_shows_public_facts_only() -> None:
    match = played(actions=1)  # "odd" has picked a number in secret
    assert match.state.picks  # type: ignore[attr-defined]
    facts = Match.peek(match.to_json())
    assert set(facts.model_dump()) == {
        "title",
        "scenario",
        "scenario_name",
        "players",
        "saved_at",
        "moves",
        "progress",
        "over",
        "to_act",
    }
    assert facts.scenario_name is None, "a scenario nobody built and named"
    assert facts.title == "toy" and facts.moves == 1
    assert "picks" not in facts.model_dump_json()


class _BuiltOptions(GameOptions):
    """Options of a scenario the players built and named (as Stawka's free scenarios)."""

    def built_scenario_name(self) -> str | None:
        return "Nasza\x07 gra"


def test_a_preview_names_a_built_scenario_as_its_options_say() -> None:
    """The core's preview reads the name a save keeps (`GameOptions.built_scenario_name`),
    never a title's own option: it names no title (issue 33, point 5)."""
    built = Match(TOY, _BuiltOptions(), seed=1)
    record = json.loads(built.to_json())
    assert record["scenario_name"] == "Nasza\x07 gra"
    assert Match.peek(built.to_json()).scenario_name == "Nasza gra", "shown printable"
    assert Match.peek(played(actions=1).to_json()).scenario_name is None
    source = (Path(__file__).resolve().parents[1] / "rules" / "core" / "match.py").read_text(encoding="utf-8")
    assert "free" not in source.replace("freeze", ""), "the core knows no title's options by name"


def test_the_load_list_previews_public_facts_and_marks_damaged_files() -> None:
    from game.app import App
    from game.settings import Settings

    match = played(actions=1)
    saved = saves_dir() / "toy-game.json"
    atomic_write_text(saved, match.to_json())
    broken = saved.parent / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    scene = LoadScene(App(Settings(language="en")))
    when = Match.peek(saved.read_bytes()).saved_at.replace("T", " ")[:16]
    assert scene.preview(saved) == ("Toy", f"— · Odd to play · move 1 · {when}")
    assert scene.preview(broken) is None


def test_a_save_says_how_far_its_game_came_in_public_facts() -> None:
    from rules.stawka.state import StawkaState
    from rules.stawka.title import TITLE as STAWKA

    match = Match(STAWKA, STAWKA.default_options("training-1"), seed=2)
    while isinstance(state := match.state, StawkaState) and state.stage < 2:
        match.act(STAWKA.legal_actions(state)[-1])
    facts = Match.peek(match.to_json())
    assert facts.progress is not None
    assert (facts.progress.key, facts.progress.params) == ("stawka.progress", {"stage": 2})


@pytest.mark.parametrize(
    "progress",
    [
        {"key": "x" * 500, "params": {}},
        {"key": "stawka.progress", "params": {"stage": 10**12}},
        {"key": "stawka.progress", "params": {f"p{i}": 1 for i in range(50)}},
        {"key": "stawka.progress", "params": {"stage": "<b>2</b>"}},
    ],
)
def test_a_hostile_progress_in_a_save_is_refused_as_damage(progress: dict[str, object]) -> None:
    record = json.loads(played().to_json())
    record["progress"] = progress
    with pytest.raises(SaveError) as refused_with:
        Match.peek(json.dumps(record))
    assert refused_with.value.key == "app.save.damaged"
