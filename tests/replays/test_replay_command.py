"""`python -m game replay FILE` (issue 32, point 4): the number of actions, the final digest
(the one the tests use) and the outcome after replaying through the rules; a file it cannot
replay gets one line and exit code 2."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.__main__ import main
from rules.core import Match
from rules.core.replay import state_digest
from rules.registry import TITLES
from tests.replays.games import played


def a_game(title_id: str = "doppelnull", seed: int = 3, limit: int = 5000) -> Match:
    return played(title_id, TITLES[title_id].default_options(None), seed, limit)


def test_replay_prints_the_actions_the_digest_and_the_outcome(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = a_game("island", seed=4)
    path = tmp_path / "island.json"
    path.write_text(match.to_json(), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    outcome = match.outcome()
    assert outcome is not None
    assert printed == {
        "title": "island",
        "scenario": None,
        "actions": len(match.actions),
        "digest": state_digest(match.title, match.state),
        "over": True,
        "outcome": outcome.model_dump(mode="json"),
    }
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"island: {len(match.actions)} actions, digest ")


def test_an_unfinished_game_replays_with_no_outcome(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = a_game(limit=12)
    path = tmp_path / "going.json"
    path.write_text(match.to_json(), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert (printed["actions"], printed["over"], printed["outcome"]) == (12, False, None)


def _refused(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["replay", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, err
    assert err.startswith("replay: ")
    return err.strip()


def spoilt_versions(text: str) -> dict[str, str]:
    """Ways a file can fail to be a game, by what is wrong with it."""
    record = json.loads(text)
    illegal = dict(record, actions=[*record["actions"], record["actions"][0]])
    altered = dict(record, state={**record["state"], "rng": record["state"]["rng"] + 1})
    deep = "[" * 100_000 + "]" * 100_000
    return {
        "damaged": text[: len(text) // 2],
        "an illegal move": json.dumps(illegal),
        "altered": json.dumps(altered),
        "too deep": f'{{"schema_version": 1, "title": "doppelnull", "options": {deep}}}',
        "not ours": json.dumps({**record, "app": "chess"}),
        "unknown title": json.dumps({**record, "title": "chess"}),
    }


@pytest.mark.parametrize(
    "spoilt", ["damaged", "an illegal move", "altered", "too deep", "not ours", "unknown title"]
)
def test_replay_refuses_a_file_it_cannot_replay_in_one_line(
    spoilt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "spoilt.json"
    path.write_text(spoilt_versions(a_game(limit=20).to_json())[spoilt], encoding="utf-8")
    assert _refused(path, capsys).startswith(f"replay: {path}: ")


def test_replay_refuses_what_is_no_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _refused(tmp_path / "missing.json", capsys).startswith("replay: cannot read ")
    assert _refused(tmp_path, capsys).startswith("replay: cannot read ")
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(25_000_000)
    assert _refused(huge, capsys) == f"replay: cannot read {huge}: the file is far too large"
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.json"
        os.mkfifo(fifo)
        assert _refused(fifo, capsys).startswith("replay: cannot read ")  # refused, not waited on
