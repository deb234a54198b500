"""The Stawka content data: counts, the rulebook's numbers, cross-references, the board."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.stawka.content import (
    DATA_DIR,
    assemble_board,
    load_content,
    load_content_from,
)


def test_content_loads_and_validates() -> None:
    content = load_content()
    assert content.scenario("training-1").stages == 8


def test_conversation_examples_numbers() -> None:
    """Conversation, examples 1-3: Jacek and Bruno Dreher rank 3, Ingrid 4, Brunner 8."""
    c = load_content()
    jacek = c.document("jacek")
    assert (jacek.rank, jacek.alertness) == (3, 8)
    # Arrest example: the interrogation total 8 fails, 9 would reach Jacek's single.
    assert jacek.thresholds.single == 9
    brunner = c.document("hermann_brunner")
    assert brunner.rank == 8
    assert (brunner.thresholds.single, brunner.thresholds.double) == (9, 11)
    ingrid = c.document("ingrid_heizer")
    assert ingrid.rank == 4
    assert [(m.kind, m.amount) for m in ingrid.trait.modifiers] == [("conversation_roll", 2)]
    # Example 3 continued: the German 3 + 5 + 2 (flowers) + 1 (track) = 11 is a secret.
    assert ingrid.thresholds.secret <= 11 < brunner.thresholds.secret
    marta = c.document("marta_becher")
    assert marta.defence == 8


def test_training_1_board_joins_its_two_sectors() -> None:
    c = load_content()
    board = assemble_board(c, c.scenario("training-1").board)
    crossing = [(a, b) for a, b, _ in board.paths if board.sector_of[a] != board.sector_of[b]]
    assert len(crossing) == 2


def test_corrupt_data_file_gives_clear_value_error(tmp_path: Path) -> None:
    for source in DATA_DIR.glob("*.toml"):
        (tmp_path / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    agents = tmp_path / "agents.toml"
    agents.write_text(
        agents.read_text(encoding="utf-8").replace("rank = 3", "rank = 12", 1), encoding="utf-8"
    )
    with pytest.raises(ValueError, match="rank"):
        load_content_from(tmp_path)
