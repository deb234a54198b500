"""Queen of Spies on the shared core: content through the shared loader."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.core.content import ContentError, load_data
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.content import DATA_DIR, DATA_FILES, Content, content


def test_the_stories_are_read_from_the_data() -> None:
    assert TITLE.scenarios == tuple(s.id for s in content().stories)
    assert TITLE.default_options().scenario == content().stories[0].id


def test_a_broken_data_file_is_named_by_the_shared_loader(tmp_path: Path) -> None:
    for name in DATA_FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    assert load_data(Content, tmp_path, DATA_FILES) == content()
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
