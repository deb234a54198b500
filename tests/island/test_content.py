"""The content data: the rulebook's numbers pinned, our house rules validated, bad edits refused."""

from __future__ import annotations

import doctest
import shutil
from pathlib import Path

import pytest

import rules.island.board
import rules.island.race
from rules.core.content import ContentError, load_data
from rules.island.content import FILES, IslandData, load_content
from rules.island.title import TITLE

DATA = Path(rules.island.board.__file__).resolve().parent / "data"


def test_the_rulebook_counts() -> None:
    """Set-up: "There are 21 Task Cards. 12 Encounter Cards. 55 Transport Cards and 55 Equipment Cards"; "10
    chips"; "(2 per colour)"; "two cards from the stack"; "No player may play more than 2 Transport cards
    in a round"; "the three nearest airports"."""
    data = load_content()
    assert len(data.tasks) == 21
    assert data.encounter.friendship == data.encounter.hostility == 6
    assert len(data.transport_deck()) == 55 and len(data.equipment_deck()) == 55
    assert sorted({kind.card for kind in data.transport}) == ["boat", "car", "car+1", "car+2", "helicopter"]
    assert data.setup.chips_per_agent == 10 and data.setup.reserve_per_colour == 2
    assert data.setup.equipment_at_start == 2
    assert data.movement.transport_cards_per_turn == 2 and data.movement.helicopter_choices == 3


def test_the_board_has_what_the_rulebook_names() -> None:
    """ "any start space - one with an "S"", gasoline stations, airports, harbours, "waterways", and "the
    island in the middle" reached along "the dotted black lines"."""
    board = load_content().board
    kinds = set(board.fields)
    assert {"start", "station", "airport", "harbour", "water"} <= kinds
    assert board.fields.count("start") == 6
    assert any("island" in line.ends for line in board.lines)


def test_every_file_says_what_is_the_rulebooks_and_what_is_ours() -> None:
    for name in FILES:
        head = (DATA / name).read_text(encoding="utf-8")[:3000]
        assert head.startswith("#") and "OURS" in head and "rulebook" in head, name


def test_content_check_counts() -> None:
    assert TITLE.content_summary() == {
        "fields": 48,
        "boat lines": 9,
        "task cards": 21,
        "transport cards": 55,
        "equipment cards": 55,
    }


@pytest.mark.parametrize(
    ("file", "old", "new", "problem"),
    [
        (
            "cards.toml",
            'id = "3a", code = 3, needs = [2, 2]',
            'id = "3a", code = 3, needs = [2, 1, 1]',
            "at most 2",
        ),
        ("cards.toml", 'card = "boat"\ncount = 16', 'card = "boat"\ncount = 15', "55 transport"),
        ("cards.toml", 'id = "6c", code = 6', 'id = "6c", code = 5', "codes 3/4/5/6"),
        ("rules.toml", "4 = { 3 = 3, 4 = 6 }", "4 = { 3 = 3, 4 = 5 }", "nine|9 task"),
        ("board.toml", "{ ends = [7, 15], length = 2 }", "{ ends = [8, 15], length = 2 }", "not a harbour"),
        ("rules.toml", "difference = 0\nchips = 0", "difference = 0\nchips = 1", "equal combat values"),
    ],
)
def test_a_bad_edit_is_refused_naming_the_file(
    tmp_path: Path, file: str, old: str, new: str, problem: str
) -> None:
    for name in FILES:
        shutil.copy(DATA / name, tmp_path / name)
    text = (tmp_path / file).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(ContentError, match=problem) as caught:
        load_data(IslandData, tmp_path, FILES)
    assert caught.value.file == file


@pytest.mark.parametrize("module", [rules.island.board, rules.island.race])
def test_the_docstring_examples_run(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0
